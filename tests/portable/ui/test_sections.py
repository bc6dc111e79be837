"""dicetable.ui.sections on both runtimes: a section is drawn when its key changes, and only
then; its rectangle is cleared first; a new frame, a new screen or a new mode draws whole; a
section inside another follows its parent."""

import framebuf

from dicetable.ui import sections as sections_module
from dicetable.ui.sections import WHOLE, Sections


def _frame(width=16, height=8):
    buffer = bytearray(width * height // 8)
    return buffer, framebuf.FrameBuffer(buffer, width, height, framebuf.MONO_HLSB)


def test_a_section_is_drawn_when_its_key_changes_and_only_then():
    _buffer, fb = _frame()
    sections = Sections()
    assert sections.begin(fb)
    assert sections.stale(fb, 1, ("a", 1), 0, 0, 8, 8)
    assert not sections.begin(fb)
    assert not sections.stale(fb, 1, ("a", 1), 0, 0, 8, 8)
    assert sections.stale(fb, 1, ("a", 2), 0, 0, 8, 8)
    assert sections.stale(fb, 2, ("a", 2), 8, 0, 8, 8)  # another section, same key


def test_a_stale_section_is_cleared_to_paper_and_nothing_else_is():
    buffer, fb = _frame()
    sections = Sections()
    sections.begin(fb)
    sections.stale(fb, 1, 1, 0, 0, 8, 8)
    fb.fill(1)
    sections.begin(fb)
    assert sections.stale(fb, 1, 2, 0, 0, 8, 8)
    for y in range(8):
        for x in range(16):
            assert fb.pixel(x, y) == (0 if x < 8 else 1)
    assert buffer[1] == 0xFF


def test_a_new_buffer_a_new_screen_or_a_new_mode_draws_whole():
    _buffer, fb = _frame()
    _other_buffer, other = _frame()
    sections = Sections()
    sections.begin(fb)
    sections.stale(fb, 1, 1, 0, 0, 8, 8)
    assert sections.begin(other)
    assert sections.stale(other, 1, 1, 0, 0, 8, 8)
    assert not sections.begin(other)
    sections_module.new_epoch()  # the shell: another screen drew into the frame
    assert sections.begin(other)
    assert sections.stale(other, 1, 1, 0, 0, 8, 8)
    assert sections.begin(other, "passing")
    assert not sections.begin(other, "passing")


def test_a_child_section_is_drawn_again_with_its_parent():
    _buffer, fb = _frame()
    sections = Sections()
    sections.begin(fb)
    sections.stale(fb, 1, "parent", 0, 0, 16, 8)
    assert sections.stale(fb, 2, ("child", sections.since(1)), 0, 0, 8, 4)
    sections.begin(fb)
    assert not sections.stale(fb, 1, "parent", 0, 0, 16, 8)
    assert not sections.stale(fb, 2, ("child", sections.since(1)), 0, 0, 8, 4)
    assert sections.stale(fb, 1, "parent changed", 0, 0, 16, 8)
    assert sections.stale(fb, 2, ("child", sections.since(1)), 0, 0, 8, 4)


def test_whole_draws_every_section_every_time():
    _buffer, fb = _frame()
    for _ in range(2):
        assert WHOLE.begin(fb)
        assert WHOLE.stale(fb, 1, 1, 0, 0, 8, 8)


def test_the_app_learns_the_union_of_the_sections_redrawn():
    _buffer, fb = _frame(32, 16)
    sections = Sections()
    sections_module.track()
    sections.begin(fb)  # a whole draw: anything may have changed
    sections.stale(fb, 1, 1, 0, 0, 8, 8)
    sections.stale(fb, 2, 1, 16, 8, 8, 8)
    assert sections_module.take_drawn() is None
    sections_module.track()
    sections.begin(fb)
    sections.stale(fb, 1, 1, 0, 0, 8, 8)
    sections.stale(fb, 2, 1, 16, 8, 8, 8)
    assert sections_module.take_drawn() == (0, 0, 0, 0)  # nothing redrawn
    sections_module.track()
    sections.begin(fb)
    sections.stale(fb, 1, 2, 0, 0, 8, 4)
    sections.stale(fb, 2, 2, 16, 8, 8, 6)
    assert sections_module.take_drawn() == (0, 0, 24, 14)
    assert sections_module.take_drawn() is None  # once: tracking stopped
    sections.begin(fb)
    sections.stale(fb, 1, 3, 0, 0, 8, 4)
    assert sections_module.take_drawn() is None  # not tracked
    sections_module.track()
    WHOLE.begin(fb)  # drawn whole, with no sections
    assert sections_module.take_drawn() is None


def test_pixels_drawn_past_a_section_are_searched_too_and_not_cleared():
    buffer, fb = _frame(32, 16)
    sections = Sections()
    sections.begin(fb)
    sections.stale(fb, 1, 1, 8, 4, 8, 8)
    fb.fill(1)
    sections_module.track()
    sections.begin(fb)
    sections.stale(fb, 1, 2, 8, 4, 8, 8)
    sections.touched(6, 2, 12, 12)  # a mark spilling two pixels past the section
    assert sections_module.take_drawn() == (6, 2, 12, 12)
    assert fb.pixel(6, 2) == 1 and fb.pixel(8, 4) == 0  # noted, not cleared
    sections_module.track()
    WHOLE.begin(fb)
    WHOLE.touched(0, 0, 4, 4)
    assert sections_module.take_drawn() is None


def test_text_rewritten_is_noted_for_a_clearing_pass_once():
    _buffer, fb = _frame(32, 16)
    sections = Sections()
    sections.begin(fb)
    sections.stale(fb, 1, "old", 0, 0, 16, 8)
    sections_module.track()
    sections.begin(fb)
    assert sections.key(1) == "old" and sections.key(2) is None
    sections.rewritten(0, 0, 16, 8)
    sections.rewritten(8, 8, 16, 8, area=20)  # a list: its rectangle, its rows' area
    assert sections_module.take_rewritten() == ((0, 0, 24, 16), 16 * 8 + 20)
    assert sections_module.take_rewritten() is None  # once
    sections_module.track()
    sections.begin(fb)
    assert sections_module.take_rewritten() is None  # nothing rewritten
    sections_module.track()
    sections.begin(fb, mode="hand-over")  # a whole draw: the planner refreshes it in full
    sections.rewritten(0, 0, 16, 8)
    assert sections_module.take_rewritten() is None
    WHOLE.rewritten(0, 0, 16, 8)
    assert WHOLE.key(1) is None
