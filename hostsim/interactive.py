"""`make sim` / `python -m hostsim`: the device in this terminal.

With a terminal: the real firmware on wall-clock time, the panel drawn in braille, the LEDs in
colour, keys pressed as buttons (h shows them, q quits, t makes the kiosk's teacher chord). The
flash folder is out/sim-data, so quitting mid-game and starting again resumes the game, as on
the device after a power cut.
Without a terminal (CI, a pipe): a short all-bot game on virtual time, then the final sheet and
scores, exit 0.
"""

import asyncio
import os
import sys

from hostsim import paths
from hostsim.device import SimDevice
from hostsim.realclock import RealClock

_FRAME_S = 0.02  # how often keys and screen changes are looked at


def main(args):
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _demo(args)
    data_dir = args.data or os.path.join(paths.ROOT, "out", "sim-data")
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3), "big")
    return asyncio.run(_interactive(args.board, data_dir, seed))


def _demo(args):
    from hostsim.cli import parse_args
    from hostsim.run import run

    print("No terminal attached: playing a short bot demo of Cybo (2 bots).")
    seed = args.seed if args.seed is not None else 7
    # Parsed like `python -m hostsim run ...`, so the demo always has every option `run` reads.
    demo = parse_args(
        ["run", "--game", "cybo", "--players", "2", "--bots", "2", "--seed", str(seed),
         "--board", args.board]
    )  # fmt: skip
    return run(demo)


async def _interactive(board, data_dir, seed):
    from dicetable.ui import keys
    from hostsim.terminal import TerminalView

    device = SimDevice(board, data_dir, seed, clock=RealClock())
    view = TerminalView()
    app = device.app
    shown = [-1, b""]
    with view.session():
        device.start()
        try:
            while True:
                if device._task.done():
                    device._task.result()
                    break
                key = view.read_key(0)
                if key == "QUIT":
                    break
                if key in keys.NAMES:
                    asyncio.ensure_future(device.press(keys.key_from_name(key), wait=False))
                elif key == "TEACHER":  # a terminal cannot hold one key while pressing another
                    asyncio.ensure_future(device.chord(keys.BACK, keys.OK, wait=False))
                leds = device.led_rgb()
                if app.refreshes != shown[0] or leds != shown[1]:
                    shown[0], shown[1] = app.refreshes, leds
                    width, height = app.display.width, app.display.height
                    view.show_panel(width, height, device.panel_pixel)
                    view.show_leds(app.led_width, app.led_height, leds)
                    view.set_status(*_status(device))
                    view.render()
                await asyncio.sleep(_FRAME_S)
        finally:
            await device.stop()
    print("Bye. The game is saved in %s; `make sim` resumes it." % data_dir)
    return 0


def _status(device):
    screen = device.app.shell.screen
    lines = [device.board["name"], "screen: %s" % type(screen).__name__.replace("Screen", "")]
    view = getattr(screen, "view", None)
    if view is not None:
        # A screen's view is its own business: the prompt is optional (Dice Trip has none).
        prompt = view().get("prompt")
        if isinstance(prompt, str) and prompt:
            lines.append(prompt)
    if device.app.shell.notice:
        lines.append(device.app.shell.notice)
    return lines
