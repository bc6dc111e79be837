"""The kiosk as the app holds it: a stand-in that keeps kiosk.controller out of RAM while
kiosk mode is off, and the KioskShell that passes every screen through it.

With kiosk mode off the kiosk only watches for the teacher chord and notes which game is on
show (a game started before the teacher switches kiosk mode on is recorded with its start
time). That much is here. The controller (kiosk.controller.Kiosk, about 7 KB of heap with its
names) is loaded when kiosk mode may be on: at start when a teacher ever saved settings, and at
the teacher chord; and anything else asked of the stand-in (`settings`, `lock`, `idle_ms()`...)
loads it. It is let go again when it finds kiosk mode off and was never unlocked in this
power-on (`Kiosk.resting`): a device whose settings say "off" holds it only until its first
tick. Whichever of the two is in charge holds the state in `_CARRIED`; it moves across when the
other takes over, so both behave as one kiosk.

PURE, like the controller: time arrives as ticks; files only through the injected store.
"""

from dicetable.core.modules import forget_modules
from dicetable.ui import keys
from dicetable.ui.screen_base import find_session
from dicetable.ui.screens import MenuScreen
from dicetable.ui.shell import Shell

_CONTROLLER = "dicetable.kiosk.controller"
_SETTINGS_FILE = "kiosk.dat"  # kiosk.settings.FILE
_COPY_SUFFIX = ".2"  # kiosk.results_log.COPY_SUFFIX
_FULL = 255  # the LED level with kiosk mode off (the board's cap still applies)
# The Kiosk's state that outlives a handover (kiosk.controller.Kiosk.__init__ has them all).
_CARRIED = (
    "now",
    "last_input",
    "_back_held",
    "_session",
    "_started",
    "_recorded",
    "_offered",
    "notice",
    "initials",
    "replays",
    "device",
    "words",
    "buttons",
)


def for_board(board, store, clock, unique, entropy=None):
    """The kiosk for a board, or None when its file says "kiosk": False (a board too short of
    memory for the classroom features). `unique`: machine.unique_id(); `entropy(n)`: n random
    bytes (os.urandom), for the PIN's salt."""
    if not board.get("kiosk", True):
        return None
    return Standby(store, clock, unique, clock.ticks_ms(), entropy, board["buttons"])


class _EndingStore:
    """The journal store as a KioskShell sees it: a game is recorded before its save goes."""

    def __init__(self, store, shell):
        self._store = store
        self._shell = shell

    def clear(self):
        self._shell.kiosk.ending(self._shell)
        self._store.clear()

    def __getattr__(self, name):
        return getattr(self._store, name)


class KioskShell(Shell):
    """A Shell whose every new screen passes the kiosk (`Kiosk.shown`) and whose saves are
    cleared only after the kiosk recorded the game (`Kiosk.ending`). `kiosk`: a Standby or a
    kiosk.controller.Kiosk."""

    def __init__(self, width, height, store, seed_source, kiosk, buttons=None):
        self.kiosk = kiosk  # first: resuming a save at start already shows screens
        super().__init__(width, height, _EndingStore(store, self), seed_source, buttons)

    def show(self, screen):
        Shell.show(self, self.kiosk.shown(self, screen))


