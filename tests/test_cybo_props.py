"""Property tests (CPython, hypothesis) for Cybo and the journal, plus the cross-runtime check
that MicroPython replays CPython's journals to exactly the same state."""

import os
import subprocess

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.core import journal
from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import cybo, load

from cross_runtime import MICROPYTHON, ROOT, assert_micropython_replays

options = st.fixed_dictionaries(
    {
        "players": st.integers(2, 6),
        "level": st.sampled_from(["beginner", "advanced", "master", "grandmaster"]),
        "grid": st.sampled_from(["rows", "columns"]),
    }
)


def play_random(state, draw_int, steps):
    """Random legal play driven by hypothesis; returns the actions applied."""
    for _ in range(steps):
        actors = state.actors()
        if not actors:
            break
        seat = actors[0]
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[draw_int(len(outcomes))][0]
        else:
            legal = state.legal_actions(seat)
            action = legal[draw_int(len(legal))]
        state.apply(seat, action)


@settings(max_examples=60, deadline=None)
@given(options, st.data())
def test_illegal_actions_never_change_the_state(opts, data):
    state = cybo.new_state(cybo.make_params(opts))
    draw = lambda n: data.draw(st.integers(0, n - 1))
    for _ in range(25):
        if state.is_terminal():
            break
        play_random(state, draw, data.draw(st.integers(1, 6)))
        seat = data.draw(st.sampled_from([CHANCE, 0, 1, opts["players"] - 1, 7]))
        action = data.draw(st.sampled_from([-3, 0, 1, 12, 13, 14, 15, 99, "x", None]))
        legal = (
            [a for a, _w in state.chance_outcomes()]
            if seat == CHANCE
            else state.legal_actions(seat)
        )
        if seat in state.actors() and action in legal:
            continue
        before = state.to_data()
        history = list(state.history)
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            assert exc.reason and isinstance(exc.reason, str)
        else:
            raise AssertionError("illegal %r accepted" % ((seat, action),))
        assert state.to_data() == before
        assert state.history == history


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_scores_match_breakdown_and_card(opts, data):
    state = cybo.new_state(cybo.make_params(opts))
    play_random(state, lambda n: data.draw(st.integers(0, n - 1)), 400)
    for seat in range(opts["players"]):
        assert sum(p for _l, p in state.breakdown(seat)) == state.scores()[seat]
        assert sum(row[1] for row in state.card[seat]) == state.scores()[seat]
        for rolls, points, outcome in state.card[seat]:
            assert 1 <= len(rolls) <= 5
            assert points == cybo.data.POINTS[outcome]


@settings(max_examples=40, deadline=None)
@given(options, st.integers(0, 2**30 - 1), st.integers(0, 300))
def test_replay_reproduces_every_state(opts, seed, steps):
    lines = []
    session = Session.start(load("cybo"), dict(opts, bots=opts["players"]), seed, lines.append)
    for _ in range(steps):
        actors = session.actors()
        if not actors:
            break
        if actors == [CHANCE]:
            session.roll()
        else:
            session.apply(actors[0], session.bot_action(actors[0]))
    resumed, report = Session.resume(lines, load)
    assert report.dropped == 0
    assert resumed.state.to_data() == session.state.to_data()


def _journals(count):
    journals = []
    for index in range(count):
        lines = []
        opts = {
            "players": 2 + index % 5,
            "bots": 2 + index % 5,
            "level": ["beginner", "advanced", "master", "grandmaster"][index % 4],
            "grid": ["rows", "columns"][index % 2],
        }
        session = Session.start(load("cybo"), opts, 1000 + index, lines.append)
        while session.actors():
            actors = session.actors()
            if actors == [CHANCE]:
                session.roll()
            else:
                session.apply(actors[0], session.bot_action(actors[0]))
        journals.append((lines, session.state.to_data()))
    return journals


def test_micropython_replays_cpython_journals_identically():
    assert_micropython_replays(_journals(12))


def test_journal_lines_are_identical_on_both_runtimes():
    lines = []
    session = Session.start(load("cybo"), {"players": 3, "bots": 3}, 77, lines.append)
    for _ in range(60):
        actors = session.actors()
        if actors == [CHANCE]:
            session.roll()
        elif actors:
            session.apply(actors[0], session.bot_action(actors[0]))
    script = (
        "from dicetable.core.session import Session\n"
        "from dicetable.core.protocol import CHANCE\n"
        "from dicetable.games import load\n"
        "lines = []\n"
        "s = Session.start(load('cybo'), {'players': 3, 'bots': 3}, 77, lines.append)\n"
        "for _ in range(60):\n"
        "    a = s.actors()\n"
        "    if a == [CHANCE]:\n"
        "        s.roll()\n"
        "    elif a:\n"
        "        s.apply(a[0], s.bot_action(a[0]))\n"
        "print(''.join(lines), end='')\n"
    )
    env = dict(os.environ, MICROPYPATH=".frozen:firmware:hostsim/shims")
    result = subprocess.run(
        [MICROPYTHON, "-c", script], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "".join(lines)
    assert journal.parse_header(lines[0])[0] == "cybo"
