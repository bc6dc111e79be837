"""`make bench`, Christmas On Track: the bot's scores, heap for a whole game with UI (sheets and
dice-only), work per action (the staged options a person is offered, the full legal listing of
host tools, apply, the hint, a sheet render, final scoring) and e-ink bytes per cursor move and
per turn (the figures of issue 4)."""

import time

import framebuf

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import ontrack
from dicetable.ui import keys, sheet_ontrack
from dicetable.ui.ontrack_choice import DIE, TILE, WAY
from dicetable.ui.play_ontrack import OnTrackPlayScreen

from bench_common import (
    DEVICE_PER_CPYTHON,
    Explorer,
    LineCounter,
    describe,
    explored_refreshes,
    mean,
    refreshes_by_round,
    score_summary,
    smallest_heap,
)

_SEED = 7
_PANEL = (296, 128)
SOLO_GAMES = 200
FIRST_SEED = 500000  # away from the seeds the bot was tuned on
THRESHOLDS = (20, 25, 30)


def solo_scores(games=SOLO_GAMES):
    scores = []
    for index in range(games):
        session = Session.start(ontrack, {"players": 1, "bots": 1}, FIRST_SEED + index)
        session.state.history = None
        while session.actors():
            if session.actors() == [CHANCE]:
                session.roll()
            else:
                session.apply(0, session.bot_action(0))
        scores.append(session.state.scores()[0])
    return scores


def _staged(state, seat):
    """What the screen asks the engine for one piece: the dice (and merges, stars), the first
    die's pieces, the tiles of the first piece, the ways on the first tile."""
    dice = state.legal_dice(seat)
    state.legal_merges(seat)
    state.legal_spends(seat)
    if dice:
        pieces = state.legal_pieces(seat, dice[0])
        tiles = state.legal_tiles(seat, pieces[0])
        state.legal_connections(seat, pieces[0], tiles[0])
    return dice


def _tile_view(state, seat, action):
    """The play screen's view while the cursor's tile shows `action`'s piece (the heaviest
    drawing: inverted tile, preview and the enlarged tile)."""
    view = {"seat": seat, "prompt": "P1: choose a tile", "choices": [], "cursor": -1}
    view["die"] = -1
    view["tile"] = -1
    view["preview"] = None
    view["detail"] = ["D4: red track (curve)", "then the way (6)"]
    if action >= ontrack.PLACE_BASE:
        die, colour, tile, part = ontrack.place_parts(action)
        view["die"], view["tile"], view["preview"] = die, tile, (tile, part, colour)
    return view


def work_per_action(players=2):
    """Firmware lines per legal listing, staged listing, apply, hint, sheet render (the first
    after a move, and a redraw after a cursor move) over one game of bots, and for scoring a
    full sheet from scratch. Render times are not estimated: on the host, framebuf is Python."""
    session = Session.start(ontrack, {"players": players, "bots": players}, _SEED)
    counter = LineCounter()
    work = {"legal": [], "staged": [], "apply": [], "hint": [], "render": [], "redraw": []}
    width, height = _PANEL
    fb = framebuf.FrameBuffer(
        bytearray((width + 7) // 8 * height), width, height, framebuf.MONO_HLSB
    )
    hint_seconds = 0.0
    while session.actors():
        actors = session.actors()
        if actors == [CHANCE]:
            session.roll()
            continue
        seat = actors[0]
        state = session.state
        work["legal"].append(counter.measure(state.legal_actions, seat)[0])
        work["staged"].append(counter.measure(_staged, state, seat)[0])
        lines, action = counter.measure(ontrack.hint, state, seat)
        work["hint"].append(lines)
        started = time.perf_counter()
        ontrack.hint(state, seat)
        hint_seconds += time.perf_counter() - started
        view = _tile_view(state, seat, action)
        work["render"].append(
            counter.measure(sheet_ontrack.draw, fb, width, height, state, view)[0]
        )
        # A cursor move draws the same sheet again: the score and dead ends are kept.
        work["redraw"].append(
            counter.measure(sheet_ontrack.draw, fb, width, height, state, view)[0]
        )
        work["apply"].append(counter.measure(session.apply, seat, action)[0])
    state = session.state
    state._scores = [None] * state.players  # score from scratch, as at the end of a game
    work["scoring"], _ = counter.measure(state.breakdown, 0)
    state._scores = [None] * state.players
    started = time.perf_counter()
    state.breakdown(0)
    work["scoring_ms_device"] = 1000 * DEVICE_PER_CPYTHON * (time.perf_counter() - started)
    work["hint_ms_device"] = 1000 * DEVICE_PER_CPYTHON * hint_seconds / len(work["hint"])
    return work


def panel_traffic(board="sim296"):
    """Refreshes after labelled cursor moves (2 people and a bot), and every refresh of the
    second turn in a game of 2 people and a bot."""
    explorer = Explorer(
        "ontrack",
        {"players": 3, "bots": 1},
        OnTrackPlayScreen,
        {
            DIE: (("die", keys.DOWN), ("die", keys.DOWN)),
            TILE: (("tile", keys.DOWN), ("tile", keys.RIGHT)),
            WAY: (("way", keys.DOWN), ("way", keys.DOWN)),
        },
    )
    moves = explored_refreshes(board, explorer, ("die", "tile", "way"), _SEED)
    rounds = refreshes_by_round(
        board, "ontrack", {"players": 3, "bots": 1}, _SEED, lambda state: state.turn
    )
    moves["turn"] = rounds.get(1, [])
    return moves


def strength_line():
    scores = solo_scores()
    average, median, shares = score_summary(scores, THRESHOLDS)
    return "  bot, %d seeded solo games: mean %.1f, median %.1f, %s" % (
        len(scores),
        average,
        median,
        shares,
    )


def report():
    print("Christmas On Track")
    print(strength_line())
    for label, players, bots, option in (
        ("6-player game with UI (1 person)", 6, 5, "-"),
        ("dice-only game (2 people)", 2, 0, "mode=dice"),
    ):
        plain = smallest_heap("sim296", players, bots, game="ontrack", level=option)
        scaled = smallest_heap("sim296", players, bots, "wK", game="ontrack", level=option)
        print(
            "  smallest heap, whole %s (sim296): %sK plain, %swK"
            % (label, plain or ">1024", scaled or ">1024")
        )
    work = work_per_action()
    names = (
        ("legal", "legal_actions (host)"),
        ("staged", "staged options"),
        ("apply", "apply"),
        ("hint", "hint (bot)"),
        ("render", "sheet render"),
        ("redraw", "redraw (cursor)"),
    )
    for key, label in names:
        values = work[key]
        print(
            "  %-20s mean %d, max %d firmware lines per action"
            % (label, mean(values), max(values))
        )
    print(
        "  final scoring, one sheet: %d lines (~%.2f ms on device)"
        % (work["scoring"], work["scoring_ms_device"])
    )
    print("  hint ~%.1f ms on device (mean)" % work["hint_ms_device"])
    traffic = panel_traffic()
    for name in ("die", "tile", "way"):
        count, full, sent, region = describe(traffic[name])
        print(
            "  e-ink, %s cursor move: %d bytes sent for a %d-byte changed region "
            "(%d moves, %d full)" % (name, sent, region, count, full)
        )
    count, full, _sent, _region = describe(traffic["turn"])
    print(
        "  e-ink, turn 2 of 2 people and a bot: %d refreshes (%d full), %d bytes sent"
        % (count, full, sum([item[2] for item in traffic["turn"]]))
    )
