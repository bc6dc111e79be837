"""Fake `board`: the pin names of the boards the simulator plays (a Pico's GP0..GP28 and the
MagTag's names, after CircuitPython's pins.c for adafruit_magtag_2.9_grayscale). Each name is a
microcontroller.Pin on the fake machine's line of the same GPIO."""

from microcontroller import Pin

for _n in range(29):
    globals()["GP%d" % _n] = Pin("GP%d" % _n)

_MAGTAG = {
    "EPD_BUSY": 5,
    "EPD_RESET": 6,
    "EPD_DC": 7,
    "EPD_CS": 8,
    "EPD_MOSI": 35,
    "EPD_SCK": 36,
    "EPD_MISO": 37,
    "BUTTON_A": 15,
    "BUTTON_B": 14,
    "BUTTON_C": 12,
    "BUTTON_D": 11,
    "NEOPIXEL": 1,
    "NEOPIXEL_POWER": 21,
    "NEOPIXEL_POWER_INVERTED": 21,
    "LED": 13,
}
_io = {}
for _name, _gpio in _MAGTAG.items():
    if _gpio not in _io:
        _io[_gpio] = Pin("GPIO%d" % _gpio)
    globals()[_name] = _io[_gpio]  # aliases are the same Pin object, as on the device
