"""`make bench`, the device: the whole app's heap on the largest board, panel bytes per refresh,
LED current on the wire, the watchdog and the idle policy, per real board (numbers only).

Every figure comes from the real board files run through the simulator (it runs them as they
are: the panel models decode what the drivers send, the LED chain's bytes are what the driver
wrote):
- heap: the smallest plain `-X heapsize` under which a whole game completes on
  boards/pico_kiosk.py (400x300 SSD1683, 16x16 LEDs: the largest panel and matrix) with the
  kiosk built, from .mpy as deployed; its `w` figure (half of it on this 64-bit port), and how
  the fullest moment of the game splits: firmware code resident (.mpy bytecode, constants and
  names loaded into RAM), the simulator's and mp_game.py's own code and the panel model
  (controller RAM, glass, ghosting: not on a device), the data (frames, game, kiosk, and the
  simulator's pins and clock), and what transients and fragmentation need on top; then the
  estimate with frozen bytecode (boards/manifests/, docs/deploy.md), whose code stays in flash
  while its module dicts, functions and classes still come to RAM, and both without the
  simulator's own parts;
- panel: bytes of the first (full) refresh, of one menu cursor move (partial, with the size of
  the region that changed), and the mean full and partial refresh over a whole game;
- LEDs: the highest current any frame of a whole game drew, worked out from the bytes sent to
  the chain (the driver's own model: 20 mA per channel at 255, 1 mA per LED), against the
  budget; an all-white frame after the cap (bench_leds has every UI frame); the idle levels;
- watchdog: its longest gap between feeds over the game, against the timeout;
- idle: pin reads and loop wake-ups in ten idle minutes with the LEDs off.

    .venv/bin/python tools/bench_device.py
"""

import asyncio
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import hostsim.boards  # noqa: E402  (also puts firmware, shims and boards on the path)
from dicetable import app as app_module  # noqa: E402
from dicetable import boot  # noqa: E402
from dicetable.drivers import leds as led_driver  # noqa: E402
from dicetable.ui import refresh  # noqa: E402
from hostsim import script  # noqa: E402
from hostsim.autopilot import Autopilot  # noqa: E402
from hostsim.device import SimDevice  # noqa: E402
from hostsim.drive import play  # noqa: E402

import bench_common  # noqa: E402
from bench_common import MICROPYTHON, smallest_heap  # noqa: E402

BOARDS = ("badger2040", "pico_ssd1680", "pico_kiosk")
LARGEST = "pico_kiosk"
# Whole games for the heap: a full Trek 12 table on the map with the most links (the heaviest
# Trek 12), Christmas On Track (the heaviest bot), Cybo, and Trek 12 in kiosk mode (its menu,
# guided round, results log and high-score entry).
HEAP_GAMES = (
    ("trek12", 6, 5, "map=dunai"),
    ("ontrack", 3, 1, "-"),
    ("cybo", 4, 3, "master"),
    ("trek12", 3, 1, "map=zen,kiosk=on"),
)
# The functional test heap (tests/test_micropython_app.py), in this port's plain bytes.
TEST_HEAP_K = 380
# Modules that are built into the device's firmware, in C (the simulator's stand-ins).
_BUILT_IN = ("machine", "neopixel")
GAME = ("cybo", {"players": 3, "bots": 2})
_SEED = 7
_MA_PER_CHANNEL = 20  # as dicetable.drivers.leds
_LED_LOGIC_UA = 1000
_IDLE_MINUTES = 10


def _build(folder):
    """The firmware and the simulator's modules as .mpy in `folder`, for the heap runs alone
    (make bench's shared build may be older than the sources)."""
    firmware = os.path.join(folder, "firmware")
    subprocess.run(
        [sys.executable, "tools/build_mpy.py", "--mpy-cross", bench_common.MPY_CROSS, "--src",
         "firmware", "--out", firmware],
        cwd=bench_common.ROOT, check=True, capture_output=True,
    )  # fmt: skip
    bench_common.BUILD = firmware
    bench_common.HOST_BUILD = os.path.join(folder, "host")
    bench_common.build_host_modules()
    return ".frozen:%s:%s" % (bench_common.BUILD, bench_common.HOST_BUILD)


