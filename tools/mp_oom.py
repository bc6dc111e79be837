"""A game on the simulated board under MicroPython in a heap too small for it: the firmware
must end on its out-of-memory screen with the game saved, never with an error escaping.

    MICROPYPATH=... micropython -X heapsize=N tools/mp_oom.py BOARD GAME PLAYERS BOTS DATA_DIR

Prints "RESULT done" when the game reached its results, or "RESULT crash CODE TYPE" when the
firmware stopped (its crash screen up, the code returned by its wait). The autopilot stands in
for the people at the table, and it thinks with the bot on the same heap, which a person's
button press never does: when that thinking runs out of heap, the run stops there with "RESULT
harness MemoryError" (the firmware had not failed; the test checks its save). Any other
MemoryError outside the firmware ends the run with a traceback, which the test reports as such.
tests/test_micropython_oom.py runs it at several heap sizes.
"""

import asyncio
import sys

from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice

_HARNESS = "harness"  # the autopilot, not the firmware, ran out of heap


def main(board, game, players, bots, data_dir):
    device = SimDevice(board, data_dir, seed=7)
    pilot = Autopilot(game, {"players": int(players), "bots": int(bots)})

    async def run():
        device.start()
        try:
            for _ in range(6000):
                await device.clock.sleep_ms(300)
                if device.failure is not None or device.app is None:
                    break
                if not device.app.started or device.app.busy:
                    continue
                try:
                    key = pilot.next_key(device.app.shell)
                except MemoryError:
                    return _HARNESS
                if key is None:
                    if pilot.finished:
                        return None
                    await device.clock.sleep_ms(700)  # a bot's turn
                    continue
                await device.press(key, wait=False)
            return await device.wait_done()
        finally:
            await device.stop()

    code = asyncio.run(run())
    if code is None:
        print("RESULT done")
    elif code is _HARNESS:
        print("RESULT harness MemoryError", device.failure)
    else:
        print("RESULT crash", code, type(device.failure).__name__)


main(*sys.argv[1:6])
