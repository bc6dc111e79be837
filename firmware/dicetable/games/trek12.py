"""Trek 12 (Himalaya base game, Express Ascent): 1-6 players share each roll of a red d6 (1-6)
and a yellow d6 (0-5); each writes one result on their own mountain. One round per circle.

Rules: ../shared/rules/trek12-and-christmas-on-track.md part A and DECISIONS.md. Sheets come
from trek12_maps (data), points from trek12_score. Actions (docs/journal.md):

    roll       seat -1    10 x red + yellow: 10..65 (36 outcomes, equally likely)
    placement  each seat  op x 1000000 + circle x 10000 + down x 100 + up, read as OCCDDUU:
                          op 1 LOW, 2 HIGH, 3 DIFF, 4 SUM, 5 PROD; the circle written; the circles
                          the new number links down to (value - 1) and up to (value + 1), or 99.

After a roll every seat that has not yet written this round acts (`actors()`), in any order,
each on its own sheet. Links are drawn when a number is written and are mandatory, merges
included: a placement names them, and the only freedom is which circle when several
neighbours qualify. A result over the circle's cap is written as a frown (SAD), which never
links. A placement is checked directly in `apply` (cheaper than listing every legal action on
the device); the property tests check that the check agrees with `legal_actions`.
"""

from micropython import const

from dicetable.core.dice import D6, YELLOW_D6
from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE, State
from dicetable.games import trek12_maps as maps
from dicetable.games.seats import seat_params
from dicetable.games.trek12_score import EMPTY, SAD, Greedy, Score

GAME_ID = "trek12"
TITLE = "Trek 12"

LOW = const(1)
HIGH = const(2)
DIFF = const(3)
SUM = const(4)
PROD = const(5)
NO_LINK = const(99)  # in an action: the number links to nothing on that side
OP_NAMES = ("low", "high", "diff", "sum", "prod")  # by op - 1

_MIN_PLAYERS = const(1)
_MAX_PLAYERS = const(6)
_OP_UNIT = const(1000000)
_CIRCLE_UNIT = const(10000)
_DOWN_UNIT = const(100)
_ROLL_UNIT = const(10)  # roll action = red x 10 + yellow
_NONE = const(-1)  # no link, inside a sheet

_ROLLS = [(red * _ROLL_UNIT + yellow, 1) for red in D6 for yellow in YELLOW_D6]
_NO_ROLLS = []
_LONE = (NO_LINK,)


def make_params(options):
    params = seat_params(options, _MIN_PLAYERS, _MAX_PLAYERS)
    map_id = options.get("map", "dunai")
    if map_id not in maps.MAP_IDS:
        raise IllegalAction("unknown map %r (use %s)" % (map_id, ", ".join(maps.MAP_IDS)))
    params["map"] = map_id
    return params


def new_state(params):
    return Trek12State(params)


def encode(op, circle, down=NO_LINK, up=NO_LINK):
    return op * _OP_UNIT + circle * _CIRCLE_UNIT + down * _DOWN_UNIT + up


def decode(action):
    """(op, circle, down, up) of a placement action."""
    return (
        action // _OP_UNIT,
        action // _CIRCLE_UNIT % 100,
        action // _DOWN_UNIT % 100,
        action % 100,
    )


def roll_action(red, yellow):
    return red * _ROLL_UNIT + yellow


def roll_dice(action):
    """(red, yellow) of a roll action."""
    return action // _ROLL_UNIT, action % _ROLL_UNIT


def results(roll):
    """The five results of a roll action, by op - 1: low, high, difference, sum, product."""
    red, yellow = roll // _ROLL_UNIT, roll % _ROLL_UNIT
    low, high = (red, yellow) if red < yellow else (yellow, red)
    return (low, high, high - low, red + yellow, red * yellow)


