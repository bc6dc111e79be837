"""The play screen: shows a game's sheet, asks the current player, lets bots move.

Generic over games whose choices are a short list of legal actions (Cybo today); a game with a
richer input (a 2-D cursor on a map) gets its own screen later. A human roll waits for OK, so
the players see whose dice are coming; bot moves are steps the app paces with a delay.
"""

from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.ui import keys
from dicetable.ui.play_base import GameScreen
from dicetable.ui.screens import PauseScreen


class PlayScreen(GameScreen):
    def __init__(self, shell, session):
        super().__init__(shell, session)
        self.cursor = 0

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
        return self.finish_move()

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
        note = self.note_line()
        return {"seat": seat, "prompt": prompt, "choices": choices, "cursor": cursor, "note": note}
