"""Gang of Dice's play screen: PlayScreen's structure plus hidden pools and whole-roll presses.

PURE. The cursor moves over `menu_actions()` (the asked seat's legal actions, in the state's
order) and OK applies the one under it. A roll of n dice is n chance actions (docs/journal.md):
one OK (or one bot step) rolls them all. Cards are put away and revealed by the dice at once,
in the move that leads to them (the start, the round's last turn): a card draw is the device's,
not a player's, so it neither waits the bot pause nor shows anyone "playing", and the note says
"Card drawn: ..." until the round's first turn is over (a person's: until they commit dice, so
the reroll choices keep their room). Pools are hidden information on a shared device: when the
asked person changes from one human seat to another, the screen first shows only "Pass the
device to <name>" until OK, and the sheet shows a pool only to its owner's prompt.
"""

from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.games.gang import rules as gang
from dicetable.ui import keys
from dicetable.ui.play_base import GameScreen
from dicetable.ui.screens import PauseScreen


class GangPlayScreen(GameScreen):
    def __init__(self, shell, session):
        super().__init__(shell, session)
        self.cursor = 0
        self.passing = False  # "pass the device to ...": nothing hidden is shown until OK
        self._holder = None  # the human seat that was last asked (who holds the device)
        # The choices' words for (actions applied, seat): made once per move, not per press
        # (on MicroPython each new str costs a search of all the interned names).
        self._words = (None, None)
        self._deal()
        self._check_holder()

    def round_of(self, state):
        """A new card starts a new page too: its words replace the last card's."""
        return GameScreen.round_of(self, state), state.card_number()

    # --- who is asked what ------------------------------------------------------------------
    def person_asked(self):
        """(seat, is_roll) for a person who must press something now, else None."""
        state = self.session.state
        actors = state.actors()
        if not actors:
            return None
        if actors == [CHANCE]:
            if not state.dice_pending():
                return None  # a card to put away or reveal (dealt at once, by _deal)
            seat = state.turn_seat()
            return None if self.session.is_bot(seat) else (seat, True)
        for seat in actors:
            if not self.session.is_bot(seat):
                return seat, False
        return None

    def menu_actions(self):
        """The asked person's choices in cursor order ([] when nobody chooses)."""
        asked = self.person_asked()
        if asked is None or asked[1]:
            return []
        return self.session.state.legal_actions(asked[0])

    def wants_step(self):
        if not self.session.state.actors() or self.passing:
            return False
        return self.person_asked() is None

    def step(self):
        """One automatic move: a bot's choice or a bot's whole roll."""
        state = self.session.state
        actors = state.actors()
        if actors == [CHANCE]:
            self._roll_all()
        else:
            for seat in actors:
                if self.session.is_bot(seat):
                    self.session.apply(seat, self.session.bot_action(seat))
                    break
        return self._after_move(True)

    def _deal(self):
        """The dice put the cards away and reveal the round's card, at once (no pause)."""
        state = self.session.state
        while state.actors() == [CHANCE] and not state.dice_pending():
            self.session.roll()

    def _roll_all(self):
        state = self.session.state
        while state.actors() == [CHANCE] and state.dice_pending():
            self.session.roll()
        self.rolled = True

    def handle(self, key):
        if key == keys.BACK:
            return PauseScreen(self.shell, self)
        if self.passing:
            if key == keys.OK:
                self.passing = False
            return None
        asked = self.person_asked()
        if asked is None:
            return None
        seat, is_roll = asked
        if is_roll:
            if key == keys.OK:
                self._roll_all()
                return self._after_move(True)
            return None
        choices = self.menu_actions()
        if key in (keys.UP, keys.LEFT):
            self.cursor = (self.cursor - 1) % len(choices)
        elif key in (keys.DOWN, keys.RIGHT):
            self.cursor = (self.cursor + 1) % len(choices)
        elif key == keys.OK:
            action = choices[self.cursor % len(choices)]
            try:
                self.session.apply(seat, action)
            except IllegalAction as exc:
                self.note = exc.reason
                return None
            # Choosing dice to reroll takes a few presses: the cursor stays where it was.
            return self._after_move(action < gang.SELECT_BASE)
        return None

    def _after_move(self, reset):
        if reset:
            self.cursor = 0
        else:
            self.cursor = min(self.cursor, max(0, len(self.menu_actions()) - 1))
        done = self.finish_move()
        if done is None:
            self._deal()
            self._check_holder()
        return done

    def _check_holder(self):
        """Start passing when a human other than the last one asked must now press."""
        asked = self.person_asked()
        if asked is None:
            return
        if self._holder is not None and asked[0] != self._holder:
            self.passing = True
            self.cursor = 0
        self._holder = asked[0]

    # --- what is shown ----------------------------------------------------------------------
    def view(self):
        state = self.session.state
        seat = state.turn_seat()
        choices = []
        cursor = -1
        show_pool = False
        passing = self.passing
        asked = self.person_asked()
        if asked is not None:
            seat = asked[0]
        name = state.seat_name(seat)
        if passing:
            prompt = "Pass the device to %s" % name
        elif asked is None:
            prompt = "%s is playing..." % name
        elif asked[1]:
            show_pool = True
            count = state.dice_pending()
            prompt = "%s: press OK to roll %d di%s" % (name, count, "e" if count == 1 else "ce")
        else:
            show_pool = True
            made = (state.action_count, seat)
            if self._words[0] != made:
                words = [state.action_to_string(seat, action) for action in self.menu_actions()]
                self._words = (made, ("%s: choose" % name, words))
            prompt, choices = self._words[1]
            cursor = self.cursor % len(choices)
        note = self.note_line()
        if not note and (asked is None or not state.committed):
            note = card_note(state)
        return {
            "seat": seat,
            "prompt": prompt,
            "choices": choices,
            "cursor": cursor,
            "note": note,
            "show_pool": show_pool,
            "passing": passing,
        }


def card_note(state):
    """ "Card drawn: GD09 three odd dice" until the round's first turn is over, else ""."""
    number = state.card_number()
    if state.turns or not number or state.is_terminal():
        return ""
    card = gang.card(number)
    return "Card drawn: %s %s" % (card[0], card[7])
