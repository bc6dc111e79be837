"""The Pico bench's device half, so the instruments cannot rot unseen: the staged .mpy tree plays
whole games under the MicroPython unix port (the same files run on the emulated RP2040 and the
32-bit build in `make bench` and tests/test_pico_heap.py). The probe's report adds up, and the
device run (tools/pico_device.py) plays the probe's recorded keys again on firmware/main.py as
deployed and reaches the same games."""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bench_pico  # noqa: E402

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


def _probe(tmp_path, board, plan, resumed=False, record=None):
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
    return _run(tmp_path, board, plan, False, record)


def _run(tmp_path, board, plan, resumed, record=None):
    data = tmp_path / "data"
    code = "import pico_probe; pico_probe.main(%r, %r, %r, None, %r, False, True, %r)" % (
        board,
        plan,
        str(data),
        resumed,
        record,
    )
    return bench_pico._report(_micropython(tmp_path, code))


def _micropython(tmp_path, code):
    env = dict(os.environ, MICROPYPATH=".frozen:" + str(tmp_path / "stage" / "lib"))
    done = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=190wK", "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    return done.stdout + done.stderr


def _replay(tmp_path, board, keys):
    """The device run of `keys` on the 64-bit port, in a flash folder of its own."""
    folder = str(tmp_path / "device")
    if not os.path.isdir(folder):
        shutil.copytree(str(tmp_path / "stage"), folder)
        # The 64-bit port refuses the firmware's x86 machine code as the RP2040's: both fall
        # back to the plain loops (dicetable/loops.py's importers).
        bench_pico.device_tree_unix(board, folder, "armv6m")
    shutil.copyfile(keys, os.path.join(folder, "keys"))
    return bench_pico.run_device_unix(board, "keys", "190wK", False, folder, True, MICROPYTHON)


def test_probe_plays_two_games_and_reports_every_part(tmp_path):
    report = _probe(tmp_path, "pico_ssd1680", "cybo:2:1:-,cybo:2:1:-")
    assert report["failure"] is None and report["restart"] is None
    assert [game["game"] for game in report["games"]] == ["cybo", "cybo"]
    for game in report["games"]:
        assert game["presses"] > 10 and game["start_us"] > 0
        assert len(game["scores"]) == 2
    mean, worst, count = report["press"]
    assert 0 < mean <= worst and count > 20
    # Each game's setup screen was opened from the menu once, counted apart from the presses.
    assert report["open"][2] == 2 and report["open"][0] > 0
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
    there, and the next run (bench_pico.weigh_unix32 does this) boots into that game."""
    first = _probe(tmp_path, "pico_ssd1680", "cybo:2:1:-,trek12:2:1:map=zen")
    assert first["failure"] is None and first["restart"] == 1
    assert [game["game"] for game in first["games"]] == ["cybo"]
    rest = _probe(tmp_path, "pico_ssd1680", "trek12:2:1:map=zen", resumed=True)
    assert rest["failure"] is None and rest["restart"] is None
    assert [game["game"] for game in rest["games"]] == ["trek12"]
    assert rest["games"][0]["decision"][2] > 0  # Trek 12's bot and hints were timed
    assert rest["games"][0]["start_us"] == 0  # it started at boot, resumed from its save


def test_replay_plays_the_recorded_keys_to_the_same_games(tmp_path):
    keys = str(tmp_path / "keys")
    probe = _probe(tmp_path, "pico_kiosk", "gang:3:2:-", record=keys)
    assert probe["failure"] is None and len(probe["games"]) == 1
    recorded = open(keys, "rb").read()
    assert recorded.count(bytes([255])) > 0  # the bots' moves (pico_keys.STEP)
    replay = _replay(tmp_path, "pico_kiosk", keys)
    assert replay["failure"] is None
    assert replay["scores"] == [probe["games"][0]["scores"]]
    assert replay["presses"] == len(recorded) - 1  # every byte but the game's end (GAME_OVER)
    # It weighed the device's app (main.py, the boot layer included), and itself apart.
    assert 0 < replay["least_free"] < 190 * 1024 * 8
    assert 0 < replay["harness"] < 16 * 1024
    assert bench_pico._checked(replay, [probe])["failure"] is None


def test_a_replay_that_strays_from_the_recording_fails(tmp_path):
    keys = str(tmp_path / "keys")
    probe = _probe(tmp_path, "pico_ssd1680", "cybo:2:1:-", record=keys)
    recorded = open(keys, "rb").read()
    # A person's key lost in the middle of the game (the first after a bot's move): every key
    # after it meets another screen than the probe's.
    lost = recorded.index(bytes([255])) + 1
    while recorded[lost] == 255:
        lost += 1
    with open(keys, "wb") as out:
        out.write(recorded[:lost] + recorded[lost + 1 :])
    replay = _replay(tmp_path, "pico_ssd1680", keys)
    assert bench_pico._checked(replay, [probe])["failure"] is not None
