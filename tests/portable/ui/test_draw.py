"""dicetable.ui.draw on both runtimes: plain test functions with bare asserts (no pytest features).

Screens are checked by what a player would look for: the text (rendered on its own with the same
font and found in the frame with `find_bitmap`), the inverted cursor row, the scroll hint, and a
blank margin around the panel. test_sheet_cybo.py reuses the helpers.
"""

import framebuf

from dicetable.ui import draw, text

SIZES = ((296, 128), (400, 300))
MARGIN = 16  # blank pixels right of and below the panel, to catch text that runs off it
LONG = "Bartholomew-Smith-Wonderland the Extraordinary Dice Roller of the North"


# Frames of more than this many bytes use _POOL.
_SMALL_FRAME = 1024
# Big frames all draw into one buffer made once, at import, while MicroPython's heap still has
# room in one piece: a 16 KB bytearray made after many tests have run may find no gap big enough,
# and a second one kept for the whole run would starve the tests after these. So a test holds
# one big frame at a time and compares it with `snapshot()`s (one small bytes object per row).
_POOL = bytearray(((400 + MARGIN + 7) // 8) * (300 + MARGIN))
_generation = [0]


class Frame:
    """A MONO_HLSB buffer and its FrameBuffer (the shim has no buffer protocol: keep both)."""

    def __init__(self, width, height, fill=0):
        self.width = width
        self.height = height
        self.stride = (width + 7) // 8
        size = self.stride * height
        self.generation = -1
        if size > _SMALL_FRAME:
            if size > len(_POOL):
                raise ValueError("frame larger than the test pool")
            _generation[0] += 1
            self.generation = _generation[0]
            self.buf = memoryview(_POOL)[:size]
        else:
            self.buf = bytearray(size)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_HLSB)
        self.fb.fill(1 if fill else 0)

    def _check(self):
        if self.generation >= 0 and self.generation != _generation[0]:
            raise AssertionError("this frame's buffer was reused by a newer frame")

    def snapshot(self):
        """The frame as one bytes object per pixel row."""
        self._check()
        stride = self.stride
        buf = self.buf
        return [bytes(buf[y * stride : (y + 1) * stride]) for y in range(self.height)]

    def rows(self):
        """Each pixel row as an int, pixel x at bit (stride * 8 - 1 - x)."""
        return [int.from_bytes(row, "big") for row in self.snapshot()]

    def ink(self, x, y, width, height):
        """Number of ink pixels in a rectangle."""
        self._check()
        count = 0
        for j in range(y, y + height):
            for i in range(x, x + width):
                if self.fb.pixel(i, j):
                    count += 1
        return count


def panel(width, height):
    """A frame with a blank margin right and below: the screen is drawn for width x height."""
    return Frame(width + MARGIN, height + MARGIN)


def margin_is_blank(frame, width, height):
    rows = frame.rows()
    bits = frame.stride * 8
    outside = (1 << (bits - width)) - 1  # the bits right of column width - 1
    for y in range(frame.height):
        if y >= height and rows[y]:
            return False
        if rows[y] & outside:
            return False
    return True


def needle(font, s, inverted=False):
    """s drawn alone in font (ink on paper, or paper on ink) in a frame exactly its size."""
    frame = Frame(text.measure(font, s), font.height, 1 if inverted else 0)
    text.draw(frame.fb, font, s, 0, 0, 0 if inverted else 1)
    return frame


def find_bitmap(frame, pattern, region=None):
    """Every (x, y) where `pattern` (a Frame) appears pixel for pixel in `frame`, searched in
    region (x, y, w, h) or everywhere."""
    x0, y0, w, h = region if region else (0, 0, frame.width, frame.height)
    nw, nh = pattern.width, pattern.height
    mask = (1 << nw) - 1
    wanted = [row >> (pattern.stride * 8 - nw) for row in pattern.rows()]
    rows = frame.rows()
    bits = frame.stride * 8
    found = []
    for y in range(y0, min(y0 + h, frame.height) - nh + 1):
        first = rows[y]
        for x in range(x0, min(x0 + w, frame.width) - nw + 1):
            shift = bits - x - nw
            if (first >> shift) & mask != wanted[0]:
                continue
            match = True
            for j in range(1, nh):
                if (rows[y + j] >> shift) & mask != wanted[j]:
                    match = False
                    break
            if match:
                found.append((x, y))
    return found


def changed_pixels(before, after):
    """(left, top, right, bottom) exclusive box of the pixels that differ between two
    snapshots, or None."""
    box = None
    for y in range(len(before)):
        a = before[y]
        b = after[y]
        if a == b:
            continue
        for index in range(len(a)):
            diff = a[index] ^ b[index]
            if not diff:
                continue
            for bit in range(8):
                if diff & (0x80 >> bit):
                    x = index * 8 + bit
                    if box is None:
                        box = [x, y, x + 1, y + 1]
                    box = [min(box[0], x), min(box[1], y), max(box[2], x + 1), max(box[3], y + 1)]
    return box


def inside(box, rect):
    x, y, w, h = rect
    return box[0] >= x and box[1] >= y and box[2] <= x + w and box[3] <= y + h


def _items(count):
    return ["Item number %d" % (i + 1) for i in range(count)]


# --- menu -------------------------------------------------------------------------------------
def test_draw_menu_cursor_row_is_inverted_and_moves_down_one_row_at_a_time():
    for width, height in SIZES:
        body = draw.look(width).body
        items = _items(4)
        places = []
        for cursor in range(4):
            frame = panel(width, height)
            draw.menu(frame.fb, width, height, "Menu", items, cursor, "OK: choose")
            hits = find_bitmap(frame, needle(body, items[cursor], True))
            assert len(hits) == 1, (width, cursor, hits)
            places.append(hits[0])
            # The other items are drawn plainly, once each.
            for other in range(4):
                if other != cursor:
                    assert len(find_bitmap(frame, needle(body, items[other]))) == 1
            # The inverted band runs to the right edge of the row (no scroll gutter here).
            assert frame.fb.pixel(width - 1, hits[0][1] + 1) == 1
        x = places[0][0]
        step = places[1][1] - places[0][1]
        assert step >= body.height
        for cursor in range(4):
            assert places[cursor] == (x, places[0][1] + cursor * step)


def test_draw_menu_scrolls_so_the_cursor_stays_visible():
    for width, height in SIZES:
        body = draw.look(width).body
        items = _items(30)
        for cursor in range(30):
            frame = panel(width, height)
            draw.menu(frame.fb, width, height, "Long list", items, cursor, "OK: choose")
            hits = find_bitmap(frame, needle(body, items[cursor], True))
            assert len(hits) == 1, (width, cursor)
            assert margin_is_blank(frame, width, height)


def test_draw_menu_shows_a_scroll_hint_only_when_items_do_not_fit():
    for width, height in SIZES:
        gutter = (width - 6, 0, 6, height)
        frame = panel(width, height)
        draw.menu(frame.fb, width, height, "Short", _items(3), -1)
        # With no cursor row and no footer, only the title bar reaches the right edge.
        title_rows = draw.look(width).title.height + 4
        assert frame.ink(gutter[0], title_rows, 6, height - title_rows) == 0
        frame = panel(width, height)
        draw.menu(frame.fb, width, height, "Long", _items(30), -1)
        assert frame.ink(gutter[0], title_rows, 6, height - title_rows) > 0


def test_draw_menu_pages_keep_the_list_full_and_the_page_stable():
    # E-ink redraws what changed, so the list moves a page at a time: moving the cursor inside a
    # page changes two rows only, and the last page is full, ending with the last item.
    width, height = SIZES[0]
    body = draw.look(width).body
    items = _items(30)
    frame = panel(width, height)
    draw.menu(frame.fb, width, height, "Long", items, 0)
    visible = 1
    while find_bitmap(frame, needle(body, items[visible])):
        visible += 1
    assert 3 <= visible < 30
    flips = 0
    previous = frame.snapshot()
    for cursor in range(1, 30):
        frame = panel(width, height)
        draw.menu(frame.fb, width, height, "Long", items, cursor)
        current = frame.snapshot()
        box = changed_pixels(previous, current)
        if box[3] - box[1] > 2 * (body.height + 2):
            flips += 1
        previous = current
    assert flips == (30 + visible - 1) // visible - 1
    for index in range(30 - visible, 29):
        assert len(find_bitmap(frame, needle(body, items[index]))) == 1


def test_draw_menu_with_no_items_and_no_cursor():
    for width, height in SIZES:
        frame = panel(width, height)
        draw.menu(frame.fb, width, height, "Empty", [], -1)
        assert margin_is_blank(frame, width, height)
        frame = panel(width, height)
        draw.menu(frame.fb, width, height, "No cursor", _items(3), -1)
        assert not find_bitmap(frame, needle(draw.look(width).body, "Item number 1", True))


# --- options ----------------------------------------------------------------------------------
def test_draw_options_show_label_and_value_between_arrows():
    rows = [("Players", "4"), ("Level", "Grand Master"), ("Start game", "")]
    for width, height in SIZES:
        body = draw.look(width).body
        frame = panel(width, height)
        draw.options(frame.fb, width, height, "Cybo", rows, 1, "OK: change")
        level = find_bitmap(frame, needle(body, "Grand Master", True))
        assert len(level) == 1
        left = find_bitmap(frame, needle(body, "<", True))
        right = find_bitmap(frame, needle(body, ">", True))
        assert len(left) == 1 and len(right) == 1
        assert left[0][0] < level[0][0] < right[0][0]
        assert left[0][1] == level[0][1] == right[0][1]
        # "4" sits between the plain arrows of the first row, which line up with the second's.
        four = find_bitmap(frame, needle(body, "4"))
        plain_left = find_bitmap(frame, needle(body, "<"))
        assert len(plain_left) == 1 and plain_left[0][0] == left[0][0]
        assert plain_left[0][0] < four[0][0]
        # The action row has a label and no arrows.
        assert len(find_bitmap(frame, needle(body, "Start game"))) == 1
        assert margin_is_blank(frame, width, height)


def test_draw_options_long_labels_and_values_are_cut_not_spilled():
    rows = [(LONG, LONG), ("Short", LONG), (LONG, "1")]
    for width, height in SIZES:
        for cursor in range(3):
            frame = panel(width, height)
            draw.options(frame.fb, width, height, LONG, rows, cursor, LONG)
            assert margin_is_blank(frame, width, height)


# --- message ----------------------------------------------------------------------------------
def test_draw_wrap_breaks_at_spaces_and_splits_words_too_long_for_a_line():
    font = draw.font("small")
    lines = draw.wrap(font, "the quick brown fox jumps over the lazy dog", 60)
    assert " ".join(lines) == "the quick brown fox jumps over the lazy dog"
    for line in lines:
        assert text.measure(font, line) <= 60
    assert len(lines) > 1
    lines = draw.wrap(font, "x" * 30, 50)
    assert "".join(lines) == "x" * 30
    assert [len(line) for line in lines] == [10, 10, 10]
    assert draw.wrap(font, "", 50) == [""]


def test_draw_message_wraps_paragraphs_and_keeps_blank_lines():
    for width, height in SIZES:
        body = draw.look(width).body
        frame = panel(width, height)
        lines = ["line 3: checksum does not match", "", "Pass the device to " + LONG]
        draw.message(frame.fb, width, height, "Save could not be restored", lines, "OK")
        first = find_bitmap(frame, needle(body, "line 3:"))
        passing = find_bitmap(frame, needle(body, "Pass the device"))
        assert len(first) == 1 and len(passing) == 1
        assert first[0][0] == passing[0][0]
        # One empty line between the paragraphs.
        assert passing[0][1] - first[0][1] >= 2 * (body.height + 1)
        assert margin_is_blank(frame, width, height)


def test_draw_message_too_long_ends_with_an_ellipsis():
    for width, height in SIZES:
        body = draw.look(width).body
        frame = panel(width, height)
        draw.message(frame.fb, width, height, "Help", ["word"] * 400, "OK")
        dots = find_bitmap(frame, needle(body, body.ellipsis))
        assert len(dots) == 1
        assert margin_is_blank(frame, width, height)


# --- results ----------------------------------------------------------------------------------
def _standings(count, items=2, tie=True):
    standings = []
    for seat in range(count):
        total = 40 - 5 * seat
        if tie and seat == 1:
            total = 40
        breakdown = [("Trinity x%d" % (seat + 1), 3 * (seat + 1))]
        for extra in range(items - 1):
            breakdown.append(("Kind %d" % extra, extra))
        standings.append(("Player %d" % (seat + 1), total, breakdown, total == 40))
    return standings


def test_draw_results_mark_winners_share_ties_and_show_every_breakdown():
    for width, height in SIZES:
        chosen = draw.look(width)
        head = chosen.body if chosen.large else chosen.dense
        for count in range(1, 7):
            standings = _standings(count)
            frame = panel(width, height)
            draw.results(frame.fb, width, height, "Final scores", standings, "OK: menu")
            assert margin_is_blank(frame, width, height)
            for index in range(count):
                name, _total, breakdown, winner = standings[index]
                rank = 1 if winner else index + 1
                label = "%d. %s" % (rank, name)
                assert len(find_bitmap(frame, needle(head, label, winner))) == 1, (count, label)
                assert not find_bitmap(frame, needle(head, label, not winner))
                first_label = breakdown[0][0]
                assert len(find_bitmap(frame, needle(chosen.dense, first_label))) == 1


def test_draw_results_too_many_breakdown_lines_sum_the_rest():
    for width, height in SIZES:
        standings = _standings(6, items=12, tie=False)
        frame = panel(width, height)
        draw.results(frame.fb, width, height, "Final scores", standings, "OK")
        assert margin_is_blank(frame, width, height)
        assert len(find_bitmap(frame, needle(draw.look(width).dense, "+"))) >= 6


def test_draw_results_with_long_names_and_no_standings():
    for width, height in SIZES:
        standings = [(LONG, 208, [(LONG, 208)], True), (LONG, 0, [], False)]
        frame = panel(width, height)
        draw.results(frame.fb, width, height, LONG, standings, LONG)
        assert margin_is_blank(frame, width, height)
        frame = panel(width, height)
        draw.results(frame.fb, width, height, "Nobody", [], "")
        assert margin_is_blank(frame, width, height)


# --- every screen -----------------------------------------------------------------------------
def _screen(index, fb, width, height):
    """Draw one of four sample screens."""
    if index == 0:
        draw.menu(fb, width, height, "Menu", _items(12), 7, "OK: choose")
    elif index == 1:
        draw.options(fb, width, height, "Setup", [("Players", "4"), ("Start", "")], 0, "OK")
    elif index == 2:
        draw.message(fb, width, height, "Note", ["Saved.", LONG], "OK")
    else:
        draw.results(fb, width, height, "Final", _standings(5), "OK")


def test_draw_screens_are_deterministic_and_clear_the_whole_frame():
    for width, height in SIZES:
        for index in range(4):
            clean = Frame(width, height)
            _screen(index, clean.fb, width, height)
            snapshot = clean.snapshot()
            dirty = Frame(width, height, fill=1)
            _screen(index, dirty.fb, width, height)
            assert dirty.snapshot() == snapshot
            again = Frame(width, height)
            _screen(index, again.fb, width, height)
            assert again.snapshot() == snapshot


def test_draw_screens_draw_the_same_in_a_vertical_byte_format():
    # The panel drivers may use MONO_VLSB: the drawing must not depend on the buffer layout.
    for width, height in SIZES:
        for index in range(4):
            horizontal = Frame(width, height)
            _screen(index, horizontal.fb, width, height)
            rows = horizontal.rows()
            bits = horizontal.stride * 8
            # Draw again into the same buffer, now read as 8-pixel columns.
            vertical = framebuf.FrameBuffer(
                memoryview(_POOL)[: width * ((height + 7) // 8)], width, height, framebuf.MONO_VLSB
            )
            _screen(index, vertical, width, height)
            for y in range(0, height, 3):
                for x in range(0, width, 3):
                    assert (rows[y] >> (bits - 1 - x)) & 1 == vertical.pixel(x, y)


def test_draw_title_bar_returns_its_height_and_keeps_the_right_text():
    for width, height in SIZES:
        frame = panel(width, height)
        bar = draw.title_bar(frame.fb, width, LONG, "Round 13/13")
        title = draw.look(width).title
        assert bar == title.height + 4
        hits = find_bitmap(frame, needle(title, "Round 13/13", True))
        assert len(hits) == 1
        assert hits[0][0] + text.measure(title, "Round 13/13") <= width
        assert margin_is_blank(frame, width, height)


def test_draw_breakdown_lists_every_item_in_columns_and_sums_what_does_not_fit():
    for width, height in SIZES:
        fnt = draw.look(width).dense
        items = [("Path %d-%d" % (n, n + 2), n + 3) for n in range(20)]
        frame = panel(width, height)
        draw.breakdown(frame.fb, width, height, "Ann: 250", items, "OK: menu")
        assert margin_is_blank(frame, width, height)
        for label, points in items:
            assert find_bitmap(frame, needle(fnt, label)), (width, label)
            assert find_bitmap(frame, needle(fnt, str(points))), (width, points)
        many = [("Zone %03d" % n, 1) for n in range(200)]
        frame = panel(width, height)
        draw.breakdown(frame.fb, width, height, "Bob: 200", many, "OK: menu")
        shown = 0  # items are laid out in order: count until the first one missing
        while find_bitmap(frame, needle(fnt, "Zone %03d" % shown)):
            shown += 1
        hidden = 200 - shown
        assert shown > 20 and hidden > 0
        assert not find_bitmap(frame, needle(fnt, "Zone %03d" % (shown + 1)))
        # The last line sums the rest: "+n more", worth n (items of 1 point each).
        assert find_bitmap(frame, needle(fnt, "+%d more" % hidden))
        assert len(find_bitmap(frame, needle(fnt, str(hidden)))) == 2
