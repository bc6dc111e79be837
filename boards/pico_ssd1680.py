"""Raspberry Pi Pico + 2.9" SSD1680 e-ink module (296x128) + five buttons + 8x8 WS2812 matrix.

The panel pins are the simulator's (boards/sim296.py), so the same wiring runs in both; this
build has five buttons where the simulator has six: BACK is a long press of OK, or LEFT and
RIGHT together. Wiring table: docs/wiring.md.
"""

BOARD: dict = {
    "name": "Pico + 2.9in SSD1680 + 8x8 LEDs",
    "panel": {
        "driver": "ssd1680",
        "width": 296,
        "height": 128,
        # SPI0 at 10 MHz: half the SSD1680's 20 MHz write clock, margin for module leads.
        "spi": 0,
        "baudrate": 10_000_000,
        "sck": 18,
        "mosi": 19,
        "cs": 17,
        "dc": 20,
        "rst": 21,
        "busy": 22,
    },
    # A rigid 8x8 board: its chain runs left to right along every row ("rows"). GP16 is SPI0's
    # RX pin, unused by the write-only panel bus.
    "matrix": {"pin": 16, "width": 8, "height": 8, "layout": "rows", "rotation": 0},
    # Buttons close to GND: internal pull-ups, pressed reads low.
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
    # Milliamps the LEDs may draw, the dark LEDs' 64 mA included. Powered from a USB 2.0 port
    # (500 mA): the Pico draws ~25-50 mA at 125 MHz, the panel a few mA while refreshing; 400
    # leaves ~50 mA of margin. The driver scales any frame that would draw more.
    "led_budget_ma": 400,
    # A game of another title starts in a fresh interpreter (app.py): the 242 KB heap holds
    # one title's code with a third to spare, not the names every title leaves behind.
    "fresh_start": True,
}
