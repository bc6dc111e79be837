"""Refresh planning for the e-ink sheet: what changed, and partial or full refresh.

The UI redraws the whole sheet into a frame buffer; this module compares it with the image the
panel shows and returns the smallest rectangle that covers every change, aligned to whole bytes
of the buffer format (8-pixel pages for MONO_VLSB, 8-pixel columns for MONO_HLSB) because that
is what a partial window of the controllers can address anyway. When the app knows where a
press redrew (ui/sections.py), only there is searched.

A partial refresh leaves ghosts, so after `partial_budget` partials, at natural breaks (a new
screen, the end of a round) or when most of the panel changed, a full refresh is planned. "Most
of the panel" is what changed, not the window around it: a piece on the grid and the next
question in the side column make a window across the panel out of a few hundred changed
pixels, and the partial waveforms of both controllers drive only the pixels that differ.
"""

import array

from micropython import const

try:
    from dicetable.loops import changed_box, count_changes

    slices = None
except (ImportError, ValueError, SyntaxError):
    # No viper here (see ui/text.py): slices and integers, from a module the RP2040 never loads.
    changed_box = count_changes = None
    from dicetable.ui import refresh_slices as slices

# changed_box's answer: first row, last row, first column, last column.
_BOX = array.array("i", (0, 0, 0, 0))

FULL = const(2)
PARTIAL = const(1)
NOTHING = const(0)

# Partials between two full refreshes: a few rounds of Cybo before ghosting shows.
DEFAULT_PARTIAL_BUDGET = const(12)
# A change covering more than this share of the panel (in 1/16ths) is sent as a full refresh:
# the partial would cost nearly as much and leave more ghosting behind.
_FULL_AREA_SIXTEENTHS = const(10)
# A change over at least 1/_REGION_SHARE of the panel that takes away ink from at least
# 1/_ERASED_SHARE of its pixels replaces a region's content (a page of text, a list): sent as a
# partial, the old content would show through the new (issue 16), so it is a full refresh.
_REGION_SHARE = const(8)
_ERASED_SHARE = const(16)
# Text rewritten over at least 1/_REWRITTEN_SHARE of the panel (ui/sections.py: a list of
# choices replaced by the next question's) gets a clearing pass: that rectangle goes to solid
# ink by one partial, then to the new picture by the next. Every pixel in it has then been
# driven the same way last, so what is left is an even tint, not the old words under the new
# ones, and only that region flashes where a full refresh would flash the whole panel.
_REWRITTEN_SHARE = const(16)


def changed_rect(old, new, width, height, vertical_bytes, within=None):
    """(x, y, w, h) covering every byte that differs, or None if the frames are equal.

    vertical_bytes: True for MONO_VLSB (a byte is 8 pixels down: rows of `width` bytes, one per
    8-pixel page), False for MONO_HLSB (a byte is 8 pixels across: rows of width/8 bytes).
    within: (x, y, w, h) that every difference is known to lie in (what the sections redrew
    since the panel last showed the frame), or None: only its bytes are searched.
    The search compares slices, halving them, so only a few bytes are looked at one by one.
    """
    if vertical_bytes:
        row_bytes, unit_y, unit_x = width, 8, 1
    else:
        row_bytes, unit_y, unit_x = (width + 7) >> 3, 1, 8
    old_view = memoryview(old)
    new_view = memoryview(new)
    if within is None:
        first_column, last_column = 0, row_bytes - 1
        start, end = 0, len(old)
    else:
        x, y, w, h = within
        left, top = max(x, 0), max(y, 0)
        right, bottom = min(x + w, width) - 1, min(y + h, height) - 1
        if right < left or bottom < top:
            return None
        if vertical_bytes:
            first_column, last_column = left, right
            top, bottom = top >> 3, bottom >> 3
        else:
            first_column, last_column = left >> 3, right >> 3
        # From the window's first byte to its last: the bytes between them outside the
        # window are equal, so the first and last differences found are inside it.
        start, end = top * row_bytes + first_column, bottom * row_bytes + last_column + 1
    if old_view[start:end] == new_view[start:end]:
        return None
    if changed_box is not None:  # a byte loop in viper over the window's rows
        first_row, last_row = start // row_bytes, (end - 1) // row_bytes
        changed_box(old, new, first_row, last_row, row_bytes, first_column, last_column, _BOX)
        top, bottom, left, right = _BOX[0], _BOX[1], _BOX[2], _BOX[3]
    else:
        top, bottom, left, right = slices.halving_search(
            old_view, new_view, start, end, row_bytes, first_column, last_column
        )
    x = left * unit_x
    y = top * unit_y
    w = min(width, (right + 1) * unit_x) - x
    h = min(height, (bottom + 1) * unit_y) - y
    return (x, y, w, h)


# Per byte value: its set bits.
_SET_BITS = bytearray(bin(value).count("1") for value in range(256))
# Bytes counted at once by the slices' count: a few KB of integers at most.
_CHUNK = const(400)


