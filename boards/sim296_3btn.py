"""The simulator with the smallest button set: PREV, OK, NEXT (BACK = long OK or PREV+NEXT)."""

from boards.sim296 import BOARD as _BASE

BOARD = dict(_BASE)
BOARD["name"] = "Simulator: 3 buttons, 2.9in SSD1680, 8x8 LEDs"
BOARD["buttons"] = {
    "pins": {"PREV": 2, "OK": 6, "NEXT": 3},
    "keys": {"PREV": "LEFT", "OK": "OK", "NEXT": "RIGHT"},
    "long": {"OK": "BACK"},
    "chords": [(("PREV", "NEXT"), "BACK")],
    # The outer buttons at power-on: PREV leaves the REPL free, NEXT starts in safe mode. OK is
    # left alone: it is what a person presses to see whether the table is on.
    "boot_hold": "PREV",
    "boot_safe": "NEXT",
}
