"""Property tests (CPython, hypothesis) for Dice Trip: sheet invariants under random legal play,
refusals that change nothing and agree with legal_actions, the route against a brute-force
search, replay of every state, the same journals and bot decisions under MicroPython, and the
bots (legal moves only; the careful bot beats the random one)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.dicetrip import bot as dicetrip_bot
from dicetable.games.dicetrip import data, route
from dicetable.games.dicetrip import plan as dicetrip_plan
from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.dicetrip.route import CROSSED, EMPTY

from cross_runtime import assert_micropython_replays
from dicetrip_helpers import hand_board
from props_common import (
    assert_breakdown_adds_up,
    assert_refused_unchanged,
    assert_replay_reproduces,
    bots_game,
    index_draw,
    legal_probes,
    micropython_bot_games,
    play,
    played_journal,
    step_random,
)

options = st.fixed_dictionaries(
    {
        "players": st.integers(1, 4),
        "first": st.integers(0, 3),
        "chains": st.sampled_from(["off", "on"]),
        "mode": st.sampled_from(["play", "play", "play", "dice"]),
    }
)


def _params(opts, bots=False):
    players = opts["players"]
    choice = dict(opts, first=opts["first"] % players)
    if bots and opts["mode"] == "play":
        choice["bots"] = players
    return dicetrip.make_params(choice)


def check_invariants(state):
    size = state.board.size
    for seat in range(state.players):
        if state.dice_only:
            assert state.values[seat].count(EMPTY) == size and not state.moves[seat]
            continue
        values = state.values[seat]
        written = [value for value in values if value > 0]
        assert len(written) == len(set(written))
        for value in written:
            assert 1 <= value // 10 <= 6 and 1 <= value % 10 <= 6
        filled = size - values.count(EMPTY)
        placed_before = 2 * state.round if state.round < data.ROUNDS else 25
        assert filled == min(placed_before, 25) + len(state.moves[seat])
        for city in range(size):
            assert state.ticks[seat][city] in (0, 1)
            if state.ticks[seat][city]:
                assert values[city] > 0
        assert 0 <= state.rerolled[seat] <= data.ROUNDS and 0 <= state.twice[seat] < data.ROUNDS
        if state.rerolled[seat]:
            assert (state.first + state.rerolled[seat] - 1) % state.players == seat
        assert_breakdown_adds_up(state, seat)
    assert sorted(state.to_roll) == state.to_roll
    for die in range(4):
        assert (state.dice[die] == 0) == (die in state.to_roll)


@settings(max_examples=60, deadline=None)
@given(options, st.data())
def test_random_legal_play_keeps_the_sheets_consistent(opts, data_):
    state = dicetrip.new_state(_params(opts))
    draw = index_draw(data_)
    while state.actors():
        step_random(state, draw)
        check_invariants(state)
        for seat in state.actors():
            if seat != CHANCE:
                legal = state.legal_actions(seat)
                assert legal and legal == sorted(set(legal))
    assert state.round == data.ROUNDS
    if opts["mode"] == "play":
        for seat in range(state.players):
            assert EMPTY not in state.values[seat]
        assert state.winners()
    else:
        assert state.scores() == [0] * state.players and state.winners() == []


def _near_miss(action, draw):
    parts = dicetrip.write_parts(action)
    if parts is None:
        return action + (1, -1, 25, 1000)[draw(4)]
    tens, units, city = parts
    field = draw(3)
    if field == 0:
        tens = draw(4)
    elif field == 1:
        units = draw(4)
    else:
        city = draw(30)
    return (tens + 1) * 1000 + (units + 1) * 100 + city


@settings(max_examples=60, deadline=None)
@given(options, st.data())
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(opts, data_):
    state = dicetrip.new_state(_params(opts))
    draw = index_draw(data_)
    while state.actors():
        seat = data_.draw(st.sampled_from([CHANCE, -5, 0, 1, 3, 9]))
        legal = legal_probes(state, seat)
        if legal and data_.draw(st.booleans()):
            action = _near_miss(legal[draw(len(legal))], draw)
        else:
            action = data_.draw(
                st.one_of(st.integers(-10, 5000), st.sampled_from(["x", None, True, 1203.0]))
            )
        if seat in state.actors() and type(action) is int and action in legal:
            if seat != CHANCE:
                assert state.explain_illegal(seat, action) == "that move is allowed"
        else:
            assert_refused_unchanged(state, seat, action)
        step_random(state, draw)


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 4), st.data())
def test_the_placement_check_agrees_with_legal_actions_over_every_code(players, data_):
    state = dicetrip.new_state(dicetrip.make_params({"players": players}))
    draw = index_draw(data_)
    for _ in range(data_.draw(st.integers(0, 120))):
        if not state.actors():
            break
        step_random(state, draw)
    for seat in state.actors():
        if seat == CHANCE:
            continue
        legal = set(state.legal_actions(seat))
        for code in range(0, 4500):
            allowed = state.explain_illegal(seat, code) == "that move is allowed"
            if state.placements_left(seat):
                assert allowed == (code in legal), code
        options = state.number_options(seat)
        for number, tens, units, _twice in options:
            assert number == state.number(tens, units)
            cities = state.city_options(seat, tens, units)
            assert [city for city, _tick in cities] == state.cross_options(seat)
            for city, tick in cities:
                assert dicetrip.write_action(tens, units, city) in legal
                assert tick == state.earns_tick(tens, units, city)
        writes = set()
        for action in legal:
            parts = dicetrip.write_parts(action)
            if parts is not None:
                writes.add(state.number(parts[0], parts[1]))
        assert writes == set(option[0] for option in options)


def _brute_longest(neighbours, values):
    """The longest strictly ascending path by trying every path (small graphs only)."""
    best = 0

    def walk(city, length):
        nonlocal best
        best = max(best, length)
        for other in neighbours[city]:
            if values[other] > values[city]:
                walk(other, length + 1)

    for city in range(len(values)):
        if values[city] > 0:
            walk(city, 1)
    return best


graphs = st.integers(2, 9).flatmap(
    lambda size: st.tuples(
        st.just(size),
        st.lists(
            st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)).filter(
                lambda road: road[0] != road[1]
            ),
            max_size=size * 2,
            unique_by=lambda road: (min(road), max(road)),
        ),
        st.lists(st.sampled_from([EMPTY, CROSSED, 1, 1, 1, 1]), min_size=size, max_size=size),
        st.permutations([10 * t + u for t in range(1, 7) for u in range(1, 7)]),
    )
)


@settings(max_examples=300, deadline=None)
@given(graphs)
def test_longest_route_matches_a_brute_force_search(graph):
    size, roads, kinds, numbers = graph
    board = hand_board(size, roads)
    values = []
    for city in range(size):
        values.append(numbers[city] if kinds[city] == 1 else kinds[city])
    path = route.longest_route(board.neighbours, values)
    assert len(path) == _brute_longest(board.neighbours, values)
    for index in range(len(path)):
        assert values[path[index]] > 0
        if index:
            assert path[index] in board.neighbours[path[index - 1]]
            assert values[path[index]] > values[path[index - 1]]
    ending, starting = route.ascending_lengths(board.neighbours, values)
    for city in range(size):
        if values[city] > 0:
            assert ending[city] >= 1 and starting[city] >= 1
        else:
            assert ending[city] == starting[city] == 0
    assert max(ending + [0]) == len(path) == max(starting + [0])
    for chain in route.chains(board.neighbours, values):
        assert len(chain) >= 2
        for index in range(1, len(chain)):
            assert values[chain[index]] == route.successor(values[chain[index - 1]])
            assert chain[index] in board.neighbours[chain[index - 1]]


def _play(session, steps, draw=None):
    """Bots play; dice-only games (no bots) take the first legal action. Returns to_data()
    after every action."""

    def person(session, actors):
        legal = session.state.legal_actions(actors[0])
        session.apply(actors[0], legal[draw(len(legal)) if draw else 0])

    return play(session, steps, -1, person)


@settings(max_examples=25, deadline=None)
@given(options, st.integers(0, 2**30 - 1), st.integers(1, 200), st.data())
def test_replay_reproduces_every_state(opts, seed, steps, data_):
    draw = index_draw(data_)
    lines = []
    params = _params(opts, bots=True)
    session = Session.start(load("dicetrip"), params, seed, lines.append)
    states = _play(session, steps, draw)
    play_on = lambda going: _play(going, 30)
    cuts = (1, len(states) // 2)
    assert_replay_reproduces(session, lines, states, play_on, cuts, game=dicetrip)


def _journals():
    journals = []
    cases = (
        {"players": 1, "bots": 1},
        {"players": 2, "bots": 2, "strengths": ["careful", "random"], "first": 1},
        {"players": 3, "bots": 3, "chains": "on"},
        {"players": 4, "bots": 4},
        {"players": 3, "mode": "dice"},
    )
    for index in range(len(cases)):
        lines = []
        session = Session.start(load("dicetrip"), cases[index], 4000 + index, lines.append)
        _play(session, 10000, lambda n, lines=lines: (len(lines) * 7) % n)
        assert session.state.is_terminal()
        journals.append((lines, session.state.to_data()))
    return journals


def test_micropython_replays_cpython_journals_identically():
    assert_micropython_replays(_journals())


def test_bots_decide_the_same_on_both_runtimes():
    """MicroPython plays the same 4-player bot game from the same seed: identical journals, so
    every bot decision (plans, values, rerolls) is the same on both runtimes."""
    opts = {"players": 4, "bots": 4, "strengths": ["careful", "careful", "random", "careful"]}
    _session, lines = played_journal(load("dicetrip"), opts, 29, -1, 10000)
    assert micropython_bot_games("dicetrip", [(opts, 29)], actor=-1) == "".join(lines)


# --- bots -------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_bots_and_hints_choose_only_legal_actions(opts, data_):
    opts = dict(opts, mode="play")
    state = dicetrip.new_state(_params(opts))
    draw = index_draw(data_)
    rng_seed = data_.draw(st.integers(0, 2**30 - 1))
    from dicetable.core.rng import Rng

    while state.actors():
        for seat in state.actors():
            if seat == CHANCE:
                continue
            legal = state.legal_actions(seat)
            assert dicetrip_bot.hint(state, seat) in legal
            state.params["strengths"][seat] = "random"
            assert dicetrip_bot.choose(state, seat, Rng(rng_seed)) in legal
            state.params["strengths"][seat] = "careful"
        if data_.draw(st.booleans()):
            seat = state.actors()[0]
            if seat == CHANCE:
                step_random(state, draw)
            else:
                state.apply(seat, dicetrip_bot.hint(state, seat))
        else:
            step_random(state, draw)
    assert dicetrip_bot.hint(state, 0) is None


def test_the_plan_is_a_simple_path_along_roads():
    board = dicetrip.default_board()
    plan = dicetrip_plan.plan_for(board)
    assert len(plan) == 20 and len(set(plan)) == 20
    for index in range(1, len(plan)):
        assert plan[index] in board.neighbours[plan[index - 1]]
    assert dicetrip_plan.plan_for(board) is plan
    assert [dicetrip_plan.rank(n) for n in (11, 16, 21, 66)] == [0, 5, 6, 35]


def test_careful_bot_beats_the_random_bot_and_uses_its_powers():
    wins = 0
    powers = 0
    for seed in range(6):
        for careful in (0, 1):
            strengths = ["random", "random"]
            strengths[careful] = "careful"
            state = bots_game(load("dicetrip"), strengths, seed, -1, 10000)
            if state.winners() == [careful]:
                wins += 1
            if state.twice[careful]:
                powers += 1
    assert wins == 12 and powers >= 6


def test_careful_bot_scores_like_a_player_solo():
    """Twenty solo games (the 400-game tuning average is about 23 points)."""
    total = 0
    for seed in range(20):
        state = bots_game(load("dicetrip"), ["careful"], 100 + seed, -1, 10000)
        total += state.scores()[0]
        assert EMPTY not in state.values[0]
    assert total >= 20 * 19
