"""The screens around the games: menu, setup, messages, pause and results.

PURE, like the shell that switches between them: each screen takes logical keys and returns
the next screen (or None to stay), and draws itself into a frame buffer.
"""

from dicetable.core.errors import IllegalAction
from dicetable.games import GAMES, load, part, title
from dicetable.ui import draw, keys
from dicetable.ui.screen_base import Screen

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
            return SetupScreen(self.shell, choice)
        return None

    def draw(self, fb, width, height):
        names = [name for _id, name in self.items]
        draw.menu(fb, width, height, "DiceTable", names, self.cursor, self.footer)


class SetupScreen(Screen):
    """Players, bots and the game's own options, then "Start game" (where the cursor starts)
    and "How to play" (the game's rules in short pages, ui.howto).

    Where the board has UP and DOWN, they move between the rows and LEFT/RIGHT change the value
    under the cursor, stopping at either end of its list. On 3-button boards PREV/NEXT (LEFT
    and RIGHT) move and OK changes the value, round its list; OK does that on every board.

    Only combinations the game's make_params accepts are offered, and the rows above win: a row
    offers the values that fit the rows above it, and a change moves each row below that no
    longer fits to its nearest value that does (fewer players: no more bots than players).
    A row is checked with the rows down to it; make_params's defaults for the rows below (no
    bots, sheets) fit anything above them.
    """

    def __init__(self, shell, game_id):
        super().__init__(shell)
        self.game_id = game_id
        self.game = load(game_id)  # its make_params (the rules load at the first change)
        rows = part(game_id, "options")
        self.options = rows.OPTIONS
        self.values = {}
        defaults = rows.DEFAULTS
        for key, _label, values, _titles in self.options:
            # values None: typed on a screen of its own (the class code), "" until then.
            self.values[key] = defaults.get(key, values[0] if values else "")
        self.cursor = len(self.options)  # on "Start": the quickest way into a game
        self.error = ""

    def _fits(self, values, row):
        """True when make_params accepts the values of the rows down to `row`."""
        options = {}
        for index in range(row + 1):
            key = self.options[index][0]
            if values[key] != "":
                options[key] = values[key]
        try:
            self.game.make_params(options)
        except IllegalAction:
            return False
        return True

    def _settled(self, row, value):
        """The values with `row` set to `value` and every row below that no longer fits moved
        to its nearest value that does (the lower one on a tie); None when `value` does not
        fit the rows above, or a row below has no value that fits."""
        values = dict(self.values)
        key, _label, choices, _titles = self.options[row]
        values[key] = value
        last = len(self.options) - 1
        if self._fits(values, last):
            return values  # the usual case: one call
        for below in range(row, last + 1):
            if self._fits(values, below):
                continue
            key, _label, choices, _titles = self.options[below]
            if below == row or choices is None:
                return None
            start = choices.index(values[key]) if values[key] in choices else 0
            moved = False
            for distance in range(1, len(choices)):
                for index in (start - distance, start + distance):
                    if not moved and 0 <= index < len(choices):
                        values[key] = choices[index]
                        moved = self._fits(values, below)
            if not moved:
                return None
        return values

    def _change(self, step, wrap):
        """The value under the cursor `step` places on along its list, skipping values that do
        not fit; `wrap`: round the list, else it stays at either end."""
        row = self.cursor
        key, _label, choices, _titles = self.options[row]
        count = len(choices)
        index = choices.index(self.values[key]) if self.values[key] in choices else 0
        for _ in range(count - 1):
            index += step
            if wrap:
                index %= count
            elif not 0 <= index < count:
                break
            values = self._settled(row, choices[index])
            if values is not None:
                self.values = values
                break
        self.error = ""

    def handle(self, key):
        rows = self.row_count()
        on_option = self.cursor < len(self.options)
        if key in (keys.LEFT, keys.RIGHT) and getattr(self.shell, "up_down", True):
            if on_option and self.options[self.cursor][2] is not None:
                self._change(1 if key == keys.RIGHT else -1, False)
        elif key in (keys.UP, keys.LEFT):
            self.cursor = (self.cursor - 1) % rows
        elif key in (keys.DOWN, keys.RIGHT):
            self.cursor = (self.cursor + 1) % rows
        elif key == keys.BACK:
            return MenuScreen(self.shell)
        elif key == keys.OK:
            if on_option:
                if self.options[self.cursor][2] is None:
                    return self._enter_code(self.options[self.cursor][0])
                self._change(1, True)
                return None
            if self.cursor > len(self.options):
                from dicetable.ui.howto import HowToScreen  # loaded only when read

                return HowToScreen(self.shell, self.game_id, self)
            try:
                self.shell.start_game(self.game_id, self.chosen_options())
            except IllegalAction as exc:
                self.error = exc.reason
        return None

    def row_count(self):
        """The options, "Start game" and "How to play"."""
        return len(self.options) + 2

    def _enter_code(self, key):
        from dicetable.ui.code_entry import CodeEntryScreen  # loaded only when used

        def done(code):
            self.values[key] = code
            return self

        return CodeEntryScreen(self.shell, self.values[key], done, self)

    def chosen_options(self):
        options = {}
        for key in self.values:
            if self.values[key] != "":  # a code left blank is no code
                options[key] = self.values[key]
        return options

    def draw(self, fb, width, height):
        rows = []
        for key, label, _values, titles in self.options:
            value = self.values[key]
            if value == "":
                value = "off"
            elif titles:
                value = titles[value]
            rows.append((label, str(value)))
        rows.append(("Start game", ""))
        rows.append(("How to play", ""))
        footer = self.error
        if not footer:
            if getattr(self.shell, "up_down", True):
                footer = self.key_text("< >: change  OK: start  BACK: menu")
            else:
                footer = self.key_text("< >: move  OK: change / start  BACK: menu")
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
