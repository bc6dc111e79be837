"""The results log: records built from real games, order and numbering, a full log dropping
its oldest, clearing, damaged lines, a full flash, and a power cut at every write step on the
fake flash (powercut_fs.py) in both of its modes. Both runtimes."""

import os

from bot_games import play_on

from dicetable.core.session import Session
from dicetable.drivers.storage import Store
from dicetable.games import load
from dicetable.kiosk import results_log
from dicetable.kiosk.results_log import ABANDONED, FINISHED, ResultsLog, game_record

import powercut_fs

_FOLDER = "/data"
_DEVICE = "d1ce7ab1e0000001"
_counter = [0]


def _disk_store():
    # No tempfile on MicroPython: a fresh folder per test from the process id and a counter.
    _counter[0] += 1
    pid = os.getpid() if hasattr(os, "getpid") else 0
    store = Store("/tmp/dicetable-results-%d-%d" % (pid, _counter[0]))
    for name in os.listdir(store.folder):  # left by an earlier run with the same process id
        os.remove(store.path(name))
    return store


def _record(log, pad=0, game="gang"):
    return {"device": _DEVICE, "number": log.next_number(), "game": game, "pad": "x" * pad}


def _numbers(log):
    return [record["number"] for record in log.entries()]


def _played(game_id, options, seed=7, moves=-1):
    return play_on(Session.start(load(game_id), options, seed), moves)


# --- records ------------------------------------------------------------------------------
def test_a_finished_game_gives_its_whole_score_sheet():
    session = _played("cybo", {"players": 3, "bots": [1, 2], "level": "master", "code": "math"})
    record = game_record(session, FINISHED, _DEVICE, 5, 734)
    assert record["device"] == _DEVICE and record["number"] == 5
    assert record["game"] == "cybo" and record["ended"] == FINISHED and record["seconds"] == 734
    assert record["params"]["code"] == "MATH" and record["params"]["level"] == "master"
    assert record["actions"] == session.state.action_count
    totals = session.state.scores()
    assert [seat["score"] for seat in record["seats"]] == totals
    assert [seat["bot"] for seat in record["seats"]] == [False, True, True]
    assert [seat["name"] for seat in record["seats"]] == ["P1", "Bot2", "Bot3"]
    for seat in record["seats"]:
        assert sum([item[1] for item in seat["breakdown"]]) == seat["score"]
    best = max(totals)
    assert record["winners"] == [s for s in range(3) if totals[s] == best]


def test_an_abandoned_game_has_scores_so_far_and_no_winners():
    session = _played("gang", {"players": 2, "bots": 1}, moves=40)
    assert not session.state.is_terminal()
    record = game_record(session, ABANDONED, _DEVICE, 1, 12)
    assert record["ended"] == ABANDONED and record["winners"] == []
    assert record["seats"][0]["breakdown"][0] == ["Start", session.state.start_pool]
    for bad in (FINISHED, "stopped"):
        try:
            game_record(session, bad, _DEVICE, 1, 12)
        except ValueError:
            pass
        else:
            raise AssertionError("recorded %r" % bad)


def test_device_id_and_seconds():
    assert results_log.device_id(b"\xd1\xce\x7a\xb1\xe0\x00\x00\x01") == _DEVICE

    class Clock:
        def ticks_diff(self, later, earlier):
            return later - earlier

    assert results_log.seconds_between(Clock(), 1000, 735_999) == 734
    assert results_log.seconds_between(Clock(), 5000, 1000) == 0  # never negative


def test_a_record_line_reads_back_the_same_on_every_runtime():
    session = _played("trek12", {"players": 2, "bots": 2, "map": "kagkot"})
    record = game_record(session, FINISHED, _DEVICE, 3, 99)
    line = results_log.record_line(record)
    assert line.endswith("\n") and line.count("\n") == 1
    header, records, damaged = results_log.parse_segment(line)
    assert header is None and damaged == 0
    assert records[0]["seats"][1]["breakdown"] == record["seats"][1]["breakdown"]
    assert results_log.record_line(records[0]) == line  # canonical: the same bytes again


# --- the log ------------------------------------------------------------------------------
def test_appended_records_come_back_in_order_and_numbers_go_on_after_a_restart():
    store = _disk_store()
    log = ResultsLog(store)
    assert log.next_number() == 1 and list(log.entries()) == [] and log.count() == 0
    assert log.last() is None
    for _ in range(5):
        assert log.append(_record(log)) == (True, 0)
    assert _numbers(log) == [1, 2, 3, 4, 5] and log.last()["number"] == 5
    again = ResultsLog(store)
    assert again.next_number() == 6 and again.count() == 5
    assert _numbers(again) == [1, 2, 3, 4, 5]


