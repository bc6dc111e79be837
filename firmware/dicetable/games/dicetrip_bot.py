"""Dice Trip bots and the hint: "careful" plans its sheet, "random" plays any legal move.

The careful bot works in integers (values in sixteenths of a point) and sees only its own sheet
and the dice. It follows a plan: a long simple path over the map, found once per map by a
greedy walk (always on to the neighbour with the fewest free neighbours, from every start). It
wants the numbers along that path to rise evenly, so a number is worth most in the plan city
whose place on the path matches its rank among the 36 numbers, between the numbers already
written before and after it. A placement is valued as
    bonus tick + growth of the longest route right now + fit in the plan (or the loss of a
    plan city when the number does not fit), and a cross as -1 point (more on the plan).
The first placement of a round is chosen with the second in mind (the dice split into two
pairs, both digit orders, the two best cities of each number); the use-a-die-twice power is
used when it beats the best plan without it by a margin that shrinks as the game ends. The
roller rerolls one or two dice when their expected worth beats keeping the roll by a margin.
"""

from micropython import const

from dicetable.games import dicetrip
from dicetable.games import dicetrip_data as data
from dicetable.games import dicetrip_route as route

_POINT = const(16)  # one point in the bot's values
_FIT = const(20)  # a number exactly where the plan wants it
_SLOPE = const(4)  # fit lost per rank of distance from where the plan wants the number
_SLOT_LOSS = const(10)  # a plan city spoilt by a number that cannot rise along the plan
_RANKS = const(36)
_NONE = const(-10000)  # no such placement
# The use-a-die-twice and reroll powers are used once per game: their margins (by round)
# are what keeping them for later is guessed to be worth.
_TWICE_MARGIN = (24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0)
_REROLL_MARGIN = (20, 19, 18, 17, 16, 14, 12, 10, 8, 6, 4, 2, 0)
# The plan keeps the middle four fifths of the walk: the cities left out at its ends take the
# numbers that fit nowhere (tuned on 400 solo games: about 1 point better than the whole walk).
_PLAN_SHARE = const(4)
_PLAN_PARTS = const(5)
_SPLITS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))

_PLANS = []  # [(board, plan)]: one greedy walk per map, found on first use


def plan_for(board):
    """The middle of the longest greedy walk from any city (ties: the lowest start)."""
    for known, plan in _PLANS:
        if known is board:
            return plan
    best = []
    for start in range(board.size):
        walk = _walk(board.neighbours, start)
        if len(walk) > len(best):
            best = walk
    keep = (len(best) * _PLAN_SHARE + _PLAN_PARTS - 1) // _PLAN_PARTS
    start = (len(best) - keep) // 2
    plan = best[start : start + keep]
    _PLANS.append((board, plan))
    return plan


def _walk(neighbours, start):
    seen = [False] * len(neighbours)
    seen[start] = True
    walk = [start]
    city = start
    while True:
        following = -1
        fewest = 0
        for other in neighbours[city]:
            if seen[other]:
                continue
            free = 0
            for beyond in neighbours[other]:
                if not seen[beyond]:
                    free += 1
            if following < 0 or free < fewest:
                following = other
                fewest = free
        if following < 0:
            return walk
        seen[following] = True
        walk.append(following)
        city = following


