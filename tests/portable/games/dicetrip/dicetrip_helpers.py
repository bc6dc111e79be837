"""Helpers shared by the Dice Trip tests: states on the real or on hand-built maps, chosen
rolls, placements by die colour, and refusals that must change nothing."""

from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.games.dicetrip import data
from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.dicetrip.route import Board

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3


class _MapModule:
    """A stand-in for a map module (see dicetrip_map), for hand-built maps."""

    NAME = "Test"
    PLACEHOLDER = False
    NOTICE = ""

    def __init__(self, size, roads, rings):
        cities = []
        for city in range(size):
            ring = rings.get(city) if rings else None
            cities.append((city, "C%d" % city, ring, city * 40, 0))
        self.CITIES = tuple(cities)
        self.ROADS = tuple(roads)


def hand_board(size, roads, rings=None):
    """A compiled map with cities C0..C(size-1); `rings` maps a city to a colour name."""
    return Board(_MapModule(size, roads, rings), data.DICE_COLOURS)


def line_roads(cities):
    return [(cities[i], cities[i + 1]) for i in range(len(cities) - 1)]


def new(players=1, board=None, **options):
    """A fresh state (default options: bots off, mode play) at round 1's roll."""
    options["players"] = players
    params = dicetrip.make_params(options)
    return dicetrip.DiceTripState(params, board)


def roll(state, faces):
    """Land `faces` on the dice due, in the order they are due (colour order on a full roll)."""
    for face in faces:
        state.apply(CHANCE, face)


def roll_and_keep(state, faces):
    """A full roll; the roller keeps it when the reroll power is still there to decline."""
    roll(state, faces)
    roller = state.roller()
    if dicetrip.KEEP in state.legal_actions(roller):
        state.apply(roller, dicetrip.KEEP)


def write(state, seat, tens, units, city):
    action = dicetrip.write_action(tens, units, city)
    state.apply(seat, action)
    return action


def cross(state, seat, city):
    state.apply(seat, dicetrip.cross_action(city))


def fill_round(state, faces, placements):
    """Roll `faces`, keep them, then every seat's placements: {seat: [(tens, units, city) or
    city to cross, ...]}."""
    roll_and_keep(state, faces)
    for seat in sorted(placements):
        for move in placements[seat]:
            if isinstance(move, tuple):
                write(state, seat, move[0], move[1], move[2])
            else:
                cross(state, seat, move)


def cross_rounds(state, rounds, faces=(1, 2, 3, 4)):
    """Every seat crosses its lowest empty cities for `rounds` rounds."""
    for _ in range(rounds):
        roll_and_keep(state, faces)
        for seat in range(state.players):
            while state.placements_left(seat):
                cross(state, seat, state.cross_options(seat)[0])


def refused(state, seat, action, words=""):
    """`action` is refused with a reason containing `words`, and nothing changes."""
    before = state.to_data()
    history = list(state.history)
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        if words not in exc.reason:
            raise AssertionError("reason %r lacks %r" % (exc.reason, words))
        explained = state.explain_illegal(seat, action)
        if seat != CHANCE and seat in state.actors() and explained != exc.reason:
            raise AssertionError("explain_illegal disagrees with apply")
    else:
        raise AssertionError("accepted %r" % ((seat, action),))
    assert state.to_data() == before
    assert state.history == history