def _count_differences(old, new, limit, erased, first=0, last=-1, stride=_CHUNK, left=0, right=0):
    """What both counts share: over the spans [row + left, row + right) for row in
    range(first, last, stride) (by default the whole frame in chunks), 1 per byte that
    differs, or with `erased` the ink pixels taken away (set in `old`, clear in `new`); the
    count stops at `limit`. A byte loop in viper (dicetable/loops.py), else slices and
    integers (ui/refresh_slices.py)."""
    if last < 0:
        last = len(old)
    if right <= left:
        right = left + stride
    if count_changes is not None:  # a byte loop in viper
        return count_changes(old, new, _SET_BITS, first, last, stride, left, right, erased, limit)
    return slices.count(old, new, _SET_BITS, first, last, stride, left, right, erased, limit)


def changed_bytes(old, new, limit):
    """How many bytes differ between two frames (8 pixels each, in either format), counted up
    to `limit`: the caller only needs to know whether it is that many."""
    return _count_differences(old, new, limit, False)


def erased_ink(old, new, limit):
    """How many ink pixels (set bits) of `old` are paper in `new`, counted up to `limit`: what
    a partial refresh would leave as a trace."""
    return _count_differences(old, new, limit, True)


class RefreshPlanner:
    """Decides, for each new frame, between nothing, a partial window and a full refresh."""

    def __init__(self, width, height, vertical_bytes, partial_budget=DEFAULT_PARTIAL_BUDGET):
        self.width = width
        self.height = height
        self.vertical_bytes = vertical_bytes
        self.partial_budget = partial_budget
        self.partials_since_full = 0
        self.force_full = True  # the first image is always a full refresh
        self.clear = None  # the rectangle the last plan sends a clearing pass over, if any

    def request_full(self):
        """Ask for a full refresh at the next frame (new screen, end of a round)."""
        self.force_full = True

    def plan(self, shown, frame, within=None, rewritten=None):
        """(kind, rect) for showing `frame` on a panel that shows `shown`. `within`: the
        rectangle every difference is known to lie in (see changed_rect), or None.
        `rewritten`: sections.take_rewritten()'s answer. When it is a region's worth, a
        partial plan sets `clear` to that rectangle: the app shows `rect` with `clear` in solid
        ink first, then `clear` as drawn (two partials, both counted here)."""
        self.clear = None
        rect = changed_rect(shown, frame, self.width, self.height, self.vertical_bytes, within)
        if rect is None and not self.force_full:
            return NOTHING, None
        full = self.force_full or self.partials_since_full >= self.partial_budget
        if rect is not None and not full:
            area = self.width * self.height
            most = area * _FULL_AREA_SIXTEENTHS
            if rect[2] * rect[3] * 16 > most:
                # Only a wide window costs the count (a few ms per 1,000 bytes on the device).
                limit = most // (8 * 16) + 1
                full = self._count(shown, frame, rect, limit, False) >= limit
            if not full and rect[2] * rect[3] * _REGION_SHARE >= area:
                # A region's content replaced: the old text's trace would show under the new.
                limit = area // _ERASED_SHARE
                full = self._count(shown, frame, rect, limit, True) >= limit
            if not full and rewritten is not None and rewritten[1] * _REWRITTEN_SHARE >= area:
                if self.partials_since_full + 2 > self.partial_budget:
                    full = True  # no room for two partials: a full refresh cleans it all
                else:
                    self.clear = rewritten[0]
                    self.partials_since_full += 1  # the clearing pass
                    rect = _union(rect, self.clear)
        if full:
            self.force_full = False
            self.partials_since_full = 0
            return FULL, (0, 0, self.width, self.height)
        self.partials_since_full += 1
        return PARTIAL, rect

    def cleared(self, shown, frame):
        """The window of the second partial after a clearing pass: what differs inside
        `clear` (the first showed everything else)."""
        rect = changed_rect(shown, frame, self.width, self.height, self.vertical_bytes, self.clear)
        self.clear = None
        return rect

    def _count(self, shown, frame, rect, limit, erased):
        # Every difference is inside `rect`: only its rows are counted (on MONO_VLSB, only
        # its columns of them too: a page row is a run of `width` bytes).
        x, y, w, h = rect
        if self.vertical_bytes:
            width = self.width
            first, last = (y >> 3) * width, ((y + h + 7) >> 3) * width
            return _count_differences(shown, frame, limit, erased, first, last, width, x, x + w)
        row_bytes = (self.width + 7) >> 3
        first, last = y * row_bytes, (y + h) * row_bytes
        if erased:
            # Row by row, only the rectangle's bytes: integers of a few dozen bytes, where
            # spans of whole rows would cost a kiosk's fuller heap collections. On the
            # emulated RP2040 (400x300, On Track) 19-57 ms, where a halving walk took 75-128.
            span = (x >> 3, (x + w + 7) >> 3)
            return _count_differences(shown, frame, limit, True, first, last, row_bytes, *span)
        stride = max(1, _CHUNK // row_bytes) * row_bytes
        return _count_differences(shown, frame, limit, False, first, last, stride)


def _union(one, other):
    left, top = min(one[0], other[0]), min(one[1], other[1])
    right = max(one[0] + one[2], other[0] + other[2])
    bottom = max(one[1] + one[3], other[1] + other[3])
    return (left, top, right - left, bottom - top)
