"""Games played by their own bots, for the tests that need real sessions, journals or records
of every title. Both runtimes."""

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load


def play_on(session, moves=-1, after=None):
    """Let the dice and the bots make `moves` actions (-1: to the end of the game), calling
    `after(session)` after each. Returns the session."""
    while session.actors() and moves:
        actors = session.actors()
        if actors == [CHANCE]:
            session.roll()
        else:
            session.apply(actors[0], session.bot_action(actors[0]))
        moves -= 1
        if after is not None:
            after(session)
    return session


def journal_of(game_id, options, actions, seed):
    """(journal lines, the state's to_data() after each action) of a game whose first
    `actions` actions the bots played (fewer if it ended first)."""
    lines = []
    states = []
    session = Session.start(load(game_id), options, seed, lines.append, False)
    play_on(session, actions, lambda played: states.append(played.state.to_data()))
    return lines, states
