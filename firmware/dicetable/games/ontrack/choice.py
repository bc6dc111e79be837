"""One Christmas On Track move of one seat, chosen in stages from the legal options only.

PURE. A `Choice` is made for a state, a seat being asked and the hint (or None); the play screen
(games.ontrack.play) feeds it keys and applies the action it returns. Stages:
    DIE     a row per die that can draw somewhere, then "merge" per pair of doubles, "fill in a
            star" while the seat has one, and "pass" when no die fits anywhere
    VALUE   the value merged doubles become (1-6)
    SPEND   which die a star moves, and which way
    PIECE   pencil, and track or building; skipped when the die allows only one
    TILE    a 2-D cursor over the tiles the piece fits: LEFT/RIGHT step through them in reading
            order (all a 3-button board needs), UP/DOWN jump to the nearest tile in the closest
            row above or below
    WAY     which dots the track joins; skipped when only one way is free
Nothing is returned before the last stage, so `back` steps back one stage at a time. Each
cursor starts on the hint's choice when the hint goes that way.
"""

from micropython import const

from dicetable.games.ontrack import rules as ontrack
from dicetable.ui import keys

DIE = const(1)
VALUE = const(2)
SPEND = const(3)
PIECE = const(4)
TILE = const(5)
WAY = const(6)

# What a row of the die stage does: (kind, detail).
USE = const(0)  # draw with die `detail`
MERGE = const(1)  # merge the doubles in dice detail // 10 and detail % 10
STAR = const(2)  # fill in a star
PASS = const(3)  # nothing fits

_FACES = const(6)


def row_kind(action):
    """USE, MERGE, STAR or PASS: the die-stage row an action starts from (-1 for NEXT)."""
    if action >= ontrack.PLACE_BASE:
        return USE
    if ontrack.MERGE_BASE <= action < ontrack.SPEND_BASE:
        return MERGE
    if ontrack.SPEND_BASE <= action < ontrack.PASS:
        return STAR
    return PASS if action == ontrack.PASS else -1


def _row_of(action):
    """The (kind, detail) die-stage row an action starts from."""
    kind = row_kind(action)
    if kind == USE:
        return (USE, ontrack.place_parts(action)[0])
    if kind == MERGE:
        first, second, _value = ontrack.merge_parts(action)
        return (MERGE, first * 10 + second)
    return (kind, 0)


def shape_of(part):
    """The piece shape of a place action's part: TRACK, or 1 + a building kind."""
    if part >= ontrack.BUILDING_PART:
        return part - ontrack.BUILDING_PART + 1
    return ontrack.TRACK


def piece_of(action):
    """The piece (ontrack.piece) a place action draws."""
    die, colour, _tile, part = ontrack.place_parts(action)
    return ontrack.piece(die, colour, shape_of(part))


