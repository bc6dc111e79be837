"""The setup screen: a game's players, bots and options, then "Start game" and "How to play".

PURE, like ui.screens. A module of its own because only the way into a game needs it: the app
drops it once a game is on show (app.App, `_forget_setup`) and the menu imports it again, so
it is not held while a game is played (issue 14, heap).
"""

from dicetable.core.errors import IllegalAction
from dicetable.games import load, load_start, others_loaded, part, title
from dicetable.ui import draw, keys
from dicetable.ui.screen_base import Screen
from dicetable.ui.sections import Sections
from dicetable.ui.screens import MenuScreen


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
        self.sections = Sections()  # a cursor move redraws two rows (ui.draw.options)
        self.prefetched = False

    def prefetch(self):
        """The game's start parts (its START_PARTS), imported while the screen's first refresh
        runs: a change of a value then finds the rules loaded (importing them took that press
        140-180 ms on an RP2040), and the start finds its screen, sheet and bot, and the free
        flash counted for its first save (Store.count_free). Not for a game that starts in a
        fresh interpreter (ui.shell), whose imports here would be thrown away. What fails here
        (a heap too full for the imports) is left to the press that needs it (App)."""
        if self.prefetched:
            return
        self.prefetched = True
        if getattr(self.shell, "fresh_start", False) and others_loaded(self.game_id):
            return
        self.shell.store.count_free()  # the start saves the game's first line
        load_start(self.game_id)
        prepare = getattr(self.game, "prepare", None)  # a game's own work ahead
        if prepare is not None:
            prepare(self.shell.width, self.shell.height)

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

                return HowToScreen(self.shell, self.game_id, self, self.chosen_options())
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
        draw.options(
            fb, width, height, title(self.game_id), rows, self.cursor, footer, self.sections
        )
