"""`make bench`, Trek 12: bot strength per base map over 1000 seeded solo games, heap for a whole
game with UI on the largest map, work per action (legal listing, apply, bot decision, final
scoring) and e-ink bytes per cursor move and per round (the figures of issue 8)."""

import asyncio
import tempfile
import time

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import trek12, trek12_maps
from hostsim import script
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

from bench_common import DEVICE_PER_CPYTHON, LineCounter, score_summary, smallest_heap

BASE_MAPS = ("dunai", "kagkot", "dhaulagiri")
GAMES_PER_MAP = 1000
# The bot's weights were tuned on seeds 1000-1099: strength is measured well away from them.
FIRST_SEED = 500000
THRESHOLDS = (65, 70, 75)


def solo_scores(map_id, games=GAMES_PER_MAP):
    scores = []
    for index in range(games):
        options = {"players": 1, "bots": 1, "map": map_id}
        session = Session.start(trek12, options, FIRST_SEED + index, keep_history=False)
        while session.actors():
            if session.actors() == [CHANCE]:
                session.roll()
            else:
                session.apply(0, session.bot_action(0))
        scores.append(session.state.scores()[0])
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
    session = Session.start(trek12, {"players": players, "bots": players, "map": map_id}, seed)
    counter = LineCounter()
    listing, applying, deciding = [], [], []
    decide_seconds = 0.0
    while session.actors():
        actors = session.actors()
        if actors == [CHANCE]:
            session.roll()
            continue
        seat = actors[0]
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


def _refreshes(keys_script):
    with tempfile.TemporaryDirectory() as data:
        device = SimDevice("sim296", data, seed=7)
        seen = []
        device.app.on_refresh = lambda app: seen.append(app.last_refresh)
        asyncio.run(play(device, script.parse(keys_script), None))
    return seen


def panel_traffic():
    """Bytes sent for cursor moves (operation and circle) and for one round of a 2-player
    game, with the changed region beside them."""
    start = "DOWN DOWN OK OK OK"  # menu -> Trek 12 -> start (1 player) -> roll
    op_moves = _refreshes(start + " DOWN DOWN")[-2:]
    circle_moves = _refreshes(start + " OK DOWN DOWN")[-2:]
    with tempfile.TemporaryDirectory() as data:
        device = SimDevice("sim296", data, seed=7)
        rounds = {}

        def on_refresh(app):
            state = app.shell.game_state()
            if state is not None:
                rounds.setdefault(state.round, []).append(app.last_refresh)

        device.app.on_refresh = on_refresh
        asyncio.run(play(device, [], Autopilot("trek12", {"players": 2, "bots": 0})))
        round_two = rounds.get(1, [])
    return {
        "op": op_moves,
        "circle": circle_moves,
        "round": round_two,
    }


def _mean_bytes(items):
    return sum([item[2] for item in items]) // max(1, len(items))


def _mean_region(items):
    return sum([item[1][2] * item[1][3] // 8 for item in items]) // max(1, len(items))


def report():
    print("Trek 12")
    print("  bot strength, %d seeded solo games per map:" % GAMES_PER_MAP)
    for map_id in BASE_MAPS:
        print(strength_line(map_id))
    biggest = largest_map()
    option = "map=" + biggest
    plain = smallest_heap("sim296", 6, 5, game="trek12", level=option)
    scaled = smallest_heap("sim296", 6, 5, "wK", game="trek12", level=option)
    print(
        "  smallest heap, whole 6-player game with UI on %s (sim296): %sK plain, %swK"
        % (biggest, plain or ">1024", scaled or ">1024")
    )
    work = work_per_action(biggest)
    for name in ("listing", "applying", "deciding"):
        values = work[name]
        print(
            "  %-9s mean %d, max %d firmware lines per action"
            % (name, sum(values) // len(values), max(values))
        )
    print("  bot decision ~%.1f ms on device" % work["decide_ms_device"])
    print("  final scoring, one sheet: %d lines" % work["scoring"])
    traffic = panel_traffic()
    for name in ("op", "circle"):
        moves = traffic[name]
        print(
            "  e-ink, %s cursor move: %d bytes sent for a %d-byte changed region"
            % (name, _mean_bytes(moves), _mean_region(moves))
        )
    round_two = traffic["round"]
    print(
        "  e-ink, one round of 2 players: %d refreshes (%d full), %d bytes sent"
        % (
            len(round_two),
            len([item for item in round_two if item[0] == 2]),
            sum([item[2] for item in round_two]),
        )
    )
