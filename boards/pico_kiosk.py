"""Kiosk build: Raspberry Pi Pico + 4.2" 400x300 SSD1683 e-ink panel + five buttons + 16x16
WS2812 matrix, on a 5 V 2 A supply.

Same pins as boards/pico_ssd1680.py; the SSD1683 speaks the SSD1680's command set and the one
driver picks the glass by size. Wiring table, power injection: docs/wiring.md.
"""

BOARD: dict = {
    "name": "Kiosk: Pico + 4.2in SSD1683 + 16x16 LEDs",
    "panel": {
        "driver": "ssd1683",
        "width": 400,
        "height": 300,
        # SPI0 at 10 MHz: half the SSD1683's 20 MHz write clock; a kiosk has longer leads.
        "spi": 0,
        "baudrate": 10_000_000,
        "sck": 18,
        "mosi": 19,
        "cs": 17,
        "dc": 20,
        "rst": 21,
        "busy": 22,
    },
    # A flexible 16x16 panel: its chain snakes, odd rows running back ("serpentine"), input at
    # the top-left corner as mounted. Panels whose chain runs down the columns are this panel
    # turned a quarter: set rotation to 90 or 270 to match how it is mounted.
    "matrix": {"pin": 16, "width": 16, "height": 16, "layout": "serpentine", "rotation": 0},
    "buttons": {
        "active": "low",
        "pins": {"UP": 2, "DOWN": 3, "LEFT": 4, "RIGHT": 5, "OK": 6},
        "keys": {"UP": "UP", "DOWN": "DOWN", "LEFT": "LEFT", "RIGHT": "RIGHT", "OK": "OK"},
        "long": {"OK": "BACK"},
        "chords": [(("LEFT", "RIGHT"), "BACK")],
        # Held at power-on (docs/device.md): UP skips the app and leaves the REPL free for
        # mpremote, DOWN starts in safe mode (menu, no resume). Arrows, because nothing needs
        # them at power-on and OK is the button a person presses to see if the table is on.
        "boot_hold": "UP",
        "boot_safe": "DOWN",
    },
    # Milliamps the LEDs may draw, the dark LEDs' 256 mA included. A 5 V 2 A adapter: ~100 mA
    # for the Pico and panel, and 400 mA held back because cheap adapters sag near their rating
    # and a flexible panel's thin copper drops voltage (see power injection in the docs). An
    # all-white frame would want 15 A; the driver scales any frame above 1.5 A.
    "led_budget_ma": 1500,
    # A game of another title starts in a fresh interpreter (app.py): the 242 KB heap holds
    # one title's code with a third to spare, not the names every title leaves behind.
    "fresh_start": True,
}
