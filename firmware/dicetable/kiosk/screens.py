"""The kiosk's player-facing screens and the teacher's settings list.

PURE. In kiosk mode the menu offers only the teacher's games (and "How to play"), a game's
setup only the maps, levels and player counts on offer with the teacher's class code, and a
finished game asks each person whose score makes the table for initials (kiosk.initials). The
settings screen is a list like the setup screen; nothing is saved before its last row, and
then only with the teacher lock open (kiosk.settings checks it).
"""

from micropython import const

from dicetable.core.errors import IllegalAction
from dicetable.games import title
from dicetable.ui import draw, keys
from dicetable.kiosk.initials import InitialsScreen
from dicetable.ui.screens import MenuScreen
from dicetable.ui.screen_base import Screen

IDLE_CHOICES = (30, 60, 120, 180, 300, 600, 900, 1800, 3600)  # seconds
BRIGHTNESS_CHOICES = (5, 10, 20, 30, 40, 50, 60, 80, 100)  # percent
PLAYER_CHOICES = (1, 2, 3, 4, 5, 6)
# Setup options the settings limit: option key -> the settings list of allowed values.
_LIMITED = (("map", "maps"), ("level", "levels"))
# Kinds of settings rows.
_FLAG = const(0)
_MEMBER = const(1)
_NUMBER = const(2)
_CODE = const(3)


def table_title(key):
    """ "Trek 12 - Dunai", "Cybo - Master", "Gang of Dice" for a high-score table key."""
    parts = key.split("/")
    name = title(parts[0])
    if len(parts) < 2:
        return name
    detail = parts[1]
    if parts[0] == "trek12":
        from dicetable.games.trek12.maps import MAPS

        detail = dict(MAPS).get(detail, detail)
    elif parts[0] == "cybo":
        from dicetable.games.cybo import data as cybo_data

        detail = cybo_data.LEVEL_TITLES.get(detail, detail)
    elif parts[0] == "dicetrip":
        detail = "chains"
    return name + " - " + detail


# --- the menu and the setup ---------------------------------------------------------------
class KioskMenuScreen(MenuScreen):
    """The main menu with the teacher's games only, and "How to play"."""

    limited = True

    def __init__(self, shell, kiosk):
        super().__init__(shell)
        self.games = kiosk.settings.get("games")
        if kiosk.settings.problem:  # on the panel for all to see, until the teacher saves
            self.footer = "Settings damaged: kiosk defaults on"
            kiosk.notice = kiosk.settings.problem
        items = [item for item in self.items if item[0] in self.games]
        items.append(("howto", "How to play"))
        items.extend([item for item in self.items if item[0] == "help"])
        self.items = items

    def handle(self, key):
        if key == keys.OK and self.items[self.cursor][0] == "howto":
            from dicetable.ui.howto import HowToMenuScreen

            return HowToMenuScreen(self.shell, self.games, self)
        return MenuScreen.handle(self, key)


def _nearest(values, low, high):
    """The values within low..high; else the game's own limit nearest to that range."""
    kept = tuple([value for value in values if low <= value <= high])
    if kept:
        return kept
    return (values[0],) if values[0] > high else (values[-1],)


def limit_setup(screen, settings):
    """Narrow a SetupScreen to what the kiosk offers (once): player counts, maps, levels, and
    the teacher's class code (its row goes when players may not set their own)."""
    if getattr(screen, "limited", False):
        return
    screen.limited = True
    options = []
    for key, label, values, titles in screen.options:
        if key == "players":
            values = _nearest(values, settings.get("min_players"), settings.get("max_players"))
        elif key == "code":
            screen.values[key] = settings.get("code")
            if not settings.get("student_code"):
                continue  # the teacher's code (or none) is the only one
        for option, allowed in _LIMITED:
            if key == option:
                offered = settings.get(allowed)
                values = tuple([value for value in values if value in offered]) or values
        if values is not None and screen.values[key] not in values:
            screen.values[key] = values[0]
        options.append((key, label, values, titles))
    screen.options = tuple(options)
    screen.cursor = len(options)  # on "Start game", as the setup screen starts


# --- high scores --------------------------------------------------------------------------
def high_score_entry(shell, kiosk, session, results):
    """The first initials screen of a finished game (people only, best score first), or
    `results` when nobody's score makes the table."""
    from dicetable.kiosk.high_scores import table_key  # loaded when a game ends, not for menus

    key = table_key(session.module.GAME_ID, session.params)
    if key is None:
        return results
    totals = session.state.scores()
    seats = [seat for seat in range(len(totals)) if not session.is_bot(seat)]
    seats.sort(key=lambda seat: (-totals[seat], seat))  # explicit: sort is not stable on MP
    return _next_entry(shell, kiosk, session, key, seats, results)


def _next_entry(shell, kiosk, session, key, seats, results):
    totals = session.state.scores()
    for index in range(len(seats)):
        # Checked one at a time: an entry just made may push the next score off the table.
        if kiosk.scores.qualifies(key, totals[seats[index]]):
            return _EntryScreen(shell, kiosk, session, key, seats[index:], results)
    return results


