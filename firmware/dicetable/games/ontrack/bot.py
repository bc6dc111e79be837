"""Christmas On Track's bot and hint: grow each colour's track from its buildings, cap it with
the next building when it is long enough, and never waste a piece when an extension will do.

The bot keeps no memory: every decision reads the sheet afresh, so a resumed game decides the
same way. Per colour it finds the "heads" - track ends it may grow - from the chains
(ontrack_track.Chains): an end whose chain starts at a building grows towards that building's
partner (Workshop and Sleigh pair with the Gift Wrap); a building still missing a route gets
new heads on its free sides; before the first building, track may start beside the colour's
start tile, which is kept free for it. Ends of hopeless chains take pieces nobody else wants.

Values are tenths of a point. A piece is valued alone (see _Bot.best); the first piece of a
turn is the better half of the best pair of dice, so a die another colour needs is kept. A star
is filled in only when the turn it buys beats the point an unused star scores; doubles merge
when the wild die beats the pair it replaces. About 3,700 lines of Python per decision (mean,
4 seats); the mean score on the standard sheet is about 28.
"""

from micropython import const

from dicetable.games.ontrack import moves
from dicetable.games.ontrack import track

_WORKSHOP = const(0)
_GIFT_WRAP = const(1)
_SLEIGH = const(2)
# Partners of each building as a bit mask over kinds: sections are Workshop-Gift Wrap and
# Gift Wrap-Sleigh.
_PARTNERS = (0b010, 0b101, 0b010)

_SITE = const(3)  # origin of a chain started beside the start tile, before any building
# (3: after the building kinds 0-2, so "origin >= 0" means the chain has somewhere to go)
_JUNK = const(-1)  # origin of a chain that can never be a route

_COMPLETE = const(1000)  # a cap or connection that finishes a section, + 10 per tile
_START_BUILDING = const(500)  # the colour's first building (+ _MIDDLE_BONUS for a Gift Wrap)
_MIDDLE_BONUS = const(100)
_NEW_TILE = const(10)
_OLD_TILE = const(2)  # growing through a tile the chain already crosses scores nothing new
_CAPPABLE = const(3)  # the new end faces an empty tile, where a building can go
_STAR = const(10)  # an unclaimed star tile: a star is worth a point
_KILL = const(-20)  # the new end faces the border or other colour: the chain is finished
_FALLBACK = const(-20)  # any other legal piece: about two new dead ends
_NAV = const(3)  # per step closer to a partner building drawn elsewhere
_SPACE_LIMIT = const(8)  # free tiles counted beyond a head (a bounded flood fill)
_STAR_COST = const(10)  # an unused star scores 1 at the end
_HOME = const(3)  # growing into the colour's own half of the sheet
# A head is ripe for its cap when it is _LONG tiles long, or when the turns left are at most
# _LATE plus _SECTION_TURNS per section that would still have to start from nothing.
_LONG = const(9)
_LATE = const(4)
_SECTION_TURNS = const(7)

# _WITH_DOT[dot x 2 + family]: ((connection, other dot), ...) of that family using the dot.
_WITH_DOT = []
for _dot in range(track.DOTS):
    for _family in range(2):
        _found = []
        for _connection in track.BY_FAMILY[_family]:
            _a, _b = track.CONNECTIONS[_connection]
            if _dot in (_a, _b):
                _found.append((_connection, _b if _dot == _a else _a))
        _WITH_DOT.append(tuple(_found))


# _ENTRIES[edge x 4 + the used bits of its two dots]: the free dots of that edge, ascending.
_ENTRIES = []
for _edge in range(4):
    for _used in range(4):
        _ENTRIES.append(tuple([_edge * 2 + _slot for _slot in (0, 1) if not (_used >> _slot) & 1]))
_ENTRIES = tuple(_ENTRIES)


def choose(state, seat, rng):
    """The bot's action for `seat`. `rng` is unused: the policy is deterministic."""
    if state.dice_only:
        return moves.NEXT
    return _Bot(state, seat).choose()


def start_tile(layout, colour):
    """Where a colour's first building goes: the middle of its half of the sheet (red above,
    green below), so the two colours rarely compete for tiles."""
    quarter = layout.rows // 4
    row = quarter if colour == track.RED else layout.rows - 1 - quarter
    return row * layout.columns + layout.columns // 2


