"""A short LED chain (the MagTag's four NeoPixels) standing in for the logical LED matrix.

The app and the games draw the same W x H logical frame as on a matrix board (the dice are on
the panel's sheet as well); LEDStrip cuts that frame into as many vertical bands as the strip
has LEDs and lights each LED with its band's commonest lit colour: a die's body, not its pips
(fewer), so the strip shows the roll's and the turn's colours. The reduced frame then goes
through an ordinary LEDMatrix (gamma, dimming, current cap, write only on change).
"""


class LEDStrip:
    def __init__(self, matrix, width, height):
        # `matrix`: an LEDMatrix of n x 1 (the chain); width, height: the logical frame.
        if matrix.height != 1 or matrix.width > width:
            raise ValueError("a strip of %d LEDs cannot show %d columns" % (matrix.width, width))
        self._matrix = matrix
        self.width = width
        self.height = height
        self._small = bytearray(3 * matrix.width)
        self._counts = {}

    def show(self, frame):
        """Reduce `frame` (width x height, RGB) to the strip and show it; True if it wrote."""
        if len(frame) != 3 * self.width * self.height:
            raise ValueError("frame must be %d bytes" % (3 * self.width * self.height))
        small, counts, width = self._small, self._counts, self.width
        bands = self._matrix.width
        for band in range(bands):
            counts.clear()
            best, most = 0, 0
            first, last = band * width // bands, (band + 1) * width // bands
            for y in range(self.height):
                base = 3 * (y * width + first)
                for _x in range(first, last):
                    colour = (frame[base] << 16) | (frame[base + 1] << 8) | frame[base + 2]
                    base += 3
                    if colour:
                        seen = counts.get(colour, 0) + 1
                        counts[colour] = seen
                        # Ties go to the colour seen first (top left): stable from frame to frame.
                        if seen > most:
                            best, most = colour, seen
            small[3 * band] = best >> 16
            small[3 * band + 1] = (best >> 8) & 0xFF
            small[3 * band + 2] = best & 0xFF
        return self._matrix.show(small)

    def set_brightness(self, level):
        self._matrix.set_brightness(level)

    def off(self):
        self._matrix.off()

    def deinit(self):
        self._matrix.deinit()

    def last_current_ma(self):
        return self._matrix.last_current_ma()
