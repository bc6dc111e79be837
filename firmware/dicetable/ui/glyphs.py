"""Text straight into the panel's frame bytes: the hot loop of every sheet, in viper.

PURE. `ui/text.py` draws a glyph with two framebuf blits, and on an RP2040 a blit costs about
120 cycles a pixel (its generic per-pixel path) on top of tens of microseconds a call: 110 us
a character, most of a sheet's render (issue 14). Here one call draws a whole run of ASCII
characters of a monospaced font into a MONO_VLSB or MONO_HLSB frame, reading the font's strip
(MONO_HLSB) a glyph row at a time: about 25 us a character of the small font on the chip. The
pixels are exactly the blits' (tests/portable/ui/test_glyphs.py): glyph pixels in colour 1 set
their bit, in colour 0 clear it, the background is left alone, and everything is clipped to
the frame.

On CPython the same function runs as plain Python over bytes (the decorator and the pointer
types are stand-ins), so the simulator draws the same pixels by the same rules.
"""

import micropython

try:
    ptr8  # noqa: B018  (viper's pointer types exist only inside viper code)
except NameError:
    ptr8 = ptr32 = bytearray  # CPython, and MicroPython outside viper: annotations only


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
