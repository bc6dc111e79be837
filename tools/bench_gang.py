"""`make bench`, Gang of Dice: heap for a whole 4-player game with UI, work per bot decision and
per rules action, LED bytes per roll (the figures of issue 3)."""

import asyncio
import os
import tempfile
import time

import machine

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.gang import rules as gang
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play
from hostsim.replay import replay_file

from bench_common import DEVICE_PER_CPYTHON, LineCounter, heap_pair

_SEED = 7


def bot_work(strength):
    """Firmware lines per bot decision and per rules action over one 4-bot game."""
    options = {"players": 4, "bots": 4, "strength": strength}
    session = Session.start(load("gang"), options, _SEED)
    counter = LineCounter()
    decisions, rules = [], []
    while session.actors():
        actors = session.actors()
        if actors == [CHANCE]:
            lines, _ = counter.measure(session.roll)
            rules.append(lines)
            continue
        seat = actors[0]
        lines, action = counter.measure(session.bot_action, seat)
        decisions.append(lines)
        lines, _ = counter.measure(session.apply, seat, action)
        rules.append(lines)
    # Untraced: the same decisions again, each timed alone, for a device estimate.
    replay = Session.start(load("gang"), options, _SEED)
    seconds = 0.0
    for seat, action in session.state.history:
        if seat != CHANCE:
            started = time.perf_counter()
            replay.bot_action(seat)
            seconds += time.perf_counter() - started
        replay.apply(seat, action)
    seconds /= max(1, len(decisions))
    return {
        "decisions": len(decisions),
        "decision_mean": sum(decisions) // len(decisions),
        "decision_max": max(decisions),
        "rules_mean": sum(rules) // len(rules),
        "rules_max": max(rules),
        "decision_ms_device": 1000 * DEVICE_PER_CPYTHON * seconds,
    }


def led_traffic(board="sim296"):
    """LED frames and bytes sent per roll in a whole 4-player game (one person, three bots):
    the roll animation, the dice, and the pages cycled while more dice are out than fit."""
    with tempfile.TemporaryDirectory() as data:
        device = SimDevice(board, data, seed=_SEED)
        pin = device.board["matrix"]["pin"]
        asyncio.run(play(device, [], Autopilot("gang", {"players": 4, "bots": 3})))
        frames, last, _listeners = machine._streams[pin]
        replayed, _report = replay_file(os.path.join(data, "last.jnl"))
    rolls = 0
    for seat, action in replayed.state.history:
        if seat != CHANCE and (gang.COMMIT_BASE < action < gang.STOP or action == gang.REROLL):
            rolls += 1
    return {
        "rolls": rolls,
        "frames_per_roll": frames / rolls,
        "bytes_per_roll": frames * len(last) // rolls,
        "frame_bytes": len(last),
    }


def report():
    print("Gang of Dice")
    print(
        "  smallest heap, whole 4-player game with UI (sim296): %sK plain, %swK"
        % heap_pair("sim296", 4, 3, game="gang", level="-")
    )
    for strength in gang.STRENGTHS:
        work = bot_work(strength)
        print(
            "  %-8s bot, 4 players, %d decisions: mean %d lines, max %d (~%.1f ms on device);"
            " rules mean %d, max %d lines per action"
            % (
                strength,
                work["decisions"],
                work["decision_mean"],
                work["decision_max"],
                work["decision_ms_device"],
                work["rules_mean"],
                work["rules_max"],
            )
        )
    traffic = led_traffic()
    print(
        "  LEDs (8x8, %d bytes a frame): %d rolls, %.1f frames and %d bytes per roll"
        % (
            traffic["frame_bytes"],
            traffic["rolls"],
            traffic["frames_per_roll"],
            traffic["bytes_per_roll"],
        )
    )