class _Head:
    """A place a colour's track may grow: the tile beyond an end and the dots it may enter by.

    origin: the building kind the chain starts at, _SITE or _JUNK; length: distinct tiles;
    allowed: kinds that may cap it (bit mask); target: a partner building's tile to steer to.
    """

    def __init__(self, tile, entries, origin, length, tiles):
        self.tile = tile
        self.entries = entries
        self.origin = origin
        self.length = length
        self.tiles = tiles
        self.allowed = 0
        self.target = -1
        self.ripe = False


class _Plan:
    """One colour's view of the sheet for this decision: buildings, heads, the start tile."""

    def __init__(self, bot, colour):
        state, seat = bot.state, bot.seat
        layout = bot.layout
        self.colour = colour
        # Rows of the colour's own half of the sheet: [first, end).
        half = layout.rows // 2
        self.home_rows = (0, half) if colour == track.RED else (layout.rows - half, layout.rows)
        self.sites = state.sites[seat][colour * 3 : colour * 3 + 3]
        self.any_building = max(self.sites) >= 0
        self.start = -1 if self.any_building else start_tile(layout, colour)
        if self.start >= 0 and bot.cells[self.start] != 0:
            self.start = self._nearest_empty(bot, self.start)
        self.heads = []
        done = [False, False]  # Workshop-Gift Wrap, Gift Wrap-Sleigh
        site_chains = 0
        chains = track.Chains(layout, bot.cells, state.pieces[seat], colour, bot.owners())
        for ends, tiles, _order in chains.chains:
            if not ends:
                continue
            kinds = (self._class(bot, chains, ends[0]), self._class(bot, chains, ends[1]))
            if kinds[0] >= 0 and kinds[1] >= 0:
                low, high = min(kinds), max(kinds)
                if low == _WORKSHOP and high == _GIFT_WRAP:
                    done[0] = True
                elif low == _GIFT_WRAP and high == _SLEIGH:
                    done[1] = True
                continue
            for side in (0, 1):
                if kinds[side] != track.OPEN:
                    continue
                other = kinds[1 - side]
                if other == _SITE:
                    site_chains += 1
                origin = other if other >= 0 else _JUNK  # a building kind or _SITE
                tile, dot = ends[side]
                beyond = layout.across[tile * 4 + (dot >> 1)]
                self.heads.append(_Head(beyond, (dot ^ 4,), origin, len(tiles), tiles))
        self.done = done
        self.site_chains = site_chains
        self._aim(bot)
        self._add_starts(bot)

    @staticmethod
    def _nearest_empty(bot, tile):
        cells = bot.cells
        columns = bot.layout.columns
        row, column = tile // columns, tile % columns
        best = -1
        best_distance = 0
        for other in range(bot.layout.size):
            if cells[other] == 0:
                distance = abs(other // columns - row) + abs(other % columns - column)
                if best < 0 or distance < best_distance:
                    best, best_distance = other, distance
        return best

    def _class(self, bot, chains, end):
        kind = chains.end_facing(end)
        if kind == track.OPEN and self.start >= 0:
            if bot.layout.across[end[0] * 4 + (end[1] >> 1)] == self.start:
                return _SITE
        return kind

    def _section_done(self, a, b):
        if a > b:
            a, b = b, a
        return self.done[0] if a == _WORKSHOP and b == _GIFT_WRAP else self.done[1]

    def _aim(self, bot):
        """Caps and steering targets of the growing heads; ripeness of each cap."""
        growing = 0
        for head in self.heads:
            origin = head.origin
            if not 0 <= origin <= _SLEIGH:
                continue
            for kind in range(3):
                if not (_PARTNERS[origin] >> kind) & 1 or self._section_done(origin, kind):
                    continue
                if self.sites[kind] < 0:
                    head.allowed |= 1 << kind
                elif head.target < 0:
                    head.target = self.sites[kind]
            if head.allowed or head.target >= 0:
                growing += 1
            else:
                head.origin = _JUNK
        open_sections = 2 - self.done[0] - self.done[1]
        for head in self.heads:
            if head.allowed:
                # Sections left to start from nothing once this head is capped.
                fresh = max(0, open_sections - growing)
                late = bot.turns_left <= _LATE + _SECTION_TURNS * fresh
                head.ripe = head.length >= _LONG or late

    def _add_starts(self, bot):
        """New heads beside a building still short of routes (or beside the start tile)."""
        for kind in range(3):
            tile = self.sites[kind]
            if tile < 0:
                continue
            need = 0
            for partner in range(3):
                if (_PARTNERS[kind] >> partner) & 1 and not self._section_done(kind, partner):
                    need += 1
            if not need:
                # Every route from here is done: a spare piece beside the building costs one
                # dead end where a piece anywhere else would cost two.
                self._heads_around(bot, tile, _JUNK)
                continue
            for head in self.heads:
                if head.origin == kind or head.target == tile:
                    need -= 1
            if need > 0:
                self._heads_around(bot, tile, kind)
        if self.start >= 0 and not self.site_chains:
            self._heads_around(bot, self.start, _SITE)

    def _heads_around(self, bot, tile, origin):
        cells = bot.cells
        across = bot.layout.across
        for edge in range(4):
            beside = across[tile * 4 + edge]
            if beside < 0:
                continue
            cell = cells[beside]
            if cell < 0:
                continue
            facing_edge = (edge + 2) % 4
            entries = _ENTRIES[facing_edge * 4 + ((cell >> (facing_edge * 2)) & 3)]
            if entries:
                self.heads.append(_Head(beside, entries, origin, 0, ()))


class _Bot:
    def __init__(self, state, seat):
        self.state = state
        self.seat = seat
        self.layout = state.layout
        self.cells = state.cells[seat]
        self.turns_left = state.turns - state.turn
        self.first_tile = state.first_tile[seat]
        self.claimed = state.claimed[seat]
        self._plans = [None, None]
        self._owners = None
        self._best = {}
        self._face_best = {}  # best() by colour x 8 + face
        self._space = {}
        self._marks = [0] * self.layout.size

    def owners(self):
        if self._owners is None:
            self._owners = track.dot_owners(self.layout, self.state.pieces[self.seat])
        return self._owners

    def plan(self, colour):
        if self._plans[colour] is None:
            self._plans[colour] = _Plan(self, colour)
        return self._plans[colour]

    # --- valuing one piece ------------------------------------------------------------------
    def best(self, colour, face):
        """(value, place part, tile) of the best piece of `colour` a die showing `face` can
        draw, or None when the plan has no use for it."""
        key = colour * 8 + face
        if key in self._face_best:
            return self._face_best[key]
        kind, family = self.state.faces[face - 1]
        best = None
        plan = self.plan(colour)
        if kind >= 0 and plan.sites[kind] < 0:
            best = self._best_building(plan, kind)
        found = self._growth(colour, family)
        if found is not None and (best is None or found[0] > best[0]):
            best = found
        self._face_best[key] = best
        return best

    def _growth(self, colour, family):
        """The best track piece of a family for a colour (cached per decision)."""
        key = colour * 2 + family
        if key not in self._best:
            self._grow(colour)
        return self._best[key]

    def _grow(self, colour):
        """_growth of both families of a colour (a decision nearly always asks for both),
        found in one walk over its heads: each family meets the heads, entries and
        connections in the same order as alone."""
        plan = self.plan(colour)
        bests = [None, None]  # by family: (value, connection, tile)
        for junk in (False, True):
            families = []
            for family in (0, 1):
                best = bests[family]
                if not junk or best is None or best[0] < _NEW_TILE:
                    families.append(family)
            if not families:
                break  # spare pieces go to dead chains only when nothing grows
            for head in plan.heads:
                if (head.origin == _JUNK) != junk:
                    continue
                for entry in head.entries:
                    self._best_extension(plan, head, entry, families, bests)
        self._best[colour * 2] = bests[0]
        self._best[colour * 2 + 1] = bests[1]

    def _best_building(self, plan, kind):
        best = None
        if not plan.any_building and plan.start >= 0 and plan.start != self.first_tile:
            value = _START_BUILDING + (_MIDDLE_BONUS if kind == _GIFT_WRAP else 0)
            best = (value + _NEW_TILE * plan.site_chains, moves.BUILDING_PART + kind, plan.start)
        for head in plan.heads:
            if not (head.allowed >> kind) & 1 or head.length == 0:
                continue
            tile = head.tile
            if self.cells[tile] != 0 or tile == self.first_tile:
                continue
            if head.ripe:
                value = _COMPLETE + _NEW_TILE * head.length
            else:
                value = 5 * head.length - 10
            if best is None or value > best[0]:
                best = (value, moves.BUILDING_PART + kind, tile)
        return best

    def _best_extension(self, plan, head, entry, families, bests):
        """Pieces from `entry` of the head's tile: bests[family] becomes the first better one
        of each family asked."""
        tile = head.tile
        cells = self.cells
        cell = cells[tile]
        if cell < 0 or tile == self.first_tile or tile == plan.start:
            return
        layout = self.layout
        across = layout.across
        masks = track.MASKS
        colour = plan.colour
        star = _STAR if tile in layout.stars and tile not in self.claimed else 0
        junk = head.origin == _JUNK
        fresh = _OLD_TILE if tile in head.tiles else _NEW_TILE
        target = head.target
        columns = layout.columns
        if target >= 0:
            # _NAV per step closer to the target: its distance from this tile, then beyond.
            target_row, target_column = target // columns, target % columns
            distance = abs(tile // columns - target_row) + abs(tile % columns - target_column)
        home_first, home_end = plan.home_rows
        spaces = self._space
        for family in families:
            best = bests[family]
            best_value = None if best is None else best[0]
            best_connection = -1
            for connection, exit_dot in _WITH_DOT[entry * 2 + family]:
                if cell & masks[connection]:
                    continue
                # What the new end meets across its edge (track.facing, inlined).
                beyond = across[tile * 4 + (exit_dot >> 1)]
                if beyond < 0:
                    meets = track.BLOCKED
                else:
                    far = cells[beyond]
                    if far < 0:
                        code = -1 - far  # a building: its colour x 3 + kind
                        meets = code % 3 if code // 3 == colour else track.BLOCKED
                    elif (far >> (exit_dot ^ 4)) & 1:
                        meets = track.BLOCKED
                    else:
                        meets = track.OPEN
                if junk:
                    value = 1 + star + (_NEW_TILE if meets >= 0 else 0)
                    if not head.length:
                        value -= _NEW_TILE  # a new chain: its far end is a dead end
                elif meets >= 0:
                    if (head.allowed >> meets) & 1 or plan.sites[meets] == target:
                        value = _COMPLETE + _NEW_TILE * (head.length + 1)
                    else:
                        value = 0
                elif meets == track.OPEN:
                    if beyond == plan.start:
                        continue  # the start tile is kept for the first building
                    room = spaces.get(beyond)
                    if room is None:
                        room = self.space(beyond)
                    value = fresh + star + room
                    row = beyond // columns
                    if home_first <= row < home_end:
                        value += _HOME
                    if not far:
                        value += _CAPPABLE
                    if target >= 0:
                        closer = distance - abs(row - target_row)
                        value += _NAV * (closer - abs(beyond % columns - target_column))
                else:
                    value = _KILL + star
                if best_value is None or value > best_value:
                    best_value, best_connection = value, connection
            if best_connection >= 0:
                bests[family] = (best_value, best_connection, tile)

    def space(self, tile):
        """Empty tiles reachable from `tile` (itself included) through empty tiles, up to
        _SPACE_LIMIT: room left to grow there."""
        if tile in self._space:
            return self._space[tile]
        cells = self.cells
        across = self.layout.across
        mark = self._marks
        stamp = len(self._space) + 1  # a fresh mark per fill: no clearing needed
        mark[tile] = stamp
        count = 1
        stack = [tile]
        while stack and count < _SPACE_LIMIT:
            here = stack.pop() * 4
            for edge in range(4):
                other = across[here + edge]
                if other >= 0 and not cells[other] and mark[other] != stamp:
                    mark[other] = stamp
                    count += 1
                    stack.append(other)
        if count > _SPACE_LIMIT:
            count = _SPACE_LIMIT
        self._space[tile] = count
        return count

    # --- valuing a die ----------------------------------------------------------------------
    def die_best(self, die, value, pencils):
        """(value, action, tile, building) of the best piece for a die showing `value`, or
        None; `building` is colour x 3 + kind for a building, else -1 (see _best_turn)."""
        best = None
        for colour in (track.RED, track.GREEN):
            if not pencils & (1 << colour):
                continue
            found = self.best(colour, value)
            if found is not None and (best is None or found[0] > best[0]):
                part, tile = found[1], found[2]
                building = -1
                if part >= moves.BUILDING_PART:
                    building = colour * 3 + part - moves.BUILDING_PART
                best = (found[0], moves.place_action(die, colour, tile, part), tile, building)
        return best

    def choose(self):
        state, seat = self.state, self.seat
        hand = state.hand[seat]
        pencils = state.pencils[seat]
        dice = [die for die in range(3) if hand[die]]
        options = [None, None, None]  # by die
        for die in dice:
            options[die] = self.die_best(die, hand[die], pencils[die])
        best_value, best_action = self._best_turn(dice, options, state.placed[seat])
        bank = state.bank[seat]
        if bank:
            for die in dice:
                for step in (-1, 1):
                    value = hand[die] + step
                    if not 1 <= value <= 6:
                        continue
                    trial = list(options)
                    trial[die] = self.die_best(die, value, pencils[die])
                    total, _action = self._best_turn(dice, trial, state.placed[seat])
                    if total - _STAR_COST > best_value:
                        best_value = total - _STAR_COST
                        best_action = moves.spend_action(die, step > 0)
        if not state.placed[seat] and not state.merged[seat]:
            for first in dice:
                for second in dice:
                    if first >= second or hand[first] != hand[second]:
                        continue
                    rest = [die for die in dice if die != second]
                    for value in range(1, 7):
                        trial = list(options)
                        trial[first] = self.die_best(
                            first, value, pencils[first] | pencils[second]
                        )
                        total, _action = self._best_turn(rest, trial, 0)
                        if total > best_value:
                            best_value = total
                            best_action = moves.merge_action(first, second, value)
        if best_action is None:
            return self._fallback()
        return best_action

    @staticmethod
    def _best_turn(dice, options, placed):
        """(value, first action) of the best use of the dice left this turn: one piece if one
        is drawn already, else the best pair, playing its lower-valued piece first (so an
        extension goes before the cap beyond it)."""
        best_value = None
        best_action = None
        for die in dice:
            own = options[die]
            if own is None:
                continue
            own_value = own[0]
            if placed:
                if best_value is None or own_value > best_value:
                    best_value, best_action = own_value, own[1]
                continue
            for other in dice:
                if other == die:
                    continue
                partner = options[other]
                if partner is None:
                    total = own_value + _FALLBACK
                    first = own[1]
                else:
                    partner_value = partner[0]
                    first = own[1] if own_value <= partner_value else partner[1]
                    # Two pieces valued on one tile or as one building cannot both be drawn
                    # as valued: the second is worth at most a plain extension further along.
                    if partner_value > _NEW_TILE and (
                        own[2] == partner[2] or (own[3] >= 0 and own[3] == partner[3])
                    ):
                        partner_value = _NEW_TILE
                    total = own_value + partner_value
                if best_value is None or total > best_value:
                    best_value, best_action = total, first
        if best_value is None:
            return _FALLBACK * (1 if placed else 2), None
        return best_value, best_action

    def _fallback(self):
        """The first legal piece in the UI's order, or pass when nothing fits."""
        state, seat = self.state, self.seat
        for die in state.legal_dice(seat):
            for code in state.legal_pieces(seat, die):
                tiles = state.legal_tiles(seat, code)
                parts = state.legal_connections(seat, code, tiles[0])
                die, colour, _shape = moves.piece_fields(code)
                return moves.place_action(die, colour, tiles[0], parts[0])
        return moves.PASS


def hint(state, seat):
    """The action the bot would play for `seat` now, or None when the seat is not asked."""
    if not state.asks(seat):
        return None
    return choose(state, seat, None)
