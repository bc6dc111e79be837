"""Trek 12 scoring (reference A7, A11): rope paths, zones, the two size bonuses, frowns, orphans
and the special maps' scoring hooks (trek12_special).

A sheet is three lists indexed by circle id: `values` (a number 0-12, EMPTY or SAD), `up` and
`down` (the circle a number links to, or -1). Pure functions over that data; the rules module
keeps the sheets and caches one Score per seat.

    TOTAL = sum of paths + bonus(longest path) + sum of zones + bonus(largest zone)
            - sad_penalty x frowns - orphan costs + special-map items

Also here, because it is an estimate of that total: Greedy, the one policy behind the hint and
the bot (trek12.hint), which values each placement from the circle's neighbourhood only.
"""

from micropython import const

from dicetable.games.trek12_special import BALL_SHIFT, DESK, ENTRANCE, FRIDGE, SINK, SOFA, STAR
from dicetable.games.trek12_special import WATER, colours

# Circle contents besides the numbers 0-12.
EMPTY = const(-1)
SAD = const(-2)  # the frown written for a result over the circle's cap

_NONE = const(-1)
_FRIDGE_SOFA = FRIDGE | SOFA
# Size bonus for the longest path and the largest zone, by circle count: triangular numbers up
# to 7 circles, then 5 more per circle (8 -> 20, 9 -> 25, 10 -> 30).
_BONUS = (0, 0, 0, 1, 3, 6, 10, 15)
_BONUS_STEP = const(5)


def bonus(size):
    if size < len(_BONUS):
        return _BONUS[size]
    return _BONUS[-1] + _BONUS_STEP * (size - len(_BONUS) + 1)


def paths(values, up, down):
    """Every rope path as its circles from the lowest number up, ordered by the lowest circle."""
    found = []
    for circle in range(len(values)):
        if down[circle] == _NONE and up[circle] != _NONE:
            path = [circle]
            while up[path[-1]] != _NONE:
                path.append(up[path[-1]])
            found.append(path)
    return found


def zones(values, neighbours):
    """Every zone (two or more adjacent circles with the same number) as sorted circle ids,
    ordered by their first circle."""
    size = len(values)
    seen = [False] * size
    found = []
    for start in range(size):
        value = values[start]
        if seen[start] or value < 0:
            continue
        seen[start] = True
        group = [start]
        stack = [start]
        while stack:
            for other in neighbours[stack.pop()]:
                if not seen[other] and values[other] == value:
                    seen[other] = True
                    group.append(other)
                    stack.append(other)
        if len(group) > 1:
            group.sort()
            found.append(group)
    return found


# --- special-map hooks: each a function of a path's or zone's numbers and OR-ed circle marks,
# shared by Score and Greedy so that the two always agree.
def entrance_points(board, mark, entry):
    """An entrance's number (`entry`: their sum) counts negative unless its path holds a sink."""
    if board.entrance and not mark & SINK:
        return -entry
    return 0


def path_extra(board, low, high, mark):
    """What a rope path from `low` to `high` scores beyond 2 x high - low: the doubled
    fridge-sofa line and the garland bonus by ball colours."""
    extra = 0
    if board.fridge_sofa and mark & _FRIDGE_SOFA == _FRIDGE_SOFA:
        extra += 2 * high - low
    garland = board.garland
    if garland:
        count = colours(mark)
        extra += garland[count] if count < len(garland) else garland[-1]
    return extra


def zone_base(board, value, size, mark):
    """A zone's points: number + 1 per other circle, or number x circles on a desk."""
    if board.desk and mark & DESK:
        return value * size
    return value + size - 1


def zone_points(board, value, size, mark):
    """A zone's points with its gift bonus (the same again when no circle of it has a ball)."""
    points = zone_base(board, value, size, mark)
    if board.gift and not mark >> BALL_SHIFT:
        points += points
    return points


def orphan_cost(board, value):
    return value if board.orphan_value else board.orphan_penalty


