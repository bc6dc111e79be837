"""Driving a simulated device through a key script and then the autopilot.

Runs on CPython and on the MicroPython unix port (tools/mp_game.py uses it to play whole games
under an RP2040-sized heap).
"""

from hostsim import script as scripts

# The autopilot never needs more presses than this for one game; more means it is lost.
MAX_AUTOPILOT_PRESSES = 20000
# Presses in a row that change neither the screen nor the game: the autopilot is going round
# in circles (a setup value it cannot reach, a start the rules refuse).
MAX_IDLE_PRESSES = 300


class AutopilotStuck(ValueError):
    """The autopilot made no progress; the message says where (hostsim's exit 2)."""


def _progress(shell):
    """What changes when the autopilot gets somewhere: the screen and the game's moves."""
    state = shell.game_state()
    return (id(shell.screen), state.action_count if state is not None else -1)


def _stuck(shell, presses):
    screen = shell.screen
    said = getattr(screen, "error", "") or ""
    return AutopilotStuck(
        "the autopilot made no progress in %d presses on %s%s"
        % (presses, type(screen).__name__, (": " + said) if said else "")
    )


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
            seen = None
            idle = 0
            for _ in range(MAX_AUTOPILOT_PRESSES):
                shell = device.app.shell
                key = autopilot.next_key(shell)
                if key is None:
                    if autopilot.finished:
                        break
                    await device.wait_idle()
                    continue
                await device.press(key)
                now = _progress(device.app.shell)
                idle = idle + 1 if now == seen else 0
                seen = now
                if idle >= MAX_IDLE_PRESSES:
                    raise _stuck(device.app.shell, idle)
            else:
                raise RuntimeError("the autopilot did not finish the game")
        await device.wait_idle()
    finally:
        await device.stop()
