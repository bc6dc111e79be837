"""The simulator's kiosk board: a Pico with a 4.2in 400x300 SSD1683 panel and a 16x16 matrix."""

BOARD = {
    "name": "Simulator: Pico + 4.2in SSD1683 + 16x16 LEDs",
    "panel": {
        "driver": "ssd1680",
        "width": 400,
        "height": 300,
        "spi": 0,
        "baudrate": 10_000_000,
        "sck": 18,
        "mosi": 19,
        "cs": 17,
        "dc": 20,
        "rst": 21,
        "busy": 22,
    },
    "matrix": {"pin": 16, "width": 16, "height": 16, "layout": "serpentine", "rotation": 0},
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
    },
    # A kiosk runs from a 2 A supply: 1.5 A for 256 LEDs.
    "led_budget_ma": 1500,
}
