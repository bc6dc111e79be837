"""Flash storage: journal appends, cut-back to the trusted part, atomic whole-file writes,
clearing and quarantine, against a real folder under /tmp; then power cuts at every write step
of whole games, a full flash, and unreadable or missing saves, on a fake flash. Both runtimes."""

import os

from dicetable.drivers.storage import Store
from dicetable.ui.screens import MenuScreen, MessageScreen, ResultsScreen

import powercut_fs
import powercut_play

_counter = [0]


def _store():
    # No tempfile on MicroPython: a fresh folder per test from the process id and a counter.
    _counter[0] += 1
    folder = "/tmp/dicetable-storage-%d-%d" % (
        os.getpid() if hasattr(os, "getpid") else 0,
        _counter[0],
    )
    store = Store(folder)
    # MicroPython has no os.getpid: the folder is the same on every run, so what a test
    # leaves (the memory strikes' count too) goes first.
    for name in ("game.jnl", "last.jnl", "bad.jnl", "oom", "settings.json", "settings.json.tmp"):
        try:
            os.remove(store.path(name))
        except OSError:
            pass
    return store


def test_no_journal_reads_as_none():
    assert _store().load_lines() is None


def test_appended_lines_come_back_in_order():
    store = _store()
    store.append("header 0000\n")
    store.append("[1,2] abcd\n")
    store.append("[3,4] ab")  # torn
    assert store.load_lines() == ["header 0000\n", "[1,2] abcd\n", "[3,4] ab"]


def test_truncate_keeps_only_the_trusted_bytes():
    store = _store()
    store.append("header 0000\n[1,2] abcd\n[3,")
    store.truncate(len("header 0000\n[1,2] abcd\n"))
    assert store.load_lines() == ["header 0000\n", "[1,2] abcd\n"]
    store.append("[5,6] 1234\n")
    assert store.load_lines()[-1] == "[5,6] 1234\n"


def test_clear_keeps_the_last_game_for_replay():
    store = _store()
    store.append("first\n")
    store.clear()
    assert store.load_lines() is None
    assert store.read("last.jnl") == b"first\n"
    store.append("second\n")
    store.clear()
    assert store.read("last.jnl") == b"second\n"
    store.clear()  # nothing saved: nothing happens
    assert store.read("last.jnl") == b"second\n"


def test_quarantine_moves_a_bad_save_aside():
    store = _store()
    store.append("garbage\n")
    store.quarantine()
    assert store.load_lines() is None
    assert store.read("bad.jnl") == b"garbage\n"


def test_write_atomic_replaces_whole_files():
    store = _store()
    store.write_atomic("settings.json", b'{"a":1}')
    store.write_atomic("settings.json", b'{"a":2}')
    assert store.read("settings.json") == b'{"a":2}'
    assert store.read("settings.json.tmp") is None
    assert store.read("missing") is None


def test_undecodable_line_does_not_hide_the_others():
    store = _store()
    with open(store.path("game.jnl"), "wb") as file:
        file.write(b"good 0000\n\xff\xfe broken\n")
    lines = store.load_lines()
    assert lines[0] == "good 0000\n" and lines[1] == ""


# --- power cuts and a full flash, on the fake flash (powercut_fs.py, powercut_play.py) -------
# Two all-bot Cybo games through the shell: the first to its end, the second a few moves in,
# so the cuts also hit the end-of-game clear and a new game's header.
_GAMES = (
    ("cybo", {"players": 2, "bots": 2, "level": "master"}),
    ("cybo", {"players": 2, "bots": 2, "level": "beginner"}),
)
_SECOND_GAME_MOVES = 4


def test_power_cut_at_every_write_step_torn_writes():
    steps, outcomes = powercut_play.cut_everywhere(powercut_fs.TORN, _GAMES, _SECOND_GAME_MOVES)
    assert steps > 150
    # Every kind of outcome happened, so the cuts really hit each write of each kind.
    for outcome in ("start", "torn header", "lost one", "kept all"):
        assert outcomes.get(outcome), (outcome, outcomes)


def test_power_cut_at_every_write_step_littlefs_commits():
    steps, outcomes = powercut_play.cut_everywhere(
        powercut_fs.LITTLEFS, _GAMES, _SECOND_GAME_MOVES
    )
    assert "torn header" not in outcomes  # a littlefs file is committed whole or not at all
    assert outcomes.get("lost one") and outcomes.get("kept all"), outcomes


_MODES_BEHIND = (
    (powercut_fs.TORN, False),
    (powercut_fs.LITTLEFS, False),
    (powercut_fs.TORN, True),
    (powercut_fs.LITTLEFS, True),
)