def test_a_record_must_carry_the_next_number():
    log = ResultsLog(_disk_store())
    log.append(_record(log))
    for number in (1, 3, None):
        try:
            log.append({"device": _DEVICE, "number": number})
        except ValueError:
            pass
        else:
            raise AssertionError("appended number %r" % (number,))


def test_a_full_log_drops_its_oldest_records_first_and_counts_them():
    store = _disk_store()
    log = ResultsLog(store, segments=3, segment_bytes=300)
    dropped_total = 0
    for _ in range(30):
        ok, dropped = log.append(_record(log, pad=60))
        assert ok
        dropped_total += dropped
    numbers = _numbers(log)
    assert dropped_total > 0 and log.dropped() == dropped_total
    assert numbers == list(range(31 - len(numbers), 31))  # the newest, none missing, in order
    assert numbers[0] == dropped_total + 1  # everything before them was counted as dropped
    for index in range(3):
        assert len(store.read(log.name(index))) <= 300
    reopened = ResultsLog(store, segments=3, segment_bytes=300)
    assert reopened.dropped() == dropped_total and _numbers(reopened) == numbers


def test_random_appends_and_clears_keep_the_ring_consistent():
    # A fixed pseudo-random walk (the same on both runtimes): after every step the records
    # are consecutive numbers ending at the newest, each segment within its size unless it
    # holds one record, and kept + dropped = appended since the last clear.
    store = _disk_store()
    log = ResultsLog(store, segments=4, segment_bytes=400)
    state = 12345
    since_clear = 0
    for _step in range(150):
        state = (state * 1103515245 + 12345) % 2147483648
        if state % 23 == 0:
            assert log.clear()
            since_clear = 0
        else:
            assert log.append(_record(log, pad=state % 300))[0]
            since_clear += 1
        numbers = _numbers(log)
        if numbers:
            assert numbers == list(range(numbers[0], log.next_number()))
        assert len(numbers) + log.dropped() == since_clear == log.count() + log.dropped()
        for index in range(4):
            data = store.read(log.name(index)) or b""
            assert len(data) <= 400 or data.count(b"\n") == 2, (index, len(data))
    assert log.next_number() > 130


def test_a_record_longer_than_a_segment_still_fits_alone():
    log = ResultsLog(_disk_store(), segments=2, segment_bytes=100)
    assert log.append(_record(log, pad=500)) == (True, 0)
    assert log.append(_record(log, pad=500)) == (True, 0)
    assert log.append(_record(log)) == (True, 1)
    assert _numbers(log) == [2, 3]


def test_clear_empties_the_log_but_numbers_never_come_again():
    store = _disk_store()
    log = ResultsLog(store, segments=3, segment_bytes=300)
    for _ in range(12):
        log.append(_record(log, pad=60))
    assert log.dropped() > 0
    assert log.clear()
    assert list(log.entries()) == [] and log.count() == 0 and log.dropped() == 0
    assert log.last() is None
    reopened = ResultsLog(store, segments=3, segment_bytes=300)
    assert reopened.next_number() == 13 and list(reopened.entries()) == []
    reopened.append(_record(reopened))
    assert _numbers(ResultsLog(store, segments=3, segment_bytes=300)) == [13]


def test_a_damaged_line_is_skipped_and_a_damaged_header_loses_no_number():
    store = _disk_store()
    log = ResultsLog(store, segments=2, segment_bytes=1000)
    for _ in range(3):
        log.append(_record(log))
    name = log.name(0)
    data = bytearray(store.read(name))
    second = data.find(b'"number":2')
    data[second + 9] = ord("7")  # a flipped bit in record 2: its checksum fails
    store.write_atomic(name, bytes(data))
    assert _numbers(ResultsLog(store, segments=2, segment_bytes=1000)) == [1, 3]
    data[0:4] = b"XXXX"  # and now the header too
    store.write_atomic(name, bytes(data))
    damaged = ResultsLog(store, segments=2, segment_bytes=1000)
    assert _numbers(damaged) == [1, 3]
    assert damaged.next_number() == 4


def test_documents_round_trip_and_damage_is_an_error():
    store = _disk_store()
    assert results_log.read_document(store, "doc.dat", "DTX1") is None
    results_log.write_document(store, "doc.dat", "DTX1", {"b": [1, "x"], "a": True})
    assert results_log.read_document(store, "doc.dat", "DTX1") == {"a": True, "b": [1, "x"]}
    store.write_atomic("doc.dat", b"DTX1 {} 0000\n")  # one copy damaged: the other reads
    assert results_log.read_document(store, "doc.dat", "DTX1") == {"a": True, "b": [1, "x"]}
    os.remove(store.path("doc.dat"))  # or gone
    assert results_log.read_document(store, "doc.dat", "DTX1") == {"a": True, "b": [1, "x"]}
    for tag, data in (("DTY1", None), ("DTX1", b"DTX1 {} 0000\n"), ("DTX1", b"\xff\xfe\n")):
        if data is not None:  # both copies damaged: an error, never a value
            store.write_atomic("doc.dat", data)
            store.write_atomic("doc.dat" + results_log.COPY_SUFFIX, data)
        try:
            results_log.read_document(store, "doc.dat", tag)
        except results_log.DocumentError:
            pass
        else:
            raise AssertionError("read %r as %s" % (data, tag))


