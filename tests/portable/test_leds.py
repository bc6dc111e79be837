"""LED matrix driver: pixel order, rotation, current cap, write-on-change."""

import micropython

from dicetable.drivers.leds import LEDMatrix


class _Pixels:
    """The parts of micropython-lib's NeoPixel the driver uses."""

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


def _exact_ua(pixels, count):
    """Current of the bytes in buf, exact: 1 mA per LED plus 20 mA per channel at 255."""
    return count * 1000 + sum(pixels.buf) * 20 * 1000 // 255


def test_brightness_cap_never_exceeded_on_all_white():
    for width, height, budget in (
        (8, 8, 300),
        (8, 8, 500),
        (16, 16, 500),
        (16, 16, 900),
        (8, 8, 5000),
    ):
        matrix, pixels = _matrix(width, height, budget)
        count = width * height
        frame = bytearray(b"\xff" * (3 * count))
        matrix.show(frame)
        assert _exact_ua(pixels, count) <= budget * 1000
        assert matrix.last_current_ma() <= budget
        assert min(pixels.buf) == max(pixels.buf) == matrix.cap
        # The whole frame is scaled, so a mixed frame keeps its proportions under the cap.
        for i in range(0, len(frame), 6):
            frame[i] = 128
        matrix.show(frame)
        assert _exact_ua(pixels, count) <= budget * 1000
    matrix, pixels = _matrix(8, 8, 5000)
    assert matrix.cap == 255  # enough budget: no scaling
    matrix, pixels = _matrix(8, 8, 300)
    assert 0 < matrix.cap < 255


def test_current_estimate_follows_the_frame():
    matrix, pixels = _matrix(8, 8, 300)
    frame = bytearray(3 * 64)
    matrix.show(frame)
    assert matrix.last_current_ma() == 64  # the LEDs' own logic only
    frame[0] = 255
    matrix.show(frame)
    assert matrix.last_current_ma() == 64 + matrix.cap * 20 // 255


def test_no_write_when_frame_unchanged():
    matrix, pixels = _matrix(8, 8, 400)
    frame = bytearray(3 * 64)
    frame[5] = 200
    assert matrix.show(frame) is True
    assert matrix.show(frame) is False
    assert pixels.writes == 1
    frame[5] = 201  # may map to the same LED byte after gamma: then no write either
    frame[100] = 255
    assert matrix.show(frame) is True
    assert pixels.writes == 2
    matrix.set_brightness(128)  # same frame, new brightness: must be written
    assert matrix.show(frame) is True
    assert matrix.show(frame) is False
    assert pixels.writes == 3


def test_first_frame_is_always_written():
    matrix, pixels = _matrix(8, 8, 400)
    assert matrix.show(bytearray(3 * 64)) is True  # dark, but the LEDs' state was unknown
    assert pixels.writes == 1


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
    assert previous == matrix.cap
    frame[0] = 128
    matrix.show(frame)
    assert pixels.buf[1] < 128 * matrix.cap // 255  # gamma darkens the mid-tones
    matrix.set_brightness(0)
    matrix.show(frame)
    assert max(pixels.buf) == 0
    matrix.off()
    assert max(pixels.buf) == 0 and matrix.last_current_ma() == 64


def test_show_allocates_nothing():
    if not hasattr(micropython, "heap_lock"):  # CPython: nothing to measure
        return
    matrix, pixels = _matrix(16, 16, 500, layout="serpentine", rotation=90)
    frame = bytearray(3 * 256)
    micropython.heap_lock()
    try:
        for step in range(4):
            frame[step] = 255
            matrix.show(frame)
            matrix.show(frame)
        current = matrix.last_current_ma()
    finally:
        micropython.heap_unlock()
    assert pixels.writes == 4 and current > 256


def test_bad_geometry_raises():
    pixels = _Pixels(64)
    for args, options, words in (
        ((8, 8, 400), {"layout": "zigzag"}, "layout"),
        ((8, 8, 400), {"rotation": 45}, "rotation"),
        ((8, 4, 400), {}, "needs 32 RGB LEDs; pixels has 192 bytes"),
        ((8, 8, 50), {}, "budget 50 mA"),
    ):
        try:
            LEDMatrix(pixels, *args, **options)
        except ValueError as exc:
            assert words in str(exc), str(exc)
        else:
            raise AssertionError("accepted %r %r" % (args, options))
    matrix = LEDMatrix(pixels, 8, 8, 400)
    for bad in (lambda: matrix.show(bytearray(10)), lambda: matrix.set_brightness(300)):
        try:
            bad()
        except ValueError:
            pass
        else:
            raise AssertionError("accepted a bad value")
