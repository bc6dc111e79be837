"""The device's screens as a state machine: menu -> setup -> play -> results.

PURE: the shell gets logical keys (ui.keys), draws into a framebuf.FrameBuffer on request and
talks to storage only through the injected `store` (load_lines, append, clear, quarantine). Every
screen works with one pair of arrows, OK and BACK: UP/LEFT and DOWN/RIGHT do the same, so a
3-button board (PREV and NEXT are LEFT and RIGHT, long OK is BACK) can do everything. A screen
may give UP/DOWN and LEFT/RIGHT different jobs where the board has both (`up_down`: the setup
screen does), and footers name BACK as the board makes it (`back_word`, Screen.key_text).
"""

from dicetable.core.errors import JournalError
from dicetable.core.rng import code_to_seed
from dicetable.core.session import Session
from dicetable.games import load, load_start, others_loaded
from dicetable.ui import keys, sections
from dicetable.ui.screen_base import find_session
from dicetable.ui.screens import MenuScreen, MessageScreen, ResultsScreen, clear_save


class Shell:
    def __init__(self, width, height, store, seed_source, buttons=None):
        """`seed_source()` gives a fresh seed for each new game (hardware entropy on the device,
        a fixed sequence in the simulator). `buttons`: the board's button map (boards/*.py;
        None: the full set of six keys)."""
        self.up_down = keys.has_up_down(buttons)
        self.back_word = keys.back_word(buttons)
        self.width = width
        self.height = height
        self.store = store
        self.seed_source = seed_source
        self.screen = None
        self.screen_changed = True
        self._drawer = None  # the screen that drew the frame last (ui.sections)
        # A device condition the players should know about (a stuck button), shown on the
        # game sheet's note line until something else needs that line.
        self.notice = ""
        # Fresh start (App): a game of another title than the ones loaded is saved, and then
        # `restart_pending` asks for a fresh interpreter, which resumes it from the save.
        self.fresh_start = False
        self.restart_pending = False
        self._resume_or_menu()

    # --- navigation -------------------------------------------------------------------------
    def show(self, screen):
        self.screen = screen
        self.screen_changed = True

    def main_menu(self):
        self.show(MenuScreen(self))

    def setup_screen(self, game_id):
        """The setup screen of a game (the menu's choice)."""
        return self.setup_class()(self, game_id)

    def setup_class(self):
        """The setup screen's class. Its module is imported here, when it is needed (or by the
        menu while its refresh runs, MenuScreen.prefetch): the app drops it while a game is
        played (app.App._forget_setup)."""
        from dicetable.ui.setup import SetupScreen

        return SetupScreen

    def _resume_or_menu(self):
        try:
            lines = self.store.load_lines()
        except OSError as exc:
            lines = None
            self.show(MessageScreen(self, "Storage problem", [str(exc)], MenuScreen(self)))
            return
        if not lines:
            self.main_menu()
            return
        try:
            session, report = Session.resume(
                lines, load_start, self.store.append, keep_history=False
            )
        except JournalError as exc:
            # Never a crash loop: the unreadable save is moved aside and the menu comes up.
            self._quarantine()
            self.show(
                MessageScreen(
                    self,
                    "Save could not be restored",
                    [exc.reason, "The file was kept as bad.jnl for a bug report."],
                    MenuScreen(self),
                )
            )
            return
        kept = False
        if report.dropped:
            # A torn last line is a power cut; anything else is damage, and the whole file
            # goes to bad.jnl (for a bug report) before its tail is cut off.
            if not report.torn:
                kept = self.store.keep_aside()
            self.store.truncate(report.good_length)
        if session.state.is_terminal():
            clear_save(self)
            self.show(ResultsScreen(self, session))
            return
        play = session.module.play_screen(self, session)
        if report.dropped:
            note = "%d move(s) restored; %d line(s) could not be restored" % (
                report.applied,
                report.dropped,
            )
            lines = [note, report.reason]
            if kept:
                lines.append("The file was kept as bad.jnl for a bug report.")
            self.show(MessageScreen(self, "Game resumed", lines, play))
        else:
            self.show(play)

    def _quarantine(self):
        try:
            self.store.quarantine()
        except OSError:
            pass

    def start_game(self, game_id, options):
        module = load(game_id)
        # Only a cleared save may take the new game: appended to an old one, it would be lost.
        sink = self.store.append if clear_save(self) else None
        # A class code gives every device with that code the same dice (core.rng).
        code = options.get("code")
        seed = code_to_seed(code) if code else self.seed_source()
        if sink is not None and self.fresh_start and others_loaded(game_id):
            # Only the header is saved here: the fresh interpreter builds the game from it.
            # Built here too, it had to fit beside the last title's leftovers (Christmas On
            # Track after Cybo on 400x300 did not). The screen stays: the restart shows it.
            try:
                Session.save_header(module, options, seed, sink)
                self.restart_pending = True
                return
            except OSError as exc:  # a full flash: the game starts here, unsaved, and says so
                sink = None
                self.notice = str(exc)
        session = Session.start(module, options, seed, sink, keep_history=False)
        if sink is None:
            session.save_error = "saving stopped: " + self.notice
        self.show(session.module.play_screen(self, session))

    # --- driving ----------------------------------------------------------------------------
    def handle(self, key):
        next_screen = self.screen.handle(key)
        if next_screen is not None:
            self.show(next_screen)

    def wants_step(self):
        return self.screen.wants_step()

    def step(self):
        next_screen = self.screen.step()
        if next_screen is not None:
            self.show(next_screen)

    def draw(self, fb):
        if self.screen is not self._drawer:
            # What a screen drew section by section is gone once another screen drew.
            sections.new_epoch()
            self._drawer = self.screen
        self.screen.draw(fb, self.width, self.height)

    def saving_failed(self, exc):
        """The journal's lines written behind (the app's, storage.Store.write_behind) were
        refused with `exc`: the game on show says saving stopped. False outside a game."""
        session = find_session(self.screen)
        if session is None:
            return False
        session.saving_failed(exc)
        return True

    def game_state(self):
        """The state of the game on screen (for the LEDs), or None outside a game."""
        return self.screen.game_state()

    def take_roll(self):
        """True once after each roll, so the LEDs can play the roll animation."""
        return self.screen.take_roll()

    def take_natural_break(self):
        """True once after a new screen or a screen's own break (end of a round)."""
        own = self.screen.take_natural_break()  # asked always: it notes what is shown
        broke = self.screen_changed or own
        self.screen_changed = False
        return broke
