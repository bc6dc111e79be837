"""`make collect` end to end: results logs written by the firmware's own ResultsLog on two
pretend boards (tools/ptyboard.py: the MicroPython unix port behind a pty), read with the real
mpremote, one of them unplugged mid-transfer; then de-duplication over runs, the CSV, the
per-class summary and its plots. Plus the parts without a board."""

import csv
import fcntl
import importlib.util
import json
import os
import select
import shutil
import struct
import subprocess
import termios
import threading
import time
import tty

import pytest
from bot_games import play_on
from PIL import Image

from dicetable.core.session import Session
from dicetable.drivers.storage import Store
from dicetable.games import load
from dicetable.kiosk import high_scores
from dicetable.kiosk.results_log import ABANDONED, FINISHED, ResultsLog, game_record

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEVICE_A = "d1ce7ab1e0000001"
DEVICE_B = "e6614c311b8f2a30"
# Each device's games: (game, options, seed, ended). Seats after the first are bots.
GAMES_A = (
    ("cybo", {"players": 3, "bots": 1, "level": "master", "code": "MATH"}, 11, FINISHED),
    ("gang", {"players": 3, "bots": 1, "code": "MATH"}, 12, FINISHED),
    ("trek12", {"players": 2, "bots": 1, "map": "dunai", "code": "MATH"}, 13, FINISHED),
    ("trek12", {"players": 3, "map": "dunai", "code": "MATH"}, 15, FINISHED),
    ("cybo", {"players": 4, "bots": 2, "level": "master", "code": "MATH"}, 16, FINISHED),
    ("gang", {"players": 2, "code": "MATH"}, 17, FINISHED),
    ("cybo", {"players": 2, "bots": 1, "level": "master", "code": "MATH"}, 14, ABANDONED),
    ("trek12", {"players": 2, "map": "kagkot", "code": "MATH"}, 18, FINISHED),
)
GAMES_B = (
    ("cybo", {"players": 2, "level": "beginner", "code": "ART"}, 21, FINISHED),
    ("dicetrip", {"players": 2, "bots": 1}, 22, FINISHED),
    ("ontrack", {"players": 2, "mode": "dice", "code": "ART"}, 23, FINISHED),
    ("cybo", {"players": 3, "bots": 1, "level": "beginner", "code": "ART"}, 24, FINISHED),
)
# Small segments, so the log spreads over several files and a rotation has dropped the oldest.
SEGMENTS = 3
SEGMENT_BYTES = 1500


