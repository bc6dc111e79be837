"""Driving a simulated device through a key script and then the autopilot.

Runs on CPython and on the MicroPython unix port (tools/mp_game.py uses it to play whole games
under an RP2040-sized heap).
"""

from hostsim import script as scripts

# The autopilot never needs more presses than this for one game; more means it is lost.
MAX_AUTOPILOT_PRESSES = 20000


async def play(device, steps, autopilot):
    device.start()
    try:
        await device.wait_idle()
        for kind, value in steps:
            if kind == scripts.WAIT:
                await device.clock.sleep_ms(value)
            elif kind == scripts.BUSY:
                await device.press(value, wait=False)
            else:
                await device.press(value, long=kind == scripts.LONG)
        if autopilot is not None:
            await device.wait_idle()
            for _ in range(MAX_AUTOPILOT_PRESSES):
                key = autopilot.next_key(device.app.shell)
                if key is None:
                    if autopilot.finished:
                        break
                    await device.wait_idle()
                    continue
                await device.press(key)
            else:
                raise RuntimeError("the autopilot did not finish the game")
        await device.wait_idle()
    finally:
        await device.stop()
