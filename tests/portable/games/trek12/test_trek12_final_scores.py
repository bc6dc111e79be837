"""A finished Trek 12 game keeps each seat's total and breakdown, not its Score: the results
screen reads every seat, and six Scores held at once made it the fullest moment of a game
(issue 14). Same figures as the Scores give, on both runtimes."""

from bot_games import play_on

from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.trek12.score import Score
from dicetable.ui.screens import standings


def _finished(players, game_map, seed):
    session = Session.start(load("trek12"), {"players": players, "map": game_map}, seed, None)
    return play_on(session).state


def test_the_results_of_a_finished_game_hold_no_score_objects():
    state = _finished(6, "zen", 5)
    state.score(0)  # the sheet had one cached, as in a game
    rows = standings(state)
    assert len(rows) == 6
    assert state._scores == [None] * 6  # all let go once their figures were kept
    for seat in range(6):
        fresh = Score(
            state.board,
            state.values[seat],
            state.up[seat],
            state.down[seat],
            state.star[seat],
            state.lost[seat],
        )
        assert state.scores()[seat] == fresh.total
        assert state.breakdown(seat) == fresh.breakdown()
        assert sum(points for _label, points in state.breakdown(seat)) == fresh.total
    # Each call gives a list of its own: a caller changing it changes nothing kept.
    items = state.breakdown(1)
    items.append(("extra", 1))
    assert state.breakdown(1) != items
    assert state._scores == [None] * 6


def test_a_game_in_play_still_caches_its_scores():
    session = Session.start(load("trek12"), {"players": 2, "map": "dunai"}, 9, None)
    play_on(session, 6)
    state = session.state
    first = state.score(0)
    assert state.score(0) is first and state.scores()[0] == first.total
    assert state.breakdown(0) == first.breakdown()
