"""Refresh planning for the e-ink sheet: what changed, and partial or full refresh.

The UI redraws the whole sheet into a frame buffer; this module compares it with the image the
panel shows and returns the smallest rectangle that covers every change, aligned to whole bytes
of the buffer format (8-pixel pages for MONO_VLSB, 8-pixel columns for MONO_HLSB) because that
is what a partial window of the controllers can address anyway.

A partial refresh leaves ghosts, so after `partial_budget` partials, at natural breaks (a new
screen, the end of a round) or when most of the panel changed, a full refresh is planned. "Most
of the panel" is what changed, not the window around it: a piece on the grid and the next
question in the side column make a window across the panel out of a few hundred changed
pixels, and the partial waveforms of both controllers drive only the pixels that differ.
"""

from micropython import const

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


# Runs this short are compared byte by byte; longer ones by halves, as slices (memcmp in C).
_LINEAR = const(8)


def _first_difference(old, new, start, end):
    """Index of the first byte in [start, end) where the memoryviews differ, or -1."""
    if start >= end or old[start:end] == new[start:end]:
        return -1
    while end - start > _LINEAR:  # the difference is in [start, end): halve
        middle = (start + end) >> 1
        if old[start:middle] == new[start:middle]:
            start = middle
        else:
            end = middle
    while old[start] == new[start]:
        start += 1
    return start


def _last_difference(old, new, start, end):
    """Index of the last byte in [start, end) where the memoryviews differ, or -1."""
    if start >= end or old[start:end] == new[start:end]:
        return -1
    while end - start > _LINEAR:
        middle = (start + end) >> 1
        if old[middle:end] == new[middle:end]:
            end = middle
        else:
            start = middle
    end -= 1
    while old[end] == new[end]:
        end -= 1
    return end


def changed_rect(old, new, width, height, vertical_bytes):
    """(x, y, w, h) covering every byte that differs, or None if the frames are equal.

    vertical_bytes: True for MONO_VLSB (a byte is 8 pixels down: rows of `width` bytes, one per
    8-pixel page), False for MONO_HLSB (a byte is 8 pixels across: rows of width/8 bytes).
    The search compares slices, halving them, so only a few bytes are looked at one by one.
    """
    if old == new:
        return None
    if vertical_bytes:
        row_bytes, unit_y, unit_x = width, 8, 1
    else:
        row_bytes, unit_y, unit_x = (width + 7) >> 3, 1, 8
    old_view = memoryview(old)
    new_view = memoryview(new)
    size = len(old)
    top = _first_difference(old_view, new_view, 0, size) // row_bytes
    bottom = _last_difference(old_view, new_view, 0, size) // row_bytes
    left = row_bytes
    right = -1
    for row in range(top, bottom + 1):
        if left == 0 and right == row_bytes - 1:
            break  # as wide as a row: no later row can widen it
        start = row * row_bytes
        first = _first_difference(old_view, new_view, start, start + left)
        if first >= 0:
            left = first - start
        last = _last_difference(old_view, new_view, start + right + 1, start + row_bytes)
        if last >= 0:
            right = last - start
    x = left * unit_x
    y = top * unit_y
    w = min(width, (right + 1) * unit_x) - x
    h = min(height, (bottom + 1) * unit_y) - y
    return (x, y, w, h)


# Per byte value: 1 for any non-zero value (a byte that differs), and its set bits (ink).
_NONZERO = bytes(min(value, 1) for value in range(256))
_SET_BITS = bytes(bin(value).count("1") for value in range(256))


def _count_differences(old, new, limit, erased):
    """The walk both counts share: equal halves are skipped whole (slice compares), so only
    the bytes that differ are looked at. Each adds 1, or with `erased` the ink pixels it takes
    away (set in `old`, clear in `new`); the count stops at `limit`."""
    old_view = memoryview(old)
    new_view = memoryview(new)
    table = _SET_BITS if erased else _NONZERO
    count = 0
    pending = [(0, len(old))]
    while pending:
        start, end = pending.pop()
        if old_view[start:end] == new_view[start:end]:
            continue
        if end - start <= _LINEAR:
            for index in range(start, end):
                before = old_view[index]
                after = new_view[index]
                count += table[before & ~after & 0xFF if erased else before ^ after]
            if count >= limit:
                return limit
            continue
        middle = (start + end) >> 1
        pending.append((middle, end))
        pending.append((start, middle))
    return count


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

    def request_full(self):
        """Ask for a full refresh at the next frame (new screen, end of a round)."""
        self.force_full = True

    def plan(self, shown, frame):
        """(kind, rect) for showing `frame` on a panel that shows `shown`."""
        rect = changed_rect(shown, frame, self.width, self.height, self.vertical_bytes)
        if rect is None and not self.force_full:
            return NOTHING, None
        full = self.force_full or self.partials_since_full >= self.partial_budget
        if rect is not None and not full:
            area = self.width * self.height
            most = area * _FULL_AREA_SIXTEENTHS
            if rect[2] * rect[3] * 16 > most:
                # Only a wide window costs the count (a few ms per 1,000 bytes on the device).
                limit = most // (8 * 16) + 1
                full = changed_bytes(shown, frame, limit) >= limit
            if not full and rect[2] * rect[3] * _REGION_SHARE >= area:
                # A region's content replaced: the old text's trace would show under the new.
                limit = area // _ERASED_SHARE
                full = erased_ink(shown, frame, limit) >= limit
        if full:
            self.force_full = False
            self.partials_since_full = 0
            return FULL, (0, 0, self.width, self.height)
        self.partials_since_full += 1
        return PARTIAL, rect
