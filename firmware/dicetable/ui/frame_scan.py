"""Where and how much two frames differ, byte by byte in viper: the refresh planner's scans.

PURE. ui/refresh.py finds the changed rectangle by comparing slices (memcmp) and halving, and
counts changed bytes or erased ink by turning spans into big integers: all C, but each step
allocates, and on a 400x300 frame the planner took 6-57 ms a press on the emulated RP2040. A
plain loop over the window's bytes in viper costs a few cycles a byte and allocates nothing.
On a port without viper (or an .mpy built for another CPU) the import fails and refresh.py
keeps its slices. On CPython the same functions run as plain Python.
"""

import micropython

try:
    ptr8  # noqa: B018  (viper's pointer types exist only inside viper code)
except NameError:
    ptr8 = ptr32 = bytearray  # CPython, and MicroPython outside viper: annotations only


@micropython.viper
def changed_box(
    old: ptr8, new: ptr8, top: int, bottom: int, row_bytes: int, left: int, right: int, box: ptr32
) -> int:
    """1 if a byte differs in rows top..bottom, columns left..right (all inclusive, in bytes),
    with box = [first row, last row, first column, last column] of the differences; else 0."""
    found = 0
    first_row = 0
    last_row = 0
    first_column = right + 1
    last_column = left - 1
    row = top
    while row <= bottom:
        start = row * row_bytes
        column = left
        # The leftmost difference of this row, then the rightmost (from the right end).
        while column <= right and old[start + column] == new[start + column]:
            column += 1
        if column <= right:
            if not found:
                found = 1
                first_row = row
            last_row = row
            if column < first_column:
                first_column = column
            column = right
            while column > last_column and old[start + column] == new[start + column]:
                column -= 1
            if column > last_column:
                last_column = column
        row += 1
    box[0] = first_row
    box[1] = last_row
    box[2] = first_column
    box[3] = last_column
    return found


@micropython.viper
def count_changes(
    old: ptr8,
    new: ptr8,
    set_bits: ptr8,
    first: int,
    last: int,
    stride: int,
    left: int,
    right: int,
    erased: int,
    limit: int,
) -> int:
    """Over the spans [row + left, min(row + right, last)) for row in range(first, last,
    stride): 1 per byte that differs, or with `erased` the ink bits of `old` that are clear
    in `new` (set_bits: a byte's set bits); stops counting at `limit`."""
    count = 0
    row = first
    while row < last:
        at = row + left
        end = row + right
        if end > last:
            end = last
        while at < end:
            before = old[at]
            after = new[at]
            if before != after:
                if erased:
                    count += set_bits[before & (0xFF ^ after)]
                else:
                    count += 1
            at += 1
        if count >= limit:
            return limit
        row += stride
    return count
