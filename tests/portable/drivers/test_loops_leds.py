"""The LED loops of dicetable/loops.py (viper) give the same bytes as the plain Python they
replace: the driver's sums, scaled tables and chain order, on every geometry, frames over the
current budget included.

Plain test functions with bare asserts: pytest on CPython, tools/mptest.py on real MicroPython
(from source; an .mpy built for the RP2040 cannot load loops on a PC, and then both sides are
the plain code, which the first test owns up to).
"""

from test_leds import _Pixels  # the NeoPixel stand-in of the driver's tests

from dicetable.drivers import leds

try:
    from dicetable import loops
except ValueError:  # the RP2040's .mpy on a PC
    loops = None

_SEED = [2468]


def _random(limit):
    # A small LCG: the same numbers on both runtimes.
    _SEED[0] = (_SEED[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (_SEED[0] >> 8) % limit


def _plain(module, names, draw):
    """draw() with `names` of `module` set to None (its plain fallbacks); restored after."""
    kept = [getattr(module, name) for name in names]
    for name in names:
        setattr(module, name, None)
    try:
        return draw()
    finally:
        for name, value in zip(names, kept):
            setattr(module, name, value)


def test_led_loops_present_where_they_can_load():
    from_mpy = getattr(leds, "__file__", "").endswith(".mpy")
    assert loops is not None or from_mpy
    if loops is not None:
        assert leds.place_pixels is loops.place_pixels


def _driver_bytes(width, height, budget, layout, rotation, frames, plain):
    names = ("channel_sum", "place_pixels", "scale_table")

    def show_all():
        pixels = _Pixels(width * height)
        matrix = leds.LEDMatrix(pixels, width, height, budget, layout, rotation)
        shown = []
        for frame in frames:
            matrix.show(frame)
            shown.append((bytes(pixels.buf), matrix.last_current_ma()))
        return shown

    return _plain(leds, names, show_all) if plain else show_all()


def test_the_driver_writes_the_same_bytes_every_geometry():
    for width, height, budget in ((8, 8, 400), (16, 16, 1500), (5, 3, 90)):
        count = width * height
        frames = []
        for lit in (0, 1, count // 4, count):  # dark, one LED, a die, all white: over budget
            frame = bytearray(3 * count)
            for _ in range(3 * lit):
                frame[_random(3 * count)] = 1 + _random(255)
            frames.append(frame)
        frames.append(bytearray(b"\xff" * (3 * count)))
        for layout in ("rows", "serpentine"):
            for rotation in (0, 90, 180, 270):
                args = (width, height, budget, layout, rotation, frames)
                fast = _driver_bytes(*args, plain=False)
                slow = _driver_bytes(*args, plain=True)
                assert fast == slow, (width, height, layout, rotation)


def test_channel_sum_counts_the_lit_and_the_dimmest():
    if loops is None:
        return  # the RP2040's .mpy on a PC: the first test owns up to it
    import array

    found = array.array("i", (0, 0))
    same = bytearray(range(256))
    values = bytearray((0, 9, 0, 200, 3, 255, 0))
    assert loops.channel_sum(values, same, len(values), found) == 467
    assert list(found) == [4, 3]
    assert loops.channel_sum(values, same, 3, found) == 9  # only the first `count`
    assert list(found) == [1, 9]
    assert loops.channel_sum(bytearray(5), same, 5, found) == 0
    assert list(found) == [0, 255]
    halved = bytearray(value // 2 for value in range(256))  # through the table: 3 goes dark
    assert loops.channel_sum(values, halved, len(values), found) == 4 + 100 + 1 + 127
    assert list(found) == [4, 1]
