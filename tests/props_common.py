"""What the games' property tests share: random legal play driven by hypothesis, bots playing a
session, the checks that a refused action changes nothing, that a journal replays to every state
and that scores are their breakdowns' sums, and bot games played again under MicroPython."""

import os
import subprocess

from hypothesis import strategies as st

from dicetable.core import journal
from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session

from cross_runtime import MICROPYTHON, ROOT, load_game


def index_draw(data):
    """draw(n): an index below n, drawn through hypothesis's `data` (so it shrinks)."""
    return lambda n: data.draw(st.integers(0, n - 1))


# --- random legal play -------------------------------------------------------------------------
def random_action(state, seat, draw):
    """A legal action of `seat` picked by draw(n); for CHANCE, one of the outcomes."""
    if seat == CHANCE:
        outcomes = state.chance_outcomes()
        return outcomes[draw(len(outcomes))][0]
    legal = state.legal_actions(seat)
    return legal[draw(len(legal))]


def step_random(state, draw):
    """One random legal action by any actor (CHANCE included); returns (seat, action)."""
    actors = state.actors()
    seat = actors[draw(len(actors))]
    action = random_action(state, seat, draw)
    state.apply(seat, action)
    return seat, action


def play(session, steps, actor=0, person=None):
    """Dice and bots play up to `steps` actions, actors[actor] acting when several may; returns
    to_data() after each action. With person(session, actors), seats without a bot leave the
    choice (and its apply) to it."""
    states = []
    for _ in range(steps):
        actors = session.actors()
        if not actors:
            break
        seat = actors[actor]
        if actors == [CHANCE]:
            session.roll()
        elif person is None or session.is_bot(seat):
            session.apply(seat, session.bot_action(seat))
        else:
            person(session, actors)
        states.append(session.state.to_data())
    return states


def bots_game(module, strengths, seed, actor=0, steps=100000):
    """The state at the end of a game of bots of these strengths, a seat each (no journal)."""
    players = len(strengths)
    options = {"players": players, "bots": players, "strengths": strengths}
    session = Session(module, module.make_params(options), seed)
    play(session, steps, actor)
    return session.state


def played_journal(module, options, seed, actor=0, steps=100000):
    """(session, journal lines) of a game of dice and bots played for up to `steps` actions."""
    lines = []
    session = Session.start(module, options, seed, lines.append)
    play(session, steps, actor)
    return session, lines


# --- the checks --------------------------------------------------------------------------------
def legal_probes(state, seat):
    """What `seat` may do now: its legal actions, the outcomes for CHANCE, nothing for a seat
    below zero that is not CHANCE."""
    if seat == CHANCE:
        return [action for action, _weight in state.chance_outcomes()]
    return state.legal_actions(seat) if seat >= 0 else []


def assert_refused_unchanged(state, seat, action, explains=False):
    """apply(seat, action) must raise IllegalAction with a reason and leave the state and its
    history exactly as they were; with `explains`, explain_illegal gives the same reason for an
    actor other than CHANCE."""
    before = state.to_data()
    history = list(state.history)
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        assert exc.reason and isinstance(exc.reason, str)
        if explains and seat != CHANCE and seat in state.actors():
            assert state.explain_illegal(seat, action) == exc.reason
    else:
        raise AssertionError("illegal %r accepted" % ((seat, action),))
    assert state.to_data() == before and state.history == history


def assert_breakdown_adds_up(state, seat):
    assert sum(points for _label, points in state.breakdown(seat)) == state.scores()[seat]


def assert_replay_reproduces(session, lines, states, play_on, cuts=(), game=None, load=load_game):
    """`session` was started with its journal going to `lines`, `states` being its to_data()
    after each action since. The journal holds a record an action; with `game` (its module),
    the records applied one by one to a state built from the header pass through every state;
    the first `cut` records resume to the state after them (for each of `cuts`); the whole
    journal resumes to the session's state, and the resumed session then goes on exactly as the
    one that never stopped: play_on(resumed) == play_on(session)."""
    assert len(lines) == len(states) + 1
    if game is not None:
        _game_id, params, _seed, chained = journal.parse_header(lines[0])
        assert chained
        state = game.new_state(params)
        for index in range(len(states)):
            chain = journal.line_crc(lines[index])
            state.apply(*journal.parse_record(lines[index + 1], chain))
            assert state.to_data() == states[index]
    for cut in sorted(set(cuts) - set([0, len(states)])):
        resumed, report = Session.resume(lines[: cut + 1], load)
        assert report.dropped == 0 and report.applied == cut
        assert resumed.state.to_data() == states[cut - 1]
    resumed, report = Session.resume(lines, load)
    assert report.dropped == 0 and report.applied == len(states)
    assert resumed.state.to_data() == session.state.to_data()
    assert play_on(resumed) == play_on(session)


# --- under MicroPython -------------------------------------------------------------------------
def run_micropython(script, heap="190wK", timeout=600):
    """stdout of `script` run by the MicroPython unix port on the firmware (heap None: the
    port's default); it must exit cleanly."""
    command = [MICROPYTHON] + (["-X", "heapsize=" + heap] if heap else []) + ["-c", script]
    result = subprocess.run(
        command,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, MICROPYPATH=".frozen:firmware:hostsim/shims"),
        timeout=timeout,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


_BOT_GAMES = """
from dicetable.core.session import Session
from dicetable.core.protocol import CHANCE
game = __import__("dicetable.games." + %r, None, None, (%r,))

def out(line):
    print(line, end="")


for options, seed in %r:
    s = Session.start(game, options, seed, out)
    steps = %r
    while s.actors() and (steps is None or steps > 0):
        a = s.actors()
        if a == [CHANCE]:
            s.roll()
        else:
            s.apply(a[%d], s.bot_action(a[%d]))
        if steps is not None:
            steps -= 1
"""


def micropython_bot_games(game_id, games, actor=0, steps=None, heap="190wK", timeout=600):
    """The journals (one text) of games of dice and bots, [(options, seed), ...], played under
    MicroPython as play() plays them on CPython (up to `steps` actions each, None: to the end).
    Each journal line is printed as it is made, so the heap holds no copy of the journal."""
    script = _BOT_GAMES % (game_id, game_id, list(games), steps, actor, actor)
    return run_micropython(script, heap=heap, timeout=timeout)
