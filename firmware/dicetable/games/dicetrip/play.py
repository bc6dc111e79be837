"""Dice Trip's play screen: the roll, the roller's power, then each person's numbers and cities.

PURE. The words and pixels are games.dicetrip.sheet's, drawn from `view()`.
"""

# Each round the roller rolls the four dice for the table (a person presses OK, a bot's roll is
# a device step). While the roller's reroll power is unused, the roller is asked at once:
#     power       keep the dice (dice-only mode: next round), or the reroll power
#     reroll      OK marks or unmarks each die; the last row rerolls the marked ones
# Then every person in turn (hot-seat: each person's sheet on the panel) places two numbers (one
# in round 13), each a staged choice:
#     number      the numbers the dice make (pair and digit order), "Use a die twice..." when
#                 that power allows more, and "Cross out a city"
#     twice       the numbers that reuse a die (the power, once a game)
#     city/cross  LEFT/RIGHT step west/east and UP/DOWN north/south between the empty cities
# Only the last OK applies, so BACK steps back one choice at a time, never across a roll or a
# placement made; BACK on a first choice pauses. With hints on (the game's "hints" option), each
# cursor starts on the bot's choice, else on the first item (the westernmost city).
# Refreshes: the panel is refreshed fully when a new round starts (play_base) and when the
# sheet on it passes to another person; a person's own choices and placements change only
# parts of it. (These notes are comments, not the docstring: a docstring is parsed, and
# compiling this module from source must fit the heap of tests/test_micropython_app.py.)

from micropython import const

from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.dicetrip import bot as dicetrip_bot
from dicetable.games.dicetrip import plan as dicetrip_plan
from dicetable.ui import keys
from dicetable.ui.play_base import GameScreen, towards
from dicetable.ui.screens import PauseScreen
from dicetable.games.dicetrip.sheet import (
    CITY,
    CROSS,
    CROSS_ITEM,
    NUMBER,
    POWER,
    REROLL,
    ROLL,
    TWICE,
    TWICE_ITEM,
    WAIT,
)

_DICE = const(4)


