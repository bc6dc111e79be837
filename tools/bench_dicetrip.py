"""`make bench`, Dice Trip: heap for a whole 4-player game with UI, work per action (the legal
options a person is offered, apply, route scoring, the hint, a sheet render) and e-ink bytes per
cursor move and per round (the figures of issue 5)."""

import asyncio
import tempfile
import time

import framebuf

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import dicetrip
from dicetable.games import dicetrip_route as route
from dicetable.ui import keys, sheet_dicetrip
from dicetable.ui.play_dicetrip import CITY, NUMBER, DiceTripPlayScreen
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

from bench_common import DEVICE_PER_CPYTHON, LineCounter, smallest_heap

_SEED = 7
_PANEL = (296, 128)


def _listing(state, seat):
    """What the screen asks the engine for one placement: the numbers, then the cities of the
    first (the legal_actions listing is measured apart)."""
    options = state.number_options(seat)
    if options:
        state.city_options(seat, options[0][1], options[0][2])
    return options


def work_per_action(players=4):
    """Firmware lines per legal listing, staged listing, apply, hint and sheet render over one
    game of bots, and for scoring a full sheet from scratch."""
    options = {"players": players, "bots": players}
    session = Session.start(dicetrip, options, _SEED)
    counter = LineCounter()
    work = {"legal": [], "staged": [], "apply": [], "hint": [], "render": []}
    width, height = _PANEL
    buffer = bytearray((width + 7) // 8 * height)
    fb = framebuf.FrameBuffer(buffer, width, height, framebuf.MONO_HLSB)
    view = {"seat": 0, "prompt": "P1: number 1 of 2", "choices": ["12 red+yellow"] * 8}
    hint_seconds = 0.0
    while session.actors():
        actors = session.actors()
        if actors == [CHANCE]:
            session.roll()
            continue
        seat = actors[0]
        state = session.state
        work["legal"].append(counter.measure(state.legal_actions, seat)[0])
        if state.placements_left(seat):
            work["staged"].append(counter.measure(_listing, state, seat)[0])
        lines, action = counter.measure(dicetrip.hint, state, seat)
        work["hint"].append(lines)
        started = time.perf_counter()
        dicetrip.hint(state, seat)
        hint_seconds += time.perf_counter() - started
        view["seat"] = seat
        work["render"].append(
            counter.measure(sheet_dicetrip.draw, fb, width, height, state, view)[0]
        )
        work["apply"].append(counter.measure(session.apply, seat, action)[0])
    state = session.state
    board = state.board
    lines, _ = counter.measure(
        route.score_sheet, board, state.values[0], state.ticks[0], state.chains
    )
    started = time.perf_counter()
    route.score_sheet(board, state.values[0], state.ticks[0], state.chains)
    score_seconds = time.perf_counter() - started
    work["scoring"] = lines
    work["hint_ms_device"] = 1000 * DEVICE_PER_CPYTHON * hint_seconds / len(work["hint"])
    work["scoring_ms_device"] = 1000 * DEVICE_PER_CPYTHON * score_seconds
    return work


class _Explorer:
    """The autopilot, except that at each person's number list and city cursor it first
    presses two arrows (labelled, so their refreshes can be told apart), then follows the
    advice as usual."""

    def __init__(self, options):
        self.pilot = Autopilot("dicetrip", options)
        self.finished = False
        self.label = None
        self.seen = []
        self.pending = []

    def next_key(self, shell):
        self.label = None
        if self.pending:
            self.label, key = self.pending.pop()
            return key
        screen = shell.screen
        if isinstance(screen, DiceTripPlayScreen) and screen.stage in (NUMBER, CITY):
            visit = (screen.session.state.action_count, screen.stage)
            if visit not in self.seen:
                self.seen.append(visit)
                if screen.stage == NUMBER:
                    self.pending = [("number", keys.DOWN), ("number", keys.DOWN)]
                else:
                    self.pending = [("city", keys.RIGHT), ("city", keys.RIGHT)]
                self.label, key = self.pending.pop()
                return key
        key = self.pilot.next_key(shell)
        self.finished = self.pilot.finished
        return key


def panel_traffic(board="sim296"):
    """Refreshes after number-list and city cursor moves (2 people and a bot), and every
    refresh of round 2 in a game of 2 people and a bot following the advice."""
    moves = {"number": [], "city": []}
    with tempfile.TemporaryDirectory() as data:
        device = SimDevice(board, data, seed=_SEED)
        explorer = _Explorer({"players": 3, "bots": 1})

        def on_move(app):
            if explorer.label is not None:
                moves[explorer.label].append(app.last_refresh)

        device.app.on_refresh = on_move
        asyncio.run(play(device, [], explorer))
    rounds = {}
    with tempfile.TemporaryDirectory() as data:
        device = SimDevice(board, data, seed=_SEED)

        def on_refresh(app):
            state = app.shell.game_state()
            if state is not None:
                rounds.setdefault(state.round, []).append(app.last_refresh)

        device.app.on_refresh = on_refresh
        asyncio.run(play(device, [], Autopilot("dicetrip", {"players": 3, "bots": 1})))
    moves["round"] = rounds.get(1, [])
    return moves


def _mean(values):
    return sum(values) // max(1, len(values))


def _describe(items):
    """(refreshes, full ones, mean bytes sent, mean changed-region bytes)."""
    full = len([item for item in items if item[0] == 2])
    sent = _mean([item[2] for item in items])
    region = _mean([item[1][2] * item[1][3] // 8 for item in items])
    return len(items), full, sent, region


def report():
    print("Dice Trip: Belgium")
    plain = smallest_heap("sim296", 4, 3, game="dicetrip", level="-")
    scaled = smallest_heap("sim296", 4, 3, "wK", game="dicetrip", level="-")
    print(
        "  smallest heap, whole 4-player game with UI (1 person, sim296): %sK plain, %swK"
        % (plain or ">1024", scaled or ">1024")
    )
    work = work_per_action()
    names = (
        ("legal", "legal_actions"),
        ("staged", "number+city options"),
        ("apply", "apply"),
        ("hint", "hint (bot)"),
        ("render", "sheet render"),
    )
    for key, label in names:
        values = work[key]
        print(
            "  %-20s mean %d, max %d firmware lines per action"
            % (label, _mean(values), max(values))
        )
    print(
        "  route scoring, one full sheet: %d lines (~%.2f ms on device)"
        % (work["scoring"], work["scoring_ms_device"])
    )
    print("  hint ~%.1f ms on device (mean)" % work["hint_ms_device"])
    traffic = panel_traffic()
    for name in ("number", "city"):
        count, full, sent, region = _describe(traffic[name])
        print(
            "  e-ink, %s cursor move: %d bytes sent for a %d-byte changed region "
            "(%d moves, %d full)" % (name, sent, region, count, full)
        )
    count, full, _sent, _region = _describe(traffic["round"])
    print(
        "  e-ink, round 2 of 2 people and a bot: %d refreshes (%d full), %d bytes sent"
        % (count, full, sum([item[2] for item in traffic["round"]]))
    )
