"""The CircuitPython port: builds the drivers of a board from its data file (boards/*.py with
"runtime": "circuitpython") through `board`, `digitalio`, `busio`, `keypad`, the `neopixel`
library (adafruit-circuitpython-neopixel) and `microcontroller`. The twin of
dicetable/hardware.py; the drivers, the app and everything pure are the same code.

Pins are named as the `board` module names them ("GP18", "EPD_CS", "BUTTON_A"). What differs
from MicroPython, and why it is handled here:
- pins are DigitalInOut objects with a `value` property: _Pin gives the panel drivers the
  machine.Pin calls they make (init, call);
- SPI must be locked before use: the panel is the bus's only device, so it is locked once;
- buttons: keypad.Keys debounces in C and queues events, so KeysScanner feeds the press
  classifier from those events instead of sampling pins from IRQs (CircuitPython has none);
- NeoPixels: the library keeps its own buffer behind item assignment, so _Pixels gives the
  LED driver the `buf` + `write()` it writes to, and copies into the library on write;
- time: supervisor.ticks_ms wraps at 2**29, so the clock's add/diff come from adafruit_ticks;
- a fresh interpreter is supervisor.reload() (code.py runs again on an empty heap).
"""

import board as _pins  # CircuitPython's pin names (the board *data* is board_data.py)
import busio
import digitalio
import keypad
import microcontroller

from dicetable.drivers.button_scanner import ButtonScanner
from dicetable.drivers import press_classifier
from dicetable.drivers import leds

_PANEL_DRIVERS = ("ssd1680", "ssd1683", "uc8151")
# Reads at power-on that must all read pressed (as hardware.held_buttons).
_HELD_READS = 3
# keypad scans every 20 ms: its own debounce. Events kept if the loop is slow.
_KEYPAD_INTERVAL_S = 0.02
_KEYPAD_EVENTS = 16


def pin(name):
    """The microcontroller.Pin a board file names."""
    found = getattr(_pins, name, None)
    if found is None:
        raise ValueError("this board has no pin %r" % (name,))
    return found


class _Pin:
    """machine.Pin's calls the panel drivers make (init(mode, value=), pin(), pin(level)) on
    a DigitalInOut."""

    IN = 0
    OUT = 1

    def __init__(self, name):
        self._io = digitalio.DigitalInOut(pin(name))

    def init(self, mode, value=None):
        if mode == self.OUT:
            self._io.switch_to_output(value=bool(value))
        else:
            self._io.switch_to_input()

    def value(self, level=None):
        if level is None:
            return 1 if self._io.value else 0
        self._io.value = bool(level)
        return None

    __call__ = value


class _SPI:
    """busio.SPI as the panel drivers use it (write only), locked for good: the panel is the
    only device on its bus."""

    def __init__(self, panel):
        spi = busio.SPI(pin(panel["sck"]), MOSI=pin(panel["mosi"]))
        while not spi.try_lock():
            pass
        spi.configure(baudrate=panel["baudrate"], polarity=0, phase=0)
        self._spi = spi
        self.write = spi.write


def _panel_class(name):
    if name == "uc8151":
        from dicetable.drivers.uc8151 import UC8151

        return UC8151
    from dicetable.drivers.ssd1680 import SSD1680

    return SSD1680


def hold_power(board):
    """The power-hold pin of a battery board, driven high for good (see hardware.py)."""
    name = board.get("power_hold_pin")
    if name is not None:
        _Pin(name).init(_Pin.OUT, 1)


def release_displays():
    """CircuitPython drives a board's built-in panel (the MagTag's) itself and holds its pins:
    let go of them so the project's driver can have them."""
    try:
        import displayio
    except ImportError:  # a build without displayio holds no panel
        return
    displayio.release_displays()


def build_display(board, clock):
    panel = board["panel"]
    if panel["driver"] not in _PANEL_DRIVERS:
        raise ValueError("board %r: unknown panel driver %r" % (board["name"], panel["driver"]))
    release_displays()
    return _panel_class(panel["driver"])(
        _SPI(panel),
        _Pin(panel["cs"]),
        _Pin(panel["dc"]),
        _Pin(panel["rst"]),
        _Pin(panel["busy"]),
        clock,
        panel["width"],
        panel["height"],
        panel.get("partials_per_full"),
        panel.get("min_interval_ms"),
    )


class _Pixels:
    """The LED driver's pixel object (`buf` in RGB order, `write()`) on the library's
    NeoPixel: write() copies each LED's colour into it and shows it. The library is told the
    chain's real byte order (the board's "order", GRB by default) and does the reordering."""

    ORDER = (0, 1, 2, 3)

    def __init__(self, strip, count):
        self._strip = strip
        self.buf = bytearray(3 * count)

    def write(self):
        strip, buf = self._strip, self.buf
        for index in range(len(strip)):
            base = 3 * index
            strip[index] = (buf[base], buf[base + 1], buf[base + 2])
        strip.show()


def neopixel_module():
    # Imported when the LEDs are built: the library is a file in /lib, not a built-in.
    import neopixel

    return neopixel


