"""Property tests (CPython, hypothesis) for Trek 12: sheet invariants after every legal action,
refusals that change nothing, scores against an independent scorer, the greedy policy's local
gains against a whole-sheet recomputation, and replay on both runtimes."""

import os
import subprocess

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.core import journal
from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import trek12, trek12_maps
from dicetable.games.trek12 import NO_LINK
from dicetable.games.trek12_score import EMPTY, SAD, Greedy, Score, bonus

from cross_runtime import assert_micropython_replays

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

options = st.fixed_dictionaries(
    {"players": st.integers(1, 6), "map": st.sampled_from(list(trek12_maps.MAP_IDS))}
)


def load(game_id):
    # trek12 is not in games.GAMES until its screens exist: tests load it directly.
    assert game_id == "trek12"
    return trek12


def new(opts):
    return trek12.new_state(trek12.make_params(opts))


def step_random(state, draw):
    """One random legal action by CHANCE or by any seat still to write."""
    actors = state.actors()
    seat = actors[draw(len(actors))]
    if seat == CHANCE:
        outcomes = state.chance_outcomes()
        action = outcomes[draw(len(outcomes))][0]
    else:
        legal = state.legal_actions(seat)
        action = legal[draw(len(legal))]
    state.apply(seat, action)
    return seat, action


def check_invariants(state):
    board = state.board
    for seat in range(state.players):
        values, up, down = state.values[seat], state.up[seat], state.down[seat]
        filled = 0
        for circle in range(board.size):
            value = values[circle]
            if value == EMPTY or value == SAD:
                assert up[circle] == -1 and down[circle] == -1
            else:
                assert 0 <= value <= board.caps[circle]
            if value != EMPTY:
                filled += 1
            if up[circle] != -1:
                other = up[circle]
                assert other in board.neighbours[circle]
                assert values[other] == value + 1 and down[other] == circle
            if down[circle] != -1:
                other = down[circle]
                assert other in board.neighbours[circle]
                assert values[other] == value - 1 and up[other] == circle
            # Links are mandatory: two touching consecutive numbers with both slots free
            # would mean a link was skipped when the second of them was written.
            if value >= 0 and up[circle] == -1:
                for other in board.neighbours[circle]:
                    assert not (values[other] == value + 1 and down[other] == -1)
        assert sum(state.ticks[seat]) == filled
        assert filled == state.round + (1 if state.roll and state.placed[seat] else 0)
        for index in range(5):
            assert 0 <= state.ticks[seat][index] <= board.limits[index]


def reference_score(board, values, up, down):
    """An independent scorer: paths as components of the link graph, zones by union-find."""
    size = board.size
    parent = list(range(size))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for circle in range(size):
        if up[circle] != -1:
            parent[find(circle)] = find(up[circle])
    groups = {}
    for circle in range(size):
        groups.setdefault(find(circle), []).append(circle)
    total = 0
    longest = 0
    linked = set()
    for members in groups.values():
        if len(members) > 1:
            numbers = [values[c] for c in members]
            total += max(numbers) + len(members) - 1
            longest = max(longest, len(members))
            linked.update(members)
    zone_parent = list(range(size))

    def zfind(x):
        while zone_parent[x] != x:
            x = zone_parent[x]
        return x

    for circle in range(size):
        for other in board.neighbours[circle]:
            if values[circle] >= 0 and values[circle] == values[other]:
                zone_parent[zfind(circle)] = zfind(other)
    zones = {}
    for circle in range(size):
        if values[circle] >= 0:
            zones.setdefault(zfind(circle), []).append(circle)
    largest = 0
    zoned = set()
    for members in zones.values():
        if len(members) > 1:
            total += values[members[0]] + len(members) - 1
            largest = max(largest, len(members))
            zoned.update(members)
    sad = values.count(SAD)
    orphans = [c for c in range(size) if values[c] >= 0 and c not in linked and c not in zoned]
    return total + bonus(longest) + bonus(largest) - 3 * sad - 3 * len(orphans)


