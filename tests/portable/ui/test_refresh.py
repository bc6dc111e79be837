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


def _naive_rect(old, new, width, height, vertical_bytes):
    # Byte by byte: what changed_rect must find, by the plainest possible search.
    row_bytes = width if vertical_bytes else (width + 7) // 8
    rows = []
    columns = []
    for index in range(len(old)):
        if old[index] != new[index]:
            rows.append(index // row_bytes)
            columns.append(index % row_bytes)
    if not rows:
        return None
    unit_y, unit_x = (8, 1) if vertical_bytes else (1, 8)
    x, y = min(columns) * unit_x, min(rows) * unit_y
    return (
        x,
        y,
        min(width, (max(columns) + 1) * unit_x) - x,
        min(height, (max(rows) + 1) * unit_y) - y,
    )


def test_rect_and_count_match_a_byte_by_byte_search():
    # Changes of every shape (none, one byte, runs, scattered, at the edges) on both layouts.
    seed = [12345]

    def below(n):
        seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return seed[0] % n

    for width, height, vertical in ((296, 128, True), (400, 40, False), (24, 16, True)):
        size = width * ((height + 7) // 8) if vertical else (width + 7) // 8 * height
        for case in range(40):
            old = bytearray(below(256) for _ in range(size))
            new = bytearray(old)
            for _ in range(case % 7):
                start = below(size)
                for index in range(start, min(size, start + below(3) * below(40) + 1)):
                    new[index] = (new[index] + 1 + below(255)) & 0xFF
            expected = _naive_rect(old, new, width, height, vertical)
            assert refresh.changed_rect(old, new, width, height, vertical) == expected
            differing = sum(1 for index in range(size) if old[index] != new[index])
            erased = sum(_SET_BITS[old[index] & ~new[index] & 0xFF] for index in range(size))
            for limit in (1, 5, 50, size + 1, 8 * size + 1):
                assert refresh.changed_bytes(old, new, limit) == min(differing, limit)
                assert refresh.erased_ink(old, new, limit) == min(erased, limit)
            if expected is None:
                continue
            # Searched and counted only inside a window around the changes: the same answers.
            x, y, w, h = expected
            left, up = below(9), below(9)
            within = (x - left, y - up, w + left + below(9), h + up + below(9))
            assert refresh.changed_rect(old, new, width, height, vertical, within) == expected
            planner = refresh.RefreshPlanner(width, height, vertical)
            for limit in (5, size + 1, 8 * size + 1):
                assert planner._count(old, new, expected, limit, False) == min(differing, limit)
                assert planner._count(old, new, expected, limit, True) == min(erased, limit)


_SET_BITS = bytes(bin(value).count("1") for value in range(256))


def test_nothing_changed_inside_the_window_is_no_change():
    old, new, fb = _frames(296, 128, framebuf.MONO_VLSB)
    fb.pixel(10, 100, 1)  # below the window: the caller said nothing changed there
    assert refresh.changed_rect(old, new, 296, 128, True, (100, 0, 50, 64)) is None
    assert refresh.changed_rect(old, new, 296, 128, True, (0, 0, 0, 0)) is None
    assert refresh.changed_rect(old, new, 296, 128, True, (0, 90, 20, 20)) == (10, 96, 1, 8)


def _text_block(fb, x, y, lines, word):
    for line in range(lines):
        fb.text(word * 6, x, y + 9 * line, 1)


def test_a_region_of_text_replaced_by_other_text_goes_full():
    # A page of choices written where a paragraph was (issue 16): sent as a partial, the old
    # words would show through the new ones.
    planner, old, new, fb = _planner_after_first_full()
    _text_block(framebuf.FrameBuffer(old, 296, 128, framebuf.MONO_VLSB), 60, 10, 12, "help ")
    _text_block(fb, 60, 10, 12, "pick ")
    assert planner.plan(old, new)[0] == refresh.FULL


def test_text_added_to_paper_over_a_region_stays_partial():
    # The same change in area, but nothing taken away: no trace to show through.
    planner, old, new, fb = _planner_after_first_full()
    _text_block(fb, 60, 10, 12, "pick ")
    assert planner.plan(old, new)[0] == refresh.PARTIAL


def test_erased_ink_counts_ink_taken_away_up_to_the_limit():
    old, new, fb = _frames(296, 128, framebuf.MONO_VLSB)
    framebuf.FrameBuffer(old, 296, 128, framebuf.MONO_VLSB).fill_rect(0, 0, 10, 16, 1)
    fb.fill_rect(0, 0, 10, 8, 1)  # the top half stays, the bottom half is taken away
    assert refresh.erased_ink(old, new, 1000) == 80
    assert refresh.erased_ink(old, new, 30) == 30
    assert refresh.erased_ink(new, old, 1000) == 0  # ink added is not ink taken away


def test_text_rewritten_over_a_region_gets_a_clearing_pass_first():
    # A list of choices replaced by the next question's (sections.take_rewritten): the plan
    # stays partial, covers the cleared rectangle, and counts two partials.
    planner, old, new, fb = _planner_after_first_full()
    fb.fill_rect(200, 40, 10, 8, 1)
    region = (180, 16, 116, 96)
    assert planner.plan(old, new, None, (region, 296 * 128 // 16)) == (
        refresh.PARTIAL,
        (180, 16, 116, 96),
    )
    assert planner.clear == region and planner.partials_since_full == 2
    old[:] = new
    framebuf.FrameBuffer(old, 296, 128, framebuf.MONO_VLSB).fill_rect(*region, 1)
    assert planner.cleared(old, new) == region  # the second partial: the region as drawn
    assert planner.clear is None


def test_a_small_rewrite_or_no_room_for_two_partials_gets_no_clearing_pass():
    planner, old, new, fb = _planner_after_first_full()
    fb.fill_rect(200, 40, 10, 8, 1)
    region = (180, 16, 116, 16)
    assert planner.plan(old, new, None, (region, 296 * 128 // 16 - 1))[0] == refresh.PARTIAL
    assert planner.clear is None  # one row of a list: a faint trace, as any partial leaves
    planner.plan(old, new)  # the budget of three: two used
    assert planner.plan(old, new, None, (region, 296 * 128))[0] == refresh.FULL
    assert planner.clear is None  # no room for two partials: a full refresh cleans it all