# --- power cuts and a full flash ---------------------------------------------------------
# A day of a small log: appends that fill and rotate it, a clear, and appends after it.
_OPS = ["append"] * 9 + ["clear"] + ["append"] * 3


def _run(ops, done):
    """Run `ops` on the installed flash; `done` gets each op's index when it has finished."""
    log = ResultsLog(Store(_FOLDER), segments=3, segment_bytes=200)
    for index in range(len(ops)):
        if ops[index] == "append":
            assert log.append(_record(log, pad=40))[0]
        else:
            assert log.clear()
        done.append(index)


def _state():
    log = ResultsLog(Store(_FOLDER), segments=3, segment_bytes=200)
    return _numbers(log), log.next_number()


def _in_order_within(part, whole):
    position = 0
    for item in part:
        while position < len(whole) and whole[position] != item:
            position += 1
        if position == len(whole):
            return False
        position += 1
    return True


def test_power_cut_at_every_write_step_keeps_the_log_whole():
    for mode in (powercut_fs.TORN, powercut_fs.LITTLEFS):
        # The reference: the state after each op, without a cut.
        flash = powercut_fs.FakeFlash(mode)
        undo = powercut_fs.install(flash)
        try:
            states = [_state()]
            log = ResultsLog(Store(_FOLDER), segments=3, segment_bytes=200)
            for op in _OPS:
                if op == "append":
                    log.append(_record(log, pad=40))
                else:
                    log.clear()
                states.append(_state())
        finally:
            undo()
        steps = flash.steps
        assert states[9][0] and states[9][0][0] > 1  # the log was full: it rotated
        seen = set()
        for cut in range(1, steps + 1):
            flash = powercut_fs.FakeFlash(mode, cut_at=cut)
            undo = powercut_fs.install(flash)
            done = []
            try:
                try:
                    _run(_OPS, done)
                except powercut_fs.PowerCut:
                    pass
                flash = flash.reboot()
                powercut_fs.install(flash)
                numbers, next_number = _state()
            finally:
                undo()
            step = len(done)  # the op the power died in
            if step == len(_OPS):  # past the last write step: nothing was cut
                assert (numbers, next_number) == states[-1]
                break
            if _OPS[step] == "clear":
                # A clear cut short has emptied some segments: what is left is in order and
                # was there before, and the numbering goes on where it was.
                assert next_number == states[step][1], (mode, cut)
                assert _in_order_within(numbers, states[step][0]), (mode, cut)
                seen.add(step)
                continue
            assert (numbers, next_number) in (states[step], states[step + 1]), (mode, cut)
            seen.add(step)
        assert len(seen) == len(_OPS)  # the cuts hit every append (and the clear)


def test_an_unreadable_segment_refuses_appends_and_says_why():
    flash = powercut_fs.FakeFlash(unreadable=(_FOLDER + "/results.1",))
    undo = powercut_fs.install(flash)
    try:
        log = ResultsLog(Store(_FOLDER))
        flash.files[_FOLDER + "/results.1"] = bytearray(b"anything\n")
        ok, dropped = log.append({"device": _DEVICE, "number": 1})
        assert not ok and dropped == 0 and log.error.startswith("results not saved")
        assert not log.clear() and log.error.startswith("results not cleared")
        assert flash.read(_FOLDER + "/results.0") is None  # nothing written
    finally:
        undo()


def test_flash_full_refuses_the_record_and_keeps_the_log():
    flash = powercut_fs.FakeFlash(powercut_fs.LITTLEFS)
    undo = powercut_fs.install(flash)
    try:
        log = ResultsLog(Store(_FOLDER))
        log.append(_record(log, pad=100))
        flash.capacity = flash.used() + 50
        ok, dropped = log.append(_record(log, pad=100))
        assert not ok and dropped == 0 and log.error.startswith("results not saved")
        assert _numbers(log) == [1] and log.next_number() == 2
        assert flash.read(_FOLDER + "/results.0.tmp") is None
        flash.capacity = None
        assert log.append(_record(log)) == (True, 0) and log.error == ""
        assert _numbers(ResultsLog(Store(_FOLDER))) == [1, 2]
    finally:
        undo()
