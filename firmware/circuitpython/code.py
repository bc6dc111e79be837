"""CircuitPython entry point (deployed as /code.py): the board file (deployed as
board_data.py: `board` is CircuitPython's pin module) -> boot mode -> drivers -> the app.

The same steps as main.py (see its docstring and docs/device.md), through the CircuitPython
port (dicetable/ports/circuitpython.py). One difference: CircuitPython's code may write the
drive only when boot.py gave it the drive (the normal start); started with the USB button
held, the drive is the computer's, nothing could be saved, and the app does not run.
"""

import asyncio
import os

import storage
from board_data import BOARD
from dicetable import boot
from dicetable.app import App
from dicetable.drivers.fat_store import FatStore
from dicetable.kiosk.standby import for_board as kiosk_for_board
from dicetable.ports.circuitpython import (
    Clock,
    build_buttons,
    build_display,
    build_leds,
    dangerous_stop_watchdog,
    fresh_interpreter,
    held_buttons,
    hold_power,
    reset,
    reset_cause_name,
    start_watchdog,
    unique_id,
)


def _seed():
    # os.urandom: the chip's hardware random source, kept below 2**30 like main.py's.
    return int.from_bytes(os.urandom(4), "big") & 0x3FFFFFFF


def main():
    data = BOARD
    hold_power(data)
    if storage.getmount("/").readonly:
        print("DiceTable: the drive belongs to USB (button held at power-on); not started")
        return
    store = FatStore("/data")  # CIRCUITPY is FAT: see drivers/fat_store.py
    counter = boot.StartCounter(store)
    failed = counter.failed()
    strikes = boot.take_memory_strikes(store)
    mode = boot.choose_mode(data, held_buttons(data), failed, strikes)
    print(boot.banner(mode, failed, reset_cause_name()))
    if mode == boot.REPL:
        return
    clock = Clock()
    parts = boot.Parts()
    watchdog = boot.Watchdog(start_watchdog if mode == boot.NORMAL else None)

    async def start():
        parts.display = build_display(data, clock)
        boot.keep_fed(parts.display, watchdog)
        parts.leds = build_leds(data)
        parts.buttons = build_buttons(data, clock)
        if mode == boot.HALT:
            await boot.halted(parts.display, data, failed, boot.last_crash_code(store))
            return
        counter.starting()
        boot.reserve()
        lines = boot.safe_lines(data, failed, boot.last_crash_code(store), strikes)
        kiosk = kiosk_for_board(data, store, clock, unique_id(), os.urandom)
        app = App(
            data,
            parts.display,
            parts.leds,
            parts.buttons,
            store,
            clock,
            _seed,
            watchdog=watchdog,
            safe_lines=lines if mode == boot.SAFE else None,
            on_healthy=counter.healthy,
            kiosk=kiosk,
        )
        parts.frame = app.frame
        await app.run()
        parts.restart = app.restart_requested

    code = None
    try:
        code = asyncio.run(boot.guard(start, parts, clock, store, watchdog))
    except KeyboardInterrupt:
        if watchdog.armed:
            dangerous_stop_watchdog()
            watchdog.disarmed()
        print("DiceTable stopped by Ctrl-C: the REPL is free")
    except Exception as exc:
        print("DiceTable: the crash screen failed:", repr(exc))
        code = "?"
    finally:
        asyncio.new_event_loop()
    if code is not None:
        reset()
    elif parts.restart:
        fresh_interpreter()


try:
    main()
except Exception as exc:
    print("DiceTable could not start:", repr(exc))
    if boot.count_failed_start():
        reset()
