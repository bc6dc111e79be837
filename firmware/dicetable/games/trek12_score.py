"""Trek 12 scoring (reference A7): rope paths, zones, the two size bonuses, frowns and orphans.

A sheet is three lists indexed by circle id: `values` (a number 0-12, EMPTY or SAD), `up` and
`down` (the circle a number links to, or -1). Pure functions over that data; the rules module
keeps the sheets and caches one Score per seat.

    TOTAL = sum of paths + bonus(longest path) + sum of zones + bonus(largest zone)
            - sad_penalty x frowns - orphan_penalty x orphans

Also here, because it is an estimate of that total: Greedy, the one policy behind the hint and
the bot (trek12.hint), which values each placement from the circle's neighbourhood only.
"""

from micropython import const

# Circle contents besides the numbers 0-12.
EMPTY = const(-1)
SAD = const(-2)  # the frown written for a result over the circle's cap

_NONE = const(-1)
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


class Score:
    """One sheet's score with every part the results screen shows.

    paths   [(circles lowest number first, points)]     zones  [(sorted circles, points)]
    longest, largest    circle counts of the longest path and the largest zone (0 if none)
    path_bonus, zone_bonus, sad (circles with a frown), orphans (numbered circles in no path
    and no zone: each gets a frown at the end), total.
    """

    def __init__(self, board, values, up, down):
        self.paths = []
        self.zones = []
        self.longest = self.largest = 0
        total = 0
        for path in paths(values, up, down):
            points = 2 * values[path[-1]] - values[path[0]]
            self.paths.append((path, points))
            total += points
            if len(path) > self.longest:
                self.longest = len(path)
        in_zone = [False] * len(values)
        for zone in zones(values, board.neighbours):
            points = values[zone[0]] + len(zone) - 1
            self.zones.append((zone, points))
            total += points
            if len(zone) > self.largest:
                self.largest = len(zone)
            for circle in zone:
                in_zone[circle] = True
        self.path_bonus = bonus(self.longest)
        self.zone_bonus = bonus(self.largest)
        self.sad = []
        self.orphans = []
        for circle in range(len(values)):
            value = values[circle]
            if value == SAD:
                self.sad.append(circle)
            elif value >= 0 and up[circle] == _NONE and down[circle] == _NONE:
                if not in_zone[circle]:
                    self.orphans.append(circle)
        self.sad_points = -board.sad_penalty * len(self.sad)
        self.orphan_points = -board.orphan_penalty * len(self.orphans)
        self._values = values
        self.total = total + self.path_bonus + self.zone_bonus + self.sad_points
        self.total += self.orphan_points

    def breakdown(self):
        """[(label, points)] adding up to total: each path, each zone, the bonuses, penalties."""
        values = self._values
        items = []
        for path, points in self.paths:
            low, high = values[path[0]], values[path[-1]]
            items.append(("Path %d-%d" % (low, high), points))
        for zone, points in self.zones:
            items.append(("Zone %d x%d" % (values[zone[0]], len(zone)), points))
        items.append(("Longest path (%d)" % self.longest, self.path_bonus))
        items.append(("Largest zone (%d)" % self.largest, self.zone_bonus))
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
    a CPython property test checks that against a full recomputation."""

    def __init__(self, board, values, up, down, score):
        self.board = board
        self.values = values
        self.up = up
        self.down = down
        self.longest = score.longest
        self.largest = score.largest
        size = board.size
        self.orphan = [False] * size
        for circle in score.orphans:
            self.orphan[circle] = True
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
        self.orphan_points = _UNIT * board.orphan_penalty
        self.sad_points = _UNIT * board.sad_penalty

    def tick_cost(self, ticks_left):
        """What spending a tick costs when `ticks_left` remain for that operation."""
        return _LAST_TICK if ticks_left == 1 else 0

    def gain(self, circle, value, down, up):
        """The estimate's change when `value` is written in `circle` with these links (circle
        ids or -1); a value over the cap is a frown."""
        values = self.values
        neighbours = self.board.neighbours[circle]
        sad = value > self.board.caps[circle]
        result = 0
        size = 1
        if sad:
            result -= self.sad_points
        else:
            if down >= 0 or up >= 0:
                result += self._path_gain(value, down, up)
            seen = []
            old = 0
            for other in neighbours:
                if values[other] != value:
                    continue
                zone = self.zone_of[other]
                if zone < 0:
                    size += 1
                elif zone not in seen:
                    seen.append(zone)
                    size += self.zone_size[zone]
                    old += value + self.zone_size[zone] - 1
            if size > 1:
                result += _UNIT * (value + size - 1 - old)
                if size > self.largest:
                    result += _UNIT * (bonus(size) - bonus(self.largest))
        up_links = self.up
        down_links = self.down
        orphan_points = self.orphan_points
        for other in neighbours:
            held = values[other]
            if held < 0:
                continue
            up_free = up_links[other] == _NONE
            down_free = down_links[other] == _NONE
            empties = self.empties[other]
            orphan = self.orphan[other]
            result -= _local(held, up_free, down_free, empties, orphan, orphan_points)
            linked = other == down or other == up
            orphan = orphan and not linked and (sad or held != value)
            up_free = up_free and other != down
            down_free = down_free and other != up
            result += _local(held, up_free, down_free, empties - 1, orphan, orphan_points)
        if not sad:
            orphan = down < 0 and up < 0 and size == 1
            result += _local(value, up < 0, down < 0, self.empties[circle], orphan, orphan_points)
        return result

    def _path_gain(self, value, down, up):
        up_links = self.up
        down_links = self.down
        bottom = top = value
        old = 0
        if down >= 0:
            bottom = value - 1
            walk = down
            while down_links[walk] != _NONE:
                walk = down_links[walk]
                bottom -= 1
            if walk != down:
                old += 2 * (value - 1) - bottom
        if up >= 0:
            top = value + 1
            walk = up
            while up_links[walk] != _NONE:
                walk = up_links[walk]
                top += 1
            if walk != up:
                old += 2 * top - (value + 1)
        result = _UNIT * (2 * top - bottom - old)
        length = top - bottom + 1
        if length > self.longest:
            result += _UNIT * (bonus(length) - bonus(self.longest))
        return result
