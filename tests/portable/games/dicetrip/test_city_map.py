"""dicetable.games.dicetrip.city_map on both runtimes: the placeholder map fits both panels with
boxes that never touch, free corners are found, and what is drawn (numbers, rings, crosses,
dotted and thick roads, the route's shadow, the cursor) can be found in the pixels."""

from test_draw import SIZES, Frame, find_bitmap, needle

from dicetable.games.dicetrip import city_map, data
from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.dicetrip import sheet as sheet_dicetrip
from dicetable.ui import draw, text

from dicetrip_helpers import hand_board

EMPTY = city_map.EMPTY
CROSSED = city_map.CROSSED
BRUSSEL, WATERLOO = 10, 16  # 9 rows apart on 128 rows before spreading


def _areas():
    """(width, height, font) of the map on each panel, as the sheet uses them."""
    return [
        (sheet_dicetrip.map_width(width), height, sheet_dicetrip.map_font(width))
        for width, height in SIZES
    ]


def ink_needle(fnt, s, inverted=False):
    """s cropped to its ink (a box border may run through the blank rows of its cell)."""
    left, top, width, height = city_map.ink_box(fnt, s)
    frame = Frame(width, height, 1 if inverted else 0)
    text.draw(frame.fb, fnt, s, -left, -top, 0 if inverted else 1)
    return frame


def _layout(board, width, height, fnt):
    return city_map.Layout(board, fnt, 0, 0, width, height)


def test_ink_box_of_the_digits_is_inside_the_cell():
    for name in ("small", "medium", "large"):
        fnt = draw.font(name)
        left, top, width, height = city_map.ink_box(fnt)
        assert 0 <= left and 0 <= top and 3 <= height <= fnt.height, name
        assert width <= 10 * fnt.width, name
        assert city_map.ink_box(fnt, "1")[2] < city_map.ink_box(fnt, "11")[2]


def _pixel_ink_box(fnt, sample):
    """The bounding box of the ink, pixel by pixel (what city_map.ink_box reads from bytes)."""
    width = text.measure(fnt, sample)
    frame = Frame(width, fnt.height)
    text.draw(frame.fb, fnt, sample, 0, 0)
    inked = [(x, y) for y in range(fnt.height) for x in range(width) if frame.fb.pixel(x, y)]
    xs = [x for x, _y in inked]
    ys = [y for _x, y in inked]
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def test_ink_box_is_the_bounding_box_of_the_drawn_pixels():
    for name in ("small", "medium", "large"):
        fnt = draw.font(name)
        for sample in ("0123456789", "66", "1", "7", "4", "Wj", "_", "."):
            assert city_map.ink_box(fnt, sample) == _pixel_ink_box(fnt, sample), (name, sample)


def test_every_box_fits_the_area_and_no_two_boxes_touch():
    board = dicetrip.default_board()
    for width, height, fnt in _areas():
        layout = _layout(board, width, height, fnt)
        box_w, box_h = layout.box_w, layout.box_h
        assert box_w > city_map.ink_box(fnt, "66")[2] and box_h > city_map.ink_box(fnt)[3]
        for left, top in [layout.box(city) for city in range(board.size)]:
            assert 0 <= left and left + box_w <= width, (width, left)
            assert 0 <= top and top + box_h <= height, (height, top)
        for first in range(board.size):
            a = layout.box(first)
            for second in range(first + 1, board.size):
                b = layout.box(second)
                apart_x = abs(a[0] - b[0]) >= box_w + 2
                apart_y = abs(a[1] - b[1]) >= box_h + 2
                assert apart_x or apart_y, (width, first, second, a, b)


