"""CPython stand-in for MicroPython's built-in `framebuf`, drawing the same bytes as the device.

Under MicroPython the built-in always wins, so this only runs on CPython (host simulator, tests).
It follows the algorithms of MicroPython's extmod/modframebuf.c (MIT, Damien P. George) so that
every buffer matches the real module byte for byte; tests/simulator/test_framebuf_shim.py checks
that against the real interpreter scene by scene. The 8x8 font is dumped from the real module by
tools/dump_framebuf_font.py.

Speed: the simulator redraws whole sheets, so fills work on whole bytes (slice assignment,
bytes.translate over strided slices) and text, blit and scroll work a row at a time through
Python's big integers instead of one pixel at a time.

Known differences from the built-in, all outside what drawing code can see:
- a FrameBuffer does not export the buffer protocol (CPython 3.11 cannot do that in Python):
  keep and use the buffer you passed in;
- the view it keeps on the buffer stops a bytearray from being resized (BufferError);
- blit with a palette too small for the source's colours reads 0 where the C code reads
  whatever memory follows the palette;
- a blit whose source overlaps the destination smears in C's pixel order only when both use
  the same buffer object (the usual fb.blit(fb, ...)), not through a memoryview of it;
- arguments are positional only (as on the device), but error messages are CPython's.
"""

from operator import index as _int

from _framebuf_font import FIRST as _FONT_FIRST
from _framebuf_font import FONT as _FONT

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

# Horizontally packed formats: bits per pixel, each pixel's shift inside its byte in pixel order,
# and the byte order in which a row segment reads as one integer with pixel 0 at a known end.
_PACKED = {
    MONO_HLSB: (1, (7, 6, 5, 4, 3, 2, 1, 0), "big"),
    MONO_HMSB: (1, (0, 1, 2, 3, 4, 5, 6, 7), "little"),
    GS2_HMSB: (2, (0, 2, 4, 6), "little"),
    GS4_HMSB: (4, (4, 0), "big"),
    GS8: (8, (0,), "little"),
}
_MONO = (MONO_VLSB, MONO_HLSB, MONO_HMSB)
_VALUE_MASK = {GS2_HMSB: 0x3, GS4_HMSB: 0xF, GS8: 0xFF, RGB565: 0xFFFF}


def _table(function):
    return bytes(function(i) & 0xFF for i in range(256))


_NONZERO = _table(lambda i: 1 if i else 0)
_DIGITS = _table(lambda i: b"0123456789abcdef"[i] if i < 16 else 48)
_BIT_GET = [_table(lambda i, r=r: (i >> r) & 1) for r in range(8)]
_BIT_SET = [_table(lambda i, r=r: (1 << r) if i else 0) for r in range(8)]
_CACHE = {}
_GET = object()  # pixel()'s "no colour given": None is an error on the device too


def _cached(key, make):
    """Translation tables are built on first use and kept: the same few come back constantly."""
    table = _CACHE.get(key)
    if table is None:
        table = _CACHE[key] = make()
    return table


def _merge(mask, bits):
    """Table that replaces the `mask` bits of every byte with `bits`."""
    return _cached(("merge", mask, bits), lambda: _table(lambda i: (i & ~mask) | bits))


def _widen(narrow):
    """One byte per pixel to two (little-endian), the common form rows take inside blit."""
    wide = bytearray(2 * len(narrow))
    wide[0::2] = narrow
    return wide


def _glyph_rows():
    """For each of the 8 font rows, 256 strings of 8 mask bytes (0xff where the glyph is set)."""
    codes = [code if _FONT_FIRST <= code <= 127 else 127 for code in range(256)]
    rows = []
    for r in range(8):
        bits = _FONT.translate(_table(lambda i, r=r: 0xFF if (i >> r) & 1 else 0))
        glyphs = [bits[i : i + 8] for i in range(0, len(bits), 8)]
        rows.append(tuple(glyphs[code - _FONT_FIRST] for code in codes))
    return rows


_GLYPH_ROWS = _glyph_rows()


