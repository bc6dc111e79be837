"""`make bench`, Trek 12: bot strength per base map over 1000 seeded solo games, heap for a whole
game with UI on the largest map, work per action (legal listing, apply, bot decision, final
scoring) and e-ink bytes per cursor move and per round (the figures of issue 8).

    .venv/bin/python tools/bench_trek12.py [--parts strength,heap,work,panel] [--build DIR]
"""

import bench_common  # noqa: F401  (first: it puts the firmware and the simulator on the path)

# isort: split
import time

from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.trek12 import maps as trek12_maps

from bench_common import (
    DEVICE_PER_CPYTHON,
    LineCounter,
    Section,
    bot_game,
    bot_turns,
    describe,
    heap_pair,
    per_action_lines,
    refreshes_by_round,
    score_summary,
    scripted_refreshes,
)

BASE_MAPS = ("dunai", "kagkot", "dhaulagiri")
GAMES_PER_MAP = 1000
# The bot's weights were tuned on seeds 1000-1099: strength is measured well away from them.
FIRST_SEED = 500000
THRESHOLDS = (65, 70, 75)


def solo_scores(map_id, games=GAMES_PER_MAP):
    scores = []
    for index in range(games):
        options = {"players": 1, "bots": 1, "map": map_id}
        scores.append(bot_game(load("trek12"), options, FIRST_SEED + index).state.scores()[0])
    return scores


def strength_line(map_id):
    scores = solo_scores(map_id)
    average, median, shares = score_summary(scores, THRESHOLDS)
    summit = trek12_maps.load(map_id).summit
    return "  %-10s summit %d: mean %.1f, median %.1f, %s" % (
        map_id,
        summit,
        average,
        median,
        shares,
    )


def largest_map():
    sizes = [(trek12_maps.load(map_id).size, map_id) for map_id in trek12_maps.MAP_IDS]
    return max(sizes)[1]


def work_per_action(map_id, players=1, seed=FIRST_SEED):
    """Firmware lines per legal listing, apply, bot decision, and for the final scoring."""
    session = Session.start(
        load("trek12"), {"players": players, "bots": players, "map": map_id}, seed
    )
    counter = LineCounter()
    listing, applying, deciding = [], [], []
    decide_seconds = 0.0
    for seat in bot_turns(session):
        lines, _legal = counter.measure(session.state.legal_actions, seat)
        listing.append(lines)
        lines, action = counter.measure(session.bot_action, seat)
        deciding.append(lines)
        started = time.perf_counter()
        session.bot_action(seat)
        decide_seconds += time.perf_counter() - started
        lines, _ = counter.measure(session.apply, seat, action)
        applying.append(lines)
    state = session.state
    state._scores = [None] * state.players  # score from scratch, as at the end of a game
    scoring, _ = counter.measure(lambda: [state.breakdown(s) for s in range(state.players)])
    return {
        "listing": listing,
        "applying": applying,
        "deciding": deciding,
        "scoring": scoring,
        "decide_ms_device": 1000 * DEVICE_PER_CPYTHON * decide_seconds / len(deciding),
    }


def panel_traffic():
    """Refreshes of cursor moves (operation and circle) and of round 2 of a 2-player game."""
    start = "DOWN DOWN OK OK OK"  # menu -> Trek 12 -> start (1 player) -> roll
    options = {"players": 2, "bots": 0}
    rounds = refreshes_by_round("sim296", "trek12", options, 7, lambda state: state.round)
    return {
        "op": scripted_refreshes("sim296", start + " DOWN DOWN", 7)[-2:],
        "circle": scripted_refreshes("sim296", start + " OK DOWN DOWN", 7)[-2:],
        "round": rounds.get(1, []),
    }


# --- the report ---------------------------------------------------------------------------------
def strength_lines():
    lines = ["  bot strength, %d seeded solo games per map:" % GAMES_PER_MAP]
    for map_id in BASE_MAPS:
        lines.append(strength_line(map_id))
    return lines


def heap_lines():
    biggest = largest_map()
    return [
        "  smallest heap, whole 6-player game with UI on %s (sim296): %sK plain, %swK"
        % ((biggest,) + heap_pair("sim296", 6, 5, game="trek12", level="map=" + biggest))
    ]


def work_lines():
    work = work_per_action(largest_map())
    names = (("listing", "listing"), ("applying", "applying"), ("deciding", "deciding"))
    lines = per_action_lines(work, names, 9)
    lines.append("  bot decision ~%.1f ms on device" % work["decide_ms_device"])
    lines.append("  final scoring, one sheet: %d lines" % work["scoring"])
    return lines


def panel_lines():
    traffic = panel_traffic()
    lines = []
    for name in ("op", "circle"):
        _count, _full, sent, region = describe(traffic[name])
        lines.append(
            "  e-ink, %s cursor move: %d bytes sent for a %d-byte changed region"
            % (name, sent, region)
        )
    count, full, _sent, _region = describe(traffic["round"])
    lines.append(
        "  e-ink, one round of 2 players: %d refreshes (%d full), %d bytes sent"
        % (count, full, sum([item[2] for item in traffic["round"]]))
    )
    return lines


SECTION = Section("Trek 12", strength_lines, heap_lines, work_lines, panel_lines)
report = SECTION.report  # what `make bench` calls

if __name__ == "__main__":
    SECTION.main()