class Standby:
    """The app's and KioskShell's kiosk (the calls of kiosk.controller.Kiosk they make, same
    answers). `kiosk`: the controller's Kiosk while it is loaded, else None. The arguments are
    Kiosk's: `device` the unique id's bytes, `buttons` the board's buttons entry."""

    def __init__(self, store, clock, device, now_ms, entropy=None, buttons=None):
        self.store = store
        self.clock = clock
        self.entropy = entropy
        self._booted = now_ms  # the lock's wait after a restart counts from here
        self.kiosk = None
        self.now = now_ms
        self.last_input = now_ms
        self._back_held = False
        self._session = None  # the game on screen, and when it was first seen
        self._started = now_ms
        self._recorded = None
        self._offered = None
        self.notice = ""
        self.initials = "AAA"
        self.replays = 0
        self.device = device
        self.words = keys.NAMES
        self.buttons = buttons
        if not self._never_set():
            self.wake()  # the settings may switch kiosk mode on

    def _never_set(self):
        """True when no settings were ever saved, so kiosk mode is off (Kiosk._never_set)."""
        try:
            for name in (_SETTINGS_FILE, _SETTINGS_FILE + _COPY_SUFFIX):
                if self.store.read(name) is not None:
                    return False
            return True
        except OSError:
            return False

    def wake(self):
        """The controller's Kiosk, loaded and put in charge if it is not yet."""
        kiosk = self.kiosk
        if kiosk is None:
            from dicetable.kiosk.controller import Kiosk, kiosk_choices

            kiosk = Kiosk(
                self.store, self.clock, kiosk_choices(), self.device, self._booted, self.entropy
            )
            for name in _CARRIED:
                setattr(kiosk, name, getattr(self, name))
                delattr(self, name)  # read through __getattr__ from the Kiosk from now on
            self.kiosk = kiosk
        return kiosk

    def _rest(self):
        """Let the Kiosk go when it rests (kiosk mode off, no lock opened), and its code."""
        kiosk = self.kiosk
        if kiosk is None or not kiosk.resting():
            return
        for name in _CARRIED:
            setattr(self, name, getattr(kiosk, name))
        self.kiosk = None
        forget_modules((_CONTROLLER,))

    def __getattr__(self, name):
        # Anything the stand-in does not answer itself is the controller's.
        if name == "kiosk":  # while an attribute is being moved across
            raise AttributeError(name)
        return getattr(self.wake(), name)

    @property
    def enabled(self):
        kiosk = self.kiosk
        return kiosk is not None and kiosk.enabled

    # --- the shell's hooks ----------------------------------------------------------------
    def shown(self, shell, screen):
        kiosk = self.kiosk
        if kiosk is not None:
            return kiosk.shown(shell, screen)
        session = find_session(screen)
        if session is not None and session is not self._session:
            self._session = session
            self._started = self.now
        elif session is None and isinstance(screen, MenuScreen):
            self._session = self._recorded = self._offered = None
        return screen

    def ending(self, shell):
        kiosk = self.kiosk
        if kiosk is not None:
            kiosk.ending(shell)
        elif find_session(shell.screen) is self._session:
            self._session = None  # over outside kiosk mode: nothing to record later

    # --- the app's hooks ------------------------------------------------------------------
    def button_event(self, shell, kind, key, now_ms):
        kiosk = self.kiosk
        if kiosk is not None:
            return kiosk.button_event(shell, kind, key, now_ms)
        self.now = now_ms
        self.last_input = now_ms
        if key == keys.BACK:
            if kind == keys.PRESS:
                self._back_held = True
            elif kind == keys.RELEASE:
                self._back_held = False
            return False
        if kind == keys.PRESS and key == keys.OK and self._back_held:
            return self.wake().button_event(shell, kind, key, now_ms)  # the teacher chord
        return False

    def tick(self, shell, now_ms):
        kiosk = self.kiosk
        if kiosk is not None:
            redraw = kiosk.tick(shell, now_ms)
            self._rest()
            return redraw
        self.now = now_ms
        advance = getattr(shell.screen, "advance", None)
        if advance is not None:
            moved = advance(now_ms)
            if moved is True:
                return True
            if moved is not None:
                shell.show(moved)
                return True
        return False

    def due_ms(self, shell, now_ms):
        kiosk = self.kiosk
        if kiosk is not None:
            return kiosk.due_ms(shell, now_ms)
        due = getattr(shell.screen, "due_ms", None)
        return -1 if due is None else due(now_ms)

    def attracting(self, shell):
        return getattr(shell.screen, "attract", False)

    def leds(self, shell, canvas, now_ms):
        if self.kiosk is None and not self.attracting(shell):
            return -1
        return self.wake().leds(shell, canvas, now_ms)

    def brightness(self, shell):
        kiosk = self.kiosk
        return _FULL if kiosk is None else kiosk.brightness(shell)
