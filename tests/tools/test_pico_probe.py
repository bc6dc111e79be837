"""The Pico bench's device half (tools/pico_probe.py), so the instrument cannot rot unseen: the
staged .mpy tree plays a whole game under the MicroPython unix port (the same probe runs on the
emulated RP2040 in `make bench`), and its report adds up."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bench_pico  # noqa: E402

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


def _probe(tmp_path, board, plan):
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
    data = tmp_path / "data"
    code = "import pico_probe; pico_probe.main(%r, %r, %r)" % (board, plan, str(data))
    env = dict(os.environ, MICROPYPATH=".frozen:" + str(tmp_path / "stage" / "lib"))
    done = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=190wK", "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("PICO ")]
    assert lines, done.stdout + done.stderr
    return json.loads(lines[-1][5:])


def test_probe_plays_two_games_and_reports_every_part(tmp_path):
    report = _probe(tmp_path, "pico_ssd1680", "cybo:2:1:-,trek12:2:1:map=zen")
    assert report["failure"] is None
    assert [game["game"] for game in report["games"]] == ["cybo", "trek12"]
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
    assert report["games"][1]["decision"][2] > 0  # Trek 12's bot and hints were timed
    assert 0 < report["least_free"] < 190 * 1024 * 8
    assert report["refreshes"] > 0 and report["panel_bytes"] > 0
