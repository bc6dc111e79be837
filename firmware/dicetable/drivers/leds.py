"""LED matrix output: logical RGB frames to a NeoPixel chain, gamma-corrected and current-capped.

The UI draws a logical frame: a bytearray of width*height*3 bytes, RGB, row-major, origin top
left, values on a perceptual scale (dicetable.ui.dice_leds). `LEDMatrix.show(frame)` maps it to the
chain's pixel order, applies gamma, dimming and the current cap, and calls the pixels' `write()`
only when the bytes differ from the ones last written. Nothing is allocated per frame.

`pixels` is a NeoPixel-like object (MicroPython's `neopixel.NeoPixel` on rp2, the simulator's
fake): only its `buf` (3 bytes per LED, channel order `ORDER`, GRB by default) and `write()` are
used.

Geometry (board data): `width` x `height` is the panel as wired: the data line runs along rows
of `width` LEDs, row 0 first. `layout` 'rows' starts every row at the left, 'serpentine'
runs odd rows right to left. `rotation` (0, 90, 180, 270) is how far the image is turned
clockwise to appear upright as the panel is mounted; for 90 and 270 the logical frame is
height x width (`self.width`, `self.height` give the logical size). A panel whose chain runs
down columns is a row panel turned by 90 or 270.

Current cap, per frame: a WS2812 channel draws about `ma_per_channel` (20 mA) at 255, linearly
with its value, and each LED about `idle_ua` (1 mA) even when dark. Each frame's current is
worked out from its channel values after gamma; only a frame that would exceed `budget_ma` is
scaled down, by the one factor that brings it within the budget. A die's few pips therefore
show at full brightness and an all-white frame is dimmed, and no frame ever draws more than
the budget (scaled values round down; the one unit a lit channel keeps is set aside first).
"""

from micropython import const
from array import array
import framebuf

try:
    from dicetable.loops import channel_sum, place_pixels, scale_table
except (ImportError, ValueError, SyntaxError):
    # No viper here (see dicetable/loops.py): the same sums and copies as Python loops.
    channel_sum = place_pixels = scale_table = None  # type: ignore[assignment]

_MA_PER_CHANNEL = const(20)  # WS2812B datasheet: ~20 mA per colour at full duty
_IDLE_UA = const(1000)  # WS2812B: ~0.5-1 mA per LED for its own logic, lit or not
_FULL = const(255)
_LAYOUTS = ("rows", "serpentine")
_GRB = (1, 0, 2, 3)  # MicroPython NeoPixel.ORDER: WS2812 takes green first

# Perceived level 0..255 -> LED duty 0..255: round(255 * (v / 255) ** 2.5). LEDs are linear
# in duty and eyes are not, so without it the dim die bodies would look washed out.
# tests/portable/drivers/test_leds.py recomputes it from the formula.
_GAMMA = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x02\x02\x02\x02\x02\x02\x02\x02\x03\x03\x03"
    b"\x03\x03\x04\x04\x04\x04\x04\x05\x05\x05\x05\x06\x06\x06\x06\x07\x07\x07\x07\x08\x08\x08"
    b"\x09\x09\x09\x0a\x0a\x0a\x0b\x0b\x0c\x0c\x0c\x0d\x0d\x0e\x0e\x0f\x0f\x0f\x10\x10\x11\x11"
    b"\x12\x12\x13\x13\x14\x14\x15\x16\x16\x17\x17\x18\x19\x19\x1a\x1a\x1b\x1c\x1c\x1d\x1e\x1e"
    b"\x1f\x20\x21\x21\x22\x23\x24\x24\x25\x26\x27\x28\x28\x29\x2a\x2b\x2c\x2d\x2e\x2e\x2f\x30"
    b"\x31\x32\x33\x34\x35\x36\x37\x38\x39\x3a\x3b\x3c\x3d\x3e\x3f\x40\x41\x43\x44\x45\x46\x47"
    b"\x48\x49\x4b\x4c\x4d\x4e\x50\x51\x52\x53\x55\x56\x57\x59\x5a\x5b\x5d\x5e\x5f\x61\x62\x63"
    b"\x65\x66\x68\x69\x6b\x6c\x6e\x6f\x71\x72\x74\x75\x77\x79\x7a\x7c\x7d\x7f\x81\x82\x84\x86"
    b"\x87\x89\x8b\x8d\x8e\x90\x92\x94\x96\x97\x99\x9b\x9d\x9f\xa1\xa3\xa5\xa6\xa8\xaa\xac\xae"
    b"\xb0\xb2\xb4\xb6\xb8\xba\xbd\xbf\xc1\xc3\xc5\xc7\xc9\xcc\xce\xd0\xd2\xd4\xd7\xd9\xdb\xdd"
    b"\xe0\xe2\xe4\xe7\xe9\xeb\xee\xf0\xf3\xf5\xf8\xfa\xfd\xff"
)