class Score:
    """One sheet's score with every part the results screen shows.

    paths   [(circles lowest number first, points)]     zones  [(sorted circles, points)]
    path_marks, zone_marks   the OR of each one's circle marks; path_entries: the sum of its
            entrance numbers (both read by Greedy)
    longest, largest    circle counts of the longest path and the largest zone (0 if none)
    path_bonus, zone_bonus, sad (circles with a frown), orphans (numbered circles in no path
    and no zone: each gets a frown at the end), extras [(label, points)] (special-map items),
    lost (the player wrote over 12 on a map where that loses), total.
    `star`: this seat was first to the star circle; `lost`: it wrote over 12 where that loses.
    """

    def __init__(self, board, values, up, down, star=False, lost=False):
        self.paths = []
        self.zones = []
        self.path_marks = []
        self.path_entries = []
        self.zone_marks = []
        self.extras = []
        self.sad = []
        self.orphans = []
        self.longest = self.largest = 0
        self.path_bonus = self.zone_bonus = self.sad_points = self.orphan_points = 0
        self.lost = lost
        self._values = values
        self._desks = []  # per zone: scored as a desk zone
        if lost:
            self.total = board.loss_score
            return
        marks = board.marks
        total = 0
        in_path = [False] * len(values)
        for path in paths(values, up, down):
            low, high = values[path[0]], values[path[-1]]
            points = 2 * high - low
            self.paths.append((path, points))
            total += points
            if len(path) > self.longest:
                self.longest = len(path)
            mark = entry = 0
            for circle in path:
                in_path[circle] = True
                mark |= marks[circle]
                if marks[circle] & ENTRANCE:
                    entry += values[circle]
            self.path_marks.append(mark)
            self.path_entries.append(entry)
            total += self._path_extras(board, low, high, mark, entry)
        in_zone = [False] * len(values)
        for zone in zones(values, board.neighbours):
            value, size = values[zone[0]], len(zone)
            mark = 0
            for circle in zone:
                in_zone[circle] = True
                mark |= marks[circle]
            points = zone_base(board, value, size, mark)
            self.zones.append((zone, points))
            self.zone_marks.append(mark)
            self._desks.append(board.desk and mark & DESK)
            gift = zone_points(board, value, size, mark) - points
            if gift:
                self.extras.append(("Gift %d x%d" % (value, size), gift))
            total += points + gift
            if size > self.largest:
                self.largest = size
        self.path_bonus = bonus(self.longest)
        self.zone_bonus = bonus(self.largest)
        orphan_points = 0
        for circle in range(len(values)):
            value = values[circle]
            if value == SAD:
                self.sad.append(circle)
            elif value >= 0 and not in_path[circle]:
                if marks[circle] & ENTRANCE:
                    entry = entrance_points(board, marks[circle], value)
                    if entry:
                        self.extras.append(("Entrance %d" % value, entry))
                        total += entry
                if not in_zone[circle]:
                    self.orphans.append(circle)
                    orphan_points -= orphan_cost(board, value)
        if star:
            self.extras.append(("Star circle", board.star_bonus))
            total += board.star_bonus
        self.sad_points = -board.sad_penalty * len(self.sad)
        self.orphan_points = orphan_points
        self.total = total + self.path_bonus + self.zone_bonus + self.sad_points
        self.total += self.orphan_points

    def _path_extras(self, board, low, high, mark, entry):
        extra = 0
        if board.fridge_sofa and mark & _FRIDGE_SOFA == _FRIDGE_SOFA:
            self.extras.append(("Fridge-sofa %d-%d" % (low, high), 2 * high - low))
            extra += 2 * high - low
        if board.garland:
            points = path_extra(board, low, high, mark) - extra
            if points:
                label = "Garland %d-%d (%d colours)" % (low, high, colours(mark))
                self.extras.append((label, points))
                extra += points
        entry = entrance_points(board, mark, entry)
        if entry:
            self.extras.append(("Entrance in %d-%d" % (low, high), entry))
            extra += entry
        return extra

    def breakdown(self):
        """[(label, points)] adding up to total: each path, each zone, the bonuses, the special
        items, penalties; a lost sheet is one item."""
        if self.lost:
            return [("Over 12: out", self.total)]
        values = self._values
        items = []
        for path, points in self.paths:
            low, high = values[path[0]], values[path[-1]]
            items.append(("Path %d-%d" % (low, high), points))
        for index in range(len(self.zones)):
            zone, points = self.zones[index]
            desk = "Desk zone" if self._desks[index] else "Zone"
            items.append(("%s %d x%d" % (desk, values[zone[0]], len(zone)), points))
        items.append(("Longest path (%d)" % self.longest, self.path_bonus))
        items.append(("Largest zone (%d)" % self.largest, self.zone_bonus))
        items.extend(self.extras)
        if self.sad:
            items.append(("Over cap x%d" % len(self.sad), self.sad_points))
        if self.orphans:
            items.append(("Orphans x%d" % len(self.orphans), self.orphan_points))
        return items


