"""A pure-Python `framebuf` for CircuitPython, which has none (deployed as /lib/framebuf.py).

It draws the same bytes as MicroPython's built-in module (extmod/modframebuf.c) for what the
firmware uses: the formats MONO_VLSB, MONO_HLSB, GS8 and RGB565, and fill, fill_rect, pixel,
hline, vline, rect, line, ellipse and blit (key, palette, clipping, strides, buffers that are
memoryviews into a larger frame). tests/portable/framebuf/ checks it byte for byte against the
built-in under the MicroPython unix port and against hostsim's shim under CPython.

It runs unchanged on CPython, MicroPython and CircuitPython, so it has no bytes.translate, no
memoryview.cast and no positional-only parameters. Speed: Python loops per pixel cost about a
microsecond each on the host and far more on a board, so rectangles are filled by slices and
whole-row integers, and a mono-to-mono blit (all text) works a row at a time on integers.

Not here: text(), scroll(), poly() and the GS2/GS4/MONO_HMSB formats (the firmware draws its
own fonts and uses none of them). A blit from a view onto the same bytes as the target (not
the same object) copies row by row where the C code copies pixel by pixel.
"""

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_SUPPORTED = (MONO_VLSB, MONO_HLSB, GS8, RGB565)
_NARROW = 4  # bytes per row up to which a blit's target is gathered into one integer
_NO_KEY = 0xFFFFFFFF  # blit's key of -1, as the C code compares it (uint32)
_spread = None  # built on first use: byte -> its 8 bits as 8 bytes of 0/1, first pixel first


def _spread_table():
    global _spread
    if _spread is None:
        _spread = [bytes([(b >> (7 - j)) & 1 for j in range(8)]) for b in range(256)]
    return _spread


def _bits_to_bytes(bits, n):
    """An n-bit row integer (pixel 0 in the top bit) as n bytes of 0 or 1."""
    count = (n + 7) >> 3
    packed = (bits << (8 * count - n)).to_bytes(count, "big")
    table = _spread_table()
    return b"".join([table[b] for b in packed])[:n]


def _as_source(obj):
    if isinstance(obj, FrameBuffer):
        return obj
    if not isinstance(obj, (tuple, list)) or len(obj) not in (4, 5):
        raise TypeError("a FrameBuffer or (buffer, width, height, format[, stride]) required")
    return FrameBuffer(obj[0], obj[1], obj[2], obj[3], obj[4] if len(obj) == 5 else None)


