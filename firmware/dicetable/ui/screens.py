"""The screens around the games: menu, messages, pause and results (the setup screen is in
ui.setup, which the app lets go while a game is played).

PURE, like the shell that switches between them: each screen takes logical keys and returns
the next screen (or None to stay), and draws itself into a frame buffer.
"""

from dicetable.games import GAMES, part
from dicetable.ui import draw, keys
from dicetable.ui.screen_base import Screen
from dicetable.ui.sections import Sections

_HELP_LINES = (
    "Arrows (or PREV/NEXT) move, OK chooses, BACK goes back.",
    "In a game BACK pauses; the game is saved after every move.",
)
# The setup screen's keys: with UP and DOWN, and on 3-button boards (SetupScreen).
_SETUP_HELP = (
    "Setup: UP/DOWN pick a row, LEFT/RIGHT change its value.",
    "Setup: PREV/NEXT pick a row, OK changes its value.",
)


def clear_save(shell):
    """Remove the save of a game that is over. A flash that refuses is reported on the note
    line, never raised: at boot an exception here would be a crash loop. Returns True when the
    save is gone."""
    try:
        shell.store.clear()
    except OSError as exc:
        shell.notice = "could not remove the old save: %s" % (exc,)
        return False
    return True


def standings(state):
    """[(name, total, breakdown, is_winner), ...] best first, ties in seat order: what the
    results screen shows, unless the game's sheet module has its own `results_view` (a game
    with a tie-break of its own)."""
    totals = state.scores()
    winners = state.winners()
    order = list(range(len(totals)))
    # Sort on (-total, seat): MicroPython's sort is not stable, so the seat breaks ties.
    order.sort(key=lambda seat: (-totals[seat], seat))
    return [
        (state.seat_name(seat), totals[seat], state.breakdown(seat), seat in winners)
        for seat in order
    ]


def sheet_module(game_id):
    """The module that draws a game's sheet and results (games/<id>/sheet.py)."""
    return part(game_id, "sheet")


class MenuScreen(Screen):
    def __init__(self, shell):
        super().__init__(shell)
        self.items = []
        for game_id, name in GAMES:
            self.items.append((game_id, name))
        self.items.append(("help", "How the buttons work"))
        self.cursor = 0
        self.footer = "OK: choose"
        self.sections = Sections()  # a cursor move redraws two rows (ui.draw.menu)

    def prefetch(self):
        """The setup screen's module, imported while the menu's refresh runs: OK on a game
        then imports only that game's package and option rows."""
        self.shell.setup_class()

    def handle(self, key):
        if key in (keys.UP, keys.LEFT):
            self.cursor = (self.cursor - 1) % len(self.items)
        elif key in (keys.DOWN, keys.RIGHT):
            self.cursor = (self.cursor + 1) % len(self.items)
        elif key == keys.OK:
            choice = self.items[self.cursor][0]
            if choice == "help":
                lines = [self.key_text(line) for line in _HELP_LINES]
                lines.insert(1, _SETUP_HELP[0 if getattr(self.shell, "up_down", True) else 1])
                return MessageScreen(self.shell, "Buttons", lines, self)
            return self.shell.setup_screen(choice)
        return None

    def draw(self, fb, width, height):
        names = [name for _id, name in self.items]
        draw.menu(fb, width, height, "DiceTable", names, self.cursor, self.footer, self.sections)


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
    """The final scores, then (arrows) one page per seat with its whole breakdown."""

    def __init__(self, shell, session):
        super().__init__(shell)
        self.session = session
        self.sheet = sheet_module(session.module.GAME_ID)
        self.page = 0  # 0: every seat's card; n: seat n's breakdown, in standings order
        self._standings = None

    def standings(self):
        if self._standings is None:
            view = getattr(self.sheet, "results_view", standings)
            self._standings = view(self.session.state)
        return self._standings

    def handle(self, key):
        if key in (keys.OK, keys.BACK):
            return MenuScreen(self.shell)
        pages = 1 + len(self.standings())
        if key in (keys.DOWN, keys.RIGHT):
            self.page = (self.page + 1) % pages
        elif key in (keys.UP, keys.LEFT):
            self.page = (self.page - 1) % pages
        return None

    def draw(self, fb, width, height):
        state = self.session.state
        message = getattr(self.sheet, "results_message", None)
        lines = message(state) if message is not None else None
        if lines:
            draw.message(fb, width, height, "Game over", lines, "OK: menu")
            return
        standings = self.standings()
        if self.page == 0:
            draw.results(fb, width, height, "Final scores", standings, "OK: menu  >: details")
            return
        name, total, items, _winner = standings[self.page - 1]
        heading = "%s: %d" % (name, total)
        draw.breakdown(fb, width, height, heading, items, "OK: menu  >: next")


class PauseScreen(Screen):
    """BACK during a game: resume, or end the game (its save is removed), which asks first:
    a game is hours of pencil work, and one OK too many must not throw it away."""

    _ITEMS = ("Resume", "End this game")
    _CONFIRM = ("No, keep playing", "Yes, end it")

    def __init__(self, shell, play):
        super().__init__(shell)
        self.play = play
        self.cursor = 0
        self.confirming = False

    def handle(self, key):
        if key in (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT):
            self.cursor = 1 - self.cursor
        elif key == keys.BACK:
            return self.play
        elif key == keys.OK:
            if self.cursor == 0:
                return self.play
            if not self.confirming:
                self.confirming = True
                self.cursor = 0  # "No" first: ending takes a second, deliberate choice
                return None
            clear_save(self.shell)
            return MenuScreen(self.shell)
        return None

    def draw(self, fb, width, height):
        if self.confirming:
            items = list(self._CONFIRM)
            draw.menu(
                fb, width, height, "End this game?", items, self.cursor, "It cannot be undone"
            )
            return
        draw.menu(fb, width, height, "Paused", list(self._ITEMS), self.cursor, "Game is saved")
