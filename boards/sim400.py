"""The simulator's kiosk board: the same Pico wiring with a 4.2in 400x300 SSD1683 panel (same
command set, driven by the SSD1680 driver) and a 16x16 matrix on a bigger supply."""

from boards.sim296 import BOARD as _BASE

BOARD = dict(_BASE)
BOARD["name"] = "Simulator: Pico + 4.2in SSD1683 + 16x16 LEDs"
BOARD["panel"] = dict(_BASE["panel"], width=400, height=300)
BOARD["matrix"] = dict(_BASE["matrix"], width=16, height=16)
# A kiosk runs from a 2 A supply: 1.5 A for 256 LEDs.
BOARD["led_budget_ma"] = 1500
