"""The teacher lock: setting and checking the PIN, never storing it in clear, the rate limit on
wrong entries (also across a restart and a power cut), the open time, and damaged or full
flash. Time is a wrapping tick counter driven by the test. Both runtimes."""

from dicetable.core.errors import IllegalAction
from dicetable.drivers.storage import Store
from dicetable.kiosk import teacher_lock
from dicetable.kiosk.teacher_lock import (
    FIRST_WAIT_MS,
    MAX_WAIT_MS,
    OPEN_MS,
    Locked,
    TeacherLock,
)
from hostsim.vclock import WrappingTicks

import powercut_fs

_FOLDER = "/data"
_FILE = _FOLDER + "/" + teacher_lock.FILE
_SALT = b"\x13\x37\xc0\xde\x00\x42\x99\x01"
_PIN = "4821"


class _Clock(WrappingTicks):
    def __init__(self, now):
        self.now = now


def _fresh(start=0):
    """A lock on a new fake flash with the PIN set and shut again: (lock, clock, flash, undo)."""
    flash = powercut_fs.FakeFlash(powercut_fs.LITTLEFS)
    undo = powercut_fs.install(flash)
    clock = _Clock(start)
    lock = TeacherLock(Store(_FOLDER), clock, clock.ticks_ms())
    assert lock.set_pin(_PIN, _SALT, clock.ticks_ms())
    lock.lock()
    return lock, clock, flash, undo


def _refused(function, *args):
    try:
        function(*args)
    except IllegalAction as exc:
        return exc
    raise AssertionError("%r was allowed" % (function,))


def test_without_a_pin_nothing_opens_until_one_is_set():
    flash = powercut_fs.FakeFlash()
    undo = powercut_fs.install(flash)
    try:
        clock = _Clock(0)
        lock = TeacherLock(Store(_FOLDER), clock, 0)
        assert not lock.has_pin() and not lock.is_open(0)
        assert not lock.unlock("0000", 0) and lock.failures() == 0
        assert isinstance(_refused(lock.require, 0), Locked)
        assert lock.set_pin(_PIN, _SALT, 10)  # the first PIN needs none
        assert lock.has_pin() and lock.is_open(10)
    finally:
        undo()


def test_bad_pins_and_salts_are_refused():
    lock, clock, _flash, undo = _fresh()
    try:
        assert lock.unlock(_PIN, 0)
        for pin in ("123", "1234567", "12a4", "", 1234):
            assert "4 to 6 digits" in _refused(lock.set_pin, pin, _SALT, 0).reason
        try:
            lock.set_pin("1234", b"short", 0)
        except ValueError:
            pass
        else:
            raise AssertionError("took a short salt")
        lock.lock()
        assert not lock.unlock("12a4", 0)  # a malformed entry is a wrong one
        assert lock.failures() == 1
    finally:
        undo()


def test_the_pin_is_never_stored_in_clear():
    lock, clock, flash, undo = _fresh()
    try:
        assert lock.unlock(_PIN, 0)
        assert lock.set_pin("904417", _SALT, 0)
        for path in flash.files:
            for pin in (_PIN, "904417"):
                assert pin.encode() not in flash.files[path], path
        stored = flash.read(_FILE)
        assert teacher_lock.pin_hash(_SALT, "904417").encode() in stored
        # The salt makes the same PIN hash differently on another device.
        other = b"\x01\x02\x03\x04\x05\x06\x07\x08"
        assert teacher_lock.pin_hash(other, "904417") != teacher_lock.pin_hash(_SALT, "904417")
        # The known value (SHA-256 iterated ROUNDS times) is the same on both runtimes.
        assert teacher_lock.pin_hash(_SALT, "1234")[:16] == _HASH_1234_PREFIX
        lock.lock()
        assert not lock.unlock(_PIN, 0) and lock.unlock("904417", 0)
    finally:
        undo()


_HASH_1234_PREFIX = "90605bff040186e3"


def test_right_pin_opens_and_lock_shuts():
    lock, clock, _flash, undo = _fresh()
    try:
        assert not lock.is_open(0)
        assert not lock.unlock("1111", 0) and lock.failures() == 1
        assert lock.unlock(_PIN, 0) and lock.is_open(0) and lock.failures() == 0
        lock.require(0)
        lock.lock()
        assert not lock.is_open(0)
        _refused(lock.require, 0)
        _refused(lock.set_pin, "5555", _SALT, 0)  # changing the PIN needs it open
    finally:
        undo()


def test_the_lock_shuts_itself_after_the_teacher_stops():
    lock, clock, _flash, undo = _fresh()
    try:
        assert lock.unlock(_PIN, 1000)
        lock.touch(1000 + OPEN_MS - 1)  # still busy: open longer
        assert lock.is_open(1000 + 2 * OPEN_MS - 2)
        lock.require(1000 + 2 * OPEN_MS - 2)  # an allowed action counts as busy too
        assert lock.is_open(1000 + 3 * OPEN_MS - 3)
        assert not lock.is_open(1000 + 3 * OPEN_MS - 2)
        lock.touch(1000 + 3 * OPEN_MS)  # touching a shut lock does not open it
        assert not lock.is_open(1000 + 3 * OPEN_MS)
    finally:
        undo()


