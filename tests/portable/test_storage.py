"""Flash storage: journal appends, cut-back to the trusted part, atomic whole-file writes,
clearing and quarantine. Runs on both runtimes against a real folder under /tmp."""

import os

from dicetable.drivers.storage import Store

_counter = [0]


def _store():
    # No tempfile on MicroPython: a fresh folder per test from the process id and a counter.
    _counter[0] += 1
    folder = "/tmp/dicetable-storage-%d-%d" % (
        os.getpid() if hasattr(os, "getpid") else 0,
        _counter[0],
    )
    store = Store(folder)
    for name in ("game.jnl", "last.jnl", "bad.jnl", "settings.json", "settings.json.tmp"):
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
