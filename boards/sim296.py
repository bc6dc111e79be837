"""The simulator's board: a Pico with a 2.9" SSD1680 panel, five buttons and an 8x8 matrix.

Pin numbers match the real "Pico + SSD1680 2.9in" build so the same wiring works in both;
the simulator attaches its panel model and button levels to these pins.
"""

BOARD: dict = {
    "name": "Simulator: Pico + 2.9in SSD1680 + 8x8 LEDs",
    "panel": {
        "driver": "ssd1680",
        "width": 296,
        "height": 128,
        # SPI0 at 10 MHz: well inside the SSD1680's 20 MHz write clock.
        "spi": 0,
        "baudrate": 10_000_000,
        "sck": 18,
        "mosi": 19,
        "cs": 17,
        "dc": 20,
        "rst": 21,
        "busy": 22,
    },
    "matrix": {"pin": 16, "width": 8, "height": 8, "layout": "serpentine", "rotation": 0},
    # Physical buttons (active low, internal pull-ups) and the logical key each one gives.
    "buttons": {
        "pins": {"UP": 2, "DOWN": 3, "LEFT": 4, "RIGHT": 5, "OK": 6, "BACK": 7},
        "keys": {
            "UP": "UP",
            "DOWN": "DOWN",
            "LEFT": "LEFT",
            "RIGHT": "RIGHT",
            "OK": "OK",
            "BACK": "BACK",
        },
        "long": {},
        "chords": [],
        # As on the real Pico build: UP held at power-on leaves the REPL free, DOWN starts in
        # safe mode; nothing needs the arrows at power-on (docs/device.md).
        "boot_hold": "UP",
        "boot_safe": "DOWN",
    },
    # Milliamps the LEDs may draw: a 500 mA USB port less ~100 mA for the Pico and panel.
    "led_budget_ma": 400,
    # A game of another title starts in a fresh interpreter (app.py): the 242 KB heap holds
    # one title's code with a third to spare, not the names every title leaves behind.
    "fresh_start": True,
}