def test_crowded_cities_are_pushed_apart_and_keep_their_order():
    board = dicetrip.default_board()
    width, height, fnt = _areas()[0]
    layout = _layout(board, width, height, fnt)
    brussel = layout.box(BRUSSEL)
    waterloo = layout.box(WATERLOO)
    # Scaled alone, Waterloo would sit 9 rows under Brussel: less than a box.
    assert (board.xy[WATERLOO][1] - board.xy[BRUSSEL][1]) * (height - layout.box_h) // 780 < 10
    assert waterloo[1] - brussel[1] >= layout.box_h + 2
    # Three cities on one spot of a hand-built map end up side by side or stacked.
    piled = hand_board(3, [(0, 1), (1, 2)])
    piled.xy = ((500, 500), (500, 500), (500, 501))
    layout = _layout(piled, 100, 60, fnt)
    spots = [layout.box(city) for city in range(piled.size)]
    for index in range(3):
        for other in range(index + 1, 3):
            assert spots[index] != spots[other]


def test_free_corners_avoid_cities_and_roads():
    board = dicetrip.default_board()
    for width, height, fnt in _areas():
        layout = _layout(board, width, height, fnt)
        for city in range(board.size):
            left, top = layout.box(city)
            assert not layout.free(left, top, 2, 2)
        # The middle of a road between two cities far apart is not free either.
        x1, y1 = layout.centre(21)  # Dinant
        x2, y2 = layout.centre(24)  # Arlon
        assert not layout.free((x1 + x2) // 2 - 1, (y1 + y2) // 2 - 1, 3, 3)
        # South-west of Belgium is empty on this map.
        assert layout.free(0, height - 20, 20, 20)


def _road_points(layout, gap):
    """Every point the map samples on its roads, one in `gap` pixels from each end's centre."""
    points = []
    for first, second in layout.roads:
        (x1, y1), (x2, y2) = layout.centre(first), layout.centre(second)
        steps = max(abs(x2 - x1), abs(y2 - y1), 1)
        points.extend(
            (x1 + (x2 - x1) * step // steps, y1 + (y2 - y1) * step // steps)
            for step in range(0, steps + 1, gap)
        )
    return points


def _free_by_sampling(layout, points, x, y, width, height):
    """Layout.free as the map defines it: no box, and no sampled point of any road, within
    _GAP (2) pixels of the rectangle, every road's points looked at."""
    x0, y0, x1, y1 = x - 2, y - 2, x + width + 2, y + height + 2
    for city in range(len(layout.lefts)):
        left, top = layout.box(city)
        if left < x1 and x0 < left + layout.box_w and top < y1 and y0 < top + layout.box_h:
            return False
    return not any(x0 <= px < x1 and y0 <= py < y1 for px, py in points)


def test_free_skips_only_roads_that_pass_beside_the_rectangle():
    board = dicetrip.default_board()
    for width, height, fnt in _areas():
        layout = _layout(board, width, height, fnt)
        points = _road_points(layout, 2)
        found = 0
        for w, h in ((3, 3), (24, 14), (70, 40)):
            for x in range(-4, width, 11):
                for y in range(-4, height, 9):
                    free = layout.free(x, y, w, h)
                    sampled = _free_by_sampling(layout, points, x, y, w, h)
                    assert free == sampled, (width, x, y, w, h)
                    found += free
        assert found  # some places are free, so both answers were met


def _draw(board, width, height, fnt, values, route=(), cursor=-1):
    frame = Frame(width, height)
    layout = _layout(board, width, height, fnt)
    city_map.draw(frame.fb, layout, board, fnt, values, route, cursor, data.DICE_LETTERS)
    return frame, layout


def _box_region(layout, city, margin=0):
    left, top = layout.box(city)
    return (
        left - margin,
        top - margin,
        layout.box_w + 2 * margin,
        layout.box_h + 2 * margin,
    )


def test_numbers_are_drawn_in_their_boxes_and_the_cursor_inverts_its_own():
    board = dicetrip.default_board()
    for width, height, fnt in _areas():
        values = [EMPTY] * board.size
        values[BRUSSEL] = 34
        values[WATERLOO] = 56
        frame, layout = _draw(board, width, height, fnt, values, (), WATERLOO)
        assert find_bitmap(frame, ink_needle(fnt, "34"), _box_region(layout, BRUSSEL))
        assert find_bitmap(frame, ink_needle(fnt, "56", True), _box_region(layout, WATERLOO))
        assert not find_bitmap(frame, ink_needle(fnt, "56"))


def test_rings_show_their_letter_until_a_number_is_written():
    board = dicetrip.default_board()
    brugge = 1  # yellow ring
    for width, height, fnt in _areas():
        values = [EMPTY] * board.size
        frame, layout = _draw(board, width, height, fnt, values)
        assert find_bitmap(frame, ink_needle(fnt, "Y"), _box_region(layout, brugge))
        ringed = frame.ink(*_box_region(layout, brugge, 1))
        plain = frame.ink(*_box_region(layout, 0, 1))  # Oostende: no ring
        assert ringed > plain + layout.box_w, (ringed, plain)
        values[brugge] = 25
        frame, layout = _draw(board, width, height, fnt, values)
        assert not find_bitmap(frame, ink_needle(fnt, "Y"), _box_region(layout, brugge))


def test_a_crossed_city_has_an_x_and_dotted_roads():
    board = hand_board(3, [(0, 1), (1, 2)])
    board.xy = ((0, 0), (500, 0), (1000, 0))
    fnt = draw.font("small")
    width, height = 150, 30
    values = [EMPTY] * 3
    plain, layout = _draw(board, width, height, fnt, values)
    road_y = layout.centre(0)[1]
    x1 = layout.box(0)[0] + layout.box_w + 2
    gap = layout.box(1)[0] - x1 - 2
    solid = plain.ink(x1, road_y, gap, 1)
    values[1] = CROSSED
    crossed, layout = _draw(board, width, height, fnt, values)
    dotted = crossed.ink(x1, road_y, gap, 1)
    assert 0 < dotted < solid // 2, (dotted, solid)
    inside = _box_region(layout, 1)
    assert crossed.ink(*inside) > plain.ink(*inside) + 6
    cx, cy = layout.centre(1)
    assert crossed.fb.pixel(cx, cy) == 1  # the X's middle


def test_the_route_has_thick_roads_and_shadowed_boxes():
    board = hand_board(4, [(0, 1), (1, 2), (2, 3)])
    board.xy = ((0, 0), (330, 0), (660, 0), (1000, 0))
    fnt = draw.font("small")
    width, height = 200, 30
    values = [11, 22, 33, 0]
    plain, layout = _draw(board, width, height, fnt, values)
    shown, layout = _draw(board, width, height, fnt, values, (0, 1, 2))
    x1 = layout.box(0)[0] + layout.box_w + 4
    gap = layout.box(1)[0] - x1 - 2
    road_y = layout.centre(0)[1]
    assert shown.ink(x1, road_y - 2, gap, 5) >= 2 * plain.ink(x1, road_y - 2, gap, 5)
    # The road to the city off the route stays thin.
    x3 = layout.box(2)[0] + layout.box_w + 4
    gap3 = layout.box(3)[0] - x3 - 2
    assert shown.ink(x3, road_y - 2, gap3, 5) == plain.ink(x3, road_y - 2, gap3, 5)
    assert shown.ink(*_box_region(layout, 1, 2)) > plain.ink(*_box_region(layout, 1, 2))


def test_the_strip_goes_in_a_free_corner_wide_when_it_fits_else_compact():
    board = dicetrip.default_board()
    fnt = draw.font("small")
    for width, height, _map_font in _areas():
        layout = _layout(board, width, height, _map_font)
        spot = city_map.strip_spot(layout, fnt, "placeholder map", width, height)
        assert spot is not None and spot[2] is not None, width
        x, y, _wide = spot
        assert layout.free(x, y, text.measure(fnt, "placeholder map"), fnt.height)
    # On a map filling its rectangle, nothing fits: no spot, and drawing none is harmless.
    crowded = hand_board(4, [(0, 1), (1, 2), (2, 3), (3, 0)])
    crowded.xy = ((0, 0), (1000, 0), (1000, 1000), (0, 1000))
    layout = _layout(crowded, 40, 30, fnt)
    assert city_map.strip_spot(layout, fnt, "placeholder map", 40, 30) is None
    frame = Frame(40, 30)
    city_map.draw_strip(frame.fb, fnt, None, "placeholder map", [])
    assert frame.ink(0, 0, 40, 30) == 0
    # A wide corner takes rows of whole numbers; a used number is a dot.
    frame = Frame(120, 60)
    city_map.draw_strip(frame.fb, fnt, (0, 0, True), "", [12, 34])
    assert find_bitmap(frame, needle(fnt, "11  \u00b7 13 14 15 16"))
    assert find_bitmap(frame, needle(fnt, "31 32 33  \u00b7 35 36"))


def test_a_number_used_is_dotted_in_its_cell_alone_as_the_whole_strip_draws_it():
    """strip_cell and draw_used, wide and compact, with and without a label: the cell cleared
    and dotted gives the pixels of the strip drawn whole with that number used;
    the cell holds no pixel of another number (every unused one stays as drawn)."""
    tried = 0
    for name in ("small", "medium", "large"):
        fnt = draw.font(name)
        for wide in (True, False):
            for label in ("", "placeholder map"):
                spot = (3, 2, wide)
                bounds = city_map.strip_rect(fnt, spot, label)
                width, height = bounds[0] + bounds[2] + 3, bounds[1] + bounds[3] + 3
                before = [12, 45]
                for value in (11, 16, 23, 34, 61, 66):
                    cell = city_map.strip_cell(fnt, spot, label, value)
                    if cell is None:
                        continue
                    frame = Frame(width, height)
                    city_map.draw_strip(frame.fb, fnt, spot, label, before)
                    city_map.draw_used(frame.fb, fnt, spot, cell)
                    alone = frame.snapshot()
                    whole = Frame(width, height)
                    city_map.draw_strip(whole.fb, fnt, spot, label, before + [value])
                    assert alone == whole.snapshot(), (name, wide, label, value)
                    tried += 1
    assert tried >= 12, tried  # the small font's compact strip and the wide ones at least


def test_nothing_of_the_map_reaches_the_strip_hole():
    """strip_hole: the strip's rectangle where the sheet keeps the strip while it draws the
    roads again, on both panels. Every road thick, every city shadowed and inverted (the most
    ink each can have) leave it blank; without its margin there is no hole."""
    board = dicetrip.default_board()
    label = "placeholder map" if board.placeholder else ""
    for (width, height, map_font), (panel_width, _height) in zip(_areas(), SIZES):
        layout = _layout(board, width, height, map_font)
        dense = draw.look(panel_width).dense
        spot = city_map.strip_spot(layout, dense, label, width, height)
        hole = city_map.strip_hole(layout, dense, spot, label)
        assert hole == city_map.strip_rect(dense, spot, label), width
        frame = Frame(width, height)
        values = [CROSSED if city % 2 else 12 for city in range(board.size)]
        for first, second in board.roads:  # each road once on the route: thick
            city_map.draw_roads(frame.fb, layout, board, [EMPTY] * board.size, (first, second))
        city_map.draw_roads(frame.fb, layout, board, values, tuple(range(board.size)))
        for city in range(board.size):
            city_map.draw_city(frame.fb, layout, board, map_font, city, values[city], True)
        assert frame.ink(*hole) == 0, (width, hole)
    crowded = hand_board(4, [(0, 1), (1, 2), (2, 3), (3, 0)])
    crowded.xy = ((0, 0), (1000, 0), (1000, 1000), (0, 1000))
    fnt = draw.font("small")
    layout = _layout(crowded, 60, 60, fnt)
    assert city_map.strip_hole(layout, fnt, (0, 0, True), "") is None
