"""Christmas On Track's sheet geometry (reference B3): tiles, dots, the 20 connections, and the
walk along connected track that scoring and the bot share.

Dots: every tile edge has two, so a tile has 8, numbered edge x 2 + slot with edges N 0, E 1,
S 2, W 3. On N and S edges slot 0 is the west dot, on E and W edges the north dot, so dot d of
a tile faces dot d ^ 4 of the tile across that edge ((N, k) faces (S, k) of the tile above).

A track piece joins two dots of one tile on different edges, except the "tight" corner (the
two dots nearest a shared corner: too sharp a turn for a train). That leaves 20 connections,
numbered 0-19 in CONNECTIONS: 8 straights (opposite edges) and 12 curves (adjacent edges).

A sheet is a list of tile cells and a list of pieces:
    cell   >= 0: bits 0-7 the dots used, bits 8-15 those of them used by green track
           < 0:  a building, -1 - (colour x 3 + kind), filling the tile
    piece  tile x 64 + connection x 2 + colour, in the order drawn
"""

from array import array

from micropython import const

from dicetable.games.ontrack import data

NORTH = const(0)
EAST = const(1)
SOUTH = const(2)
WEST = const(3)
EDGE_NAMES = ("N", "E", "S", "W")

RED = const(0)
GREEN = const(1)

DOTS = const(8)
OPEN = const(-1)  # a track end facing a free dot: it could be extended there
BLOCKED = const(-2)  # the border, the other colour, or a building of the other colour
_GREEN_SHIFT = const(8)
_USED = const(0xFF)
_PIECE_TILE = const(64)


def _near_slot(edge, towards):
    """The slot of `edge` nearest its corner with the adjacent edge `towards`."""
    if edge in (NORTH, SOUTH):
        return 1 if towards == EAST else 0
    return 1 if towards == SOUTH else 0


def _connections():
    pairs = []
    families = []
    for a in range(DOTS):
        for b in range(a + 1, DOTS):
            edge_a, edge_b = a >> 1, b >> 1
            if edge_a == edge_b:
                continue  # a U-turn on one edge
            if (edge_a + edge_b) % 2 == 0:
                families.append(data.STRAIGHT)
            elif (a & 1) == _near_slot(edge_a, edge_b) and (b & 1) == _near_slot(edge_b, edge_a):
                continue  # the tight corner
            else:
                families.append(data.CURVE)
            pairs.append((a, b))
    return tuple(pairs), tuple(families)


# (dot a, dot b) with a < b, and the family, of each connection; CONNECTION_AT[a x 8 + b] is
# the connection joining two dots (either order), or -1.
CONNECTIONS, FAMILY = _connections()
CONNECTION_AT = [-1] * (DOTS * DOTS)
for _index in range(len(CONNECTIONS)):
    _a, _b = CONNECTIONS[_index]
    CONNECTION_AT[_a * DOTS + _b] = CONNECTION_AT[_b * DOTS + _a] = _index
MASKS = tuple([(1 << a) | (1 << b) for a, b in CONNECTIONS])
# Connections of each family, ascending.
BY_FAMILY = tuple(
    [tuple([c for c in range(len(CONNECTIONS)) if FAMILY[c] == f]) for f in range(2)]
)


def dot_name(dot):
    return "%s%d" % (EDGE_NAMES[dot >> 1], dot & 1)


def connection_name(connection):
    a, b = CONNECTIONS[connection]
    return "%s-%s" % (dot_name(a), dot_name(b))


def piece_code(tile, connection, colour):
    return tile * _PIECE_TILE + connection * 2 + colour


def piece_parts(piece):
    """(tile, connection, colour) of a piece."""
    return piece // _PIECE_TILE, piece % _PIECE_TILE // 2, piece % 2


def building_cell(colour, kind):
    return -1 - (colour * 3 + kind)


def cell_building(cell):
    """(colour, kind) of a building cell."""
    code = -1 - cell
    return code // 3, code % 3


def dot_colour(cell, dot):
    """RED, GREEN, or -1 when the dot is unused (cell must not be a building)."""
    if not (cell >> dot) & 1:
        return -1
    return GREEN if (cell >> (_GREEN_SHIFT + dot)) & 1 else RED


def with_track(cell, connection, colour):
    """The cell after drawing a connection on it (the dots must be free)."""
    mask = MASKS[connection]
    if colour == GREEN:
        return cell | mask | (mask << _GREEN_SHIFT)
    return cell | mask


def fits(cell, connection):
    """True if the connection can be drawn on a tile with this cell: no building, dots free."""
    return cell >= 0 and not (cell & MASKS[connection])