def estimate(board, values, up, down):
    """The greedy policy's whole-sheet estimate, recomputed from scratch (twelfths of a point)."""
    score = Score(board, values, up, down)
    result = 12 * score.total
    for circle in range(board.size):
        value = values[circle]
        if value < 0:
            continue
        empties = sum(1 for other in board.neighbours[circle] if values[other] == EMPTY)
        if not empties:
            continue
        if circle in score.orphans:
            result += 24 if empties == 1 else 30
        if up[circle] == -1:
            result += 2 * min(12 - value, 6)
        if down[circle] == -1:
            result += 2 * min(value, 6)
    return result


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_every_legal_action_keeps_the_invariants(opts, data):
    state = new(opts)
    draw = lambda n: data.draw(st.integers(0, n - 1))
    while state.actors():
        seat, _action = step_random(state, draw)
        check_invariants(state)
        if seat == CHANCE:
            for index in range(state.players):
                legal = state.legal_actions(index)
                assert legal and legal == sorted(set(legal))
    for seat in range(state.players):
        assert EMPTY not in state.values[seat]
        assert max(state.ticks[seat]) <= 4 and sum(state.ticks[seat]) == 19


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_illegal_placements_are_refused_and_change_nothing(opts, data):
    state = new(opts)
    draw = lambda n: data.draw(st.integers(0, n - 1))
    while state.actors():
        if state.actors() != [CHANCE]:
            seat = data.draw(st.sampled_from([CHANCE, -7, 0, opts["players"] - 1, 6]))
            legal = state.legal_actions(seat) if seat >= 0 else []
            if legal and data.draw(st.booleans()):
                # A near miss: a legal action with one field changed.
                op, circle, down, up = trek12.decode(legal[draw(len(legal))])
                field = draw(4)
                change = data.draw(st.sampled_from([1, -1, 7, NO_LINK]))
                fields = [op, circle, down, up]
                fields[field] = max(0, min(99, fields[field] + change))
                if field > 0 and change == NO_LINK:
                    fields[field] = NO_LINK
                action = trek12.encode(fields[0], fields[1], fields[2], fields[3])
            else:
                action = data.draw(
                    st.one_of(st.integers(-10, 7000000), st.sampled_from(["x", None, [1]]))
                )
            if seat in state.actors() and action in legal:
                assert state.explain_illegal(seat, action) == "that move is allowed"
            else:
                before = state.to_data()
                history = list(state.history)
                try:
                    state.apply(seat, action)
                except IllegalAction as exc:
                    assert exc.reason and isinstance(exc.reason, str)
                else:
                    raise AssertionError("illegal %r accepted" % ((seat, action),))
                assert state.to_data() == before and state.history == history
        step_random(state, draw)


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_scores_agree_with_an_independent_scorer(opts, data):
    state = new(opts)
    draw = lambda n: data.draw(st.integers(0, n - 1))
    steps = data.draw(st.integers(1, 150))
    while state.actors() and steps:
        step_random(state, draw)
        steps -= 1
    for seat in range(state.players):
        args = (state.board, state.values[seat], state.up[seat], state.down[seat])
        assert state.scores()[seat] == reference_score(*args)
        assert sum(points for _label, points in state.breakdown(seat)) == state.scores()[seat]


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_greedy_gain_equals_the_change_of_the_whole_estimate(opts, data):
    state = new(dict(opts, players=1))
    draw = lambda n: data.draw(st.integers(0, n - 1))
    while state.actors():
        if state.actors() == [CHANCE]:
            step_random(state, draw)
            continue
        board = state.board
        args = (board, state.values[0], state.up[0], state.down[0])
        before = estimate(*args)
        policy = Greedy(*args, state.score(0))
        legal = state.legal_actions(0)
        for action in legal[:: max(1, len(legal) // 8)]:
            op, circle, down, up = trek12.decode(action)
            value = trek12.results(state.roll)[op - 1]
            down = -1 if down == NO_LINK else down
            up = -1 if up == NO_LINK else up
            values, ups, downs = list(state.values[0]), list(state.up[0]), list(state.down[0])
            if value > board.caps[circle]:
                values[circle] = SAD
            else:
                values[circle] = value
                if down >= 0:
                    downs[circle], ups[down] = down, circle
                if up >= 0:
                    ups[circle], downs[up] = up, circle
            after = estimate(board, values, ups, downs)
            assert policy.gain(circle, value, down, up) == after - before
        hint = trek12.hint(state, 0)
        assert hint in legal
        state.apply(0, legal[draw(len(legal))])


def _play(session, steps):
    datas = []
    for _ in range(steps):
        actors = session.actors()
        if not actors:
            break
        if actors == [CHANCE]:
            session.roll()
        else:
            session.apply(actors[-1], session.bot_action(actors[-1]))
        datas.append(session.state.to_data())
    return datas


@settings(max_examples=25, deadline=None)
@given(options, st.integers(0, 2**30 - 1), st.integers(0, 150))
def test_replay_reproduces_every_state(opts, seed, steps):
    lines = []
    session = Session.start(trek12, dict(opts, bots=opts["players"]), seed, lines.append)
    datas = _play(session, steps)
    assert len(lines) == len(datas) + 1
    game_id, params, _seed = journal.parse_header(lines[0])
    state = trek12.new_state(params)
    for index in range(len(datas)):
        state.apply(*journal.parse_record(lines[index + 1]))
        assert state.to_data() == datas[index]
    resumed, report = Session.resume(lines, load)
    assert report.dropped == 0 and report.applied == len(datas)
    assert resumed.state.to_data() == session.state.to_data()
    # The resumed game rolls and decides exactly as the uninterrupted one would have.
    assert _play(resumed, 20) == _play(session, 20)


def _journals(count):
    journals = []
    for index in range(count):
        lines = []
        players = 1 + index % 6
        opts = {"players": players, "bots": players, "map": trek12_maps.MAP_IDS[index % 3]}
        session = Session.start(trek12, opts, 2000 + index, lines.append)
        _play(session, 1000)
        assert session.state.is_terminal()
        journals.append((lines, session.state.to_data()))
    return journals


def test_micropython_replays_cpython_journals_identically():
    assert_micropython_replays(_journals(9))


def test_bot_games_are_identical_on_both_runtimes():
    lines = []
    opts = {"players": 3, "bots": 3, "map": "kagkot"}
    session = Session.start(trek12, opts, 77, lines.append)
    _play(session, 1000)
    script = (
        "from dicetable.core.session import Session\n"
        "from dicetable.core.protocol import CHANCE\n"
        "from dicetable.games import trek12\n"
        "lines = []\n"
        "s = Session.start(trek12, {'players': 3, 'bots': 3, 'map': 'kagkot'}, 77, lines.append)\n"
        "while s.actors():\n"
        "    a = s.actors()\n"
        "    if a == [CHANCE]:\n"
        "        s.roll()\n"
        "    else:\n"
        "        s.apply(a[-1], s.bot_action(a[-1]))\n"
        "print(''.join(lines), end='')\n"
    )
    env = dict(os.environ, MICROPYPATH=".frozen:firmware:hostsim/shims")
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=190wK", "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "".join(lines)
    assert len(lines) == 1 + 19 * 4