def _tool(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tools", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


collect = _tool("collect")
ptyboard = _tool("ptyboard")


def _play(game_id, options, seed, ended):
    moves = 30 if ended == ABANDONED else -1
    return play_on(Session.start(load(game_id), options, seed), moves)


def _write_log(folder, device, games):
    """The device's /data as the firmware leaves it; returns the records still in the log."""
    os.makedirs(folder)
    log = ResultsLog(Store(os.path.join(folder, "data")), SEGMENTS, SEGMENT_BYTES)
    for game_id, options, seed, ended in games:
        session = _play(game_id, options, seed, ended)
        record = game_record(session, ended, device, log.next_number(), 60 + seed)
        assert log.append(record)[0]
    return list(log.entries()), log.dropped()


@pytest.fixture(scope="module")
def flashes(tmp_path_factory):
    base = tmp_path_factory.mktemp("flashes")
    a, dropped_a = _write_log(str(base / "a"), DEVICE_A, GAMES_A)
    b, dropped_b = _write_log(str(base / "b"), DEVICE_B, GAMES_B)
    assert dropped_a > 0 and dropped_b == 0  # device A's log was full and rotated
    return {"a": (str(base / "a"), a, dropped_a), "b": (str(base / "b"), b, dropped_b)}


class Cable:
    """A USB cable between mpremote and a pretend board that is pulled out after `limit` bytes
    of the transfer: a pty pair of its own whose master closes once the host has read them."""

    def __init__(self, board_port, limit):
        master, slave = os.openpty()
        tty.setraw(slave)
        self.port = os.ttyname(slave)
        self._master, self._slave = master, slave
        self._board = os.open(board_port, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self._board)
        self.limit = limit
        self.sent = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()

    def _pump(self):
        started = False
        while not self._stop.is_set() and self.sent < self.limit:
            ready, _, _ = select.select([self._master, self._board], [], [], 0.05)
            if self._master in ready:
                try:
                    data = os.read(self._master, 4096)
                except OSError:  # mpremote has gone
                    break
                os.write(self._board, data)
            if self._board in ready:
                data = os.read(self._board, 4096)
                if not started:
                    begin = data.find(collect._BEGIN.encode())
                    if begin < 0:
                        os.write(self._master, data)
                        continue
                    os.write(self._master, data[:begin])
                    data, started = data[begin:], True
                data = data[: self.limit - self.sent]
                os.write(self._master, data)
                self.sent += len(data)
        self._wait_until_read()
        for fd in (self._master, self._slave, self._board):
            os.close(fd)

    def _wait_until_read(self, deadline_s=5):
        # Pulling the cable loses what the host had not read yet: let it read what was sent.
        deadline = time.monotonic() + deadline_s
        while time.monotonic() < deadline:
            waiting = fcntl.ioctl(self._slave, termios.FIONREAD, b"\0\0\0\0")
            if struct.unpack("i", waiting)[0] == 0:
                return
            time.sleep(0.01)

    def close(self):
        self._stop.set()
        self._thread.join(10)


def _rows(path):
    with open(path, newline="") as file:
        return list(csv.DictReader(file))


def _human_scores(records, code, key):
    scores = []
    for record in records:
        if record["params"].get("code", collect.NO_CODE) != code or record["ended"] != FINISHED:
            continue
        if high_scores.table_key(record["game"], record["params"]) != key:
            continue
        scores.extend(seat["score"] for seat in record["seats"] if not seat["bot"])
    return scores


def test_two_devices_with_duplicates_and_an_interrupted_transfer(flashes, tmp_path, capsys):
    folder_a, records_a, dropped_a = flashes["a"]
    folder_b, records_b, _dropped = flashes["b"]
    out = str(tmp_path / "out")
    with ptyboard.PtyBoard(folder_a) as board_a, ptyboard.PtyBoard(folder_b) as board_b:
        # Run 1: device A's cable is pulled after 1500 bytes of its results.
        cable = Cable(board_a.port, 1500)
        try:
            status = collect.main(["--port", cable.port, "--port", board_b.port, "--out", out])
        finally:
            cable.close()
        assert cable.sent == 1500
        report = capsys.readouterr().out
        assert status == 1 and "INTERRUPTED" in report and "rerun" in report
        with open(os.path.join(out, collect.RECORDS)) as file:
            first = [json.loads(line) for line in file]
        got_a = [r for r in first if r["device"] == DEVICE_A]
        # Only whole records before the cut are kept. How many reached the host depends on
        # how far mpremote had got when the cable went (machine load): none is possible.
        assert len(got_a) < len(records_a)
        for record in got_a:
            assert record in records_a
        assert len(first) == len(got_a) + len(records_b)

        # Run 2: A plugged in again (and listed twice), B read again: only A's rest is new.
        result = collect.collect([board_a.port, board_b.port, board_a.port], out)
        assert board_a.error is None and board_b.error is None
    boards = result["boards"]
    assert [board["complete"] for board in boards] == [True, True, True]
    assert boards[0]["new"] == len(records_a) - len(got_a)
    assert boards[0]["duplicates"] == len(got_a)
    assert boards[0]["dropped"] == dropped_a and boards[0]["devices"] == [DEVICE_A]
    assert boards[1]["new"] == 0 and boards[1]["duplicates"] == len(records_b)
    assert boards[2]["new"] == 0 and boards[2]["duplicates"] == len(records_a)
    assert result["conflicts"] == [] and result["devices"] == [DEVICE_A, DEVICE_B]

    # Every game once, whichever run and port it came from.
    with open(os.path.join(out, collect.RECORDS)) as file:
        merged = [json.loads(line) for line in file]
    assert len(merged) == len(records_a) + len(records_b) == result["games"]
    keys = [(record["device"], record["number"]) for record in merged]
    assert len(set(keys)) == len(keys)
    assert sorted(keys) == sorted([(r["device"], r["number"]) for r in records_a + records_b])

    # The CSV: one row per seat, scores and breakdowns as recorded.
    rows = _rows(os.path.join(out, "results.csv"))
    assert len(rows) == sum(len(record["seats"]) for record in merged)
    trek = [row for row in rows if row["table"] == "trek12/dunai" and row["ended"] == FINISHED]
    assert trek and {row["code"] for row in trek} == {"MATH"}
    for row in rows:
        parts = [part.rsplit(": ", 1)[1] for part in row["breakdown"].split("; ") if part]
        assert sum(int(points) for points in parts) == int(row["score"])
    assert {row["ended"] for row in rows} == {FINISHED, ABANDONED}
    assert {row["table"] for row in rows if row["game"] == "ontrack"} == {"ontrack/dice-only"}

    # The summary: per class, the best and the average of people's finished scores.
    with open(os.path.join(out, "summary.md")) as file:
        summary = file.read()
    for heading in ("## Class MATH", "## Class ART", "## Class no code"):
        assert heading in summary
    math_dunai = _human_scores(merged, "MATH", "trek12/dunai")
    line = [text for text in summary.split("\n") if text.startswith("| Trek 12 (dunai) |")][0]
    cells = [cell.strip() for cell in line.strip("|").split("|")]
    assert int(cells[3]) == len(math_dunai)
    assert cells[4].startswith("%d " % max(math_dunai))
    assert cells[5] == "%.1f" % (sum(math_dunai) / len(math_dunai))

    # A plot per class with scores, a real PNG.
    assert result["plots"] == ["scores-ART.png", "scores-MATH.png", "scores-no-code.png"]
    for name in result["plots"]:
        with Image.open(os.path.join(out, name)) as image:
            assert image.format == "PNG" and image.size[0] >= 400


def test_a_board_without_results_and_a_silent_port(tmp_path):
    with ptyboard.PtyBoard(str(tmp_path / "empty")) as board:
        output, problem = collect.read_board(board.port)
    assert problem == ""
    assert collect.parse_transfer(output) == {
        "records": [],
        "damaged": 0,
        "dropped": 0,
        "complete": True,
    }
    master, slave = os.openpty()  # nobody answers on the other side
    try:
        started = time.monotonic()
        output, problem = collect.read_board(os.ttyname(slave), timeout=3)
        assert problem and time.monotonic() - started < 15
        assert not collect.parse_transfer(output)["complete"]
    finally:
        os.close(master)
        os.close(slave)


# --- the parts, without a board ---------------------------------------------------------------
def _transfer(flash):
    """What the board snippet prints for a flash folder (made here, on CPython)."""
    lines = [collect._BEGIN]
    sent = 0
    data = os.path.join(flash, "data")
    for name in sorted(os.listdir(data)):
        if name.startswith("results.") and not name.endswith(".tmp"):
            lines.append("F " + name)
            with open(os.path.join(data, name)) as file:
                for line in file:
                    lines.append(line.rstrip("\n"))
                    sent += 1
    lines.append("%s %d" % (collect._END, sent))
    return "\r\n".join(lines) + "\r\n"


def test_a_short_transfer_keeps_every_whole_record_before_the_cut(flashes):
    folder, records, _dropped = flashes["a"]
    text = _transfer(folder)
    whole = collect.parse_transfer(text)
    assert whole["complete"] and whole["damaged"] == 0
    assert sorted(r["number"] for r in whole["records"]) == sorted(r["number"] for r in records)
    counts = set()
    for cut in list(range(0, len(text), 97)) + [text.rfind(collect._END)]:
        part = collect.parse_transfer(text[:cut])
        assert not part["complete"] and part["damaged"] == 0, cut
        assert part["records"] == whole["records"][: len(part["records"])]
        counts.add(len(part["records"]))
    assert len(counts) == len(records) + 1  # every prefix length, from none to all
    broken = text.replace('"ended":"finished"', '"ended":"finishes"', 1)
    damaged = collect.parse_transfer(broken)
    assert damaged["complete"] and damaged["damaged"] == 1
    assert len(damaged["records"]) == len(records) - 1


def test_the_same_game_number_with_other_content_is_kept_and_reported(flashes, tmp_path):
    _folder, records, _dropped = flashes["b"]
    collection = collect.Collection()
    assert collection.add(records[0]) and not collection.add(dict(records[0]))
    other = dict(records[0], seconds=records[0]["seconds"] + 1)  # a wiped device's game 1
    assert collection.add(other)
    assert collection.conflicts == [(DEVICE_B, records[0]["number"])]
    path = str(tmp_path / "records.jsonl")
    collection.save(path)
    again = collect.Collection()
    again.load(path)
    assert again.records() == collection.records() and len(again.records()) == 2
    report = {
        "boards": [],
        "games": 2,
        "devices": [DEVICE_B],
        "conflicts": collection.conflicts,
        "plots": [],
        "folder": "x",
    }
    lines = []

    class Out:
        write = lines.append

    collect.print_report(report, Out())
    assert "two contents" in "".join(lines)


def test_make_collect_passes_ports_and_folder():
    if shutil.which("make") is None:
        pytest.skip("no make")
    result = subprocess.run(
        ["make", "-n", "collect", "PORTS=/dev/ttyACM0 /dev/ttyACM1", "OUT=class7"],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "tools/collect.py --port /dev/ttyACM0 --port /dev/ttyACM1 --out class7" in (
        result.stdout
    )
    default = subprocess.run(
        ["make", "-n", "collect"], cwd=ROOT, capture_output=True, text=True, timeout=30
    )
    assert "tools/collect.py --port auto --out out/collect" in default.stdout


def test_no_device_on_usb_says_so_and_writes_nothing(tmp_path, monkeypatch, capsys):
    import usb_ports

    monkeypatch.setattr(usb_ports, "usb_serial_ports", lambda: [])
    out = tmp_path / "out"
    assert collect.main(["--out", str(out)]) == 2
    assert "no DiceTable found on USB" in capsys.readouterr().err
    assert not out.exists()  # no empty results.csv
    assert collect.main(["--port", str(tmp_path / "ttyACM9"), "--out", str(out)]) == 2
    assert "nothing is plugged in there" in capsys.readouterr().err
    assert not out.exists()
