"""Trek 12's greedy policy, the one behind the hint and the bot (trek12.hint): it values each
placement from the circle's neighbourhood only, as the change of an estimate of the sheet's
total (trek12_score), cheap enough to rank every legal action on the device.
"""

from micropython import const

from dicetable.games.trek12.score import (
    EMPTY,
    SAD,
    bonus,
    entrance_points,
    alone_cost,
    path_extra,
    zone_points,
)
from dicetable.games.trek12.rules import LOST, NO_LINK, PROD, decode, results
from dicetable.games.trek12.special import ENTRANCE, STAR, WATER

_NONE = const(-1)  # no link, as in trek12_score

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
_LOSING = const(-100000)  # the hint's value of a placement that puts the player out


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
        self._empties = [-1] * size  # empty neighbours, counted when first asked (empties)
        self.sad_points = _UNIT * board.sad_penalty
        # Per numbered circle, once asked (_standing): the same for every placement beside it.
        self._around = [None] * size

    def _standing(self, other):
        """(_local of numbered circle `other` as the sheet stands, its orphan cost, and its
        _local once a neighbour is written without linking to it: still an orphan if it was
        one, or no longer one)."""
        found = self._around[other]
        if found is None:
            held = self.values[other]
            ends = not self.board.marks[other] & WATER
            up_free = ends and self.up[other] == _NONE
            down_free = ends and self.down[other] == _NONE
            empties = self.empties(other)
            orphan = self.orphan[other]
            cost = _UNIT * alone_cost(self.board, self.board.marks[other], held)
            found = self._around[other] = (
                _local(held, up_free, down_free, empties, orphan, cost),
                cost,
                _local(held, up_free, down_free, empties - 1, orphan, cost),
                _local(held, up_free, down_free, empties - 1, False, cost),
            )
        return found

    def empties(self, circle):
        """How many neighbours of `circle` are empty."""
        count = self._empties[circle]
        if count < 0:
            count = 0
            values = self.values
            for other in self.board.neighbours[circle]:
                if values[other] == EMPTY:
                    count += 1
            self._empties[circle] = count
        return count

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
        around = self._around
        for other in neighbours:
            held = values[other]
            if held < 0:
                continue
            standing = around[other]
            if standing is None:
                standing = self._standing(other)
            result -= standing[0]
            if other != down and other != up:
                # Not linked: it stays an orphan unless the new number joins its zone.
                result += standing[2] if sad or held != value else standing[3]
                continue
            cost = standing[1]
            ends = not marks[other] & WATER
            up_free = ends and up_links[other] == _NONE
            down_free = ends and down_links[other] == _NONE
            empties = self.empties(other)
            orphan = self.orphan[other]
            linked = other == down or other == up
            orphan = orphan and not linked and (sad or held != value)
            up_free = up_free and other != down
            down_free = down_free and other != up
            result += _local(held, up_free, down_free, empties - 1, orphan, cost)
        if not sad:
            orphan = down < 0 and up < 0 and size == 1
            ends = not marks[circle] & WATER
            cost = _UNIT * alone_cost(board, marks[circle], value) if orphan else 0
            empties = self._empties[circle]
            if empties < 0:
                empties = self.empties(circle)
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


def bot_action(state, seat, rng):
    """The greedy policy's choice: deterministic, so `rng` is not needed."""
    return hint(state, seat)


def hint(state, seat):
    """The placement the greedy policy (Greedy) ranks first for `seat`, or None
    when the seat has nothing to write; ties go to the smallest action."""
    legal = state.legal_actions(seat)
    if not legal or state.dice_only:
        return legal[0] if legal else None
    board = state.board
    values, up, down = state.values[seat], state.up[seat], state.down[seat]
    policy = Greedy(board, values, up, down, state.score(seat), state.star_open(seat))
    numbers = results(state.roll)
    ticks = state.ticks[seat]
    limits = board.limits
    table_of = board.table_of
    best = legal[0]
    best_gain = None
    last = -1  # circle x 8 + op of the last outcome asked (an action's links vary fastest)
    for action in legal:
        op, circle, down, up = decode(action)
        if circle * 8 + op != last:
            last = circle * 8 + op
            written = state.outcome(seat, circle, numbers[op - 1])
        if written == LOST:
            gain = _LOSING
        else:
            gain = policy.gain(
                circle,
                written,
                _NONE if down == NO_LINK else down,
                _NONE if up == NO_LINK else up,
            )
        tick = table_of[circle] * _OPS + op - 1
        if limits[tick] - ticks[tick] == 1:
            gain -= _LAST_TICK  # policy.tick_cost
        if op == PROD and written >= 0:
            gain += policy.safe_product(ticks, table_of[circle])
        if best_gain is None or gain > best_gain:
            best = action
            best_gain = gain
    return best
