"""A whole game on a simulated board with every frame recorded, under whichever `framebuf`
this process imports. Run as a script it first makes `framebuf` the portable one
(firmware/circuitpython/framebuf.py), as on a CircuitPython board, and prints the record as
JSON; imported (by pytest) it runs under the simulator's framebuf:

    python tests/simulator/framebuf_game.py BOARD GAME OPTIONS_JSON SEED FOLDER
"""

import asyncio
import hashlib
import json
import os
import sys


def record_game(board, game_id, options, seed, folder):
    """(device, record): the record is {"framebuf", "frames", "scores", "replayed", "presses"},
    frames holding after each refresh the sha256 of the frame the firmware drew, of the glass
    the panel model shows and of the LED frame. The scores were checked on the panel."""
    import framebuf

    from hostsim.autopilot import Autopilot
    from hostsim.device import SimDevice
    from hostsim.drive import play

    from e2e_common import assert_scores_on_panel, replayed_last_game

    os.makedirs(str(folder), exist_ok=True)
    device = SimDevice(board, str(folder), seed=seed)
    frames = []

    def on_refresh(app):
        parts = (app.frame, device.panel.ink_plane(), app.led_frame)
        frames.append(" ".join(hashlib.sha256(bytes(part)).hexdigest()[:16] for part in parts))

    device.app.on_refresh = on_refresh
    presses = []
    original = device.press

    async def counting_press(key, **kwargs):
        presses.append(key)
        return await original(key, **kwargs)

    device.press = counting_press
    asyncio.run(play(device, [], Autopilot(game_id, options)))
    state = assert_scores_on_panel(device)
    replayed = replayed_last_game(folder)
    return device, {
        "framebuf": os.path.relpath(framebuf.__file__, _ROOT).replace(os.sep, "/"),
        "frames": frames,
        "scores": state.scores(),
        "replayed": replayed.scores() if replayed.is_terminal() else None,
        "presses": len(presses),
    }


_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

if __name__ == "__main__":
    sys.path[:0] = [_ROOT, os.path.join(_ROOT, "tests")]
    from hostsim import circuitpython

    circuitpython.use_portable_framebuf()  # before anything imports framebuf
    board, game_id, options, seed, folder = sys.argv[1:]
    _device, record = record_game(board, game_id, json.loads(options), int(seed), folder)
    print(json.dumps(record))
