"""`python -m hostsim run`: a headless game driven through simulated button presses.

The script's keys are pressed first; then the autopilot presses what a person would (menu,
setup, every human turn) until the results are shown. Bots play their own seats. At the end the
final sheet and scores are printed; `--png DIR` also writes the panel and the LEDs after every
refresh.
"""

import asyncio
import os
import tempfile

from dicetable.core.errors import IllegalAction
from dicetable.games import load, part, title
from dicetable.ui.screens import ResultsScreen
from hostsim import script as scripts
from hostsim.autopilot import Autopilot
from hostsim.braille import braille_rows
from hostsim.device import SimDevice
from hostsim.drive import play


class Snapshots:
    """Writes panel-NNNN.png and leds-NNNN.png after each refresh."""

    def __init__(self, folder, device):
        self.folder = folder
        self.device = device
        self.count = 0
        os.makedirs(folder, exist_ok=True)

    def __call__(self, app):
        from PIL import Image

        self.count += 1
        self.device.panel.save_png(os.path.join(self.folder, "panel-%04d.png" % self.count))
        width, height = app.led_width, app.led_height
        image = Image.frombytes("RGB", (width, height), bytes(app.led_frame))
        image = image.resize((width * 24, height * 24), Image.NEAREST)
        image.save(os.path.join(self.folder, "leds-%04d.png" % self.count))


def check_options(game_id, options):
    """Refuse, in the device's own words (ValueError), options that the game's setup screen
    does not offer or that its rules do not accept: the autopilot could never set them, and
    would press on for ever."""
    rows = part(game_id, "options").OPTIONS
    offered = {}
    for key, label, values, _titles in rows:
        offered[key] = (label, values)
    for key in options:
        if key not in offered:
            raise ValueError("--%s does not apply to %s" % (key, title(game_id)))
        label, values = offered[key]
        if values is None or options[key] in values:
            continue
        if key in ("players", "bots"):
            raise ValueError("%s must be %d to %d" % (label, min(values), max(values)))
        if key == "first":  # a seat, numbered from 1 on the command line as on the screen
            raise ValueError("%s must be player 1 to %d" % (label, len(values)))
        shown = ", ".join(str(value) for value in values)
        raise ValueError("%s must be one of %s" % (label, shown))
    try:
        load(game_id).make_params(options)
    except IllegalAction as exc:
        reason = exc.reason
        raise ValueError(reason[:1].upper() + reason[1:])


def run(args):
    """Returns the process exit code; prints the final sheet and scores."""
    options = {"players": args.players, "bots": args.bots}
    chosen = (("level", args.level), ("grid", args.grid), ("map", args.map), ("mode", args.mode))
    for key, value in chosen:
        if value:
            options[key] = value
    if args.first is not None:
        options["first"] = args.first - 1  # seats are 0-based in the options
    if not args.no_autopilot:
        check_options(args.game, options)
    data_dir = args.data or tempfile.mkdtemp(prefix="dicetable-")
    device = SimDevice(args.board, data_dir, args.seed)
    if args.png:
        device.app.on_refresh = Snapshots(args.png, device)
    steps = scripts.parse(args.script or "")
    autopilot = None if args.no_autopilot else Autopilot(args.game, options)
    asyncio.run(play(device, steps, autopilot))
    print_summary(device)
    return 0


def print_summary(device):
    app = device.app
    width, height = app.display.width, app.display.height
    for row in braille_rows(width, height, device.panel_pixel):
        print(row)
    screen = app.shell.screen
    if isinstance(screen, ResultsScreen):
        state = screen.session.state
        winners = state.winners()
        print("Final scores (%s, seed %d):" % (screen.session.module.TITLE, screen.session.seed))
        for seat, total in enumerate(state.scores()):
            mark = " *winner*" if seat in winners else ""
            parts = ", ".join("%s %d" % item for item in state.breakdown(seat))
            print("  %-6s %4d%s  %s" % (state.seat_name(seat), total, mark, parts))
    else:
        print("Screen: %s" % type(screen).__name__)
    panel = device.panel
    print(
        "panel: %d full + %d partial refreshes, %d bytes; %d protocol problems; "
        "%d ms of device time"
        % (
            panel.full_refreshes,
            panel.partial_refreshes,
            panel.bytes_received,
            panel.violation_count,
            device.clock.now,
        )
    )
