"""The simulator's Pico with CircuitPython: boards/pico_circuitpython.py on hostsim's
CircuitPython fakes, the panel model on the same pins."""

from boards.pico_circuitpython import BOARD as _BASE

BOARD = dict(_BASE)
BOARD["name"] = "Simulator: Pico (CircuitPython) + 2.9in SSD1680 + 8x8 LEDs"
