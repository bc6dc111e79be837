"""The simulator's Badger 2040: Pimoroni's RP2040 badge with a 2.9in UC8151 panel (296x128)
and five front buttons, plus an 8x8 LED matrix on a pin the badge leaves free.

Pin numbers are the real build's (boards/badger2040.py), so the same wiring runs in both. The
front buttons connect their pins to 3V3 and the board pulls them down: pressed reads 1
("active": "high"); the simulator drives them high. The USER/BOOT button on the back (GPIO 23)
is active low, so it is left out.
"""

BOARD: dict = {
    "name": "Simulator: Badger 2040 (2.9in UC8151) + 8x8 LEDs",
    "panel": {
        "driver": "uc8151",
        "width": 296,
        "height": 128,
        # SPI0 at 12 MHz, as the real build runs it.
        "spi": 0,
        "baudrate": 12_000_000,
        "sck": 18,
        "mosi": 19,
        "cs": 17,
        "dc": 20,
        "rst": 21,
        "busy": 26,
        # Refresh budget: the UC8151 driver's defaults (12 partials, 500 ms) unless set here,
        # e.g. "partials_per_full": 8, "min_interval_ms": 1000.
    },
    # GP0, broken out on the badge's rear pads, as in the real build.
    "matrix": {"pin": 0, "width": 8, "height": 8, "layout": "rows", "rotation": 0},
    # A, B, C sit under the panel left to right, UP and DOWN at its side. B is OK and A/C
    # step left/right; BACK is a long press of B or A+C together (as on 3-button boards).
    "buttons": {
        "active": "high",
        "pins": {"A": 12, "B": 13, "C": 14, "UP": 15, "DOWN": 11},
        "keys": {"A": "LEFT", "B": "OK", "C": "RIGHT", "UP": "UP", "DOWN": "DOWN"},
        "long": {"B": "BACK"},
        "chords": [(("A", "C"), "BACK")],
        # As on the real badge: UP held at power-on leaves the REPL free, DOWN starts in safe
        # mode (side buttons, away from the thumbs on A, B, C; docs/device.md).
        "boot_hold": "UP",
        "boot_safe": "DOWN",
    },
    # Idle policy as on the real badge, which may run on battery: dim at 30 s, off at 2 min.
    "idle": {"dim_ms": 30_000, "off_ms": 120_000},
    # Milliamps the LEDs may draw: a 500 mA USB port less ~100 mA for the badge and panel.
    "led_budget_ma": 400,
}