def _lines_of(data):
    """Complete lines in `data`."""
    return data[: data.rfind(b"\n") + 1].count(b"\n")


def test_flash_full_the_game_goes_on_and_says_saving_stopped():
    _steps, journals = powercut_play.reference(powercut_fs.TORN, _GAMES[:1], -1)
    complete = journals[0]
    # Each line written at once, then written behind (the app's way, Store.write_behind).
    for mode, behind in _MODES_BEHIND:
        flash = powercut_fs.FakeFlash(mode, capacity=400)
        undo = powercut_fs.install(flash)
        powercut_play.BEHIND[0] = behind
        try:
            life = powercut_play.Life()
            shell = powercut_play.play(flash, _GAMES[:1], life)
        finally:
            undo()
            powercut_play.BEHIND[0] = False
        session = life.session
        assert session.state.is_terminal()  # played to the end all the same
        assert session.save_error.startswith("saving stopped"), session.save_error
        assert isinstance(shell.screen, ResultsScreen)
        saved = flash.read(powercut_play.LAST)  # moved aside at the end, as always
        assert len(saved) <= 400
        assert _lines_of(saved) == life.saved_moves + 1  # the header and the saved moves
        assert complete.startswith(saved[: saved.rfind(b"\n") + 1])


def test_flash_full_then_power_cut_resumes_up_to_the_failure():
    _steps, journals = powercut_play.reference(powercut_fs.TORN, _GAMES[:1], -1)
    complete = journals[0]
    for mode in (powercut_fs.TORN, powercut_fs.LITTLEFS):
        for capacity in (300, 401, 555):
            # The game stops being saved at `capacity`; the power dies 10 moves later.
            flash = powercut_fs.FakeFlash(mode, capacity=capacity)
            undo = powercut_fs.install(flash)
            try:
                life = powercut_play.Life()
                powercut_play.play(flash, _GAMES[:1], life, _lines_of(complete[:capacity]) + 10)
                assert life.saved_moves is not None and not life.session.state.is_terminal()
                on_flash = flash.read(powercut_play.JOURNAL)
                for room in (capacity, None):  # still full, then with room again
                    flash = flash.reboot(room)
                    powercut_fs.install(flash)
                    shell = powercut_play.boot()  # a torn tail and no room to cut it: no crash
                    session = powercut_play.resumed_session(shell)
                    assert session.state.action_count == life.saved_moves, (mode, capacity)
                    powercut_play.finish(shell)
                    assert session.state.is_terminal()
                    if room is None:  # saving works again: the whole game is on the flash
                        assert not session.save_error
                        assert flash.read(powercut_play.LAST) == complete
                    else:  # still full: the game went on, saving reported as stopped
                        assert session.save_error.startswith("saving stopped")
                        flash.files[powercut_play.JOURNAL] = bytearray(on_flash)
                        del flash.files[powercut_play.LAST]
            finally:
                undo()


def _flash_with_journal(data, unreadable=()):
    flash = powercut_fs.FakeFlash(unreadable=unreadable)
    flash.folders[powercut_play.FOLDER] = True
    flash.files[powercut_play.JOURNAL] = bytearray(data)
    return flash


def test_unreadable_journal_gives_a_message_not_a_crash():
    flash = _flash_with_journal(b"anything\n", (powercut_play.JOURNAL,))
    undo = powercut_fs.install(flash)
    try:
        shell = powercut_play.boot()
        assert isinstance(shell.screen, MessageScreen)
        assert shell.screen.heading == "Storage problem"
        shell.start_game(*_GAMES[0])  # a new game can still be played and saved
        shell.step()
        assert not shell.screen.session.save_error
        assert flash.read(powercut_play.JOURNAL).count(b"\n") == 2
    finally:
        undo()


def test_damaged_journal_is_moved_aside_once():
    flash = _flash_with_journal(b"\x00\xffnot a journal\n[1,2] 0000\n")
    undo = powercut_fs.install(flash)
    try:
        shell = powercut_play.boot()
        assert shell.screen.heading == "Save could not be restored"
        assert flash.read(powercut_play.BAD).startswith(b"\x00\xffnot")
        assert flash.read(powercut_play.JOURNAL) is None
        assert isinstance(powercut_play.boot().screen, MenuScreen)  # the next boot: the menu
    finally:
        undo()


