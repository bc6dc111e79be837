"""The teacher lock: a 4-6 digit PIN, entered with the buttons, that guards the kiosk's settings,
high-score and results clearing.

The PIN is never stored: lock.dat holds a per-device random salt and SHA-256 applied ROUNDS
times over salt + PIN (hashlib.sha256 exists on MicroPython and CPython alike). Wrong entries
are rate limited: FREE_TRIES in a row are free, then each further try waits FIRST_WAIT_MS,
doubling after every wrong one up to MAX_WAIT_MS. The count of wrong entries is written to
flash *before* an entry is checked, so cutting the power cannot buy a free try; after a
restart the wait starts again in full (the device has no clock that runs while it is off).

A try whose count cannot be written (the flash refuses even the reserve that drivers.storage
keeps for this) is refused unchecked, and the screen says why.

A right PIN opens the lock for OPEN_MS after the teacher's last action (`touch`), or until
`lock()`. A lock.dat that cannot be read keeps the lock shut (`problem` says why): the way
back is to remove the file and its copy (lock.dat.2) over USB (docs/kiosk.md).

PURE: time comes in as tick counts with a clock object for wrap-safe differences (the device
clock or hostsim's VirtualClock); files only through the injected store.
"""

import binascii
import hashlib

from micropython import const

from dicetable.core.errors import IllegalAction
from dicetable.kiosk.results_log import DocumentError, read_document, write_document

FILE = "lock.dat"
FORMAT_TAG = "DTL1"
PIN_MIN = const(4)
PIN_MAX = const(6)
FREE_TRIES = const(3)
FIRST_WAIT_MS = const(30_000)
MAX_WAIT_MS = const(900_000)  # 15 minutes: a brute force of 4 digits takes months
OPEN_MS = const(300_000)  # the lock shuts itself 5 minutes after the teacher's last action
# Hash rounds: a few tens of milliseconds on an RP2040, and each guess in an offline search of
# a copied lock.dat costs as many hashes.
ROUNDS = const(1000)
_SALT_MIN = const(8)  # bytes
_DOUBLINGS = const(5)  # 30 s doubled five times passes MAX_WAIT_MS


class Locked(IllegalAction):
    """A change that needs the teacher's PIN; `reason` is a sentence for the screen."""


def valid_pin(pin):
    if not isinstance(pin, str) or not PIN_MIN <= len(pin) <= PIN_MAX:
        return False
    for char in pin:
        if not "0" <= char <= "9":
            return False
    return True


def pin_hash(salt, pin):
    """Hex of SHA-256 iterated ROUNDS times over the salt and the PIN."""
    digest = pin.encode()
    for _ in range(ROUNDS):
        digest = hashlib.sha256(salt + digest).digest()
    return binascii.hexlify(digest).decode()


class TeacherLock:
    def __init__(self, store, clock, now_ms):
        self.store = store
        self.clock = clock
        self.problem = ""  # why lock.dat could not be read ("" when it could)
        self.error = ""  # why the last write failed ("" when it did not)
        self._salt = None
        self._hash = None
        self._failures = 0
        self._since_ms = now_ms  # the last wrong entry, or this start
        self._open_ms = None  # the teacher's last action while open, None when shut
        self._load()

    def _load(self):
        try:
            stored = read_document(self.store, FILE, FORMAT_TAG)
        except (OSError, DocumentError) as exc:
            self.problem = "the teacher lock could not be read: %s" % (exc,)
            return
        if stored is None:
            return
        try:
            salt = binascii.unhexlify(stored["salt"])
            digest = stored["hash"]
            failures = stored["failures"]
        except (KeyError, TypeError, ValueError):
            self.problem = "the teacher lock file is not readable"
            return
        if type(failures) is not int or not isinstance(digest, str):
            self.problem = "the teacher lock file is not readable"
            return
        self._salt = salt
        self._hash = digest
        self._failures = max(0, failures)

    def _save(self):
        value = {
            "salt": binascii.hexlify(self._salt).decode(),
            "hash": self._hash,
            "failures": self._failures,
        }
        try:
            # Essential: the reserve keeps room for the count of wrong PINs on a full flash.
            write_document(self.store, FILE, FORMAT_TAG, value, True)
        except OSError as exc:
            self.error = "the teacher lock could not be saved: %s" % (exc,)
            return False
        self.error = ""
        return True

    # --- state ----------------------------------------------------------------------------
    def has_pin(self):
        """True once a PIN is set (and while lock.dat is unreadable: it stays shut)."""
        return self._hash is not None or bool(self.problem)

    def failures(self):
        return self._failures

    def wait_ms(self, now_ms):
        """Milliseconds before the next PIN may be tried (0: now)."""
        extra = self._failures - FREE_TRIES
        if extra < 0:
            return 0
        wait = MAX_WAIT_MS if extra >= _DOUBLINGS else min(FIRST_WAIT_MS << extra, MAX_WAIT_MS)
        return max(0, wait - self.clock.ticks_diff(now_ms, self._since_ms))

    def is_open(self, now_ms):
        if self._open_ms is None:
            return False
        if self.clock.ticks_diff(now_ms, self._open_ms) >= OPEN_MS:
            self._open_ms = None
        return self._open_ms is not None

    def require(self, now_ms):
        """Raise Locked unless the teacher has unlocked; an allowed action keeps it open."""
        if not self.is_open(now_ms):
            raise Locked("this needs the teacher's PIN")
        self._open_ms = now_ms

    def touch(self, now_ms):
        """The teacher is still busy: the lock stays open OPEN_MS longer."""
        if self.is_open(now_ms):
            self._open_ms = now_ms

    def lock(self):
        self._open_ms = None

    # --- the PIN ----------------------------------------------------------------------------
    def unlock(self, pin, now_ms):
        """True (and open) for the right PIN. False for a wrong one, and without counting or
        checking anything while a wait is due, or when no PIN is set."""
        if self._hash is None or self.wait_ms(now_ms) > 0:
            return False
        self._failures += 1
        self._since_ms = now_ms
        # First: a power cut after the check must not give the try back. A try that cannot
        # be counted is not checked at all (each restart would give free tries otherwise).
        if not self._save():
            self._failures -= 1
            self.error = "PIN tries are stopped until the count can be saved (%s)" % (self.error,)
            return False
        if not valid_pin(pin) or pin_hash(self._salt, pin) != self._hash:
            return False
        self._failures = 0
        self._save()
        self._open_ms = now_ms
        return True

    def set_pin(self, pin, salt, now_ms):
        """Set or change the PIN: allowed when none is set yet, else only while open. `salt`:
        at least 8 random bytes from the device (os.urandom). Leaves the lock open. Returns
        False (with `error`) if the flash refused; IllegalAction for a bad PIN."""
        if self.has_pin():
            self.require(now_ms)
        if not valid_pin(pin):
            raise IllegalAction("a PIN is %d to %d digits" % (PIN_MIN, PIN_MAX))
        if len(salt) < _SALT_MIN:
            raise ValueError("the salt needs %d bytes at least" % _SALT_MIN)
        old = (self._salt, self._hash, self._failures)
        self._salt = bytes(salt)
        self._hash = pin_hash(self._salt, pin)
        self._failures = 0
        if not self._save():
            self._salt, self._hash, self._failures = old
            return False
        self.problem = ""
        self._open_ms = now_ms
        return True
