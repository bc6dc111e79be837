"""`make bench`, Christmas On Track: the bot's scores, heap for a whole game with UI (sheets and
dice-only), work per action (the staged options a person is offered, the full legal listing of
host tools, apply, the hint, a sheet render, final scoring) and e-ink bytes per cursor move and
refreshes per turn (the figures of issue 4).

Per turn means one shared roll of a game of 2 people and a bot played by the autopilot: how many
refreshes, how many of them full, and how many of those came at a hand-over (the panel turning
to another person's sheet, or to a new turn), where a full refresh is meant to clean the ghosts.

    .venv/bin/python tools/bench_ontrack.py [--parts strength,heap,work,panel] [--build DIR]
"""

import bench_common  # noqa: F401  (first: it puts the firmware and the simulator on the path)

# isort: split
import asyncio
import tempfile
import time

from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.ontrack import bot as ontrack_bot
from dicetable.games.ontrack import rules as ontrack
from dicetable.games.ontrack import sheet as sheet_ontrack
from dicetable.games.ontrack.choice import DIE, TILE, WAY
from dicetable.games.ontrack.play import OnTrackPlayScreen
from dicetable.ui import keys, refresh
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

from bench_common import (
    DEVICE_PER_CPYTHON,
    Explorer,
    LineCounter,
    Section,
    bot_game,
    bot_turns,
    describe,
    explored_refreshes,
    heap_pair,
    mean,
    per_action_lines,
    score_summary,
)

_SEED = 7
_PANEL = (296, 128)
_TABLE = {"players": 3, "bots": 1}  # 2 people and a bot share each roll
SOLO_GAMES = 200
FIRST_SEED = 500000  # away from the seeds the bot was tuned on
THRESHOLDS = (20, 25, 30)


