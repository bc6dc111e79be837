"""A Trek 12 mountain drawn from its map's layout: circles, numbers, rope links and zones.

PURE. `Layout(board, x, y, width, height)` fits the map's `xy` hints (hundredths of a unit, y
downward) into a rectangle with one scale for both axes, and picks a circle radius from the
closest pair of neighbours, so every map fits any panel. `draw` then paints one sheet:
    empty circle        a ring; a dangerous circle (cap below 12) a double ring
    number              centred in its circle; a frown (over the cap) as a small sad face
    rope link           a thick line between the two circles
    zone                a thin line between adjacent circles holding the same number
    printed pair        a double line, "=" (special maps' pre-linked pairs)
    candidates          four ticks outside each circle the cursor may move to
    cursor              the circle inverted (its number in paper colour)
    rope choices        each circle a rope from the cursor may join is a candidate, its line
                        dashed; bold (twice a link's thickness) for the choice under the cursor
Integer arithmetic only (a float square root is only isqrt's first guess).
"""

from micropython import const

from dicetable.ui import text

# The numbers the sheet draws (the mountain and its column), each made once (text.number).
NUMBERS = {}

_INK = const(1)
_PAPER = const(0)
_MIN_RADIUS = const(5)
_MAX_RADIUS = const(16)
_RADIUS_SHARE = const(37)  # radius = 37% of the closest centre distance
_CANDIDATE_GAP = const(2)  # the candidate marks start this far outside the circle
_TICK = const(3)  # length of a candidate mark
_DASH = const(2)  # a rope choice's dashes and the gaps between them, in pixels

# Below this a float square root is within 1/4 of the true root, single precision included
# (a relative error of 2**-24 on roots under 2**22).
_FLOAT_ROOTS = const(1 << 44)

EMPTY = const(-1)  # as in games.trek12.score
SAD = const(-2)


