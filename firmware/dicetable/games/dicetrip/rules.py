"""Dice Trip: Belgium: 1-4 players share a roll of four coloured dice for 13 rounds; each
writes two-digit numbers (11-66) into the 25 cities of their own map and scores bonus cities,
crosses and the longest ascending route.

Rules: ../shared/rules/gang-of-dice-dice-trip-cybo.md section 2, the Dutch rules text and
DECISIONS.md. Tables in dicetrip_data, the (placeholder) map in dicetrip_map, routes in
dicetrip_route, bots in dicetrip_bot. Dice are numbered 0..3 here in colour order, 1..4 in
actions. The game as actions (docs/journal_dicetrip.md has the table):

    roll     four CHANCE records, one face (1-6) per die in colour order
    power    the roller: KEEP, or REROLL_BASE + mask of the dice to reroll (once per game; the
             chosen dice then land as CHANCE records). Skipped once the roller's power is spent.
    place    every seat, in any order: two placements (one in round 13), each a write
             T x 1000 + U x 100 + city (tens from die T, units from die U, 1-4) or CROSS_BASE +
             city. A second write sharing one die with the first uses the seat's use-a-die-twice
             power.
    dice-only mode: after the roll the roller sends NEXT (or a reroll) once everyone has written
             on paper; the device keeps no sheets.

A placement is checked directly in `apply` (listing ~300 writes per check would be wasted on the
device); the property tests check that the check agrees with `legal_actions`.
"""

from micropython import const

from dicetable.core.dice import D6
from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE, State
from dicetable.games.dicetrip import data
from dicetable.games.dicetrip import belgium as dicetrip_map
from dicetable.games.dicetrip import route
from dicetable.games.dicetrip.route import CROSSED, EMPTY
from dicetable.games.seats import seat_params

# The identifier of this game (games/dicetrip/__init__.py has it, and its title, for the menu).
GAME_ID = "dicetrip"


KEEP = const(60)  # the roller keeps the roll: everyone writes
NEXT = const(61)  # dice-only mode: everyone has written on paper, next round
REROLL_BASE = const(80)  # + mask (1-15, bit i = die i): reroll those dice for everybody
CROSS_BASE = const(100)  # + city: cross the city out instead of writing a number
TENS_UNIT = const(1000)  # write: (tens die + 1) x 1000 + (units die + 1) x 100 + city
UNITS_UNIT = const(100)

STRENGTHS = ("careful", "random")

_DICE = const(4)
_ALL_DICE = const(15)
_ROLL = const(0)
_POWER = const(1)
_PLACE = const(2)
_PAPER = const(3)
_OVER = const(4)
# Why the dice may not make a number now (_dice_check); 0: they may.
_ON_SHEET = const(1)  # the number is on the sheet already
_PAIR_USED = const(2)  # both dice made the round's first number
_TWICE_SPENT = const(3)  # one did, and the use-a-die-twice power is spent
_NO_DOUBLE = const(4)  # one did, and a die used twice never makes a double

_DIE_OUTCOMES = [(face, 1) for face in D6]
_NO_OUTCOMES = []
_PAIRS = [(t, u) for t in range(_DICE) for u in range(_DICE) if t != u]
_BOARD = []  # the compiled map, built on first use


def default_board():
    """The compiled map of dicetrip_map (built once)."""
    if not _BOARD:
        _BOARD.append(route.Board(dicetrip_map, data.DICE_COLOURS))
    return _BOARD[0]


def write_action(tens, units, city):
    """Write the number of die `tens` (0-3) and die `units` in `city`."""
    return (tens + 1) * TENS_UNIT + (units + 1) * UNITS_UNIT + city


def cross_action(city):
    return CROSS_BASE + city


def reroll_action(dice):
    mask = 0
    for die in dice:
        mask |= 1 << die
    return REROLL_BASE + mask


def write_parts(action):
    """(tens die, units die, city) of a well-formed write action, else None."""
    if type(action) is not int or not TENS_UNIT <= action < 5 * TENS_UNIT:
        return None
    tens = action // TENS_UNIT - 1
    units = action // UNITS_UNIT % 10 - 1
    if not 0 <= units < _DICE:
        return None
    return tens, units, action % UNITS_UNIT