def _cdiv(a, b):
    """C integer division, which truncates towards zero."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _source(obj):
    """blit's source or palette: a FrameBuffer, or a (buffer, width, height, format[, stride])."""
    if isinstance(obj, FrameBuffer):
        return obj
    if not isinstance(obj, (tuple, list)):
        raise TypeError("object '%s' isn't a tuple or list" % type(obj).__name__)
    if len(obj) not in (4, 5):
        raise ValueError
    fb = object.__new__(FrameBuffer)
    fb._setup(obj[0], obj[1], obj[2], obj[3], obj[4] if len(obj) == 5 else obj[1], False)
    return fb


class FrameBuffer:
    """A drawing surface over a caller's buffer, byte-compatible with MicroPython's."""

    def __init__(self, buffer, width, height, format, stride=None, /):
        self._setup(buffer, width, height, format, width if stride is None else stride, True)

    def _setup(self, buffer, width, height, fmt, stride, writable):
        width, height, fmt, stride = _int(width), _int(height), _int(fmt), _int(stride)
        if not (0 < width <= 0xFFFF and 0 < height <= 0xFFFF and width <= stride <= 0xFFFF):
            raise ValueError
        bpp, height_req, width_req, strides_req = 1, height, width, height - 1
        if fmt == MONO_VLSB:
            height_req = (height + 7) & ~7
            strides_req = height_req - 8
        elif fmt in (MONO_HLSB, MONO_HMSB, GS2_HMSB, GS4_HMSB):
            bpp = _PACKED[fmt][0]
            align = 8 // bpp - 1
            stride, width_req = (stride + align) & ~align, (width + align) & ~align
        elif fmt in (GS8, RGB565):
            bpp = 8 if fmt == GS8 else 16
        else:
            raise ValueError("invalid format")
        try:
            view = memoryview(buffer)
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        if writable and view.readonly:
            raise TypeError("object with buffer protocol required")
        view = view.cast("B")
        if (strides_req * stride + (height_req - strides_req) * width_req) * bpp // 8 > len(view):
            raise ValueError
        self._obj, self._buf = buffer, view
        self._width, self._height, self._format, self._stride = width, height, fmt, stride
        self._mono = fmt in _MONO
        if fmt == MONO_VLSB:
            self._set, self._get = self._set_vlsb, self._get_vlsb
        elif fmt == RGB565:
            self._set, self._get = self._set_rgb565, self._get_rgb565
        else:
            bpp, self._shifts, self._order = _PACKED[fmt]
            self._bpp, self._ppb, self._max = bpp, 8 // bpp, (1 << bpp) - 1
            self._set, self._get = self._set_packed, self._get_packed

    # -- one pixel, unclipped (callers check bounds, as the C code does) --

    def _norm(self, col):
        """The value a pixel stores for colour `col` (C converts it to uint32 first)."""
        if self._mono:
            return 1 if col & 0xFFFFFFFF else 0
        return col & _VALUE_MASK[self._format]

    def _set_vlsb(self, x, y, col):
        i = (y >> 3) * self._stride + x
        if col & 0xFFFFFFFF:
            self._buf[i] |= 1 << (y & 7)
        else:
            self._buf[i] &= ~(1 << (y & 7))

    def _get_vlsb(self, x, y):
        return (self._buf[(y >> 3) * self._stride + x] >> (y & 7)) & 1

    def _set_packed(self, x, y, col):
        i = (x + y * self._stride) // self._ppb
        shift = self._shifts[x % self._ppb]
        self._buf[i] = (self._buf[i] & ~(self._max << shift)) | (self._norm(col) << shift)

    def _get_packed(self, x, y):
        i = (x + y * self._stride) // self._ppb
        return (self._buf[i] >> self._shifts[x % self._ppb]) & self._max

    def _set_rgb565(self, x, y, col):
        i = 2 * (x + y * self._stride)
        self._buf[i] = col & 0xFF
        self._buf[i + 1] = (col >> 8) & 0xFF

    def _get_rgb565(self, x, y):
        i = 2 * (x + y * self._stride)
        return self._buf[i] | (self._buf[i + 1] << 8)

    def _set_checked(self, x, y, col):
        if 0 <= x < self._width and 0 <= y < self._height:
            self._set(x, y, col)

    # -- rectangles: whole bytes at a time --

    def _fill_rect(self, x, y, w, h, col):
        """Clip like the C fill_rect, then fill."""
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._height or x >= self._width:
            return
        xend, yend = min(self._width, x + w), min(self._height, y + h)
        x, y = max(x, 0), max(y, 0)
        self._fill(x, y, xend - x, yend - y, col)

    def _fill(self, x, y, w, h, col):
        if self._format == MONO_VLSB:
            self._fill_vlsb(x, y, w, h, col)
        elif self._format == RGB565:
            pattern, row = (col & 0xFFFF).to_bytes(2, "little"), 2 * self._stride
            if w == self._stride:
                self._buf[y * row : (y + h) * row] = pattern * (w * h)
            else:
                for start in range(2 * (x + y * self._stride), (y + h) * row, row):
                    self._buf[start : start + 2 * w] = pattern * w
        else:
            self._fill_packed(x, y, w, h, col)

    def _fill_vlsb(self, x, y, w, h, col):
        buf, yend = self._buf, y + h
        on = (col & 0xFFFFFFFF) != 0
        for page in range(y >> 3, ((yend - 1) >> 3) + 1):
            top = page << 3
            mask = ((1 << min(8, yend - top)) - 1) & ~((1 << max(0, y - top)) - 1)
            start = page * self._stride + x
            if mask == 0xFF:
                buf[start : start + w] = (b"\xff" if on else b"\x00") * w
            else:
                old = bytes(buf[start : start + w])
                buf[start : start + w] = old.translate(_merge(mask, mask if on else 0))

    def _fill_packed(self, x, y, w, h, col):
        buf, ppb, shifts, value = self._buf, self._ppb, self._shifts, self._norm(col)
        row = self._stride // ppb
        full = 0
        for shift in shifts:
            full |= value << shift
        first, last = x // ppb, (x + w - 1) // ppb
        base, span = y * row, (h - 1) * row + 1
        body_start, body_end = first, last + 1
        for c in sorted({first, last}):
            mask = 0
            for k in range(max(x, c * ppb) - c * ppb, min(x + w, c * ppb + ppb) - c * ppb):
                mask |= self._max << shifts[k]
            if mask != 0xFF:
                column = slice(base + c, base + c + span, row)
                buf[column] = bytes(buf[column]).translate(_merge(mask, full & mask))
                body_start = first + 1 if c == first else body_start
                body_end = last if c == last else body_end
        n = body_end - body_start
        if n <= 0:
            return
        if n == row:
            buf[base : base + h * row] = bytes((full,)) * (h * row)
        elif n <= h:
            for c in range(body_start, body_end):
                buf[base + c : base + c + span : row] = bytes((full,)) * h
        else:
            for start in range(base + body_start, base + h * row, row):
                buf[start : start + n] = bytes((full,)) * n

    # -- rows: what text, blit and scroll are built on --

    def _read_row(self, x, y, n):
        """Raw values of n pixels from (x, y), two little-endian bytes each."""
        buf, fmt = self._buf, self._format
        if fmt == RGB565:
            start = 2 * (x + y * self._stride)
            return bytes(buf[start : start + 2 * n])
        if fmt == MONO_VLSB:
            start = (y >> 3) * self._stride + x
            return _widen(bytes(buf[start : start + n]).translate(_BIT_GET[y & 7]))
        if fmt == GS8:
            start = x + y * self._stride
            return _widen(buf[start : start + n])
        ppb, fmt_shifts, top = self._ppb, self._shifts, self._max
        unpack = _cached(
            ("unpack", fmt),
            lambda: tuple(
                b"".join(((b >> s) & top).to_bytes(2, "little") for s in fmt_shifts)
                for b in range(256)
            ),
        )
        start, off = divmod(x + y * self._stride, ppb)
        wide = b"".join(map(unpack.__getitem__, buf[start : start + (off + n + ppb - 1) // ppb]))
        return wide[2 * off : 2 * (off + n)]

    def _to_values(self, wide):
        """Two-byte raw values to what this format stores (one byte each, two for RGB565)."""
        fmt = self._format
        if fmt == RGB565:
            return wide
        low = wide[0::2]
        if fmt == GS8:
            return low
        if not self._mono:
            top = self._max
            return low.translate(_cached(("and", top), lambda: _table(lambda i: i & top)))
        high = wide[1::2]
        if high.count(0) != len(high):
            merged = int.from_bytes(low, "little") | int.from_bytes(high, "little")
            low = merged.to_bytes(len(low), "little")
        return low.translate(_NONZERO)

    def _write_row(self, x, y, values, mask):
        """Store normalised values at (x, y); where `mask` (0x00/0xff per pixel) is 0, keep."""
        buf, fmt = self._buf, self._format
        n = len(values) // 2 if fmt == RGB565 else len(values)
        if fmt == MONO_VLSB:
            start, bit = (y >> 3) * self._stride + x, _BIT_SET[y & 7]
            keep = (mask if mask is not None else b"\xff" * n).translate(bit)
            old = int.from_bytes(buf[start : start + n], "little")
            keep_int = int.from_bytes(keep, "little")
            new = (old & ~keep_int) | (int.from_bytes(values.translate(bit), "little") & keep_int)
            buf[start : start + n] = new.to_bytes(n, "little")
            return
        if fmt in (GS8, RGB565):
            size = 2 if fmt == RGB565 else 1
            start = (x + y * self._stride) * size
            if mask is None:
                buf[start : start + n * size] = values
                return
            if size == 2:
                mask = _widen(mask)
                mask[1::2] = mask[0::2]
            old = int.from_bytes(buf[start : start + n * size], "little")
            keep_int = int.from_bytes(mask, "little")
            new = (old & ~keep_int) | (int.from_bytes(values, "little") & keep_int)
            buf[start : start + n * size] = new.to_bytes(n * size, "little")
            return
        bpp, ppb, order = self._bpp, self._ppb, self._order
        start, off = divmod(x + y * self._stride, ppb)
        count = (off + n + ppb - 1) // ppb
        digits = values.translate(_DIGITS)
        if mask is None:
            keep_int = (1 << (bpp * n)) - 1
        else:
            top = b"0123456789abcdef"[self._max]
            mask_digits = mask.translate(
                _cached(("digit", top), lambda: _table(lambda i: top if i else 48))
            )
            keep_int = int(mask_digits if order == "big" else mask_digits[::-1], 1 << bpp)
        value_int = int(digits if order == "big" else digits[::-1], 1 << bpp)
        shift = bpp * (ppb * count - off - n) if order == "big" else bpp * off
        keep_int, value_int = keep_int << shift, value_int << shift
        old = int.from_bytes(buf[start : start + count], order)
        new = (old & ~keep_int) | (value_int & keep_int)
        buf[start : start + count] = new.to_bytes(count, order)

    def _const_values(self, col, n):
        value = self._norm(col)
        return value.to_bytes(2, "little") * n if self._format == RGB565 else bytes((value,)) * n

    # -- the public API, in modframebuf.c's order --

    def fill(self, c, /):
        self._fill(0, 0, self._width, self._height, _int(c))

    def fill_rect(self, x, y, w, h, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), _int(h), _int(c))

    def pixel(self, x, y, c=_GET, /):
        x, y = _int(x), _int(y)
        if 0 <= x < self._width and 0 <= y < self._height:
            if c is _GET:
                return self._get(x, y)
            self._set(x, y, _int(c))
        return None

    def hline(self, x, y, w, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c, /):
        self._fill_rect(_int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False, /):
        x, y, w, h, c = _int(x), _int(y), _int(w), _int(h), _int(c)
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c, /):
        self._line(_int(x1), _int(y1), _int(x2), _int(y2), _int(c))

    def _line(self, x1, y1, x2, y2, col):
        """Bresenham exactly as modframebuf.c steps it, so diagonal pixels land the same."""
        dx, sx = (x2 - x1, 1) if x2 - x1 > 0 else (x1 - x2, -1)
        dy, sy = (y2 - y1, 1) if y2 - y1 > 0 else (y1 - y2, -1)
        steep = dy > dx
        if steep:
            x1, y1, dx, dy, sx, sy = y1, x1, dy, dx, sy, sx
        width, height, setpixel = self._width, self._height, self._set
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < width and 0 <= x1 < height:
                    setpixel(y1, x1, col)
            elif 0 <= x1 < width and 0 <= y1 < height:
                setpixel(x1, y1, col)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < width and 0 <= y2 < height:
            setpixel(x2, y2, col)

    def ellipse(self, x, y, xr, yr, c, f=False, m=0xF, /):
        cx, cy, a, b, col = _int(x), _int(y), _int(xr), _int(yr), _int(c)
        mask = (0x10 if f else 0) | (_int(m) & 0xF)
        if a == 0 and b == 0:
            if mask & 0xF:
                self._set_checked(cx, cy, col)
            return
        two_a2, two_b2 = 2 * a * a, 2 * b * b
        # First the points where the slope is shallower than -1, then the steep ones.
        px, py, x_change, y_change, error = a, 0, b * b * (1 - 2 * a), a * a, 0
        stop_x, stop_y = two_b2 * a, 0
        while stop_x >= stop_y:
            self._ellipse_points(cx, cy, px, py, col, mask)
            py += 1
            stop_y += two_a2
            error += y_change
            y_change += two_a2
            if 2 * error + x_change > 0:
                px -= 1
                stop_x -= two_b2
                error += x_change
                x_change += two_b2
        px, py, x_change, y_change, error = 0, b, b * b, a * a * (1 - 2 * b), 0
        stop_x, stop_y = 0, two_a2 * b
        while stop_x <= stop_y:
            self._ellipse_points(cx, cy, px, py, col, mask)
            px += 1
            stop_x += two_b2
            error += x_change
            x_change += two_b2
            if 2 * error + y_change > 0:
                py -= 1
                stop_y -= two_a2
                error += y_change
                y_change += two_a2

    def _ellipse_points(self, cx, cy, x, y, col, mask):
        """Mask bits are quadrants counter-clockwise from top right; 0x10 fills."""
        if mask & 0x10:
            if mask & 1:
                self._fill_rect(cx, cy - y, x + 1, 1, col)
            if mask & 2:
                self._fill_rect(cx - x, cy - y, x + 1, 1, col)
            if mask & 4:
                self._fill_rect(cx - x, cy + y, x + 1, 1, col)
            if mask & 8:
                self._fill_rect(cx, cy + y, x + 1, 1, col)
            return
        if mask & 1:
            self._set_checked(cx + x, cy - y, col)
        if mask & 2:
            self._set_checked(cx - x, cy - y, col)
        if mask & 4:
            self._set_checked(cx - x, cy + y, col)
        if mask & 8:
            self._set_checked(cx + x, cy + y, col)

    def poly(self, x, y, coords, c, f=False, /):
        x, y = _int(x), _int(y)
        try:
            view = memoryview(coords)
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        if view.format in ("f", "d"):
            raise TypeError("can't convert float to int")
        values = view.tolist() if view.ndim == 1 else view.cast("B").cast(view.format).tolist()
        n = len(values) // 2
        if n == 0:
            return
        col = _int(c)
        # Walk the edges from the first vertex backwards, as the C code does.
        edges = [(values[0], values[1])] + [
            (values[2 * i], values[2 * i + 1]) for i in range(n - 1, -1, -1)
        ]
        if not f:
            for (px1, py1), (px2, py2) in zip(edges, edges[1:]):
                self._line(x + px1, y + py1, x + px2, y + py2, col)
            return
        ys = values[1 : 2 * n : 2]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            for (px1, py1), (px2, py2) in zip(edges, edges[1:]):
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    step = _cdiv(32 * (px2 - px1) * (row - py1), py2 - py1)
                    nodes.append(_cdiv(32 * px1 + step + 16, 32))
                elif row == max(py1, py2):
                    # Local minima and horizontal edges are drawn directly.
                    if py1 < py2:
                        self._set_checked(x + px2, y + py2, col)
                    elif py2 < py1:
                        self._set_checked(x + px1, y + py1, col)
                    else:
                        self._line(x + px1, y + py1, x + px2, y + py2, col)
            nodes.sort()
            for i in range(0, len(nodes) - 1, 2):
                self._fill_rect(x + nodes[i], y + row, nodes[i + 1] - nodes[i] + 1, 1, col)

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        source = _source(fbuf)
        x, y, key = _int(x), _int(y), _int(key)
        palette = None if palette is None else _source(palette)
        self._blit(source, x, y, key & 0xFFFFFFFF, palette)

    def _blit(self, source, x, y, key, palette):
        if x >= self._width or y >= self._height or -x >= source._width or -y >= source._height:
            return
        x0, y0, x1, y1 = max(0, x), max(0, y), max(0, -x), max(0, -y)
        x0end, y0end = min(self._width, x + source._width), min(self._height, y + source._height)
        if source._obj is self._obj:
            # Overlapping copies smear in C's pixel order: reproduce that one pixel at a time.
            for row in range(y0end - y0):
                for col in range(x0end - x0):
                    value = source._get(x1 + col, y1 + row)
                    if palette is not None:
                        value = palette._palette_get(value)
                    if value != key:
                        self._set(x0 + col, y0 + row, value)
            return
        n = x0end - x0
        lookup = None
        if palette is not None and source._format != RGB565:
            size = 1 << (1 if source._mono else source._bpp)
            colours = [palette._palette_get(i) for i in range(size)] + [0] * (256 - size)
            lookup = (bytes(v & 0xFF for v in colours), bytes((v >> 8) & 0xFF for v in colours))
        for row in range(y0end - y0):
            wide = source._read_row(x1, y1 + row, n)
            if lookup is not None:
                low = wide[0::2]
                wide = _widen(low.translate(lookup[0]))
                wide[1::2] = low.translate(lookup[1])
            elif palette is not None:
                wide = b"".join(
                    palette._palette_get(int.from_bytes(wide[i : i + 2], "little")).to_bytes(
                        2, "little"
                    )
                    for i in range(0, 2 * n, 2)
                )
            mask = None
            if key <= 0xFFFF:
                differs = int.from_bytes(wide[0::2].translate(_not_equal(key & 0xFF)), "little")
                differs |= int.from_bytes(wide[1::2].translate(_not_equal(key >> 8)), "little")
                if not differs:
                    continue
                mask = differs.to_bytes(n, "little")
                if mask.count(0) == 0:
                    mask = None
            self._write_row(x0, y0 + row, self._to_values(wide), mask)

    def _palette_get(self, index):
        """Palette entry `index` (x on row 0, unchecked like C); past the buffer reads as 0."""
        try:
            return self._get(index, 0)
        except IndexError:
            return 0

    def scroll(self, xstep, ystep, /):
        xstep, ystep = _int(xstep), _int(ystep)
        # Scrolling copies each pixel from a not-yet-overwritten one, so it equals a blit from
        # a snapshot of the buffer; blit's no-op tests are scroll's early returns.
        snapshot = object.__new__(FrameBuffer)
        snapshot._setup(
            bytearray(self._buf), self._width, self._height, self._format, self._stride, True
        )
        self._blit(snapshot, xstep, ystep, 0xFFFFFFFF, None)

    def text(self, s, x, y, c=1, /):
        if isinstance(s, str):
            data = s.encode()
        elif isinstance(s, bytes):
            data = s
        else:
            raise TypeError("can't convert '%s' object to str implicitly" % type(s).__name__)
        x, y, col = _int(x), _int(y), _int(c)
        data = data.split(b"\x00", 1)[0]  # C strings end at the first NUL
        left, right = max(0, x), min(self._width, x + 8 * len(data))
        if left >= right:
            return
        values = self._const_values(col, right - left)
        for r in range(8):
            if 0 <= y + r < self._height:
                mask = b"".join(map(_GLYPH_ROWS[r].__getitem__, data))[left - x : right - x]
                if mask.count(0) != len(mask):
                    self._write_row(left, y + r, values, mask)


def _not_equal(value):
    return _cached(("ne", value), lambda: _table(lambda i: 0xFF if i != value else 0))


def FrameBuffer1(buffer, width, height, stride=None, /):
    """The old MONO_VLSB-only constructor, kept by MicroPython for compatibility."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, width if stride is None else stride)
