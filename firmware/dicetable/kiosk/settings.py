"""Kiosk settings: a small validated dict in kiosk.dat, changed only with the teacher lock open.

    enabled        kiosk mode on (attract loop, idle reset, teacher-locked settings)
    games          game ids offered, in menu order (at least one)
    maps           Trek 12 maps offered; levels: Cybo levels offered
    min_players    1..6, and max_players >= min_players (each game keeps its own limits too)
    idle_s         seconds without input before an abandoned game is reset (IDLE_MIN..IDLE_MAX)
    brightness     LED brightness in percent (BRIGHTNESS_MIN..100), see `led_level`
    code           the class code set by the teacher, "" for none (1-8 letters or digits)
    student_code   whether players may type their own class code

Which games, maps and levels exist is the games layer's knowledge, so the caller passes them
in as `choices` {"games": [...], "maps": [...], "levels": [...]} (docs/kiosk.md has the call);
by default everything is offered. The file is one sealed line replaced atomically, with a
copy (results_log.write_document), so a power cut leaves the old settings or the new ones and
one damaged copy loses nothing. A value that no longer validates (a map taken out of the
firmware) falls back to its default alone. When neither copy can be read, the settings fail
safe: kiosk mode on with the default limits (`problem` says why, on the kiosk's menu) until
the teacher saves settings again; a device that never had settings has kiosk mode off.

PURE: files only through the injected store, the lock through kiosk.teacher_lock.
"""

from micropython import const

from dicetable.core.errors import IllegalAction
from dicetable.kiosk.results_log import DocumentError, read_document, write_document

FILE = "kiosk.dat"
FORMAT_TAG = "DTK1"
PLAYERS_MIN = const(1)
PLAYERS_MAX = const(6)
IDLE_MIN = const(30)
IDLE_MAX = const(3600)
BRIGHTNESS_MIN = const(5)
_CODE_LENGTH = const(8)  # as games.seats accepts
_FULL = const(255)  # the LED driver's top brightness level

# Defaults of the plain values; games, maps and levels default to every choice.
_DEFAULTS = {
    "enabled": False,
    "min_players": 1,
    "max_players": 4,
    "idle_s": 180,
    "brightness": 40,
    "code": "",
    "student_code": True,
}
_LISTS = ("games", "maps", "levels")


def led_level(settings):
    """The LED driver's brightness level (0-255) for the brightness setting."""
    return settings["brightness"] * _FULL // 100


def defaults(choices):
    values = {}
    for key in _DEFAULTS:
        values[key] = _DEFAULTS[key]
    for key in _LISTS:
        values[key] = list(choices[key])
    return values


def _check_flag(key, value, choices):
    if value is not True and value is not False:
        raise IllegalAction("%s must be on or off" % key)
    return value


def _check_list(key, value, choices):
    if not isinstance(value, (list, tuple)) or not value:
        raise IllegalAction("offer at least one of %s" % key)
    for item in value:
        if item not in choices[key]:
            raise IllegalAction("%r is not one of the %s" % (item, key))
    # Kept in the order of the choices (the menu's), each once.
    return [item for item in choices[key] if item in value]


def _check_int(low, high):
    def check(key, value, choices):
        if type(value) is not int or not low <= value <= high:
            raise IllegalAction("%s must be %d to %d" % (key, low, high))
        return value

    return check


def _check_code(key, value, choices):
    if not isinstance(value, str) or len(value) > _CODE_LENGTH:
        raise IllegalAction("a class code is 1 to %d letters or digits" % _CODE_LENGTH)
    value = value.upper()
    for char in value:
        if not ("A" <= char <= "Z" or "0" <= char <= "9"):
            raise IllegalAction("a class code is 1 to %d letters or digits" % _CODE_LENGTH)
    return value


_CHECKS = {
    "enabled": _check_flag,
    "games": _check_list,
    "maps": _check_list,
    "levels": _check_list,
    "min_players": _check_int(PLAYERS_MIN, PLAYERS_MAX),
    "max_players": _check_int(PLAYERS_MIN, PLAYERS_MAX),
    "idle_s": _check_int(IDLE_MIN, IDLE_MAX),
    "brightness": _check_int(BRIGHTNESS_MIN, 100),
    "code": _check_code,
    "student_code": _check_flag,
}


def validate(values, choices):
    """A complete, clean copy of `values`; IllegalAction names the first bad one."""
    clean = {}
    for key in values:
        check = _CHECKS.get(key)
        if check is None:
            raise IllegalAction("unknown kiosk setting %r" % (key,))
        clean[key] = check(key, values[key], choices)
    for key in _CHECKS:
        if key not in clean:
            raise IllegalAction("the kiosk setting %r is missing" % key)
    if clean["min_players"] > clean["max_players"]:
        raise IllegalAction("min_players cannot be above max_players")
    return clean


class KioskSettings:
    """The settings on flash; `change` needs `lock` open (kiosk.teacher_lock.TeacherLock)."""

    def __init__(self, store, lock, choices):
        self.store = store
        self.lock = lock
        self.choices = choices
        self.problem = ""  # why kiosk.dat could not be read, if it could not
        self.error = ""  # why the last save failed
        self._values = self._load()

    def _load(self):
        values = defaults(self.choices)
        try:
            stored = read_document(self.store, FILE, FORMAT_TAG)
        except (OSError, DocumentError) as exc:
            # Both copies are gone: fail safe, as a classroom device must. Kiosk mode stays
            # on (with the default limits) until the teacher saves settings again.
            self.problem = "kiosk settings could not be read (%s): kiosk mode stays on" % (exc,)
            values["enabled"] = True
            return values
        if not isinstance(stored, dict):
            return values
        for key in stored:
            if key in _CHECKS:
                try:
                    values[key] = _CHECKS[key](key, stored[key], self.choices)
                except IllegalAction:
                    pass  # this one value falls back to its default
        if values["min_players"] > values["max_players"]:
            values["min_players"] = values["max_players"]
        return values

    def get(self, key):
        return self._values[key]

    def values(self):
        """A copy of every setting."""
        copy = {}
        for key in self._values:
            value = self._values[key]
            copy[key] = list(value) if isinstance(value, list) else value
        return copy

    def change(self, changes, now_ms):
        """Apply {key: value, ...} all together or not at all. Locked (an IllegalAction) when
        the teacher lock is shut, IllegalAction for a bad value; False (with `error`) if the
        flash refused, the settings then stay as they were."""
        self.lock.require(now_ms)
        merged = self.values()
        for key in changes:
            merged[key] = changes[key]
        clean = validate(merged, self.choices)
        try:
            write_document(self.store, FILE, FORMAT_TAG, clean)
        except OSError as exc:
            self.error = "kiosk settings not saved: %s" % (exc,)
            return False
        self.error = ""
        self.problem = ""  # the teacher saved them: what was damaged is replaced
        self._values = clean
        return True

    def reset(self, now_ms):
        """Every setting back to its default (kiosk mode off); needs the lock open."""
        return self.change(defaults(self.choices), now_ms)
