"""Property tests (CPython, hypothesis) for Cybo and the journal, plus the cross-runtime check
that MicroPython replays CPython's journals to exactly the same state."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.core import journal
from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.cybo import rules as cybo

from cross_runtime import assert_micropython_replays
from props_common import (
    assert_breakdown_adds_up,
    assert_refused_unchanged,
    index_draw,
    legal_probes,
    micropython_bot_games,
    play,
    played_journal,
    random_action,
)

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
        state.apply(seat, random_action(state, seat, draw_int))


@settings(max_examples=60, deadline=None)
@given(options, st.data())
def test_illegal_actions_never_change_the_state(opts, data):
    state = cybo.new_state(cybo.make_params(opts))
    draw = index_draw(data)
    for _ in range(25):
        if state.is_terminal():
            break
        play_random(state, draw, data.draw(st.integers(1, 6)))
        seat = data.draw(st.sampled_from([CHANCE, 0, 1, opts["players"] - 1, 7]))
        action = data.draw(st.sampled_from([-3, 0, 1, 12, 13, 14, 15, 99, "x", None]))
        legal = legal_probes(state, seat)
        if seat in state.actors() and action in legal:
            continue
        assert_refused_unchanged(state, seat, action)


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_scores_match_breakdown_and_card(opts, data):
    state = cybo.new_state(cybo.make_params(opts))
    play_random(state, index_draw(data), 400)
    for seat in range(opts["players"]):
        assert_breakdown_adds_up(state, seat)
        assert sum(row[1] for row in state.card[seat]) == state.scores()[seat]
        for rolls, points, outcome in state.card[seat]:
            assert 1 <= len(rolls) <= 5
            assert points == cybo.data.POINTS[outcome]


@settings(max_examples=40, deadline=None)
@given(options, st.integers(0, 2**30 - 1), st.integers(0, 300))
def test_replay_reproduces_every_state(opts, seed, steps):
    lines = []
    session = Session.start(load("cybo"), dict(opts, bots=opts["players"]), seed, lines.append)
    play(session, steps)
    resumed, report = Session.resume(lines, load)
    assert report.dropped == 0
    assert resumed.state.to_data() == session.state.to_data()


def _journals(count):
    journals = []
    for index in range(count):
        opts = {
            "players": 2 + index % 5,
            "bots": 2 + index % 5,
            "level": ["beginner", "advanced", "master", "grandmaster"][index % 4],
            "grid": ["rows", "columns"][index % 2],
        }
        session, lines = played_journal(load("cybo"), opts, 1000 + index)
        journals.append((lines, session.state.to_data()))
    return journals


def test_micropython_replays_cpython_journals_identically():
    assert_micropython_replays(_journals(12))


def test_journal_lines_are_identical_on_both_runtimes():
    opts = {"players": 3, "bots": 3}
    _session, lines = played_journal(load("cybo"), opts, 77, steps=60)
    assert micropython_bot_games("cybo", [(opts, 77)], steps=60, heap=None) == "".join(lines)
    assert journal.parse_header(lines[0])[0] == "cybo"
