"""Christmas On Track's actions: the vocabulary (single ints, docs/journal.md) and what a
seat may do now, with the reason when it may not. Pure functions over an OnTrackState.

    roll      seat -1     red x 100 + green x 10 + white: 111..666 (216 outcomes)
    place     each seat   1DCTTPP = 1000000 + die x 100000 + colour x 10000 + tile x 100 + part,
                          part 0-19 a track connection (ontrack_track.CONNECTIONS), 20 + kind a
                          building (20 Workshop, 21 Gift Wrap, 22 Sleigh)
    merge     each seat   2ABV = 2000 + die a x 100 + die b x 10 + value: doubles a < b become
                          one die of any value in slot a (with either source's pencil)
    spend     each seat   30D1 / 30D0 = 3000 + die x 10 + (1: +1, 0: -1): fill a circled star
    pass      each seat   4000: none of the seat's dice can be drawn anywhere (rare)
    next      seat 0      5000: dice-only mode, the table has drawn this roll on paper

Dice are slots 0 red, 1 green, 2 white; pencils 0 red, 1 green. A "piece" is what the UI has
chosen before the tile: die x 100 + pencil x 10 + shape (0 track, 1 + kind a building).
"""

from micropython import const

from dicetable.games.ontrack import data
from dicetable.games.ontrack import track

PLACE_BASE = const(1000000)
MERGE_BASE = const(2000)
SPEND_BASE = const(3000)
PASS = const(4000)
NEXT = const(5000)
BUILDING_PART = const(20)  # part 20 + kind in a place action: a building
TRACK = const(0)  # shape of a piece; 1 + kind for a building
DICE = const(3)
GONE = const(0)  # a die drawn or merged away this turn

_DIE_UNIT = const(100000)
_COLOUR_UNIT = const(10000)
_TILE_UNIT = const(100)
_PIECE_DIE = const(100)
_PIECE_COLOUR = const(10)
_TOP_FACE = const(6)


def roll_action(red, green, white):
    return red * 100 + green * 10 + white


def roll_dice(action):
    """(red, green, white) of a roll action."""
    return action // 100, action // 10 % 10, action % 10


def place_action(die, colour, tile, part):
    return PLACE_BASE + die * _DIE_UNIT + colour * _COLOUR_UNIT + tile * _TILE_UNIT + part


def place_parts(action):
    """(die, colour, tile, part) of a place action."""
    return (
        action // _DIE_UNIT % 10,
        action // _COLOUR_UNIT % 10,
        action // _TILE_UNIT % 100,
        action % 100,
    )


def merge_action(first, second, value):
    return MERGE_BASE + first * 100 + second * 10 + value


def merge_parts(action):
    """(first die, second die, value) of a merge action."""
    return action // 100 % 10, action // 10 % 10, action % 10


def spend_action(die, up):
    return SPEND_BASE + die * 10 + (1 if up else 0)


def piece(die, colour, shape):
    """A piece being chosen (UI stage 2): which die, which pencil, track or which building."""
    return die * _PIECE_DIE + colour * _PIECE_COLOUR + shape


def piece_fields(code):
    """(die, colour, shape) of a piece."""
    return code // _PIECE_DIE, code // _PIECE_COLOUR % 10, code % 10


def part_for(shape, connection=0):
    """The part field of a place action for a shape (and a connection, for track)."""
    return connection if shape == TRACK else BUILDING_PART + shape - 1


def is_int(value):
    # isinstance(True, int) is True on CPython only: refuse booleans on both runtimes.
    return isinstance(value, int) and not isinstance(value, bool)


# --- what a seat being asked may do (callers check state.asks(seat) first) ---------------------
def merges(state, seat):
    """Merge actions: before the first piece of the turn, doubles become any value."""
    hand = state.hand[seat]
    if state.placed[seat] or state.merged[seat]:
        return []
    actions = []
    for first in range(DICE):
        for second in range(first + 1, DICE):
            if hand[first] and hand[first] == hand[second]:
                for value in range(1, _TOP_FACE + 1):
                    actions.append(merge_action(first, second, value))
    return actions


