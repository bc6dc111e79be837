"""`make bench`, the device: the whole app's heap on the largest board, panel bytes per refresh,
LED current on the wire, the watchdog and the idle policy, per real board (numbers only).

Every figure comes from the real board files run through the simulator (it runs them as they
are: the panel models decode what the drivers send, the LED chain's bytes are what the driver
wrote):
- heap: the smallest `-X heapsize` under which a whole game completes on boards/pico_kiosk.py
  (400x300 SSD1683, 16x16 LEDs: the largest panel and matrix), plain and `w`-scaled;
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
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import hostsim.boards  # noqa: E402  (also puts firmware, shims and boards on the path)
from dicetable import app as app_module  # noqa: E402
from dicetable import boot  # noqa: E402
from dicetable.drivers.leds import LEDMatrix  # noqa: E402
from dicetable.ui import refresh  # noqa: E402
from hostsim import script  # noqa: E402
from hostsim.autopilot import Autopilot  # noqa: E402
from hostsim.device import SimDevice  # noqa: E402
from hostsim.drive import play  # noqa: E402

from bench_common import smallest_heap  # noqa: E402

BOARDS = ("badger2040", "pico_ssd1680", "pico_kiosk")
LARGEST = "pico_kiosk"
# Whole games for the heap: the largest Trek 12 map with a full table, and Cybo.
HEAP_GAMES = (
    ("trek12", 6, 5, "map=dhaulagiri"),
    ("cybo", 4, 3, "master"),
)
GAME = ("cybo", {"players": 3, "bots": 2})
_SEED = 7
_MA_PER_CHANNEL = 20  # as dicetable.drivers.leds
_LED_LOGIC_UA = 1000
_IDLE_MINUTES = 10


def heap_figures():
    """[(game, option, plain K or None, scaled wK or None)] on the largest board."""
    rows = []
    for game, players, bots, option in HEAP_GAMES:
        plain = smallest_heap(LARGEST, players, bots, game=game, level=option)
        scaled = None
        if game == HEAP_GAMES[0][0]:
            scaled = smallest_heap(LARGEST, players, bots, "wK", game=game, level=option)
        rows.append(("%s %dp %s" % (game, players, option), plain, scaled))
    return rows


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
    leds = LEDMatrix(
        _Pixels(width * height),
        width,
        height,
        board["led_budget_ma"],
        matrix.get("layout", "rows"),
        matrix.get("rotation", 0),
    )
    return leds.frame_ma(b"\xff" * (3 * width * height))


def _mean(values):
    return sum(values) // len(values) if values else 0


def report():
    print("Device: whole app, panel bytes, LED current, watchdog, idle (simulated real boards)")
    for label, plain, scaled in heap_figures():
        print(
            "  smallest heap, whole %s game on %s (400x300 + 16x16): %sK plain%s"
            % (
                label,
                LARGEST,
                plain or ">1024",
                ", %swK" % (scaled or ">1024") if label.startswith("trek12") else "",
            )
        )
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
