"""The kiosk's files against floods, damage and a full flash (issue 15): abandoned games never
push finished results out; a damaged segment is kept and never overwritten; a torn last line
is cut off before an append; numbers never come twice; the small files survive one damaged
copy; the teacher lock can always count a wrong PIN, or refuses the try. Both runtimes.

Each of these failed before: 140 abandoned games pushed ten finished results out; one flipped
bit in the newest header made the next append overwrite games 28-30; a missing final newline
made the next record unreadable; a flipped bit in kiosk.dat turned kiosk mode off; a full
flash gave free PIN tries."""

import os

from dicetable.drivers.storage import RESERVE_BYTES, Store
from dicetable.kiosk import results_log
from dicetable.kiosk.results_log import ABANDONED, FINISHED, ResultsLog
from dicetable.kiosk.teacher_lock import TeacherLock

import powercut_fs

_FOLDER = "/data"
_counter = [0]


def _disk_store():
    _counter[0] += 1
    pid = os.getpid() if hasattr(os, "getpid") else 0
    store = Store("/tmp/dicetable-kioskdamage-%d-%d" % (pid, _counter[0]))
    for name in os.listdir(store.folder):
        os.remove(store.path(name))
    return store


def _record(log, ended=FINISHED, pad=40):
    return {"number": log.next_number(), "ended": ended, "game": "cybo", "pad": "x" * pad}


def _ended(log):
    return [(record["number"], record["ended"]) for record in log.entries()]


def _finished(log):
    return [number for number, ended in _ended(log) if ended == FINISHED]


# --- floods -----------------------------------------------------------------------------------
def test_abandoned_games_never_push_out_finished_ones():
    store = _disk_store()
    log = ResultsLog(store, segments=4, segment_bytes=400)
    for _ in range(10):
        assert log.append(_record(log)) == (True, 0)
    kept = _finished(log)
    for _ in range(140):  # "End this game", over and over
        assert log.append(_record(log, ABANDONED)) == (True, 0)
    assert _finished(log) == kept
    again = ResultsLog(store, segments=4, segment_bytes=400)
    assert _finished(again) == kept
    assert again.unrecorded() + len(_ended(again)) - len(kept) <= 140
    assert again.next_number() == 151  # every abandoned game took its number all the same


def test_a_finished_result_leaves_only_a_log_full_of_them_and_the_teacher_is_warned_first():
    log = ResultsLog(_disk_store(), segments=4, segment_bytes=400)
    warned = False
    for _ in range(40):
        warned = warned or log.nearly_full()
        ok, dropped = log.append(_record(log))
        assert ok
        if dropped:
            assert warned, "finished results were dropped without a warning"
            break
    else:
        raise AssertionError("the log never filled")
    # Abandoned games then take only the room left in the newest segment, and are counted
    # once that is full: every other segment holds finished results.
    before = _finished(log)
    for _ in range(10):
        assert log.append(_record(log, ABANDONED)) == (True, 0)
    assert _finished(log) == before and log.unrecorded() > 0


def test_abandoned_games_give_way_to_finished_ones():
    log = ResultsLog(_disk_store(), segments=4, segment_bytes=400)
    for _ in range(3):
        log.append(_record(log))
    for _ in range(30):
        log.append(_record(log, ABANDONED))
    kept = _finished(log)
    for _ in range(6):  # room comes from segments of abandoned games, never from these
        assert log.append(_record(log)) == (True, 0)
    assert _finished(log)[:3] == kept


# --- damage -----------------------------------------------------------------------------------
def _log_of(store, count):
    log = ResultsLog(store, segments=6, segment_bytes=400)
    for _ in range(count):
        log.append(_record(log))
    return log


def _segments(store):
    return [name for name in sorted(os.listdir(store.folder)) if name[:8] == "results."]