def reroll_dice(action):
    """The dice (0-3, ascending) a reroll action names."""
    mask = action - REROLL_BASE
    return [die for die in range(_DICE) if mask & (1 << die)]


def is_double(number):
    return number // 10 == number % 10


def make_params(options):
    params = seat_params(options, data.MIN_PLAYERS, data.MAX_PLAYERS)
    players = params["players"]
    mode = options.get("mode", data.MODES[0])
    if mode not in data.MODES:
        raise IllegalAction("unknown mode %r (use %s)" % (mode, ", ".join(data.MODES)))
    if mode == "dice" and params["bots"]:
        raise IllegalAction("dice-only mode has no bots: every player writes on paper")
    chains = options.get("chains", data.CHAIN_OPTIONS[0])
    if chains not in data.CHAIN_OPTIONS:
        raise IllegalAction("chains must be %s" % " or ".join(data.CHAIN_OPTIONS))
    first = options.get("first", 0)
    if type(first) is not int or not 0 <= first < players:
        # Seats are 0-based in the parameters, numbered from 1 wherever a person reads them.
        raise IllegalAction("the first roller must be player 1 to %d" % players)
    strengths = options.get("strengths")
    if strengths is None:
        strengths = [options.get("strength", STRENGTHS[0])] * players
    if not isinstance(strengths, (list, tuple)) or len(strengths) != players:
        raise IllegalAction("one bot strength per player is needed")
    for strength in strengths:
        if strength not in STRENGTHS:
            names = ", ".join(STRENGTHS)
            raise IllegalAction("unknown bot strength %r (use %s)" % (strength, names))
    hints = options.get("hints", True)
    if hints is not True and hints is not False:
        raise IllegalAction("hints must be on or off")
    params["mode"] = mode
    params["chains"] = chains
    params["first"] = first
    params["strengths"] = list(strengths)
    params["hints"] = hints  # the play screen's cursors start on the careful bot's choice
    return params


def new_state(params):
    return DiceTripState(params)


