"""changed_rect's search and the counts by slices and integers: refresh.py's way on a port
without viper (dicetable/loops.py does it in byte loops there; this module is then never
imported, so its bytecode takes no heap on the RP2040).

PURE. Slices are compared with memcmp and spans turned into big integers, so the byte work
runs in C, not in Python.
"""

import framebuf
from micropython import const

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


def halving_search(old_view, new_view, start, end, row_bytes, first_column, last_column):
    """changed_rect's search by slices: (top, bottom, left, right) rows and byte columns."""
    top = _first_difference(old_view, new_view, start, end) // row_bytes
    bottom = _last_difference(old_view, new_view, start, end) // row_bytes
    left = last_column + 1
    right = first_column - 1
    for row in range(top, bottom + 1):
        if left == first_column and right == last_column:
            break  # as wide as the search: no later row can widen it
        start = row * row_bytes
        first = _first_difference(old_view, new_view, start + first_column, start + left)
        if first >= 0:
            left = first - start
        last = _last_difference(old_view, new_view, start + right + 1, start + last_column + 1)
        if last >= 0:
            right = last - start
    return top, bottom, left, right


def count(old, new, set_bits, first, last, stride, left, right, erased, limit):
    """refresh._count_differences by slices: equal spans skipped (memcmp), the others turned
    into integers; each byte's set bits by a blit through `set_bits` as a palette."""
    set_bits_fb = framebuf.FrameBuffer(set_bits, 256, 1, framebuf.GS8)
    old_view = memoryview(old)
    new_view = memoryview(new)
    scratch = counts = None
    count = 0
    for row in range(first, last, stride):
        start = row + left
        end = min(row + right, last)
        before = old_view[start:end]
        after = new_view[start:end]
        if before == after:
            continue
        size = end - start
        ink = int.from_bytes(before, "little")
        if erased:
            ink ^= ink & int.from_bytes(after, "little")  # old & ~new, with no negative
            if scratch is None:
                scratch, counts = bytearray(right - left), bytearray(right - left)
            scratch[:size] = ink.to_bytes(size, "little")
            # Each byte's set bits, by a blit through the table (into another buffer: a blit
            # onto itself is the slow path of the CPython shim).
            framebuf.FrameBuffer(counts, size, 1, framebuf.GS8).blit(
                framebuf.FrameBuffer(scratch, size, 1, framebuf.GS8), 0, 0, -1, set_bits_fb
            )
            count += sum(counts) if size == len(counts) else sum(memoryview(counts)[:size])
        else:
            ink ^= int.from_bytes(after, "little")
            count += size - ink.to_bytes(size, "little").count(b"\x00")
        if count >= limit:
            return limit
    return count
