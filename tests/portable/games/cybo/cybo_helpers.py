"""Helpers shared by the Cybo tests: build a state and feed it rolls and quad decisions."""

from dicetable.core.protocol import CHANCE
from dicetable.games.cybo import rules as cybo


def new(level="advanced", players=2, grid="rows"):
    params = cybo.make_params({"players": players, "level": level, "grid": grid})
    return cybo.new_state(params)


def turn(state, rolls, quad=None):
    """Play one whole turn of the current seat; returns its scorecard row."""
    seat = state.seat
    count = len(state.card[seat])
    for index in range(len(rolls)):
        if len(state.card[seat]) != count:
            raise AssertionError("turn ended before rolls %r" % (rolls[index:],))
        value = rolls[index]
        if state.offering_quad():
            state.apply(seat, cybo.QUAD_TRY if quad else cybo.QUAD_DECLINE)
        state.apply(CHANCE, value)
    if state.offering_quad():
        if quad is None:
            raise AssertionError("a quad is offered; say what to do")
        if not quad:
            state.apply(seat, cybo.QUAD_DECLINE)
    if len(state.card[seat]) != count + 1:
        raise AssertionError("turn did not end after %r" % (rolls,))
    return state.card[seat][-1]
