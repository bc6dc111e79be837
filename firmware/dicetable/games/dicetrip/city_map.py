"""A Dice Trip map drawn from its board's layout: city boxes, two-digit numbers, roads, rings.

PURE. `Layout(board, fnt, x, y, width, height)` fits the map's `xy` (thousandths, y downward)
into a rectangle, one scale per axis, with boxes just big enough for "66" in `fnt`. Where two
boxes would touch (25 cities on 128 rows: Brussel and Waterloo sit 9 rows apart), it pushes them
apart, so every number stays readable in one overview: no zoomed view is needed. `draw` paints
one sheet:
    empty city          a box; a ringed one has a double-width border and its colour's letter
    number              centred in its box
    crossed city        an X through the box; its roads are dotted (routes cannot pass)
    road                a line between two boxes
    longest route       thick roads, and a shadow below and right of its boxes
    cursor              the box inverted, showing what the choice would write (or its X)
`strip_spot` finds a map corner clear of cities and roads for the strip of the 36 numbers
(and a label), `draw_strip` draws it and `strip_rect` bounds it. Integer arithmetic only; the
layout and the corner are worked out once per board, font and rectangle.
"""

import array

import framebuf
from micropython import const

from dicetable.ui import text

# The numbers the sheet draws (the map and the dice), each made once (text.number).
NUMBERS = {}

_INK = const(1)
_PAPER = const(0)
_PAD = const(1)  # blank pixels between the digits and the border
_GAP = const(2)  # the least blank space between two boxes (a road stays visible)
_PASSES = const(40)  # spreading rounds; the placeholder map needs fewer than ten
_DOT_STEP = const(3)  # a dotted road: one pixel in three
_HOLE_MARGIN = const(4)  # strip_hole: blank pixels around the strip
_SIDE = const(6)  # the strip of numbers: 6 x 6, tens down, units across
_TENS_W = const(9)  # the compact strip's tens column and its rule
_PLAIN = const(0)  # road styles
_THICK = const(1)
_DOTTED = const(2)

EMPTY = const(0)  # as in games.dicetrip.route
CROSSED = const(-1)


def ink_box(fnt, sample="0123456789"):
    """(left, top, width, height) of the ink of `sample` drawn at (0, 0) in `fnt`. Read byte
    by byte from the drawing's buffer (MONO_HLSB: the high bit is a byte's leftmost pixel): a
    fb.pixel call per pixel took 47 ms for the kiosk's map font on an RP2040."""
    width = text.measure(fnt, sample)
    stride = (width + 7) // 8
    buf = bytearray(stride * fnt.height)
    fb = framebuf.FrameBuffer(buf, width, fnt.height, framebuf.MONO_HLSB)
    text.draw(fb, fnt, sample, 0, 0)
    left = top = 1 << 16
    right = bottom = -1
    for y in range(fnt.height):
        row = buf[y * stride : (y + 1) * stride]
        first = last = -1
        for column in range(stride):
            if row[column]:
                if first < 0:
                    first = column
                last = column
        if first < 0:
            continue
        top = min(top, y)
        bottom = y
        bits = row[first]
        x = first * 8
        while not bits & 0x80:
            bits <<= 1
            x += 1
        left = min(left, x)
        bits = row[last]
        x = last * 8 + 7
        while not bits & 1:
            bits >>= 1
            x -= 1
        right = max(right, x)
    return left, top, right - left + 1, bottom - top + 1


