"""How the careful Dice Trip bot values one placement on one sheet (dicetrip_bot decides).

The bot works in integers (sixteenths of a point) and follows a plan: a long simple path over
the map, found once per map by a greedy walk (always on to the neighbour with the fewest free
neighbours, from every start). It wants the numbers along that path to rise evenly, so a number
is worth most in the plan city whose place on the path matches its rank among the 36 numbers,
between the numbers already written before and after it. Writing a number is worth
    a bonus tick + the growth of the longest route right now + its fit in the plan (or the loss
    of a plan city when the number cannot rise along the plan there),
and a cross -1 point (more on the plan).

A `Planner` works out once per decision what each empty city's value depends on (the numbers
written next to it, its place on the plan), so valuing a number in a city is a few integer
operations: the hint runs within the per-action budget (DESIGN.md; tools/bench_dicetrip.py).
"""

from micropython import const

from dicetable.games.dicetrip import data
from dicetable.games.dicetrip import route

POINT = const(16)  # one point in the bot's values
NONE = const(-10000)  # no such placement
RANKS = const(36)
_FIT = const(20)  # a number exactly where the plan wants it
_SLOPE = const(4)  # fit lost per rank of distance from where the plan wants the number
_REACH = const(80)  # a fit is left only within this distance (in sixteenths of a rank)
_SLOT_LOSS = const(10)  # a plan city spoilt by a number that cannot rise along the plan
_FAR = const(-1000)  # the centre of a city off the plan: no number ever fits there
# The plan keeps the middle four fifths of the walk: the cities left out at its ends take the
# numbers that fit nowhere (tuned on 400 solo games: about 1 point better than the whole walk).
_PLAN_SHARE = const(4)
_PLAN_PARTS = const(5)

_NO_LINKS = ()
_PLANS = []  # [(board, plan, places)]: one greedy walk per map, found on first use


def plan_for(board):
    """The middle of the longest greedy walk from any city (ties: the lowest start)."""
    return _plan(board)[0]


def _plan(board):
    """(plan, place on the plan of every city or -1), worked out once per map."""
    for known, plan, places in _PLANS:
        if known is board:
            return plan, places
    neighbours = board.neighbours
    degrees = [len(items) for items in neighbours]
    best = []
    for start in range(board.size):
        walk = _walk(neighbours, start, list(degrees))
        if len(walk) > len(best):
            best = walk
            if len(best) == board.size:
                break  # no walk is longer than the whole map
    keep = (len(best) * _PLAN_SHARE + _PLAN_PARTS - 1) // _PLAN_PARTS
    start = (len(best) - keep) // 2
    plan = best[start : start + keep]
    places = [-1] * board.size
    for index in range(len(plan)):
        places[plan[index]] = index
    _PLANS.append((board, plan, places))
    return plan, places


def _walk(neighbours, start, free):
    """The greedy walk from `start`; `free` (each city's degree, changed here) keeps count of
    every city's neighbours not walked yet."""
    seen = [False] * len(neighbours)
    walk = []
    city = start
    while city >= 0:
        seen[city] = True
        walk.append(city)
        for other in neighbours[city]:
            free[other] -= 1
        following = -1
        fewest = 0
        for other in neighbours[city]:
            if not seen[other] and (following < 0 or free[other] < fewest):
                following = other
                fewest = free[other]
        city = following
    return walk


