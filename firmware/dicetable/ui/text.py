"""Bitmap text on any framebuf.FrameBuffer: measure, draw, align and truncate one line.

Fonts are the modules that tools/fontconv.py generates in dicetable/ui/fonts/, wrapped in `Font`.
Each keeps its glyphs side by side in one bytes strip. framebuf.blit takes a source given as a
tuple (buffer, width, height, format) whose buffer may be read-only, so the strip is drawn from
where it lies (flash, once frozen) without a RAM copy. blit has no source rectangle, so one
character costs two blits, both in C: the strip is blitted at -x into a scratch FrameBuffer one
cell in size, which keeps exactly that glyph's cell, then the scratch onto the target with the
background as the transparent key; the scratch keeps its glyph, so a glyph drawn again next
("000", a row of ticks) costs one blit. Nothing is allocated per character, and framebuf clips
both blits, so text may run off any edge of any format of FrameBuffer.

A frame bound with `bind` (the app's panel frame) is drawn into faster: text in ink or paper,
the glyphs past ASCII (ticks, dots, arrows) included, goes straight into its bytes
(dicetable/loops.py, viper), to the same pixels.

(x, y) is always the top left of the line's cell: the baseline is `font.ascent` rows below y. Text
is one line: a character the font lacks (a newline included) is drawn as a box, never an error.
"""

import array
import sys

import framebuf
from micropython import const

try:
    from dicetable.loops import draw_ascii as _draw_ascii
except (ImportError, ValueError, SyntaxError):
    # ValueError: an .mpy built for the RP2040 (armv6m native code) imported by a PC's
    # MicroPython (the .mpy test run, the 32-bit heap guard). SyntaxError: a port without viper
    # (CircuitPython); ImportError: the web page, which leaves native modules out. The blits
    # draw there, to the same pixels.
    _draw_ascii = None

_INK = const(1)  # value of glyph pixels in the strip and scratch; background is 0
# MicroPython hands a str's UTF-8 bytes to viper code as they are; CPython needs bytes.
_ENCODE = sys.implementation.name != "micropython"
_MONO_VLSB = const(0)  # framebuf's format numbers (the same on every port)
_MONO_HLSB = const(3)
_KEPT_NUMBERS = const(100)  # `number` keeps the strs of 0..99
_FAST_CELL = const(17)  # the widest cell loops.draw_ascii draws (a glyph row in 3 bytes)

# The bound frame: its FrameBuffer, its bytes and its geometry for loops.draw_ascii.
_bound = [None, None, None]


def bind(fb, buf, width, height, fmt):
    """Let `draw` write runs of ASCII text straight into `buf`, the bytes behind `fb` (a
    MONO_VLSB or MONO_HLSB frame; any other format keeps the blits). One frame at a time."""
    if _draw_ascii is None or fmt not in (_MONO_VLSB, _MONO_HLSB):
        _bound[0] = _bound[1] = _bound[2] = None
        return
    _bound[0], _bound[1] = fb, buf
    _bound[2] = array.array("i", (width, height, 1 if fmt == _MONO_VLSB else 0, width >> 3))


class Font:
    """A generated font module ready to draw with, e.g. `Font(dicetable.ui.fonts.small)`.

    height: rows in a line of text; ascent: rows above the baseline; width: the widest glyph,
    which is also the advance of a missing character; ellipsis: what `fit` appends ("\u2026" when
    the font has it, else "...").
    """

    def __init__(self, module):
        self.height = module.HEIGHT
        self.ascent = module.ASCENT
        self.width = module.WIDTH
        self._first = module.FIRST
        self._ascii_count = module.ASCII_COUNT
        self._extra = module.EXTRA
        # The character codes of the glyphs past the ASCII ones (what `draw` reads).
        self._extra_codes = tuple([ord(ch) for ch in module.EXTRA])
        self._advances = module.ADVANCES
        self._strip = (module.BITMAP, module.STRIP_WIDTH, module.HEIGHT, framebuf.MONO_HLSB)
        # The one-cell scratch and a two-entry palette, made once: drawing then allocates nothing.
        # RGB565 is framebuf's widest pixel, so the palette holds a colour of any target format.
        stride = (self.width + 7) >> 3
        self._scratch = framebuf.FrameBuffer(
            bytearray(stride * self.height), self.width, self.height, framebuf.MONO_HLSB
        )
        self._palette = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
        self._palette_color = -1  # the colour the palette holds now
        self._held = -1  # the glyph the scratch holds now: a repeated one is not copied again
        # A font whose glyphs all advance by `width` measures any string by its length alone.
        monospace = self.width
        for advance in self._advances:
            if advance != self.width:
                monospace = 0
        self._monospace = monospace
        self.ellipsis = "\u2026" if self.index("\u2026") >= 0 else "..."
        # loops.draw_ascii's parameters (monospaced fonts whose cell fits its 3-byte window
        # only): the font's, the call's, then the codes of the glyphs past the ASCII ones.
        self._run = None
        if monospace and monospace <= _FAST_CELL:
            fields = (
                (module.STRIP_WIDTH + 7) >> 3,
                self.width,
                self.height,
                self._first,
                self._ascii_count,
                0,
                0,
                0,
                len(self._extra_codes),
                0,
            )
            self._run = array.array("i", fields + self._extra_codes)
        # What `draw` reads, in one tuple: one attribute load and an unpack per call instead
        # of eight loads (about 50 us a call on an RP2040; a sheet draws a hundred strings).
        self._drawing = (
            self._scratch,
            self._strip,
            self._advances,
            self._extra_codes,
            self._first,
            self._ascii_count,
            self.width,
            self.ascent - 1,
        )

    def index(self, ch):
        """Glyph number of the one-character string ch, or -1 if the font lacks it."""
        index = ord(ch) - self._first
        if 0 <= index < self._ascii_count:
            return index
        index = self._extra.find(ch)
        return index + self._ascii_count if index >= 0 else -1

    def advance(self, ch):
        """Pixels that ch moves the pen, its replacement box included."""
        index = self.index(ch)
        return self._advances[index] if index >= 0 else self.width


