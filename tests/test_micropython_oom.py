"""A real heap too small for the game, under the MicroPython unix port with the firmware as
.mpy files: wherever the heap runs out (the game's start, a bot, a render), the firmware ends on
its out-of-memory screen and the save resumes on CPython to a state of the same game: the
crash path itself never runs out, at any of several heap sizes. (tests/test_out_of_memory.py
injects the error at each step on CPython.)"""

import os
import subprocess

import pytest
from test_micropython_app import MICROPYTHON, ROOT, mpy_path  # noqa: F401 (a fixture)

from dicetable.core.session import Session
from dicetable.games import load

# On Track is the heaviest game on the 2.9" board; at 190wK it completes.
# Below 150wK the simulator's own panel model does not fit (not the firmware's concern).
HEAPS = ("150wK", "160wK", "170wK", "180wK")


@pytest.mark.parametrize("heap", HEAPS)
def test_a_game_that_does_not_fit_ends_on_the_memory_screen_with_its_save(
    tmp_path,
    mpy_path,  # noqa: F811 (the fixture imported above)
    heap,
):
    data = tmp_path / "flash"
    data.mkdir()
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=" + heap, "tools/mp_oom.py", "sim296", "ontrack", "3",
         "1", str(data)],
        cwd=ROOT, env=dict(os.environ, MICROPYPATH=mpy_path), capture_output=True, text=True,
        timeout=900,
    )  # fmt: skip
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    verdict = [line for line in result.stdout.splitlines() if line.startswith("RESULT")]
    assert verdict, out
    words = verdict[0].split()
    if words[1] == "done":
        return
    if words[1] == "harness":
        # The autopilot's own thinking (a person's, on the table) ran out first: the firmware
        # had not failed, and what it saved so far resumes.
        assert words[2:] == ["MemoryError", "None"], out
        _check_save(data)
        return
    assert words[1:] == ["crash", words[2], "MemoryError"] and words[2].startswith("E-"), out
    # The report with its code, or (no heap left even for the traceback's text) the fallback
    # recovery.crash documents: the name alone and the code E-0000.
    reported = "DiceTable stopped: error %s (MemoryError)" % words[2] in out
    assert reported or (words[2] == "E-0000" and "DiceTable stopped: MemoryError" in out), out
    assert "crash screen failed" not in out  # the out-of-memory screen was drawn
    _check_save(data)


def _check_save(data):
    journal = data / "game.jnl"
    if journal.exists():  # the game had started: its save resumes
        lines = journal.read_text().splitlines(True)
        resumed, report = Session.resume(lines, load)
        assert report.dropped == 0
        assert resumed.state.action_count == len(lines) - 1
