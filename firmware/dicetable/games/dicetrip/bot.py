"""Dice Trip bots and the hint: "careful" plans its sheet, "random" plays any legal move.

The careful bot sees only its own sheet and the dice, and values placements as dicetrip_plan
says. The first placement of a round is chosen with the second in mind (the dice split into two
pairs, both digit orders, the two best cities of each number); the use-a-die-twice power is
used when it beats the best plan without it by a margin that shrinks as the game ends. The
roller rerolls one or two dice when their expected worth beats keeping the roll by a margin.
The hint is the careful bot's move: the play screen starts its cursor there.
"""

from micropython import const

from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.dicetrip import data
from dicetable.games.dicetrip.plan import NONE, POINT, Planner, rank

# The use-a-die-twice and reroll powers are used once per game: their margins (by round)
# are what keeping them for later is guessed to be worth.
_TWICE_MARGIN = (24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0)
_REROLL_MARGIN = (20, 19, 18, 17, 16, 14, 12, 10, 8, 6, 4, 2, 0)
_SPLITS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))
_FACES = const(7)  # pair worths are indexed by face x 7 + face (faces 1-6)


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
    """The better placement of the best pair of placements this round. Only a pair of higher
    total replaces the best so far, so a plan (or a first placement) that cannot reach it even
    with the best second placement is skipped unseen."""
    values = planner.values
    crosses = [
        (value, dicetrip.cross_action(city), city, 0) for value, city in planner.best_crosses()
    ]
    plans = []  # (first pair, second pair, cost of the twice power)
    for pair_a, pair_b in _SPLITS:
        plans.append((pair_a, pair_b, 0))
    if "twice" in state.powers(seat):
        dice = state.dice
        margin = _TWICE_MARGIN[state.round]
        for reused in range(4):
            others = [die for die in range(4) if die != reused and dice[die] != dice[reused]]
            for index in range(len(others)):
                for other in others[index + 1 :]:
                    plans.append(((reused, others[index]), (reused, other), margin))
    found = [None] * 16  # (_candidates, their best value) by first die x 4 + second die
    best = None
    for pair_a, pair_b, cost in plans:
        firsts, top_first = _found(found, state, planner, pair_a, values)
        seconds, top_second = _found(found, state, planner, pair_b, values)
        if not cost:  # the power pays only with two numbers written: no crosses with it
            firsts = firsts + crosses
            seconds = seconds + crosses
            top_first = max(top_first, crosses[0][0])
            top_second = max(top_second, crosses[0][0])
        if not firsts or not seconds:
            continue
        if best is not None and top_first + top_second - cost <= best[0]:
            continue
        for first in firsts:
            if best is not None and first[0] + top_second - cost <= best[0]:
                continue
            for second in seconds:
                if first[2] == second[2] or (first[3] and first[3] == second[3]):
                    continue
                total = first[0] + second[0] - cost
                if best is None or total > best[0]:
                    # Write the better placement first: the second is decided afresh.
                    lead = first if first[0] >= second[0] or cost else second
                    best = (total, lead[1])
    return best[1]


def _found(found, state, planner, pair, values):
    """_candidates of a pair of dice and their best value, worked out once per decision."""
    key = pair[0] * 4 + pair[1]
    if found[key] is None:
        candidates = _candidates(state, planner, pair, values)
        top = NONE
        for candidate in candidates:
            if candidate[0] > top:
                top = candidate[0]
        found[key] = (candidates, top)
    return found[key]