def rank(number):
    """0..35: the place of a number among 11, 12, ..., 16, 21, ..., 66."""
    return (number // 10 - 1) * 6 + number % 10 - 1


def _steps(links, longest):
    """How much (in POINTs) a number next to written neighbours `links` (rank, cities of the
    longest route ending there, starting there) lengthens the longest route, as steps
    [(bound, growth), ...]: a number of rank r gets the growth of the first bound above r. The
    growth changes only across a neighbour's number. () when no number here lengthens it."""
    links.sort()  # by rank: numbers are unique
    count = len(links)
    highs = [0] * (count + 1)  # the longest route starting above each neighbour's number
    for index in range(count - 1, -1, -1):
        highs[index] = max(highs[index + 1], links[index][2])
    steps = []
    low = 0  # the longest route ending below
    grows = False
    for index in range(count + 1):
        grow = low + highs[index] + 1 - longest
        grow = grow * POINT if grow > 0 else 0
        grows = grows or grow > 0
        if index < count:
            steps.append((links[index][0], grow))
            low = max(low, links[index][1])
        else:
            steps.append((RANKS, grow))
    return steps if grows else _NO_LINKS


class Planner:
    """A seat's sheet as the careful bot sees it for one decision.

    rows    per empty city, ascending: (city, steps, low, high, centre, ring) where steps say
            how much a number there lengthens the longest route (see _steps: () for none); a
            number of rank r fits the plan only when low < r < high, best at r = centre / POINT
            (a city off the plan has the widest range and a far centre: no fit, no loss)
    """

    def __init__(self, state, seat):
        board = state.board
        self.state = state
        self.seat = seat
        self.values = values = state.values[seat]
        neighbours = board.neighbours
        ending, starting = route.ascending_lengths(neighbours, values)
        longest = max(ending) if ending else 0
        # With no number written yet, any number starts a route of one.
        self.flat = POINT if longest == 0 else 0
        self.empty = empty = state.cross_options(seat)
        self.known = [None] * 16  # best_cities by tens die x 4 + units die
        plan, position = _plan(board)
        before, after = _neighbouring_kept(plan, values)
        rows = []
        self.off_plan = False  # an empty city off the plan: a number there loses no slot
        for city in empty:
            links = []
            most_ending = most_starting = 0
            for other in neighbours[city]:
                held = values[other]
                if held > 0:
                    links.append((rank(held), ending[other], starting[other]))
                    most_ending = max(most_ending, ending[other])
                    most_starting = max(most_starting, starting[other])
            steps = _NO_LINKS
            if links and most_ending + most_starting >= longest:
                steps = _steps(links, longest)  # else no number here lengthens the route
            place = position[city]
            if place < 0:
                low, high, centre = -1, RANKS, _FAR
                self.off_plan = True
            else:
                # Evenly between the nearest kept numbers before and after the place.
                below, low = before[place]
                above, high = after[place]
                span = above - below
                centre = (low * span + (high - low) * (place - below)) * POINT // span
            rows.append((city, steps, low, high, centre, board.rings[city]))
        self.rows = rows

    def best_cities(self, number, tens, units):
        """[(value, city), ...]: the two best empty cities for the number of these dice (best
        first, the lower city on equal values), worked out once per decision."""
        key = tens * 4 + units
        known = self.known[key]
        if known is not None:
            return known
        wanted = rank(number)
        scale = wanted * POINT
        dice = self.state.dice
        double = dice[tens] == dice[units]
        flat = self.flat
        first_value = second_value = NONE
        first_city = second_city = -1
        for city, steps, low, high, centre, ring in self.rows:
            value = flat + POINT if double or ring == tens or ring == units else flat
            if steps:
                for bound, grow in steps:
                    if wanted < bound:
                        value += grow
                        break
            if low < wanted < high:
                distance = scale - centre
                if -_REACH < distance < _REACH:
                    value += _FIT - abs(distance) * _SLOPE // POINT
            else:
                value -= _SLOT_LOSS
            if value > first_value:
                second_value, second_city = first_value, first_city
                first_value, first_city = value, city
            elif value > second_value:
                second_value, second_city = value, city
        known = []
        if first_city >= 0:
            known.append((first_value, first_city))
        if second_city >= 0:
            known.append((second_value, second_city))
        self.known[key] = known
        return known

    def best_crosses(self):
        """[(value, city), ...]: the two best empty cities to cross out: off the plan first."""
        crosses = []
        for city, _steps, _low, _high, centre, _ring in self.rows:
            if centre == _FAR:
                crosses.append((data.CROSS_POINTS * POINT, city))
                if len(crosses) == 2:
                    return crosses
        for city, _steps, _low, _high, centre, _ring in self.rows:
            if centre != _FAR:
                crosses.append((data.CROSS_POINTS * POINT - _SLOT_LOSS, city))
                if len(crosses) == 2:
                    break
        return crosses

    def rank_values(self):
        """Per rank (0..35): the best value of writing that number in any empty city, without
        bonus ticks (the reroll power weighs rolls it has not seen). Painted range by range
        instead of valuing 36 numbers in every city."""
        flat = self.flat
        # The floor: any city off the plan takes any number for at least `flat`, a plan city
        # for at least `flat` less its slot.
        floor = NONE
        if self.rows:
            floor = flat if self.off_plan else flat - _SLOT_LOSS
        best = [floor] * RANKS
        # The plan cities with no route to grow, by stretch of the plan (the cities between
        # two kept numbers share its range): in their range a number is worth `flat`, and more
        # the nearer it is to the nearest of their centres.
        stretches = []  # [(low, high, [centre, ...])]
        for _city, steps, low, high, centre, _ring in self.rows:
            if steps or centre == _FAR:
                continue  # cities with growing routes below; the others are the floor
            for stretch in stretches:
                if stretch[0] == low and stretch[1] == high:
                    stretch[2].append(centre)
                    break
            else:
                stretches.append((low, high, [centre]))
        for low, high, centres in stretches:
            centres.sort()
            near = 0
            last = len(centres) - 1
            for wanted in range(low + 1, high):
                scale = wanted * POINT
                while near < last and centres[near + 1] - scale <= scale - centres[near]:
                    near += 1  # the next centre is as near (or nearer)
                distance = abs(scale - centres[near])
                value = flat
                if distance < _REACH:
                    value += _FIT - distance * _SLOPE // POINT
                if value > best[wanted]:
                    best[wanted] = value
        for _city, steps, low, high, centre, _ring in self.rows:
            if steps:
                _paint_linked(best, steps, low, high, centre, floor)
        return best


def _neighbouring_kept(plan, values):
    """(before, after): per plan place, (place, rank) of the nearest kept number before it and
    after it, where the kept numbers are those that rise along the plan (the first wins); the
    plan's ends stand in as (-1, -1) and (len(plan), RANKS)."""
    size = len(plan)
    kept = [-1] * size
    last = 0
    for index in range(size):
        value = values[plan[index]]
        if value > last:
            kept[index] = rank(value)
            last = value
    before = [None] * size
    after = [None] * size
    near = (-1, -1)
    for index in range(size):
        before[index] = near
        if kept[index] >= 0:
            near = (index, kept[index])
    near = (size, RANKS)
    for index in range(size - 1, -1, -1):
        after[index] = near
        if kept[index] >= 0:
            near = (index, kept[index])
    return before, after


def _paint_linked(best, steps, low, high, centre, floor):
    """Raise `best` to the values of an empty city next to written numbers, step by step of its
    route growth; where the city cannot beat the floor (away from its fit, or outside its range)
    it is not valued at all."""
    start = 0
    for bound, grow in steps:
        first, last = start, bound
        if grow - _SLOT_LOSS <= floor:
            first = max(first, low + 1)
            last = min(last, high)
            if grow <= floor:
                first = max(first, (centre - _REACH) // POINT + 1)
                last = min(last, (centre + _REACH - 1) // POINT + 1)
        if first < last and grow + _FIT > min(best[first:last]):
            _paint(best, first, last, grow, low, high, centre)
        start = bound + 1


def _paint(best, first, last, grow, low, high, centre):
    """Raise best[first:last] to the values of a city whose route grows by `grow` there: less
    its slot outside its range, more near its centre."""
    start = max(first, low + 1)
    stop = min(last, high)
    if start >= stop:
        _raise(best, first, last, grow - _SLOT_LOSS)
        return
    _raise(best, first, start, grow - _SLOT_LOSS)
    _raise(best, stop, last, grow - _SLOT_LOSS)
    near = max(start, (centre - _REACH) // POINT + 1)
    far = min(stop, (centre + _REACH - 1) // POINT + 1)
    if near >= far:
        _raise(best, start, stop, grow)
        return
    _raise(best, start, near, grow)
    _raise(best, far, stop, grow)
    for wanted in range(near, far):
        value = grow + _FIT - abs(wanted * POINT - centre) * _SLOPE // POINT
        if value > best[wanted]:
            best[wanted] = value


def _raise(best, first, last, value):
    """best[first:last] at least `value`."""
    if first < last and value > min(best[first:last]):
        for wanted in range(first, last):
            if value > best[wanted]:
                best[wanted] = value
