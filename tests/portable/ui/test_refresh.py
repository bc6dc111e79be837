"""The refresh planner: the changed rectangle in both buffer layouts, and partial vs full."""

import framebuf

from dicetable.ui import refresh


def _frames(width, height, fmt):
    size = width * height // 8
    old, new = bytearray(size), bytearray(size)
    return old, new, framebuf.FrameBuffer(new, width, height, fmt)


def test_equal_frames_need_nothing_after_the_first_full():
    old, new, _fb = _frames(296, 128, framebuf.MONO_VLSB)
    planner = refresh.RefreshPlanner(296, 128, True)
    assert planner.plan(old, new) == (refresh.FULL, (0, 0, 296, 128))
    assert planner.plan(old, new) == (refresh.NOTHING, None)


def test_vertical_bytes_rect_is_page_aligned():
    old, new, fb = _frames(296, 128, framebuf.MONO_VLSB)
    fb.pixel(10, 13, 1)
    fb.pixel(40, 17, 1)
    # Pages of 8 rows: rows 8..23; columns exactly 10..40.
    assert refresh.changed_rect(old, new, 296, 128, True) == (10, 8, 31, 16)


def test_horizontal_bytes_rect_is_byte_aligned():
    old, new, fb = _frames(400, 300, framebuf.MONO_HLSB)
    fb.pixel(13, 100, 1)
    fb.pixel(30, 120, 1)
    # Bytes of 8 columns: columns 8..31; rows exactly 100..120.
    assert refresh.changed_rect(old, new, 400, 300, False) == (8, 100, 24, 21)


def test_rect_covers_changes_at_the_edges():
    old, new, fb = _frames(296, 128, framebuf.MONO_VLSB)
    fb.pixel(0, 0, 1)
    fb.pixel(295, 127, 1)
    assert refresh.changed_rect(old, new, 296, 128, True) == (0, 0, 296, 128)


def _planner_after_first_full():
    planner = refresh.RefreshPlanner(296, 128, True, partial_budget=3)
    old, new, fb = _frames(296, 128, framebuf.MONO_VLSB)
    planner.plan(old, new)
    return planner, old, new, fb


def test_budget_of_partials_then_a_full():
    planner, old, new, fb = _planner_after_first_full()
    kinds = []
    for step in range(5):
        fb.pixel(step * 3, 5, 1)
        kinds.append(planner.plan(old, new)[0])
        old[:] = new
    assert kinds == [refresh.PARTIAL] * 3 + [refresh.FULL, refresh.PARTIAL]


def test_natural_break_forces_a_full():
    planner, old, new, fb = _planner_after_first_full()
    fb.pixel(3, 3, 1)
    planner.request_full()
    assert planner.plan(old, new)[0] == refresh.FULL
    old[:] = new
    assert planner.plan(old, new)[0] == refresh.NOTHING


def test_large_change_goes_full():
    planner, old, new, fb = _planner_after_first_full()
    fb.fill_rect(0, 0, 296, 100, 1)
    assert planner.plan(old, new) == (refresh.FULL, (0, 0, 296, 128))


def test_few_changes_far_apart_stay_partial():
    # A piece on the grid at the left, the next question in the column at the right: the
    # window spans the panel, but only a few bytes changed.
    planner, old, new, fb = _planner_after_first_full()
    fb.fill_rect(4, 4, 12, 12, 1)
    fb.fill_rect(260, 100, 30, 20, 1)
    assert planner.plan(old, new) == (refresh.PARTIAL, (4, 0, 286, 120))


def test_changed_bytes_counts_up_to_the_limit():
    old, new, fb = _frames(296, 128, framebuf.MONO_VLSB)
    fb.fill_rect(0, 0, 10, 16, 1)  # 10 columns x 2 pages = 20 bytes
    assert refresh.changed_bytes(old, new, 1000) == 20
    assert refresh.changed_bytes(old, new, 5) == 5


def test_small_change_stays_partial():
    planner, old, new, fb = _planner_after_first_full()
    fb.fill_rect(100, 40, 20, 10, 1)
    assert planner.plan(old, new) == (refresh.PARTIAL, (100, 40, 20, 16))