def _power_choice(state, seat, legal):
    """Keep the roll, or reroll the one or two dice with the best expected gain."""
    if len(legal) == 1:
        return legal[0]
    planner = Planner(state, seat)
    cross = planner.best_crosses()[0][0]
    by_rank = planner.rank_values()
    for value in planner.values:
        if value > 0:
            by_rank[rank(value)] = NONE  # on the sheet already: it cannot be written again
    # By face pair: the best a number of these two faces (either order) can do on this sheet,
    # crossing when that is better (ticks for doubles only: the dice are not rolled yet).
    pairs = [cross] * (_FACES * _FACES)
    for tens in range(1, 7):
        for units in range(tens, 7):
            worth = max(by_rank[tens * 6 + units - 7], by_rank[units * 6 + tens - 7])
            if tens == units:
                worth += POINT
            if worth > cross:
                pairs[tens * _FACES + units] = pairs[units * _FACES + tens] = worth
    last = state.placements_left(seat) == 1 or state.round == data.ROUNDS - 1
    dice = state.dice
    keep = _roll_worth(dice, pairs, last)
    margin = _REROLL_MARGIN[state.round]
    best_gain = 0
    best_action = dicetrip.KEEP
    totals = [None] * (_FACES * _FACES)  # two-dice rerolls by the faces they keep
    for first in range(4):
        for second in range(first, 4):
            if first == second:
                kept = [dice[die] for die in range(4) if die != first]
                total = 6 * _one_total(pairs, kept[0], kept[1], kept[2], last)
                chosen = (first,)
            else:
                kept = [dice[die] for die in range(4) if die != first and die != second]
                key = kept[0] * _FACES + kept[1]
                if totals[key] is None:
                    totals[key] = totals[kept[1] * _FACES + kept[0]] = _pair_total(
                        pairs, kept[0], kept[1], last
                    )
                total = totals[key]
                chosen = (first, second)
            gain = total // 36 - keep
            if gain > best_gain:
                best_gain = gain
                best_action = dicetrip.reroll_action(chosen)
    return best_action if best_gain > margin else dicetrip.KEEP


def _roll_worth(dice, pairs, last):
    """The best worth of a roll: one number in the last round, else two from two pairs."""
    a, b, c, d = dice
    ab = pairs[a * _FACES + b]
    cd = pairs[c * _FACES + d]
    ac = pairs[a * _FACES + c]
    bd = pairs[b * _FACES + d]
    ad = pairs[a * _FACES + d]
    bc = pairs[b * _FACES + c]
    if last:
        return max(ab, cd, ac, bd, ad, bc)
    return max(ab + cd, ac + bd, ad + bc)


def _one_total(pairs, kept_a, kept_b, kept_c, last):
    """The summed worth of the 6 rolls of one rerolled die beside three kept faces (what
    _roll_worth gives each)."""
    with_a = pairs[kept_a * _FACES : kept_a * _FACES + _FACES]
    with_b = pairs[kept_b * _FACES : kept_b * _FACES + _FACES]
    with_c = pairs[kept_c * _FACES : kept_c * _FACES + _FACES]
    ab = with_a[kept_b]
    ac = with_a[kept_c]
    bc = with_b[kept_c]
    total = 0
    if last:
        fixed = max(ab, ac, bc)
        for face in range(1, 7):
            total += max(fixed, with_a[face], with_b[face], with_c[face])
    else:
        for face in range(1, 7):
            total += max(with_a[face] + bc, with_b[face] + ac, with_c[face] + ab)
    return total


def _pair_total(pairs, kept_a, kept_b, last):
    """The summed worth of the 36 rolls of two rerolled dice beside two kept faces (what
    _roll_worth gives each, without building the rolls). Pair worths are symmetric, so the
    kept faces' rows serve as columns too, and the rolls (x, y) and (y, x) are worth the same:
    each is worked out once."""
    both = pairs[kept_a * _FACES + kept_b]
    with_a = pairs[kept_a * _FACES : kept_a * _FACES + _FACES]
    with_b = pairs[kept_b * _FACES : kept_b * _FACES + _FACES]
    total = 0
    for face in range(1, 7):
        row = pairs[face * _FACES : face * _FACES + _FACES]
        face_a = with_a[face]
        face_b = with_b[face]
        if last:
            fixed = max(both, face_a, face_b)
            total += max(fixed, row[face])
            for other in range(face + 1, 7):
                total += 2 * max(fixed, row[other], with_a[other], with_b[other])
        else:
            total += max(row[face] + both, face_a + face_b)
            for other in range(face + 1, 7):
                total += 2 * max(row[other] + both, face_a + with_b[other], face_b + with_a[other])
    return total
