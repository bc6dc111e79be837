"""`machine` for the Pico bench on a unix build (the 32-bit one, and the 64-bit one of the tests),
staged as lib/machine.mpy: only what building the app as main.py does touches (the button
pins, through dicetable/hardware.py), each object as small as the chip's own. The emulated
RP2040 has its real `machine`, which comes before /lib. The simulator's full stand-in
(hostsim/shims/machine.py) models the wiring, and its pins hold ten times the heap.
"""


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, ident, mode=-1, pull=-1, value=None):
        self._level = 1 if pull == Pin.PULL_UP else 0  # released, for a button's pull

    def init(self, *args, **kwargs):
        pass

    def value(self, level=None):
        if level is None:
            return self._level
        self._level = level
        return None

    def __call__(self, level=None):
        return self.value(level)

    def irq(self, handler=None, trigger=0):
        return None


# What main.py and dicetable/hardware.py touch beyond the buttons, for the device replay on a
# unix build (tools/pico_device.py): as small as the chip's, doing nothing.
PWRON_RESET = 1
WDT_RESET = 3


class SPI:
    def __init__(self, *args, **kwargs):
        pass

    def write(self, data):
        pass

    def deinit(self):
        pass


class WDT:
    def __init__(self, timeout=0):
        pass

    def feed(self):
        pass


def reset_cause():
    return PWRON_RESET


def unique_id():
    return b"\x00\x00\x00\x00\x00\x00\x00\x01"


def reset():
    raise SystemExit("reset")


def soft_reset():
    raise SystemExit("soft reset")