class Choice:
    def __init__(self, state, seat, hint):
        self.state = state
        self.seat = seat
        self.hint = hint
        self.stage = DIE
        self.pair = 0  # merge: first die x 10 + second die
        self.value = 0  # merge: the value under the cursor
        self.spends = []  # spend actions
        self.spend = 0
        self.die = -1
        self.pieces = []  # pieces of the chosen die
        self.piece = 0
        self.tiles = []  # tiles the chosen piece fits, ascending (reading order)
        self.tile = 0
        self.ways = []  # parts of a place action on the chosen tile
        self.way = 0
        rows = [(USE, die) for die in state.legal_dice(seat)]
        placeable = bool(rows)
        for action in state.legal_merges(seat):
            row = _row_of(action)
            if row not in rows:
                rows.append(row)
        if state.legal_spends(seat):
            rows.append((STAR, 0))
        if not placeable:
            rows.append((PASS, 0))
        self.rows = rows
        self.row = 0
        if hint is not None and _row_of(hint) in rows:
            self.row = rows.index(_row_of(hint))

    def _hinted(self, kind):
        hint = self.hint
        return hint if hint is not None and row_kind(hint) == kind else None

    def _placing_hint(self):
        """The hint if it draws the chosen piece, else None."""
        hint = self._hinted(USE)
        if hint is None or piece_of(hint) != self.pieces[self.piece]:
            return None
        return hint

    # --- moving through the stages ----------------------------------------------------------
    def press(self, key):
        """Take a key; returns the action once the last choice is made, else None."""
        stage = self.stage
        if stage == TILE:
            if key == keys.OK:
                return self._enter_way()
            self.tile = self.tile_after(key)
            return None
        step = 0
        if key in (keys.UP, keys.LEFT):
            step = -1
        elif key in (keys.DOWN, keys.RIGHT):
            step = 1
        elif key != keys.OK:
            return None
        if stage == DIE:
            if not step:
                return self._enter_row()
            self.row = (self.row + step) % len(self.rows)
        elif stage == VALUE:
            if not step:
                return ontrack.merge_action(self.pair // 10, self.pair % 10, self.value + 1)
            self.value = (self.value + step) % _FACES
        elif stage == SPEND:
            if not step:
                return self.spends[self.spend]
            self.spend = (self.spend + step) % len(self.spends)
        elif stage == PIECE:
            if not step:
                self._enter_tile()
            else:
                self.piece = (self.piece + step) % len(self.pieces)
        elif stage == WAY:
            if not step:
                return self.action()
            self.way = (self.way + step) % len(self.ways)
        return None

    def back(self):
        """Step back one stage; False on the first stage (nothing to step back to)."""
        stage = self.stage
        if stage == WAY:
            self.stage = TILE
        elif stage == TILE:
            self.stage = PIECE if len(self.pieces) > 1 else DIE
        elif stage in (PIECE, VALUE, SPEND):
            self.stage = DIE
        else:
            return False
        return True

    def _enter_row(self):
        state, seat = self.state, self.seat
        kind, detail = self.rows[self.row]
        if kind == PASS:
            return ontrack.PASS
        if kind == MERGE:
            self.stage = VALUE
            self.pair = detail
            self.value = state.hand[seat][detail // 10] - 1
            hint = self._hinted(MERGE)
            if hint is not None and _row_of(hint) == (MERGE, detail):
                self.value = ontrack.merge_parts(hint)[2] - 1
            return None
        if kind == STAR:
            self.stage = SPEND
            self.spends = state.legal_spends(seat)
            hint = self._hinted(STAR)
            self.spend = self.spends.index(hint) if hint in self.spends else 0
            return None
        self.die = detail
        self.pieces = state.legal_pieces(seat, detail)
        self.piece = 0
        hint = self._hinted(USE)
        if hint is not None and piece_of(hint) in self.pieces:
            self.piece = self.pieces.index(piece_of(hint))
        if len(self.pieces) == 1:
            self._enter_tile()
        else:
            self.stage = PIECE
        return None

    def _enter_tile(self):
        self.stage = TILE
        self.tiles = self.state.legal_tiles(self.seat, self.pieces[self.piece])
        self.tile = 0
        hint = self._placing_hint()
        if hint is not None:
            tile = ontrack.place_parts(hint)[2]
            if tile in self.tiles:
                self.tile = self.tiles.index(tile)

    def ways_here(self):
        """(parts, the one the cursor starts on) of the chosen piece on the cursor's tile."""
        tile = self.tiles[self.tile]
        ways = self.state.legal_connections(self.seat, self.pieces[self.piece], tile)
        start = 0
        hint = self._placing_hint()
        if hint is not None:
            _die, _colour, hint_tile, part = ontrack.place_parts(hint)
            if hint_tile == tile and part in ways:
                start = ways.index(part)
        return ways, start

    def _enter_way(self):
        self.ways, self.way = self.ways_here()
        if len(self.ways) == 1:
            return self.action()
        self.stage = WAY
        return None

    def action(self):
        """The place action of the piece, tile and way chosen."""
        die, colour, _shape = ontrack.piece_fields(self.pieces[self.piece])
        return ontrack.place_action(die, colour, self.tiles[self.tile], self.ways[self.way])

    def tile_after(self, key):
        """The tile index a cursor key leads to: LEFT/RIGHT the previous or next fitting tile
        in reading order; UP/DOWN the nearest column in the closest row above or below that
        has a fitting tile (round to the other end of the sheet)."""
        tiles = self.tiles
        count = len(tiles)
        if key == keys.LEFT:
            return (self.tile - 1) % count
        if key == keys.RIGHT:
            return (self.tile + 1) % count
        if key not in (keys.UP, keys.DOWN):
            return self.tile
        columns = self.state.layout.columns
        row, column = tiles[self.tile] // columns, tiles[self.tile] % columns
        target = -1
        for tile in tiles:
            other = tile // columns
            if key == keys.UP:
                closer = other < row and (target < 0 or other > target)
            else:
                closer = other > row and (target < 0 or other < target)
            if closer:
                target = other
        if target < 0:  # nothing beyond this row: round to the far end
            target = tiles[-1] // columns if key == keys.UP else tiles[0] // columns
        best = self.tile
        best_distance = -1
        for index in range(count):
            if tiles[index] // columns == target:
                distance = abs(tiles[index] % columns - column)
                if best_distance < 0 or distance < best_distance:
                    best, best_distance = index, distance
        return best

    def key_towards(self, action):
        """The key that brings the choice one press closer to `action`, a legal action of the
        seat: BACK when an earlier stage chose otherwise."""
        stage = self.stage
        if stage == DIE:
            return _towards(self.row, self.rows.index(_row_of(action)), len(self.rows))
        if stage == VALUE:
            if _row_of(action) != (MERGE, self.pair):
                return keys.BACK
            return _towards(self.value, ontrack.merge_parts(action)[2] - 1, _FACES)
        if stage == SPEND:
            if action not in self.spends:
                return keys.BACK
            return _towards(self.spend, self.spends.index(action), len(self.spends))
        if row_kind(action) != USE:
            return keys.BACK
        code = piece_of(action)
        if stage == PIECE:
            if code not in self.pieces or ontrack.piece_fields(code)[0] != self.die:
                return keys.BACK
            return _towards(self.piece, self.pieces.index(code), len(self.pieces))
        if code != self.pieces[self.piece]:
            return keys.BACK
        _die, _colour, tile, part = ontrack.place_parts(action)
        here = self.tiles[self.tile]
        if stage == TILE:
            if tile == here:
                return keys.OK
            columns = self.state.layout.columns
            if tile // columns != here // columns:
                return keys.UP if tile < here else keys.DOWN
            return keys.LEFT if tile < here else keys.RIGHT
        if tile != here:
            return keys.BACK
        return _towards(self.way, self.ways.index(part), len(self.ways))


def _towards(cursor, target, count):
    if cursor == target:
        return keys.OK
    down = (target - cursor) % count
    return keys.DOWN if down <= count - down else keys.UP
