"""The careful Dice Trip bot against a slow, obvious reference (CPython, hypothesis).

The bot (games/dicetrip_bot, dicetrip_plan) prunes and paints to fit the per-action budget; the
reference below values every number in every empty city and every reroll outcome one by one,
as the first version of the bot did. Both must make the same move on any reachable position,
so the speed-ups change no decision (and the bot's strength is unchanged by construction).
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.dicetrip import bot as dicetrip_bot
from dicetable.games.dicetrip import data, route
from dicetable.games.dicetrip import plan as dicetrip_plan
from dicetable.games.dicetrip import rules as dicetrip

from dicetrip_helpers import BLUE, GREEN, RED, YELLOW, hand_board, line_roads, new, roll

_POINT, _FIT, _SLOPE, _SLOT_LOSS, _NONE = 16, 20, 4, 10, -10000
_TWICE_MARGIN = (24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0)
_REROLL_MARGIN = (20, 19, 18, 17, 16, 14, 12, 10, 8, 6, 4, 2, 0)
_SPLITS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))


# --- the reference ----------------------------------------------------------------------------
class _Sheet:
    def __init__(self, state, seat):
        board = state.board
        self.state = state
        self.values = values = state.values[seat]
        self.neighbours = board.neighbours
        self.ending, self.starting = route.ascending_lengths(board.neighbours, values)
        self.longest = max(self.ending)
        self.empty = state.cross_options(seat)
        plan = dicetrip_plan.plan_for(board)
        self.position = [-1] * board.size
        for index, city in enumerate(plan):
            self.position[city] = index
        kept, last = [], 0
        for city in plan:
            kept.append(values[city] > last)
            if values[city] > last:
                last = values[city]
        self.before, self.after = [], []
        near = (-1, -1)
        for index, city in enumerate(plan):
            self.before.append(near)
            if kept[index]:
                near = (index, dicetrip_plan.rank(values[city]))
        near = (len(plan), 36)
        for index in range(len(plan) - 1, -1, -1):
            self.after.insert(0, near)
            if kept[index]:
                near = (index, dicetrip_plan.rank(values[plan[index]]))

    def write_value(self, number, city, tick):
        value = _POINT if tick else 0
        low = high = 0
        for other in self.neighbours[city]:
            held = self.values[other]
            if 0 < held < number:
                low = max(low, self.ending[other])
            elif held > number:
                high = max(high, self.starting[other])
        value += max(0, low + high + 1 - self.longest) * _POINT
        place = self.position[city]
        if place < 0:
            return value
        below, low_rank = self.before[place]
        above, high_rank = self.after[place]
        wanted = dicetrip_plan.rank(number)
        if not low_rank < wanted < high_rank:
            return value - _SLOT_LOSS
        span = above - below
        expected = (low_rank * span + (high_rank - low_rank) * (place - below)) * _POINT // span
        fit = _FIT - abs(wanted * _POINT - expected) * _SLOPE // _POINT
        return value + max(0, fit)

    def best_cities(self, number, tens, units):
        scored = [
            (self.write_value(number, city, self.state.earns_tick(tens, units, city)), city)
            for city in self.empty
        ]
        scored.sort(key=lambda item: (-item[0], item[1]))
        return scored[:2]

    def best_crosses(self):
        scored = [
            (-_POINT - (_SLOT_LOSS if self.position[city] >= 0 else 0), city)
            for city in self.empty
        ]
        scored.sort(key=lambda item: (-item[0], item[1]))
        return scored[:2]


def reference_hint(state, seat):
    left = state.placements_left(seat)
    if not left:
        legal = state.legal_actions(seat)
        if not legal:
            return None
        if dicetrip.NEXT in legal:
            return dicetrip.NEXT
        return _power(state, seat, legal)
    sheet = _Sheet(state, seat)
    if state.moves[seat] or left == 1:
        value, city = sheet.best_crosses()[0]
        best = (value, dicetrip.cross_action(city))
        for number, tens, units, twice in state.number_options(seat):
            value, city = sheet.best_cities(number, tens, units)[0]
            value -= _TWICE_MARGIN[state.round] if twice else 0
            if value > best[0]:
                best = (value, dicetrip.write_action(tens, units, city))
        return best[1]
    return _first_of_two(state, seat, sheet)


def _candidates(state, sheet, pair):
    out = []
    for tens, units in (pair, (pair[1], pair[0])):
        if tens != pair[0] and state.dice[tens] == state.dice[units]:
            break
        number = state.number(tens, units)
        if number not in sheet.values:
            for value, city in sheet.best_cities(number, tens, units):
                out.append((value, dicetrip.write_action(tens, units, city), city, number))
    return out


def _first_of_two(state, seat, sheet):
    crosses = [(v, dicetrip.cross_action(c), c, 0) for v, c in sheet.best_crosses()]
    plans = [(_candidates(state, sheet, a), b, 0) for a, b in _SPLITS]
    if "twice" in state.powers(seat):
        dice = state.dice
        for reused in range(4):
            others = [d for d in range(4) if d != reused and dice[d] != dice[reused]]
            for index in range(len(others)):
                for other in others[index + 1 :]:
                    firsts = _candidates(state, sheet, (reused, others[index]))
                    plans.append((firsts, (reused, other), _TWICE_MARGIN[state.round]))
    best = None
    for firsts, pair_b, cost in plans:
        for first in firsts + crosses:
            for second in _candidates(state, sheet, pair_b) + crosses:
                if first[2] == second[2] or (first[3] and first[3] == second[3]):
                    continue
                if cost and not (first[3] and second[3]):
                    continue
                total = first[0] + second[0] - cost
                if best is None or total > best[0]:
                    lead = first if first[0] >= second[0] or cost else second
                    best = (total, lead[1])
    return best[1]


def _power(state, seat, legal):
    if len(legal) == 1:
        return legal[0]
    sheet = _Sheet(state, seat)
    cross = sheet.best_crosses()[0][0]
    worth = [cross] * 67
    for tens in range(1, 7):
        for units in range(1, 7):
            number = tens * 10 + units
            if number not in sheet.values:
                for city in sheet.empty:
                    worth[number] = max(
                        worth[number], sheet.write_value(number, city, tens == units)
                    )
    last = state.round == data.ROUNDS - 1
    keep = _roll_worth(state.dice, worth, last)
    best_gain, best_action = 0, dicetrip.KEEP
    for first in range(4):
        for second in range(first, 4):
            chosen = (first,) if first == second else (first, second)
            total = 0
            for face_a in range(1, 7):
                for face_b in range(1, 7):
                    dice = list(state.dice)
                    dice[first] = face_a
                    if second != first:
                        dice[second] = face_b
                    total += _roll_worth(dice, worth, last)
            gain = total // 36 - keep
            if gain > best_gain:
                best_gain, best_action = gain, dicetrip.reroll_action(chosen)
    return best_action if best_gain > _REROLL_MARGIN[state.round] else dicetrip.KEEP


def _roll_worth(dice, worth, last):
    if last:
        return max(worth[10 * dice[t] + dice[u]] for t in range(4) for u in range(4) if t != u)
    best = None
    for (a, b), (c, d) in _SPLITS:
        left = max(worth[10 * dice[a] + dice[b]], worth[10 * dice[b] + dice[a]])
        right = max(worth[10 * dice[c] + dice[d]], worth[10 * dice[d] + dice[c]])
        best = left + right if best is None else max(best, left + right)
    return best


# --- the comparisons --------------------------------------------------------------------------
def _same_everywhere(state):
    """Every seat's hint (and the city and cross the UI asks for) equals the reference's, and
    so does the value of every number the reroll power weighs."""
    for seat in range(state.players):
        assert dicetrip_bot.hint(state, seat) == reference_hint(state, seat), (
            seat,
            state.to_data(),
        )
        sheet = _Sheet(state, seat)
        if sheet.empty:
            by_rank = dicetrip_plan.Planner(state, seat).rank_values()
            for number in range(11, 67):
                if 1 <= number % 10 <= 6 and number not in sheet.values:
                    wanted = max([sheet.write_value(number, c, False) for c in sheet.empty])
                    assert by_rank[dicetrip_plan.rank(number)] == wanted, number
        if state.placements_left(seat):
            for tens in range(4):
                for units in range(4):
                    if tens != units and state.city_options(seat, tens, units):
                        number = state.number(tens, units)
                        wanted = sheet.best_cities(number, tens, units)[0][1]
                        assert dicetrip_bot.best_city(state, seat, tens, units) == wanted
            assert dicetrip_bot.best_cross(state, seat) == sheet.best_crosses()[0][1]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(0, 2**30 - 1),
    st.lists(st.integers(0, 10**6), min_size=400, max_size=400),
)
def test_the_bot_moves_as_the_reference_on_any_position(players, seed, picks):
    """Random games (the bot's move or any legal one, rerolls and the twice power included)."""
    session = Session(load("dicetrip"), dicetrip.make_params({"players": players}), seed)
    state = session.state
    for pick in picks:
        if not state.actors():
            break
        if state.actors() == [CHANCE]:
            session.roll()
            continue
        _same_everywhere(state)
        seat = state.actors()[pick % len(state.actors())]
        legal = state.legal_actions(seat)
        if pick % 3:
            state.apply(seat, dicetrip_bot.hint(state, seat))
        else:
            state.apply(seat, legal[pick % len(legal)])


def test_whole_bot_games_move_as_the_reference():
    for seed in range(12):
        session = Session(
            load("dicetrip"), dicetrip.make_params({"players": 1 + seed % 4}), 900 + seed
        )
        state = session.state
        while state.actors():
            if state.actors() == [CHANCE]:
                session.roll()
                continue
            _same_everywhere(state)
            seat = state.actors()[0]
            state.apply(seat, dicetrip_bot.hint(state, seat))


def test_hand_built_maps_move_as_the_reference():
    """Routes on a line and a ring of cities: growth on both sides, ties, crossed cities."""
    rings = {0: "red", 3: "yellow", 6: "green", 9: "blue"}
    for roads in (line_roads(list(range(12))), line_roads(list(range(12)) + [0])):
        board = hand_board(12, roads, rings)
        for faces in ((1, 2, 3, 4), (6, 6, 5, 1), (2, 2, 2, 2), (3, 5, 3, 5)):
            state = new(1, board=board)
            roll(state, faces)
            state.apply(0, dicetrip.KEEP)
            for tens, units, city in ((RED, YELLOW, 4), (GREEN, BLUE, 7)):
                if state.city_options(0, tens, units):
                    state.apply(0, dicetrip.write_action(tens, units, city))
                else:
                    state.apply(0, dicetrip.cross_action(city))
            while len(state.cross_options(0)) > 2:  # a short map: not all 13 rounds
                if state.actors() == [CHANCE]:
                    state.apply(CHANCE, 1 + (state.action_count * 5) % 6)
                    continue
                _same_everywhere(state)
                state.apply(0, dicetrip_bot.hint(state, 0))
