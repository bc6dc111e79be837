"""dicetable.ui.text on both runtimes: plain test functions with bare asserts (no pytest features).

Run by pytest on CPython (with the framebuf shim) and by tools/mptest.py on real MicroPython.
"""

import gc
import sys

import framebuf

from dicetable.ui import text
from dicetable.ui.fonts import large, medium, small

SMALL = text.Font(small)
MEDIUM = text.Font(medium)
LARGE = text.Font(large)
FONTS = (SMALL, MEDIUM, LARGE)
SYMBOLS = "\u00b0\u00d7\u00b7\u2190\u2191\u2192\u2193\u2713\u2717\u2026\u2022"
MISSING = "\u4e00"  # a CJK ideograph: in no font
MIXED = "Ag 42\u2190\u2713" + MISSING + "|_"

# misc-fixed 5x8, straight from tools/fonts/5x8.bdf: 5 columns, rows 0-7, baseline under row 6.
SMALL_A = [".....", ".##..", "#..#.", "#..#.", "####.", "#..#.", "#..#.", "....."]
SMALL_I = [".....", ".###.", "..#..", "..#..", "..#..", "..#..", ".###.", "....."]
SMALL_G = [".....", ".....", ".....", ".##..", "#..#.", ".###.", "...#.", ".##.."]
# The replacement box: an outline one column narrower than the cell, from row 1 to the baseline.
SMALL_BOX = [".....", "####.", "#..#.", "#..#.", "#..#.", "#..#.", "####.", "....."]


def _canvas(width, height, fmt=framebuf.MONO_VLSB):
    if fmt == framebuf.MONO_VLSB:
        size = (height + 7) // 8 * width
    elif fmt == framebuf.GS4_HMSB:
        size = (width + 1) // 2 * height
    else:
        size = (width + 7) // 8 * height
    return framebuf.FrameBuffer(bytearray(size), width, height, fmt)


def _rows(fb, x, y, width, height):
    return [
        "".join("#" if fb.pixel(x + i, y + j) else "." for i in range(width))
        for j in range(height)
    ]


def _values(fb, width, height):
    return [fb.pixel(i, j) for j in range(height) for i in range(width)]


def _ink_box(fb, width, height):
    """(left, top, right, bottom) of the set pixels, right and bottom exclusive; None if blank."""
    box = None
    for j in range(height):
        for i in range(width):
            if fb.pixel(i, j):
                if box is None:
                    box = [i, j, i + 1, j + 1]
                box = [min(box[0], i), min(box[1], j), max(box[2], i + 1), max(box[3], j + 1)]
    return box


def test_metrics_of_the_three_fonts():
    assert (SMALL.height, SMALL.ascent, SMALL.width) == (8, 7, 5)
    assert (MEDIUM.height, MEDIUM.ascent, MEDIUM.width) == (13, 11, 6)
    assert (LARGE.height, LARGE.ascent, LARGE.width) == (20, 16, 10)


def test_known_glyph_pixels():
    for s, expected in (("A", SMALL_A), ("I", SMALL_I), ("g", SMALL_G)):
        fb = _canvas(9, 12)
        assert text.draw(fb, SMALL, s, 2, 3) == 7
        assert _rows(fb, 2, 3, 5, 8) == expected
        fb.fill_rect(2, 3, 5, 8, 0)
        assert _ink_box(fb, 9, 12) is None  # nothing outside the cell


def test_draw_returns_the_measured_width():
    for font in FONTS:
        for s in ("", " ", "A", "Score: 123", SYMBOLS, MIXED, "\n\t"):
            fb = _canvas(200, 24)
            assert text.draw(fb, font, s, 3, 1) == 3 + text.measure(font, s)
            assert text.measure(font, s) == len(s) * font.width  # all three are monospace


def test_ink_stays_in_the_measured_cell():
    for font in FONTS:
        fb = _canvas(200, 24)
        text.draw(fb, font, MIXED, 3, 2)
        left, top, right, bottom = _ink_box(fb, 200, 24)
        assert 3 <= left and right <= 3 + text.measure(font, MIXED)
        assert 2 <= top and bottom <= 2 + font.height
    fb = _canvas(20, 20)
    text.draw(fb, SMALL, "   ", 0, 0)
    assert _ink_box(fb, 20, 20) is None  # spaces draw nothing


def test_every_symbol_has_a_glyph():
    box = _canvas(10, 20)
    text.draw(box, LARGE, MISSING, 0, 0)
    for font in FONTS:
        assert font.ellipsis == "\u2026"
        for symbol in SYMBOLS:
            assert font.index(symbol) >= 0
    for symbol in SYMBOLS:
        fb = _canvas(10, 20)
        text.draw(fb, LARGE, symbol, 0, 0)
        assert _ink_box(fb, 10, 20) is not None
        assert _values(fb, 10, 20) != _values(box, 10, 20)


