"""From power-on to the app: boot modes, the failed-start counter, the watchdog's arming and the
crash screen. main.py (the device) and hostsim/device.py (the simulator) take the same steps:

1. `choose_mode(board, held, counter.failed())` from the buttons held at power-on and the
   count of failed starts in a row (a small file on flash):

   | held at power-on / failed starts    | mode   | what runs                                 |
   |-------------------------------------|--------|-------------------------------------------|
   | the board's "boot_hold" button      | REPL   | nothing: the REPL stays free for mpremote |
   | the "boot_safe" button(s)           | SAFE   | the menu, the saved game not resumed      |
   | 0 .. SAFE_AFTER-1 failed starts     | NORMAL | resume or menu; the watchdog is armed     |
   | SAFE_AFTER .. HALT_AFTER-1          | SAFE   | as above                                  |
   | HALT_AFTER or more                  | HALT   | a "could not start" screen, then the REPL |

2. `counter.starting()` counts this start as failed until the app calls `counter.healthy()`
   (when its loop first waits for a person). A start that crashes, hangs (the watchdog resets
   the board) or loses power before that point counts, so a device that fails at start falls
   back to safe mode and then stops: it never crash-loops.
3. `guard(start, parts, ...)` runs the app; an unhandled error shows the crash screen
   (ui/crash.py): a short error code (the same for the same fault), the journal left as it
   is, and the traceback in /data/crash.txt. It waits for any button (feeding the watchdog)
   or CRASH_RESTART_MS, and returns the code; the caller then resets the board, which
   resumes the game.
4. A panel that stops answering (PanelTimeout: BUSY never ends, e.g. its cable is out) is no
   crash: no screen can say anything and a restart would not mend it. `panel_fault` keeps
   the journal, takes the start back from the failed-start count (safe mode cannot help
   either), blinks the LEDs' panel sign (drivers/fault_sign.py) and tries the panel again
   every PANEL_RETRY_MS and on any button, feeding the watchdog; once the panel answers it
   returns the code and the caller resets the board, which resumes the game. Never a loop
   of restarts. While a panel driver awaits BUSY it feeds the watchdog itself
   (`keep_fed`): every wait has its deadline, some longer than the watchdog's.

PURE except `guard` and `halted`, which drive the parts they are given. The fault screens
themselves (crash, panel fault, halted) are in recovery.py, imported only when one is needed.
"""

import gc
import sys

from micropython import const

from dicetable.drivers.panel_bus import PanelTimeout

NORMAL = const(0)
SAFE = const(1)
REPL = const(2)
HALT = const(3)
MODE_NAMES = ("normal", "safe", "repl", "halt")

# Failed starts in a row before safe mode, and before giving up (the REPL stays free).
SAFE_AFTER = const(3)
HALT_AFTER = const(6)
# Out-of-memory crashes of the saved game in a row before safe mode (which does not resume it).
MEMORY_STRIKES = const(2)
# Heap kept free from boot for the crash path, which must work when the heap is exhausted: it
# is released first, and then the game's modules are dropped.
_RESERVE_BYTES = const(2048)
# The watchdog's timeout: the RP2040 allows at most 8388 ms (24-bit counter, 2 ticks per us).
WATCHDOG_MS = const(8000)
# The crash screen restarts the board by itself after this long (an unattended kiosk recovers).
CRASH_RESTART_MS = const(60_000)
# A panel that stopped answering is tried again this often (a reset and up to 0.5 s of BUSY),
# so the game is back soon after its cable is; any button tries at once.
PANEL_RETRY_MS = const(5000)

_COUNTER_FILE = "boots"
_GAME_MODULES = "dicetable.games."
CRASH_FILE = "crash.txt"


# --- boot modes ---------------------------------------------------------------------------------
def boot_buttons(board):
    """(boot_hold names, boot_safe names) of a board file, each a tuple of button names; a
    chord is several names. Raises ValueError for names the board does not have."""
    buttons = board["buttons"]
    chosen = []
    for key in ("boot_hold", "boot_safe"):
        names = buttons.get(key, ())
        if isinstance(names, str):
            names = (names,)
        for name in names:
            if name not in buttons["pins"]:
                raise ValueError("board %r: %s names no button %r" % (board["name"], key, name))
        chosen.append(tuple(names))
    if chosen[0] and chosen[0] == chosen[1]:
        raise ValueError("board %r: boot_hold and boot_safe are the same" % (board["name"],))
    return chosen[0], chosen[1]