class DiceTripPlayScreen(GameScreen):
    def __init__(self, shell, session):
        super().__init__(shell, session)
        self.shown_seat = 0  # whose sheet is on the panel when nobody is asked
        self._reset_turn()
        if self.hints or session.bots:
            # The bot's plan of the map, worked out once now rather than in the first move.
            dicetrip_plan.plan_for(session.state.board)

    def _reset_turn(self):
        self.stage = WAIT
        self._turn_key = None  # (seat, action count) the choices below were made for
        self._hint = None
        self.cursor = 0  # in the stage's list; kept on the choice while its city is chosen
        self.items = []  # (number, tens, units, twice) options, then TWICE_ITEM, CROSS_ITEM
        self.twice_items = []
        self.option = None  # the number whose city is being chosen
        self.marked = [False] * _DICE
        self.cities = []  # the empty cities west to east
        self.cities_north = []  # the same, north to south
        self.city = -1

    # --- who is asked what ------------------------------------------------------------------
    def person_asked(self):
        """(seat, is_roll) for a person who must press something now, else None."""
        state = self.session.state
        actors = state.actors()
        if actors == [CHANCE]:
            roller = state.roller()
            return None if self.session.is_bot(roller) else (roller, True)
        for seat in actors:
            if not self.session.is_bot(seat):
                return seat, False
        return None

    def step(self):
        """One automatic move: a bot's roll, its keep or reroll (the dice land in the same
        step), or one of its placements."""
        session = self.session
        actors = session.state.actors()
        if actors == [CHANCE]:
            self._roll()
        else:
            for seat in actors:
                if session.is_bot(seat):
                    action = session.bot_action(seat)
                    session.apply(seat, action)
                    if _is_reroll(action):
                        self._roll()
                    break
        return self._after_move()

    def _roll(self):
        while self.session.state.actors() == [CHANCE]:
            self.session.roll()
        self.rolled = True

    # --- the staged choice ------------------------------------------------------------------
    def _sync(self):
        """Make the stage match the game: a new asked seat or a new action starts a new turn."""
        asked = self._asked_stage(ROLL, WAIT)
        if asked is None or asked[1]:
            return asked
        seat = asked[0]
        state = self.session.state
        if self._turn_key != (seat, state.action_count):
            self._reset_turn()
            self._turn_key = (seat, state.action_count)
            if self.hints:
                self._hint = dicetrip_bot.hint(state, seat)
            if state.placements_left(seat):
                options = state.number_options(seat)
                self.items = [option for option in options if not option[3]]
                self.twice_items = [option for option in options if option[3]]
                if self.twice_items:
                    self.items.append(TWICE_ITEM)
                self.items.append(CROSS_ITEM)
                self.stage = NUMBER
                self.cursor = 0 if self._hint is None else self._item_of(self._hint)
            else:
                self.stage = POWER
                self.cursor = 1 if _is_reroll(self._hint) else 0
        return asked

    def _list(self):
        """The stage's list (in the city stages, the one the choice came from)."""
        stage = self.stage
        if stage == POWER:
            state = self.session.state
            first = dicetrip.NEXT if state.dice_only else dicetrip.KEEP
            return [first] + state.reroll_options(self.shown_seat)[:1]
        if stage == REROLL:
            return self.marked + [None]  # the four dice, then "Reroll"
        if stage == TWICE or (stage in (CITY, CROSS) and self.option and self.option[3]):
            return self.twice_items
        return self.items

    def _option_of(self, options, action):
        """The option among `options` that writes what the write `action` does (equal faces
        are listed in one digit order), else None."""
        parts = dicetrip.write_parts(action) if action is not None else None
        if parts is None:
            return None
        state = self.session.state
        tens, units = parts[0], parts[1]
        if state.dice[tens] == state.dice[units] and tens > units:
            tens, units = units, tens
        for option in options:
            if option[1] == tens and option[2] == units:
                return option
        return None

    def _item_of(self, action):
        """Index in the number list leading to a placement action."""
        if dicetrip.write_parts(action) is None:
            return len(self.items) - 1  # "Cross out a city"
        option = self._option_of(self.items, action)
        return len(self.items) - 2 if option is None else self.items.index(option)

    def _enter_cities(self, stage):
        state = self.session.state
        found = state.cross_options(self.shown_seat)
        xy = state.board.xy
        # Explicit sort keys: MicroPython's sort is not stable.
        found.sort(key=lambda city: (xy[city][0], xy[city][1], city))
        self.cities = found
        self.cities_north = sorted(found, key=lambda city: (xy[city][1], xy[city][0], city))
        self.stage = stage
        self.city = found[0]
        if self.hints:
            hint = self._hint
            if stage == CROSS:
                is_cross = hint is not None and dicetrip.write_parts(hint) is None
                wanted = hint - dicetrip.CROSS_BASE if is_cross else -1
                if wanted < 0:
                    wanted = dicetrip_bot.best_cross(state, self.shown_seat)
            elif self._option_of([self.option], hint) is not None:
                wanted = dicetrip.write_parts(hint)[2]
            else:
                wanted = dicetrip_bot.best_city(
                    state, self.shown_seat, self.option[1], self.option[2]
                )
            if wanted in found:
                self.city = wanted

    def handle(self, key):
        asked = self._sync()
        if key == keys.BACK:
            return self._back()
        if asked is None:
            return None
        step = -1 if key in (keys.UP, keys.LEFT) else 1 if key in (keys.DOWN, keys.RIGHT) else 0
        if self.stage == ROLL:
            if key != keys.OK:
                return None
            self._roll()
            return self._after_move()
        if self.stage in (CITY, CROSS):
            if step:
                order = self.cities if key in (keys.LEFT, keys.RIGHT) else self.cities_north
                self.city = order[(order.index(self.city) + step) % len(order)]
                return None
            if key != keys.OK:
                return None
            if self.stage == CROSS:
                return self._place(dicetrip.cross_action(self.city))
            return self._place(dicetrip.write_action(self.option[1], self.option[2], self.city))
        if step:
            self.cursor = (self.cursor + step) % len(self._list())
            return None
        return self._ok() if key == keys.OK else None

    def _ok(self):
        """OK on a list: the choice under the cursor."""
        self.note = ""
        chosen = self._list()[self.cursor]
        if self.stage == POWER:
            if self.cursor == 0:
                return self._place(chosen)
            self.stage = REROLL
            self.marked = [False] * _DICE
            self.cursor = 0
            if _is_reroll(self._hint):
                for die in dicetrip.reroll_dice(self._hint):
                    self.marked[die] = True
                self.cursor = _DICE
        elif self.stage == REROLL:
            if self.cursor < _DICE:
                self.marked[self.cursor] = not self.marked[self.cursor]
                return None
            dice = [die for die in range(_DICE) if self.marked[die]]
            if dice:
                return self._place(dicetrip.reroll_action(dice))
            self.note = "mark at least one die to reroll"
        elif chosen == TWICE_ITEM:
            self.stage = TWICE
            option = self._option_of(self.twice_items, self._hint)
            self.cursor = 0 if option is None else self.twice_items.index(option)
        else:
            self.option = None if chosen == CROSS_ITEM else chosen
            self._enter_cities(CROSS if chosen == CROSS_ITEM else CITY)
        return None

    def _back(self):
        self.note = ""
        if self.stage == REROLL:
            self.stage = POWER
            self.cursor = 1
        elif self.stage == TWICE:
            self.stage = NUMBER
            self.cursor = self.items.index(TWICE_ITEM)
        elif self.stage in (CITY, CROSS):  # back to the list, its cursor where it was
            self.stage = TWICE if self.option and self.option[3] else NUMBER
        else:
            return PauseScreen(self.shell, self)
        return None

    def _place(self, action):
        try:
            self.session.apply(self.shown_seat, action)
        except IllegalAction as exc:  # the choices are legal ones: kept for safety
            self.note = exc.reason
            return None
        if _is_reroll(action):
            self._roll()  # the chosen dice land at once
        return self._after_move()

    def key_towards(self, action):
        """The key that brings the staged choice one press closer to `action` (a legal action
        of the asked seat): the guided round and the simulator's autopilot use it."""
        self._sync()
        stage = self.stage
        if stage == POWER:
            return towards(self.cursor, 1 if _is_reroll(action) else 0, len(self._list()))
        if stage == REROLL:
            if not _is_reroll(action):
                return keys.BACK
            wanted = dicetrip.reroll_dice(action)
            for die in range(_DICE):
                if self.marked[die] != (die in wanted):
                    return towards(self.cursor, die, _DICE + 1)
            return towards(self.cursor, _DICE, _DICE + 1)
        if stage == NUMBER:
            return towards(self.cursor, self._item_of(action), len(self.items))
        if stage == TWICE:
            option = self._option_of(self.twice_items, action)
            if option is None:
                return keys.BACK
            return towards(self.cursor, self.twice_items.index(option), len(self.twice_items))
        if stage == CROSS and dicetrip.write_parts(action) is None:
            return self._city_key(action - dicetrip.CROSS_BASE)
        if stage == CITY and self._option_of([self.option], action) is not None:
            return self._city_key(dicetrip.write_parts(action)[2])
        return keys.OK if stage == ROLL else keys.BACK

    def _city_key(self, city):
        """The arrow on the shortest way to `city` (either order, either way round), or OK."""
        if city == self.city:
            return keys.OK
        best = None
        for order, back, forward in (
            (self.cities, keys.LEFT, keys.RIGHT),
            (self.cities_north, keys.UP, keys.DOWN),
        ):
            count = len(order)
            ahead = (order.index(city) - order.index(self.city)) % count
            for presses, key in ((ahead, forward), (count - ahead, back)):
                if best is None or presses < best[0]:
                    best = (presses, key)
        return best[1]

    def view(self):
        """What the sheet needs to draw the stage (games.dicetrip.sheet words it)."""
        asked = self._sync()
        state = self.session.state
        actor = self.shown_seat
        if asked is None and state.actors():
            actor = state.roller() if state.actors() == [CHANCE] else state.turn_seat()
        return {
            "seat": self.shown_seat,
            "stage": self.stage,
            "actor": actor,
            "items": self._list() if self.stage not in (ROLL, WAIT) else [],
            "cursor": self.cursor,
            "city": self.city if self.stage in (CITY, CROSS) else -1,
            "hint": self._hint is not None,
            "note": self.note_line(),
        }


def _is_reroll(action):
    return action is not None and dicetrip.REROLL_BASE < action < dicetrip.CROSS_BASE