def test_every_character_draws_its_own_cell():
    # The cell read straight out of the module's MONO_HLSB strip: the generated data is checked
    # against the BDF by tests/tools/test_fontconv.py, this checks the character-to-glyph lookup.
    for module, font in ((small, SMALL), (medium, MEDIUM), (large, LARGE)):
        stride = module.STRIP_WIDTH // 8
        characters = [chr(code) for code in range(32, 127)] + list(module.EXTRA)
        fb = _canvas(font.width, font.height)
        for index, ch in enumerate(characters):
            fb.fill(0)
            text.draw(fb, font, ch, 0, 0)
            for y in range(font.height):
                for x in range(font.width):
                    column = index * font.width + x
                    byte = module.BITMAP[y * stride + (column >> 3)]
                    assert fb.pixel(x, y) == (byte >> (7 - (column & 7))) & 1, (ch, x, y)


def test_unknown_character_draws_a_box():
    for s in (MISSING, "\n", "\x00", "\u00e9"):
        assert SMALL.index(s) == -1
        fb = _canvas(7, 8)
        assert text.draw(fb, SMALL, s, 0, 0) == 5
        assert _rows(fb, 0, 0, 5, 8) == SMALL_BOX
    fb = _canvas(20, 8)
    assert text.draw(fb, SMALL, "I" + MISSING + "I", 0, 0) == 15
    assert _rows(fb, 0, 0, 15, 8) == [a + b + c for a, b, c in zip(SMALL_I, SMALL_BOX, SMALL_I)]


def test_clipping_matches_the_unclipped_drawing():
    for font in FONTS:
        for ox, oy in ((-7, -3), (-1, 0), (5, 4), (9, -12), (-25, 2), (11, 5)):
            clipped = _canvas(12, 6)
            text.draw(clipped, font, MIXED, ox, oy)
            whole = _canvas(120, 60)
            text.draw(whole, font, MIXED, ox + 40, oy + 30)
            assert _rows(clipped, 0, 0, 12, 6) == _rows(whole, 40, 30, 12, 6)
        fb = _canvas(12, 6)
        for x, y in ((-1000, 0), (1000, 0), (0, -100), (0, 100), (-1000, -1000)):
            text.draw(fb, font, MIXED, x, y)
        assert _ink_box(fb, 12, 6) is None


def test_right_and_centred_alignment():
    expected = _canvas(60, 8)
    text.draw(expected, SMALL, "42", 30, 0)
    fb = _canvas(60, 8)
    assert text.draw_right(fb, SMALL, "42", 10, 0, 30) == 40
    assert _values(fb, 60, 8) == _values(expected, 60, 8)

    expected = _canvas(60, 8)
    text.draw(expected, SMALL, "42", 20, 0)  # 10 + (31 - 10) // 2
    fb = _canvas(60, 8)
    assert text.draw_centred(fb, SMALL, "42", 10, 0, 31) == 30
    assert _values(fb, 60, 8) == _values(expected, 60, 8)


def test_alignment_truncates_with_an_ellipsis():
    expected = _canvas(60, 8)
    text.draw(expected, SMALL, "Hello\u2026", 10, 0)
    for draw in (text.draw_right, text.draw_centred):
        fb = _canvas(60, 8)
        assert draw(fb, SMALL, "Hello world", 10, 0, 30) == 40
        assert _values(fb, 60, 8) == _values(expected, 60, 8)


def test_numbers_are_their_str_and_small_ones_are_made_once():
    made = {}
    for n in (0, 1, 9, 10, 99, 100, 12345, -1, -30):
        assert text.number(made, n) == str(n)
    assert text.number(made, 7) is text.number(made, 7)  # kept: drawn again, not made again
    assert text.number(made, 99) is made[99]
    assert sorted(made) == [0, 1, 7, 9, 10, 99]  # nothing outside 0..99


def test_fit():
    assert text.fit(SMALL, "Hello", 25) == "Hello"
    assert text.fit(SMALL, "Hello world", 30) == "Hello\u2026"
    assert text.fit(SMALL, "Hello world", 34) == "Hello\u2026"
    assert text.fit(SMALL, "ab cdef", 20) == "ab\u2026"  # no space before the ellipsis
    assert text.fit(SMALL, "Hello world", 5) == "\u2026"
    assert text.fit(SMALL, "Hello world", 4) == ""
    assert text.fit(SMALL, "", 0) == ""
    for font in FONTS:
        for width in range(0, 80):
            s = text.fit(font, "Player " + MISSING + " 12 \u2713", width)
            assert text.measure(font, s) <= width


