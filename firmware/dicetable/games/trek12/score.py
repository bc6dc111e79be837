"""Trek 12 scoring (reference A7, A11): rope paths, zones, the two size bonuses, frowns, orphans
and the special maps' scoring hooks (trek12_special).

A sheet is three lists indexed by circle id: `values` (a number 0-12, EMPTY or SAD), `up` and
`down` (the circle a number links to, or -1). Pure functions over that data; the rules module
keeps the sheets and caches one Score per seat.

    TOTAL = sum of paths + bonus(longest path) + sum of zones + bonus(largest zone)
            - sad_penalty x frowns - orphan costs + special-map items

The policy behind the hint and the bot, an estimate of that total, is trek12_bot.Greedy: it
reads a Score's paths, zones and marks and shares the special-map hooks below.
"""

from micropython import const

from dicetable.games.trek12.special import BALL_SHIFT, DESK, ENTRANCE, FRIDGE, SINK, SOFA, colours

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
# shared by Score and trek12_bot.Greedy so that the two always agree.
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


def alone_cost(board, mark, value):
    """What a numbered circle in no path and no zone costs as an orphan: an entrance that
    already counts its number negative is not charged again (DECISIONS.md)."""
    if mark & ENTRANCE and entrance_points(board, mark, value):
        return 0
    return orphan_cost(board, value)


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
                    orphan_points -= alone_cost(board, marks[circle], value)
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
