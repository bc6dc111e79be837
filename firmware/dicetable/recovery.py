"""What the device does after a fault (boot.guard imports it then, and boot.halted): the crash
screen, the wait for a panel that stopped answering, and the screen of a device that gave up
starting. Apart from boot.py so that a running game does not hold its code (about 3 KB of
heap on an RP2040); boot.guard frees the crash path's reserve and the game's modules before it
imports this, so an out-of-memory crash finds the room. The steps and their reasons are in
boot.py's docstring. What it needs of boot's (the report's file, the start counter, the
boot buttons' names) comes in as arguments: boot imports this, not the other way round.
"""

import gc

import framebuf
from micropython import const

from dicetable.drivers.fault_sign import FaultSign

# How often the crash screen looks at the buttons (they are read directly: the button task
# may be what failed).
_CRASH_POLL_MS = const(50)
# Bytes of traceback kept in crash.txt.
_REPORT_LIMIT = const(2000)
# The error code shown when even the report could not be made (no heap for the traceback).
_UNKNOWN_CODE = "E-0000"


async def _wait_press(buttons, clock, watchdog, limit_ms, sign=None):
    """Until any button is pressed after all were released, or `limit_ms` is over; `sign`
    (a FaultSign, or None) blinks meanwhile. Returns True on a press."""
    start = clock.ticks_ms()
    released = False
    while clock.ticks_diff(clock.ticks_ms(), start) < limit_ms:
        if watchdog is not None:
            watchdog.feed()
        if sign is not None:
            sign.show(clock.ticks_ms())
        if buttons is not None:
            down = buttons.read()
            if released and down:
                return True
            released = released or not down
        await clock.sleep_ms(_CRASH_POLL_MS)
    return False


async def _show(display, draw_screen, frame=None):
    """Draw a whole screen with `draw_screen(fb, width, height)` and refresh it in full, in
    `frame` (the app's, when it was built) or a new one. The panel may be what failed: errors
    here are printed, not raised. Returns True if shown."""
    if display is None:
        return False
    try:
        gc.collect()
        if frame is None or len(frame) != display.BUFFER_SIZE:
            frame = bytearray(display.BUFFER_SIZE)
        fb = framebuf.FrameBuffer(frame, display.width, display.height, display.FORMAT)
        draw_screen(fb, display.width, display.height)
        await display.init()  # from any state: a hardware reset
        await display.show(frame, None, True)
        display.deinit()
        return True
    except Exception as exc:  # nothing else can be shown
        print("crash screen failed:", repr(exc))
        return False


async def _panel_answers(display):
    """A hardware reset that BUSY answers in time: the panel is back."""
    try:
        await display.init()
        display.deinit()
        return True
    except Exception:  # PanelTimeout, or whatever else a half-plugged panel does
        return False


def _record(exc, store, why, report_file):
    """The error code of `exc`; the traceback goes to the console and, with the code on its
    first line, to `report_file` (a full flash loses only the report)."""
    from dicetable.ui import crash as crash_ui  # only a crash needs it: heap

    report = crash_ui.report(exc)
    code = crash_ui.error_code(report)
    print(report)
    print("DiceTable %s: error %s (%s)" % (why, code, type(exc).__name__))
    try:
        store.write_atomic(report_file, (code + "\n" + report[-_REPORT_LIMIT:]).encode())
    except OSError:
        pass
    return code


def _fault_sign(leds):
    """The LEDs' panel sign, or None when the LEDs are not there or fail (only a courtesy
    after a crash, the only word left after a panel fault)."""
    if leds is None:
        return None
    try:
        return FaultSign(leds)
    except Exception:
        return None


async def crash(exc, parts, clock, store, watchdog, restart_ms, report_file):
    """After an unhandled error: report, screen, wait for a button. Returns the error code.
    The LEDs go dark, unless the crash screen failed: then they blink the panel sign.

    Out of memory is what this path must survive most: boot.guard frees the reserve and the
    game's modules before it imports this module, the crash draws into the app's own frame
    (`parts.frame`), and a step that still fails is skipped, never raised. An out-of-memory
    crash counts against the saved game (MEMORY_STRIKES; boot.guard counts it before it
    imports this module), so one that does not fit ends in safe mode, not in a loop."""
    name = type(exc).__name__
    try:
        code = _record(exc, store, "stopped", report_file)
    except Exception:  # MemoryError: no room for the traceback's text
        code = _UNKNOWN_CODE
        print("DiceTable stopped:", name)
    if parts.leds is not None:
        try:
            parts.leds.off()
        except Exception:  # the LEDs are only a courtesy here
            pass
    seconds = restart_ms // 1000

    def draw_screen(fb, width, height):
        from dicetable.ui import crash as crash_ui

        crash_ui.draw_crash(fb, width, height, code, name, seconds)

    shown = await _show(parts.display, draw_screen, parts.frame)
    sign = None if shown else _fault_sign(parts.leds)
    await _wait_press(parts.buttons, clock, watchdog, restart_ms, sign)
    return code


async def panel_fault(exc, parts, clock, store, watchdog, retry_ms, report_file, not_failed):
    """After PanelTimeout: report, the start taken back from the failed starts (`not_failed`:
    safe mode cannot mend a panel), the LEDs' panel sign, the panel tried again every
    `retry_ms` and on any button until it answers. Returns the error code: the caller resets
    the board, which resumes the game. The journal is never touched."""
    why = "waits for its e-ink panel, which does not answer (check its cable; the game is saved)"
    try:
        code = _record(exc, store, why, report_file)
    except Exception:  # no heap for the report: the wait for the panel matters more
        code = _UNKNOWN_CODE
    not_failed()
    sign = _fault_sign(parts.leds)
    while True:
        await _wait_press(parts.buttons, clock, watchdog, retry_ms, sign)
        if parts.display is None or await _panel_answers(parts.display):
            print("DiceTable: the panel answers again: restarting")
            return code


async def halted(display, failed, code, safe):
    """The screen of a device that gave up starting: how to get out of it (`safe`: the
    buttons that start it in safe mode)."""

    def draw_screen(fb, width, height):
        from dicetable.ui import crash as crash_ui

        crash_ui.draw_halted(fb, width, height, failed, code, safe)

    await _show(display, draw_screen)