def test_reformatted_flash_starts_at_the_menu():
    flash = powercut_fs.FakeFlash()  # no folder, no files
    undo = powercut_fs.install(flash)
    try:
        shell = powercut_play.boot()
        assert isinstance(shell.screen, MenuScreen)
        assert powercut_play.FOLDER in flash.folders
        shell.start_game(*_GAMES[0])
        assert flash.read(powercut_play.JOURNAL).startswith(b"DTJ2 ")
    finally:
        undo()


def test_cut_back_without_room_refuses_appends_until_cleared():
    # Store alone: a torn tail that cannot be cut back must not get records glued onto it.
    flash = _flash_with_journal(b"header 0000\n[1,2] ab")
    flash.capacity = len(flash.files[powercut_play.JOURNAL])  # full
    undo = powercut_fs.install(flash)
    try:
        store = Store(powercut_play.FOLDER)
        store.truncate(len("header 0000\n"))  # no room for the copy, and no exception
        assert flash.read(powercut_play.JOURNAL + ".tmp") is None  # no partial copy left
        for room in (0, None):  # refused even once there is room again: the tail is there
            flash.capacity = room
            try:
                store.append("[3,4] cdef\n")
            except OSError:
                pass
            else:
                raise AssertionError("appended after a torn tail")
        assert flash.read(powercut_play.JOURNAL) == b"header 0000\n[1,2] ab"
        store.clear()  # the game is over: the next one may save again
        store.append("header 0001\n")
        assert flash.read(powercut_play.JOURNAL) == b"header 0001\n"
    finally:
        undo()


def test_memory_strikes_count_up_and_go_with_the_save():
    store = _store()
    for name in ("oom",):
        try:
            os.remove(store.path(name))
        except OSError:
            pass
    assert store.memory_strikes() == 0
    store.append("a line\n")
    store.strike_memory()
    store.strike_memory()
    assert store.memory_strikes() == 2
    store.clear()  # the game ended or a new one began
    assert store.memory_strikes() == 0
    store.append("a line\n")
    store.strike_memory()
    store.quarantine()
    assert store.memory_strikes() == 0
    store.append("a line\n")
    store.write_atomic("oom", b"\xff")
    assert store.memory_strikes() == 1  # unreadable: counted as one, never an error


def _counted_statvfs():
    """(flash, [statvfs calls so far], undo): a fake littlefs whose statvfs calls are counted."""
    flash = powercut_fs.FakeFlash(powercut_fs.LITTLEFS, capacity=200_000)
    undo = powercut_fs.install(flash)
    asked = [0]
    statvfs = flash.statvfs

    def counting(path):
        asked[0] += 1
        return statvfs(path)

    flash.statvfs = counting
    return flash, asked, undo


def test_free_space_is_counted_once_and_then_counted_down():
    """statvfs walks a littlefs volume (about 20 ms on an RP2040, measured as a 15-25 ms rise of
    every press): far from the reserve, appends count down instead of asking again."""
    flash, asked, undo = _counted_statvfs()
    try:
        store = Store("/data")
        for _ in range(100):
            store.append("[0,1234567] abcd\n")
        assert asked[0] == 1
        flash.capacity = flash.used() + store.reserve + 40_000
        store = Store("/data")
        appended = 0
        try:
            while True:
                store.append("x" * 200 + "\n")
                appended += 1
        except OSError:
            pass
        # Near the reserve it asks every time, and stops exactly before it.
        assert flash.capacity - flash.used() >= store.reserve
        assert asked[0] > 2 and appended > 100
    finally:
        undo()


def test_free_space_counted_ahead_is_not_asked_again_by_the_first_append():
    """Store.count_free, called while the panel refreshes before a game starts, leaves the
    first save nothing to count; a count already known is not asked again."""
    _flash, asked, undo = _counted_statvfs()
    try:
        store = Store("/data")
        store.count_free()
        assert asked[0] == 1
        store.count_free()
        store.append("[0,1234567] abcd\n")
        assert asked[0] == 1
        assert store.load_lines() == ["[0,1234567] abcd\n"]
    finally:
        undo()


# --- written behind (the app's way: lines wait until the press's picture is on its way) -------
def test_lines_written_behind_reach_the_flash_at_the_flush():
    store = _store()
    store.write_behind()
    store.append("header 0000\n")
    store.append("[1,2] abcd\n")
    assert store.read("game.jnl") is None  # nothing written yet
    assert store.flush() is None
    assert store.read("game.jnl") == b"header 0000\n[1,2] abcd\n"
    assert store.flush() is None  # nothing kept: nothing written
    store.append("[3,4] ef01\n")
    assert store.read("game.jnl") == b"header 0000\n[1,2] abcd\n"
    assert store.flush() is None
    assert store.read("game.jnl") == b"header 0000\n[1,2] abcd\n[3,4] ef01\n"