def cell_width(font):
    """The advance of every glyph of a monospaced font (the width of a string is its length
    times it), else 0."""
    return font._monospace


def measure(font, s):
    """Width in pixels of s drawn in font: the x that `draw` returns, less the x it was given."""
    if font._monospace:
        return len(s) * font._monospace
    total = 0
    for ch in s:
        total += font.advance(ch)
    return total


def draw(fb, font, s, x, y, color=1):
    """Draw s on fb with its cell's top left at (x, y), clipped to fb; return the x after it.

    Only glyph pixels are written (the background shows through), in `color`, a pixel value of
    fb's format. A character the font lacks is drawn as a box one cell wide.
    """
    run = font._run
    at = 0  # the byte of s's UTF-8 the blits start from
    if fb is _bound[0] and run is not None and (color == 1 or color == 0):
        run[5], run[7] = color, len(s)
        chars = s.encode() if _ENCODE else s
        at = _draw_ascii(_bound[1], chars, font._strip[0], run, _bound[2], x, y)
        x = run[6]
        if run[9] == run[7]:
            return x
        # From the first character the font lacks (or one of four UTF-8 bytes), the blits go
        # on: `at` is its first byte.
    scratch, strip, advances, extra, first, ascii_count, width, box_height = font._drawing
    key = 0
    palette = None
    if color != _INK:
        # blit maps each scratch pixel through the palette and then skips the key: ink becomes
        # `color`, background becomes a key that differs from it.
        key = 1 if color == 0 else 0
        palette = font._palette
        if font._palette_color != color:
            palette.pixel(0, 0, key)
            palette.pixel(1, 0, color)
            font._palette_color = color
    held = font._held
    # The characters are read from the UTF-8 bytes: iterating a str makes a str of each
    # character, and on MicroPython each is looked for among the interned names (about 0.1 ms
    # a character on an RP2040 with a game loaded).
    data = s.encode()
    end = len(data)
    while at < end:
        code = data[at]
        at += 1
        if code >= 0x80:  # a lead byte: 110xxxxx, 1110xxxx or 11110xxx, then 10xxxxxx each
            follow = 1 if code < 0xE0 else (2 if code < 0xF0 else 3)
            code &= 0x3F >> follow
            for _ in range(follow):
                code = (code << 6) | (data[at] & 0x3F)
                at += 1
        index = code - first
        if not 0 <= index < ascii_count:
            index = extra.index(code) if code in extra else -1
            if index < 0:
                fb.rect(x, y + 1, width - 1, box_height, color)
                x += width
                continue
            index += ascii_count
        if index:  # glyph 0 is the space (FIRST is 32): nothing to draw
            if index != held:  # the blit overwrites the whole scratch
                scratch.blit(strip, -index * width, 0)
                held = index
            fb.blit(scratch, x, y, key, palette)
        x += advances[index]
    font._held = held
    return x


def number(made, n):
    """str(n), kept in `made` for 0 <= n < 100: a dict a sheet holds at module level, so its
    numbers go when the game's modules do. A sheet draws the same few numbers again and again,
    and on MicroPython every new str is first looked for among the interned names, a search
    through all of them (0.15-0.25 ms on an RP2040 with a game loaded)."""
    text = made.get(n)
    if text is None:
        text = str(n)
        if 0 <= n < _KEPT_NUMBERS:
            made[n] = text
    return text


def fit(font, s, width):
    """s if it fits in width pixels, else its longest prefix that fits with font.ellipsis after.

    Spaces before the ellipsis are dropped; "" if not even the ellipsis fits. Allocates only when
    it truncates.
    """
    if measure(font, s) <= width:
        return s
    room = width - measure(font, font.ellipsis)
    if room < 0:
        return ""
    if font._monospace:
        count = room // font._monospace
    else:
        count = 0
        for ch in s:
            room -= font.advance(ch)
            if room < 0:
                break
            count += 1
    return s[:count].rstrip() + font.ellipsis


def draw_right(fb, font, s, x, y, width, color=1):
    """Draw s right-aligned in the `width` pixels from x, truncated by `fit`; return its end."""
    s = fit(font, s, width)
    return draw(fb, font, s, x + width - measure(font, s), y, color)


def draw_centred(fb, font, s, x, y, width, color=1):
    """Draw s centred in the `width` pixels from x (spare odd pixel on the right), truncated by
    `fit`; return the x after it."""
    s = fit(font, s, width)
    return draw(fb, font, s, x + (width - measure(font, s)) // 2, y, color)
