"""`make sim` / `python -m hostsim`: the device in this terminal.

With a terminal: the real firmware on wall-clock time, the panel drawn in braille, the LEDs in
colour, keys pressed as buttons (h shows them, q quits, t makes the kiosk's teacher chord). A
terminal too small for a legible picture shows the panel's text instead (hostsim.screen_text)
and says how big the picture needs it; v switches between picture and text. The status lines
start with the screen's prompt, so no layout drops it. The flash folder is out/sim-data, so
quitting mid-game and starting again resumes the game, as on the device after a power cut.
Without a terminal (CI, a pipe): a short all-bot game on virtual time, then the final sheet and
scores, exit 0.

An error in this front end (not in the firmware, whose crash screen shows on the panel) ends
the session with the terminal restored, the error in one line and what to do; its traceback
goes to FRONTEND_CRASH in the flash folder. The next start then offers to start fresh, moving
the save aside (out/sim-data-aside-N), so a save never turns into a crash loop.
"""

import asyncio
import os
import sys
import traceback

from hostsim import paths
from hostsim.device import SimDevice
from hostsim.realclock import RealClock
from hostsim.screen_text import TextLayer

_FRAME_S = 0.02  # how often keys and screen changes are looked at
# The fewest braille dots across a glyph of the board's densest font that still read: the
# picture may be drawn that much smaller (1/1 for the 2.9in sheets' 5-pixel font, 1/2 for the
# 4.2in sheets' 6-pixel one).
_DOTS_PER_GLYPH = 3
FRONTEND_CRASH = "frontend-crash.txt"


def main(args):
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _demo(args)
    data_dir = args.data or os.path.join(paths.ROOT, "out", "sim-data")
    offer_fresh_start(data_dir, input)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3), "big")
    return asyncio.run(_interactive(args.board, data_dir, seed))


def offer_fresh_start(data_dir, ask):
    """After a front-end error: ask (with `ask(prompt)`) whether to start fresh; yes moves the
    whole flash folder aside, where the save stays for a bug report. Returns the folder it was
    moved to, or None."""
    marker = os.path.join(data_dir, FRONTEND_CRASH)
    if not os.path.exists(marker):
        return None
    number = 1
    while os.path.exists("%s-aside-%d" % (data_dir, number)):
        number += 1
    aside = "%s-aside-%d" % (data_dir, number)
    answer = ask(
        "The simulator stopped with an error last time (%s).\n"
        "Start fresh? The old save is kept in %s. [y/N] " % (marker, aside)
    )
    if answer.strip().lower() not in ("y", "yes"):
        os.remove(marker)  # resume it: if it fails again, the question comes again
        return None
    os.rename(data_dir, aside)
    return aside


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


async def _interactive(board, data_dir, seed, view=None):
    from dicetable.ui import keys

    if view is None:
        from hostsim.terminal import TerminalView

        view = TerminalView()
    device = SimDevice(board, data_dir, seed, clock=RealClock())
    panel = device.board["panel"]
    layer = TextLayer(panel["width"], panel["height"])
    legible = legible_scale(panel["width"])
    shown = [None, -1, b""]
    # Keys typed faster than a finger presses a button wait their turn, as the device queues
    # button events: pressed one after the other, none dropped.
    typed = asyncio.Queue()

    async def presser():
        while True:
            key = await typed.get()
            if key == "TEACHER":  # a terminal cannot hold one key while pressing another
                await device.chord(keys.BACK, keys.OK, wait=False)
            else:
                await device.press(keys.key_from_name(key), wait=False)

    try:
        with view.session(), layer.recording():
            device.start()
            pressing = asyncio.ensure_future(presser())
            try:
                while True:
                    if device._task.done():
                        device._task.result()
                        break
                    key = view.read_key(0)
                    if key == "QUIT":
                        break
                    if key in keys.NAMES or key == "TEACHER":
                        typed.put_nowait(key)
                    # device.app, not a copy: a game of another title gets a new app
                    app = device.app
                    leds = device.led_rgb()
                    if (app, app.refreshes, leds) != tuple(shown):
                        shown[:] = [app, app.refreshes, leds]
                        width, height = app.display.width, app.display.height
                        view.show_panel(width, height, device.panel_pixel, legible)
                        view.show_text(layer.snapshot())
                        view.show_leds(app.led_width, app.led_height, leds)
                        view.set_status(*_status(device))
                        view.render()
                    await asyncio.sleep(_FRAME_S)
            finally:
                pressing.cancel()
                await device.stop()
    except Exception as exc:  # the front end's own error: never a crash loop on the save
        report = os.path.join(data_dir, FRONTEND_CRASH)
        with open(report, "w") as file:
            file.write(traceback.format_exc())
        print("The simulator stopped: %s: %s" % (type(exc).__name__, exc))
        print("The game is saved in %s (the traceback is in %s)." % (data_dir, report))
        print("`make sim` offers to start fresh and keeps this save aside.")
        return 1
    print("Bye. The game is saved in %s; `make sim` resumes it." % data_dir)
    return 0


def legible_scale(width):
    """The coarsest scale at which a panel `width` pixels wide keeps its text legible."""
    from dicetable.ui import draw

    return max(1, draw.look(width).dense.width // _DOTS_PER_GLYPH)


def _status(device):
    """The status lines, most important first: the screen's prompt and note, the device's
    notice, then which screen and board."""
    screen = device.app.shell.screen
    lines = []
    view = getattr(screen, "view", None)
    if view is not None:
        # A screen's view is its own business: every field is optional (Dice Trip has no
        # prompt).
        shown = view()
        for field in ("prompt", "note"):
            line = shown.get(field)
            if isinstance(line, str) and line and line not in lines:
                lines.append(line)
    notice = device.app.shell.notice
    if notice and notice not in lines:
        lines.append(notice)
    lines.append("screen: %s" % type(screen).__name__.replace("Screen", ""))
    lines.append(device.board["name"])
    return lines