def test_formats_give_the_same_image():
    formats = (framebuf.MONO_VLSB, framebuf.MONO_HLSB, framebuf.MONO_HMSB)
    images = []
    for fmt in formats:
        fb = _canvas(61, 30, fmt)
        y = -3
        for font in FONTS:
            text.draw(fb, font, MIXED, -2, y)
            text.draw_right(fb, font, "123", 0, y + 4, 61)
            y += font.height - 2
        images.append(_values(fb, 61, 30))
    assert images[0] == images[1] == images[2]
    assert 1 in images[0]


def test_colour_zero_and_greyscale():
    ink = _canvas(40, 20)
    text.draw(ink, MEDIUM, MIXED, -1, 2)
    inverse = _canvas(40, 20)
    inverse.fill(1)
    text.draw(inverse, MEDIUM, MIXED, -1, 2, 0)
    assert _values(inverse, 40, 20) == [1 - v for v in _values(ink, 40, 20)]
    grey = _canvas(40, 20, framebuf.GS4_HMSB)
    text.draw(grey, MEDIUM, MIXED, -1, 2, 9)
    assert _values(grey, 40, 20) == [9 * v for v in _values(ink, 40, 20)]
    grey.fill(0)
    text.draw(grey, MEDIUM, MIXED, -1, 2, 1)  # back to the common colour after a palette
    assert _values(grey, 40, 20) == _values(ink, 40, 20)


def test_drawing_allocates_only_the_text_bytes():
    # The blits read a string's characters from its UTF-8 bytes, made once per call and not
    # per character: iterating the str would make a str of each character, which MicroPython
    # first looks for among all the interned names (about 0.1 ms each on an RP2040).
    if sys.implementation.name != "micropython":
        return  # the budget is the device's heap; CPython allocates freely
    fb = _canvas(296, 128)
    line = "Round 7 " + SYMBOLS + MISSING + " Anna 123"
    score = "123"
    bytes_of_line = len(line.encode())
    for font in FONTS:
        for color in (1, 0):
            text.draw(fb, font, line, -3, 5, color)
            assert _allocated(text.draw, fb, font, line, -3, 5, color) <= bytes_of_line + 32
            assert _allocated(text.draw_right, fb, font, score, 0, 60, 200, color) <= 48
            assert _allocated(text.draw_centred, fb, font, score, 0, 90, 200, color) <= 48
            assert _allocated(text.measure, font, line) == 0


def _allocated(function, *args):
    """Bytes of heap that function(*args) takes (MicroPython only)."""
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        function(*args)
        return gc.mem_alloc() - before
    finally:
        gc.enable()


def test_ascii_into_the_bound_frame_allocates_nothing():
    if sys.implementation.name != "micropython":
        return
    buf = bytearray(296 * 128 // 8)
    fb = framebuf.FrameBuffer(buf, 296, 128, framebuf.MONO_VLSB)
    text.bind(fb, buf, 296, 128, framebuf.MONO_VLSB)
    try:
        if text._bound[0] is not fb:
            return  # no viper on this port: the blits draw (the test above)
        for font in FONTS:
            for color in (1, 0):
                text.draw(fb, font, "Round 7 Anna 123", 3, 5, color)
                assert _allocated(text.draw, fb, font, "Round 7 Anna 123", 3, 5, color) == 0
    finally:
        text.bind(None, None, 0, 0, -1)


def test_a_glyph_drawn_again_next_is_not_copied_again():
    """The scratch keeps the glyph it holds, and a repeated glyph is blitted from it without a
    new copy from the strip (seen here by spoiling the scratch in between); runs of a glyph
    draw like the same characters drawn one at a time."""
    font = text.Font(small)
    fb = _canvas(40, 8)
    text.draw(fb, font, "0001", 0, 0)
    one_by_one = _canvas(40, 8)
    for index in range(4):
        text.draw(one_by_one, SMALL, "0001"[index], index * SMALL.width, 0)
    assert _values(fb, 40, 8) == _values(one_by_one, 40, 8)
    font._scratch.fill(1)  # the 1 it holds, spoilt
    spoilt = _canvas(font.width, font.height)
    text.draw(spoilt, font, "1", 0, 0)
    assert _values(spoilt, font.width, font.height) == [1] * (font.width * font.height)
    text.draw(spoilt, font, "2", 0, 0)  # another glyph is copied afresh
    spoilt.fill(0)
    text.draw(spoilt, font, "0", 0, 0)
    reference = _canvas(font.width, font.height)
    text.draw(reference, SMALL, "0", 0, 0)
    assert _values(spoilt, font.width, font.height) == _values(reference, font.width, font.height)
