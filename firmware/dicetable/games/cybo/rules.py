"""Cybo: one d12, a 4x3 grid of the numbers 1-12, 13 rounds of push-your-luck for 2-6 players.

Rules: ../shared/rules/gang-of-dice-dice-trip-cybo.md section 3 and DECISIONS.md. A turn is a
series of chance actions (the d12 faces 1-12) for the seat whose turn it is; after a trinity
on a column the player may choose QUAD_TRY or QUAD_DECLINE. Tables live in cybo_data.
"""

from micropython import const

from dicetable.core.dice import D12
from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE, State
from dicetable.games.cybo import data
from dicetable.games.seats import seat_params

# The identifier of this game (games/cybo/__init__.py has it, and its title, for the menu).
GAME_ID = "cybo"


QUAD_TRY = const(13)
QUAD_DECLINE = const(14)

_ROLLING = const(0)
_QUAD_OFFER = const(1)
_QUAD_ROLL = const(2)
_OVER = const(3)

_CHANCE_OUTCOMES = [(face, 1) for face in D12]
_STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))


def make_params(options):
    params = seat_params(options, data.MIN_PLAYERS, data.MAX_PLAYERS)
    level = options.get("level", "advanced")
    if level not in data.LEVELS:
        raise IllegalAction("unknown level %r (use %s)" % (level, ", ".join(data.LEVEL_NAMES)))
    grid = options.get("grid", "rows")
    if grid not in data.GRIDS:
        raise IllegalAction("unknown grid %r (use %s)" % (grid, ", ".join(data.GRID_NAMES)))
    params["level"] = level
    params["grid"] = grid
    return params


def new_state(params):
    return CyboState(params)


