"""`make bench`, Dice Trip: heap for a whole 4-player game with UI, work per action (the legal
options a person is offered, apply, route scoring, the hint, a sheet render) and e-ink bytes per
cursor move and per round (the figures of issue 5)."""

import time

import framebuf

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import dicetrip
from dicetable.games import dicetrip_route as route
from dicetable.ui import keys, sheet_dicetrip
from dicetable.ui.play_dicetrip import CITY, NUMBER, DiceTripPlayScreen

from bench_common import (
    DEVICE_PER_CPYTHON,
    Explorer,
    LineCounter,
    describe,
    explored_refreshes,
    mean,
    refreshes_by_round,
    smallest_heap,
)

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


def panel_traffic(board="sim296"):
    """Refreshes after labelled cursor moves (2 people and a bot), and every refresh of the
    second round in a game of 2 people and a bot."""
    explorer = Explorer(
        "dicetrip",
        {"players": 3, "bots": 1},
        DiceTripPlayScreen,
        {
            NUMBER: (("number", keys.DOWN), ("number", keys.DOWN)),
            CITY: (("city", keys.RIGHT), ("city", keys.RIGHT)),
        },
    )
    moves = explored_refreshes(board, explorer, ("number", "city"), _SEED)
    rounds = refreshes_by_round(
        board, "dicetrip", {"players": 3, "bots": 1}, _SEED, lambda state: state.round
    )
    moves["round"] = rounds.get(1, [])
    return moves


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
            % (label, mean(values), max(values))
        )
    print(
        "  route scoring, one full sheet: %d lines (~%.2f ms on device)"
        % (work["scoring"], work["scoring_ms_device"])
    )
    print("  hint ~%.1f ms on device (mean)" % work["hint_ms_device"])
    traffic = panel_traffic()
    for name in ("number", "city"):
        count, full, sent, region = describe(traffic[name])
        print(
            "  e-ink, %s cursor move: %d bytes sent for a %d-byte changed region "
            "(%d moves, %d full)" % (name, sent, region, count, full)
        )
    count, full, _sent, _region = describe(traffic["round"])
    print(
        "  e-ink, round 2 of 2 people and a bot: %d refreshes (%d full), %d bytes sent"
        % (count, full, sum([item[2] for item in traffic["round"]]))
    )