def rank(number):
    """0..35: the place of a number among 11, 12, ..., 16, 21, ..., 66."""
    return (number // 10 - 1) * 6 + number % 10 - 1


class Planner:
    """A seat's sheet as the careful bot sees it for one decision."""

    def __init__(self, state, seat):
        board = state.board
        self.state = state
        self.seat = seat
        self.values = values = state.values[seat]
        self.neighbours = board.neighbours
        self.ending, self.starting = route.ascending_lengths(board.neighbours, values)
        self.longest = max(self.ending) if self.ending else 0
        self.empty = state.cross_options(seat)
        self.known = [None] * 16  # best_cities by tens die x 4 + units die
        plan = plan_for(board)
        size = len(plan)
        self.position = position = [-1] * board.size
        for index in range(size):
            position[plan[index]] = index
        # The plan cities whose numbers rise along the plan (the first wins), and for every
        # plan place the nearest such city before and after it: (place, rank).
        kept = [False] * size
        last = 0
        for index in range(size):
            value = values[plan[index]]
            if value > last:
                kept[index] = True
                last = value
        self.before = before = [None] * size
        self.after = after = [None] * size
        near = (-1, -1)
        for index in range(size):
            before[index] = near
            if kept[index]:
                near = (index, rank(values[plan[index]]))
        near = (size, _RANKS)
        for index in range(size - 1, -1, -1):
            after[index] = near
            if kept[index]:
                near = (index, rank(values[plan[index]]))

    def write_value(self, number, city, tick):
        value = _POINT if tick else 0
        values = self.values
        low = high = 0
        for other in self.neighbours[city]:
            held = values[other]
            if 0 < held < number:
                if self.ending[other] > low:
                    low = self.ending[other]
            elif held > number and self.starting[other] > high:
                high = self.starting[other]
        if low + high + 1 > self.longest:
            value += (low + high + 1 - self.longest) * _POINT
        place = self.position[city]
        if place < 0:
            return value
        below, low_rank = self.before[place]
        above, high_rank = self.after[place]
        wanted = rank(number)
        if not low_rank < wanted < high_rank:
            return value - _SLOT_LOSS
        # Where the plan wants this number: evenly between the neighbouring kept ranks.
        span = above - below
        expected = (low_rank * span + (high_rank - low_rank) * (place - below)) * _POINT // span
        distance = wanted * _POINT - expected
        if distance < 0:
            distance = -distance
        fit = _FIT - distance * _SLOPE // _POINT
        return value + (fit if fit > 0 else 0)

    def cross_value(self, city):
        value = data.CROSS_POINTS * _POINT
        if self.position[city] >= 0:
            value -= _SLOT_LOSS
        return value

    def best_cities(self, number, tens, units):
        """[(value, city), ...]: the two best empty cities for the number of these dice (best
        first), worked out once per decision."""
        key = tens * 4 + units
        known = self.known[key]
        if known is not None:
            return known
        state = self.state
        first = second = (_NONE, -1)
        for city in self.empty:
            value = self.write_value(number, city, state.earns_tick(tens, units, city))
            if value > first[0]:
                second = first
                first = (value, city)
            elif value > second[0]:
                second = (value, city)
        known = self.known[key] = [item for item in (first, second) if item[1] >= 0]
        return known

    def best_crosses(self):
        first = second = (_NONE, -1)
        for city in self.empty:
            value = self.cross_value(city)
            if value > first[0]:
                second = first
                first = (value, city)
            elif value > second[0]:
                second = (value, city)
        return [item for item in (first, second) if item[1] >= 0]


def choose(state, seat, rng):
    strength = state.params["strengths"][seat]
    if strength == "random":
        legal = state.legal_actions(seat)
        return rng.choice(legal) if legal else None
    return hint(state, seat)


def hint(state, seat):
    """The careful move for `seat` now, or None when the seat has nothing to decide."""
    left = state.placements_left(seat)
    if left:
        planner = Planner(state, seat)
        if state.moves[seat] or left == 1:
            return _single(state, seat, planner)
        return _first_of_two(state, seat, planner)
    legal = state.legal_actions(seat)  # the roller's choice: at most 16 actions
    if not legal:
        return None
    if dicetrip.NEXT in legal:
        return dicetrip.NEXT  # dice-only: the sheets are on paper, nothing to weigh
    return _power_choice(state, seat, legal)


def best_city(state, seat, tens, units):
    """The empty city where the careful bot would write the number of these dice (the UI's
    cursor starts there when a person picks another number than the hint's), or -1."""
    number = state.number(tens, units)
    cities = Planner(state, seat).best_cities(number, tens, units)
    return cities[0][1] if cities else -1


def best_cross(state, seat):
    """The empty city the careful bot would rather cross out, or -1."""
    crosses = Planner(state, seat).best_crosses()
    return crosses[0][1] if crosses else -1


def _single(state, seat, planner):
    """The best one placement (the second of a round, or round 13's only one)."""
    crosses = planner.best_crosses()
    best_value, best_action = crosses[0][0], dicetrip.cross_action(crosses[0][1])
    margin = _TWICE_MARGIN[state.round]
    for number, tens, units, twice in state.number_options(seat):
        cities = planner.best_cities(number, tens, units)
        value = cities[0][0] - (margin if twice else 0)
        if value > best_value:
            best_value = value
            best_action = dicetrip.write_action(tens, units, cities[0][1])
    return best_action


def _candidates(state, planner, pair, values):
    """Placements of one pair of dice: [(value, action, city, number), ...] for both digit
    orders (a number already on the sheet cannot be written)."""
    dice = state.dice
    out = []
    for tens, units in (pair, (pair[1], pair[0])):
        if tens != pair[0] and dice[tens] == dice[units]:
            break  # equal faces: the other order is the same number
        number = 10 * dice[tens] + dice[units]
        if number in values:
            continue
        for value, city in planner.best_cities(number, tens, units):
            out.append((value, dicetrip.write_action(tens, units, city), city, number))
    return out


def _first_of_two(state, seat, planner):
    values = planner.values
    crosses = [
        (value, dicetrip.cross_action(city), city, 0) for value, city in planner.best_crosses()
    ]
    best = None
    plans = []
    for pair_a, pair_b in _SPLITS:
        plans.append((_candidates(state, planner, pair_a, values), pair_b, 0))
    if "twice" in state.powers(seat):
        dice = state.dice
        for reused in range(4):
            others = [die for die in range(4) if die != reused and dice[die] != dice[reused]]
            for index in range(len(others)):
                for other in others[index + 1 :]:
                    pair_a = (reused, others[index])
                    plans.append(
                        (
                            _candidates(state, planner, pair_a, values),
                            (reused, other),
                            _TWICE_MARGIN[state.round],
                        )
                    )
    for firsts, pair_b, cost in plans:
        seconds = _candidates(state, planner, pair_b, values)
        for first in firsts + crosses:
            for second in seconds + crosses:
                if first[2] == second[2] or (first[3] and first[3] == second[3]):
                    continue
                if cost and not (first[3] and second[3]):
                    continue  # the power pays only with two numbers written
                total = first[0] + second[0] - cost
                if best is None or total > best[0]:
                    # Write the better placement first: the second is decided afresh.
                    lead = first if first[0] >= second[0] else second
                    if cost:
                        lead = first
                    best = (total, lead[1])
    return best[1]


def _power_choice(state, seat, legal):
    """Keep the roll, or reroll the one or two dice with the best expected gain."""
    if len(legal) == 1:
        return legal[0]
    planner = Planner(state, seat)
    crosses = planner.best_crosses()
    cross = crosses[0][0]
    worth = [cross] * 67  # by number: the best it can do on this sheet (ticks of doubles only)
    for tens in range(1, 7):
        for units in range(1, 7):
            number = tens * 10 + units
            if number in planner.values:
                continue
            best = cross
            for city in planner.empty:
                value = planner.write_value(number, city, tens == units)
                if value > best:
                    best = value
            worth[number] = best
    last = state.placements_left(seat) == 1 or state.round == data.ROUNDS - 1
    dice = list(state.dice)
    keep = _roll_worth(dice, worth, cross, last)
    margin = _REROLL_MARGIN[state.round]
    best_gain = 0
    best_action = dicetrip.KEEP
    for first in range(4):
        for second in range(first, 4):
            chosen = (first,) if first == second else (first, second)
            total = 0
            for face_a in range(1, 7):
                dice[first] = face_a
                if len(chosen) == 1:
                    total += 6 * _roll_worth(dice, worth, cross, last)
                    continue
                for face_b in range(1, 7):
                    dice[second] = face_b
                    total += _roll_worth(dice, worth, cross, last)
            dice[first] = state.dice[first]
            dice[second] = state.dice[second]
            gain = total // 36 - keep
            if gain > best_gain:
                best_gain = gain
                best_action = dicetrip.reroll_action(chosen)
    return best_action if best_gain > margin else dicetrip.KEEP


def _roll_worth(dice, worth, cross, last):
    """The best worth of a roll: one number in the last round, else two from two pairs."""
    best = None
    if last:
        for tens in range(4):
            for units in range(4):
                if tens != units:
                    value = worth[10 * dice[tens] + dice[units]]
                    if best is None or value > best:
                        best = value
        return best
    for (a, b), (c, d) in _SPLITS:
        left = worth[10 * dice[a] + dice[b]]
        other = worth[10 * dice[b] + dice[a]]
        if other > left:
            left = other
        right = worth[10 * dice[c] + dice[d]]
        other = worth[10 * dice[d] + dice[c]]
        if other > right:
            right = other
        if best is None or left + right > best:
            best = left + right
    return best