class Grid:
    """The lines of a grid preset: every three adjacent cells in a straight line, in order."""

    def __init__(self, numbers, rows=data.ROWS, columns=data.COLUMNS):
        self.numbers = numbers
        self.position = {}
        for index in range(len(numbers)):
            self.position[numbers[index]] = (index // columns, index % columns)
        self.lines = []  # (a, b, c) along the line
        self.partner = {}  # line -> the column's fourth number, for column triples
        for row in range(rows):
            for column in range(columns):
                for step_row, step_column in _STEPS:
                    cells = []
                    for k in range(3):
                        r, c = row + k * step_row, column + k * step_column
                        if 0 <= r < rows and 0 <= c < columns:
                            cells.append(numbers[r * columns + c])
                    if len(cells) == 3:
                        line = tuple(cells)
                        self.lines.append(line)
                        if step_column == 0 and rows == 4:
                            other = 3 if row == 0 else 0
                            self.partner[line] = numbers[other * columns + column]

    def line_of(self, values):
        """The line holding exactly these three values (any order), or None."""
        for line in self.lines:
            if values[0] in line and values[1] in line and values[2] in line:
                return line
        return None

    def fits_a_line(self, values):
        for line in self.lines:
            fits = True
            for value in values:
                if value not in line:
                    fits = False
                    break
            if fits:
                return True
        return False

    def follows_a_line(self, rolls):
        """True if rolls are a prefix of a line walked end to end (a, b, c) or (c, b, a)."""
        count = len(rolls)
        for a, b, c in self.lines:
            for walk in ((a, b, c), (c, b, a)):
                if count <= 3 and tuple(rolls) == walk[:count]:
                    return True
        return False

    def quad_partner(self, ordered):
        """The fourth number of the column of this trinity (given in rolled order), or None."""
        line = self.line_of(ordered)
        if line is None:
            return None
        return self.partner.get(line)

    def extends(self, ordered, number):
        """True if `number` is the next cell after ordered[2] in the direction of travel."""
        r1, c1 = self.position[ordered[1]]
        r2, c2 = self.position[ordered[2]]
        rn, cn = self.position[number]
        return rn == r2 + (r2 - r1) and cn == c2 + (c2 - c1)


_GRIDS = {}


def grid_for(name):
    grid = _GRIDS.get(name)
    if grid is None:
        grid = _GRIDS[name] = Grid(data.GRIDS[name])
    return grid


def _distinct(rolls):
    seen = []
    for value in rolls:
        if value not in seen:
            seen.append(value)
    return seen


class CyboState(State):
    game_id = GAME_ID

    def __init__(self, params):
        super().__init__(params)
        self.players = params["players"]
        self.level = params["level"]
        self.max_rolls, self.judging = data.LEVELS[self.level]
        self.grid = grid_for(params["grid"])
        self.round = 0
        self.seat = 0
        self.phase = _ROLLING
        self.rolls = []
        self.trinity = None  # the three values in rolled order once made
        self.points = 0
        self.outcome = ""
        # Per seat: one [rolls, points, outcome] row per finished round.
        self.card = [[] for _ in range(self.players)]
        # Grand Master: every trinity made so far in rolled order, and the one being repeated.
        self.made = [[] for _ in range(self.players)]
        self.signature = [None] * self.players

    # --- protocol ---------------------------------------------------------------------------
    def actors(self):
        if self.phase == _OVER:
            return []
        if self.phase == _QUAD_OFFER:
            return [self.seat]
        return [CHANCE]

    def turn_seat(self):
        return self.seat

    def legal_actions(self, seat):
        if self.phase == _QUAD_OFFER and seat == self.seat:
            return [QUAD_TRY, QUAD_DECLINE]
        return []

    def chance_outcomes(self):
        return _CHANCE_OUTCOMES if self.phase in (_ROLLING, _QUAD_ROLL) else []

    def explain_illegal(self, seat, action):
        if self.phase == _QUAD_OFFER:
            return "choose to try the quad or keep %d points" % self.points
        return "%s has no choice to make now" % self.seat_name(seat)

    def _apply(self, seat, action):
        if seat == CHANCE:
            if self.phase == _QUAD_ROLL:
                self._quad_roll(action)
            else:
                self._roll(action)
        elif action == QUAD_TRY:
            self.phase = _QUAD_ROLL
        else:
            self._end_turn()

    # --- rules ------------------------------------------------------------------------------
    def _roll(self, value):
        self.rolls.append(value)
        if self.judging == "sequence":
            if not self.grid.follows_a_line(self.rolls):
                return self._bust()
            if len(self.rolls) == 3:
                self.trinity = tuple(self.rolls)
                self._score_trinity(data.POINTS["ordered"], "ordered")
            return None
        signature = self.signature[self.seat]
        if signature is not None:
            if value != signature[len(self.rolls) - 1]:
                return self._bust()
            if len(self.rolls) == 3:
                self.trinity = signature
                self._score_trinity(data.POINTS["duplicate"], "duplicate")
            return None
        distinct = _distinct(self.rolls)
        rolls_left = self.max_rolls - len(self.rolls)
        if 3 - len(distinct) > rolls_left or not self.grid.fits_a_line(distinct):
            return self._bust()
        if len(distinct) == 3:
            self.trinity = tuple(distinct)
            line = self.grid.line_of(distinct)
            in_order = distinct[1] == line[1]
            if self.judging == "repeat":
                # Grand Master: repeating a trinity in the order it was first rolled qualifies,
                # and from then on only that sequence counts.
                if self.trinity in self.made[self.seat]:
                    self.signature[self.seat] = self.trinity
                    self._score_trinity(data.POINTS["duplicate"], "duplicate")
                    return None
                self.made[self.seat].append(self.trinity)
            outcome = "ordered" if in_order else "trinity"
            self._score_trinity(data.POINTS[outcome], outcome)
        return None

    def _score_trinity(self, points, outcome):
        self.points = points
        self.outcome = outcome
        partner = self.grid.quad_partner(self.trinity)
        if partner is not None and self.judging == "sequence":
            if not self.grid.extends(self.trinity, partner):
                partner = None
        if partner is None:
            self._end_turn()
        else:
            self.phase = _QUAD_OFFER

    def _quad_roll(self, value):
        self.rolls.append(value)
        if value == self.grid.quad_partner(self.trinity):
            self.outcome = "quad"
        else:
            self.outcome = "quad-miss"
        self.points = data.POINTS[self.outcome]
        self._end_turn()

    def _bust(self):
        self.points = 0
        self.outcome = "bust"
        self._end_turn()

    def _end_turn(self):
        self.card[self.seat].append([self.rolls, self.points, self.outcome])
        self.rolls = []
        self.trinity = None
        self.points = 0
        self.outcome = ""
        self.phase = _ROLLING
        self.seat += 1
        if self.seat == self.players:
            self.seat = 0
            self.round += 1
            if self.round == data.ROUNDS:
                self.phase = _OVER

    # --- views ------------------------------------------------------------------------------
    def quad_partner(self):
        """The number the quad roll must hit, while a quad is offered or being rolled."""
        if self.trinity is None:
            return None
        return self.grid.quad_partner(self.trinity)

    def offering_quad(self):
        return self.phase == _QUAD_OFFER

    def rolling_quad(self):
        return self.phase == _QUAD_ROLL

    def scores(self):
        totals = []
        for rows in self.card:
            total = 0
            for row in rows:
                total += row[1]
            totals.append(total)
        return totals

    def breakdown(self, seat):
        counts = {}
        for row in self.card[seat]:
            counts[row[2]] = counts.get(row[2], 0) + 1
        items = []
        for outcome in data.OUTCOME_ORDER:
            count = counts.get(outcome, 0)
            if count:
                label = "%s x%d" % (data.OUTCOME_LABELS[outcome], count)
                points = 0
                for row in self.card[seat]:
                    if row[2] == outcome:
                        points += row[1]
                items.append((label, points))
        return items

    def action_to_string(self, seat, action):
        if seat == CHANCE:
            return "roll %d" % action
        if action == QUAD_TRY:
            return "try the quad"
        if action == QUAD_DECLINE:
            return "keep %d" % self.points
        return str(action)

    def to_data(self):
        signatures = []
        for signature in self.signature:
            signatures.append(None if signature is None else list(signature))
        made = []
        for triples in self.made:
            made.append([list(triple) for triple in triples])
        return {
            "round": self.round,
            "seat": self.seat,
            "phase": self.phase,
            "rolls": list(self.rolls),
            "trinity": None if self.trinity is None else list(self.trinity),
            "points": self.points,
            "outcome": self.outcome,
            "card": [[[list(r[0]), r[1], r[2]] for r in rows] for rows in self.card],
            "made": made,
            "signature": signatures,
            "scores": self.scores(),
        }

    def __str__(self):
        return "cybo round %d seat %d rolls %r scores %r" % (
            self.round + 1,
            self.seat + 1,
            self.rolls,
            self.scores(),
        )


def bot_action(state, seat, rng):
    """Take the quad only when it is worth more on average: (16 + 11 x 3) / 12 = 4.08 points
    against the points already made (so after a 3-point trinity, never after 9 or 12)."""
    hit = data.POINTS["quad"]
    miss = data.POINTS["quad-miss"]
    if hit + 11 * miss > 12 * state.points:
        return QUAD_TRY
    return QUAD_DECLINE
