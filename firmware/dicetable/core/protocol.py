"""The game protocol every game module follows (OpenSpiel's Game/State split, shrunk).

A game module (see games/__init__.py) provides:
    GAME_ID, TITLE                  identifiers and the name shown in menus
    make_params(options)            validated, complete parameters (a str-keyed dict)
    new_state(params)               a fresh State
    bot_action(state, seat, rng)    a deterministic choice among the legal actions

A State subclass answers who acts (`actors`), what is asked (`prompt`), lists the legal actions
of a seat (sorted small ints) or the chance outcomes, and changes only through `apply`. `apply`
checks everything before it changes anything, so an IllegalAction leaves the state untouched.
Dice results are chance actions applied by the seat CHANCE; a journal is the header plus the list
of (seat, action) pairs, and replay needs no random source.
"""

from micropython import const

from dicetable.core.errors import IllegalAction

# Pseudo-seat that applies dice results.
CHANCE = const(-1)

# Prompt kinds: what the current actor is asked for.
PROMPT_NONE = const(0)  # nobody acts: the game is over
PROMPT_ROLL = const(1)  # a die roll is due (chance); the UI waits for OK, bots roll at once
PROMPT_CHOICE = const(2)  # pick one of the legal actions


class State:
    """Base class with the shared apply path. Subclasses implement the underscored hooks."""

    game_id = ""

    def __init__(self, params):
        self.params = params
        self.action_count = 0  # actions applied so far: the journal's record count
        # [(seat, action), ...]: the journal body, for tests and tools on the host. The device
        # drops it (Session(keep_history=False)): its journal is on flash, and a long game -
        # thousands of dice in Gang of Dice - would not fit in the RP2040's heap.
        self.history = []

    # --- who acts ---------------------------------------------------------------------------
    def actors(self):
        """[CHANCE], the seats that may act now, or [] when the game is over."""
        raise NotImplementedError

    def is_terminal(self):
        return not self.actors()

    def turn_seat(self):
        """The seat the current prompt is about, also while the dice roll for it."""
        actors = self.actors()
        if actors and actors[0] != CHANCE:
            return actors[0]
        return 0

    def prompt(self, seat):
        if self.is_terminal():
            return PROMPT_NONE
        return PROMPT_ROLL if seat == CHANCE else PROMPT_CHOICE

    def legal_actions(self, seat):
        raise NotImplementedError

    def chance_outcomes(self):
        """[(action, weight), ...] while CHANCE acts."""
        raise NotImplementedError

    # --- the one way to change a state ------------------------------------------------------
    def apply(self, seat, action):
        if seat not in self.actors():
            if self.is_terminal():
                raise IllegalAction("the game is over")
            raise IllegalAction("it is not %s's turn" % self.seat_name(seat))
        if seat == CHANCE:
            legal = False
            for outcome, _weight in self.chance_outcomes():
                if outcome == action:
                    legal = True
                    break
            if not legal:
                raise IllegalAction("%r is not a possible roll now" % (action,))
        elif action not in self.legal_actions(seat):
            raise IllegalAction(self.explain_illegal(seat, action))
        self._apply(seat, action)
        self._record(seat, action)

    def _record(self, seat, action):
        self.action_count += 1
        if self.history is not None:
            self.history.append((seat, action))

    def _apply(self, seat, action):
        raise NotImplementedError

    def explain_illegal(self, seat, action):
        """Why `action` is refused; games override this with their own words."""
        return "%s cannot %s now" % (self.seat_name(seat), self.action_to_string(seat, action))

    # --- scoring ----------------------------------------------------------------------------
    def scores(self):
        """The current total per seat."""
        raise NotImplementedError

    def breakdown(self, seat):
        """[(label, points), ...] whose points add up to scores()[seat]."""
        raise NotImplementedError

    def winners(self):
        """Seats sharing the best score (ties share the win)."""
        totals = self.scores()
        best = max(totals)
        return [seat for seat in range(len(totals)) if totals[seat] == best]

    # --- words and data ---------------------------------------------------------------------
    def seat_name(self, seat):
        if seat == CHANCE:
            return "the dice"
        names = self.params.get("names")
        if names and 0 <= seat < len(names):
            return names[seat]
        return "Player %d" % (seat + 1)

    def action_to_string(self, seat, action):
        return str(action)

    def to_data(self):
        """Everything the rules depend on, as plain data (for replay checks and debugging)."""
        raise NotImplementedError