def spends(state, seat):
    """Spend actions: a circled star moves a die in hand by one, never past 1 or 6."""
    if not state.bank[seat]:
        return []
    actions = []
    for die in range(DICE):
        value = state.hand[seat][die]
        if value > 1:
            actions.append(spend_action(die, False))
        if value and value < _TOP_FACE:
            actions.append(spend_action(die, True))
    return actions


def pieces_of(state, seat, die):
    """The pieces a die can draw somewhere now, ascending."""
    value = state.hand[seat][die]
    if not value or state.placed[seat] >= 2:
        return []
    kind = state.faces[value - 1][0]
    codes = []
    for colour in (track.RED, track.GREEN):
        if not state.pencils[seat][die] & (1 << colour):
            continue
        shapes = [TRACK]
        if kind >= 0 and state.sites[seat][colour * 3 + kind] < 0:
            shapes.append(kind + 1)
        for shape in shapes:
            code = piece(die, colour, shape)
            if _fits_somewhere(state, seat, code):
                codes.append(code)
    return codes


def _free_connections(state, seat, die):
    return track.BY_FAMILY[state.faces[state.hand[seat][die] - 1][1]]


def tiles_for(state, seat, code):
    """Tiles where an allowed piece can go now, ascending."""
    die, _colour, shape = piece_fields(code)
    cells = state.cells[seat]
    first = state.first_tile[seat]
    tiles = []
    if shape != TRACK:
        for tile in range(state.layout.size):
            if cells[tile] == 0 and tile != first:
                tiles.append(tile)
        return tiles
    options = _free_connections(state, seat, die)
    masks = track.MASKS
    for tile in range(state.layout.size):
        cell = cells[tile]
        if cell < 0 or tile == first:
            continue
        for connection in options:
            if not cell & masks[connection]:
                tiles.append(tile)
                break
    return tiles


def _fits_somewhere(state, seat, code):
    """tiles_for(...) != [], stopping at the first tile."""
    die, _colour, shape = piece_fields(code)
    cells = state.cells[seat]
    first = state.first_tile[seat]
    masks = track.MASKS
    options = _free_connections(state, seat, die)
    for tile in range(state.layout.size):
        cell = cells[tile]
        if tile == first or cell < 0 or (shape != TRACK and cell):
            continue
        if shape != TRACK:
            return True
        for connection in options:
            if not cell & masks[connection]:
                return True
    return False


def connections_for(state, seat, code, tile):
    """Parts of a place action for an allowed piece on `tile`: the connections of its family
    whose dots are free (ascending), or the building's part."""
    die, _colour, shape = piece_fields(code)
    cell = state.cells[seat][tile]
    if tile == state.first_tile[seat] or cell < 0:
        return []
    if shape != TRACK:
        return [part_for(shape)] if cell == 0 else []
    masks = track.MASKS
    return [c for c in _free_connections(state, seat, die) if not cell & masks[c]]


def piece_refusal(state, seat, code):
    """Why the asked seat cannot draw this piece at all now, or ""."""
    if not is_int(code) or code < 0:
        return "%r is not a piece" % (code,)
    die, colour, shape = piece_fields(code)
    if die >= DICE or colour > track.GREEN or shape > 3:
        return "%r is not a piece" % (code,)
    if state.placed[seat] >= 2:
        return "two pieces are drawn already"
    value = state.hand[seat][die]
    if not value:
        return "the %s die is used this turn" % data.DICE[die]
    if not state.pencils[seat][die] & (1 << colour):
        return "the %s die cannot draw in %s" % (data.DICE[die], data.COLOURS[colour])
    if shape != TRACK:
        kind = shape - 1
        if state.faces[value - 1][0] != kind:
            return "a %d cannot draw the %s" % (value, data.BUILDINGS[kind])
        if state.sites[seat][colour * 3 + kind] >= 0:
            return "the %s %s is already drawn" % (data.COLOURS[colour], data.BUILDINGS[kind])
    return ""


