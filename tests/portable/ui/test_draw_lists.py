"""The lists (draw.menu, draw.options) drawn in sections: after every key the frame is the one a
whole draw gives, and a cursor move inside a page redraws its two rows and nothing else.

The whole-game test (tests/simulator/test_sections_whole.py) compares at each refresh, so a
row that fails to redraw (no change, no refresh) would pass there: here every draw is compared.
Plain test functions with bare asserts: pytest on CPython, tools/mptest.py on MicroPython.
"""

import framebuf

from dicetable.ui import draw
from dicetable.ui import sections as sections_module
from dicetable.ui.sections import Sections

# Both panel formats; the buffers are made once (two 15 KB frames at the test heap).
PANELS = ((296, 128, framebuf.MONO_VLSB), (400, 300, framebuf.MONO_HLSB))
_BUFFERS = [(bytearray(w * h // 8), bytearray(w * h // 8)) for w, h, _fmt in PANELS]
ITEMS = ["Game %d" % number for number in range(1, 16)]  # more than a page: it scrolls
# (cursor, footer) after each key: down a page, past its end, up, a footer changed and gone.
KEYS = (
    (0, "OK: choose"),
    (1, "OK: choose"),
    (2, "OK: choose"),
    (7, "OK: choose"),
    (8, "OK: choose"),
    (14, "OK: choose"),
    (13, "OK: choose"),
    (0, "OK: choose"),
    (0, "no game saved"),
    (3, "no game saved"),
    (3, ""),
    (4, ""),
)


def _compare(screen):
    """screen(fb, width, height, step, sections) drawn at every step in sections and whole."""
    for (width, height, fmt), (kept_buf, whole_buf) in zip(PANELS, _BUFFERS):
        kept = framebuf.FrameBuffer(kept_buf, width, height, fmt)
        whole = framebuf.FrameBuffer(whole_buf, width, height, fmt)
        sections = Sections()
        for step in range(len(KEYS)):
            screen(kept, width, height, step, sections)
            whole.fill(1)  # a whole draw clears everything itself
            screen(whole, width, height, step, sections_module.WHOLE)
            assert kept_buf == whole_buf, (width, step)


def _menu(fb, width, height, step, sections):
    cursor, footer = KEYS[step]
    draw.menu(fb, width, height, "DiceTable", ITEMS, cursor, footer, sections)


def _options(fb, width, height, step, sections):
    cursor, footer = KEYS[step]
    rows = [("Players", str(1 + step % 6)), ("Bots", str(step % 3)), ("Map", "Zen")]
    rows += [("Option %d" % number, "x" * (number % 4)) for number in range(9)]
    rows += [("Start game", ""), ("How to play", "")]
    draw.options(fb, width, height, "Trek 12", rows, cursor, footer, sections)


def test_a_menu_in_sections_is_the_whole_draw_after_every_key():
    _compare(_menu)


def test_options_in_sections_are_the_whole_draw_after_every_key():
    # A value's width moves the value column of every row: those rows are drawn again too.
    _compare(_options)


def test_a_cursor_move_inside_a_page_redraws_its_two_rows():
    width, height, fmt = PANELS[0]
    fb = framebuf.FrameBuffer(_BUFFERS[0][0], width, height, fmt)
    sections = Sections()
    sections_module.new_epoch()
    draw.menu(fb, width, height, "DiceTable", ITEMS, 1, "OK: choose", sections)
    sections_module.track()
    draw.menu(fb, width, height, "DiceTable", ITEMS, 2, "OK: choose", sections)
    x, y, w, h = sections_module.take_drawn()
    row = draw.look(width).body.height + 2
    assert (x, h) == (0, 2 * row) and w < width  # two rows, left of the scroll hint