def test_every_other_use_of_the_journal_writes_the_lines_behind_first():
    store = _store()
    store.write_behind()
    store.append("header 0000\n")
    assert store.load_lines() == ["header 0000\n"]  # read back whole
    store.append("[1,2] abcd\n")
    store.clear()  # the finished game moves aside whole
    assert store.read("last.jnl") == b"header 0000\n[1,2] abcd\n"
    store.append("header 0001\n")
    store.append("[3,")
    store.truncate(len("header 0001\n"))  # cut back what was written, not what was kept
    assert store.read("game.jnl") == b"header 0001\n"
    store.append("[5,6] 1234\n")
    store.strike_memory()  # counts against the save only if there is one: written first
    assert store.memory_strikes() == 1
    assert store.keep_aside()
    assert store.read("bad.jnl") == b"header 0001\n[5,6] 1234\n"
    store.append("[7,8] 5678\n")
    store.quarantine()
    assert store.read("bad.jnl") == b"header 0001\n[5,6] 1234\n[7,8] 5678\n"
    assert store.load_lines() is None


def test_a_refused_flush_is_returned_and_later_appends_are_refused():
    flash = powercut_fs.FakeFlash(powercut_fs.LITTLEFS)
    undo = powercut_fs.install(flash)
    try:
        store = Store(powercut_play.FOLDER, reserve=0)
        store.write_behind()
        store.append("header 0000\n")
        assert store.flush() is None
        store.append("[1,2] abcd\n")  # room was there when the line was kept
        flash.capacity = flash.used()  # and then was not
        error = store.flush()
        assert isinstance(error, OSError) and error.args[0] == 28
        assert flash.read(powercut_play.JOURNAL) == b"header 0000\n"
        flash.capacity = None  # room again: still refused, the journal may end torn
        try:
            store.append("[3,4] cdef\n")
        except OSError:
            pass
        else:
            raise AssertionError("appended after a refused write")
        assert store.flush() is None
        assert flash.read(powercut_play.JOURNAL) == b"header 0000\n"
        store.clear()  # a new game saves again
        store.append("header 0001\n")
        assert store.flush() is None
        assert flash.read(powercut_play.JOURNAL) == b"header 0001\n"
    finally:
        undo()


def test_a_full_flash_refuses_a_line_at_once_even_written_behind():
    flash = powercut_fs.FakeFlash(powercut_fs.LITTLEFS, capacity=20)
    undo = powercut_fs.install(flash)
    try:
        store = Store(powercut_play.FOLDER, reserve=0)
        store.write_behind()
        store.append("header 0000\n")
        try:
            store.append("[1,2] abcd\n")  # 23 bytes of 20: the session hears it now
        except OSError as exc:
            assert exc.args[0] == 28
        else:
            raise AssertionError("a line past the flash's end was kept")
        assert store.flush() is None
        assert flash.read(powercut_play.JOURNAL) == b"header 0000\n"
    finally:
        undo()


def test_power_cut_at_every_write_step_with_lines_written_behind():
    """The app's way (each step's lines written after the step, as the app writes them while
    the panel refreshes): a cut anywhere still costs at most the move in flight."""
    for mode in (powercut_fs.TORN, powercut_fs.LITTLEFS):
        powercut_play.BEHIND[0] = True
        try:
            _steps, outcomes = powercut_play.cut_everywhere(mode, _GAMES, _SECOND_GAME_MOVES)
        finally:
            powercut_play.BEHIND[0] = False
        assert outcomes.get("lost one") and outcomes.get("kept all"), (mode, outcomes)


def test_a_flush_out_of_memory_keeps_its_lines_for_the_next():
    store = _store()
    store.write_behind()
    store.append("header 0000\n")
    assert store.flush() is None
    write_lines = store._write_lines

    def no_heap(lines):
        raise MemoryError("allocating 1148 bytes")  # the littlefs file's buffer

    store._write_lines = no_heap
    store.append("[1,2] abcd\n")
    try:
        store.flush()
    except MemoryError:
        pass
    else:
        raise AssertionError("the MemoryError was swallowed")
    assert store.read("game.jnl") == b"header 0000\n"
    store.strike_memory()  # never raises (the crash screen comes next), and counts
    assert store.memory_strikes() == 1
    store._write_lines = write_lines
    assert store.flush() is None
    assert store.read("game.jnl") == b"header 0000\n[1,2] abcd\n"
