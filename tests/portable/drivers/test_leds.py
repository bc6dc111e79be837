"""LED matrix driver: pixel order, rotation, gamma, the per-frame current cap, write-on-change."""

import micropython

from dicetable.drivers import leds
from dicetable.drivers.leds import LEDMatrix
from dicetable.ui import dice_leds


class _Pixels:
    """The parts of MicroPython's NeoPixel the driver uses."""

    ORDER = (1, 0, 2, 3)  # GRB
    bpp = 3

    def __init__(self, count):
        self.buf = bytearray(3 * count)
        self.writes = 0

    def write(self):
        self.writes += 1


def _matrix(width, height, budget_ma=100000, **options):
    pixels = _Pixels(width * height)
    return LEDMatrix(pixels, width, height, budget_ma, **options), pixels


def _lit(matrix, pixels, x, y):
    """Chain index of the LED that lights for logical pixel (x, y) alone (in red)."""
    frame = bytearray(3 * matrix.width * matrix.height)
    frame[3 * (y * matrix.width + x)] = 255
    matrix.show(frame)
    lit = [i for i in range(len(pixels.buf) // 3) if pixels.buf[3 * i + 1]]
    assert len(lit) == 1
    assert pixels.buf[3 * lit[0]] == 0 and pixels.buf[3 * lit[0] + 2] == 0  # G and B dark
    return lit[0]


def _exact_ua(pixels):
    """Current of the bytes in buf, exact: 1 mA per LED plus 20 mA per channel at 255."""
    return len(pixels.buf) // 3 * 1000 + sum(pixels.buf) * 20 * 1000 // 255


class _Lcg:
    """A tiny deterministic source of test frames (the same on both runtimes)."""

    def __init__(self, seed):
        self.state = seed

    def next(self, limit):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % limit


# --- geometry -------------------------------------------------------------------------------
def test_rows_layout_and_grb_order():
    matrix, pixels = _matrix(4, 3)
    assert (matrix.width, matrix.height) == (4, 3)
    for y in range(3):
        for x in range(4):
            assert _lit(matrix, pixels, x, y) == y * 4 + x
    assert pixels.buf[3 * 11 + 1] == 255  # full red at an unlimited budget


def test_serpentine_reverses_odd_rows():
    matrix, pixels = _matrix(4, 3, layout="serpentine")
    assert _lit(matrix, pixels, 0, 0) == 0
    assert _lit(matrix, pixels, 0, 1) == 7
    assert _lit(matrix, pixels, 3, 1) == 4
    assert _lit(matrix, pixels, 1, 2) == 9


def test_rotation_moves_the_top_left_corner_clockwise():
    # 4 x 3 panel; the logical top-left pixel lands on the corner the rotation turns it to.
    for rotation, size, corner in (
        (0, (4, 3), 0),
        (90, (3, 4), 3),
        (180, (4, 3), 11),
        (270, (3, 4), 8),
    ):
        matrix, pixels = _matrix(4, 3, rotation=rotation)
        assert (matrix.width, matrix.height) == size
        assert _lit(matrix, pixels, 0, 0) == corner
    matrix, pixels = _matrix(4, 3, rotation=90)
    assert _lit(matrix, pixels, 1, 0) == 7  # one step right = one row down the panel
    matrix, pixels = _matrix(4, 3, layout="serpentine", rotation=90)
    assert _lit(matrix, pixels, 1, 0) == 4  # row 1 of the panel runs right to left


def test_every_geometry_is_a_one_to_one_mapping():
    for layout in ("rows", "serpentine"):
        for rotation in (0, 90, 180, 270):
            matrix, pixels = _matrix(5, 3, layout=layout, rotation=rotation)
            seen = []
            for y in range(matrix.height):
                for x in range(matrix.width):
                    seen.append(_lit(matrix, pixels, x, y))
            seen.sort()
            assert seen == list(range(15))


# --- gamma ----------------------------------------------------------------------------------
def test_gamma_table_is_the_formula():
    table = leds._GAMMA
    assert len(table) == 256
    for value in range(256):
        assert table[value] == int(255 * (value / 255) ** 2.5 + 0.5), value


def test_gamma_and_dimming():
    matrix, pixels = _matrix(8, 8, 400)
    frame = bytearray(3 * 64)
    previous = 0
    for level in range(256):
        frame[0] = level
        matrix.show(frame)
        value = pixels.buf[1]
        assert value >= previous  # monotonic
        assert (value > 0) == (level > 0)  # a lit pixel never rounds to dark
        previous = value
    assert previous == 255  # one red LED is far below 400 mA: full duty
    frame[0] = 128
    matrix.show(frame)
    assert pixels.buf[1] == leds._GAMMA[128] < 64  # gamma darkens the mid-tones
    matrix.set_brightness(128)
    matrix.show(frame)
    assert pixels.buf[1] == leds._GAMMA[128] * 128 // 255
    matrix.set_brightness(0)
    matrix.show(frame)
    assert max(pixels.buf) == 0
    matrix.off()
    assert max(pixels.buf) == 0 and matrix.last_current_ma() == 64


# --- the current cap ------------------------------------------------------------------------
def test_all_white_stays_within_the_budget():
    for width, height, budget in (
        (8, 8, 300),
        (8, 8, 400),
        (16, 16, 500),
        (16, 16, 1500),
        (8, 8, 5000),
    ):
        matrix, pixels = _matrix(width, height, budget)
        frame = bytearray(b"\xff" * (3 * width * height))
        matrix.show(frame)
        estimate = matrix.last_current_ma()
        assert _exact_ua(pixels) <= budget * 1000 and estimate <= budget
        assert 0 <= estimate * 1000 - _exact_ua(pixels) <= 1001  # the current, rounded up
        assert min(pixels.buf) == max(pixels.buf)  # one factor for the whole frame
        # A capped frame uses most of the budget, not a worst-case fraction of it.
        assert estimate >= budget * 9 // 10 or min(pixels.buf) == 255, (budget, estimate)
    matrix, pixels = _matrix(8, 8, 5000)
    matrix.show(bytearray(b"\xff" * 192))
    assert min(pixels.buf) == 255  # 64 white LEDs draw 3.9 A: no scaling at 5 A


def test_no_frame_ever_exceeds_the_budget():
    random = _Lcg(7)
    for width, height, budget in ((8, 8, 300), (8, 8, 400), (16, 16, 1500), (4, 4, 60)):
        matrix, pixels = _matrix(width, height, budget, layout="serpentine")
        size = 3 * width * height
        frame = bytearray(size)
        for trial in range(60):
            kind = trial % 4
            for i in range(size):
                if kind == 0:  # noise
                    frame[i] = random.next(256)
                elif kind == 1:  # sparse bright pixels among dim ones
                    frame[i] = 255 if random.next(9) == 0 else random.next(40)
                elif kind == 2:  # one channel full
                    frame[i] = 255 if i % 3 == trial % 3 else 0
                else:  # every channel lit at a low level
                    frame[i] = 1 + random.next(30)
            matrix.set_brightness(255 if trial % 5 else 200)
            matrix.show(frame)
            assert _exact_ua(pixels) <= budget * 1000, (width, height, trial)
            estimate = matrix.last_current_ma()
            assert estimate <= budget and 0 <= estimate * 1000 - _exact_ua(pixels) <= 1001
            for i in range(size):  # lit stays lit, dark stays dark
                physical = pixels.buf
                assert (frame[i] > 0) == (physical[_channel_offset(matrix, i)] > 0)


def _channel_offset(matrix, index):
    pixel, channel = index // 3, index % 3
    return matrix._offsets[pixel] + matrix._pixels.ORDER[channel]


def test_a_frame_within_the_budget_is_not_dimmed():
    matrix, pixels = _matrix(8, 8, 400)
    frame = bytearray(3 * 64)
    canvas = dice_leds.DiceCanvas(frame, 8, 8)
    canvas.die(1, dice_leds.RED)
    matrix.show(frame)
    assert max(pixels.buf) == 255  # the pip at full duty
    assert matrix.last_current_ma() < 400


def test_a_single_die_is_much_brighter_than_an_all_white_cap():
    # The old cap (sized for an all-white frame) allowed 22/255 on 8x8 at 400 mA.
    matrix, pixels = _matrix(8, 8, 400, layout="serpentine")
    frame = bytearray(3 * 64)
    canvas = dice_leds.DiceCanvas(frame, 8, 8)
    for face in range(1, 7):
        canvas.die(face, dice_leds.RED)
        matrix.show(frame)
        assert max(pixels.buf) >= 160, (face, max(pixels.buf))
        assert matrix.last_current_ma() <= 400
        for colour in range(len(dice_leds.COLOUR_NAMES)):
            canvas.die(face, colour)
            matrix.show(frame)
            assert max(pixels.buf) >= 2 * 22, (face, colour, max(pixels.buf))
            assert _exact_ua(pixels) <= 400 * 1000
    canvas.die(1, dice_leds.WHITE)
    matrix.show(frame)
    assert max(pixels.buf) >= 200


def test_scaling_keeps_colours():
    # A frame over the budget keeps its hues: channel ratios survive the scaling.
    matrix, pixels = _matrix(8, 8, 300)
    frame = bytearray(3 * 64)
    for pixel in range(64):
        frame[3 * pixel] = 255  # red full
        frame[3 * pixel + 2] = 200  # blue a little less: gamma 2.5 gives about 0.55
    matrix.show(frame)
    red, blue = pixels.buf[1], pixels.buf[2]
    assert red < 255 and 0 < blue < red
    assert abs(blue * 255 - red * leds._GAMMA[200]) <= 255  # within one step of the ratio


def test_current_estimate_follows_the_frame():
    matrix, pixels = _matrix(8, 8, 300)
    frame = bytearray(3 * 64)
    matrix.show(frame)
    assert matrix.last_current_ma() == 64  # the LEDs' own logic only
    frame[0] = 255
    matrix.show(frame)
    assert matrix.last_current_ma() == 84


# --- board files ----------------------------------------------------------------------------
_BOARDS = ("badger2040", "pico_ssd1680", "pico_kiosk", "sim296", "sim400")


def _board(name):
    return __import__("boards." + name, None, None, ("BOARD",)).BOARD


def test_every_board_keeps_an_all_white_frame_within_its_budget():
    for name in _BOARDS:
        board = _board(name)
        geometry = board["matrix"]
        budget = board["led_budget_ma"]
        matrix, pixels = _matrix(
            geometry["width"],
            geometry["height"],
            budget,
            layout=geometry.get("layout", "rows"),
            rotation=geometry.get("rotation", 0),
        )
        matrix.show(bytearray(b"\xff" * len(pixels.buf)))
        assert _exact_ua(pixels) <= budget * 1000, name
        assert matrix.last_current_ma() <= budget, name
        assert min(pixels.buf) >= 15, name  # the cap leaves white visible


def test_board_files_use_each_pin_once():
    for name in _BOARDS:
        board = _board(name)
        panel = board["panel"]
        pins = [panel[key] for key in ("sck", "mosi", "cs", "dc", "rst", "busy")]
        pins.append(board["matrix"]["pin"])
        buttons = board["buttons"]
        for button in sorted(buttons["pins"]):
            pins.append(buttons["pins"][button])
            assert button in buttons["keys"], (name, button)
        if "power_hold_pin" in board:
            pins.append(board["power_hold_pin"])
        for pin in pins:
            assert 0 <= pin <= 29 and pins.count(pin) == 1, (name, pin)
        for button in buttons.get("long", {}):
            assert button in buttons["pins"], (name, button)
        for pair, _key in buttons.get("chords", ()):
            assert pair[0] in buttons["pins"] and pair[1] in buttons["pins"], (name, pair)
        assert buttons.get("active", "low") in ("low", "high"), name


# --- writing --------------------------------------------------------------------------------
def test_no_write_when_frame_unchanged():
    matrix, pixels = _matrix(8, 8, 400)
    frame = bytearray(3 * 64)
    frame[5] = 200
    assert matrix.show(frame) is True
    assert matrix.show(frame) is False
    assert matrix.show(bytes(frame)) is False  # an equal copy is the same frame
    assert pixels.writes == 1
    frame[5] = 201  # may map to the same LED byte after gamma: then no write either
    frame[100] = 255
    assert matrix.show(frame) is True
    assert pixels.writes == 2
    matrix.set_brightness(128)  # same frame, new brightness: must be written
    assert matrix.show(frame) is True
    assert matrix.show(frame) is False
    assert pixels.writes == 3
    matrix.off()  # the LEDs went dark: the same frame must be written again
    assert matrix.show(frame) is True
    assert pixels.writes == 5


def test_a_capped_frame_is_written_once():
    matrix, pixels = _matrix(8, 8, 300)
    frame = bytearray(b"\xff" * 192)
    assert matrix.show(frame) is True
    assert matrix.show(frame) is False
    frame[0] = 254  # over the budget both times: the scaled bytes decide
    matrix.show(frame)
    assert pixels.writes <= 2
    assert _exact_ua(pixels) <= 300 * 1000


def test_a_frame_shows_the_same_bytes_whatever_came_before():
    # The driver keeps the last scaled table: a frame after others, at another brightness or
    # after a capped one, gets the bytes a fresh driver gives it.
    random = _Lcg(3)
    matrix, pixels = _matrix(8, 8, 300, layout="serpentine")
    frames = []
    for _ in range(12):
        level = 120 + random.next(136)
        frame = bytearray(255 if random.next(3) else random.next(60) for _ in range(192))
        frames.append((level, frame))
        frames.append((level, frame))  # shown again: the same table
    for level, frame in frames:
        matrix.set_brightness(level)
        matrix.show(frame)
        fresh, fresh_pixels = _matrix(8, 8, 300, layout="serpentine")
        fresh.set_brightness(level)
        fresh.show(frame)
        assert pixels.buf == fresh_pixels.buf
        assert matrix.last_current_ma() == fresh.last_current_ma()


def test_first_frame_is_always_written():
    matrix, pixels = _matrix(8, 8, 400)
    assert matrix.show(bytearray(3 * 64)) is True  # dark, but the LEDs' state was unknown
    assert pixels.writes == 1


def test_show_allocates_nothing():
    if not hasattr(micropython, "heap_lock"):  # CPython: nothing to measure
        return
    matrix, pixels = _matrix(16, 16, 500, layout="serpentine", rotation=90)
    frame = bytearray(3 * 256)
    white = bytearray(b"\xff" * (3 * 256))  # over the budget: the scaling path
    micropython.heap_lock()
    try:
        for step in range(4):
            frame[step] = 255
            matrix.show(frame)
            matrix.show(frame)
        matrix.show(white)
        matrix.show(white)
        current = matrix.last_current_ma()
    finally:
        micropython.heap_unlock()
    assert pixels.writes == 5 and 256 < current <= 500


def test_bad_geometry_raises():
    pixels = _Pixels(64)
    for args, options, words in (
        ((8, 8, 400), {"layout": "zigzag"}, "layout"),
        ((8, 8, 400), {"rotation": 45}, "rotation"),
        ((8, 4, 400), {}, "needs 32 RGB LEDs; pixels has 192 bytes"),
        ((8, 8, 50), {}, "budget 50 mA is too small for 64 LEDs (at least 80 mA)"),
    ):
        try:
            LEDMatrix(pixels, *args, **options)
        except ValueError as exc:
            assert words in str(exc), str(exc)
        else:
            raise AssertionError("accepted %r %r" % (args, options))
    LEDMatrix(pixels, 8, 8, 80)  # the least budget that lights everything works
    matrix = LEDMatrix(pixels, 8, 8, 400)
    for bad in (lambda: matrix.show(bytearray(10)), lambda: matrix.set_brightness(300)):
        try:
            bad()
        except ValueError:
            pass
        else:
            raise AssertionError("accepted a bad value")
