"""A window of frame bytes through a 256-byte table into a packed buffer, in viper.

The panel drivers turn the UI's bytes into the controller's RAM bytes (bits reversed and/or
inverted) on the way out. A framebuf blit with the table as its palette does it in C, but
through framebuf's generic per-pixel path: about 150 cycles a byte on an RP2040, 6 ms for a
296x128 plane. This loop takes about a third of that. On a port without viper (or an .mpy
built for another CPU) the import fails and the drivers keep the blit.

On CPython the same function runs as plain Python (the decorator and pointer types are
stand-ins).
"""

import micropython

try:
    ptr8  # noqa: B018  (viper's pointer types exist only inside viper code)
except NameError:
    ptr8 = bytearray  # CPython, and MicroPython outside viper: an annotation only


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