# Under MicroPython: one whole game through tools/mp_game.py, with a collection before every
# panel update to find the game's fullest moment. There it notes the live bytes (less this
# program's own), the modules loaded, the simulated panel's buffers (controller RAM, glass,
# ghosting: not on a device) and what the firmware modules would still hold in RAM as frozen
# bytecode: bytecode, constants and names stay in flash, while each module's dict, functions,
# classes (type and dict) and the dicts and lists made at import come to RAM. That estimate
# is within 8 % of what frozen asyncio takes in this port (4,464 bytes estimated, 4,128 taken).
_CENSUS = """
import gc, sys
gc.collect()
OWN = gc.mem_alloc()
sys.path.append("tools")
import mp_game

def buffers(model):
    total = 0
    for value in model.__dict__.values():
        for item in value if isinstance(value, list) else (value,):
            if isinstance(item, (bytes, bytearray)):
                total += len(item)
    return total

def table(count):
    return 32 + 16 * (count * 3 // 2 + 1)

def frozen(names):
    total = 0
    for name in names:
        members = sys.modules[name].__dict__
        total += 32 + table(len(members))
        for value in members.values():
            kind = type(value)
            if kind is type and getattr(value, "__module__", None) == name:
                total += 128 + table(len(value.__dict__))
                total += 32 * len([item for item in value.__dict__.values() if callable(item)])
            elif kind is dict:
                total += table(len(value))
            elif kind is list:
                total += 32 + 8 * len(value)
            elif getattr(value, "__globals__", None) is members:
                total += 32
    return total

found = {"peak": 0}

def watch(device):
    app = device.app
    present = app.present

    async def counted():
        gc.collect()
        live = gc.mem_alloc() - OWN
        if live > found["peak"]:
            found.update(peak=live, screen=type(app.shell.screen).__name__,
                         modules=sorted(sys.modules), panel=buffers(device.panel))
        await present()

    app.present = counted

mp_game.main(["mp_game"] + sys.stdin.read().split(), watch)
firmware = [name for name in found["modules"] if name.startswith("dicetable")]
print("CENSUS peak %d at %s" % (found["peak"], found["screen"]))
print("CENSUS panel_model_bytes %d" % found["panel"])
print("CENSUS frozen_residual %d" % frozen(firmware))
print("CENSUS firmware_modules " + " ".join(firmware))
print("CENSUS other_modules " + " ".join([n for n in found["modules"] if n not in firmware]))
"""


def _census(path, game, players, bots, option):
    """The census (_CENSUS) of one whole game at a large heap: {key: text}."""
    with tempfile.TemporaryDirectory() as data:
        result = subprocess.run(
            [MICROPYTHON, "-X", "heapsize=2M", "-c", _CENSUS],
            input=" ".join([LARGEST, str(players), str(bots), option, "7", data, game]),
            cwd=bench_common.ROOT, env=dict(os.environ, MICROPYPATH=path), capture_output=True,
            text=True, timeout=600,
        )  # fmt: skip
    found = {}
    for line in result.stdout.splitlines():
        if line.startswith("CENSUS "):
            key, _space, value = line[7:].partition(" ")
            found[key] = value
    if "peak" not in found:
        raise RuntimeError("census of %s failed: %s" % (game, result.stdout + result.stderr))
    return found


# Imports the modules a census found, in three groups, and prints the bytes each group added:
# the built-in stand-ins and asyncio (frozen in every MicroPython), the firmware, the rest.
_IMPORT_COST = """
import gc, sys
sys.path.append("tools")
def added(names):
    gc.collect()
    before = gc.mem_alloc()
    for name in names:
        __import__(name)
    gc.collect()
    return gc.mem_alloc() - before
groups = [line.split() for line in sys.stdin.read().split(";")]
print(" ".join([str(added(names)) for names in groups]))
"""


def _import_costs(path, groups):
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=4M", "-c", _IMPORT_COST],
        input=";".join([" ".join(names) for names in groups]),
        cwd=bench_common.ROOT, env=dict(os.environ, MICROPYPATH=path), capture_output=True,
        text=True, timeout=120, check=True,
    )  # fmt: skip
    return [int(value) for value in result.stdout.split()]


