"""The fast text path (loops.draw_ascii, viper on MicroPython) draws exactly the blits' pixels.

Plain test functions with bare asserts: run by pytest on CPython and by tools/mptest.py on real
MicroPython, where draw_ascii is native code (from source; an .mpy built for the RP2040 cannot
load on a PC, and then text draws with blits, which the last test owns up to).
"""

import framebuf

from dicetable.ui import text
from dicetable.ui.fonts import large, medium, small

FONTS = (text.Font(small), text.Font(medium), text.Font(large))
STRINGS = (
    "Round 8/12  P1 score 123",
    " !\"#$%&'()*+,-./0123456789:;<=>?@",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`",
    "abcdefghijklmnopqrstuvwxyz{|}~",
    "ends in an ellipsis\u2026",
    "\u2190 arrows \u2192 and ticks \u2713 mid-run",
    "low   5 \u2713\u2713\u00b7/\u00b7\u00b7",  # runs of extra glyphs, ASCII between
    "a\u2713b\u00b7c\u2026 and a box \x7f after them",
    "tab\there and a DEL \x7f",
    "",
)
# A few positions per frame: inside, and off every edge.
PLACES = ((3, 10), (-7, -3), (-40, 40), (1, -11))


def _frames(width, height, fmt):
    size = width * height // 8
    slow_buf, fast_buf = bytearray(size), bytearray(size)
    slow = framebuf.FrameBuffer(slow_buf, width, height, fmt)
    fast = framebuf.FrameBuffer(fast_buf, width, height, fmt)
    # Some ink to draw paper on, the same in both.
    for fb in (slow, fast):
        fb.fill_rect(0, 0, width // 2, height // 3, 1)
        fb.fill_rect(width // 3, height // 2, width // 2, 9, 1)
    return slow_buf, slow, fast_buf, fast


def _compare(width, height, fmt):
    slow_buf, slow, fast_buf, fast = _frames(width, height, fmt)
    text.bind(fast, fast_buf, width, height, fmt)
    try:
        places = PLACES + ((width - 37, height - 5), (width - 2, 20), (20, height - 1))
        for font in FONTS:
            for s in STRINGS:
                for x, y in places:
                    for color in (1, 0):
                        end_slow = text.draw(slow, font, s, x, y, color)
                        end_fast = text.draw(fast, font, s, x, y, color)
                        assert end_fast == end_slow, (s, x, y, color)
                        assert fast_buf == slow_buf, (font.height, s, x, y, color)
    finally:
        text.bind(None, None, 0, 0, -1)


def test_vertical_frame_same_pixels_as_the_blits():
    _compare(296, 128, framebuf.MONO_VLSB)


def test_horizontal_frame_same_pixels_as_the_blits():
    _compare(400, 300, framebuf.MONO_HLSB)


def test_other_frames_and_colours_keep_the_blits():
    # Only the bound frame, in colour 1 or 0, takes the fast path: a colour of 2 on a GS2 frame
    # draws as before.
    buf = bytearray(40 * 8 // 4)
    fb = framebuf.FrameBuffer(buf, 40, 8, framebuf.GS2_HMSB)
    text.bind(fb, buf, 40, 8, framebuf.GS2_HMSB)
    try:
        assert text.draw(fb, FONTS[0], "Hi", 0, 0, 2) == 10
        assert fb.pixel(0, 2) == 2
    finally:
        text.bind(None, None, 0, 0, -1)


def test_fast_path_present_where_it_can_load():
    # From source, on CPython and on MicroPython, the fast path is there; only an .mpy built
    # for another CPU (the RP2040's, on a PC) falls back to the blits.
    from_mpy = getattr(text, "__file__", "").endswith(".mpy")
    assert text._draw_ascii is not None or from_mpy
