"""Host stand-in for MicroPython's `neopixel` module: the same class, API and byte layout.

Pixels are given as (r, g, b[, w]) and stored in wire order (green first, then red, blue,
white) in `buf`; `write()` sends `buf` through `machine.bitstream`, where the simulator reads it.
"""

from machine import bitstream

# Wire timings in ns (high for a 0, low for a 0, high for a 1, low for a 1).
_TIMING_800KHZ = (400, 850, 800, 450)
_TIMING_400KHZ = (800, 1700, 1600, 900)
_BITSTREAM_HIGH_LOW = 0  # machine.bitstream encoding 0: the timing tuple above


class NeoPixel:
    ORDER = (1, 0, 2, 3)  # where r, g, b, w go within one pixel's bytes

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        pin.init(pin.OUT)
        if isinstance(timing, int):
            timing = _TIMING_800KHZ if timing else _TIMING_400KHZ
        self.timing = timing

    def __len__(self):
        return self.n

    def __setitem__(self, index, colour):
        base = index * self.bpp
        for channel in range(self.bpp):
            self.buf[base + self.ORDER[channel]] = colour[channel]

    def __getitem__(self, index):
        base = index * self.bpp
        return tuple(self.buf[base + self.ORDER[channel]] for channel in range(self.bpp))

    def fill(self, colour):
        buf, bpp = self.buf, self.bpp
        for channel in range(bpp):
            value = colour[channel]
            for position in range(self.ORDER[channel], len(buf), bpp):
                buf[position] = value

    def write(self):
        bitstream(self.pin, _BITSTREAM_HIGH_LOW, self.timing, self.buf)