def heap_figures():
    """Per game on the largest board: {label, plain, peak, screen, code, sim_code, panel,
    data, frozen} in bytes of this port (plain K for `plain`); plain None if over 1024K."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        path = _build(folder)
        for game, players, bots, option in HEAP_GAMES:
            plain = smallest_heap(LARGEST, players, bots, game=game, level=option)
            census = _census(path, game, players, bots, option)
            peak_text, _at, screen = census["peak"].partition(" at ")
            firmware = census["firmware_modules"].split()
            others = census["other_modules"].split()
            runtime = [name for name in others if name in _BUILT_IN or name == "asyncio"]
            sim = [name for name in others if name not in runtime]
            base, code, sim_code = _import_costs(path, (runtime, firmware, sim))
            peak = int(peak_text)
            panel = int(census["panel_model_bytes"])
            rows.append(
                {
                    "label": "%s %dp %s" % (game, players, option),
                    "plain": plain,
                    "peak": peak,
                    "screen": screen,
                    "code": code,
                    "sim_code": sim_code + base,
                    "panel": panel,
                    "data": peak - code - sim_code - base - panel,
                    "frozen": int(census["frozen_residual"]),
                }
            )
    return rows


def _k(count):
    return (count + 1023) // 1024


def print_heap(rows):
    print(
        "  heap on %s (400x300 + 16x16, kiosk built, .mpy as deployed), in K of this 64-bit"
        " port (wK = K/2); the test heap is %dK = %dwK" % (LARGEST, TEST_HEAP_K, TEST_HEAP_K // 2)
    )
    for row in rows:
        plain = row["plain"]
        if plain is None:
            print("    %-30s smallest heap >1024K" % row["label"])
            continue
        code, frozen = _k(row["code"]), _k(row["frozen"])
        sim = _k(row["sim_code"]) + _k(row["panel"])
        over = "" if plain <= TEST_HEAP_K else "  (over the test heap)"
        print("    %-30s smallest heap %dK = %dwK%s" % (row["label"], plain, plain // 2, over))
        print(
            "      at its fullest (%s): firmware code %dK; simulator and harness code %dK,"
            " panel model %dK; data %dK; transients and fragmentation %dK"
            % (
                row["screen"],
                code,
                _k(row["sim_code"]),
                _k(row["panel"]),
                _k(row["data"]),
                plain - _k(row["peak"]),
            )
        )
        print(
            "      frozen bytecode: ~%dK = ~%dwK (the code's dicts, functions, classes: ~%dK);"
            " without the simulator: ~%dK .mpy, ~%dK frozen"
            % (plain - code + frozen, (plain - code + frozen) // 2, frozen, plain - sim,
               plain - code + frozen - sim)
        )  # fmt: skip


class _Wire:
    """The LED chain as the simulator records it: current of every frame sent."""

    def __init__(self, board):
        import machine  # the simulator's, on the path once hostsim is imported

        matrix = board["matrix"]
        self.count = matrix["width"] * matrix["height"]
        self.worst = 0
        self.last = 0
        machine._attach_bitstream(matrix["pin"], self.frame)

    def frame(self, data):
        self.last = self.current_ma(data)
        self.worst = max(self.worst, self.last)

    def current_ma(self, data):
        micro_amps = self.count * _LED_LOGIC_UA + sum(data) * _MA_PER_CHANNEL * 1000 // 255
        return (micro_amps + 999) // 1000


def _refreshes(device, steps, autopilot=None):
    seen = []
    device.app.on_refresh = lambda app: seen.append(app.last_refresh)
    asyncio.run(play(device, script.parse(steps), autopilot))
    return seen


def board_figures(name):
    """Panel bytes, LED current, watchdog gaps for one board over a menu move and a game."""
    with tempfile.TemporaryDirectory() as data:
        device = SimDevice(name, data, seed=_SEED)
        wire = _Wire(device.board)
        menu = _refreshes(device, "DOWN")
        game = _refreshes(device, "UP", Autopilot(GAME[0], GAME[1]))
        watchdog = device.watchdog_report()
    fulls = [sent for kind, _rect, sent in game if kind == refresh.FULL]
    partials = [sent for kind, _rect, sent in game if kind == refresh.PARTIAL]
    move = menu[-1]
    return {
        "first_full": menu[0][2],
        "move_bytes": move[2],
        "move_region": move[1][2] * move[1][3] // 8,
        "fulls": fulls,
        "partials": partials,
        "worst_ma": wire.worst,
        "budget": device.board["led_budget_ma"],
        "max_gap": watchdog["max_gap"],
        "game_ms": device.clock.now,
    }


def idle_figures(name):
    """LED current dimmed and off, pin reads and loop wake-ups in ten idle minutes."""
    import machine

    with tempfile.TemporaryDirectory() as data:
        device = SimDevice(name, data, seed=_SEED)
        wire = _Wire(device.board)
        policy = device.board.get("idle", {})
        dim_ms = policy.get("dim_ms", app_module.IDLE_DIM_MS)
        off_ms = policy.get("off_ms", app_module.IDLE_OFF_MS)
        reads = [0]

        def released():
            reads[0] += 1
            return 0 if device.board["buttons"].get("active") == "high" else 1

        async def run():
            device.start()
            try:
                await device.wait_idle()
                lit = wire.last
                await device.clock.sleep_ms(dim_ms + 100)
                dimmed = wire.last
                await device.clock.sleep_ms(off_ms - dim_ms)
                off = wire.last
                for pin in device.board["buttons"]["pins"].values():
                    machine._sample(pin, released)
                reads[0] = 0
                feeds = device.watchdog_report()["feeds"]
                await device.clock.sleep_ms(_IDLE_MINUTES * 60_000)
                woken = device.watchdog_report()["feeds"] - feeds
                return lit, dimmed, off, reads[0], woken
            finally:
                await device.stop()

        lit, dimmed, off, pin_reads, woken = asyncio.run(run())
    return {
        "dim_s": dim_ms // 1000,
        "off_s": off_ms // 1000,
        "lit": lit,
        "dimmed": dimmed,
        "off": off,
        "reads": pin_reads,
        "wakeups": woken,
    }


class _Pixels:
    """A NeoPixel stand-in: the driver only needs `buf` and `write()`."""

    def __init__(self, count):
        self.buf = bytearray(3 * count)

    def write(self):
        pass


def white_ma(board):
    """What an all-white frame draws once the board's LED driver has capped it."""
    matrix = board["matrix"]
    width, height = matrix["width"], matrix["height"]
    leds = led_driver.for_board(board, _Pixels(width * height))
    leds.show(b"\xff" * (3 * width * height))
    return leds.last_current_ma()