def _wrong_until_refused(lock, now):
    """Wrong PINs at `now` until one is refused without counting; returns how many counted."""
    counted = 0
    while lock.wait_ms(now) == 0:
        before = lock.failures()
        assert not lock.unlock("0000", now)
        assert lock.failures() == before + 1
        counted += 1
    assert not lock.unlock(_PIN, now)  # even the right PIN is not tried while waiting
    return counted


def test_three_wrong_entries_then_waits_that_double():
    lock, clock, _flash, undo = _fresh()
    try:
        now = 5000
        assert _wrong_until_refused(lock, now) == 3
        waits = []
        for _ in range(7):
            wait = lock.wait_ms(now)
            waits.append(wait)
            assert lock.wait_ms(now + wait - 1) == 1
            now += wait
            assert _wrong_until_refused(lock, now) == 1
        assert waits == [30_000, 60_000, 120_000, 240_000, 480_000, MAX_WAIT_MS, MAX_WAIT_MS]
        now += lock.wait_ms(now)
        assert lock.unlock(_PIN, now) and lock.failures() == 0 and lock.wait_ms(now) == 0
    finally:
        undo()


def test_waits_count_across_the_tick_counter_wrapping():
    start = (1 << 30) - 10_000  # ten seconds before MicroPython's ticks wrap
    lock, clock, _flash, undo = _fresh(start)
    try:
        _wrong_until_refused(lock, start)
        later = (start + FIRST_WAIT_MS) & ((1 << 30) - 1)
        assert later < start and lock.wait_ms(later) == 0
        assert lock.unlock(_PIN, later)
    finally:
        undo()


def test_a_restart_keeps_the_count_and_starts_the_wait_again():
    lock, clock, flash, undo = _fresh()
    try:
        _wrong_until_refused(lock, 0)
        assert lock.wait_ms(FIRST_WAIT_MS - 1000) == 1000
        # The power goes off and on: the new start's ticks begin anywhere.
        powercut_fs.install(flash.reboot())
        again = TeacherLock(Store(_FOLDER), clock, 777)
        assert again.failures() == 3 and again.wait_ms(777) == FIRST_WAIT_MS
        assert not again.unlock(_PIN, 777)
        assert again.unlock(_PIN, 777 + FIRST_WAIT_MS)
    finally:
        undo()


def test_a_power_cut_during_an_entry_never_gives_the_try_back():
    checked = []
    real_hash = teacher_lock.pin_hash

    def counting_hash(salt, pin):
        checked.append(pin)
        return real_hash(salt, pin)

    for mode in (powercut_fs.TORN, powercut_fs.LITTLEFS):
        cut = 0
        while True:
            cut += 1
            lock, clock, flash, undo = _fresh()
            try:
                flash.cut_at = flash.steps + cut
                del checked[:]
                teacher_lock.pin_hash = counting_hash
                try:
                    finished = lock.unlock("9999", 0) is False
                except powercut_fs.PowerCut:
                    finished = False
                teacher_lock.pin_hash = real_hash
                powercut_fs.install(flash.reboot())
                after = TeacherLock(Store(_FOLDER), clock, 0)
                assert after.problem == "", (mode, cut)
                # The PIN was checked only if the wrong try had reached the flash first.
                assert after.failures() == 1 or not checked, (mode, cut, after.failures())
            finally:
                teacher_lock.pin_hash = real_hash
                undo()
            if finished:
                break
        assert cut > 3


def test_a_damaged_lock_file_stays_shut():
    lock, clock, flash, undo = _fresh()
    try:
        flash.files[_FILE][10] ^= 0x01
        assert TeacherLock(Store(_FOLDER), clock, 0).unlock(_PIN, 0)  # the copy holds it
        flash.files[_FILE][10] ^= 0x01  # (the unlock above rewrote the file whole)
        flash.files[_FILE + ".2"][10] ^= 0x01
        damaged = TeacherLock(Store(_FOLDER), clock, 0)
        assert damaged.problem and damaged.has_pin()
        assert not damaged.unlock(_PIN, 0)
        _refused(damaged.set_pin, "1234", _SALT, 0)
        del flash.files[_FILE]  # the documented way back: remove lock.dat and its copy
        del flash.files[_FILE + ".2"]
        fresh = TeacherLock(Store(_FOLDER), clock, 0)
        assert not fresh.has_pin() and fresh.set_pin("1234", _SALT, 0)
    finally:
        undo()


def test_a_full_flash_keeps_the_old_pin():
    lock, clock, flash, undo = _fresh()
    try:
        assert lock.unlock(_PIN, 0)
        flash.capacity = flash.used()
        assert not lock.set_pin("5678", _SALT, 0) and lock.error
        lock.lock()
        # Not even the reserve has room: no try is checked, and the screen will say why.
        assert not lock.unlock(_PIN, 0) and lock.error.startswith("PIN tries are stopped")
        assert lock.failures() == 0
        flash.capacity = None
        assert not lock.unlock("5678", 0) and lock.unlock(_PIN, 0)
    finally:
        undo()
