"""LED matrix output: logical RGB frames to a NeoPixel chain, gamma-corrected and current-capped.

The UI draws a logical frame: a bytearray of width*height*3 bytes, RGB, row-major, origin top
left, values on a perceptual scale (dicetable.ui.dice_leds). `LEDMatrix.show(frame)` maps it to the
chain's pixel order, applies gamma and the brightness cap, and calls the pixels' `write()` only
when the bytes differ from the ones last written. Nothing is allocated per frame.

`pixels` is a NeoPixel-like object (micropython-lib `neopixel.NeoPixel`, the simulator's fake):
only its `buf` (3 bytes per LED, channel order `ORDER`, GRB by default) and `write()` are used.

Geometry (board data): `width` x `height` is the panel as wired: the data line runs along rows
of `width` LEDs, row 0 first. `layout` 'rows' starts every row at the left, 'serpentine'
runs odd rows right to left. `rotation` (0, 90, 180, 270) is how far the image is turned
clockwise to appear upright as the panel is mounted; for 90 and 270 the logical frame is
height x width (`self.width`, `self.height` give the logical size).

Current cap: a WS2812 channel draws about `ma_per_channel` (20 mA) at 255 and each LED about
`idle_ua` (1 mA) even when dark. The scale is chosen so that an all-white frame at 255 stays
within `budget_ma` (the board's current available for the LEDs); every other frame draws less.
"""

from micropython import const
from array import array

_MA_PER_CHANNEL = const(20)  # WS2812B datasheet: ~20 mA per colour at full duty
_IDLE_UA = const(1000)  # WS2812B: ~0.5-1 mA per LED for its own logic, lit or not
_FULL = const(255)
_LAYOUTS = ("rows", "serpentine")
_GRB = (1, 0, 2, 3)  # micropython-lib NeoPixel.ORDER: WS2812 takes green first


def _isqrt(value):
    root = value
    while root * root > value:
        root = (root + value // root) // 2
    return root


def _gamma(value):
    """Perceived 0..255 -> LED duty 0..255 for gamma 2.5, in integers (v**2 * sqrt(v))."""
    return (value * value * _isqrt(value * _FULL) + 32512) // 65025


class LEDMatrix:
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
        avail_ua = budget_ma * 1000 - count * idle_ua
        if avail_ua < 0:
            raise ValueError(
                "LED budget %d mA is below the %d mA that %d dark LEDs draw"
                % (budget_ma, count * idle_ua // 1000, count)
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
        self._idle_ma = count * idle_ua // 1000
        # Top value a channel may take so that count*3 channels at it fit the budget.
        self.cap = min(_FULL, avail_ua * _FULL // (count * 3 * ma_per_channel * 1000))
        # Byte offset in buf of each logical pixel, worked out once.
        self._offsets = array("H", bytes(2 * count))
        for y in range(self.height):
            for x in range(self.width):
                self._offsets[y * self.width + x] = 3 * _physical(
                    x, y, self.width, self.height, width, rotation, layout == "serpentine"
                )
        self._gamma = bytes(_gamma(value) for value in range(256))
        self._lut = bytearray(256)  # gamma, cap and brightness in one table
        self._dirty = True  # the LEDs' state is unknown until the first write
        self._colour_ma = 0
        self.set_brightness(_FULL)

    def set_brightness(self, level):
        """Dim everything to level/255 of the cap (idle dimming); 0 turns the LEDs off."""
        if not 0 <= level <= _FULL:
            raise ValueError("brightness must be 0..255, got %r" % (level,))
        top = self.cap * level // _FULL
        gamma = self._gamma
        lut = self._lut
        lut[0] = 0
        for value in range(1, 256):
            # Never let a lit logical pixel round down to dark while anything is lit.
            lut[value] = max(1, gamma[value] * top // _FULL) if top else 0
        self._dirty = True

    def show(self, frame):
        """Output `frame` if it changes what the LEDs show. Returns True if it wrote."""
        if len(frame) != 3 * self._count:
            raise ValueError("frame must be %d bytes, got %d" % (3 * self._count, len(frame)))
        buf = self._buf
        lut = self._lut
        offsets = self._offsets
        red = self._red
        green = self._green
        blue = self._blue
        changed = self._dirty
        source = 0
        for pixel in range(self._count):
            offset = offsets[pixel]
            value = lut[frame[source]]
            if buf[offset + red] != value:
                buf[offset + red] = value
                changed = True
            value = lut[frame[source + 1]]
            if buf[offset + green] != value:
                buf[offset + green] = value
                changed = True
            value = lut[frame[source + 2]]
            if buf[offset + blue] != value:
                buf[offset + blue] = value
                changed = True
            source += 3
        if changed:
            self._write()
        return changed

    def off(self):
        buf = self._buf
        for i in range(len(buf)):
            buf[i] = 0
        self._write()

    def last_current_ma(self):
        """Estimated current of the last frame written, in mA (LED logic included)."""
        return self._idle_ma + self._colour_ma

    def deinit(self):
        self.off()

    def _write(self):
        # The only place that talks to the LEDs.
        self._pixels.write()
        self._dirty = False
        self._colour_ma = sum(self._buf) * self._ma_per_channel // _FULL


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