def _mean(values):
    return sum(values) // len(values) if values else 0


def report():
    print("Device: whole app, panel bytes, LED current, watchdog, idle (simulated real boards)")
    print_heap(heap_figures())
    for name in BOARDS:
        figures = board_figures(name)
        white = white_ma(hostsim.boards.load_board(name))
        print(
            "  %-12s panel: first full %6d B; menu move %5d B (%5d B changed); %s game: "
            "%d full, mean %d B, %d partial, mean %d B"
            % (
                name,
                figures["first_full"],
                figures["move_bytes"],
                figures["move_region"],
                GAME[0],
                len(figures["fulls"]),
                _mean(figures["fulls"]),
                len(figures["partials"]),
                _mean(figures["partials"]),
            )
        )
        print(
            "  %-12s LEDs: worst frame of the game %4d mA on the wire, all white %4d mA, "
            "budget %4d mA%s"
            % (
                "",
                figures["worst_ma"],
                white,
                figures["budget"],
                "  OVER BUDGET" if max(figures["worst_ma"], white) > figures["budget"] else "",
            )
        )
        print(
            "  %-12s watchdog: longest gap between feeds %d ms of %d ms (%d s game)"
            % ("", figures["max_gap"], boot.WATCHDOG_MS, figures["game_ms"] // 1000)
        )
        idle = idle_figures(name)
        print(
            "  %-12s idle: LEDs %d mA lit, %d mA dimmed at %d s, %d mA off at %d s; "
            "in %d idle min: %d pin reads, %d wake-ups (watchdog feeds)"
            % (
                "",
                idle["lit"],
                idle["dimmed"],
                idle["dim_s"],
                idle["off"],
                idle["off_s"],
                _IDLE_MINUTES,
                idle["reads"],
                idle["wakeups"],
            )
        )


if __name__ == "__main__":
    report()