def build_leds(board):
    """The LED driver for the board's chain. A board whose chain is shorter than its logical
    matrix ("strip": the MagTag's four) gets a LEDStrip, which shows each band's colour."""
    matrix = board["matrix"]
    strip = matrix.get("strip")
    count = strip if strip else matrix["width"] * matrix["height"]
    neopixel = neopixel_module()
    chain = neopixel.NeoPixel(
        pin(matrix["pin"]),
        count,
        brightness=1.0,  # the LED driver does gamma, dimming and the current cap
        auto_write=False,
        pixel_order=matrix.get("order", "GRB"),
    )
    pixels = _Pixels(chain, count)
    if strip:
        from dicetable.drivers.led_strip import LEDStrip

        return LEDStrip(
            leds.LEDMatrix(pixels, strip, 1, board["led_budget_ma"]),
            matrix["width"],
            matrix["height"],
        )
    return leds.for_board(board, pixels)


def button_names(board):
    return sorted(board["buttons"]["pins"])


def _active_high(board):
    active = board["buttons"].get("active", "low")
    if active not in ("low", "high"):
        raise ValueError("board %r: buttons active %r, not low/high" % (board["name"], active))
    return active == "high"


def held_buttons(board):
    """Names of the buttons held down now (at power-on), each read pressed every time."""
    high = _active_high(board)
    pull = digitalio.Pull.DOWN if high else digitalio.Pull.UP
    held = []
    for name in button_names(board):
        io = digitalio.DigitalInOut(pin(board["buttons"]["pins"][name]))
        io.switch_to_input(pull=pull)
        if all(io.value == high for _ in range(_HELD_READS)):
            held.append(name)
        io.deinit()  # keypad takes the pins next
    return held


class KeysScanner(ButtonScanner):
    """ButtonScanner fed by keypad.Keys: `read()` takes keypad's queued (already debounced)
    events into the pressed bits the classifier wants, so long presses, chords, repeats and
    the event queue are the same code as on MicroPython. No IRQs: it samples every 5 ms."""

    def __init__(self, keys, classifier, clock):
        super().__init__([None] * classifier.count, classifier, clock)
        self._keys = keys
        self._event = keypad.Event()
        self._down = 0

    def read(self):
        event = self._event
        get_into = self._keys.events.get_into
        down = self._down
        while get_into(event):  # no allocation per event
            bit = 1 << event.key_number
            down = down | bit if event.pressed else down & ~bit
        self._down = down
        return down

    def deinit(self):
        super().deinit()
        self._keys.deinit()


def build_buttons(board, clock, flag_class=None):
    """The button task for the board (`flag_class` is accepted for hardware.py's signature;
    keypad needs no flag)."""
    buttons = board["buttons"]
    names, classifier = press_classifier.for_board(board, clock)
    keys = keypad.Keys(
        [pin(buttons["pins"][name]) for name in names],
        value_when_pressed=_active_high(board),
        pull=True,
        interval=_KEYPAD_INTERVAL_S,
        max_events=_KEYPAD_EVENTS,
    )
    return KeysScanner(keys, classifier, clock)


# --- clock, watchdog, reset, identity -----------------------------------------------------------
class Clock:
    """drivers/clock.py's interface on CircuitPython's clock (supervisor.ticks_ms, which wraps
    at 2**29; adafruit_ticks adds and compares with that period)."""

    def __init__(self):
        import adafruit_ticks
        import asyncio

        self.ticks_ms = adafruit_ticks.ticks_ms
        self.ticks_add = adafruit_ticks.ticks_add
        self.ticks_diff = adafruit_ticks.ticks_diff
        # CircuitPython's asyncio (the library) has MicroPython's sleep_ms; CPython's has not.
        self.sleep_ms = asyncio.sleep_ms  # type: ignore[attr-defined]


class _NoWatchdog:
    def feed(self):
        pass


def start_watchdog(timeout_ms):
    """Arm microcontroller.watchdog in reset mode; it is fed with feed() like machine.WDT. A
    build without a watchdog (microcontroller.watchdog is None) runs without one."""
    from watchdog import WatchDogMode

    dog = microcontroller.watchdog
    if dog is None:
        return _NoWatchdog()
    dog.timeout = timeout_ms / 1000
    dog.mode = WatchDogMode.RESET
    return dog


def dangerous_stop_watchdog():
    """Disarm the watchdog (mode None: CircuitPython has a call for it, MicroPython does not)
    so the REPL survives a Ctrl-C."""
    dog = microcontroller.watchdog
    if dog is not None:
        dog.mode = None


def reset_cause_name():
    reason = microcontroller.cpu.reset_reason
    names = microcontroller.ResetReason
    if reason == names.WATCHDOG:
        return "watchdog"
    if reason == names.POWER_ON:
        return "power-on"
    return "reset"


def reset():
    microcontroller.reset()


def fresh_interpreter():
    """Run code.py again on an empty heap (the soft reset of hardware.py)."""
    import supervisor

    dangerous_stop_watchdog()
    supervisor.reload()


def unique_id():
    """The chip's unique id: the device id in the kiosk's results log."""
    return bytes(microcontroller.cpu.uid)