def _all_held(names, held):
    if not names:
        return False
    for name in names:
        if name not in held:
            return False
    return True


def choose_mode(board, held, failed, strikes=0):
    """The boot mode for the button names `held` at power-on after `failed` failed starts and
    `strikes` times in a row that the saved game ran out of memory (`take_memory_strikes`)."""
    hold, safe = boot_buttons(board)
    if _all_held(hold, held):
        return REPL
    if _all_held(safe, held):
        return SAFE
    if failed >= HALT_AFTER:
        return HALT
    return SAFE if failed >= SAFE_AFTER or strikes >= MEMORY_STRIKES else NORMAL


def take_memory_strikes(store):
    """The times in a row the saved game ran out of memory. Once there are MEMORY_STRIKES,
    this start goes to safe mode and they are forgotten: restarting (the person's choice, as
    the safe-mode screen says) tries the game once more, so there is never a loop of restarts
    without a person."""
    strikes = store.memory_strikes()
    if strikes >= MEMORY_STRIKES:
        store.forget_memory_strikes()
    return strikes


def banner(mode, failed, cause):
    """The line printed on the serial console at start."""
    return "DiceTable: %s start (reset cause: %s, failed starts before: %d)" % (
        MODE_NAMES[mode],
        cause,
        failed,
    )


def safe_lines(board, failed, last_code, strikes=0):
    """What the safe-mode message says: why, and what became of the saved game."""
    if strikes >= MEMORY_STRIKES and failed < SAFE_AFTER:
        why = "The saved game ran out of memory %d times in a row." % strikes
    elif failed >= SAFE_AFTER:
        why = "The last %d starts failed" % failed
        if last_code:
            why += " (error %s)" % last_code
        why += "."
    else:
        why = "%s was held at power-on." % "+".join(boot_buttons(board)[1])
    return [
        why,
        "The saved game was not resumed; it is kept.",
        "Starting a new game replaces it. Restart to resume it.",
    ]


class StartCounter:
    """Failed starts in a row, in a small file in the store's folder. Flash errors never stop
    a start: a counter that cannot be written counts nothing."""

    def __init__(self, store):
        self._store = store

    def failed(self):
        try:
            data = self._store.read(_COUNTER_FILE)
        except OSError:
            return 0
        if data is None:
            return 0
        try:
            return int(data.decode())
        except ValueError:  # UnicodeError is one too
            return SAFE_AFTER  # unreadable: err on the side of safe mode

    def starting(self):
        """Count this start as failed until `healthy()`; returns the new count."""
        count = self.failed() + 1
        self._write(str(count).encode())
        return count

    def healthy(self):
        self._write(b"0")

    def not_failed(self):
        """Take this start back from the count (not below 0): it failed for want of a panel,
        which neither a restart nor safe mode mends."""
        count = self.failed()
        if count > 0:
            self._write(str(count - 1).encode())

    def _write(self, data):
        try:
            self._store.write_atomic(_COUNTER_FILE, data)
        except OSError:
            pass


def count_failed_start(folder="/data"):
    """Count a start that failed before the app's guard (main.py). True when it was counted:
    the caller may then reset, as the count leads to safe mode and then to the halt screen;
    with the count unwritable a reset would only loop, and the REPL shows the error."""
    try:
        from dicetable.drivers.storage import Store

        counter = StartCounter(Store(folder))
        before = counter.failed()
        return counter.starting() > before and counter.failed() > before
    except Exception:
        return False


def last_crash_code(store):
    """The error code of the last crash report on flash, or ""."""
    try:
        data = store.read(CRASH_FILE)
    except OSError:
        return ""
    if not data:
        return ""
    return data.split(b"\n", 1)[0].decode()


class Watchdog:
    """The hardware watchdog, armed on request: `start(timeout_ms)` builds and starts it
    (hardware.start_watchdog); None leaves it off (safe mode, the simulator's tests)."""

    def __init__(self, start=None, timeout_ms=WATCHDOG_MS):
        self._start = start
        self._timeout_ms = timeout_ms
        self._wdt = None

    @property
    def armed(self):
        return self._wdt is not None

    def arm(self):
        if self._start is not None and self._wdt is None:
            self._wdt = self._start(self._timeout_ms)

    def feed(self):
        if self._wdt is not None:
            self._wdt.feed()

    def disarmed(self):
        """Forget the watchdog after it was stopped (hardware.dangerous_stop_watchdog)."""
        self._wdt = None


