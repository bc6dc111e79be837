"""The byte loops of the hot paths, as machine code (viper): on an RP2040 a Python loop turn
costs about 3 us and framebuf's generic per-pixel path about 120 cycles a pixel, which made a
press cost 60-120 ms (issue 14). One module, because each module costs about 600 bytes of
heap on the chip beyond its code.

PURE. Each importer keeps a plain fallback for where this module cannot load: an .mpy built
for the RP2040 (armv6m native code) imported by a PC's MicroPython (ValueError: the .mpy test
run), a port without viper (SyntaxError: CircuitPython), or the web page, which leaves the
module out (ImportError). On CPython the same functions run as plain Python over bytes (the
decorator and the pointer types are stand-ins), so the simulator gets the same results.

- draw_ascii: text straight into the frame (ui/text.py; else two blits a glyph). About 25 us
  a character of the small font on the chip where the blits took 110; the same pixels.
- changed_box, count_changes: where and how much two frames differ (ui/refresh.py; else
  ui/refresh_slices.py, memcmp and big integers, which allocate at every step).
- channel_sum, scale_table, place_pixels: the LED frame's current, its scaled-down channel
  table, and its bytes through the table in chain order (drivers/leds.py; else blits and
  Python loops over 192-768 channels, 3-7 ms each on a 16x16 matrix).
- translate_rows: a window of frame bytes through a 256-byte table into the bytes the panel's
  RAM wants (drivers/ssd1680.py; else a GS8 blit with the table as its palette); copy_rows: a
  window copied into the driver's image of the glass (else a GS8 blit).
"""

import micropython

try:
    ptr8  # noqa: B018  (viper's pointer types exist only inside viper code)
except NameError:
    ptr8 = ptr16 = ptr32 = bytearray  # CPython, and MicroPython outside viper: annotations only


@micropython.viper
def draw_ascii(
    frame: ptr8, s: ptr8, strip: ptr8, run: ptr32, geometry: ptr32, x: int, y: int
) -> int:
    """Draw the characters of `s` (its bytes) from (x, y) until the first one that is not a
    glyph of the strip's ASCII part (a non-ASCII byte included); return how many were drawn.

    run (array "i"): strip bytes per row, glyph cell width (every glyph's advance), rows,
    code of glyph 0, ASCII glyphs in the strip, colour (1 or 0), the x after the last
    character drawn (an output), characters in `s`. geometry: the frame's width, height,
    1 for MONO_VLSB or 0 for MONO_HLSB, and MONO_HLSB bytes per row. x and y are arguments,
    not fields: an array element loads into viper as unsigned, and they may be negative."""
    width = geometry[0]
    height = geometry[1]
    vertical = geometry[2]
    stride = geometry[3]
    strip_stride = run[0]
    cell = run[1]
    rows = run[2]
    first = run[3]
    count = run[4]
    paint = 0xFF * run[5]  # the bits a glyph pixel gets: all of the mask, or none
    length = run[7]
    # The glyph rows inside the frame, the same for every character of the run.
    top = 0
    if y < 0:
        top = 0 - y
    bottom = rows
    if y + rows > height:
        bottom = height - y
    done = 0
    while done < length:
        index = s[done] - first
        if index < 0 or index >= count:
            break
        left = 0
        if x < 0:
            left = 0 - x
        right = cell
        if x + cell > width:
            right = width - x
        if index != 0 and left < right:  # glyph 0 is the space
            column = index * cell
            first_byte = column >> 3
            extra_bytes = ((column + cell - 1) >> 3) - first_byte
            # Shift that puts the glyph's first column at bit 23 of a 3-byte window.
            shift = (column & 7) + 8 * (2 - extra_bytes) + left
            row = top
            while row < bottom:
                at = row * strip_stride + first_byte
                bits = strip[at]
                if extra_bytes > 0:
                    bits = (bits << 8) | strip[at + 1]
                    if extra_bytes > 1:
                        bits = (bits << 8) | strip[at + 2]
                bits = bits << shift
                ty = y + row
                c = left
                if vertical:  # a byte is 8 pixels down: the next column is the next byte
                    at = (ty >> 3) * width + x + c
                    mask = 1 << (ty & 7)
                else:  # a byte is 8 pixels across, the leftmost in bit 7
                    at = ty * stride + ((x + c) >> 3)
                    mask = 0x80 >> ((x + c) & 7)
                while c < right and bits & 0xFFFFFF:
                    if bits & 0x800000:
                        frame[at] = (frame[at] & (0xFF ^ mask)) | (mask & paint)
                    bits = bits << 1
                    c += 1
                    if vertical:
                        at += 1
                    else:
                        mask = mask >> 1
                        if mask == 0:
                            mask = 0x80
                            at += 1
                row += 1
        x += cell
        done += 1
    run[6] = x
    return done


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


@micropython.viper
def translate_rows(
    out: ptr8, source: ptr8, table: ptr8, start: int, count: int, rows: int, stride: int
):
    """out[r * count + i] = table[source[start + r * stride + i]] for `rows` rows of `count`."""
    at = 0
    row = 0
    while row < rows:
        src = start + row * stride
        end = src + count
        while src < end:
            out[at] = table[source[src]]
            at += 1
            src += 1
        row += 1


@micropython.viper
def copy_rows(dest: ptr8, source: ptr8, start: int, count: int, rows: int, stride: int):
    """A window copied in place: dest[at] = source[at] over `rows` rows of `count` bytes,
    `stride` apart, from `start`. (Slice assignment into a bytearray or memoryview also moves
    every byte after the slice, as if it could grow: about 1 ms a row on a 15 KB frame.)"""
    row = 0
    while row < rows:
        at = start + row * stride
        end = at + count
        while at < end:
            dest[at] = source[at]
            at += 1
        row += 1


@micropython.viper
def channel_sum(values: ptr8, table: ptr8, count: int, found: ptr32) -> int:
    """The sum of table[v] over v in values[0:count]; found (array "i") gets how many of
    those are non-zero, then the smallest non-zero one (255 when none is)."""
    total = 0
    lit = 0
    least = 255
    at = 0
    while at < count:
        value = table[values[at]]
        if value:
            total += value
            lit += 1
            if value < least:
                least = value
        at += 1
    found[0] = lit
    found[1] = least
    return total


@micropython.viper
def scale_table(scaled: ptr8, table: ptr8, share: int, total: int):
    """scaled[v] = table[v] * share // total, but at least 1 where table[v] is not 0."""
    scaled[0] = 0
    value = 1
    while value < 256:
        level = table[value]
        if level:
            level = level * share // total
            if not level:
                level = 1
        scaled[value] = level
        value += 1


@micropython.viper
def place_pixels(
    chain: ptr8,
    frame: ptr8,
    table: ptr8,
    offsets: ptr16,
    count: int,
    red: int,
    green: int,
    blue: int,
):
    """Logical RGB pixel i (frame[3i:3i+3]) through `table` to chain[offsets[i] + red, green,
    blue]."""
    pixel = 0
    source = 0
    while pixel < count:
        offset = offsets[pixel]
        chain[offset + red] = table[frame[source]]
        chain[offset + green] = table[frame[source + 1]]
        chain[offset + blue] = table[frame[source + 2]]
        source += 3
        pixel += 1
