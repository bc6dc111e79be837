"""Adafruit MagTag (ESP32-S2, CircuitPython): 2.9" 296x128 e-ink, four buttons, four NeoPixels.

Pin names are CircuitPython's `board` names for this board (its pins.c in the CircuitPython
source, ports/espressif/boards/adafruit_magtag_2.9_grayscale). The panel: the 2025 MagTag's
SSD1680 glass (the original MagTag has an IL0373, which this board file does not drive).
CircuitPython starts its own display on these pins; the port releases it first.

The dice show on the panel (every sheet prints the roll); the four NeoPixels under the glass
show the LED view cut into four bands (drivers/led_strip.py): the roll's and turn's colours.
"""

BOARD: dict = {
    "name": "Adafruit MagTag (2.9in SSD1680, 4 NeoPixels)",
    "runtime": "circuitpython",
    "panel": {
        "driver": "ssd1680",
        "width": 296,
        "height": 128,
        "spi": 0,  # unused on CircuitPython: the bus is found from its pins
        "baudrate": 10_000_000,
        "sck": "EPD_SCK",
        "mosi": "EPD_MOSI",
        "cs": "EPD_CS",
        "dc": "EPD_DC",
        "rst": "EPD_RESET",
        "busy": "EPD_BUSY",
    },
    # The app draws an 8x8 logical frame (the dice views need 4x4 or more); the chain is the
    # four NeoPixels in a row along the top edge, reduced band by band.
    "matrix": {"pin": "NEOPIXEL", "width": 8, "height": 8, "strip": 4, "order": "GRB"},
    # A, B, C, D along the bottom edge, left to right, close to GND.
    "buttons": {
        "active": "low",
        "pins": {"A": "BUTTON_A", "B": "BUTTON_B", "C": "BUTTON_C", "D": "BUTTON_D"},
        "keys": {"A": "LEFT", "B": "OK", "C": "RIGHT", "D": "BACK"},
        "long": {},
        "chords": [],
        # Held at power-on: A skips the app (the REPL is free), C starts in safe mode, D
        # leaves the drive to the computer (boot.py) so files can be copied onto it.
        "boot_hold": "A",
        "boot_safe": "C",
        "boot_usb": "D",
    },
    # Four LEDs on a board powered from USB or a small LiPo: 80 mA keeps them well short of
    # what the battery's charger and the board's regulator share (4 mA of it for their logic).
    "led_budget_ma": 80,
    # CircuitPython's heap on the ESP32-S2 (2 MB PSRAM) holds every title; still, a game of
    # another title starts in a fresh interpreter (supervisor.reload), as on the Pico.
    "fresh_start": True,
}
