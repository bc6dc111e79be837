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
    """Draw the characters of `s` (its UTF-8 bytes) from (x, y) until the first one that is
    not a glyph of the strip (a 4-byte sequence included); return the bytes of `s` drawn.

    run (array "i"): strip bytes per row, glyph cell width (every glyph's advance, at most
    17), rows, code of glyph 0, ASCII glyphs in the strip, colour (1 or 0), the x after the
    last character drawn (an output), characters in `s`, glyphs past the ASCII ones, the
    characters drawn (an output), then the code of each glyph past the ASCII ones.
    geometry: the frame's width, height, 1 for MONO_VLSB or 0 for MONO_HLSB, and MONO_HLSB
    bytes per row. x and y are arguments, not fields: an array element loads into viper as
    unsigned, and they may be negative. A glyph row is written a frame byte at a time
    (MONO_HLSB) or a set pixel at a time (MONO_VLSB), never a pixel test per column."""
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
    extra_count = run[8]
    # The glyph rows inside the frame, the same for every character of the run.
    top = 0
    if y < 0:
        top = 0 - y
    bottom = rows
    if y + rows > height:
        bottom = height - y
    done = 0
    at_byte = 0
    while done < length:
        code = s[at_byte]
        step = 1
        if code < 0x80:
            index = code - first
            if index < 0 or index >= count:
                break
        else:  # 110xxxxx 10xxxxxx or 1110xxxx 10xxxxxx 10xxxxxx: a glyph past the ASCII ones
            if code < 0xC0 or code >= 0xF0:
                break
            if code < 0xE0:
                code = ((code & 0x1F) << 6) | (s[at_byte + 1] & 0x3F)
                step = 2
            else:
                code = ((code & 0x0F) << 12) | ((s[at_byte + 1] & 0x3F) << 6)
                code = code | (s[at_byte + 2] & 0x3F)
                step = 3
            extra = 0
            while extra < extra_count and run[10 + extra] != code:
                extra += 1
            if extra == extra_count:
                break
            index = count + extra
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
            # Shift that puts the first visible glyph column at bit 23 of a 3-byte window,
            # and the mask of the visible columns there.
            shift = (column & 7) + 8 * (2 - extra_bytes) + left
            visible = (0xFFFFFF << (24 - (right - left))) & 0xFFFFFF
            px = x + left  # the frame column of bit 23
            row = top
            while row < bottom:
                at = row * strip_stride + first_byte
                bits = strip[at]
                if extra_bytes > 0:
                    bits = (bits << 8) | strip[at + 1]
                    if extra_bytes > 1:
                        bits = (bits << 8) | strip[at + 2]
                bits = (bits << shift) & visible
                ty = y + row
                if vertical:  # a byte is 8 pixels down: the next column is the next byte
                    at = (ty >> 3) * width + px
                    mask = 1 << (ty & 7)
                    keep = 0xFF ^ mask
                    ink = mask & paint
                    while bits:
                        if bits & 0x800000:
                            frame[at] = (frame[at] & keep) | ink
                        bits = (bits << 1) & 0xFFFFFF
                        at += 1
                else:  # a byte is 8 pixels across, the leftmost in bit 7: a byte at a time
                    at = ty * stride + (px >> 3)
                    bits = bits >> (px & 7)  # bit 23 is now the first pixel of byte `at`
                    while bits:
                        mask = bits >> 16
                        if mask:
                            frame[at] = (frame[at] & (0xFF ^ mask)) | (mask & paint)
                        bits = (bits << 8) & 0xFFFFFF
                        at += 1
                row += 1
        x += cell
        at_byte += step
        done += 1
    run[6] = x
    run[9] = done
    return at_byte


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