class Layout:
    """Box geometry for a board in a rectangle.

    box_w, box_h    one city box, border included
    lefts, tops     each city box's left and top (arrays: 25 pairs as tuples held 0.5 KB)
    text_x, text_y  where text goes relative to a box's top left (the digits' ink centred)
    """

    def __init__(self, board, fnt, x, y, width, height):
        _left, ink_top, _width, ink_h = ink_box(fnt)  # rows: every digit's
        ink_left, _top, digits_w, _height = ink_box(fnt, "66")  # columns: the widest number
        self.box_w = digits_w + 2 * (_PAD + 1)
        self.box_h = ink_h + 2 * (_PAD + 1)
        self.text_x = _PAD + 1 - ink_left
        self.text_y = _PAD + 1 - ink_top
        xs = [point[0] for point in board.xy]
        ys = [point[1] for point in board.xy]
        min_x, min_y = min(xs), min(ys)
        span_x = max(1, max(xs) - min_x)
        span_y = max(1, max(ys) - min_y)
        room_w = width - self.box_w
        room_h = height - self.box_h
        lefts = [x + (px - min_x) * room_w // span_x for px in xs]
        tops = [y + (py - min_y) * room_h // span_y for py in ys]
        _spread(lefts, x, x + room_w, self.box_w + _GAP, tops, y, y + room_h, self.box_h + _GAP)
        self.lefts = array.array("h", lefts)
        self.tops = array.array("h", tops)
        self.roads = board.roads
        # True when no box or ring reaches another box: then one box can be drawn again alone.
        self.apart = _apart(lefts, tops, board.rings, self.box_w, self.box_h)
        # Each road's two ends on the borders of its boxes, worked out once: x1, y1, x2, y2
        # of road r at 4 * r (one array: a tuple per road held 1.3 KB on an RP2040).
        ends = array.array("h")
        for first, second in board.roads:
            ends.extend(_border_point(self, first, second) + _border_point(self, second, first))
        self.ends = ends

    def box(self, city):
        """(left, top) of a city's box."""
        return self.lefts[city], self.tops[city]

    def centre(self, city):
        left, top = self.lefts[city], self.tops[city]
        return left + self.box_w // 2, top + self.box_h // 2

    def free(self, x, y, width, height):
        """True if no city box or road comes within _GAP pixels of the rectangle."""
        right = x + width + _GAP
        bottom = y + height + _GAP
        x -= _GAP
        y -= _GAP
        for city in range(len(self.lefts)):
            left, top = self.lefts[city], self.tops[city]
            if left < right and x < left + self.box_w and top < bottom and y < top + self.box_h:
                return False
        for first, second in self.roads:
            x1, y1 = self.centre(first)
            x2, y2 = self.centre(second)
            if max(x1, x2) < x or min(x1, x2) >= right or max(y1, y2) < y or min(y1, y2) >= bottom:
                continue  # the whole road passes beside the rectangle: no point of it is inside
            steps = max(abs(x2 - x1), abs(y2 - y1), 1)
            for step in range(0, steps + 1, _GAP):
                px = x1 + (x2 - x1) * step // steps
                py = y1 + (y2 - y1) * step // steps
                if x <= px < right and y <= py < bottom:
                    return False
        return True


def _apart(lefts, tops, rings, box_w, box_h):
    for city in range(len(lefts)):
        margin = 1 if rings[city] >= 0 else 0  # the ring outside a ringed box
        left, top = lefts[city], tops[city]
        left -= margin
        top -= margin
        right = left + box_w + 2 * margin
        bottom = top + box_h + 2 * margin
        for other in range(len(lefts)):
            x, y = lefts[other], tops[other]
            if other != city and x < right and left < x + box_w and y < bottom and top < y + box_h:
                return False
    return True


def _spread(xs, low_x, high_x, need_x, ys, low_y, high_y, need_y):
    """Move boxes apart until no two are closer than need_x across or need_y down (or the
    passes run out): each overlapping pair separates along the axis that needs less, half each
    way, the rest by the other box when one is at the edge."""
    count = len(xs)
    for _ in range(_PASSES):
        moved = False
        for first in range(count):
            first_x = xs[first]
            first_y = ys[first]
            for second in range(first + 1, count):
                # Most pairs are apart across: rejected before anything else is worked out.
                dx = xs[second] - first_x
                if dx >= need_x or dx <= -need_x:
                    continue
                dy = ys[second] - first_y
                if dy >= need_y or dy <= -need_y:
                    continue
                short_x = need_x - abs(dx)
                short_y = need_y - abs(dy)
                moved = True
                # Compare shortfalls relative to the box sides: push along the easier axis.
                if short_y * need_x <= short_x * need_y:
                    _separate(ys, first, second, dy, short_y, low_y, high_y)
                    first_y = ys[first]
                else:
                    _separate(xs, first, second, dx, short_x, low_x, high_x)
                    first_x = xs[first]
        if not moved:
            return


def _separate(values, first, second, delta, short, low, high):
    sign = 1 if delta >= 0 else -1  # second moves this way, first the other
    half = short // 2
    before = values[first]
    values[first] = min(high, max(low, before - sign * half))
    rest = short - sign * (before - values[first])
    values[second] = min(high, max(low, values[second] + sign * rest))


# --- drawing ----------------------------------------------------------------------------------
def _border_point(layout, city, towards):
    """Where the line from a city's centre towards another centre leaves its box."""
    cx, cy = layout.centre(city)
    tx, ty = layout.centre(towards)
    dx, dy = tx - cx, ty - cy
    half_w = layout.box_w // 2
    half_h = layout.box_h // 2
    # The line meets the vertical or the horizontal side first, whichever is nearer in steps.
    if dx and (not dy or abs(dx) * half_h >= abs(dy) * half_w):
        step_x = half_w if dx > 0 else -half_w
        return cx + step_x, cy + dy * step_x // dx
    step_y = half_h if dy > 0 else -half_h
    return cx + dx * step_y // dy, cy + step_y


def _road(fb, ends, at, style):
    x1, y1, x2, y2 = ends[at], ends[at + 1], ends[at + 2], ends[at + 3]
    if style == _DOTTED:
        steps = max(abs(x2 - x1), abs(y2 - y1), 1)
        for step in range(0, steps + 1, _DOT_STEP):
            fb.pixel(x1 + (x2 - x1) * step // steps, y1 + (y2 - y1) * step // steps, _INK)
        return
    fb.line(x1, y1, x2, y2, _INK)
    if style == _THICK:
        if abs(x2 - x1) >= abs(y2 - y1):
            fb.line(x1, y1 - 1, x2, y2 - 1, _INK)
            fb.line(x1, y1 + 1, x2, y2 + 1, _INK)
        else:
            fb.line(x1 - 1, y1, x2 - 1, y2, _INK)
            fb.line(x1 + 1, y1, x2 + 1, y2, _INK)


def _cross(fb, left, top, width, height, color):
    fb.line(left + 2, top + 2, left + width - 3, top + height - 3, color)
    fb.line(left + 2, top + height - 3, left + width - 3, top + 2, color)


def draw(fb, layout, board, fnt, values, route=(), cursor=-1, letters=()):
    """Paint the map. `values` per city: EMPTY, CROSSED or a number (the cursor's city already
    showing what the choice would write); `route` the cities of the longest route in order;
    `letters[d]` the mark of die colour d in an empty ringed city."""
    draw_roads(fb, layout, board, values, route)
    for city in range(board.size):
        draw_city(fb, layout, board, fnt, city, values[city], city == cursor, letters)


def draw_roads(fb, layout, board, values, route=()):
    """What lies under the boxes: the roads (their style from the CROSSED `values` and the
    `route`) and the route's shadows. A box drawn again alone covers only its own rectangle."""
    if len(route) < 2:
        route = ()  # a lone number is no route worth marking
    following = [-1] * board.size  # the next city along the route
    for index in range(len(route) - 1):
        following[route[index]] = route[index + 1]
    roads = board.roads
    for index in range(len(roads)):
        first, second = roads[index]
        style = _PLAIN
        if values[first] == CROSSED or values[second] == CROSSED:
            style = _DOTTED
        elif following[first] == second or following[second] == first:
            style = _THICK
        _road(fb, layout.ends, 4 * index, style)
    box_w, box_h = layout.box_w, layout.box_h
    for city in route:  # a shadow below and right: the city is on the longest route
        left, top = layout.lefts[city], layout.tops[city]
        edge = 2 if board.rings[city] >= 0 else 1
        fb.fill_rect(left + 2, top + box_h - 1 + edge, box_w - 1 + edge, 2, _INK)
        fb.fill_rect(left + box_w - 1 + edge, top + 2, 2, box_h - 1 + edge, _INK)


def draw_city(fb, layout, board, fnt, city, value, chosen, letters=()):
    """One city's box showing `value`, inverted when `chosen`: it fills its whole rectangle,
    so it can be drawn again over itself (its ring outside it is always ink)."""
    box_w, box_h = layout.box_w, layout.box_h
    left, top = layout.lefts[city], layout.tops[city]
    ringed = board.rings[city] >= 0
    fb.fill_rect(left, top, box_w, box_h, _INK if chosen else _PAPER)
    fb.rect(left, top, box_w, box_h, _INK)
    if ringed:  # a second border outside the first
        fb.rect(left - 1, top - 1, box_w + 2, box_h + 2, _INK)
    else:  # rounded corners
        for corner_x, corner_y in ((0, 0), (box_w - 1, 0), (0, box_h - 1)):
            fb.pixel(left + corner_x, top + corner_y, _PAPER)
        fb.pixel(left + box_w - 1, top + box_h - 1, _PAPER)
    color = _PAPER if chosen else _INK
    if value == CROSSED:
        _cross(fb, left, top, box_w, box_h, color)
    elif value > 0:
        label = text.number(NUMBERS, value)
        text.draw(fb, fnt, label, left + layout.text_x, top + layout.text_y, color)
    elif ringed and letters:
        label = letters[board.rings[city]]
        x = left + (box_w - text.measure(fnt, label)) // 2
        text.draw(fb, fnt, label, x, top + layout.text_y, color)


# --- the strip of numbers ---------------------------------------------------------------------
def strip_spot(layout, fnt, label, width, height):
    """Where the strip of the 36 numbers goes, under `label` (or ""), in a map `width` x
    `height`: (x, y, wide) of the first corner (bottom left, top right, top left, bottom right)
    clear of cities and roads for the wide strip, else for the compact one; (x, y, None) for
    the label alone; None if not even that fits. What the strip's font can do (_strip_font)
    is worked out here too, once with the layout, rather than at the sheet's first draw."""
    _strip_font(fnt)
    label_h = fnt.height + 1 if label else 0
    label_w = text.measure(fnt, label)
    for wide, strip_w, strip_h in (
        (True, text.measure(fnt, "66 66 66 66 66 66"), _SIDE * fnt.height),
        (False, _TENS_W + text.measure(fnt, "6 6 6 6 6 6"), _SIDE * (fnt.height - 1)),
        (None, 0, 0),
    ):
        block_w = max(strip_w, label_w)
        block_h = label_h + strip_h
        if not block_h:
            return None
        for x, y in (
            (0, height - block_h),
            (width - block_w, 0),
            (0, 0),
            (width - block_w, height - block_h),
        ):
            if layout.free(x, y, block_w, block_h):
                return x, y, wide
    return None


def strip_rect(fnt, spot, label):
    """(x, y, w, h) around every pixel `draw_strip` may draw at `spot` (a compact strip starts
    a row above its spot), or None without a spot. strip_spot keeps it clear of the map."""
    if spot is None:
        return None
    x, y, wide = spot
    w = text.measure(fnt, label)
    h = fnt.height + 1 if label else 0
    if wide:
        w = max(w, text.measure(fnt, "66 66 66 66 66 66"))
        h += _SIDE * fnt.height
    elif wide is not None:
        w = max(w, _TENS_W + text.measure(fnt, "6 6 6 6 6 6"))
        h += _SIDE * (fnt.height - 1)
        y -= 1
        h += 1
    return x, y, w, h


def strip_hole(layout, fnt, spot, label):
    """The strip's rectangle (strip_rect) when nothing else on the map can draw in it, else
    None: no box, ring, shadow or road comes within _HOLE_MARGIN pixels of it (a shadow
    reaches 3 past its box; a thick road 1 past its line, which `free` samples every _GAP
    pixels). The sheet then keeps the strip when it draws the roads again."""
    rect = strip_rect(fnt, spot, label)
    if rect is None:
        return None
    x, y, w, h = rect
    more = _HOLE_MARGIN - _GAP  # `free` keeps _GAP itself
    return rect if layout.free(x - more, y - more, w + 2 * more, h + 2 * more) else None


def draw_strip(fb, fnt, spot, label, values):
    """The label and the strip at `spot` (see strip_spot): rows "11 12 .. 16" (wide), or a
    tens digit, a rule and the six units (compact); a number in `values` is a dot."""
    if spot is None:
        return
    x, y, wide = spot
    if label:
        text.draw(fb, fnt, label, x, y)
        y += fnt.height + 1
    if wide is None:
        return
    if not wide:
        fb.vline(x + _TENS_W - 3, y, _SIDE * (fnt.height - 1), _INK)
    used = set(values)
    for tens in range(1, _SIDE + 1):
        cells = []
        for units in range(1, _SIDE + 1):
            value = 10 * tens + units
            if value in used:
                cells.append(" \u00b7" if wide else "\u00b7")
            else:
                cells.append(str(value) if wide else text.number(NUMBERS, units))
        row = " ".join(cells)
        if wide:
            _row(fb, fnt, row, x, y)
            y += fnt.height
        else:  # rows overlap by their blank line: the strip stays as short as a corner
            text.draw(fb, fnt, text.number(NUMBERS, tens), x, y - 1)
            _row(fb, fnt, row, x + _TENS_W, y - 1)
            y += fnt.height - 1


def strip_cell(fnt, spot, label, value):
    """(x, y, w, h) of number `value`'s cell in the strip at `spot` ("36" or " \u00b7" wide,
    "6" or "\u00b7" compact), when a cell can be drawn alone: every digit, the space and the
    dot advance alike (no cell moves another), and in a compact strip, whose rows overlap by
    a line, the digits and the dot leave that line blank (the rectangle leaves it out). Else
    None. `draw_used` marks the number used there as draw_strip would."""
    if spot is None or spot[2] is None:
        return None
    _ink, alone, blank_edges = _strip_font(fnt)
    x, y, wide = spot
    if not alone or not (wide or blank_edges):
        return None
    step = fnt.advance(" ")
    if label:
        y += fnt.height + 1
    column = value % 10 - 1
    if wide:
        return x + 3 * column * step, y + (value // 10 - 1) * fnt.height, 2 * step, fnt.height
    y += (value // 10 - 1) * (fnt.height - 1)
    return x + _TENS_W + 2 * column * step, y, step, fnt.height - 2


def draw_used(fb, fnt, spot, cell):
    """A used number's `cell` (strip_cell) cleared and dotted."""
    x, y, w, h = cell
    fb.fill_rect(x, y, w, h, _PAPER)
    if spot[2]:
        x += fnt.advance(" ")  # " \u00b7"
    else:
        y -= 1  # the compact rows start a line above their spot
    _stamp(fb, _strip_font(fnt)[0], x, y)


def _stamp(fb, ink, x, y):
    """The dot's ink ([dx, dy, ...], _strip_font) with its cell's top left at (x, y)."""
    for index in range(0, len(ink), 2):
        fb.pixel(x + ink[index], y + ink[index + 1], _INK)


# font -> (the ink of its middle dot as [dx, dy, ...] or None, a strip cell can be drawn
# alone, the top and bottom lines of the digits and the dot are blank)
_strip_fonts = {}


def _strip_font(fnt):
    """What the strip can do with `fnt`, worked out once. With the dot's ink (when it advances
    as a space does), a row is drawn as ASCII text with spaces for its dots, which the viper
    text path draws in one call, and the dots stamped after, to the same pixels: a character
    outside ASCII is drawn by two framebuf blits, about 1 ms a row on an RP2040."""
    found = _strip_fonts.get(fnt)
    if found is not None:
        return found
    ink = None
    step = fnt.advance(" ")
    if fnt.index("\u00b7") >= 0 and fnt.advance("\u00b7") == step:
        stride = (step + 7) // 8
        cell = framebuf.FrameBuffer(
            bytearray(stride * fnt.height), step, fnt.height, framebuf.MONO_HLSB
        )
        text.draw(cell, fnt, "\u00b7", 0, 0)
        ink = []
        for dy in range(fnt.height):
            for dx in range(step):
                if cell.pixel(dx, dy):
                    ink.append(dx)
                    ink.append(dy)
    alone = ink is not None and text.measure(fnt, "0123456789") == 10 * step
    _left, top, _width, height = ink_box(fnt, "0123456789\u00b7")
    found = (ink, alone, top >= 1 and top + height <= fnt.height - 1)
    _strip_fonts[fnt] = found
    return found


def _row(fb, fnt, row, x, y):
    ink = _strip_font(fnt)[0]
    at = row.find("\u00b7")
    if ink is None or at < 0:
        text.draw(fb, fnt, row, x, y)
        return
    text.draw(fb, fnt, row.replace("\u00b7", " "), x, y)
    while at >= 0:
        _stamp(fb, ink, x + text.measure(fnt, row[:at]), y)
        at = row.find("\u00b7", at + 1)
