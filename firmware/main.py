"""Device entry point: the board file (deployed as board.py) -> drivers -> the app.

Boot modes, the watchdog and the crash screen come with the device work (issue: "The device");
this file stays a few lines so that a broken app never hides the REPL for long.
"""

import asyncio
import os

import board
from dicetable.app import App
from dicetable.drivers.clock import Clock
from dicetable.drivers.storage import Store
from dicetable.hardware import build_buttons, build_display, build_leds, hold_power


def _seed():
    # Hardware entropy (the RP2040's ring oscillator behind os.urandom), kept below 2**30.
    return int.from_bytes(os.urandom(4), "big") & 0x3FFFFFFF


def main():
    data = board.BOARD
    hold_power(data)  # first: on battery the board switches itself off otherwise
    clock = Clock()
    app = App(
        data,
        build_display(data, clock),
        build_leds(data),
        build_buttons(data, clock),
        Store("/data"),
        clock,
        _seed,
    )
    try:
        asyncio.run(app.run())
    finally:
        asyncio.new_event_loop()  # a clean loop for the REPL after a stop (Ctrl-C)


main()
