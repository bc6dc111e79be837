"""The whole app - shell, Cybo, sheet, SSD1680 driver, buttons, LEDs, journal on a flash folder -
plays a full game under the real MicroPython unix port at an RP2040-sized heap, on the
simulator's device models, and ends with the same scores as on CPython."""

import asyncio
import os
import subprocess

from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


def test_full_game_under_micropython_matches_cpython(tmp_path):
    env = dict(os.environ, MICROPYPATH=".frozen:firmware:hostsim/shims:.")
    data = tmp_path / "mp"
    data.mkdir()
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=190wK", "tools/mp_game.py", "sim296", "3", "2",
         "advanced", "7", str(data)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "GAME OK" in result.stdout
    device = SimDevice("sim296", str(tmp_path / "cpython"), seed=7)
    asyncio.run(play(device, [], Autopilot("cybo", {"players": 3, "bots": 2})))
    scores = device.app.shell.screen.session.state.scores()
    assert "scores %r " % (scores,) in result.stdout
    # Both runtimes wrote the same journal, byte for byte.
    with (
        open(data / "last.jnl", "rb") as mp_file,
        open(tmp_path / "cpython" / "last.jnl", "rb") as cp,
    ):
        assert mp_file.read() == cp.read()


def test_full_gang_game_fits_the_micropython_heap(tmp_path):
    """Gang of Dice rolls thousands of dice a game: the device keeps no history in RAM."""
    env = dict(os.environ, MICROPYPATH=".frozen:firmware:hostsim/shims:.")
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=190wK", "tools/mp_game.py", "sim296", "4", "3", "-",
         "7", str(tmp_path), "gang"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "GAME OK" in result.stdout


def test_full_trek12_game_under_micropython_matches_cpython(tmp_path):
    """Two people and a bot on the largest base map, every placement through the buttons."""
    env = dict(os.environ, MICROPYPATH=".frozen:firmware:hostsim/shims:.")
    data = tmp_path / "mp"
    data.mkdir()
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=190wK", "tools/mp_game.py", "sim296", "3", "1",
         "map=dhaulagiri", "7", str(data), "trek12"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "GAME OK" in result.stdout
    device = SimDevice("sim296", str(tmp_path / "cpython"), seed=7)
    options = {"players": 3, "bots": 1, "map": "dhaulagiri"}
    asyncio.run(play(device, [], Autopilot("trek12", options)))
    scores = device.app.shell.screen.session.state.scores()
    assert "scores %r " % (scores,) in result.stdout
    with (
        open(data / "last.jnl", "rb") as mp_file,
        open(tmp_path / "cpython" / "last.jnl", "rb") as cp,
    ):
        assert mp_file.read() == cp.read()


def test_full_ontrack_game_under_micropython_matches_cpython(tmp_path):
    """Christmas On Track: two people and a bot, every piece through the buttons."""
    env = dict(os.environ, MICROPYPATH=".frozen:firmware:hostsim/shims:.")
    data = tmp_path / "mp"
    data.mkdir()
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=190wK", "tools/mp_game.py", "sim296", "3", "1", "-",
         "7", str(data), "ontrack"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "GAME OK" in result.stdout
    device = SimDevice("sim296", str(tmp_path / "cpython"), seed=7)
    asyncio.run(play(device, [], Autopilot("ontrack", {"players": 3, "bots": 1})))
    scores = device.app.shell.screen.session.state.scores()
    assert "scores %r " % (scores,) in result.stdout
    with (
        open(data / "last.jnl", "rb") as mp_file,
        open(tmp_path / "cpython" / "last.jnl", "rb") as cp,
    ):
        assert mp_file.read() == cp.read()


def test_full_dicetrip_game_under_micropython_matches_cpython(tmp_path):
    """Dice Trip: two people and a bot, every roll, power and placement through the buttons."""
    env = dict(os.environ, MICROPYPATH=".frozen:firmware:hostsim/shims:.")
    data = tmp_path / "mp"
    data.mkdir()
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=190wK", "tools/mp_game.py", "sim296", "3", "1", "-",
         "31", str(data), "dicetrip"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "GAME OK" in result.stdout
    device = SimDevice("sim296", str(tmp_path / "cpython"), seed=31)
    asyncio.run(play(device, [], Autopilot("dicetrip", {"players": 3, "bots": 1})))
    state = device.app.shell.screen.session.state
    assert state.rerolled[0] and state.twice[0]  # (seed 31) the powers went through menus too
    assert "scores %r " % (state.scores(),) in result.stdout
    with (
        open(data / "last.jnl", "rb") as mp_file,
        open(tmp_path / "cpython" / "last.jnl", "rb") as cp,
    ):
        assert mp_file.read() == cp.read()