class Trek12State(State):
    game_id = GAME_ID

    def __init__(self, params, board=None):
        super().__init__(params)
        # A test may pass its own Board (a synthetic graph); games always use a known sheet.
        self.board = board if board is not None else maps.load(params["map"])
        self.players = params["players"]
        size = self.board.size
        self.rounds = size
        self.round = 0  # rounds completed
        self.roll = 0  # this round's roll action, 0 until the dice are rolled
        self.placed = [False] * self.players
        self.values = [[EMPTY] * size for _ in range(self.players)]
        self.up = [[_NONE] * size for _ in range(self.players)]
        self.down = [[_NONE] * size for _ in range(self.players)]
        self.ticks = [[0] * len(maps.OPERATIONS) for _ in range(self.players)]
        self._scores = [None] * self.players

    # --- protocol ---------------------------------------------------------------------------
    def actors(self):
        if self.round == self.rounds:
            return []
        if not self.roll:
            return [CHANCE]
        return [seat for seat in range(self.players) if not self.placed[seat]]

    def chance_outcomes(self):
        return _ROLLS if self.round < self.rounds and not self.roll else _NO_ROLLS

    def legal_actions(self, seat):
        """Every placement of `seat` now, ascending (op, then circle, then link choices)."""
        if not self._asked(seat):
            return []
        ticks = self.ticks[seat]
        limits = self.board.limits
        caps = self.board.caps
        numbers = results(self.roll)
        circles = self.open_circles(seat)
        actions = []
        for index in range(len(numbers)):
            if ticks[index] >= limits[index]:
                continue
            value = numbers[index]
            base = (index + 1) * _OP_UNIT
            for circle in circles:
                code = base + circle * _CIRCLE_UNIT
                if value > caps[circle]:
                    actions.append(code + NO_LINK * _DOWN_UNIT + NO_LINK)
                    continue
                downs, ups = self.link_candidates(seat, circle, value)
                for down in downs or _LONE:
                    for up in ups or _LONE:
                        actions.append(code + down * _DOWN_UNIT + up)
        return actions

    def apply(self, seat, action):
        if self._asked(seat):
            reason = self._refusal(seat, action)
            if reason:
                raise IllegalAction(reason)
            self._apply(seat, action)
            self._record(seat, action)
            return
        if self.roll and seat in range(self.players) and self.placed[seat]:
            raise IllegalAction(
                "%s has already written this round's number" % self.seat_name(seat)
            )
        super().apply(seat, action)

    def explain_illegal(self, seat, action):
        if self._asked(seat):
            return self._refusal(seat, action) or "that move is allowed"
        return super().explain_illegal(seat, action)

    def _apply(self, seat, action):
        if seat == CHANCE:
            self.roll = action
            for index in range(self.players):
                self.placed[index] = False
            return
        op, circle, down, up = decode(action)
        value = results(self.roll)[op - 1]
        self.ticks[seat][op - 1] += 1
        if value > self.board.caps[circle]:
            self.values[seat][circle] = SAD
        else:
            self.values[seat][circle] = value
            if down != NO_LINK:
                self.down[seat][circle] = down
                self.up[seat][down] = circle
            if up != NO_LINK:
                self.up[seat][circle] = up
                self.down[seat][up] = circle
        self._scores[seat] = None
        self.placed[seat] = True
        if False not in self.placed:
            self.round += 1
            self.roll = 0

    # --- rules ------------------------------------------------------------------------------
    def _asked(self, seat):
        return bool(self.roll) and seat in range(self.players) and not self.placed[seat]

    def open_circles(self, seat):
        """The empty circles `seat` may write in: any on the first placement, then only those
        next to a filled circle (a frown counts as filled)."""
        values = self.values[seat]
        neighbours = self.board.neighbours
        first = True
        for value in values:
            if value != EMPTY:
                first = False
                break
        circles = []
        for circle in range(len(values)):
            if values[circle] != EMPTY:
                continue
            if first:
                circles.append(circle)
                continue
            for other in neighbours[circle]:
                if values[other] != EMPTY:
                    circles.append(circle)
                    break
        return circles

    def link_candidates(self, seat, circle, value):
        """([neighbours holding value - 1 with a free up-link], [holding value + 1 with a free
        down-link]), ascending: the number written must link to one of each list not empty."""
        values = self.values[seat]
        up = self.up[seat]
        down = self.down[seat]
        downs = []
        ups = []
        for other in self.board.neighbours[circle]:
            held = values[other]
            if value > 0 and held == value - 1 and up[other] == _NONE:
                downs.append(other)
            elif value < maps.MAX_VALUE and held == value + 1 and down[other] == _NONE:
                ups.append(other)
        return downs, ups

    def _refusal(self, seat, action):
        """Why `seat` may not play `action` now, or "" if it may (the seat is being asked)."""
        if not isinstance(action, int) or isinstance(action, bool) or action < _OP_UNIT:
            return "%r is not a Trek 12 move" % (action,)
        op, circle, down, up = decode(action)
        board = self.board
        if op > len(maps.OPERATIONS) or circle >= board.size:
            return "%r is not a Trek 12 move" % (action,)
        name = OP_NAMES[op - 1]
        if self.ticks[seat][op - 1] >= board.limits[op - 1]:
            return "%s is used up (%d ticks)" % (name, board.limits[op - 1])
        if self.values[seat][circle] != EMPTY:
            return "circle %d is already filled" % circle
        if circle not in self.open_circles(seat):
            return "circle %d is not next to a filled circle" % circle
        value = results(self.roll)[op - 1]
        if value > board.caps[circle]:
            if down != NO_LINK or up != NO_LINK:
                return "%d is over circle %d's cap of %d: a frown never links" % (
                    value,
                    circle,
                    board.caps[circle],
                )
            return ""
        downs, ups = self.link_candidates(seat, circle, value)
        for link, choices, side in ((down, downs, "down"), (up, ups, "up")):
            if choices and link not in choices:
                others = " or ".join([str(other) for other in choices])
                return "%d in circle %d must link %s to circle %s" % (value, circle, side, others)
            if not choices and link != NO_LINK:
                return "%d in circle %d has nothing to link %s to" % (value, circle, side)
        return ""

    # --- views and scoring ------------------------------------------------------------------
    def score(self, seat):
        """The Score of a seat's sheet as it stands (cached until that sheet changes)."""
        score = self._scores[seat]
        if score is None:
            score = Score(self.board, self.values[seat], self.up[seat], self.down[seat])
            self._scores[seat] = score
        return score

    def scores(self):
        return [self.score(seat).total for seat in range(self.players)]

    def breakdown(self, seat):
        return self.score(seat).breakdown()

    def action_to_string(self, seat, action):
        """A roll, or a placement described against the current roll."""
        if seat == CHANCE:
            return "red %d yellow %d" % roll_dice(action)
        if not isinstance(action, int) or action < _OP_UNIT:
            return str(action)
        op, circle, down, up = decode(action)
        if op > len(OP_NAMES) or circle >= self.board.size:
            return str(action)
        if not self.roll:
            return "%s in %d" % (OP_NAMES[op - 1], circle)
        value = results(self.roll)[op - 1]
        text = "%s %d in %d" % (OP_NAMES[op - 1], value, circle)
        if value > self.board.caps[circle]:
            return text + " (over cap)"
        if down != NO_LINK:
            text += ", down %d" % down
        if up != NO_LINK:
            text += ", up %d" % up
        return text

    def to_data(self):
        return {
            "map": self.board.id,
            "round": self.round,
            "roll": self.roll,
            "placed": list(self.placed),
            "values": [list(row) for row in self.values],
            "up": [list(row) for row in self.up],
            "down": [list(row) for row in self.down],
            "ticks": [list(row) for row in self.ticks],
            "scores": self.scores(),
        }

    def __str__(self):
        return "trek12 %s round %d/%d roll %d scores %r" % (
            self.board.id,
            self.round + 1,
            self.rounds,
            self.roll,
            self.scores(),
        )


def bot_action(state, seat, rng):
    """The greedy policy's choice: deterministic, so `rng` is not needed."""
    return hint(state, seat)


def hint(state, seat):
    """The placement the greedy policy (trek12_score.Greedy) ranks first for `seat`, or None
    when the seat has nothing to write; ties go to the smallest action."""
    legal = state.legal_actions(seat)
    if not legal:
        return None
    board = state.board
    policy = Greedy(board, state.values[seat], state.up[seat], state.down[seat], state.score(seat))
    numbers = results(state.roll)
    ticks = state.ticks[seat]
    limits = board.limits
    best = legal[0]
    best_gain = None
    for action in legal:
        op, circle, down, up = decode(action)
        gain = policy.gain(
            circle,
            numbers[op - 1],
            _NONE if down == NO_LINK else down,
            _NONE if up == NO_LINK else up,
        )
        gain -= policy.tick_cost(limits[op - 1] - ticks[op - 1])
        if best_gain is None or gain > best_gain:
            best = action
            best_gain = gain
    return best