# --- the greedy policy behind the hint and the bot -------------------------------------------
# It values a sheet as 12 x its score plus an estimate of what its open ends may still bring, in
# twelfths of a point so that everything stays an integer. Weights tuned on seeded solo games:
_UNIT = const(12)  # evaluation units per point
_HEADROOM = const(6)  # an open end is worth more the further its path can still climb, up to 6
_END_STEP = const(2)  # per step of that headroom, when the number has an empty neighbour
_RESCUE_ONE = const(24)  # an orphan with one empty neighbour may still be rescued: 2 points back
_RESCUE_MORE = const(30)  # with two or more: 2.5 points back
_LAST_TICK = const(24)  # using an operation's last tick costs 2 points of flexibility
_OPS = const(5)  # operations per table; the product is the last
_PAIR_RISK = const(24)  # a partner still open may yet get a frown: 2 points
_TOP = const(12)  # the largest number: it has no up-link


def _local(value, up_free, down_free, empties, orphan, orphan_points):
    """The part of the estimate that depends on one numbered circle's surroundings."""
    result = 0
    if orphan:
        result -= orphan_points
        if empties:
            result += _RESCUE_ONE if empties == 1 else _RESCUE_MORE
    if empties:
        if up_free:
            result += _END_STEP * min(12 - value, _HEADROOM)
        if down_free:
            result += _END_STEP * min(value, _HEADROOM)
    return result


