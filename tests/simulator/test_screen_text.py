"""The panel's text as text (hostsim.screen_text): what the firmware drew with text.draw, kept
until a fill covers it, laid out as lines for the terminal's text view."""

import framebuf

from dicetable.ui import draw, text
from hostsim.screen_text import STRIKE, TextLayer


def _frame(width=296, height=128):
    return framebuf.FrameBuffer(
        bytearray((width + 7) // 8 * height), width, height, framebuf.MONO_HLSB
    )


def test_strings_are_noted_with_where_and_how_they_were_drawn():
    layer = TextLayer(296, 128)
    fb = _frame()
    small = draw.font("small")
    with layer.recording():
        fb.fill(0)
        draw.title_bar(fb, 296, "Cybo Advanced", "Round 1/13")  # paper on ink
        text.draw(fb, small, "P1: press OK to roll", 150, 40)
        text.draw(fb, small, "1", 4, 40)
        text.draw(fb, small, "   ", 4, 60)  # nothing to read
        text.draw(_frame(100, 20), small, "elsewhere", 0, 0)  # not a panel-sized buffer
    assert layer.snapshot().plain(74) == [
        "[Cybo Advanced]" + " " * 43 + "[Round 1/13]",
        " 1" + " " * 35 + "P1: press OK to roll",  # at the columns their x gives
    ]
    # Recording ended: the firmware's functions are its own again.
    assert text.draw.__module__ == "dicetable.ui.text"
    assert framebuf.FrameBuffer.fill_rect.__qualname__ == "FrameBuffer.fill_rect"


def test_fills_forget_what_they_cover_and_thin_lines_strike_through():
    layer = TextLayer(296, 128)
    fb = _frame()
    medium = draw.font("medium")
    with layer.recording():
        text.draw(fb, medium, "low   1", 10, 10)
        text.draw(fb, medium, "high  1", 10, 30)
        text.draw(fb, medium, "sum   2", 10, 50)
        fb.hline(10, 30 + medium.height // 2, 40, 1)  # struck: cannot be used now
        fb.fill_rect(0, 48, 296, 20, 0)  # a section cleared to paper
        text.draw(fb, medium, "diff  0", 10, 10)  # drawn over "low" without a clear
    assert layer.snapshot().plain(60) == [
        "  diff  0",
        "  " + "".join(c + STRIKE if c != " " else c for c in "high  1"),
    ]


def test_a_new_screen_starts_empty_and_snapshots_compare_by_content():
    layer = TextLayer(296, 128)
    fb = _frame()
    with layer.recording():
        text.draw(fb, draw.font("small"), "Round 1", 0, 0)
        first = layer.snapshot()
        fb.fill_rect(0, 0, 1, 1, 1)  # misses the string's middle
        assert layer.snapshot() == first
        fb.fill(0)
        assert layer.snapshot().plain(40) == [] and layer.snapshot() != first


def test_lines_keep_table_columns_and_fit_right_aligned_numbers():
    layer = TextLayer(296, 128)
    fb = _frame()
    small = draw.font("small")
    with layer.recording():
        for row, (name, score) in enumerate((("P1", "12"), ("Bot2", "7"))):
            text.draw(fb, small, name, 150, 20 + row * 10)
            text.draw_right(fb, small, score, 150, 20 + row * 10, 146)
        text.draw(fb, small, "a long line that does not fit in twenty columns", 0, 60)
    assert layer.snapshot().plain(40) == [
        "                    P1                12",
        "                    Bot2               7",
        "a long line that does not fit in twenty columns",
    ]
