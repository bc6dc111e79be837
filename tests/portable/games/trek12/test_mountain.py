"""dicetable.games.trek12.mountain on both runtimes: every map fits every panel, and what is drawn
(numbers, rope links, zones, dangerous circles, candidates) can be found in the pixels."""

from test_draw import SIZES, Frame, find_bitmap, needle

from dicetable.games.trek12 import maps as trek12_maps
from dicetable.games.trek12 import mountain
from dicetable.ui import draw

from trek12_helpers import path_ink

EMPTY = mountain.EMPTY


def _boards():
    return [trek12_maps.load(map_id) for map_id in trek12_maps.MAP_IDS]


def _areas():
    """Mountain areas of about the sheet's size on each panel."""
    return [(width * 58 // 100, height) for width, height in SIZES]


def test_isqrt_is_the_floor_of_the_square_root():
    squares = [root * root + step for root in (255, 4095, 65535, 2**21) for step in (-1, 0, 1)]
    huge = [2**44 - 1, 2**44, 2**60 + 7]  # past the float guess: Newton from the value
    for value in list(range(200)) + [10**6, 10**6 - 1, 2**40 + 12345] + squares + huge:
        root = mountain.isqrt(value)
        assert root * root <= value < (root + 1) * (root + 1), value


def test_every_map_fits_every_area_and_neighbours_never_touch():
    for board in _boards():
        for width, height in _areas():
            layout = mountain.Layout(board, 0, 0, width, height)
            r = layout.radius
            assert r >= 5, (board.id, width, r)
            for cx, cy in layout.centres:
                assert r <= cx <= width - 1 - r, (board.id, width, cx)
                assert r <= cy <= height - 1 - r, (board.id, height, cy)
            for circle in range(board.size):
                ax, ay = layout.centres[circle]
                for other in board.neighbours[circle]:
                    bx, by = layout.centres[other]
                    squared = (ax - bx) * (ax - bx) + (ay - by) * (ay - by)
                    assert squared > (2 * r + 1) * (2 * r + 1), (board.id, circle, other)


def _draw(board, width, height, values, up, cursor=-1, candidates=()):
    frame = Frame(width, height)
    layout = mountain.Layout(board, 0, 0, width, height)
    fnt = draw.look(width).dense
    mountain.draw(frame.fb, layout, board, values, up, fnt, cursor, candidates)
    return frame, layout, fnt


def _ink_between(frame, layout, first, second):
    """Ink pixels in a 5x5 box at the middle of the segment between two centres."""
    ax, ay = layout.centres[first]
    bx, by = layout.centres[second]
    return frame.ink((ax + bx) // 2 - 2, (ay + by) // 2 - 2, 5, 5)


def _edge_with_neighbour(board):
    for circle in range(board.size):
        if board.neighbours[circle]:
            return circle, board.neighbours[circle][0]
    raise AssertionError("no edge")


def test_numbers_are_drawn_in_their_circles_and_the_cursor_inverts_its_number():
    board = trek12_maps.load("kagkot")
    for width, height in _areas():
        values = [EMPTY] * board.size
        values[5] = 11
        values[9] = 7
        frame, layout, fnt = _draw(board, width, height, values, [-1] * board.size, cursor=9)
        r = layout.radius
        for circle, label, inverted in ((5, "11", False), (9, "7", True)):
            cx, cy = layout.centres[circle]
            box = (cx - r, cy - r, 2 * r + 1, 2 * r + 1)
            assert len(find_bitmap(frame, needle(fnt, label, inverted), box)) == 1, label


def test_a_rope_link_is_thick_a_zone_thin_and_unrelated_neighbours_have_no_line():
    board = trek12_maps.load("dunai")
    first, second = _edge_with_neighbour(board)
    for width, height in _areas():
        size = board.size
        linked = [EMPTY] * size
        linked[first], linked[second] = 4, 5
        up = [-1] * size
        up[first] = second
        frame, layout, _fnt = _draw(board, width, height, linked, up)
        rope = _ink_between(frame, layout, first, second)
        zone_values = [EMPTY] * size
        zone_values[first] = zone_values[second] = 6
        frame, layout, _fnt = _draw(board, width, height, zone_values, [-1] * size)
        zone = _ink_between(frame, layout, first, second)
        apart = [EMPTY] * size
        apart[first], apart[second] = 2, 9
        frame, layout, _fnt = _draw(board, width, height, apart, [-1] * size)
        assert _ink_between(frame, layout, first, second) == 0
        assert zone > 0 and rope > zone, (rope, zone)


def _circle_ink(frame, layout, circle):
    cx, cy = layout.centres[circle]
    r = layout.radius
    return frame.ink(cx - r, cy - r, 2 * r + 1, 2 * r + 1)


def test_dangerous_circles_carry_a_second_ring():
    board = trek12_maps.load("kagkot")
    dangerous = board.dangerous[0]
    plain = [c for c in range(board.size) if c not in board.dangerous][0]
    for width, height in _areas():
        frame, layout, _fnt = _draw(board, width, height, [EMPTY] * board.size, [-1] * board.size)
        assert _circle_ink(frame, layout, dangerous) > _circle_ink(frame, layout, plain) * 3 // 2


def test_candidates_get_marks_outside_their_circles_only():
    board = trek12_maps.load("dunai")
    for width, height in _areas():
        empty = [EMPTY] * board.size
        plain, layout, _fnt = _draw(board, width, height, empty, [-1] * board.size)
        before = plain.snapshot()
        marked, layout, _fnt = _draw(board, width, height, empty, [-1] * board.size, -1, (3,))
        after = marked.snapshot()
        cx, cy = layout.centres[3]
        reach = layout.radius + 5
        for y in range(len(before)):
            if before[y] == after[y]:
                continue
            assert cy - reach <= y <= cy + reach, y
        assert before != after


def _rope_choice(board):
    """(c, a, b): a circle and two of its neighbours, not next to each other (no zone line
    between a and b crosses the ropes from c)."""
    for c in range(board.size):
        around = board.neighbours[c]
        for a in around:
            for b in around:
                if a < b and b not in board.neighbours[a]:
                    return c, a, b
    raise AssertionError("no rope choice on %s" % board.id)


def _rope_ink(board, width, height, values, up, c, candidates, ropes, to):
    """Ink on the path from c to `to`, the mountain drawn with the cursor on c."""
    frame = Frame(width, height)
    layout = mountain.Layout(board, 0, 0, width, height)
    fnt = draw.look(width).dense
    mountain.draw(frame.fb, layout, board, values, up, fnt, c, candidates, None, (), ropes)
    return path_ink(frame, layout, c, to)


def test_rope_choices_are_dashed_and_the_one_under_the_cursor_bold():
    board = trek12_maps.load("dunai")
    c, a, b = _rope_choice(board)
    size = board.size
    values = [EMPTY] * size
    values[a] = values[b] = 5
    values[c] = 6  # the number the cursor's circle would get
    no_up = [-1] * size
    linked = list(no_up)
    linked[b] = c  # a rope already written from b up to c
    both = (a, b)
    for width, height in _areas():
        sheet = (board, width, height, values)
        # a and b are marked as candidates in every drawing, so only the line differs.
        plain = _rope_ink(*sheet, no_up, c, both, (), b)  # no rope question: no line
        dashed = _rope_ink(*sheet, no_up, c, (a,), both, b)  # b may be joined, a is chosen
        bold = _rope_ink(*sheet, no_up, c, (b,), both, b)  # b is under the cursor
        written = _rope_ink(*sheet, linked, c, both, (), b)
        assert plain < dashed < written < bold, (width, plain, dashed, written, bold)
