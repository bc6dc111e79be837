"""A whole game, UI, panel driver and all, on the simulated board under MicroPython.

    MICROPYPATH=.frozen:firmware:hostsim/shims:. micropython -X heapsize=N tools/mp_game.py \
        BOARD PLAYERS BOTS OPTION SEED DATA_DIR [GAME]

OPTION is Cybo's level, or KEY=VALUE pairs joined by commas (map=kagkot), or "-" for none;
GAME defaults to cybo.

Prints "GAME OK" and the scores when the game reached its results screen; `make bench` bisects
the heap size with it, and a test runs it at the functional test heap.
"""

import asyncio
import gc
import sys

from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play


def main(argv):
    board, players, bots, level, seed, data_dir = argv[1:7]
    game = argv[7] if len(argv) > 7 else "cybo"
    gc.collect()
    device = SimDevice(board, data_dir, int(seed))
    options = {"players": int(players), "bots": int(bots)}
    if "=" in level:
        for pair in level.split(","):
            key, value = pair.split("=")
            options[key] = value
    elif level != "-":
        options["level"] = level
    asyncio.run(play(device, [], Autopilot(game, options)))
    screen = device.app.shell.screen
    if type(screen).__name__ != "ResultsScreen":
        print("GAME NOT FINISHED", type(screen).__name__)
        sys.exit(1)
    state = screen.session.state
    gc.collect()
    print(
        "GAME OK scores",
        state.scores(),
        "refreshes",
        device.app.refreshes,
        "panel bytes",
        device.app.panel_bytes,
        "free",
        gc.mem_free(),
    )


main(sys.argv)
