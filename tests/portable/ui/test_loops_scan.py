"""The scans of dicetable/loops.py (viper byte loops) answer exactly as ui/refresh_slices.py
(slices and integers): the planner's two ways of finding and counting changes.

Plain test functions with bare asserts: pytest on CPython, tools/mptest.py on real MicroPython
(from source; an .mpy built for the RP2040 cannot load them on a PC, and then only the
slices are there, which the first test owns up to).
"""

import array

from dicetable.ui import refresh, refresh_slices

try:
    from dicetable import loops as frame_scan
except ValueError:  # the RP2040's .mpy on a PC
    frame_scan = None

_SEED = [12345]


def _random(limit):
    # A small LCG: the same numbers on both runtimes.
    _SEED[0] = (_SEED[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (_SEED[0] >> 8) % limit


def _pair(size, changes):
    old = bytearray(_random(256) for _ in range(size))
    new = bytearray(old)
    for _ in range(changes):
        at = _random(size)
        new[at] = _random(256)
    return old, new


def test_native_scan_present_where_it_can_load():
    from_mpy = getattr(refresh, "__file__", "").endswith(".mpy")
    assert frame_scan is not None or from_mpy


def test_changed_box_as_the_halving_search():
    if frame_scan is None:
        return
    box = array.array("i", (0, 0, 0, 0))
    for row_bytes, rows in ((296, 16), (50, 300)):
        for changes in (1, 2, 5, 40):
            old, new = _pair(row_bytes * rows, changes)
            for _ in range(6):
                top = _random(rows)
                bottom = top + _random(rows - top)
                left = _random(row_bytes)
                right = left + _random(row_bytes - left)
                start = top * row_bytes + left
                end = bottom * row_bytes + right + 1
                # Only differences inside the window count: outside it, make the frames equal.
                inside = bytearray(old)
                for row in range(top, bottom + 1):
                    at = row * row_bytes
                    inside[at + left : at + right + 1] = new[at + left : at + right + 1]
                found = frame_scan.changed_box(
                    old, inside, top, bottom, row_bytes, left, right, box
                )
                if memoryview(old)[start:end] == memoryview(inside)[start:end]:
                    assert found == 0
                    continue
                assert found == 1
                expected = refresh_slices.halving_search(
                    memoryview(old), memoryview(inside), start, end, row_bytes, left, right
                )
                assert tuple(box) == expected, (row_bytes, top, bottom, left, right)


def test_counts_as_the_integers():
    if frame_scan is None:
        return
    bits = refresh._SET_BITS
    for size, stride, left, right in (
        (4736, 400, 0, 400),
        (4736, 296, 20, 180),
        (15000, 50, 3, 27),
    ):
        for changes in (0, 3, 200):
            old, new = _pair(size, changes)
            for erased in (0, 1):
                for limit in (1, 50, 100000):
                    args = (old, new, bits, 0, size, stride, left, right, erased, limit)
                    slow = refresh_slices.count(*args)
                    assert frame_scan.count_changes(*args) == slow, (size, stride, erased, limit)
