"""What every game's play screen shares (ui.play, play_gang, play_trek12, play_ontrack,
play_dicetrip): the session and its sheet, the roll flag the LEDs animate, a full refresh at each
new round, the results when the game is over, and the note line.

PURE. A subclass answers who is asked (`person_asked`), handles keys and describes what to draw
(`view`); after every move it calls `finish_move()`, which returns the results screen once the
game is over.
"""

from dicetable.core.protocol import CHANCE
from dicetable.ui import keys
from dicetable.ui.screens import ResultsScreen, clear_save, sheet_module
from dicetable.ui.sections import Sections
from dicetable.ui.screen_base import Screen


class GameScreen(Screen):
    def __init__(self, shell, session):
        super().__init__(shell)
        self.session = session
        self.sheet = sheet_module(session.module.GAME_ID)
        self.hints = session.params.get("hints", True)
        self.note = ""
        self.rolled = False  # set after each roll, for the LED roll animation
        self._round = self.round_of(session.state)
        self._break = False
        # What the sheet drew last, so a press redraws only what it changed.
        self.sections = Sections()

    def round_of(self, state):
        """What starts a new page of the sheet when it changes, a natural break for a full
        refresh: the game's round, and whose sheet is shown (another player's card written
        over this one by partial refreshes would leave its numbers showing through)."""
        seat = getattr(self, "shown_seat", None)
        if seat is None:
            seat = state.turn_seat()  # games whose sheet follows the turn (Cybo, Gang)
        return getattr(state, "round", 0), seat

    def finish_move(self):
        """After any move: the note is cleared, a new round asks for a full refresh, and a
        finished game goes to its results (its save removed). Returns that screen, or None."""
        self.note = ""
        state = self.session.state
        round_now = self.round_of(state)
        if round_now != self._round:
            self._round = round_now
            self._break = True
        if state.is_terminal():
            clear_save(self.shell)
            return ResultsScreen(self.shell, self.session)
        return None

    def _after_move(self):
        """finish_move(), then the screen's own stage brought up to date with the game by the
        subclass's `_sync()` (screens with no stage of their own override this)."""
        done = self.finish_move()
        if done is None:
            self._sync()
        return done

    def _asked_stage(self, roll, wait):
        """The start of `_sync` for a screen with a staged choice (`stage`, `shown_seat` and
        `_reset_turn()`, which sets the stage to `wait`): who is asked now, as person_asked().
        Nobody: the turn is reset, once. A person to roll: their sheet is shown and the stage
        becomes `roll` (the turn reset first). A person to choose: their sheet is shown, and
        the caller sets up the choice."""
        asked = self.person_asked()
        if asked is None:
            if self.stage != wait:
                self._reset_turn()
            return None
        self.shown_seat = asked[0]
        if asked[1] and self.stage != roll:
            self._reset_turn()
            self.stage = roll
        return asked

    def note_line(self):
        """What the sheet's note line says: this screen's note, else a save problem, else a
        device notice (a stuck button)."""
        return self.note or self.session.save_error or getattr(self.shell, "notice", "")

    def wants_step(self):
        return bool(self.session.state.actors()) and self.person_asked() is None

    def step(self):
        """One automatic move: the roll when only bots play, or one bot's move."""
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

    # --- the app's questions ----------------------------------------------------------------
    def take_natural_break(self):
        """A new round or another player's sheet (round_of), or the sheet in another mode
        (a hand-over message, sections.py)."""
        if self.round_of(self.session.state) != self._round:
            self._round = self.round_of(self.session.state)
            self._break = True
        broke = self._break or self.sections.take_replaced()
        self._break = False
        return broke

    def game_state(self):
        return self.session.state

    def take_roll(self):
        rolled = self.rolled
        self.rolled = False
        return rolled

    def draw(self, fb, width, height):
        self.sheet.draw(fb, width, height, self.session.state, self.view(), self.sections)


class SharedRollScreen(GameScreen):
    """Games where one roll serves the whole table and every seat then acts on its own sheet
    (Trek 12, Christmas On Track): the first person at the table presses OK to roll; with only
    bots, the device rolls by itself."""

    def person_asked(self):
        """(seat, is_roll) for a person who must press something now, else None."""
        state = self.session.state
        actors = state.actors()
        if not actors:
            return None
        if actors == [CHANCE]:
            for seat in range(state.players):
                if not self.session.is_bot(seat):
                    return seat, True
            return None
        for seat in actors:
            if not self.session.is_bot(seat):
                return seat, False
        return None


def towards(cursor, target, count):
    """The key that moves a list cursor one press closer to `target` the short way round (DOWN
    on a tie), or OK when it is there: for `key_towards` (the guided round, the autopilot)."""
    if cursor == target:
        return keys.OK
    down = (target - cursor) % count
    return keys.DOWN if down <= count - down else keys.UP