def test_a_damaged_header_keeps_its_segment_and_no_number_comes_again():
    store = _disk_store()
    log = _log_of(store, 12)
    newest = log._newest()
    name = log.name(newest)
    data = bytearray(store.read(name))
    data[2] ^= 0x01  # one flipped bit in the newest segment's header
    store.write_atomic(name, bytes(data))
    os.remove(store.path(results_log.NUMBER_FILE))  # and the number file lost
    os.remove(store.path(results_log.NUMBER_FILE + results_log.COPY_SUFFIX))
    readable = [number for number, _ended in _ended(ResultsLog(store, 6, 400))]
    damaged = ResultsLog(store, segments=6, segment_bytes=400)
    number = damaged.next_number()
    assert number > max(readable)
    for _ in range(20):
        assert damaged.append(_record(damaged))[0]
    assert store.read(name) == bytes(data)  # kept as it was, never taken
    numbers = [n for n, _ended in _ended(damaged)]
    assert len(numbers) == len(set(numbers))  # no number twice


def test_a_torn_last_line_is_cut_off_before_an_append():
    for cut, kept in ((1, [1, 2, 3, 4]), (10, [1, 2, 4])):
        store = _disk_store()
        log = _log_of(store, 3)
        name = log.name(log._newest())
        data = store.read(name)
        # Only the newline lost: the record is whole and stays. Torn inside: it goes.
        store.write_atomic(name, data[:-cut])
        log = ResultsLog(store, segments=6, segment_bytes=400)
        assert log.append(_record(log))[0]
        assert [n for n, _ended in _ended(log)] == kept, cut


def test_an_append_that_does_not_read_back_is_reported():
    store = _disk_store()
    log = _log_of(store, 2)
    read = store.read

    def garbled(name):
        data = read(name)
        return data[:-3] + b"xx\n" if data and name.startswith("results.") else data

    store.read = garbled
    ok, _dropped = log.append(_record(log))
    assert not ok and "read back" in log.error


def test_random_damage_never_overwrites_reuses_or_accepts_what_it_cannot_read():
    # A fixed walk (the same on both runtimes): damage a log at random, then append.
    state = 2024
    for case in range(60):
        store = _disk_store()
        _log_of(store, 14)
        names = _segments(store) + [results_log.NUMBER_FILE]
        for _ in range(1 + case % 3):
            state = (state * 1103515245 + 12345) % 2147483648
            name = names[state % len(names)]
            data = store.read(name)
            if not data:
                continue
            data = bytearray(data)
            spot = (state >> 8) % len(data)
            if state % 5 == 0:
                data = data[:spot]  # torn
            else:
                data[spot] ^= 1 << (state >> 4) % 8
            store.write_atomic(name, bytes(data))
        before = ResultsLog(store, segments=6, segment_bytes=400)
        readable = [n for n, _ended in _ended(before)]
        number = before.next_number()
        assert not readable or number > max(readable), case
        ok, dropped = before.append(_record(before))
        assert ok, (case, before.error)
        after = [n for n, _ended in _ended(ResultsLog(store, segments=6, segment_bytes=400))]
        assert after[-1] == number, case  # the new record reads back, under a new number
        lost = [n for n in readable if n not in after]
        assert len(lost) <= dropped, case  # nothing readable went without being counted


# --- the small files and the reserve ----------------------------------------------------------
def test_a_full_flash_still_counts_wrong_pins_from_the_reserve():
    flash = powercut_fs.FakeFlash(powercut_fs.LITTLEFS)
    undo = powercut_fs.install(flash)
    try:
        store = Store(_FOLDER)
        clock = __import__("hostsim.vclock", None, None, ("VirtualClock",)).VirtualClock()
        lock = TeacherLock(store, clock, 0)
        assert lock.set_pin("2468", b"salt salt", 0)
        lock.lock()
        # The flash fills with everything else: the journal stops at the reserve.
        flash.capacity = flash.used() + RESERVE_BYTES + 200
        store = Store(_FOLDER)  # the device's store sees the flash as it is (no resizing)
        store.append("x" * 150 + "\n")
        try:
            store.append("x" * 150 + "\n")
        except OSError:
            pass
        else:
            raise AssertionError("a journal line ate into the reserve")
        for tries in (1, 2, 3):
            assert not lock.unlock("1111", 0)
            assert lock.failures() == tries and lock.error == ""
        again = TeacherLock(Store(_FOLDER), clock, 0)
        assert again.failures() == 3  # counted on flash: a restart gives no free try
    finally:
        undo()
