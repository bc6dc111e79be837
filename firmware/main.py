"""Device entry point: the board file (deployed as board.py) -> boot mode -> drivers -> the app.

The steps and their reasons are in dicetable/boot.py and docs/device.md: buttons held at
power-on pick the mode (the board's "boot_hold" button skips the app and leaves the REPL free
for mpremote), failed starts in a row lead to safe mode and then stop, the watchdog is armed
only in a normal start, and an unhandled error shows the crash screen, then resets the board;
a game of another title starts in a fresh interpreter (a soft reset; dicetable/app.py);
a panel that stops answering is waited for (the LEDs say so) rather than restarted in a loop.
"""

import asyncio
import os

import board
from dicetable import boot
from dicetable.app import App
from dicetable.drivers.clock import Clock
from dicetable.drivers.storage import Store
from dicetable.hardware import (
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
from dicetable.kiosk.standby import for_board as kiosk_for_board


def _seed():
    # Hardware entropy (the RP2040's ring oscillator behind os.urandom), kept below 2**30.
    return int.from_bytes(os.urandom(4), "big") & 0x3FFFFFFF


def main():
    data = board.BOARD
    hold_power(data)  # first: on battery the board switches itself off otherwise
    store = Store("/data")
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
        boot.keep_fed(parts.display, watchdog)  # fed while it awaits BUSY: boot.py, step 4
        parts.leds = build_leds(data)
        parts.buttons = build_buttons(data, clock)
        if mode == boot.HALT:
            await boot.halted(parts.display, data, failed, boot.last_crash_code(store))
            return
        counter.starting()
        boot.take_name_pool()  # while the heap is in one piece (boot.py)
        boot.reserve()  # the crash path's heap, before the app takes the rest
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
        parts.frame = app.frame  # the crash screen draws here: no new frame when out of memory
        await app.run()
        parts.restart = app.restart_requested

    code = None
    try:
        code = asyncio.run(boot.guard(start, parts, clock, store, watchdog))
    except KeyboardInterrupt:  # Ctrl-C, e.g. from mpremote: keep the REPL, stop the watchdog
        if watchdog.armed:
            dangerous_stop_watchdog()
            watchdog.disarmed()
        print("DiceTable stopped by Ctrl-C: the REPL is free")
    except Exception as exc:  # the crash path itself failed: never a silent REPL
        print("DiceTable: the crash screen failed:", repr(exc))
        code = "?"
    finally:
        asyncio.new_event_loop()  # a clean loop for the REPL
    if code is not None:
        reset()  # after the crash screen: start again, which resumes the game
    elif parts.restart:
        fresh_interpreter()  # a game of another title is saved: boot resumes it (app.py)


try:
    main()
except Exception as exc:  # before the guard (the flash, the board file): say it, then count
    print("DiceTable could not start:", repr(exc))
    if boot.count_failed_start():
        reset()  # counted: safe mode after SAFE_AFTER of these, then the halt screen
