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
links, and only when forced: no result with ticks left fits any open circle (DECISIONS.md).
A placement is checked directly in `apply` (cheaper than listing every legal action on the
device); the property tests check that the check agrees with `legal_actions`.

Special maps (reference A11) change these rules only through their Board's data
(trek12_special): start circles, one operation table per region (a circle is ticked on its
region's table), water circles that never link, pre-linked pairs (the second of a pair written
must link to the first, or it is a frown), the first player(s) to the star circle, and a result
over 12 that puts a player out of the game (only when nothing else can be written).
"""

from micropython import const

from dicetable.core.dice import D6, YELLOW_D6
from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE, State
from dicetable.games.trek12 import maps
from dicetable.games.seats import seat_params
from dicetable.games.trek12.score import EMPTY, SAD, Score
from dicetable.games.trek12.special import STAR, WATER

# The identifier of this game (games/trek12/__init__.py has it, and its title, for the menu).
GAME_ID = "trek12"


LOW = const(1)
HIGH = const(2)
DIFF = const(3)
SUM = const(4)
PROD = const(5)
NO_LINK = const(99)  # in an action: the number links to nothing on that side
OP_NAMES = ("low", "high", "diff", "sum", "prod")  # by op - 1
NEXT = const(1)  # dice-only mode: the table has written this roll on paper, go on
MODES = ("sheets", "dice")  # "dice": the device only rolls and lists the results
LOST = const(-3)  # outcome(): the result is over 12 on a map where that puts the player out
MAPS = maps.MAPS  # (map id, title) in menu order

_MIN_PLAYERS = const(1)
_MAX_PLAYERS = const(6)
_OP_UNIT = const(1000000)
_CIRCLE_UNIT = const(10000)
_DOWN_UNIT = const(100)
_ROLL_UNIT = const(10)  # roll action = red x 10 + yellow
_NONE = const(-1)  # no link, inside a sheet
_OPS = const(5)  # operations per table
# How far a result is too high for a circle (`_excess`): over its cap (a frown), or over 12 where
# that puts the player out. Only the lowest excess on offer may be chosen: a frown only when
# no result fits, out only when nothing else can be written.
_OVER_CAP = const(1)
_LOSS = const(2)

_ROLLS = [(red * _ROLL_UNIT + yellow, 1) for red in D6 for yellow in YELLOW_D6]
_NO_ROLLS = []
_LONE = (NO_LINK,)


def make_params(options):
    params = seat_params(options, _MIN_PLAYERS, _MAX_PLAYERS)
    map_id = options.get("map", "dunai")
    if map_id not in maps.MAP_IDS:
        raise IllegalAction("unknown map %r (use %s)" % (map_id, ", ".join(maps.MAP_IDS)))
    params["map"] = map_id
    mode = options.get("mode", MODES[0])
    if mode not in MODES:
        raise IllegalAction("unknown mode %r (use %s)" % (mode, ", ".join(MODES)))
    if mode == "dice" and params["bots"]:
        raise IllegalAction("dice-only mode has no bots: the sheets are on paper")
    params["mode"] = mode
    hints = options.get("hints", True)
    if hints is not True and hints is not False:
        raise IllegalAction("hints must be on or off")
    params["hints"] = hints
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
        # Dice-only (params of older journals have no mode): seat 0 says when to roll again.
        self.dice_only = params.get("mode") == "dice"
        size = self.board.size
        self.rounds = size
        self.round = 0  # rounds completed
        self.roll = 0  # this round's roll action, 0 until the dice are rolled
        self.placed = [False] * self.players  # a seat that is out counts as placed
        self.values = [[EMPTY] * size for _ in range(self.players)]
        self.up = [[_NONE] * size for _ in range(self.players)]
        self.down = [[_NONE] * size for _ in range(self.players)]
        # Ticks per operation, table after table (one table unless the map has regions).
        self.ticks = [[0] * len(self.board.limits) for _ in range(self.players)]
        self.lost = [False] * self.players  # wrote over 12 where that puts a player out
        self.star = [False] * self.players  # first to the star circle
        self.star_round = -1  # the round the star circle was first written, -1 before
        self._scores = [None] * self.players
        self._finals = [None] * self.players  # (total, breakdown) per seat once it is over

    # --- protocol ---------------------------------------------------------------------------
    def actors(self):
        if self._over():
            return []
        if not self.roll:
            return [CHANCE]
        if self.dice_only:
            return [0]
        return [seat for seat in range(self.players) if not self.placed[seat]]

    def chance_outcomes(self):
        return _ROLLS if not self.roll and not self._over() else _NO_ROLLS

    def _over(self):
        return self.round == self.rounds or False not in self.lost

    def legal_actions(self, seat):
        """Every placement of `seat` now, ascending (op, then circle, then link choices)."""
        if self.dice_only:
            return [NEXT] if self.roll and seat == 0 and not self._over() else []
        if not self._asked(seat):
            return []
        ticks = self.ticks[seat]
        board = self.board
        limits = board.limits
        table_of = board.table_of
        numbers = results(self.roll)
        circles = self.open_circles(seat)
        actions = []
        forced = []  # the too-high placements of the lowest excess, used only if nothing fits
        least = _LOSS + 1
        caps = board.caps
        loses = board.loss_score is not None
        for index in range(len(numbers)):
            value = numbers[index]
            base = (index + 1) * _OP_UNIT
            lose = loses and value > maps.MAX_VALUE
            for circle in circles:
                tick = table_of[circle] * _OPS + index
                if ticks[tick] >= limits[tick]:
                    continue
                code = base + circle * _CIRCLE_UNIT
                # As `_excess`, inline: this loop runs once per operation and circle.
                excess = _LOSS if lose else (_OVER_CAP if value > caps[circle] else 0)
                if excess:
                    if not actions and excess <= least:
                        if excess < least:
                            forced = []
                            least = excess
                        forced.append(code + NO_LINK * _DOWN_UNIT + NO_LINK)
                    continue
                if self.outcome(seat, circle, value) < 0:
                    actions.append(code + NO_LINK * _DOWN_UNIT + NO_LINK)
                    continue
                downs, ups = self.link_candidates(seat, circle, value)
                for down in downs or _LONE:
                    for up in ups or _LONE:
                        actions.append(code + down * _DOWN_UNIT + up)
        return actions or forced

    def apply(self, seat, action):
        if self.dice_only and seat == 0 and self.roll:
            if action != NEXT:
                raise IllegalAction("dice-only mode: the only move is on to the next roll")
            self.round += 1
            self.roll = 0
            self._record(seat, action)
            return
        if self._asked(seat):
            reason = self._refusal(seat, action)
            if reason:
                raise IllegalAction(reason)
            self._apply(seat, action)
            self._record(seat, action)
            return
        if self.roll and seat in range(self.players) and self.placed[seat]:
            if self.lost[seat]:
                raise IllegalAction("%s is out: they wrote over 12" % self.seat_name(seat))
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
                self.placed[index] = self.lost[index]
            return
        op, circle, down, up = decode(action)
        value = results(self.roll)[op - 1]
        written = self.outcome(seat, circle, value)
        self.ticks[seat][self.board.table_of[circle] * _OPS + op - 1] += 1
        if written < 0:
            self.values[seat][circle] = SAD
            if written == LOST:
                self.lost[seat] = True
        else:
            self.values[seat][circle] = value
            if down != NO_LINK:
                self.down[seat][circle] = down
                self.up[seat][down] = circle
            if up != NO_LINK:
                self.up[seat][circle] = up
                self.down[seat][up] = circle
            if self.board.marks[circle] & STAR and self.star_round in (-1, self.round):
                self.star_round = self.round
                self.star[seat] = True
        self._scores[seat] = None
        self._finals[seat] = None
        self.placed[seat] = True
        if False not in self.placed:
            self.round += 1
            self.roll = 0

    # --- rules ------------------------------------------------------------------------------
    def _asked(self, seat):
        return bool(self.roll) and seat in range(self.players) and not self.placed[seat]

    def open_circles(self, seat):
        """The empty circles `seat` may write in: on the first placement any circle (only the
        start circles on a map that has them), then those next to a filled circle (a frown
        counts as filled)."""
        values = self.values[seat]
        first = self._fresh(seat)
        if first and self.board.starts:
            return list(self.board.starts)
        neighbours = self.board.neighbours
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

    def _fresh(self, seat):
        """Whether `seat` has written nothing yet."""
        for value in self.values[seat]:
            if value != EMPTY:
                return False
        return True

    def outcome(self, seat, circle, value):
        """What writing the result `value` in `circle` puts there: the number itself, SAD (a
        frown: over the circle's cap, or a pre-linked pair it cannot link to) or LOST (over 12
        where that puts the player out; the circle gets a frown)."""
        board = self.board
        if value > maps.MAX_VALUE and board.loss_score is not None:
            return LOST
        if value > board.caps[circle]:
            return SAD
        partner = board.partner[circle]
        if partner >= 0:
            held = self.values[seat][partner]
            if held == EMPTY:
                return value
            if held == value - 1 and self.up[seat][partner] == _NONE:
                return value
            if held == value + 1 and self.down[seat][partner] == _NONE:
                return value
            return SAD
        return value

    def _excess(self, circle, value):
        """0 when `value` fits `circle` (a pre-linked pair's frown fits: it is not too high),
        _OVER_CAP over its cap, _LOSS over 12 where that puts the player out."""
        if value > maps.MAX_VALUE and self.board.loss_score is not None:
            return _LOSS
        return _OVER_CAP if value > self.board.caps[circle] else 0

    def too_high(self, action):
        """The excess (see `_excess`) of a placement against this round's roll: 0 if it fits."""
        op, circle, _down, _up = decode(action)
        return self._excess(circle, results(self.roll)[op - 1])

    def _lower(self, seat, circles, excess):
        """(op, circle) of a placement of `seat` with ticks left and less than `excess`, or
        None: asked only when a too-high result is chosen, so a press that fits scans nothing."""
        numbers = results(self.roll)
        for op in range(1, _OPS + 1):
            for circle in circles:
                if self.ticks_left(seat, op, circle) > 0:
                    if self._excess(circle, numbers[op - 1]) < excess:
                        return op, circle
        return None

    def link_candidates(self, seat, circle, value):
        """([neighbours holding value - 1 with a free up-link], [holding value + 1 with a free
        down-link]), ascending: the number written must link to one of each list not empty.
        A water circle links to nothing; a filled pre-linked partner is the only choice on its
        side (see `outcome` for when it cannot be linked)."""
        board = self.board
        marks = board.marks
        downs = []
        ups = []
        if marks[circle] & WATER:
            return downs, ups
        values = self.values[seat]
        up = self.up[seat]
        down = self.down[seat]
        for other in board.neighbours[circle]:
            held = values[other]
            if marks[other] & WATER:
                continue
            if value > 0 and held == value - 1 and up[other] == _NONE:
                downs.append(other)
            elif value < maps.MAX_VALUE and held == value + 1 and down[other] == _NONE:
                ups.append(other)
        partner = board.partner[circle]
        if partner >= 0 and partner in downs:
            downs = [partner]
        elif partner >= 0 and partner in ups:
            ups = [partner]
        return downs, ups

    def ticks_left(self, seat, op, circle):
        """How many more times `seat` may use operation `op` on `circle`'s table."""
        tick = self.board.table_of[circle] * _OPS + op - 1
        return self.board.limits[tick] - self.ticks[seat][tick]

    def _refusal(self, seat, action):
        """Why `seat` may not play `action` now, or "" if it may (the seat is being asked)."""
        if not isinstance(action, int) or isinstance(action, bool) or action < _OP_UNIT:
            return "%r is not a Trek 12 move" % (action,)
        op, circle, down, up = decode(action)
        board = self.board
        if op > _OPS or circle >= board.size:
            return "%r is not a Trek 12 move" % (action,)
        name = OP_NAMES[op - 1]
        if self.ticks_left(seat, op, circle) <= 0:
            limit = board.limits[board.table_of[circle] * _OPS + op - 1]
            table = board.table_names[board.table_of[circle]]
            if table:
                return "%s is used up on the %s (%d ticks)" % (name, table, limit)
            return "%s is used up (%d ticks)" % (name, limit)
        if self.values[seat][circle] != EMPTY:
            return "circle %d is already filled" % circle
        circles = self.open_circles(seat)
        if circle not in circles:
            if board.starts and self._fresh(seat):
                return "circle %d is not a start circle" % circle
            return "circle %d is not next to a filled circle" % circle
        value = results(self.roll)[op - 1]
        excess = self._excess(circle, value)
        if excess:
            lower = self._lower(seat, circles, excess)
            if lower:
                fits = "%s %d can go in circle %d" % (
                    OP_NAMES[lower[0] - 1],
                    results(self.roll)[lower[0] - 1],
                    lower[1],
                )
                if excess == _LOSS:
                    return "%d is over 12: a player is out only when forced, and %s" % (
                        value,
                        fits,
                    )
                return "%d is over circle %d's cap: a frown only when forced, and %s" % (
                    value,
                    circle,
                    fits,
                )
        written = self.outcome(seat, circle, value)
        if written < 0:
            if down == NO_LINK and up == NO_LINK:
                return ""
            if written == LOST:
                return "%d is over 12: the player is out, and links nothing" % value
            if value > board.caps[circle]:
                cap = board.caps[circle]
                return "%d is over circle %d's cap of %d: a frown never links" % (
                    value,
                    circle,
                    cap,
                )
            partner = board.partner[circle]
            return "%d cannot link to circle %d's pre-linked circle %d: a frown never links" % (
                value,
                circle,
                partner,
            )
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
            score = self._new_score(seat)
            self._scores[seat] = score
        return score

    def _new_score(self, seat):
        values, up, down = self.values[seat], self.up[seat], self.down[seat]
        return Score(self.board, values, up, down, self.star[seat], self.lost[seat])

    def _final(self, seat):
        """(total, breakdown) of a seat once the game is over, kept instead of its Score: the
        results read every seat, and six Scores held at once (5.6 KB) made the results
        screen the fullest moment of a game. Each Score is made once, as before."""
        final = self._finals[seat]
        if final is None:
            score = self._scores[seat]
            if score is None:
                score = self._new_score(seat)
            else:
                self._scores[seat] = None
            final = self._finals[seat] = (score.total, score.breakdown())
        return final

    def scores(self):
        if self._over():
            return [self._final(seat)[0] for seat in range(self.players)]
        return [self.score(seat).total for seat in range(self.players)]

    def breakdown(self, seat):
        if self._over():
            return list(self._final(seat)[1])  # a list of its own, as Score.breakdown gives
        return self.score(seat).breakdown()

    def star_open(self, seat):
        """Whether a number written in the star circle now would win the star bonus."""
        return self.board.star_bonus > 0 and self.star_round in (-1, self.round)

    def action_to_string(self, seat, action):
        """A roll, or a placement described against the current roll."""
        if seat == CHANCE:
            return "red %d yellow %d" % roll_dice(action)
        if self.dice_only and action == NEXT:
            return "next roll"
        if not isinstance(action, int) or action < _OP_UNIT:
            return str(action)
        op, circle, down, up = decode(action)
        if op > len(OP_NAMES) or circle >= self.board.size:
            return str(action)
        if not self.roll:
            return "%s in %d" % (OP_NAMES[op - 1], circle)
        value = results(self.roll)[op - 1]
        text = "%s %d in %d" % (OP_NAMES[op - 1], value, circle)
        if 0 <= seat < self.players and self.values[seat][circle] == EMPTY:
            written = self.outcome(seat, circle, value)
            if written == LOST:
                return text + " (over 12: out)"
            if written == SAD and value <= self.board.caps[circle]:
                return text + " (breaks the pre-linked pair)"
        if value > self.board.caps[circle]:
            return text + " (over cap)"
        if down != NO_LINK:
            text += ", down %d" % down
        if up != NO_LINK:
            text += ", up %d" % up
        return text

    def to_data(self):
        data = {
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
        # Only on the maps that use them, so a base map's data stays as it always was.
        if self.board.loss_score is not None:
            data["lost"] = list(self.lost)
        if self.board.star_bonus:
            data["star"] = list(self.star)
            data["star_round"] = self.star_round
        return data

    def __str__(self):
        return "trek12 %s round %d/%d roll %d scores %r" % (
            self.board.id,
            self.round + 1,
            self.rounds,
            self.roll,
            self.scores(),
        )
