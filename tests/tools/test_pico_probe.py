"""The Pico bench's device half (tools/pico_probe.py), so the instrument cannot rot unseen: the
staged .mpy tree plays a whole game under the MicroPython unix port (the same probe runs on the
emulated RP2040 in `make bench`), and its report adds up."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bench_pico  # noqa: E402

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


def _probe(tmp_path, board, plan, resumed=False):
    if resumed:  # the staged tree and the data folder of the run before
        return _run(tmp_path, board, plan, True)
    subprocess.run(
        [
            sys.executable,
            os.path.join(ROOT, "tools", "build_mpy.py"),
            "--mpy-cross",
            bench_pico.MPY_CROSS,
            "--src",
            os.path.join(ROOT, "firmware"),
            "--out",
            str(tmp_path / "mpy"),
        ],
        check=True,
        capture_output=True,
    )
    bench_pico.stage(str(tmp_path / "stage"), str(tmp_path / "mpy"))
    return _run(tmp_path, board, plan, False)


def _run(tmp_path, board, plan, resumed):
    data = tmp_path / "data"
    code = "import pico_probe; pico_probe.main(%r, %r, %r, None, %r)" % (
        board,
        plan,
        str(data),
        resumed,
    )
    env = dict(os.environ, MICROPYPATH=".frozen:" + str(tmp_path / "stage" / "lib"))
    done = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=190wK", "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    return bench_pico._report(done.stdout + done.stderr)


def test_probe_plays_two_games_and_reports_every_part(tmp_path):
    report = _probe(tmp_path, "pico_ssd1680", "cybo:2:1:-,cybo:2:1:-")
    assert report["failure"] is None and report["restart"] is None
    assert [game["game"] for game in report["games"]] == ["cybo", "cybo"]
    for game in report["games"]:
        assert game["presses"] > 10 and game["start_us"] > 0
        assert len(game["scores"]) == 2
    mean, worst, count = report["press"]
    assert 0 < mean <= worst and count > 20
    for part in ("rules", "render", "plan", "driver", "leds"):
        assert report[part][2] > 0, part  # every part was timed at every press
        assert report["press_parts"][part][2] == count, part  # and split for a person's presses
    # The parts of a person's press are inside it (a mean each, so a µs of rounding apiece).
    split = report["press_parts"]
    assert 0 < sum(split[part][0] for part in split) <= mean + len(split)
    assert report["games"][1]["decision"][2] > 0  # the bot's choices were timed
    assert 0 < report["least_free"] < 190 * 1024 * 8
    assert report["refreshes"] > 0 and report["panel_bytes"] > 0
    assert report["names"] > 500  # the interned names at the end (micropython.qstr_info)


def test_another_title_ends_the_run_for_a_fresh_start_that_resumes_it(tmp_path):
    """The board restarts for a game of another title (app.py, fresh start): the probe stops
    there, and the next run (bench_pico.run_soak_unix32 does this) boots into that game."""
    first = _probe(tmp_path, "pico_ssd1680", "cybo:2:1:-,trek12:2:1:map=zen")
    assert first["failure"] is None and first["restart"] == 1
    assert [game["game"] for game in first["games"]] == ["cybo"]
    rest = _probe(tmp_path, "pico_ssd1680", "trek12:2:1:map=zen", resumed=True)
    assert rest["failure"] is None and rest["restart"] is None
    assert [game["game"] for game in rest["games"]] == ["trek12"]
    assert rest["games"][0]["decision"][2] > 0  # Trek 12's bot and hints were timed
    assert rest["games"][0]["start_us"] == 0  # it started at boot, resumed from its save
