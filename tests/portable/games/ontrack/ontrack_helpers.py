"""Helpers shared by the Christmas On Track tests: states on the real or a small sheet, chosen
rolls, pieces named by their dots, and hand-built sheets scored without playing them."""

from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.games.ontrack import bot as ontrack_bot
from dicetable.games.ontrack import rules as ontrack
from dicetable.games.ontrack import track
from dicetable.games.ontrack.score import Score

RED = track.RED
GREEN = track.GREEN
RED_DIE, GREEN_DIE, WHITE_DIE = 0, 1, 2
WORKSHOP, GIFT_WRAP, SLEIGH = 0, 1, 2


def layout(rows, columns, stars=(), turns=20, slots=9, every=5):
    return track.Layout(rows, columns, stars, turns, slots, every)


def new(players=1, sheet=None, **options):
    """A fresh state; `sheet` is a Layout for a small test sheet (default: the real one)."""
    options["players"] = players
    return ontrack.OnTrackState(ontrack.make_params(options), sheet)


def roll(state, red, green, white):
    state.apply(CHANCE, ontrack.roll_action(red, green, white))


def dot(name):
    """The dot number (edge x 2 + slot) of a name like N0 or W1."""
    return "NESW".index(name[0]) * 2 + int(name[1])


def connection(a, b):
    """The connection joining two dots named like "N0" and "S1" (either order)."""
    found = track.CONNECTION_AT[dot(a) * track.DOTS + dot(b)]
    if found < 0:
        raise AssertionError("%s-%s is not a legal connection" % (a, b))
    return found


def track_action(die, colour, tile, a, b):
    return ontrack.place_action(die, colour, tile, connection(a, b))


def building_action(die, colour, tile, kind):
    return ontrack.place_action(die, colour, tile, ontrack.BUILDING_PART + kind)


def refusal(state, seat, action):
    """The reason `action` is refused; fails if it is accepted or if it changes the state."""
    before = state.to_data()
    history = list(state.history)
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        if state.to_data() != before or state.history != history:
            raise AssertionError("a refused action changed the state")
        asked = seat != CHANCE and seat in state.actors()
        if asked and state.explain_illegal(seat, action) != exc.reason:
            raise AssertionError("explain_illegal disagrees with apply")
        return exc.reason
    raise AssertionError("accepted %r" % ((seat, action),))


def sheet(size, tracks=(), buildings=()):
    """(cells, pieces) of a hand-built sheet: tracks (tile, dot a, dot b, colour), buildings
    (tile, colour, kind). Dots must be free, as in play."""
    cells = [0] * size
    pieces = []
    for tile, colour, kind in buildings:
        if cells[tile]:
            raise AssertionError("tile %d is not empty" % tile)
        cells[tile] = track.building_cell(colour, kind)
    for tile, a, b, colour in tracks:
        joined = connection(a, b)
        if not track.fits(cells[tile], joined):
            raise AssertionError("%s-%s does not fit on tile %d" % (a, b, tile))
        cells[tile] = track.with_track(cells[tile], joined, colour)
        pieces.append(track.piece_code(tile, joined, colour))
    return cells, pieces


def score(sheet_layout, tracks=(), buildings=(), stars=0):
    cells, pieces = sheet(sheet_layout.size, tracks, buildings)
    return Score(sheet_layout, cells, pieces, stars)


def placements(state, seat):
    """Every place action, built from the UI's staged queries."""
    found = []
    for die in state.legal_dice(seat):
        for code in state.legal_pieces(seat, die):
            for tile in state.legal_tiles(seat, code):
                for part in state.legal_connections(seat, code, tile):
                    _die, colour, _shape = ontrack.piece_fields(code)
                    found.append(ontrack.place_action(die, colour, tile, part))
    found.sort()
    return found


def run_bots(state, seed=3):
    """Play to the end: rolls from a fixed cycle, every seat by the bot."""
    count = seed
    while state.actors():
        actors = state.actors()
        if actors == [CHANCE]:
            outcomes = state.chance_outcomes()
            state.apply(CHANCE, outcomes[(count * 37 + 11) % len(outcomes)][0])
            count += 1
        else:
            for seat in actors:
                state.apply(seat, ontrack_bot.choose(state, seat, None))
    return state