def keep_fed(display, watchdog):
    """Let the panel driver feed the watchdog while it awaits BUSY (drivers/panel_bus.py):
    each wait ends by its deadline, and a cold UC8151's full refresh may outlast 8 s."""
    if display is not None:
        display.keepalive = watchdog.feed


class Parts:
    """The board's drivers as far as they were built: the crash screen uses what exists."""

    def __init__(self):
        self.display = None
        self.leds = None
        self.buttons = None
        self.restart = False  # the app asked for a fresh interpreter (app.py, fresh start)
        self.frame = None  # the app's frame buffer, for the crash screen (no new 15 KB then)


_reserve = None


def reserve():
    """Set aside the crash path's heap (main.py and the simulator call it at boot)."""
    global _reserve
    _reserve = bytearray(_RESERVE_BYTES)


# MicroPython interns every name (qstr) for good, in pools that double: the 7th, 1,280 names in
# 7.9 KB, is taken when the 1,261st name comes in (docs/device.md). Every title crosses that
# line in play (1,290-1,555 names), and the pool needs 7.9 KB in one piece: a heap fragmented by
# the game had none with 73 KB free (Cybo on 400x300, starting its play screen). So boot takes
# the pool while the heap is in one piece, with throwaway names (about 1 KB of them). It costs
# boot about 190 ms on an RP2040 (0.4 ms a name, 8 ms a weighing of the heap).
_NAMES_A_CHECK = const(32)  # a weighing of the heap costs as much as 20 names
_NAMES_MOST = const(384)  # main.py has about 1,000 names when it calls this: the line is near
_POOL_SEEN = const(3072)  # bytes taken at once: a pool, not names' strings or their garbage


def take_name_pool():
    """Intern throwaway names until MicroPython takes its next pool of names (it shows as a
    drop of kilobytes in free heap); returns how many were interned, or 0 if no pool came
    within _NAMES_MOST (or where the heap cannot be weighed: CPython)."""
    mem_free = getattr(gc, "mem_free", None)
    if mem_free is None:
        return 0
    gc.collect()  # the pool goes to the lowest hole it fits: boot's garbage gone first
    free = mem_free()
    for first in range(0, _NAMES_MOST, _NAMES_A_CHECK):
        for number in range(first, first + _NAMES_A_CHECK):
            getattr(take_name_pool, "~%d" % number, None)  # the name is interned to look it up
        now = mem_free()
        if free - now >= _POOL_SEEN:
            return first + _NAMES_A_CHECK
        free = now
    return 0


def _free_for_crash():
    """Give the crash path room: the reserve back, the game's modules dropped (the app that
    used them is gone with the error), and a collect. Never raises."""
    global _reserve
    _reserve = None
    try:
        from dicetable.core.modules import forget_modules

        names = [name for name in sys.modules if name.startswith(_GAME_MODULES)]
        forget_modules(names)
    except Exception:  # the modules are only a help here
        pass
    gc.collect()


async def guard(start, parts, clock, store, watchdog, restart_ms=CRASH_RESTART_MS):
    """Run `start()` (a coroutine function that builds and runs the app). Returns None when it
    ends, or the error code after an unhandled error and its crash screen (or a panel fault,
    once the panel answers again)."""
    keep_fed(parts.display, watchdog)  # parts built before the start (the simulator's)
    try:
        await start()
    except PanelTimeout as exc:
        from dicetable import recovery  # only a fault needs it: heap

        counter = StartCounter(store)
        return await recovery.panel_fault(
            exc, parts, clock, store, watchdog, PANEL_RETRY_MS, CRASH_FILE, counter.not_failed
        )
    except Exception as exc:  # every other fault gets the crash screen
        _free_for_crash()  # first: out of memory, the import below needs room
        if isinstance(exc, MemoryError):
            # Counted before the import, which may itself find no room: a game that does not
            # fit must end in safe mode, not in a loop of restarts (never raises).
            store.strike_memory()
        from dicetable import recovery

        return await recovery.crash(exc, parts, clock, store, watchdog, restart_ms, CRASH_FILE)
    return None


async def halted(display, board, failed, code):
    """The screen of a device that gave up starting: how to get out of it (recovery.py)."""
    from dicetable import recovery

    await recovery.halted(display, failed, code, "+".join(boot_buttons(board)[1]))
