"""The device's screens as a state machine: menu -> setup -> play -> results.

PURE: the shell gets logical keys (ui.keys), draws into a framebuf.FrameBuffer on request and
talks to storage only through the injected `store` (load_lines, append, clear, quarantine). Every
screen works with one pair of arrows, OK and BACK: UP/LEFT and DOWN/RIGHT do the same, so a
3-button board (PREV and NEXT are LEFT and RIGHT, long OK is BACK) can do everything.
"""

from dicetable.core.errors import IllegalAction, JournalError
from dicetable.core.session import Session
from dicetable.games import GAMES, load, title
from dicetable.ui import draw, keys
from dicetable.ui.play import PlayScreen
from dicetable.ui.setup_options import DEFAULTS, OPTIONS

_HELP_LINES = (
    "Arrows (or PREV/NEXT) move, OK chooses or changes, BACK goes back.",
    "In a game BACK pauses; the game is saved after every move.",
)


class Shell:
    def __init__(self, width, height, store, seed_source):
        """`seed_source()` gives a fresh seed for each new game (hardware entropy on the device,
        a fixed sequence in the simulator)."""
        self.width = width
        self.height = height
        self.store = store
        self.seed_source = seed_source
        self.screen = None
        self.screen_changed = True
        self._resume_or_menu()

    # --- navigation -------------------------------------------------------------------------
    def show(self, screen):
        self.screen = screen
        self.screen_changed = True

    def main_menu(self):
        self.show(MenuScreen(self))

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
            session, report = Session.resume(lines, load, self.store.append)
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
        if report.dropped:
            self.store.truncate(report.good_length)
        if session.state.is_terminal():
            self.store.clear()
            self.show(ResultsScreen(self, session))
            return
        play = PlayScreen(self, session)
        if report.dropped:
            note = "%d move(s) restored; %d damaged line(s) dropped" % (
                report.applied,
                report.dropped,
            )
            self.show(MessageScreen(self, "Game resumed", [note, report.reason], play))
        else:
            self.show(play)

    def _quarantine(self):
        try:
            self.store.quarantine()
        except OSError:
            pass

    def start_game(self, game_id, options):
        module = load(game_id)
        self.store.clear()
        session = Session.start(module, options, self.seed_source(), self.store.append)
        self.show(PlayScreen(self, session))

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
        self.screen.draw(fb, self.width, self.height)

    def game_state(self):
        """The state of the game on screen (for the LEDs), or None outside a game."""
        return self.screen.game_state()

    def take_roll(self):
        """True once after each roll, so the LEDs can play the roll animation."""
        return self.screen.take_roll()

    def take_natural_break(self):
        """True once after a new screen or a screen's own break (end of a round)."""
        broke = self.screen_changed or self.screen.take_natural_break()
        self.screen_changed = False
        return broke


class Screen:
    def __init__(self, shell):
        self.shell = shell

    def handle(self, key):
        return None

    def wants_step(self):
        return False

    def step(self):
        return None

    def take_natural_break(self):
        return False

    def game_state(self):
        return None

    def take_roll(self):
        return False


class MenuScreen(Screen):
    def __init__(self, shell):
        super().__init__(shell)
        self.items = []
        for game_id, name in GAMES:
            self.items.append((game_id, name))
        self.items.append(("help", "How the buttons work"))
        self.cursor = 0

    def handle(self, key):
        if key in (keys.UP, keys.LEFT):
            self.cursor = (self.cursor - 1) % len(self.items)
        elif key in (keys.DOWN, keys.RIGHT):
            self.cursor = (self.cursor + 1) % len(self.items)
        elif key == keys.OK:
            choice = self.items[self.cursor][0]
            if choice == "help":
                return MessageScreen(self.shell, "Buttons", _HELP_LINES, self)
            return SetupScreen(self.shell, choice)
        return None

    def draw(self, fb, width, height):
        names = [name for _id, name in self.items]
        draw.menu(fb, width, height, "DiceTable", names, self.cursor, "OK: choose")


class SetupScreen(Screen):
    """Players, bots and the game's own options; the last row starts the game."""

    def __init__(self, shell, game_id):
        super().__init__(shell)
        self.game_id = game_id
        self.options = OPTIONS[game_id]
        self.values = {}
        defaults = DEFAULTS[game_id]
        for key, _label, values, _titles in self.options:
            self.values[key] = defaults.get(key, values[0])
        self.cursor = len(self.options)  # on "Start": the quickest way into a game
        self.error = ""

    def _change(self, step):
        key, _label, values, _titles = self.options[self.cursor]
        index = values.index(self.values[key]) if self.values[key] in values else 0
        self.values[key] = values[(index + step) % len(values)]
        self.error = ""

    def handle(self, key):
        # Every arrow moves the cursor and OK changes the value under it, so PREV/OK/NEXT
        # (3-button boards, where PREV and NEXT are LEFT and RIGHT) reach every setting.
        rows = len(self.options) + 1
        if key in (keys.UP, keys.LEFT):
            self.cursor = (self.cursor - 1) % rows
        elif key in (keys.DOWN, keys.RIGHT):
            self.cursor = (self.cursor + 1) % rows
        elif key == keys.BACK:
            return MenuScreen(self.shell)
        elif key == keys.OK:
            if self.cursor < len(self.options):
                self._change(1)
                return None
            try:
                self.shell.start_game(self.game_id, self.chosen_options())
            except IllegalAction as exc:
                self.error = exc.reason
        return None

    def chosen_options(self):
        options = {}
        for key in self.values:
            options[key] = self.values[key]
        return options

    def draw(self, fb, width, height):
        rows = []
        for key, label, _values, titles in self.options:
            value = self.values[key]
            rows.append((label, str(titles[value] if titles else value)))
        rows.append(("Start game", ""))
        footer = self.error or "OK: change / start  BACK: menu"
        draw.options(fb, width, height, title(self.game_id), rows, self.cursor, footer)


class MessageScreen(Screen):
    """A few lines of text; OK or BACK goes on to `after`."""

    def __init__(self, shell, heading, lines, after):
        super().__init__(shell)
        self.heading = heading
        self.lines = list(lines)
        self.after = after

    def handle(self, key):
        if key in (keys.OK, keys.BACK):
            return self.after
        return None

    def draw(self, fb, width, height):
        draw.message(fb, width, height, self.heading, self.lines, "OK: continue")


class ResultsScreen(Screen):
    def __init__(self, shell, session):
        super().__init__(shell)
        self.session = session
        self.sheet = PlayScreen.sheet_module(session.module.GAME_ID)

    def handle(self, key):
        if key in (keys.OK, keys.BACK):
            return MenuScreen(self.shell)
        return None

    def draw(self, fb, width, height):
        standings = self.sheet.results_view(self.session.state)
        draw.results(fb, width, height, "Final scores", standings, "OK: menu")
