"""The LED matrix's sign for "the e-ink panel does not answer": the outline of a panel across
the middle of the matrix, in red, blinking once a second.

With the panel dead, the LEDs are the only way the device can say anything (docs/device.md).
No game view looks like it: dice are filled squares and pips, the animations move. It is
drawn once into a logical RGB frame (drivers/leds.py's format, any matrix size); LEDMatrix
does gamma and the current cap, and writes only when the frame changes: twice a second.
"""

from micropython import const

_BLINK_MS = const(500)  # lit, then dark, this long each
_RED = const(255)  # perceptual level; LEDMatrix scales a frame down to the board's budget
_FULL_BRIGHTNESS = const(255)  # the idle policy may have dimmed the LEDs


def draw_panel(frame, width, height):
    """A red rectangle outline across the whole width, a quarter of the height in from the top
    and bottom (8x8: rows 2 to 5), into the logical RGB `frame`; everything else dark."""
    for index in range(len(frame)):
        frame[index] = 0
    top, bottom = height // 4, height - 1 - height // 4
    for y in range(top, bottom + 1):
        for x in range(width):
            if y == top or y == bottom or x == 0 or x == width - 1:
                frame[(y * width + x) * 3] = _RED
    return frame


class FaultSign:
    """`leds`: an LEDMatrix (width, height, set_brightness, show). `show(now)` shows the sign
    lit or dark by the ticks `now`; `dark()` switches it off. A failing LED chain only stops
    the sign: nothing here raises after construction."""

    def __init__(self, leds):
        self._leds = leds
        self._lit = draw_panel(bytearray(leds.width * leds.height * 3), leds.width, leds.height)
        self._dark = bytearray(len(self._lit))
        leds.set_brightness(_FULL_BRIGHTNESS)

    def show(self, now):
        self._write(self._lit if (now // _BLINK_MS) & 1 == 0 else self._dark)

    def dark(self):
        self._write(self._dark)

    def _write(self, frame):
        if self._leds is None:
            return
        try:
            self._leds.show(frame)
        except Exception:  # the LEDs were only ever a courtesy
            self._leds = None
