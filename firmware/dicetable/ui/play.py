"""The play screen: shows a game's sheet, asks the current player, lets bots move.

Generic over games whose choices are a short list of legal actions (Cybo today); a game with a
richer input (a 2-D cursor on a map) gets its own screen later. A human roll waits for OK, so
the players see whose dice are coming; bot moves are steps the app paces with a delay.
"""

from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.ui import keys
from dicetable.ui.screens import PauseScreen, ResultsScreen, Screen, clear_save, sheet_module


class PlayScreen(Screen):
    def __init__(self, shell, session):
        super().__init__(shell)
        self.session = session
        self.sheet = sheet_module(session.module.GAME_ID)
        self.cursor = 0
        self.note = ""
        self._round = self._round_of(session.state)
        self._break = False
        self.rolled = False  # set after each roll, for the LED roll animation

    @staticmethod
    def _round_of(state):
        return getattr(state, "round", 0)

    # --- who is asked what ------------------------------------------------------------------
    def person_asked(self):
        """(seat, is_roll) for a person who must press something now, else None."""
        state = self.session.state
        actors = state.actors()
        if not actors:
            return None
        if actors == [CHANCE]:
            seat = state.turn_seat()
            return None if self.session.is_bot(seat) else (seat, True)
        for seat in actors:
            if not self.session.is_bot(seat):
                return seat, False
        return None

    def wants_step(self):
        state = self.session.state
        actors = state.actors()
        if not actors:
            return False
        return self.person_asked() is None

    def step(self):
        """One automatic move: a bot's choice or a bot's roll."""
        state = self.session.state
        actors = state.actors()
        if actors == [CHANCE]:
            self.session.roll()
            self.rolled = True
        else:
            for seat in actors:
                if self.session.is_bot(seat):
                    self.session.apply(seat, self.session.bot_action(seat))
                    break
        return self._after_move()

    def handle(self, key):
        if key == keys.BACK:
            return PauseScreen(self.shell, self)
        asked = self.person_asked()
        if asked is None:
            return None
        seat, is_roll = asked
        if is_roll:
            if key == keys.OK:
                self.session.roll()
                self.rolled = True
                return self._after_move()
            return None
        choices = self.session.state.legal_actions(seat)
        if key in (keys.UP, keys.LEFT):
            self.cursor = (self.cursor - 1) % len(choices)
        elif key in (keys.DOWN, keys.RIGHT):
            self.cursor = (self.cursor + 1) % len(choices)
        elif key == keys.OK:
            try:
                self.session.apply(seat, choices[self.cursor % len(choices)])
            except IllegalAction as exc:
                self.note = exc.reason
                return None
            return self._after_move()
        return None

    def _after_move(self):
        self.cursor = 0
        self.note = ""
        state = self.session.state
        round_now = self._round_of(state)
        if round_now != self._round:
            self._round = round_now
            self._break = True
        if state.is_terminal():
            clear_save(self.shell)
            return ResultsScreen(self.shell, self.session)
        return None

    def take_natural_break(self):
        broke = self._break
        self._break = False
        return broke

    def game_state(self):
        return self.session.state

    def take_roll(self):
        rolled = self.rolled
        self.rolled = False
        return rolled

    # --- what is shown ----------------------------------------------------------------------
    def view(self):
        state = self.session.state
        seat = state.turn_seat()
        name = state.seat_name(seat)
        choices = []
        cursor = -1
        asked = self.person_asked()
        if asked is None:
            prompt = "%s is playing..." % name
        elif asked[1]:
            prompt = "%s: press OK to roll" % name
        else:
            prompt = "%s: choose" % name
            for action in state.legal_actions(asked[0]):
                choices.append(state.action_to_string(asked[0], action))
            cursor = self.cursor % len(choices)
        note = self.note or self.session.save_error or self.shell.notice
        return {"seat": seat, "prompt": prompt, "choices": choices, "cursor": cursor, "note": note}

    def draw(self, fb, width, height):
        self.sheet.draw(fb, width, height, self.session.state, self.view())
