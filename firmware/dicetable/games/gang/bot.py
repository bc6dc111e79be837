"""Gang of Dice bots: "careful" plays the odds of the current card, "random" any legal move.

The careful bot sees only what its seat sees (gang.view). Everything is integer arithmetic:
probabilities are fixed point (_ONE = 1.0) and scores are kept in sixteenths.

Odds: `outcomes(card, kept, k)` says how rolling k fresh dice next to the kept dice ends, as a
list of (score x 16, probability) for the results that do not trigger the card. It is exact up
to the fixed point, with one closed form per card condition (the dice are independent and every
condition only grows with more dice):
    among     binomial count of dice showing the listed values
    same      dice showing limited faces (a pattern count over faces) + free faces
    total     binomial count of numeric dice x their sum (the full distribution: black cards
              are played to the limit, so the exact score matters)
    distinct  inclusion-exclusion over the set of values shown (32 sets)
    run       the same, with the card's run test on each set
Except for "total", the score of the safe results is given as its mean (one entry); rerolls of
up to _EXACT dice walk every multiset instead, for the exact spread of scores.

Policy: a result is worth its chance of beating the table (score, then more dice; earlier rollers
win ties) and of not being beaten by each later player, who is assumed to pick the number of dice
that beats it most often. The bot commits the n with the best expected dice won, and rerolls the
j lowest or j highest dice (the best of these sets) when that is worth more than stopping.
"""

from micropython import const

from dicetable.games.gang import rules as gang
from dicetable.games.gang import data

_ONE = const(32768)  # probability 1 in fixed point
_MODE = const(16384)  # a binomial's weight at its mode, before normalising
_MAX_DICE = const(8)  # the most dice the careful bot considers rolling at once
_MAX_REROLL = const(4)  # the most dice it considers rerolling at once
_EXACT = const(2)  # rerolls of up to this many dice: odds from every multiset (exact spread)
_NEGLIGIBLE = const(128)  # chances below 128/32768 (0.4%) are not worth more dice
_LATER_DICE = const(3)  # dice each later player is expected to add to the table
_FACES = const(6)

_POPCOUNT = [0] * 32
_VALUE_SUM = [0] * 32
for _mask in range(32):
    for _face in (1, 2, 3, 4, 5):
        if _mask & (1 << (_face - 1)):
            _POPCOUNT[_mask] += 1
            _VALUE_SUM[_mask] += _face
_CHOOSE = ((1,), (1, 1), (1, 2, 1), (1, 3, 3, 1), (1, 4, 6, 4, 1), (1, 5, 10, 10, 5, 1))
_SUMS = []  # _SUMS[j][v]: chance that j dice showing 1-5 add up to v
_MULTISETS = []  # _MULTISETS[k]: every multiset of k faces with its chance
_POWERS = {}  # k -> _powers(k)
_PATTERNS = {}  # card and kept dice -> _patterns()
_SAFE_SETS = {}  # card number * 32 + kept values -> safe value sets (see _safe_sets)