class Layout:
    """A sheet's shape, checked and compiled: rows, columns, size (tiles), stars (tile ids,
    ascending), turns, star_slots, turn_star_every, and across[tile x 4 + edge] = the tile on
    the other side of that edge or -1 at the border."""

    def __init__(self, rows, columns, stars, turns, star_slots, turn_star_every):
        if not (1 <= rows and 1 <= columns and rows * columns <= 99):
            raise ValueError("a sheet has 1 to 99 tiles")
        if turns < 1 or star_slots < 0 or turn_star_every < 1:
            raise ValueError("turns, star slots and the turn-star period must be positive")
        self.rows = rows
        self.columns = columns
        self.size = rows * columns
        tiles = []
        for row, column in stars:
            if not (0 <= row < rows and 0 <= column < columns):
                raise ValueError("star (%d, %d) is off the sheet" % (row, column))
            tiles.append(row * columns + column)
        tiles.sort()
        self.stars = tuple(tiles)
        self.turns = turns
        self.star_slots = star_slots
        self.turn_star_every = turn_star_every
        # Signed bytes (a sheet has at most 99 tiles): one 4-byte-a-tile block, where a list
        # grown tile by tile and then copied to a tuple took three, the largest 1 KB.
        across = array("b", bytes(4 * self.size))
        for tile in range(self.size):
            row, column = tile // columns, tile % columns
            at = 4 * tile
            across[at] = tile - columns if row > 0 else -1
            across[at + 1] = tile + 1 if column < columns - 1 else -1
            across[at + 2] = tile + columns if row < rows - 1 else -1
            across[at + 3] = tile - 1 if column > 0 else -1
        self.across = across

    def tile_name(self, tile):
        """Row letter and column number, as on a map: "A1" is the top-left tile."""
        return "%s%d" % (chr(65 + tile // self.columns), tile % self.columns + 1)


def standard_layout():
    return Layout(
        data.ROWS, data.COLUMNS, data.STARS, data.TURNS, data.STAR_SLOTS, data.TURN_STAR_EVERY
    )


def facing(layout, cells, colour, tile, dot):
    """What a track end of `colour` at (tile, dot) meets across its edge: a building kind 0-2 of
    its own colour, OPEN (a free dot on a tile without a building), or BLOCKED. A same-colour
    track there is not an end at all; callers walk on instead (see Chains)."""
    other = layout.across[tile * 4 + (dot >> 1)]
    if other < 0:
        return BLOCKED
    cell = cells[other]
    if cell < 0:
        owner, kind = cell_building(cell)
        return kind if owner == colour else BLOCKED
    return BLOCKED if (cell >> (dot ^ 4)) & 1 else OPEN


def dot_owners(layout, pieces):
    """1 + the index of the piece using each dot (tile x 8 + dot; 0: none), for both colours.
    Bytes while they fit: it is the largest allocation of a scoring, and heaps fragment."""
    slots = layout.size * DOTS
    owners = bytearray(slots) if len(pieces) < 255 else [0] * slots
    for index in range(len(pieces)):
        code = pieces[index]
        base = code // _PIECE_TILE * DOTS
        a, b = CONNECTIONS[code % _PIECE_TILE >> 1]
        owners[base + a] = owners[base + b] = index + 1
    return owners


class Chains:
    """The track of one colour, walked into chains of pieces joined dot to dot.

    Two-ended pieces make every chain a simple path or a loop. Each chain is
    [ends, tiles, pieces]: `ends` the two (tile, dot) where it stops (empty for a loop),
    `tiles` its distinct tiles, `pieces` indices into the sheet's piece list, walk order.
    `owners` (dot_owners) may be shared by the two colours of one sheet.
    """

    def __init__(self, layout, cells, pieces, colour, owners=None):
        self.layout = layout
        self.cells = cells
        self.pieces = pieces
        self.colour = colour
        self._owners = owners if owners is not None else dot_owners(layout, pieces)
        self.chains = []
        seen = [False] * len(pieces)
        for index in range(len(pieces)):
            if seen[index] or pieces[index] % 2 != colour:
                continue
            self.chains.append(self._walk_from(index, seen))

    def _walk_from(self, start, seen):
        tile, connection, _colour = piece_parts(self.pieces[start])
        a, b = CONNECTIONS[connection]
        seen[start] = True
        tiles = [tile]
        forward = [start]
        end_b = self._walk(tile, b, tile * DOTS + a, tiles, forward, seen)
        if end_b is None:
            return [(), tiles, forward]
        backward = []
        end_a = self._walk(tile, a, -1, tiles, backward, seen)
        backward.reverse()
        return [(end_a, end_b), tiles, backward + forward]

    def _walk(self, tile, dot, closing, tiles, order, seen):
        """Follow the track out of (tile, dot); the (tile, dot) where it ends, or None when it
        comes back in through `closing` (a loop)."""
        across = self.layout.across
        cells = self.cells
        owners = self._owners
        pieces = self.pieces
        colour = self.colour
        while True:
            other = across[tile * 4 + (dot >> 1)]
            if other < 0:
                return (tile, dot)
            cell = cells[other]
            entry = dot ^ 4
            # The facing dot must be used, and by this colour's track.
            if cell < 0 or not (cell >> entry) & 1:
                return (tile, dot)
            if (cell >> (_GREEN_SHIFT + entry)) & 1 != colour:
                return (tile, dot)
            slot = other * DOTS + entry
            if slot == closing:
                return None
            index = owners[slot] - 1
            seen[index] = True
            order.append(index)
            if other not in tiles:
                tiles.append(other)
            a, b = CONNECTIONS[pieces[index] % _PIECE_TILE >> 1]
            tile, dot = other, (b if entry == a else a)

    def end_facing(self, end):
        return facing(self.layout, self.cells, self.colour, end[0], end[1])