class FrameBuffer:
    """A drawing surface over a caller's buffer, byte-compatible with MicroPython's."""

    def __init__(self, buffer, width, height, format, stride=None):
        if stride is None:
            stride = width
        if format not in _SUPPORTED:
            raise ValueError("format not supported by this framebuf")
        if not (0 < width <= 0xFFFF and 0 < height <= 0xFFFF and width <= stride <= 0xFFFF):
            raise ValueError
        bpp, height_req, width_req, strides_req = 1, height, width, height - 1
        if format == MONO_VLSB:
            height_req = (height + 7) & ~7
            strides_req = height_req - 8
        elif format == MONO_HLSB:
            stride = (stride + 7) & ~7
            width_req = (width + 7) & ~7
        else:
            bpp = 8 if format == GS8 else 16
        if (strides_req * stride + (height_req - strides_req) * width_req) * bpp // 8 > len(
            buffer
        ):
            raise ValueError
        self.buf = buffer
        self.width = width
        self.height = height
        self.format = format
        self.stride = stride

    # -- one pixel, unclipped (callers check bounds, as the C code does) --

    def _get(self, x, y):
        buf, fmt, stride = self.buf, self.format, self.stride
        if fmt == MONO_VLSB:
            return (buf[(y >> 3) * stride + x] >> (y & 7)) & 1
        if fmt == MONO_HLSB:
            return (buf[(x + y * stride) >> 3] >> (7 - (x & 7))) & 1
        if fmt == GS8:
            return buf[x + y * stride]
        i = 2 * (x + y * stride)
        return buf[i] | (buf[i + 1] << 8)

    def _set(self, x, y, col):
        buf, fmt, stride = self.buf, self.format, self.stride
        if fmt == MONO_VLSB:
            i, bit = (y >> 3) * stride + x, 1 << (y & 7)
        elif fmt == MONO_HLSB:
            i, bit = (x + y * stride) >> 3, 0x80 >> (x & 7)
        elif fmt == GS8:
            buf[x + y * stride] = col & 0xFF
            return
        else:
            i = 2 * (x + y * stride)
            buf[i] = col & 0xFF
            buf[i + 1] = (col >> 8) & 0xFF
            return
        if col & 0xFFFFFFFF:
            buf[i] |= bit
        else:
            buf[i] &= 0xFF ^ bit

    def _set_checked(self, x, y, col):
        if 0 <= x < self.width and 0 <= y < self.height:
            self._set(x, y, col)

    # -- rectangles: slices and whole-row integers --

    def _fill_rect(self, x, y, w, h, col):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend, yend = min(self.width, x + w), min(self.height, y + h)
        x, y = max(x, 0), max(y, 0)
        w, h = xend - x, yend - y
        fmt = self.format
        if fmt == MONO_VLSB:
            self._fill_vlsb(x, y, w, yend, col)
        elif fmt == MONO_HLSB:
            self._fill_hlsb(x, y, w, h, col)
        else:
            buf, stride = self.buf, self.stride
            if fmt == GS8:
                size, pattern = 1, bytes((col & 0xFF,))
            else:
                size, pattern = 2, bytes((col & 0xFF, (col >> 8) & 0xFF))
            row = size * stride
            start = size * (x + y * stride)
            if w == stride:
                buf[start : start + row * h] = pattern * (w * h)
                return
            run = pattern * w
            for at in range(start, start + row * h, row):
                buf[at : at + size * w] = run

    def _fill_vlsb(self, x, y, w, yend, col):
        buf, stride = self.buf, self.stride
        on = col & 0xFFFFFFFF
        for page in range(y >> 3, ((yend - 1) >> 3) + 1):
            top = page << 3
            mask = ((1 << min(8, yend - top)) - 1) & (0xFF ^ ((1 << max(0, y - top)) - 1))
            start = page * stride + x
            if mask == 0xFF:
                buf[start : start + w] = (b"\xff" if on else b"\x00") * w
            elif w == 1:
                buf[start] = buf[start] | mask if on else buf[start] & (0xFF ^ mask)
            else:
                old = int.from_bytes(buf[start : start + w], "little")
                bits = int.from_bytes(bytes((mask,)) * w, "little")
                new = old | bits if on else old & ((1 << (8 * w)) - 1 - bits)
                buf[start : start + w] = new.to_bytes(w, "little")

    def _fill_hlsb(self, x, y, w, h, col):
        buf, row = self.buf, self.stride >> 3
        on = col & 0xFFFFFFFF
        first, last = x >> 3, (x + w - 1) >> 3
        head = 0xFF >> (x & 7)
        tail = (0xFF << (7 - ((x + w - 1) & 7))) & 0xFF
        if first == last:
            head &= tail
        body = last - first - 1 if first != last else 0
        if head == 0xFF and tail == 0xFF and last - first + 1 == row:
            buf[y * row : (y + h) * row] = (b"\xff" if on else b"\x00") * (row * h)
            return
        run = (b"\xff" if on else b"\x00") * body
        for base in range(y * row, (y + h) * row, row):
            i = base + first
            buf[i] = buf[i] | head if on else buf[i] & (0xFF ^ head)
            if first != last:
                j = base + last
                buf[j] = buf[j] | tail if on else buf[j] & (0xFF ^ tail)
                if body:
                    buf[i + 1 : j] = run

    # -- mono rows as integers: n pixels from (x, y), pixel 0 in the top bit --

    def _read_bits(self, x, y, n):
        buf = self.buf
        if self.format == MONO_HLSB:
            p = x + y * self.stride
            start, off = p >> 3, p & 7
            count = (off + n + 7) >> 3
            bits = int.from_bytes(buf[start : start + count], "big") >> (8 * count - off - n)
            return bits & ((1 << n) - 1)
        start, shift, bits = (y >> 3) * self.stride + x, y & 7, 0
        for b in buf[start : start + n]:
            bits = (bits << 1) | ((b >> shift) & 1)
        return bits

    def _write_bits(self, x, y, n, ones, zeros):
        """Set the pixels whose bit is in `ones`, clear those in `zeros`, keep the others."""
        buf = self.buf
        if self.format == MONO_HLSB:
            p = x + y * self.stride
            start, off = p >> 3, p & 7
            count = (off + n + 7) >> 3
            shift = 8 * count - off - n
            old = int.from_bytes(buf[start : start + count], "big")
            new = (old | (ones << shift)) & ((1 << (8 * count)) - 1 - (zeros << shift))
            buf[start : start + count] = new.to_bytes(count, "big")
            return
        start, shift = (y >> 3) * self.stride + x, y & 7
        old = int.from_bytes(buf[start : start + n], "little")
        if ones:
            old |= int.from_bytes(_bits_to_bytes(ones, n), "little") << shift
        if zeros:
            clear = int.from_bytes(_bits_to_bytes(zeros, n), "little") << shift
            old &= (1 << (8 * n)) - 1 - clear
        buf[start : start + n] = old.to_bytes(n, "little")

    # -- the public API --

    def fill(self, c):
        self._fill_rect(0, 0, self.width, self.height, c)

    def fill_rect(self, x, y, w, h, c):
        self._fill_rect(x, y, w, h, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self._fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self._fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        # Bresenham stepped as modframebuf.c steps it, so diagonal pixels land the same.
        dx, sx = (x2 - x1, 1) if x2 > x1 else (x1 - x2, -1)
        dy, sy = (y2 - y1, 1) if y2 > y1 else (y1 - y2, -1)
        steep = dy > dx
        if steep:
            x1, y1, dx, dy, sx, sy = y1, x1, dy, dx, sy, sx
        width, height = self.width, self.height
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < width and 0 <= x1 < height:
                    self._set(y1, x1, c)
            elif 0 <= x1 < width and 0 <= y1 < height:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        self._set_checked(x2, y2, c)

    def ellipse(self, x, y, xr, yr, c, f=False, m=0xF):
        mask = (0x10 if f else 0) | (m & 0xF)
        if xr == 0 and yr == 0:
            if mask & 0xF:
                self._set_checked(x, y, c)
            return
        # The points are those of modframebuf.c's walk; all are drawn in one colour, so the
        # order does not matter and a filled row needs only its widest point.
        points = []
        aa2, bb2 = 2 * xr * xr, 2 * yr * yr
        # The points where the slope is shallower than -1, then the steep ones (as in C).
        px, py, dx, dy, error, stop_x, stop_y = (
            xr,
            0,
            yr * yr * (1 - 2 * xr),
            xr * xr,
            0,
            bb2 * xr,
            0,
        )
        while stop_x >= stop_y:
            points.append((px, py))
            py += 1
            stop_y += aa2
            error += dy
            dy += aa2
            if 2 * error + dx > 0:
                px -= 1
                stop_x -= bb2
                error += dx
                dx += bb2
        px, py, dx, dy, error, stop_x, stop_y = (
            0,
            yr,
            yr * yr,
            xr * xr * (1 - 2 * yr),
            0,
            0,
            aa2 * yr,
        )
        while stop_x <= stop_y:
            points.append((px, py))
            px += 1
            stop_x += bb2
            error += dx
            dx += bb2
            if 2 * error + dy > 0:
                py -= 1
                stop_y -= aa2
                error += dy
                dy += aa2
        if mask & 0x10:
            self._ellipse_rows(x, y, points, c, mask)
        else:
            self._ellipse_points(x, y, points, c, mask)

    def _ellipse_rows(self, cx, cy, points, col, mask):
        """Quadrant bits count counter-clockwise from top right."""
        widest = {}  # type: dict[int, int]
        for px, py in points:
            if widest.get(py, -1) < px:
                widest[py] = px
        fill = self._fill_rect
        for y, x in widest.items():
            for row, right, left in ((cy - y, mask & 1, mask & 2), (cy + y, mask & 8, mask & 4)):
                if right and left:
                    fill(cx - x, row, 2 * x + 1, 1, col)
                elif right:
                    fill(cx, row, x + 1, 1, col)
                elif left:
                    fill(cx - x, row, x + 1, 1, col)

    def _ellipse_points(self, cx, cy, points, col, mask):
        put, width, height = self._set, self.width, self.height
        for x, y in points:
            for on, px, py in (
                (mask & 1, cx + x, cy - y),
                (mask & 2, cx - x, cy - y),
                (mask & 4, cx - x, cy + y),
                (mask & 8, cx + x, cy + y),
            ):
                if on and 0 <= px < width and 0 <= py < height:
                    put(px, py, col)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        source = _as_source(fbuf)
        if palette is not None:
            palette = _as_source(palette)
        key &= 0xFFFFFFFF
        if x >= self.width or y >= self.height or -x >= source.width or -y >= source.height:
            return
        x0, y0, x1, y1 = max(0, x), max(0, y), max(0, -x), max(0, -y)
        n = min(self.width, x + source.width) - x0
        rows = min(self.height, y + source.height) - y0
        same = source.buf is self.buf  # overlapping copies go pixel by pixel, in C's order
        mono = (MONO_VLSB, MONO_HLSB)
        if not same and self.format in mono and source.format in mono:
            self._blit_mono(source, x0, y0, x1, y1, n, rows, key, palette)
        elif not same and self.format == GS8 and source.format == GS8:
            if palette is not None and palette.format != GS8:
                self._blit_pixels(source, x0, y0, x1, y1, n, rows, key, palette)
            else:
                self._blit_gs8(source, x0, y0, x1, y1, n, rows, key, palette)
        else:
            self._blit_pixels(source, x0, y0, x1, y1, n, rows, key, palette)

    def _blit_mono(self, source, x0, y0, x1, y1, n, rows, key, palette):
        # Each source value (0, 1) ends as a set pixel, a clear one, or (the key) none.
        ends = []
        for value in (0, 1):
            col = value if palette is None else palette._get(value, 0)
            ends.append(-1 if col == key else (1 if col & 0xFFFFFFFF else 0))
        if ends[0] < 0 and ends[1] < 0:
            return
        if source.format != MONO_HLSB:
            self._blit_mono_rows(source, x1, y1, x0, y0, n, rows, ends)
        elif self.format == MONO_HLSB:
            self._blit_hlsb_hlsb(source, x1, y1, x0, y0, n, rows, ends)
        else:
            self._blit_hlsb_vlsb(source, x1, y1, x0, y0, n, rows, ends)

    def _blit_hlsb_hlsb(self, source, x1, y1, x0, y0, n, rows, ends):
        # All text goes through here twice (strip -> scratch -> frame): one integer per row,
        # source and target byte offsets fixed for the whole blit (strides are whole bytes).
        # A narrow target (the glyph scratch) is read and written once, as one integer.
        sbuf, srow = source.buf, source.stride >> 3
        dbuf, drow = self.buf, self.stride >> 3
        s = (x1 + y1 * source.stride) >> 3
        d = (x0 + y0 * self.stride) >> 3
        scount = ((x1 & 7) + n + 7) >> 3
        sdrop = 8 * scount - (x1 & 7) - n
        dcount = ((x0 & 7) + n + 7) >> 3
        dshift = 8 * dcount - (x0 & 7) - n
        full = (1 << n) - 1
        e0, e1 = ends
        copy = e1 == 1 and e0 == 0
        gather = drow <= _NARROW
        total = (rows - 1) * drow + dcount if gather else dcount
        every = (1 << (8 * total)) - 1  # masks stay positive: no ~ on big integers
        keep = every ^ (full << dshift)  # target bits outside the run (one row)
        at = 8 * (total - dcount) + dshift  # where the first row goes in a gathered target
        all_ones = all_zeros = 0
        for _ in range(rows):
            bits = (int.from_bytes(sbuf[s : s + scount], "big") >> sdrop) & full
            s += srow
            if copy:
                ones, zeros = bits, full ^ bits
            else:
                ones = (bits if e1 == 1 else 0) | ((full ^ bits) if e0 == 1 else 0)
                zeros = (bits if e1 == 0 else 0) | ((full ^ bits) if e0 == 0 else 0)
            if gather:
                all_ones |= ones << at
                all_zeros |= zeros << at
                at -= 8 * drow
                continue
            old = int.from_bytes(dbuf[d : d + dcount], "big")
            if copy:
                new = (old & keep) | (bits << dshift)
            else:
                new = (old | (ones << dshift)) & (every ^ (zeros << dshift))
            dbuf[d : d + dcount] = new.to_bytes(dcount, "big")
            d += drow
        if gather:
            old = int.from_bytes(dbuf[d : d + total], "big")
            new = (old | all_ones) & (every ^ all_zeros)
            dbuf[d : d + total] = new.to_bytes(total, "big")

    def _blit_hlsb_vlsb(self, source, x1, y1, x0, y0, n, rows, ends):
        # Rows of the source are spread to one byte per pixel (0 or 1) and gathered into one
        # integer per target page (8 rows), which is read and written once.
        table = _spread_table()
        sbuf, srow = source.buf, source.stride >> 3
        dbuf, stride = self.buf, self.stride
        s = (x1 + y1 * source.stride) >> 3
        skip = x1 & 7
        scount = (skip + n + 7) >> 3
        unit = int.from_bytes(b"\x01" * n, "little")  # a 1 in every pixel's byte
        every = (1 << (8 * n)) - 1
        e0, e1 = ends
        y, end = y0, y0 + rows
        while y < end:
            page_end = min(end, (y | 7) + 1)
            ones = zeros = 0
            for row in range(y, page_end):
                if scount == 1:  # a glyph up to 8 wide: no join
                    packed = table[sbuf[s]]
                else:
                    packed = b"".join([table[b] for b in sbuf[s : s + scount]])
                spread = int.from_bytes(packed[skip : skip + n], "little")
                unset = unit ^ spread
                shift = row & 7
                if e1 == 1:
                    ones |= spread << shift
                elif e1 == 0:
                    zeros |= spread << shift
                if e0 == 1:
                    ones |= unset << shift
                elif e0 == 0:
                    zeros |= unset << shift
                s += srow
            d = (y >> 3) * stride + x0
            old = int.from_bytes(dbuf[d : d + n], "little")
            dbuf[d : d + n] = ((old | ones) & (every ^ zeros)).to_bytes(n, "little")
            y = page_end

    def _blit_mono_rows(self, source, x1, y1, x0, y0, n, rows, ends):
        full = (1 << n) - 1
        for row in range(rows):
            bits = source._read_bits(x1, y1 + row, n)
            ones = zeros = 0
            if ends[1] == 1:
                ones = bits
            elif ends[1] == 0:
                zeros = bits
            if ends[0] == 1:
                ones |= full ^ bits
            elif ends[0] == 0:
                zeros |= full ^ bits
            if ones or zeros:
                self._write_bits(x0, y0 + row, n, ones, zeros)

    def _blit_gs8(self, source, x0, y0, x1, y1, n, rows, key, palette):
        sbuf, dbuf = source.buf, self.buf
        sstride, dstride = source.stride, self.stride
        table = None if palette is None else palette.buf
        for row in range(rows):
            s = x1 + (y1 + row) * sstride
            d = x0 + (y0 + row) * dstride
            if table is None and key > 0xFF:
                dbuf[d : d + n] = sbuf[s : s + n]
            elif table is None:
                for i in range(n):
                    value = sbuf[s + i]
                    if value != key:
                        dbuf[d + i] = value
            elif key > 0xFF:
                for i in range(n):
                    dbuf[d + i] = table[sbuf[s + i]]
            else:
                for i in range(n):
                    value = table[sbuf[s + i]]
                    if value != key:
                        dbuf[d + i] = value

    def _blit_pixels(self, source, x0, y0, x1, y1, n, rows, key, palette):
        get, put = source._get, self._set
        for row in range(rows):
            for i in range(n):
                col = get(x1 + i, y1 + row)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    put(x0 + i, y0 + row, col)