class _EntryScreen(InitialsScreen):
    """Initials for seats[0]; BACK on the first letter skips this entry."""

    def __init__(self, shell, kiosk, session, key, seats, results):
        state = session.state
        self.kiosk = kiosk
        self._game = session  # not `session`: a finished game is nothing to reset when idle
        self.key = key
        self.seats = seats
        self.results = results
        self.score = state.scores()[seats[0]]
        place = 1
        for _initials, score in kiosk.scores.table(key):
            if score >= self.score:
                place += 1
        lines = [
            "%s: %d points" % (state.seat_name(seats[0]), self.score),
            "Place %d in %s. Type your initials." % (place, table_title(key)),
        ]
        super().__init__(shell, "New high score!", lines, self._done, results, kiosk.initials)

    def _rest(self):
        return _next_entry(
            self.shell, self.kiosk, self._game, self.key, self.seats[1:], self.results
        )

    def _done(self, initials):
        scores = self.kiosk.scores
        self.kiosk.initials = initials
        scores.insert(self.key, initials, self.score)
        if scores.error:
            self.kiosk.notice = scores.error
        return self._rest()

    def handle(self, key):
        if key == keys.BACK and self.cursor == 0:
            return self._rest()
        return InitialsScreen.handle(self, key)


# --- the teacher's settings ---------------------------------------------------------------
def _duration(seconds):
    if seconds < 60:
        return "%d s" % seconds
    if seconds < 3600:
        return "%d min" % (seconds // 60)
    return "%d h" % (seconds // 3600)


class SettingsScreen(Screen):
    """Every kiosk setting as a row; OK changes the one under the cursor, the last row saves
    them all at once (with the lock open), BACK leaves without saving."""

    teacher = True

    def __init__(self, shell, kiosk, back):
        super().__init__(shell)
        self.kiosk = kiosk
        self.back = back
        self.values = kiosk.settings.values()
        self.choices = kiosk.settings.choices
        self.rows = self._rows()
        self.cursor = 0
        self.error = ""

    def _rows(self):
        from dicetable.games.cybo import data as cybo_data
        from dicetable.games.trek12.maps import MAPS

        choices = self.choices
        rows = [("enabled", "Kiosk mode", _FLAG, None)]
        for game_id in choices["games"]:
            rows.append(("games", title(game_id), _MEMBER, game_id))
        maps = dict(MAPS)
        for map_id in choices["maps"]:
            rows.append(("maps", "Trek 12 " + maps.get(map_id, map_id), _MEMBER, map_id))
        for level in choices["levels"]:
            name = cybo_data.LEVEL_TITLES.get(level, level)
            rows.append(("levels", "Cybo " + name, _MEMBER, level))
        rows.append(("min_players", "Fewest players", _NUMBER, PLAYER_CHOICES))
        rows.append(("max_players", "Most players", _NUMBER, PLAYER_CHOICES))
        rows.append(("idle_s", "Reset an idle game", _NUMBER, IDLE_CHOICES))
        rows.append(("brightness", "LED brightness", _NUMBER, BRIGHTNESS_CHOICES))
        rows.append(("code", "Class code", _CODE, None))
        rows.append(("student_code", "Players set a code", _FLAG, None))
        return rows

    def value_text(self, row):
        key, _label, kind, detail = row
        value = self.values[key]
        if kind == _FLAG:
            return "On" if value else "Off"
        if kind == _MEMBER:
            return "Offered" if detail in value else "Hidden"
        if kind == _CODE:
            return value or "none"
        if key == "idle_s":
            return _duration(value)
        if key == "brightness":
            return "%d%%" % value
        return str(value)

    def _change(self, row):
        key, _label, kind, detail = row
        value = self.values[key]
        if kind == _FLAG:
            self.values[key] = not value
        elif kind == _MEMBER:
            # Kept in menu order, as the settings store them.
            wanted = [item for item in value if item != detail]
            if detail not in value:
                wanted.append(detail)
            self.values[key] = [item for item in self.choices[key] if item in wanted]
        elif kind == _NUMBER:
            bigger = [choice for choice in detail if choice > value]
            self.values[key] = bigger[0] if bigger else detail[0]
        else:
            from dicetable.ui.code_entry import CodeEntryScreen

            def done(code):
                self.values[key] = code
                return self

            return CodeEntryScreen(self.shell, value, done, self)
        self.error = ""
        return None

    def _save(self):
        from dicetable.kiosk.teacher_lock import Locked  # the settings screen is the teacher's

        kiosk = self.kiosk
        try:
            saved = kiosk.settings.change(self.values, kiosk.now)
        except Locked:
            return kiosk.lock_screen(self.shell, self.back)
        except IllegalAction as exc:
            self.error = exc.reason
            return None
        if not saved:
            self.error = kiosk.settings.error
            return None
        self.back.note = "Settings saved"
        return self.back

    def handle(self, key):
        rows = len(self.rows) + 1  # the settings, then "Save"
        if key in (keys.UP, keys.LEFT):
            self.cursor = (self.cursor - 1) % rows
        elif key in (keys.DOWN, keys.RIGHT):
            self.cursor = (self.cursor + 1) % rows
        elif key == keys.BACK:
            return self.back
        elif key == keys.OK:
            if self.cursor == len(self.rows):
                return self._save()
            return self._change(self.rows[self.cursor])
        return None

    def draw(self, fb, width, height):
        rows = [(row[1], self.value_text(row)) for row in self.rows]
        rows.append(("Save settings", ""))
        footer = self.error or self.key_text("OK: change / save  BACK: leave unsaved")
        draw.options(fb, width, height, "Kiosk settings", rows, self.cursor, footer)