class Greedy:
    """Gains of the placements on one sheet, each computed from the circle and its neighbours
    only (the paths and zones it joins are read from the sheet's Score): cheap enough to rank
    every legal action on the device. `gain` equals the change of the whole-sheet estimate;
    a CPython property test checks that against a full recomputation. `star_open`: writing a
    number in the star circle now would win the star bonus."""

    def __init__(self, board, values, up, down, score, star_open=False):
        self.board = board
        self.values = values
        self.up = up
        self.down = down
        self.score = score
        self.star_open = star_open
        self.longest = score.longest
        self.largest = score.largest
        size = board.size
        self.orphan = [False] * size
        for circle in score.orphans:
            self.orphan[circle] = True
        self.path_of = [-1] * size
        for index in range(len(score.paths)):
            for circle in score.paths[index][0]:
                self.path_of[circle] = index
        self.zone_of = [-1] * size
        self.zone_size = []
        for index in range(len(score.zones)):
            zone = score.zones[index][0]
            self.zone_size.append(len(zone))
            for circle in zone:
                self.zone_of[circle] = index
        self.empties = [0] * size
        for circle in range(size):
            count = 0
            for other in board.neighbours[circle]:
                if values[other] == EMPTY:
                    count += 1
            self.empties[circle] = count
        self.sad_points = _UNIT * board.sad_penalty

    def tick_cost(self, ticks_left):
        """What spending a tick costs when `ticks_left` remain for that operation."""
        return _LAST_TICK if ticks_left == 1 else 0

    def safe_product(self, ticks, table):
        """Where a result over 12 puts a player out, only the product can be over 12 (9 rolls
        in 36). A product tick spent now, on a safe result, is one the player may otherwise be
        forced to spend later, when empty circles outnumber the other ticks left: that is
        worth a quarter of the loss. `ticks` are the seat's, `table` the circle's."""
        board = self.board
        if board.loss_score is None:
            return 0
        empty = 0
        for circle in range(board.size):
            if self.values[circle] == EMPTY and board.table_of[circle] == table:
                empty += 1
        others = 0
        for index in range(table * _OPS, table * _OPS + _OPS - 1):  # the product is last
            others += board.limits[index] - ticks[index]
        if empty <= others:
            return 0
        return _UNIT * -board.loss_score // 4

    def gain(self, circle, value, down, up):
        """The estimate's change when `value` is written in `circle` with these links (circle
        ids or -1); a value over the cap, or SAD, is a frown."""
        board = self.board
        values = self.values
        marks = board.marks
        neighbours = board.neighbours[circle]
        sad = value < 0 or value > board.caps[circle]
        result = 0
        size = 1
        if sad:
            result -= self.sad_points
        else:
            mark = marks[circle]
            if down >= 0 or up >= 0:
                result += self._path_gain(circle, value, down, up)
            elif mark & ENTRANCE:
                result += _UNIT * entrance_points(board, mark, value)
            if mark & STAR and self.star_open:
                result += _UNIT * board.star_bonus
            seen = []
            old = 0
            zone_marks = self.score.zone_marks
            for other in neighbours:
                if values[other] != value:
                    continue
                zone = self.zone_of[other]
                if zone < 0:
                    size += 1
                    mark |= marks[other]
                elif zone not in seen:
                    seen.append(zone)
                    size += self.zone_size[zone]
                    mark |= zone_marks[zone]
                    old += zone_points(board, value, self.zone_size[zone], zone_marks[zone])
            if size > 1:
                result += _UNIT * (zone_points(board, value, size, mark) - old)
                if size > self.largest:
                    result += _UNIT * (bonus(size) - bonus(self.largest))
        up_links = self.up
        down_links = self.down
        for other in neighbours:
            held = values[other]
            if held < 0:
                continue
            ends = not marks[other] & WATER
            up_free = ends and up_links[other] == _NONE
            down_free = ends and down_links[other] == _NONE
            empties = self.empties[other]
            orphan = self.orphan[other]
            cost = _UNIT * orphan_cost(board, held)
            result -= _local(held, up_free, down_free, empties, orphan, cost)
            linked = other == down or other == up
            orphan = orphan and not linked and (sad or held != value)
            up_free = up_free and other != down
            down_free = down_free and other != up
            result += _local(held, up_free, down_free, empties - 1, orphan, cost)
        if not sad:
            orphan = down < 0 and up < 0 and size == 1
            ends = not marks[circle] & WATER
            cost = _UNIT * orphan_cost(board, value)
            empties = self.empties[circle]
            result += _local(value, ends and up < 0, ends and down < 0, empties, orphan, cost)
        if board.prelinked:
            result += self._pair_gain(circle, SAD if sad else value, down, up)
        return result

    def _doomed(self, circle, value, up_used, down_used):
        """Whether the empty pre-linked partner of `circle`, which holds `value` (or SAD), can
        only ever get a frown: no free link slot faces a number the partner could take."""
        if value < 0:
            return True
        cap = self.board.caps[self.board.partner[circle]]
        if not up_used and value < _TOP and value + 1 <= cap:
            return False
        return down_used or value == 0 or value - 1 > cap

    def _pair_gain(self, circle, value, down, up):
        """The change of the pre-linked partners' outlook: a partner that can only get a frown
        counts as one already (every circle gets filled), one still open as a risk."""
        board = self.board
        values = self.values
        partner = board.partner
        result = 0
        other = partner[circle]
        if other >= 0:
            if values[other] == EMPTY:
                result -= self._outlook(circle, value, up >= 0, down >= 0)
            else:  # now written: its own frown, if any, is on the sheet
                up_used = self.up[other] >= 0
                result += self._outlook(other, values[other], up_used, self.down[other] >= 0)
        for other in (down, up):
            if other < 0 or partner[other] in (-1, circle) or values[partner[other]] != EMPTY:
                continue
            up_used = self.up[other] >= 0
            down_used = self.down[other] >= 0
            held = values[other]
            result += self._outlook(other, held, up_used, down_used)
            result -= self._outlook(
                other, held, up_used or other == down, down_used or other == up
            )
        return result

    def _outlook(self, circle, value, up_used, down_used):
        """What the empty partner of `circle` is expected to cost, in evaluation units."""
        if self._doomed(circle, value, up_used, down_used):
            return self.sad_points
        return _PAIR_RISK

    def _path_gain(self, circle, value, down, up):
        """The change of the path points (specials included) and of the longest-path bonus
        when `value` in `circle` joins the path ending in `down` and the one starting at `up`."""
        board = self.board
        values = self.values
        marks = board.marks
        score = self.score
        mark = marks[circle]
        entry = value if mark & ENTRANCE else 0
        low = high = value
        length = 1
        old = 0
        for other in (down, up):
            if other < 0:
                continue
            index = self.path_of[other]
            if index < 0:  # a lone number: it scored only as an entrance, if it is one
                end = values[other]
                other_mark = marks[other]
                other_entry = end if other_mark & ENTRANCE else 0
                if other_entry:
                    old += entrance_points(board, other_mark, other_entry)
                count = 1
                start = end
            else:
                path, points = score.paths[index]
                start, end = values[path[0]], values[path[-1]]
                other_mark = score.path_marks[index]
                other_entry = score.path_entries[index]
                old += points + path_extra(board, start, end, other_mark)
                old += entrance_points(board, other_mark, other_entry)
                count = len(path)
            if other == down:
                low = start
            else:
                high = end
            length += count
            mark |= other_mark
            entry += other_entry
        new = 2 * high - low + path_extra(board, low, high, mark)
        new += entrance_points(board, mark, entry)
        result = _UNIT * (new - old)
        if length > self.longest:
            result += _UNIT * (bonus(length) - bonus(self.longest))
        return result
