"""Builds the drivers of a board from its data file (boards/*.py): the only place where pin
numbers become Pin objects. The simulator runs this same code against its fake `machine`.
"""

import machine
import neopixel

from dicetable.drivers.buttons import ButtonScanner, PressClassifier
from dicetable.drivers.leds import LEDMatrix
from dicetable.drivers.ssd1680 import SSD1680
from dicetable.ui.keys import key_from_name

_PANEL_DRIVERS = ("ssd1680",)


def build_display(board, clock):
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
    return SSD1680(
        spi,
        Pin(panel["cs"]),
        Pin(panel["dc"]),
        Pin(panel["rst"]),
        Pin(panel["busy"]),
        clock,
        panel["width"],
        panel["height"],
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
    pins = [Pin(buttons["pins"][name], Pin.IN, Pin.PULL_UP) for name in names]
    return ButtonScanner(pins, classifier, clock)
