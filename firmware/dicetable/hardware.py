"""Builds the drivers of a board from its data file (boards/*.py): the only place where pin
numbers become Pin objects. The simulator runs this same code against its fake `machine`.
"""

import machine
import neopixel

from dicetable.drivers.buttons import ButtonScanner, PressClassifier
from dicetable.drivers.leds import LEDMatrix
from dicetable.ui.keys import key_from_name

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
    strip = neopixel.NeoPixel(machine.Pin(matrix["pin"]), count)
    return LEDMatrix(
        strip,
        matrix["width"],
        matrix["height"],
        board["led_budget_ma"],
        matrix.get("layout", "rows"),
        matrix.get("rotation", 0),
    )


def button_names(board):
    """The physical buttons in a fixed order (dicts are unordered on MicroPython)."""
    return sorted(board["buttons"]["pins"])


def build_buttons(board, clock):
    buttons = board["buttons"]
    names = button_names(board)
    index = {}
    for position in range(len(names)):
        index[names[position]] = position
    keymap = [key_from_name(buttons["keys"][name]) for name in names]
    long_map = [(index[name], key_from_name(key)) for name, key in buttons.get("long", {}).items()]
    chords = []
    for (first, second), key in buttons.get("chords", ()):
        chords.append((index[first], index[second], key_from_name(key)))
    classifier = PressClassifier(clock, keymap, long_map, chords)
    Pin = machine.Pin
    # Buttons pull their pin low when pressed (internal pull-ups) unless the board says
    # "active": "high" (buttons to 3V3 with pull-downs, as on the Badger 2040).
    active = buttons.get("active", "low")
    if active not in ("low", "high"):
        raise ValueError("board %r: buttons active %r, not low/high" % (board["name"], active))
    pull = Pin.PULL_DOWN if active == "high" else Pin.PULL_UP
    pins = [Pin(buttons["pins"][name], Pin.IN, pull) for name in names]
    return ButtonScanner(pins, classifier, clock, active == "low")
