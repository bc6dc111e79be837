"""The teacher's locked screens: the PIN typed with the buttons, the wait after wrong PINs, the
teacher's menu and the confirmations before clearing the high scores or the results log.

PURE. Smallest button set, as the class-code screen (ui.wheel_entry): the arrows (PREV/NEXT)
change the digit under the cursor, OK moves on, BACK moves back (and on the first digit
leaves). Digits already typed show as "*". From the fifth place on a place starts blank, and OK
on a blank place ends the PIN, so 4, 5 and 6 digits all work. The PIN lives only in these
screens while it is typed: kiosk.teacher_lock stores a salted hash and counts wrong entries
before checking one.
"""

from micropython import const

from dicetable.core.errors import IllegalAction
from dicetable.kiosk.teacher_lock import FREE_TRIES, PIN_MAX, PIN_MIN, Locked
from dicetable.ui import draw, keys
from dicetable.ui.screens import MenuScreen, MessageScreen
from dicetable.ui.screen_base import Screen, find_session
from dicetable.ui.wheel_entry import WheelEntryScreen

_PLACES = " 0123456789"  # index 0: blank (ends the PIN)
_ZERO = const(1)
_SALT_BYTES = const(16)
_WAIT_STEP_MS = const(10_000)  # the wait is shown in steps of 10 s: few e-ink refreshes


