"""The browser board: MicroPython's WebAssembly port in a web page (docs/web.md).

The panel is a 2.9" SSD1680-like 296x128 sheet drawn on a canvas, the LEDs an 8x8 grid of
cells, the buttons six on-screen buttons and the keyboard. The same logical buttons and frame
format as the simulator's board (boards/sim296.py), so a journal played in the page and in
the simulator gives the same frames. No pins: dicetable/ports/web.py builds the parts.
"""

BOARD: dict = {
    "name": "Browser: 2.9in e-ink sheet + 8x8 LEDs",
    "runtime": "web",
    "panel": {
        # The SSD1680 driver's frame format for 296x128 (MONO_VLSB), so the page's frame is
        # the device's byte for byte.
        "driver": "web",
        "width": 296,
        "height": 128,
        # How long the page's refresh animation holds the panel busy (the glass's figures:
        # a full refresh ~1.4 s, a partial ~0.3 s; TOOLCHAIN.md). Shorter than the glass, as
        # nobody waits for ink in a browser, but long enough to see the sheet being redrawn.
        "full_ms": 600,
        "partial_ms": 120,
        "partials_per_full": 20,
    },
    # Cells in chain order row by row: the page draws LED i at (i % 8, i // 8).
    "matrix": {"width": 8, "height": 8, "layout": "rows", "rotation": 0},
    # The page's buttons; "keys" says which logical key each gives. The keyboard's keys for
    # them are in web/dicetable.js (arrows, Enter, Escape/Backspace).
    "buttons": {
        "pins": {"UP": 0, "DOWN": 1, "LEFT": 2, "RIGHT": 3, "OK": 4, "BACK": 5},
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
    # A screen has no current limit; the device's figure keeps the dice looking the same.
    "led_budget_ma": 400,
    # The page's heap grows on demand: a game of another title starts in place.
    "fresh_start": False,
}
