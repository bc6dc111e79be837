"""Builds the drivers of a board from its data file (boards/*.py): the only place where pin
numbers become Pin objects. The simulator runs this same code against its fake `machine`.
"""

from micropython import const
import machine
import neopixel

from dicetable.drivers.button_scanner import ButtonScanner
from dicetable.drivers import press_classifier
from dicetable.drivers import leds

# Reads of each button pin at power-on that must all read pressed (see held_buttons).
_HELD_READS = const(3)
# RP2040 datasheet, WATCHDOG block at 0x40058000: CTRL is its first register and bit 30 is
# ENABLE. Writing a 1 to an address 0x3000 above a register clears that bit (atomic alias).
_WATCHDOG_CTRL_CLEAR = const(0x40058000 | 0x3000)
_WATCHDOG_ENABLE = const(1 << 30)

# Panel "driver" names a board file may use. The SSD1683 speaks the SSD1680's command set, so
# one driver serves both (it picks the glass by size).
_PANEL_DRIVERS = ("ssd1680", "ssd1683", "uc8151")


def _panel_class(name):
    # Imported on demand: a board loads only its own panel driver.
    if name == "uc8151":
        from dicetable.drivers.uc8151 import UC8151

        return UC8151
    from dicetable.drivers.ssd1680 import SSD1680

    return SSD1680


def hold_power(board):
    """Keep a battery-powered board switched on: the Badger 2040's regulator stays on only
    while its power-hold pin is driven high (the board file names the pin, if any)."""
    pin = board.get("power_hold_pin")
    if pin is not None:
        machine.Pin(pin, machine.Pin.OUT, value=1)


def build_display(board, clock):
    """The panel driver; optional panel keys "partials_per_full" and "min_interval_ms" override
    the driver's refresh budget defaults."""
    panel = board["panel"]
    if panel["driver"] not in _PANEL_DRIVERS:
        raise ValueError("board %r: unknown panel driver %r" % (board["name"], panel["driver"]))
    Pin = machine.Pin
    spi = machine.SPI(
        panel["spi"],
        baudrate=panel["baudrate"],
        polarity=0,
        phase=0,
        sck=Pin(panel["sck"]),
        mosi=Pin(panel["mosi"]),
    )
    return _panel_class(panel["driver"])(
        spi,
        Pin(panel["cs"]),
        Pin(panel["dc"]),
        Pin(panel["rst"]),
        Pin(panel["busy"]),
        clock,
        panel["width"],
        panel["height"],
        panel.get("partials_per_full"),
        panel.get("min_interval_ms"),
    )


def build_leds(board):
    matrix = board["matrix"]
    count = matrix["width"] * matrix["height"]
    return leds.for_board(board, neopixel.NeoPixel(machine.Pin(matrix["pin"]), count))


def button_names(board):
    """The physical buttons in a fixed order (dicts are unordered on MicroPython)."""
    return sorted(board["buttons"]["pins"])


def _button_pins(board):
    """The button names in order and their input Pins, pulled to the released level."""
    buttons = board["buttons"]
    Pin = machine.Pin
    # Buttons pull their pin low when pressed (internal pull-ups) unless the board says
    # "active": "high" (buttons to 3V3 with pull-downs, as on the Badger 2040).
    active = buttons.get("active", "low")
    if active not in ("low", "high"):
        raise ValueError("board %r: buttons active %r, not low/high" % (board["name"], active))
    pull = Pin.PULL_DOWN if active == "high" else Pin.PULL_UP
    names = button_names(board)
    return names, [Pin(buttons["pins"][name], Pin.IN, pull) for name in names], active == "low"


def held_buttons(board):
    """Names of the buttons held down right now (at power-on: the boot mode buttons). Each pin
    is read a few times and must read pressed every time, so a pull that is still settling
    after the pin was configured is not taken for a press."""
    names, pins, active_low = _button_pins(board)
    level = 0 if active_low else 1
    held = []
    for index in range(len(pins)):
        if all(pins[index].value() == level for _ in range(_HELD_READS)):
            held.append(names[index])
    return held


def build_buttons(board, clock, flag_class=None):
    """The button task for the board; `flag_class` replaces asyncio.ThreadSafeFlag for pins
    whose IRQ handlers run in the event loop's thread (button_scanner.LoopFlag)."""
    classifier = press_classifier.for_board(board, clock)[1]
    _names, pins, active_low = _button_pins(board)
    # Both edges: a press wakes the scanner, and so does the release of a stuck button.
    trigger = machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING
    return ButtonScanner(
        pins, classifier, clock, active_low, irq_trigger=trigger, flag_class=flag_class
    )


# --- watchdog and reset (RP2040) ----------------------------------------------------------------
def start_watchdog(timeout_ms):
    """Arm the hardware watchdog: it resets the board unless fed within `timeout_ms` (at most
    8388 on the RP2040, whose 24-bit counter counts down twice per microsecond)."""
    return machine.WDT(timeout=timeout_ms)


def dangerous_stop_watchdog():
    """Disarm a running watchdog (MicroPython has no call for it) so that the REPL survives a
    Ctrl-C: without this, mpremote's session would be reset a few seconds in. Writes the
    RP2040's WATCHDOG CTRL register through its atomic clear alias: only for that chip."""
    machine.mem32[_WATCHDOG_CTRL_CLEAR] = _WATCHDOG_ENABLE


def reset_cause_name():
    """Why the board last started: "watchdog", "power-on" or "reset" (the RUN pin, a debugger
    or machine.reset())."""
    cause = machine.reset_cause()
    if cause == machine.WDT_RESET:
        return "watchdog"
    if cause == machine.PWRON_RESET:
        return "power-on"
    return "reset"


def reset():
    machine.reset()


def fresh_interpreter():
    """Start MicroPython again with an empty heap (a soft reset: main.py runs again; pins,
    PIO and timers are released). The watchdog is stopped first, so the new start arms it
    when its first screen is up, as after power-on."""
    dangerous_stop_watchdog()
    machine.soft_reset()


def unique_id():
    """The board's flash chip serial (8 bytes): the device id in the kiosk's results log."""
    return machine.unique_id()