def refusal(state, seat, action):
    """Why the asked seat may not play `action` now, or "" if it may."""
    if not is_int(action):
        return "%r is not a Christmas On Track move" % (action,)
    if state.dice_only:
        return "" if action == NEXT else "dice-only mode: press next once you have drawn"
    if PLACE_BASE <= action < 2 * PLACE_BASE:
        return _place_refusal(state, seat, action)
    if MERGE_BASE <= action < SPEND_BASE:
        return _merge_refusal(state, seat, action)
    if SPEND_BASE <= action < SPEND_BASE + DICE * 10:
        return _spend_refusal(state, seat, action)
    if action == PASS:
        for die in range(DICE):
            if pieces_of(state, seat, die):
                return "the %s die can still be drawn: drawing is compulsory" % data.DICE[die]
        return ""
    return "%r is not a Christmas On Track move" % (action,)


def _place_refusal(state, seat, action):
    die, colour, tile, part = place_parts(action)
    if die >= DICE or colour > track.GREEN or tile >= state.layout.size:
        return "%r is not a Christmas On Track move" % (action,)
    if part >= BUILDING_PART + 3:
        return "%r is not a Christmas On Track move" % (action,)
    shape = TRACK if part < BUILDING_PART else part - BUILDING_PART + 1
    reason = piece_refusal(state, seat, piece(die, colour, shape))
    if reason:
        return reason
    name = state.layout.tile_name(tile)
    if tile == state.first_tile[seat]:
        return "the second piece must go on another tile than %s" % name
    cell = state.cells[seat][tile]
    if cell < 0:
        return "%s holds a building: nothing more fits there" % name
    if shape != TRACK:
        return "a building needs an empty tile: %s has track" % name if cell else ""
    value = state.hand[seat][die]
    family = state.faces[value - 1][1]
    if track.FAMILY[part] != family:
        names = data.FAMILIES
        return "a %d draws a %s, not a %s" % (value, names[family], names[track.FAMILY[part]])
    if cell & track.MASKS[part]:
        return "a dot of %s on %s is used already" % (track.connection_name(part), name)
    return ""


def _merge_refusal(state, seat, action):
    first, second, value = merge_parts(action)
    if not (first < second < DICE and 1 <= value <= _TOP_FACE):
        return "%r is not a Christmas On Track move" % (action,)
    if state.placed[seat]:
        return "doubles merge only before the first piece of the turn"
    if state.merged[seat]:
        return "this turn's doubles are merged already"
    hand = state.hand[seat]
    if not hand[first] or hand[first] != hand[second]:
        return "only doubles merge: the %s and %s dice differ" % (
            data.DICE[first],
            data.DICE[second],
        )
    return ""


def _spend_refusal(state, seat, action):
    die, up = action // 10 % 10, action % 10
    if up > 1:
        return "%r is not a Christmas On Track move" % (action,)
    if not state.bank[seat]:
        return "no circled star to fill in"
    value = state.hand[seat][die]
    if not value:
        return "the %s die is used this turn" % data.DICE[die]
    if (up and value == _TOP_FACE) or (not up and value == 1):
        return "a die stays between 1 and 6 (no wrap-around)"
    return ""


def describe(layout, seat, action):
    """Words for an action (seat -1: a roll), or the number itself when it means nothing."""
    if not is_int(action):
        return str(action)
    if seat == -1:
        return "red %d green %d white %d" % roll_dice(action)
    if action == NEXT:
        return "next roll"
    if action == PASS:
        return "pass (nothing fits)"
    if MERGE_BASE <= action < SPEND_BASE:
        first, second, value = merge_parts(action)
        if second < DICE:
            return "merge %s+%s into %d" % (data.DICE[first], data.DICE[second], value)
    if SPEND_BASE <= action < SPEND_BASE + DICE * 10:
        return "star: %s die %s1" % (data.DICE[action // 10 % 10], "+" if action % 10 else "-")
    if PLACE_BASE <= action < 2 * PLACE_BASE:
        die, colour, tile, part = place_parts(action)
        if die < DICE and colour < 2 and tile < layout.size and part < BUILDING_PART + 3:
            if part >= BUILDING_PART:
                what = data.BUILDINGS[part - BUILDING_PART]
            else:
                what = "track " + track.connection_name(part)
            words = (data.DICE[die], data.COLOURS[colour], what, layout.tile_name(tile))
            return "%s die: %s %s on %s" % words
    return str(action)
