"""Raspberry Pi Pico flashed with CircuitPython: the pico_ssd1680 build's wiring (2.9" SSD1680,
five buttons, 8x8 matrix on GP16), with CircuitPython's pin names. Wiring: docs/wiring.md."""

from boards.pico_ssd1680 import BOARD as _BASE

BOARD = dict(_BASE)
BOARD["name"] = "Pico (CircuitPython) + 2.9in SSD1680 + 8x8 LEDs"
BOARD["runtime"] = "circuitpython"
BOARD["panel"] = dict(
    _BASE["panel"],
    sck="GP18",
    mosi="GP19",
    cs="GP17",
    dc="GP20",
    rst="GP21",
    busy="GP22",
)
BOARD["matrix"] = dict(_BASE["matrix"], pin="GP16")
BOARD["buttons"] = dict(
    _BASE["buttons"],
    pins={"UP": "GP2", "DOWN": "GP3", "LEFT": "GP4", "RIGHT": "GP5", "OK": "GP6"},
    # OK held at power-on leaves the drive to the computer (boot.py); UP and DOWN as before.
    boot_usb="OK",
)
