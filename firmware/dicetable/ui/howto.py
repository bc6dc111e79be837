"""How to play: short paged screens per game (the words are each game's howto.py), and a list of
the games to choose from.

PURE. Smallest button set: the arrows (PREV/NEXT) turn the pages, OK turns to the next page
and on the last one goes back to where the player came from; BACK goes back at once.
Reachable from a game's setup (HowToScreen) and offered by the attract loop (HowToMenuScreen).
"""

from dicetable.core.errors import JournalError
from dicetable.games import part, title
from dicetable.ui import draw, keys
from dicetable.ui.screen_base import Screen


def pages(game_id, options=None):
    """The pages of a game (loaded only while someone reads them), or a single page saying
    there are none. `options` are the setup's choices (map, level, settings), None for the
    game's defaults: a game whose howto.py has `pages(options)` words its pages for them (a
    special map's own pages, the house rules in use); one with only `PAGES` shows those."""
    try:
        module = part(game_id, "howto")
    except (JournalError, ImportError):  # an unknown game, or a game without pages
        return (("How to play", ("No how-to pages for this game yet.",)),)
    make = getattr(module, "pages", None)
    return module.PAGES if make is None else make(options or {})


class HowToScreen(Screen):
    """The pages of `game_id` for the setup's `options` (None: the defaults); `after` is the
    screen to go back to."""

    def __init__(self, shell, game_id, after, options=None):
        super().__init__(shell)
        self.game_id = game_id
        self.pages = pages(game_id, options)
        self.after = after
        self.page = 0
        self._shown_page = 0  # the page the panel shows

    def take_natural_break(self):
        """A page turn replaces the whole text: a full refresh, so the last page's words do not
        show through the new one."""
        turned = self.page != self._shown_page
        self._shown_page = self.page
        return turned

    def handle(self, key):
        count = len(self.pages)
        if key == keys.BACK:
            return self.after
        if key == keys.OK:
            if self.page == count - 1:
                return self.after
            self.page += 1
        elif key in (keys.DOWN, keys.RIGHT):
            self.page = min(count - 1, self.page + 1)
        elif key in (keys.UP, keys.LEFT):
            self.page = max(0, self.page - 1)
        return None

    def heading(self):
        return "%s %d/%d: %s" % (
            title(self.game_id),
            self.page + 1,
            len(self.pages),
            self.pages[self.page][0],
        )

    def draw(self, fb, width, height):
        last = self.page == len(self.pages) - 1
        footer = "OK: done  BACK: leave" if last else "OK / >: next page  <: back  BACK: leave"
        lines = [self.key_text(line) for line in self.pages[self.page][1]]
        draw.message(fb, width, height, self.heading(), lines, self.key_text(footer))


class HowToMenuScreen(Screen):
    """A list of `games` (ids) to read about; BACK returns `after`."""

    def __init__(self, shell, games, after):
        super().__init__(shell)
        self.games = list(games)
        self.after = after
        self.cursor = 0

    def handle(self, key):
        if key in (keys.UP, keys.LEFT):
            self.cursor = (self.cursor - 1) % len(self.games)
        elif key in (keys.DOWN, keys.RIGHT):
            self.cursor = (self.cursor + 1) % len(self.games)
        elif key == keys.OK:
            return HowToScreen(self.shell, self.games[self.cursor], self)
        elif key == keys.BACK:
            return self.after
        return None

    def draw(self, fb, width, height):
        names = [title(game_id) for game_id in self.games]
        footer = self.key_text("OK: read  BACK: leave")
        draw.menu(fb, width, height, "How to play", names, self.cursor, footer)
