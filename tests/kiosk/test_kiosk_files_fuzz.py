"""A bounded fuzz of the kiosk's files (issue 15): real results logs (records of real games of
every title, finished and abandoned) and the small files (settings, lock, high scores) damaged
a few thousand ways, then read and appended to through the device's own Store.

For every case: nothing but the documented errors escapes; no damaged record is read as a
record (each one read back is byte for byte one that was written); an append lands, reads
back and takes a number above every number readable before; nothing readable is lost without
being counted as dropped; the settings give what was saved or fail safe (kiosk mode on); the
lock gives the PIN that was set or stays shut."""

import random

import pytest
from bot_games import play_on

from dicetable.core.session import Session
from dicetable.drivers.storage import Store
from dicetable.games import GAMES, load
from dicetable.kiosk import results_log
from dicetable.kiosk.controller import kiosk_choices
from dicetable.kiosk.results_log import ABANDONED, FINISHED, ResultsLog, game_record
from dicetable.kiosk.settings import KioskSettings
from dicetable.kiosk.teacher_lock import TeacherLock
from hostsim.vclock import VirtualClock

SEGMENTS, SEGMENT_BYTES = 6, 3000
LOG_CASES = 1000
SMALL_FILE_CASES = 1000


def _records():
    """Records of real games: every title, finished and abandoned."""
    records = []
    for index, (game_id, _title) in enumerate(GAMES * 3):
        moves = -1 if index % 3 else 25  # every third abandoned part-way
        session = play_on(
            Session.start(load(game_id), {"players": 2, "bots": 2}, index + 1), moves
        )
        ended = FINISHED if session.state.is_terminal() else ABANDONED
        records.append(game_record(session, ended, "d1ce", 0, 60 + index))
    return records


RECORDS = _records()


def _damage(rng, data):
    data = bytearray(data)
    if not data:
        return bytes(data)
    kind = rng.randrange(5)
    spot = rng.randrange(len(data))
    if kind == 0:
        data[spot] ^= 1 << rng.randrange(8)
    elif kind == 1:
        del data[spot:]
    elif kind == 2:
        del data[spot]
    elif kind == 3:
        data.insert(spot, rng.randrange(256))
    else:
        data = bytearray()
    return bytes(data)


def _lines(log):
    return [results_log.record_line(record) for record in log.entries()]


def test_damaged_results_logs_never_lose_reuse_or_invent(tmp_path):
    rng = random.Random(15)
    written = set()
    for case in range(LOG_CASES):
        store = Store(str(tmp_path / str(case)))
        log = ResultsLog(store, SEGMENTS, SEGMENT_BYTES)
        for index in range(rng.randrange(4, 22)):
            record = dict(RECORDS[index % len(RECORDS)], number=log.next_number())
            assert log.append(record)[0]
            written.add(results_log.record_line(record))
        names = ["results.%d" % index for index in range(SEGMENTS)]
        names += [results_log.NUMBER_FILE, results_log.NUMBER_FILE + results_log.COPY_SUFFIX]
        for _ in range(rng.randrange(1, 4)):
            name = rng.choice(names)
            data = store.read(name)
            if data is not None:
                store.write_atomic(name, _damage(rng, data))
        before = ResultsLog(store, SEGMENTS, SEGMENT_BYTES)
        lines = _lines(before)
        assert set(lines) <= written, "case %d read a damaged record as a record" % case
        numbers = [results_log.parse_segment(line)[1][0]["number"] for line in lines]
        number = before.next_number()
        assert not numbers or number > max(numbers), case
        record = dict(RECORDS[case % len(RECORDS)], number=number)
        ok, dropped = before.append(record)
        assert ok, (case, before.error)
        written.add(results_log.record_line(record))
        after = _lines(ResultsLog(store, SEGMENTS, SEGMENT_BYTES))
        assert after[-1] == results_log.record_line(record), case
        lost = [line for line in lines if line not in after]
        if lost:  # only by a rotation that counted them (finished ones only when full)
            assert len(lost) <= before.dropped(), case


_CHOICES = kiosk_choices()
_SETTINGS = {"enabled": True, "idle_s": 900, "max_players": 6}


@pytest.mark.parametrize("name", ["kiosk.dat", "lock.dat"])
def test_damaged_settings_and_lock_give_what_was_saved_or_fail_safe(tmp_path, name):
    rng = random.Random(name)
    clock = VirtualClock()
    for case in range(SMALL_FILE_CASES // 2):
        store = Store(str(tmp_path / ("%s-%d" % (name, case))))
        lock = TeacherLock(store, clock, 0)
        assert lock.set_pin("2468", b"fuzz salt", 0)
        settings = KioskSettings(store, lock, _CHOICES)
        assert settings.change(_SETTINGS, 0)
        for copy in rng.sample([name, name + results_log.COPY_SUFFIX], rng.randrange(1, 3)):
            store.write_atomic(copy, _damage(rng, store.read(copy)))
        lock = TeacherLock(store, clock, 0)
        settings = KioskSettings(store, lock, _CHOICES)
        if name == "kiosk.dat":
            assert settings.get("enabled"), "case %d unlocked the classroom" % case
            if not settings.problem:
                assert settings.get("idle_s") == 900, case
        else:
            assert lock.has_pin(), "case %d opened the lock" % case
            if not lock.problem:
                assert lock.unlock("2468", 0), case
            else:
                assert not lock.unlock("2468", 0), case