class LEDMatrix:
    # Made only where loops.place_pixels cannot load (annotated for the type checker).
    _translated_fb: framebuf.FrameBuffer
    _frame_fb: framebuf.FrameBuffer

    def __init__(
        self,
        pixels,
        width,
        height,
        budget_ma,
        layout="rows",
        rotation=0,
        ma_per_channel=_MA_PER_CHANNEL,
        idle_ua=_IDLE_UA,
    ):
        count = width * height
        if layout not in _LAYOUTS:
            raise ValueError("layout must be 'rows' or 'serpentine', got %r" % (layout,))
        if rotation not in (0, 90, 180, 270):
            raise ValueError("rotation must be 0, 90, 180 or 270, got %r" % (rotation,))
        if getattr(pixels, "bpp", 3) != 3 or len(pixels.buf) != count * 3:
            raise ValueError(
                "a %dx%d matrix needs %d RGB LEDs; pixels has %d bytes"
                % (width, height, count, len(pixels.buf))
            )
        # The sum of channel values (after gamma) a frame may reach within the budget.
        self.channel_budget = (
            (budget_ma * 1000 - count * idle_ua) * _FULL // (ma_per_channel * 1000)
        )
        if self.channel_budget < 3 * count:  # every channel lit at its lowest step must fit
            least_ua = count * idle_ua + _ceil(3 * count * ma_per_channel * 1000, _FULL)
            raise ValueError(
                "LED budget %d mA is too small for %d LEDs (at least %d mA)"
                % (budget_ma, count, _ceil(least_ua, 1000))
            )
        self._pixels = pixels
        self._buf = pixels.buf
        self._count = count
        order = getattr(pixels, "ORDER", _GRB)
        self._red, self._green, self._blue = order[0], order[1], order[2]
        swap = rotation in (90, 270)
        self.width = height if swap else width
        self.height = width if swap else height
        self._ma_per_channel = ma_per_channel
        self._idle_ua = count * idle_ua
        # Byte offset in buf of each logical pixel, worked out once.
        self._offsets = array("H", bytes(2 * count))
        for y in range(self.height):
            for x in range(self.width):
                self._offsets[y * self.width + x] = 3 * _physical(
                    x, y, self.width, self.height, width, rotation, layout == "serpentine"
                )
        self._lut = bytearray(256)  # gamma and dimming
        self._scaled = bytearray(256)  # the same, scaled down for a frame over the budget
        # The channel total and share that _scaled was worked out for (0: none).
        self._scaled_for = self._scaled_share = 0
        self._frame = bytearray(3 * count)  # the logical frame behind the bytes in buf
        self._before = bytearray(3 * count)  # buf before a write: did anything change?
        # framebuf's blit maps each pixel through a palette in C: a GS8 "image" of channel
        # values blitted with a 256-entry table as its palette is the table applied to every
        # byte, with no Python loop per LED. The tables as palettes:
        self._palettes = {
            id(self._lut): framebuf.FrameBuffer(self._lut, 256, 1, framebuf.GS8),
            id(self._scaled): framebuf.FrameBuffer(self._scaled, 256, 1, framebuf.GS8),
        }
        # A chain in logical order (rows, not turned) takes each channel as one strided blit:
        # a 1-pixel-wide column, one row per LED, stride 3. Others map each LED where it sits.
        self._channels = None
        self._translated = None  # the frame through a table for _map, where loops cannot load
        if layout == "rows" and rotation == 0:
            frame_view, buf_view = memoryview(self._frame), memoryview(self._buf)
            self._channels = tuple(
                (
                    framebuf.FrameBuffer(buf_view[order[channel] :], 1, count, framebuf.GS8, 3),
                    framebuf.FrameBuffer(frame_view[channel:], 1, count, framebuf.GS8, 3),
                )
                for channel in range(3)
            )
        elif place_pixels is None:
            # The frame and its translation as GS8 rows, for _convert's one blit.
            self._translated = bytearray(3 * count)
            self._translated_fb = framebuf.FrameBuffer(
                self._translated, 3 * count, 1, framebuf.GS8
            )
            self._frame_fb = framebuf.FrameBuffer(self._frame, 3 * count, 1, framebuf.GS8)
        self._found = array("i", (0, 0))  # channel_sum's lit count and least value
        self._dirty = True  # the LEDs' state is unknown until the first write
        self._written = 0  # channel sum of the last write
        self.set_brightness(_FULL)

    def set_brightness(self, level):
        """Dim everything to level/255 (idle dimming); 0 turns the LEDs off."""
        if not 0 <= level <= _FULL:
            raise ValueError("brightness must be 0..255, got %r" % (level,))
        lut = self._lut
        lut[0] = 0
        for value in range(1, 256):
            # Never let a lit logical pixel round down to dark while anything is lit.
            lut[value] = (_GAMMA[value] * level // _FULL or 1) if level else 0
        self._scaled_for = 0  # the scaled table was worked out from the old levels
        self._dirty = True

    def show(self, frame):
        """Output `frame` if it changes what the LEDs show. Returns True if it wrote."""
        if len(frame) != 3 * self._count:
            raise ValueError("frame must be %d bytes, got %d" % (3 * self._count, len(frame)))
        if not self._dirty and frame == self._frame:
            return False  # same frame, same dimming: same bytes
        self._frame[:] = frame
        buf = self._buf
        self._before[:] = buf
        # The channels' total through the gamma table decides the table: most frames are
        # within the budget, and one over it is scaled down by a table worked out for it.
        table = self._lut
        total = self._total(table)
        if total > self.channel_budget:
            found = self._found
            table = self._scaled_table(total, found[0], found[1])
            total = self._total(table)
        self._place(table)
        changed = self._dirty or buf != self._before
        if changed:
            self._write(total)
        return changed

    def _total(self, table):
        # The sum of the frame's channels through `table`; self._found gets how many of them
        # are lit and the dimmest, when that sum is over the budget.
        found = self._found
        if channel_sum is not None:
            return channel_sum(self._frame, table, len(self._frame), found)
        values = self._convert(table)
        total = sum(values)  # in C; the loop below only for a frame to scale down
        if total > self.channel_budget:
            lit = 0
            least = _FULL
            for value in values:
                if value:
                    lit += 1
                    if value < least:
                        least = value
            found[0] = lit
            found[1] = least
        return total

    def _place(self, table):
        # The frame through `table` into buf, in chain order. Without the loops, _total has
        # just converted it through `table`: a row panel's buf holds it, others map it.
        if channel_sum is None:
            if self._channels is None:
                self._map(self._translated)
        elif self._channels is not None:
            self._convert(table)
        else:
            place_pixels(
                self._buf,
                self._frame,
                table,
                self._offsets,
                self._count,
                self._red,
                self._green,
                self._blue,
            )

    def _convert(self, table):
        # The logical frame through `table`, in chain channel order (a row panel: into buf
        # itself) or in logical order (others: _map places it). Returns the values.
        palette = self._palettes[id(table)]
        channels = self._channels
        if channels is not None:
            for target, source in channels:
                target.blit(source, 0, 0, -1, palette)
            return self._buf
        self._translated_fb.blit(self._frame_fb, 0, 0, -1, palette)
        return self._translated

    def _map(self, values):
        # Chain order for a serpentine or turned panel: each LED's bytes where it sits.
        buf = self._buf
        offsets = self._offsets
        red = self._red
        green = self._green
        blue = self._blue
        source = 0
        for pixel in range(self._count):
            offset = offsets[pixel]
            buf[offset + red] = values[source]
            buf[offset + green] = values[source + 1]
            buf[offset + blue] = values[source + 2]
            source += 3

    def last_current_ma(self):
        """Estimated mA of what the LEDs show now (rounded up, LED logic included)."""
        return self._current_ma(self._written)

    def off(self):
        buf = self._buf
        frame = self._frame
        for i in range(len(buf)):
            buf[i] = 0
            frame[i] = 0
        self._write(0)

    def deinit(self):
        self.off()

    def _scaled_table(self, total, lit, least):
        """The gamma table scaled down for a frame whose channels (after gamma) add up to
        `total`, over the budget: `lit` of them non-zero, the dimmest `least`."""
        budget = self.channel_budget
        # Each lit channel gets floor(value * share / total), but at least 1. When even the
        # dimmest one keeps a step, the shares add up to at most the budget; otherwise a
        # channel may get one unit above its share, so one unit per lit channel is set aside.
        share = budget if least * budget >= total else budget - lit
        scaled = self._scaled
        if self._scaled_for == total and self._scaled_share == share:
            return scaled  # the last frame's table (a die held, a page shown again)
        lut = self._lut
        if scale_table is not None:
            scale_table(scaled, lut, share, total)
        else:
            for value in range(1, 256):
                level = lut[value]
                scaled[value] = (level * share // total or 1) if level else 0
        self._scaled_for, self._scaled_share = total, share
        return scaled

    def _current_ma(self, total):
        # uA = total * ma_per_channel * 1000 / 255, written as * 200 / 51 to stay a small int.
        return _ceil(self._idle_ua + _ceil(total * self._ma_per_channel * 200, 51), 1000)

    def _write(self, total):
        # The only place that talks to the LEDs; `total` is the channel sum of buf.
        self._pixels.write()
        self._dirty = False
        self._written = total


def for_board(board, pixels):
    """The LEDMatrix a board file describes (its "matrix" and "led_budget_ma") on `pixels`."""
    matrix = board["matrix"]
    return LEDMatrix(
        pixels,
        matrix["width"],
        matrix["height"],
        board["led_budget_ma"],
        matrix.get("layout", "rows"),
        matrix.get("rotation", 0),
    )


def _ceil(numerator, denominator):
    return (numerator + denominator - 1) // denominator


def _physical(x, y, width, height, panel_width, rotation, serpentine):
    """Chain index of logical pixel (x, y) in a width x height logical frame."""
    if rotation == 90:
        x, y = height - 1 - y, x
    elif rotation == 180:
        x, y = width - 1 - x, height - 1 - y
    elif rotation == 270:
        x, y = y, width - 1 - x
    if serpentine and y & 1:
        x = panel_width - 1 - x
    return y * panel_width + x
