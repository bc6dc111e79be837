"""`neopixel` for the Pico bench on a unix build, staged as lib/neopixel.mpy beside
tools/pico_machine.py: dicetable/hardware.py imports it, and the bench's LED strip is its own
stand-in (pico_fakes). The emulated RP2040 has its frozen `neopixel` before /lib."""


class NeoPixel:
    ORDER = (1, 0, 2, 3)
    bpp = 3

    def __init__(self, pin, count):
        self.buf = bytearray(3 * count)

    def write(self):
        pass
