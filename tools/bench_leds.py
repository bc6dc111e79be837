"""Bench section: LED current per board against its budget (numbers, not pass/fail).

For each real board file, the LED driver (dicetable.drivers.leds) is built with the board's
geometry and budget on a stand-in for the NeoPixel, and its current estimate is taken for the
worst input (every LED white at 255) and for the frames the UI really draws: each die face in
each colour, pages of several dice, the d12 grid, the roll animation, turn edges and the idle
light. "Uncapped" is what the same frame would draw with no budget.

    .venv/bin/python tools/bench_leds.py
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import hostsim  # noqa: E402,F401  (firmware, shims and boards on the path)
from dicetable.drivers.leds import LEDMatrix  # noqa: E402
from dicetable.ui import dice_leds  # noqa: E402

BOARDS = ("badger2040", "pico_ssd1680", "pico_kiosk")
_NO_LIMIT_MA = 1_000_000


class _Pixels:
    """What the driver needs of a NeoPixel: a GRB buffer and write()."""

    ORDER = (1, 0, 2, 3)

    def __init__(self, count):
        self.buf = bytearray(3 * count)

    def write(self):
        pass


def load_board(name):
    return __import__("boards." + name, None, None, ("BOARD",)).BOARD


def ui_frames(width, height):
    """(label, frame) for the frames the UI draws, each a fresh bytearray."""
    frame = bytearray(3 * width * height)
    canvas = dice_leds.DiceCanvas(frame, width, height)
    colours = range(len(dice_leds.COLOUR_NAMES))
    for colour in colours:
        for face in range(7):
            canvas.die(face, colour)
            yield "d6 %d %s" % (face, dice_leds.COLOUR_NAMES[colour]), bytes(frame)
        canvas.die(0, colour, dice_leds.GANG)
        yield "gangster %s" % dice_leds.COLOUR_NAMES[colour], bytes(frame)
        for count in (2, 4, 6):
            canvas.dice([6] * count, colour)
            yield "%d dice of 6 %s" % (count, dice_leds.COLOUR_NAMES[colour]), bytes(frame)
        canvas.d12(list(range(1, 13)), colour)
        yield "d12 all cells %s" % dice_leds.COLOUR_NAMES[colour], bytes(frame)
    for step in range(dice_leds.ROLL_FRAMES):
        canvas.roll(step, 5, 1, dice_leds.WHITE)
        yield "roll frame %d" % step, bytes(frame)
    for edge in range(4):
        canvas.die(6, dice_leds.WHITE)
        canvas.turn(dice_leds.WHITE, edge)
        yield "white 6 + turn edge %d" % edge, bytes(frame)
    for step in range(8):
        canvas.idle(step)
        yield "idle %d" % step, bytes(frame)


def _frame_ma(matrix, frame):
    """The mA `frame` draws once `matrix` (on fake pixels) has capped and shown it."""
    matrix.show(frame)
    return matrix.last_current_ma()


def measure(board):
    """Figures for one board: budget, all-white capped/uncapped, worst UI frame."""
    matrix_data = board["matrix"]
    width, height = matrix_data["width"], matrix_data["height"]
    budget = board["led_budget_ma"]
    count = width * height

    def matrix(limit, pixels=None):
        return LEDMatrix(
            pixels or _Pixels(count),
            width,
            height,
            limit,
            matrix_data.get("layout", "rows"),
            matrix_data.get("rotation", 0),
        )

    pixels = _Pixels(count)
    capped = matrix(budget, pixels)
    free = matrix(_NO_LIMIT_MA)
    white = bytes(b"\xff" * (3 * count))
    white_capped = _frame_ma(capped, white)
    white_level = max(pixels.buf)
    worst = (0, "", 0)
    scaled = frames = 0
    for label, frame in ui_frames(capped.width, capped.height):
        current = _frame_ma(capped, frame)
        wanted = _frame_ma(free, frame)
        frames += 1
        scaled += wanted > budget
        if current > worst[0]:
            worst = (current, label, wanted)
    return {
        "size": "%dx%d" % (width, height),
        "budget": budget,
        "white_capped": white_capped,
        "white_uncapped": _frame_ma(free, white),
        "white_level": white_level,
        "dark": _frame_ma(capped, bytes(3 * count)),
        "worst": worst,
        "frames": frames,
        "scaled": scaled,
    }


def report():
    print("LEDs: worst-case current per board against its budget (estimate, mA, LED logic incl.)")
    for name in BOARDS:
        figures = measure(load_board(name))
        current, label, wanted = figures["worst"]
        print(
            "  %-12s %-5s budget %4d | all white %4d (uncapped %5d, level %3d/255) | dark %3d"
            % (
                name,
                figures["size"],
                figures["budget"],
                figures["white_capped"],
                figures["white_uncapped"],
                figures["white_level"],
                figures["dark"],
            )
        )
        print(
            "  %-12s worst UI frame %4d (%s, uncapped %d); %d of %d UI frames scaled down"
            % ("", current, label, wanted, figures["scaled"], figures["frames"])
        )
        if max(current, figures["white_capped"]) > figures["budget"]:
            print("  %-12s OVER BUDGET" % "")


if __name__ == "__main__":
    report()