def wait_words(wait_ms):
    """ "2 min 30 s" for a wait, rounded up to the shown step."""
    seconds = (wait_ms + _WAIT_STEP_MS - 1) // _WAIT_STEP_MS * _WAIT_STEP_MS // 1000
    if seconds < 60:
        return "%d s" % seconds
    if seconds % 60:
        return "%d min %d s" % (seconds // 60, seconds % 60)
    return "%d min" % (seconds // 60)


class PinScreen(WheelEntryScreen):
    """`done(pin)` gets the digits typed and returns the next screen; BACK on the first
    place returns `back`."""

    lock = True  # the teacher chord does nothing here
    alphabet = _PLACES

    def __init__(self, shell, heading, lines, done, back):
        super().__init__(shell, [_ZERO], done, back)
        self.heading = heading
        self.lines = list(lines)
        self.note = ""

    def pin(self):
        """The digits up to the cursor (a blank under the cursor ends them)."""
        digits = ""
        for index in range(self.cursor + 1):
            if self.places[index]:
                digits += _PLACES[self.places[index]]
        return digits

    def turn(self, step):
        super().turn(step)
        self.note = ""

    def confirm(self):
        blank = self.places[self.cursor] == 0
        if blank and self.cursor < PIN_MIN:
            self.note = "A PIN has %d to %d digits" % (PIN_MIN, PIN_MAX)
        elif blank or self.cursor == PIN_MAX - 1:
            return self.done(self.pin())
        else:
            self.cursor += 1
            if self.cursor == len(self.places):
                self.places.append(_ZERO if self.cursor < PIN_MIN else 0)
        return None

    def place_text(self, index, mark):
        """Digits typed show as "*"; places after the cursor (after a BACK) not at all."""
        return " * " if index < self.cursor else ""

    def draw(self, fb, width, height):
        lines = self.lines + ["", self.shown()]
        footer = self.note or self.key_text(
            "Arrows: digit  OK: next (on a blank: done)  BACK: back"
        )
        draw.message(fb, width, height, self.heading, lines, footer)


class LockedScreen(Screen):
    """Shown while wrong PINs make the lock wait; the PIN screen follows by itself."""

    lock = True

    def __init__(self, shell, kiosk, after):
        super().__init__(shell)
        self.kiosk = kiosk
        self.after = after
        self.words = wait_words(kiosk.lock.wait_ms(kiosk.now))

    def advance(self, now_ms):
        wait = self.kiosk.lock.wait_ms(now_ms)
        if wait == 0:
            return open_lock(self.shell, self.kiosk, self.after)
        words = wait_words(wait)
        if words != self.words:
            self.words = words
            return True
        return None

    def due_ms(self, now_ms):
        wait = self.kiosk.lock.wait_ms(now_ms)
        return min(wait, (wait - 1) % _WAIT_STEP_MS + 1) if wait else 0

    def handle(self, key):
        return self.after if key in (keys.OK, keys.BACK) else None

    def draw(self, fb, width, height):
        lines = [
            "Too many wrong PINs.",
            "Try again in %s." % self.words,
            "Each wrong PIN makes the next wait longer.",
        ]
        draw.message(fb, width, height, "Teacher lock", lines, self.key_text("OK / BACK: leave"))


def open_lock(shell, kiosk, after):
    """The screen the teacher chord leads to: the teacher's menu when the lock is open, the
    PIN (or a new PIN on first use), or the wait. `after`: where leaving goes back to."""
    lock = kiosk.lock
    now = kiosk.now
    if lock.problem:
        lines = [lock.problem, "Remove data/lock.dat and lock.dat.2 over USB, then set a new PIN."]
        return MessageScreen(shell, "Teacher lock", lines, after)
    if lock.is_open(now):
        return TeacherMenuScreen(shell, kiosk, after)
    if not lock.has_pin():
        return new_pin(
            shell, kiosk, after, "Choose a teacher PIN: %d to %d digits." % (PIN_MIN, PIN_MAX)
        )
    if lock.wait_ms(now):
        return LockedScreen(shell, kiosk, after)
    return _ask_pin(shell, kiosk, after, "For the teacher: the PIN opens the kiosk settings.")


def _ask_pin(shell, kiosk, after, line):
    def check(pin):
        lock = kiosk.lock
        if lock.unlock(pin, kiosk.now):
            return TeacherMenuScreen(shell, kiosk, after)
        if lock.error:
            return MessageScreen(shell, "Teacher lock", [lock.error], after)
        if lock.wait_ms(kiosk.now):
            return LockedScreen(shell, kiosk, after)
        left = FREE_TRIES - lock.failures()
        return _ask_pin(shell, kiosk, after, "Wrong PIN: %d more before a wait." % left)

    return PinScreen(shell, "Teacher PIN", [line], check, after)


def new_pin(shell, kiosk, back, line):
    """Type a new PIN twice; then the teacher's menu (lock open), with `back` behind it."""

    def first(pin):
        def second(again):
            if again != pin:
                return new_pin(shell, kiosk, back, "The two PINs were not the same. Again:")
            return _set(shell, kiosk, back, pin)

        return PinScreen(shell, "New teacher PIN", ["Type the same PIN again."], second, back)

    return PinScreen(shell, "New teacher PIN", [line], first, back)


def _set(shell, kiosk, back, pin):
    lock = kiosk.lock
    if kiosk.entropy is None:
        return MessageScreen(shell, "Teacher lock", ["No random source for the PIN."], back)
    try:
        saved = lock.set_pin(pin, kiosk.entropy(_SALT_BYTES), kiosk.now)
    except Locked:
        return open_lock(shell, kiosk, back)
    except IllegalAction as exc:
        return new_pin(shell, kiosk, back, exc.reason)
    if not saved:
        return MessageScreen(shell, "Teacher lock", [lock.error], back)
    # A changed PIN goes back to the menu it was changed from; a first one opens the menu.
    menu = back if isinstance(back, TeacherMenuScreen) else TeacherMenuScreen(shell, kiosk, back)
    menu.note = "PIN saved"
    return menu


class TeacherMenuScreen(Screen):
    """The teacher's menu, open while the lock is: it shuts 5 minutes after the last button
    (kiosk.teacher_lock.OPEN_MS) and the kiosk then leaves these screens."""

    teacher = True

    def __init__(self, shell, kiosk, after):
        super().__init__(shell)
        self.kiosk = kiosk
        self.after = after
        self.cursor = 0
        self.note = ""

    def items(self):
        kiosk = self.kiosk
        try:
            logged = "%d games%s" % (
                kiosk.log.count(),
                ", nearly full" if kiosk.log.nearly_full() else "",
            )
        except OSError:
            logged = "unreadable"
        return (
            ("mode", "Kiosk mode: %s" % ("On" if kiosk.enabled else "Off")),
            ("settings", "Kiosk settings"),
            ("scores", "Clear the high scores"),
            ("results", "Clear the results log (%s)" % logged),
            ("pin", "Change the PIN"),
            ("leave", "Lock and leave"),
        )

    def _leave(self):
        self.kiosk.lock.lock()
        # Back into a game the chord interrupted; otherwise a fresh menu (the kiosk's own).
        return self.after if find_session(self.after) is not None else MenuScreen(self.shell)

    def _toggle(self):
        kiosk = self.kiosk
        try:
            kiosk.settings.change({"enabled": not kiosk.enabled}, kiosk.now)
        except Locked:
            return open_lock(self.shell, kiosk, self.after)
        except IllegalAction as exc:
            self.note = exc.reason
            return None
        self.note = kiosk.settings.error
        return None

    def handle(self, key):
        items = self.items()
        if key in (keys.UP, keys.LEFT):
            self.cursor = (self.cursor - 1) % len(items)
        elif key in (keys.DOWN, keys.RIGHT):
            self.cursor = (self.cursor + 1) % len(items)
        elif key == keys.BACK:
            return self._leave()
        elif key == keys.OK:
            self.note = ""
            choice = items[self.cursor][0]
            if choice == "mode":
                return self._toggle()
            if choice == "settings":
                return self.kiosk.settings_screen(self.shell, self)
            if choice in ("scores", "results"):
                return ClearScreen(self.shell, self.kiosk, choice, self)
            if choice == "pin":
                return new_pin(self.shell, self.kiosk, self, "Choose the new PIN.")
            return self._leave()
        return None

    def draw(self, fb, width, height):
        names = [name for _id, name in self.items()]
        footer = self.note or self.kiosk.notice or "Locks itself 5 min after the last button"
        draw.menu(fb, width, height, "Teacher", names, self.cursor, footer)


class ClearScreen(Screen):
    """Confirm before clearing the high scores ("scores") or the results log ("results")."""

    teacher = True
    _ITEMS = ("No, keep them", "Yes, clear them")

    def __init__(self, shell, kiosk, what, after):
        super().__init__(shell)
        self.kiosk = kiosk
        self.what = what
        self.after = after
        self.cursor = 0  # on "keep": a stray OK clears nothing

    def _clear(self):
        kiosk = self.kiosk
        try:
            kiosk.lock.require(kiosk.now)
        except Locked:
            return open_lock(self.shell, kiosk, self.after)
        if self.what == "scores":
            done, error = kiosk.scores.clear(), kiosk.scores.error
            words = "Every high-score table is empty."
        else:
            done, error = kiosk.log.clear(), kiosk.log.error
            words = "The results log is empty; game numbers go on."
        if not done:
            return MessageScreen(self.shell, "Not cleared", [error], self.after)
        if self.what == "results":
            kiosk.notice = ""  # what it said about the log is old news
        return MessageScreen(self.shell, "Cleared", [words], self.after)

    def handle(self, key):
        if key in (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT):
            self.cursor = 1 - self.cursor
        elif key == keys.BACK:
            return self.after
        elif key == keys.OK:
            return self._clear() if self.cursor == 1 else self.after
        return None

    def draw(self, fb, width, height):
        if self.what == "scores":
            heading, footer = "Clear the high scores?", "Every table, every game"
        else:
            heading, footer = "Clear the results log?", "Collect the results first"
        draw.menu(fb, width, height, heading, list(self._ITEMS), self.cursor, footer)
