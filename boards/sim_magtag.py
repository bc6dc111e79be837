"""The simulator's MagTag: the real board file (boards/magtag.py) run through the CircuitPython
port on hostsim's CircuitPython fakes, the panel model on the same pins."""

from boards.magtag import BOARD as _BASE

BOARD = dict(_BASE)
BOARD["name"] = "Simulator: Adafruit MagTag (CircuitPython)"