def _binomial(k, faces, top):
    """[P(X = x) for x in 0..top] in fixed point, X = dice among k showing one of `faces`
    (of the 6). Weights grow from the mode both ways and are normalised, so nothing underflows
    where the probability is not negligible."""
    out = [0] * (top + 1)
    if faces == 0 or k == 0:
        out[0] = _ONE
        return out
    mode = min(k, (k + 1) * faces // 6)
    weights = [0] * (k + 1)
    weights[mode] = _MODE
    x = mode
    while x > 0 and weights[x]:
        weights[x - 1] = weights[x] * x * (6 - faces) // ((k - x + 1) * faces)
        x -= 1
    x = mode
    while x < k and weights[x]:
        weights[x + 1] = weights[x] * (k - x) * faces // ((x + 1) * (6 - faces))
        x += 1
    total = 0
    for weight in weights:
        total += weight
    for x in range(min(top, k) + 1):
        out[x] = weights[x] * _ONE // total
    return out


def _power(base, k):
    """(base / 6) ** k in fixed point (square and multiply)."""
    value = _ONE
    factor = base * _ONE // 6
    while k:
        if k & 1:
            value = value * factor // _ONE
        factor = factor * factor // _ONE
        k >>= 1
    return value


def _powers(k):
    """(((1 + i) / 6) ** k, ((1 + i) / 6) ** (k - 1)) for i in 0..5, cached for small k."""
    found = _POWERS.get(k)
    if found is None:
        shorter = []  # for the expected number of numeric dice
        powers = []
        for i in range(6):
            shorter.append(_power(1 + i, k - 1) if k else 0)
            powers.append(shorter[i] * (1 + i) // 6 if k else _ONE)
        found = (powers, shorter)
        if k <= _MAX_DICE:
            _POWERS[k] = found
    return found


def _sums(width):
    """_SUMS[j][v] for j, v < width (rebuilt whole when a wider table is needed)."""
    if len(_SUMS) >= width:
        return _SUMS
    del _SUMS[:]
    row = [0] * width
    row[0] = _ONE
    _SUMS.append(row)
    for _ in range(1, width):
        last = row
        row = [0] * width
        window = 0  # last[v - 5] + ... + last[v - 1]
        for v in range(1, width):
            window += last[v - 1]
            if v > 5:
                window -= last[v - 6]
            row[v] = window // 5
        _SUMS.append(row)
    return _SUMS


def _safe_sets(number, kept_mask):
    """For a presence condition: (how many value sets of each size, and their value sums) that
    can join the kept values without triggering the card. Cached per card and kept values."""
    key = number * 32 + kept_mask
    found = _SAFE_SETS.get(key)
    if found is None:
        sizes = [0] * 6
        sums = [0] * 6
        counts = [0] * _FACES
        for mask in range(32):
            for face in (1, 2, 3, 4, 5):
                counts[face] = 1 if (mask | kept_mask) & (1 << (face - 1)) else 0
            if not gang.triggers(number, counts):
                sizes[_POPCOUNT[mask]] += 1
                sums[_POPCOUNT[mask]] += _VALUE_SUM[mask]
        found = _SAFE_SETS[key] = (sizes, sums)
    return found


def outcomes(number, kept, k, exact=0):
    """[(score x 16, probability), ...] of the results that do not trigger card `number` when
    k fresh dice are rolled next to `kept` (counts per face, not triggering on their own)."""
    condition, values, count = data.CARDS[number][3:6]
    kept16 = 16 * gang.score_of(kept)
    if condition == "total":
        room = count - kept16 // 16  # the new dice must add up to less than this
        if room <= 0:
            return []
        sums = _sums(room)
        numeric = _binomial(k, 5, room - 1)
        spread = [0] * room
        for j in range(min(k, room - 1) + 1):
            weight = numeric[j]
            if weight:
                row = sums[j]
                for v in range(j, room):
                    spread[v] += weight * row[v] // _ONE
        result = []
        for v in range(room):
            if spread[v]:
                result.append((kept16 + 16 * v, spread[v]))
        return result
    if k <= exact:
        return _enumerated(number, kept, k)
    if condition == "among":
        left = count
        listed = 0
        for face in values:
            left -= kept[face]
            listed += face
        if left <= 0:
            return []
        size = len(values)
        hits = _binomial(k, size, left - 1)
        chance = total = 0
        for x in range(left):
            mean16 = 16 * (x * listed * (6 - size) + (k - x) * (15 - listed) * size)
            chance += hits[x]
            total += hits[x] * ((mean16 + size * (6 - size) // 2) // (size * (6 - size)))
        return _mean(kept16, chance, total)
    if condition == "same":
        return _same(number, values or (1, 2, 3, 4, 5), count, kept, kept16, k)
    return _presence(number, kept, kept16, k)


def _enumerated(number, kept, k):
    """Every multiset of k faces with its weight: the exact score distribution for few dice."""
    spread = [0] * (5 * k + 1)
    counts = list(kept)
    base = gang.score_of(kept)
    for faces, weight, added in _multisets(k):
        for face in faces:
            counts[face] += 1
        if not gang.triggers(number, counts):
            spread[added] += weight
        for face in faces:
            counts[face] -= 1
    result = []
    for v in range(len(spread)):
        if spread[v]:
            result.append((16 * (base + v), spread[v]))
    return result


def _multisets(k):
    """[(faces in ascending order, chance, their sum), ...] for k dice (built once per k)."""
    while len(_MULTISETS) <= k:
        size = len(_MULTISETS)
        if size == 0:
            _MULTISETS.append([((), _ONE, 0)])
            continue
        grown = []
        for faces, _chance, _sum in _MULTISETS[size - 1]:
            for face in range(faces[-1] if faces else 0, _FACES):
                grown.append(faces + (face,))
        for index in range(len(grown)):
            faces = grown[index]
            # chance = size! / (product of (repeats of a face)!) / 6 ** size
            ways = 1
            run = 1
            for i in range(1, size):
                run = run + 1 if faces[i] == faces[i - 1] else 1
                ways = ways * (i + 1) // run
            total = 0
            for face in faces:
                total += face
            grown[index] = (faces, ways * _ONE // 6**size, total)
        _MULTISETS.append(grown)
    return _MULTISETS[k]


def _mean(kept16, chance, total):
    if chance <= 0:
        return []
    return [(kept16 + (total + chance // 2) // chance, chance)]


def _same(number, faces, count, kept, kept16, k):
    patterns, sums, listed = _patterns(number, faces, count, kept)
    if not patterns:
        return []
    free = 6 - len(faces)
    numeric = _binomial(k, len(faces), len(patterns) - 1)
    chance = total = 0
    for j in range(min(k, len(patterns) - 1) + 1):
        if not patterns[j]:
            continue
        part = numeric[j] * patterns[j] // _ONE
        mean16 = 16 * sums[j] // patterns[j] + 16 * (k - j) * (15 - listed) // free
        chance += part
        total += part * mean16
    return _mean(kept16, chance, total)


def _patterns(number, faces, count, kept):
    """(patterns, sums, sum of faces): patterns[j] is the chance that j dice, each showing one
    of `faces`, stay below `count` dice per face next to the kept ones; sums[j] is their sum
    times that chance (x _ONE). Cached per card and kept dice."""
    key = number
    for face in faces:
        key = key * 8 + kept[face] if kept[face] < 8 else -1
        if key < 0:
            break
    found = _PATTERNS.get(key)
    if found is not None:
        return found
    patterns = [_ONE]
    sums = [0]
    listed = 0
    for face in faces:
        listed += face
        cap = count - 1 - kept[face]
        if cap < 0:
            patterns = sums = []
            break
        grown = [0] * (len(patterns) + cap)
        grown_sums = [0] * len(grown)
        for j in range(len(patterns)):
            ways = 1
            scale = 1
            for x in range(cap + 1):
                grown[j + x] += patterns[j] * ways // scale
                grown_sums[j + x] += (sums[j] + face * x * patterns[j]) * ways // scale
                ways = ways * (j + x + 1) // (x + 1)
                scale *= len(faces)
        patterns, sums = grown, grown_sums
    found = (patterns, sums, listed)
    if key >= 0:
        _PATTERNS[key] = found
    return found


def _presence(number, kept, kept16, k):
    """Conditions on the set of values shown: P(the new dice show exactly the values U) depends
    only on |U|, by inclusion-exclusion over ((1 + i) / 6) ** k."""
    kept_mask = 0
    for face in (1, 2, 3, 4, 5):
        if kept[face]:
            kept_mask |= 1 << (face - 1)
    sizes, sums = _safe_sets(number, kept_mask)
    powers, shorter = _powers(k)
    chance = total = 0
    for size in range(6):
        if not sizes[size]:
            continue
        exactly = numeric = 0  # P(exactly these values), E[numeric dice; exactly these values]
        for i in range(size + 1):
            sign = -1 if (size - i) % 2 else 1
            exactly += sign * _CHOOSE[size][i] * powers[i]
            numeric += sign * _CHOOSE[size][i] * (k * i * shorter[i] // 6)
        if exactly > 0:
            chance += sizes[size] * exactly
        if size and numeric > 0:
            total += 16 * (sums[size] * numeric // size)
    return _mean(kept16, chance, total)


def _widest_total():
    widest = 0
    for number in data.CARD_NUMBERS:
        if data.CARDS[number][3] == "total" and data.CARDS[number][5] > widest:
            widest = data.CARDS[number][5]
    return widest


# The fixed tables are built at import, together, so that they do not split the heap later.
_sums(_widest_total())
_multisets(_EXACT)


# --- the careful policy -------------------------------------------------------------------


class _Table:
    """What a decision needs: the card, the score to beat, and what later players can do."""

    def __init__(self, seen):
        self.card = seen["card"]
        self.black = data.CARDS[self.card][1] == "black"
        self.total = data.CARDS[self.card][3] == "total"
        self.best = -1  # the score to beat, with its dice; -1: nobody scored yet
        self.best_dice = 0
        for _seat, dice, _counts, _rolls, score in seen["turns"]:
            if score > self.best or (score == self.best and dice > self.best_dice):
                self.best, self.best_dice = score, dice
        order = seen["order"]
        self.later = len(order) - 1 - order.index(seen["seat"])
        self.pot = seen["pot"]
        self.fresh = []  # fresh[n - 1]: outcomes(card, no dice, n)
        self.fresh_chance = []  # fresh_chance[n - 1]: the chance that n fresh dice are safe
        self._threats = None
        self._memo = {}  # threat() by score and dice
        self._spread = None  # a total card's spread for the last fresh count of dice
        if self.later:
            self.extend(_MAX_DICE)

    def extend(self, most):
        """fresh up to `most` dice, or until more dice have only a negligible chance."""
        none = [0] * _FACES
        while len(self.fresh) < most:
            if self.fresh and self.fresh_chance[-1] < _NEGLIGIBLE:
                break
            if self.total:
                results = self._one_more_die()
            else:
                results = outcomes(self.card, none, len(self.fresh) + 1)
            self.fresh.append(results)
            chance = 0
            for _score16, p in results:
                chance += p
            self.fresh_chance.append(chance)

    def _boost(self, chance):
        # A black card is checked only at the end, so a bad roll can still be rerolled.
        return _retries(chance, data.REROLLS + 1) if self.black else chance

    def _one_more_die(self):
        """outcomes() of a total card for one die more than the last: a running convolution
        (cheaper than the closed form when every count of dice is wanted)."""
        spread = self._spread
        if spread is None:
            spread = [0] * data.CARDS[self.card][5]
            spread[0] = _ONE
        grown = [0] * len(spread)
        window = 0  # spread[v - 5] + ... + spread[v]
        results = []
        for v in range(len(spread)):
            window += spread[v]
            if v > 5:
                window -= spread[v - 6]
            grown[v] = window // 6
            if grown[v]:
                results.append((16 * v, grown[v]))
        self._spread = grown
        return results

    def _build_threats(self):
        """Per later player's best try: for totals, tables by score (beat it outright, or tie
        it with more dice); otherwise (mean x 16, chance) per number of dice. The retries of a
        black card are added at lookup (more chance before is more chance after)."""
        if not self.total:
            self._threats = [(r[0][0], r[0][1]) if r else (0, 0) for r in self.fresh]
            return
        room = data.CARDS[self.card][5]
        above = [0] * (room + 1)  # best chance to score more than s
        tie = [[0] * (len(self.fresh) + 1) for _ in range(room + 1)]  # ... s or more with > d dice
        for index in range(len(self.fresh) - 1, -1, -1):
            tail = [0] * (room + 1)
            for score16, p in self.fresh[index]:
                tail[score16 // 16] += p
            for s in range(room - 1, -1, -1):
                tail[s] += tail[s + 1]  # now: the chance of s or more
            for s in range(room):
                if tail[s + 1] > above[s]:
                    above[s] = tail[s + 1]
                tie[s][index] = max(tail[s], tie[s][index + 1])
        self._threats = (above, tie)

    def threat(self, score16, dice):
        """Chance that one later player beats (score, dice), with the best number of dice."""
        key = score16 * 256 + dice
        found = self._memo.get(key)
        if found is not None:
            return found
        if self._threats is None:
            self._build_threats()
        worst = 0
        if self.total:
            above, tie = self._threats
            s = score16 // 16
            if s < len(above) - 1:
                worst = max(above[s], tie[s][dice] if dice < len(tie[s]) else 0)
        else:
            n = 0
            for their16, chance in self._threats:
                n += 1
                if their16 > score16 or (their16 >= score16 and n > dice):
                    if chance > worst:
                        worst = chance
        found = self._memo[key] = self._boost(worst)
        return found

    def worth(self, results, dice):
        """Chance, in fixed point, that one of these results wins the round."""
        value = 0
        best16 = 16 * self.best
        later = self.later
        for score16, p in results:
            if score16 < best16 or (score16 == best16 and dice <= self.best_dice):
                continue  # does not beat the table
            keep = _ONE
            if later:
                safe = _ONE - self.threat(score16, dice)
                for _ in range(later):
                    keep = keep * safe // _ONE
            value += p * keep // _ONE
        return value


def _retries(chance, tries):
    """Chance of at least one success in `tries` independent tries."""
    if chance <= 0 or chance >= _ONE:
        return chance
    miss = _ONE - chance
    if tries == 3:  # a black card: the roll and two rerolls
        return _ONE - (miss * miss // _ONE) * miss // _ONE
    left = miss
    while tries > 1:
        left = left * miss // _ONE
        tries -= 1
    return _ONE - left


def _commit(seen, table):
    pool = seen["pools"][seen["seat"]]
    gain = table.pot + table.later * _LATER_DICE
    table.extend(min(pool, _MAX_DICE))
    best_n = 1
    best_value = None
    for n in range(1, min(pool, len(table.fresh)) + 1):
        results = table.fresh[n - 1]
        if best_value is not None and table._boost(table.fresh_chance[n - 1]) * gain <= best_value:
            break  # even winning whenever these dice are safe would not pay more
        win = table._boost(table.worth(results, n))
        value = win * gain - (_ONE - win) * n
        if best_value is None or value > best_value:
            best_n, best_value = n, value
    return best_n


def _candidates(dice):
    """Reroll sets: the j lowest dice and the j highest dice (gangsters count lowest)."""
    faces = []
    for face in range(_FACES):
        faces.extend([face] * dice[face])
    sets = []
    for j in range(1, min(len(faces), _MAX_REROLL) + 1):
        for chosen in (faces[:j], faces[len(faces) - j :]):
            counts = [0] * _FACES
            for face in chosen:
                counts[face] += 1
            if counts not in sets:
                sets.append(counts)
    return sets


# The last reroll question and its answer: the bot selects the dice to reroll one face per
# decision, and every one of those decisions asks the same question.
_REROLLED = [None, None]


def _reroll(seen, table):
    """The dice to reroll (counts per face), or None to stop."""
    dice = seen["dice"]
    n = seen["committed"]
    question = (table.card, table.best, table.best_dice, table.later, n, seen["rerolls_left"])
    question += tuple(dice)
    if question == _REROLLED[0]:
        return _REROLLED[1]
    final = not (table.black and gang.triggers(table.card, dice))
    best_value = table.worth([(16 * gang.score_of(dice), _ONE)], n) if final else 0
    best = None
    for counts in _candidates(dice):
        kept = [dice[face] - counts[face] for face in range(_FACES)]
        value = table.worth(outcomes(table.card, kept, sum(counts), _EXACT), n)
        if table.black and seen["rerolls_left"] > 1:
            value = _retries(value, seen["rerolls_left"])
        if value > best_value:
            best, best_value = counts, value
    _REROLLED[0], _REROLLED[1] = question, best
    return best


def choose(state, seat, rng):
    legal = state.legal_actions(seat)
    if state.params["strengths"][seat] == "random":
        if gang.REROLL in legal:
            return gang.REROLL
        return rng.choice(legal)
    seen = gang.view(state, seat)
    table = _Table(seen)
    if legal[0] != gang.STOP:
        return gang.commit_action(_commit(seen, table))
    wanted = _reroll(seen, table) if seen["rerolls_left"] else None
    if wanted is None:
        return gang.STOP
    for face in range(_FACES):
        if seen["selected"][face] != wanted[face]:
            return gang.select_action(face, wanted[face])
    return gang.REROLL
