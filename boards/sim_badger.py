"""The simulator's Badger 2040: the real build (boards/badger2040.py: 2.9in UC8151 panel, five
front buttons, active high, and an 8x8 matrix on GP0) with the simulator's devices attached to
the same pins, so the same wiring runs in both."""

from boards.badger2040 import BOARD as _BASE

BOARD = dict(_BASE)
BOARD["name"] = "Simulator: Badger 2040 (2.9in UC8151) + 8x8 LEDs"