class DiceTripState(State):
    game_id = GAME_ID

    def __init__(self, params, board=None):
        super().__init__(params)
        # A test may pass its own compiled Board (a hand-built map); games use dicetrip_map.
        self.board = board if board is not None else default_board()
        self.players = params["players"]
        self.dice_only = params["mode"] == "dice"
        self.chains = params["chains"] == "on"
        self.first = params["first"]
        size = self.board.size
        self.round = 0  # 0-based; data.ROUNDS once the game is over
        self.phase = _ROLL
        self.dice = [0] * _DICE  # faces in colour order; 0 while a die has not landed
        self.to_roll = list(range(_DICE))  # dice still to land, in the order they land
        # Per seat, the round (1-13) in which each power was used, 0 while it is unused.
        self.rerolled = [0] * self.players
        self.twice = [0] * self.players
        self.values = [[EMPTY] * size for _ in range(self.players)]
        self.ticks = [[0] * size for _ in range(self.players)]
        self.moves = [[] for _ in range(self.players)]  # this round's placements per seat
        self._scores = [None] * self.players

    # --- who acts ---------------------------------------------------------------------------
    def roller(self):
        return (self.first + self.round) % self.players

    def numbers_this_round(self):
        if self.round == data.ROUNDS - 1:
            return data.LAST_ROUND_NUMBERS
        return data.NUMBERS_PER_ROUND

    def placements_left(self, seat):
        if self.phase != _PLACE or not 0 <= seat < self.players:
            return 0
        return self.numbers_this_round() - len(self.moves[seat])

    def actors(self):
        phase = self.phase
        if phase == _PLACE:
            need = self.numbers_this_round()
            return [seat for seat in range(self.players) if len(self.moves[seat]) < need]
        if phase == _ROLL:
            return [CHANCE]
        if phase == _OVER:
            return []
        return [self.roller()]

    def turn_seat(self):
        if self.phase == _PLACE:
            return self.actors()[0]
        return self.roller()

    def chance_outcomes(self):
        return _DIE_OUTCOMES if self.phase == _ROLL else _NO_OUTCOMES

    def legal_actions(self, seat):
        if self.phase in (_POWER, _PAPER):
            if seat != self.roller():
                return []
            return [KEEP if self.phase == _POWER else NEXT] + self.reroll_options(seat)
        if self.placements_left(seat) <= 0:
            return []
        empty = self.cross_options(seat)
        actions = [CROSS_BASE + city for city in empty]
        for tens, units in _PAIRS:
            if not self._dice_check(seat, tens, units):
                base = (tens + 1) * TENS_UNIT + (units + 1) * UNITS_UNIT
                for city in empty:
                    actions.append(base + city)
        return actions

    # --- staged queries for the UI ----------------------------------------------------------
    def number(self, tens, units):
        return 10 * self.dice[tens] + self.dice[units]

    def number_options(self, seat):
        """[(number, tens die, units die, uses the twice power), ...] the seat may write now,
        by number then dice. Equal faces read the same both ways: only one order is listed."""
        options = []
        if self.placements_left(seat) <= 0:
            return options
        dice = self.dice
        for tens, units in _PAIRS:
            if dice[tens] == dice[units] and tens > units:
                continue
            if not self._dice_check(seat, tens, units):
                twice = self._shares_a_die(seat, tens, units)
                options.append((self.number(tens, units), tens, units, twice))
        options.sort()
        return options

    def city_options(self, seat, tens, units):
        """[(city, earns a bonus tick), ...] where the number of these dice may go, or []."""
        if tens == units or self.placements_left(seat) <= 0:
            return []
        if self._dice_check(seat, tens, units):
            return []
        return [(city, self.earns_tick(tens, units, city)) for city in self.cross_options(seat)]

    def cross_options(self, seat):
        """The cities the seat may cross out (or write in): its empty ones."""
        values = self.values[seat]
        return [city for city in range(self.board.size) if values[city] == EMPTY]

    def reroll_options(self, seat):
        """The roller's reroll actions, while the power may be used (right after the roll)."""
        if self.phase not in (_POWER, _PAPER) or seat != self.roller() or self.rerolled[seat]:
            return []
        return list(range(REROLL_BASE + 1, REROLL_BASE + _ALL_DICE + 1))

    def powers(self, seat):
        """The powers `seat` may use now: "reroll" (the roller, right after the roll) and
        "twice" (still unused, this round offers it and this placement may still use it)."""
        available = []
        if self.reroll_options(seat):
            available.append("reroll")
        if self.placements_left(seat) and not self.twice[seat] and self.round < data.ROUNDS - 1:
            if not self.moves[seat]:
                available.append("twice")
            else:
                for option in self.number_options(seat):
                    if option[3]:
                        available.append("twice")
                        break
        return available

    def earns_tick(self, tens, units, city):
        """A double, or a ringed city filled with a die of its colour: one tick at most."""
        ring = self.board.rings[city]
        return self.dice[tens] == self.dice[units] or ring == tens or ring == units

    def empty_rings(self, seat):
        """rings[d]: an empty city of the seat is ringed in die colour d. For asking
        earns_tick_somewhere of a whole list of numbers, not of each number and city."""
        rings = [False] * len(self.dice)
        board_rings = self.board.rings
        for city in self.cross_options(seat):
            if board_rings[city] >= 0:
                rings[board_rings[city]] = True
        return rings

    def earns_tick_somewhere(self, tens, units, rings, empty):
        """earns_tick for some city of `empty` (the seat's empty cities, `rings` their
        empty_rings)."""
        if not empty:
            return False
        return self.dice[tens] == self.dice[units] or rings[tens] or rings[units]

    # --- checks -----------------------------------------------------------------------------
    def _first_write(self, seat):
        """(tens, units) of the seat's first number this round, or None."""
        moves = self.moves[seat]
        if not moves:
            return None
        parts = write_parts(moves[0])
        return None if parts is None else (parts[0], parts[1])

    def _shares_a_die(self, seat, tens, units):
        first = self._first_write(seat)
        return first is not None and (tens in first or units in first)

    def _dice_check(self, seat, tens, units):
        """0 when the seat may write the number of these dice now (any city), else why not:
        _ON_SHEET, _PAIR_USED, _TWICE_SPENT or _NO_DOUBLE (`_dice_refusal` words it). The
        legal moves ask only this: on MicroPython words made and dropped cost a search of all
        the interned names each (0.15-0.25 ms on an RP2040)."""
        number = self.number(tens, units)
        if number in self.values[seat]:
            return _ON_SHEET
        first = self._first_write(seat)
        if first is None:
            return 0
        shared = 0
        for die in first:
            if die == tens or die == units:
                shared += 1
        if not shared:
            return 0
        if shared == 2:
            return _PAIR_USED
        if self.twice[seat]:
            return _TWICE_SPENT
        if is_double(number) or is_double(self.number(first[0], first[1])):
            return _NO_DOUBLE
        return 0

    def _dice_refusal(self, seat, tens, units):
        """Why the seat may not write the number of these dice now (any city), or None."""
        why = self._dice_check(seat, tens, units)
        if not why:
            return None
        if why == _ON_SHEET:
            return "%d is already on your sheet" % self.number(tens, units)
        colours = data.DICE_COLOURS
        first = self._first_write(seat)
        if why == _PAIR_USED:
            return "the %s and %s dice already made %d" % (
                colours[first[0]],
                colours[first[1]],
                self.number(first[0], first[1]),
            )
        die = tens if tens in first else units
        if why == _TWICE_SPENT:
            return "the %s die is used (the use-a-die-twice power is spent)" % colours[die]
        return "using the %s die twice never makes a double" % colours[die]

    def _refusal(self, seat, action):
        """Why `seat` (asked to place) may not play `action`, or "" if it may."""
        if type(action) is not int:
            return "%r is not a Dice Trip move" % (action,)
        size = self.board.size
        if CROSS_BASE <= action < CROSS_BASE + size:
            return self._city_refusal(seat, action - CROSS_BASE)
        parts = write_parts(action)
        if parts is None or parts[2] >= size:
            if action in (KEEP, NEXT) or REROLL_BASE < action <= REROLL_BASE + _ALL_DICE:
                return "the dice are kept: write your numbers"
            return "%r is not a Dice Trip move" % (action,)
        tens, units, city = parts
        if tens == units:
            return "a die gives one digit: pick two different dice"
        return self._city_refusal(seat, city) or self._dice_refusal(seat, tens, units) or ""

    def _city_refusal(self, seat, city):
        value = self.values[seat][city]
        name = self.board.names[city]
        if value == CROSSED:
            return "%s is crossed out" % name
        if value != EMPTY:
            return "%s already holds %d" % (name, value)
        return ""

    def apply(self, seat, action):
        if self.placements_left(seat) > 0:
            reason = self._refusal(seat, action)
            if reason:
                raise IllegalAction(reason)
            self._apply(seat, action)
            self._record(seat, action)
            return
        if self.phase == _PLACE and 0 <= seat < self.players:
            raise IllegalAction("%s has written this round's numbers" % self.seat_name(seat))
        if type(action) is not int:
            raise IllegalAction("%r is not a Dice Trip move" % (action,))
        super().apply(seat, action)

    def explain_illegal(self, seat, action):
        if self.placements_left(seat) > 0:
            return self._refusal(seat, action) or "that move is allowed"
        if type(action) is not int:
            return "%r is not a Dice Trip move" % (action,)
        if self.phase in (_POWER, _PAPER) and seat == self.roller():
            if action in self.legal_actions(seat):
                return "that move is allowed"
            if REROLL_BASE < action <= REROLL_BASE + _ALL_DICE:
                return "%s has used the reroll power" % self.seat_name(seat)
            if self.phase == _POWER:
                return "keep the roll or choose dice to reroll"
            return "press next when everyone has written, or choose dice to reroll"
        return super().explain_illegal(seat, action)

    # --- changes ----------------------------------------------------------------------------
    def _apply(self, seat, action):
        if seat == CHANCE:
            self.dice[self.to_roll.pop(0)] = action
            if not self.to_roll:
                self._rolled()
        elif action == KEEP:
            self.phase = _PLACE
        elif action == NEXT:
            self._next_round()
        elif REROLL_BASE < action <= REROLL_BASE + _ALL_DICE:
            self.rerolled[seat] = self.round + 1
            self.to_roll = reroll_dice(action)
            for die in self.to_roll:
                self.dice[die] = 0
            self.phase = _ROLL
        else:
            self._place(seat, action)

    def _rolled(self):
        if self.dice_only:
            self.phase = _PAPER
        elif self.rerolled[self.roller()]:
            self.phase = _PLACE
        else:
            self.phase = _POWER

    def _place(self, seat, action):
        values = self.values[seat]
        if action < TENS_UNIT:
            values[action - CROSS_BASE] = CROSSED
        else:
            tens, units, city = write_parts(action)
            if self._shares_a_die(seat, tens, units):
                self.twice[seat] = self.round + 1
            values[city] = self.number(tens, units)
            if self.earns_tick(tens, units, city):
                self.ticks[seat][city] = 1
        self.moves[seat].append(action)
        self._scores[seat] = None
        if not self.actors():
            self._next_round()

    def _next_round(self):
        self.round += 1
        self.moves = [[] for _ in range(self.players)]
        if self.round == data.ROUNDS:
            self.phase = _OVER
            return
        self.phase = _ROLL
        self.dice = [0] * _DICE
        self.to_roll = list(range(_DICE))

    # --- scores -----------------------------------------------------------------------------
    def _score(self, seat):
        """[total, breakdown, route] of a seat's sheet (cached until that sheet changes)."""
        score = self._scores[seat]
        if score is None:
            score = route.score_sheet(self.board, self.values[seat], self.ticks[seat], self.chains)
            self._scores[seat] = score
        return score

    def scores(self):
        if self.dice_only:
            return [0] * self.players
        return [self._score(seat)[0] for seat in range(self.players)]

    def breakdown(self, seat):
        if self.dice_only:
            return []
        return list(self._score(seat)[1])

    def longest_route(self, seat):
        """The cities of the seat's longest route, lowest number first (for the sheet)."""
        return list(self._score(seat)[2])

    def crosses(self, seat):
        return self.values[seat].count(CROSSED)

    def winners(self):
        """Best total, then dicetrip_route.tie_break; nobody in dice-only mode."""
        if self.dice_only:
            return []
        entries = []
        for seat in range(self.players):
            total, _items, path = self._score(seat)
            entries.append((total, self.crosses(seat), len(path)))
        return route.tie_break(entries)

    # --- words and data ---------------------------------------------------------------------
    def action_to_string(self, seat, action):
        colours = data.DICE_COLOURS
        if seat == CHANCE:
            if self.to_roll and type(action) is int:
                return "the %s die shows %d" % (colours[self.to_roll[0]], action)
            return "roll %r" % (action,)
        if action == KEEP:
            return "keep the dice"
        if action == NEXT:
            return "next round"
        if type(action) is not int:
            return str(action)
        if REROLL_BASE < action <= REROLL_BASE + _ALL_DICE:
            words = [colours[die] for die in reroll_dice(action)]
            return "reroll " + ", ".join(words)
        size = self.board.size
        if CROSS_BASE <= action < CROSS_BASE + size:
            return "cross out %s" % self.board.names[action - CROSS_BASE]
        parts = write_parts(action)
        if parts is None or parts[2] >= size or parts[0] == parts[1]:
            return str(action)
        tens, units, city = parts
        return "write %d%d (%s, %s) in %s" % (
            self.dice[tens],
            self.dice[units],
            colours[tens],
            colours[units],
            self.board.names[city],
        )

    def to_data(self):
        return {
            "round": self.round,
            "phase": self.phase,
            "roller": self.roller(),
            "dice": list(self.dice),
            "to_roll": list(self.to_roll),
            "rerolled": list(self.rerolled),
            "twice": list(self.twice),
            "values": [list(row) for row in self.values],
            "ticks": [list(row) for row in self.ticks],
            "moves": [list(row) for row in self.moves],
            "scores": self.scores(),
        }

    def __str__(self):
        return "dicetrip round %d/%d dice %r scores %r" % (
            min(self.round + 1, data.ROUNDS),
            data.ROUNDS,
            self.dice,
            self.scores(),
        )
