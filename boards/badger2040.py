"""Pimoroni Badger 2040 (RP2040, 2.9" UC8151 e-ink, five buttons) + an external 8x8 WS2812
matrix on a free pin.

Pins on the board itself (panel, buttons, the 3V3 hold line) are Pimoroni's; the matrix data
line goes to GP0, broken out on the rear pads (labelled TX). Its buttons are active high with
pull-downs. A, B and C along the bottom work like a 3-button board's PREV, OK and NEXT (BACK:
hold B, or press A and C together), with UP and DOWN on the side. Wiring table: docs/wiring.md.
"""

BOARD: dict = {
    "name": "Badger 2040 + 8x8 LEDs",
    "panel": {
        "driver": "uc8151",
        "width": 296,
        "height": 128,
        # SPI0 at 12 MHz, as published Badger 2040 drivers run it; the panel is on the board.
        "spi": 0,
        "baudrate": 12_000_000,
        "sck": 18,
        "mosi": 19,
        "cs": 17,
        "dc": 20,
        "rst": 21,
        "busy": 26,
    },
    # A rigid 8x8 board: its chain runs left to right along every row.
    "matrix": {"pin": 0, "width": 8, "height": 8, "layout": "rows", "rotation": 0},
    # Buttons connect the pin to 3V3: pull-downs, pressed reads high.
    "buttons": {
        "active": "high",
        "pins": {"A": 12, "B": 13, "C": 14, "UP": 15, "DOWN": 11},
        "keys": {"A": "LEFT", "B": "OK", "C": "RIGHT", "UP": "UP", "DOWN": "DOWN"},
        "long": {"B": "BACK"},
        "chords": [(("A", "C"), "BACK")],
        # Held at power-on (docs/device.md): UP leaves the REPL free for mpremote, DOWN starts
        # in safe mode. They sit at the panel's side, away from A, B and C under the thumbs of
        # someone holding the badge, so neither is held by accident while switching on.
        "boot_hold": "UP",
        "boot_safe": "DOWN",
    },
    # On battery the board stays powered only while GP10 (EN_3V3) is driven high; on USB it
    # does not matter. Board data only: the hardware layer has to drive it at start-up.
    "power_hold_pin": 10,
    # Idle policy (docs/device.md): on battery the LEDs dim after 30 s and go off after 2 min
    # (defaults 1 and 5 min): lit, the matrix draws far more than the badge itself.
    "idle": {"dim_ms": 30_000, "off_ms": 120_000},
    # Milliamps the LEDs may draw, the dark LEDs' 64 mA included. The matrix takes 5 V from the
    # same USB supply as the badge (a 500 mA port): ~50 mA for the badge, and 100 mA held back
    # (50 more than the Pico build) because the 5 V reaches the matrix through a splitter lead
    # shared with the badge, and its voltage drop grows with the current. The driver scales
    # any frame that would draw more.
    "led_budget_ma": 350,
    # A game of another title starts in a fresh interpreter (app.py): the 242 KB heap holds
    # one title's code with a third to spare, not the names every title leaves behind.
    "fresh_start": True,
}