def solo_scores(games=SOLO_GAMES):
    scores = []
    for index in range(games):
        session = bot_game(load("ontrack"), {"players": 1, "bots": 1}, FIRST_SEED + index)
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
    import framebuf  # the shim, on the path once hostsim is imported

    session = Session.start(load("ontrack"), {"players": players, "bots": players}, _SEED)
    counter = LineCounter()
    work = {"legal": [], "staged": [], "apply": [], "hint": [], "render": [], "redraw": []}
    width, height = _PANEL
    fb = framebuf.FrameBuffer(
        bytearray((width + 7) // 8 * height), width, height, framebuf.MONO_HLSB
    )
    hint_seconds = 0.0
    for seat in bot_turns(session):
        state = session.state
        work["legal"].append(counter.measure(state.legal_actions, seat)[0])
        work["staged"].append(counter.measure(_staged, state, seat)[0])
        lines, action = counter.measure(ontrack.hint, state, seat)
        work["hint"].append(lines)
        started = time.perf_counter()
        ontrack_bot.hint(state, seat)
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


def refreshes_per_turn(board, options=_TABLE, seed=_SEED):
    """{turn: [(kind, bytes sent, at a hand-over), ...]} over a whole autopilot game; a refresh is
    at a hand-over when the sheet on the panel belongs to another seat or another turn than the
    one before (turn 0 is the first roll's, the setup screens are left out)."""
    turns = {}
    last = [None]
    with tempfile.TemporaryDirectory() as data:
        device = SimDevice(board, data, seed=seed)

        def on_refresh(app):
            state = app.shell.game_state()
            if state is None:
                return
            sheet = (state.turn, getattr(app.shell.screen, "shown_seat", -1))
            kind, _rect, sent = app.last_refresh
            turns.setdefault(state.turn, []).append((kind, sent, sheet != last[0]))
            last[0] = sheet

        device.app.on_refresh = on_refresh
        asyncio.run(play(device, [], Autopilot("ontrack", options)))
    return turns


def per_turn_figures(turns):
    """(mean refreshes, mean full, most full in a turn, mean bytes, full refreshes at a
    hand-over, full ones elsewhere) per turn of a refreshes_per_turn() game."""
    counts, fulls, sent = [], [], []
    handed = elsewhere = 0
    for turn in sorted(turns):
        items = turns[turn]
        full = [item for item in items if item[0] == refresh.FULL]
        counts.append(len(items))
        fulls.append(len(full))
        sent.append(sum([item[1] for item in items]))
        handed += len([item for item in full if item[2]])
        elsewhere += len([item for item in full if not item[2]])
    count = max(1, len(counts))
    return (
        sum(counts) / count,
        sum(fulls) / count,
        max(fulls),
        mean(sent),
        handed,
        elsewhere,
    )


def panel_traffic(board="sim296"):
    """Refreshes after labelled cursor moves (2 people and a bot), and every refresh of a game
    of 2 people and a bot by turn."""
    explorer = Explorer(
        "ontrack",
        _TABLE,
        OnTrackPlayScreen,
        {
            DIE: (("die", keys.DOWN), ("die", keys.DOWN)),
            TILE: (("tile", keys.DOWN), ("tile", keys.RIGHT)),
            WAY: (("way", keys.DOWN), ("way", keys.DOWN)),
        },
    )
    moves = explored_refreshes(board, explorer, ("die", "tile", "way"), _SEED)
    moves["turns"] = refreshes_per_turn(board)
    return moves


def strength_lines():
    scores = solo_scores()
    average, median, shares = score_summary(scores, THRESHOLDS)
    return [
        "  bot, %d seeded solo games: mean %.1f, median %.1f, %s"
        % (len(scores), average, median, shares)
    ]


def heap_lines():
    lines = []
    for label, players, bots, option in (
        ("6-player game with UI (1 person)", 6, 5, "-"),
        ("dice-only game (2 people)", 2, 0, "mode=dice"),
    ):
        lines.append(
            "  smallest heap, whole %s (sim296): %sK plain, %swK"
            % ((label,) + heap_pair("sim296", players, bots, game="ontrack", level=option))
        )
    return lines


def work_lines():
    work = work_per_action()
    names = (
        ("legal", "legal_actions (host)"),
        ("staged", "staged options"),
        ("apply", "apply"),
        ("hint", "hint (bot)"),
        ("render", "sheet render"),
        ("redraw", "redraw (cursor)"),
    )
    lines = per_action_lines(work, names)
    lines.append(
        "  final scoring, one sheet: %d lines (~%.2f ms on device)"
        % (work["scoring"], work["scoring_ms_device"])
    )
    lines.append("  hint ~%.1f ms on device (mean)" % work["hint_ms_device"])
    return lines


def panel_lines():
    lines = []
    for board in ("sim296", "sim400"):
        traffic = panel_traffic(board)
        for name in ("die", "tile", "way"):
            count, full, sent, region = describe(traffic[name])
            lines.append(
                "  e-ink %s, %s cursor move: %d bytes sent for a %d-byte changed region "
                "(%d moves, %d full)" % (board, name, sent, region, count, full)
            )
        turns = traffic["turns"]
        second = turns.get(1, [])
        full = len([item for item in second if item[0] == refresh.FULL])
        lines.append(
            "  e-ink %s, turn 2 of 2 people and a bot: %d refreshes (%d full), %d bytes sent"
            % (board, len(second), full, sum([item[1] for item in second]))
        )
        count, fulls, most, sent, handed, elsewhere = per_turn_figures(turns)
        lines.append(
            "  e-ink %s, per turn over %d turns: %.1f refreshes, %.1f full (at most %d), "
            "%d bytes; full ones: %d at a hand-over, %d elsewhere"
            % (board, len(turns), count, fulls, most, sent, handed, elsewhere)
        )
    return lines


SECTION = Section("Christmas On Track", strength_lines, heap_lines, work_lines, panel_lines)
report = SECTION.report  # what `make bench` calls

if __name__ == "__main__":
    SECTION.main()