def isqrt(value):
    """The integer square root (floor) of a non-negative int, by Newton's method from just
    above it: from the float root (a C call) where even the RP2040's single precision is
    within a quarter of it, which takes one or two steps where starting from the value took
    ~90 us on the chip (the sheet works out a root for every line it draws)."""
    if value < 2:
        return value
    guess = int(value**0.5) + 1 if value < _FLOAT_ROOTS else value
    better = (guess + value // guess) // 2
    while better < guess:
        guess = better
        better = (guess + value // guess) // 2
    return guess


class Layout:
    """Pixel centres (`centres`, one (x, y) per circle) and `radius` for a board in a rect.
    Candidate marks may reach `spill` columns right of it, never further (`right`): the sheet
    keeps its next column there."""

    def __init__(self, board, x, y, width, height, spill=0):
        self.right = x + width + spill
        xs = [point[0] for point in board.xy]
        ys = [point[1] for point in board.xy]
        span_x = max(1, max(xs) - min(xs))
        span_y = max(1, max(ys) - min(ys))
        closest = _closest(board)
        # The radius from the scale without a margin, then the scale that leaves room for it
        # (a slightly smaller scale, so the final radius still fits).
        num, den = _scale(width, height, span_x, span_y)
        margin = _radius(closest, num, den)
        num, den = _scale(width - 2 * margin - 1, height - 2 * margin - 1, span_x, span_y)
        self.radius = _radius(closest, num, den)
        used_w = span_x * num // den
        used_h = span_y * num // den
        left = x + (width - used_w) // 2
        top = y + (height - used_h) // 2
        min_x = min(xs)
        min_y = min(ys)
        self.centres = tuple(
            [
                (left + (px - min_x) * num // den, top + (py - min_y) * num // den)
                for px, py in board.xy
            ]
        )


def _closest(board):
    best = None
    for circle in range(board.size):
        ax, ay = board.xy[circle]
        for other in board.neighbours[circle]:
            if other > circle:
                bx, by = board.xy[other]
                squared = (ax - bx) * (ax - bx) + (ay - by) * (ay - by)
                if best is None or squared < best:
                    best = squared
    return isqrt(best) if best else 100


def _scale(width, height, span_x, span_y):
    """(num, den): pixels per map unit as a fraction, one for both axes."""
    if width * span_y <= height * span_x:
        return width, span_x
    return height, span_y


def _radius(closest, num, den):
    return max(_MIN_RADIUS, min(_MAX_RADIUS, closest * num * _RADIUS_SHARE // den // 100))


def _edge_points(layout, first, second):
    """The ends of a line between two circles, on their rims."""
    ax, ay = layout.centres[first]
    bx, by = layout.centres[second]
    dx, dy = bx - ax, by - ay
    length = isqrt(dx * dx + dy * dy) or 1
    r = layout.radius
    return (
        ax + dx * r // length,
        ay + dy * r // length,
        bx - dx * r // length,
        by - dy * r // length,
    )


def _thick_line(fb, x1, y1, x2, y2, first=0, last=1):
    """Parallel lines offset `first` to `last` pixels across the segment (down or right)."""
    across = abs(x2 - x1) >= abs(y2 - y1)  # mostly horizontal: thicken downward
    for shift in range(first, last + 1):
        if across:
            fb.line(x1, y1 + shift, x2, y2 + shift, _INK)
        else:
            fb.line(x1 + shift, y1, x2 + shift, y2, _INK)


def _dashed_line(fb, x1, y1, x2, y2):
    """A link's two-pixel line in dashes: _DASH pixels drawn, _DASH left out."""
    dx, dy = x2 - x1, y2 - y1
    steps = max(abs(dx), abs(dy)) or 1
    across = abs(dx) >= abs(dy)
    for step in range(steps + 1):
        if (step - 1) // _DASH % 2:  # step 0 is on the rim, under the circle
            continue
        x = x1 + dx * step // steps
        y = y1 + dy * step // steps
        fb.pixel(x, y, _INK)
        if across:
            fb.pixel(x, y + 1, _INK)
        else:
            fb.pixel(x + 1, y, _INK)


def _ticks(fb, cx, cy, distance, right):
    """Four short marks just outside a circle, at its top, bottom, left and right (that one
    stops before column `right`)."""
    fb.vline(cx, cy - distance - _TICK + 1, _TICK, _INK)
    fb.vline(cx, cy + distance, _TICK, _INK)
    fb.hline(cx - distance - _TICK + 1, cy, _TICK, _INK)
    fb.hline(cx + distance, cy, min(_TICK, right - cx - distance), _INK)


def _frown(fb, cx, cy, color):
    fb.pixel(cx - 2, cy - 2, color)
    fb.pixel(cx + 2, cy - 2, color)
    fb.hline(cx - 1, cy + 2, 3, color)
    fb.pixel(cx - 2, cy + 3, color)
    fb.pixel(cx + 2, cy + 3, color)


def _double_line(fb, x1, y1, x2, y2):
    """Two thin lines two pixels either side of the segment: the "=" of a printed pair."""
    if abs(x2 - x1) >= abs(y2 - y1):
        fb.line(x1, y1 - 2, x2, y2 - 2, _INK)
        fb.line(x1, y1 + 2, x2, y2 + 2, _INK)
    else:
        fb.line(x1 - 2, y1, x2 - 2, y2, _INK)
        fb.line(x1 + 2, y1, x2 + 2, y2, _INK)


def draw(
    fb, layout, board, values, up, fnt, cursor=-1, candidates=(), marks=None, pairs=(), ropes=()
):
    """Paint one sheet. `values` per circle (EMPTY, SAD or a number), `up[c]` the circle c's
    rope link goes up to (or -1). `marks` (optional) maps a circle to a short label drawn in an
    empty circle (a special map's ball or start mark); `pairs` are printed pairs (a, b);
    `ropes` the circles a rope from `cursor` may join (bold to `candidates`, else dashed)."""
    r = layout.radius
    for first, second in pairs:
        x1, y1, x2, y2 = _edge_points(layout, first, second)
        _double_line(fb, x1, y1, x2, y2)
    for other in ropes:
        x1, y1, x2, y2 = _edge_points(layout, cursor, other)
        if other in candidates:
            _thick_line(fb, x1, y1, x2, y2, -1, 2)
        else:
            _dashed_line(fb, x1, y1, x2, y2)
    # Lines first, so the circles drawn over them keep clean rims.
    for circle in range(board.size):
        value = values[circle]
        if value < 0:
            continue
        above = up[circle]
        if above >= 0:
            x1, y1, x2, y2 = _edge_points(layout, circle, above)
            _thick_line(fb, x1, y1, x2, y2)
        for other in board.neighbours[circle]:
            if other > circle and values[other] == value:
                x1, y1, x2, y2 = _edge_points(layout, circle, other)
                fb.line(x1, y1, x2, y2, _INK)
    caps = board.caps
    for circle in range(board.size):
        cx, cy = layout.centres[circle]
        chosen = circle == cursor
        fb.ellipse(cx, cy, r, r, _PAPER, True)
        if chosen:
            fb.ellipse(cx, cy, r, r, _INK, True)
        else:
            fb.ellipse(cx, cy, r, r, _INK)
            if caps[circle] < 12:
                fb.ellipse(cx, cy, r - 2, r - 2, _INK)
        if (circle in candidates or circle in ropes) and not chosen:
            _ticks(fb, cx, cy, r + _CANDIDATE_GAP, layout.right)
        color = _PAPER if chosen else _INK
        value = values[circle]
        if value == SAD:
            _frown(fb, cx, cy, color)
        elif value >= 0:
            label = text.number(NUMBERS, value)
            width = text.measure(fnt, label)
            text.draw(fb, fnt, label, cx - width // 2, cy - fnt.height // 2, color)
        elif marks is not None and circle in marks:
            label = marks[circle]
            width = text.measure(fnt, label)
            text.draw(fb, fnt, label, cx - width // 2, cy - fnt.height // 2, color)
