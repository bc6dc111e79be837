"""The device's app with nothing wired to it, for the Pico bench's probe (tools/pico_probe.py,
which times whole games driven by the simulator's autopilot and records their keys; the heap of
the same games is weighed by the device's own main.py, tools/pico_device.py).

The app is the device's own: `App`, its shell, the real SSD1680 driver on the board's pins
(nothing wired to them) and a bus that accepts everything at once, the real LED driver on a
strip whose write() costs nothing (the wire time is not CPU), the real journal on the flash
file system, the kiosk built (mode off), and an instant clock (a sleep only yields).
"""

import asyncio
import time

from pico_keys import seeds


class _Pin:
    IN = 0
    OUT = 1

    def __init__(self, level=0):
        self._level = level

    def init(self, *args, **kwargs):
        pass

    def __call__(self, level=None):
        if level is None:
            return self._level
        return None

    def value(self, level=None):
        return self.__call__(level)


class Bus:
    """The panel's SPI bus: every write taken at once (wire time is not CPU)."""

    def write(self, payload):
        pass


class _Strip:
    """The LED strip: NeoPixel's buffer and order, and a write that costs nothing."""

    ORDER = (1, 0, 2, 3)
    bpp = 3

    def __init__(self, count):
        self.buf = bytearray(3 * count)

    def write(self):
        pass


class _Clock:
    """time's ticks, with sleeps that only yield: CPU time is what is measured."""

    ticks_ms = staticmethod(time.ticks_ms)
    ticks_add = staticmethod(time.ticks_add)
    ticks_diff = staticmethod(time.ticks_diff)

    async def sleep_ms(self, ms):
        await asyncio.sleep_ms(0)


class _Buttons:
    """Buttons that are never pressed: the probe hands the keys to the shell itself."""

    def start(self):
        pass

    def deinit(self):
        pass

    def check(self):
        pass

    def get_nowait(self):
        return None

    def pending(self):
        return False


def _load_board(name):
    module = __import__("boards." + name, None, None, ("BOARD",))
    return module.BOARD


def _panel_pins(panel):
    """CS, DC, RST and BUSY: the board's own pins where the chip has them (the emulated
    RP2040, where nothing is wired to them: a machine.Pin call then costs the C call it costs
    on the device, 5 us a call, where a Python stand-in takes 30), else stand-ins (the 32-bit
    unix build has no GPIO). BUSY is pulled low: the SSD1680 is never busy here."""
    try:
        from machine import Pin
    except ImportError:
        return _Pin(1), _Pin(), _Pin(1), _Pin(0)
    return (
        Pin(panel["cs"], Pin.OUT, value=1),
        Pin(panel["dc"], Pin.OUT, value=0),
        Pin(panel["rst"], Pin.OUT, value=1),
        Pin(panel["busy"], Pin.IN, Pin.PULL_DOWN),
    )


def _drivers(board, clock):
    """The real panel and LED drivers on stand-in wires: (display, leds)."""
    from dicetable.drivers import leds as led_driver
    from dicetable.drivers.ssd1680 import SSD1680

    panel = board["panel"]
    cs, dc, rst, busy = _panel_pins(panel)
    display = SSD1680(
        Bus(),
        cs,
        dc,
        rst,
        busy,
        clock,
        panel["width"],
        panel["height"],
        panel.get("partials_per_full"),
        panel.get("min_interval_ms"),
    )
    matrix = board["matrix"]
    return display, led_driver.for_board(board, _Strip(matrix["width"] * matrix["height"]))


def build_bare_app(board_name, data_dir):
    """The probe's app: the one firmware/main.py builds, without the boot layer and with
    buttons that never press (about 25 KB and 180 interned names less than a device holds; the
    probe's own 7.4 KB and the autopilot's take part of that room). The probe times presses;
    the heap is weighed by the device's own main.py (pico_device.py)."""
    from dicetable.app import App
    from dicetable.drivers.storage import Store
    from dicetable.kiosk.standby import for_board as kiosk_for_board

    board = _load_board(board_name)
    clock = _Clock()
    display, leds = _drivers(board, clock)
    store = Store(data_dir)
    kiosk = kiosk_for_board(board, store, clock, b"pico-probe", None)
    return App(board, display, leds, _Buttons(), store, clock, seeds(), kiosk=kiosk)


def clear(folder):
    """An empty `folder` for the journal (made if missing)."""
    import os

    try:
        names = os.listdir(folder)
    except OSError:
        os.mkdir(folder)
        return
    for name in names:
        os.remove(folder + "/" + name)
