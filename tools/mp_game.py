"""A whole game, UI, panel driver and all, on the simulated board under MicroPython.

    MICROPYPATH=.frozen:firmware:hostsim/shims:. micropython -X heapsize=N tools/mp_game.py \
        BOARD PLAYERS BOTS OPTION SEED DATA_DIR [GAME]

OPTION is Cybo's level, or KEY=VALUE pairs joined by commas (map=kagkot), or "-" for none;
GAME defaults to cybo; games joined by "+" (ontrack+dicetrip) are played one after the other
on the same device, back through the menu (`Pilot`). The pair kiosk=on in OPTION first
switches kiosk mode on in the kiosk's settings on the flash folder, as a teacher would (a
PIN, then the settings: `switch_kiosk_on`); the game then goes through the kiosk's menu, the
guided round, the results log and the high-score entry (`Pilot` types the initials).

Prints "GAME OK" and the scores when the game reached its results screen; `make bench` bisects
the heap size with it, and a test runs it at the functional test heap (and imports the helpers
here to play the same game on CPython). It runs from source in the heap it measures: keep it
short (tools/bench_device.py brings its census of the heap along in its own code).
"""

import asyncio
import gc
import sys

from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

KIOSK_PIN = "2468"
# Kiosk mode on; room for six players (the default offers four) and no idle reset while the
# bots of a long game move on their own (button presses are the only input that counts).
KIOSK_SETTINGS = {"enabled": True, "max_players": 6, "idle_s": 3600}
_SALT = b"mp_game salt"


def options_for(players, bots, option):
    """(autopilot options, kiosk mode on) from the command line's PLAYERS BOTS OPTION."""
    options = {"players": int(players), "bots": int(bots)}
    if "=" in option:
        for pair in option.split(","):
            key, value = pair.split("=")
            options[key] = value
    elif option != "-":
        options["level"] = option
    kiosk = options.pop("kiosk", "off") == "on"
    return options, kiosk


def switch_kiosk_on(data_dir):
    """Write the kiosk's settings with kiosk mode on into a device's flash folder, through the
    kiosk's own files: the first PIN (which leaves the lock open), then one settings change.
    Under MicroPython the modules it loaded are dropped again: the device loads its own."""
    from dicetable.core.modules import forget_modules
    from dicetable.drivers.storage import Store
    from dicetable.kiosk.controller import kiosk_choices
    from dicetable.kiosk.settings import KioskSettings
    from dicetable.kiosk.teacher_lock import TeacherLock
    from hostsim.vclock import VirtualClock

    store = Store(data_dir)
    lock = TeacherLock(store, VirtualClock(), 0)
    settings = KioskSettings(store, lock, kiosk_choices())
    if not (lock.set_pin(KIOSK_PIN, _SALT, 0) and settings.change(KIOSK_SETTINGS, 0)):
        raise OSError(lock.error or settings.error)
    if sys.implementation.name == "micropython":
        names = ("settings", "teacher_lock", "results_log")
        forget_modules(["dicetable.kiosk." + name for name in names])


class Pilot:
    """Autopilots for GAME (one game, or several joined by "+", played one after the other):
    at each game's results but the last, OK goes back to the menu and the next game's
    autopilot takes over. OK also types a high-score entry's initials ("AAA")."""

    def __init__(self, games, options):
        self.pilots = [Autopilot(game, options) for game in games.split("+")]
        self.finished = False

    def next_key(self, shell):
        from dicetable.ui import keys

        screen = shell.screen
        if hasattr(screen, "places") and hasattr(screen, "initials"):
            return keys.OK
        key = self.pilots[0].next_key(shell)
        if key is None and self.pilots[0].finished:
            self.pilots.pop(0)
            self.finished = not self.pilots
            return None if self.finished else keys.OK
        return key


def main(argv, watch=None):
    """`watch(device)`: called once the device is built, before the game (the bench's census)."""
    board, players, bots, option, seed, data_dir = argv[1:7]
    game = argv[7] if len(argv) > 7 else "cybo"
    options, kiosk = options_for(players, bots, option)
    if kiosk:
        switch_kiosk_on(data_dir)
    # Collect every 16 KB allocated, as tools/mptest.py does and for the same reason: left to
    # the moment the heap is full, garbage interleaves with what lives on, and whether a 1.5 KB
    # allocation then fails with 70 KB free depended on the length of the data folder's path.
    if hasattr(gc, "threshold"):
        gc.threshold(16384)
    gc.collect()
    device = SimDevice(board, data_dir, int(seed))
    if watch is not None:
        watch(device)
    asyncio.run(play(device, [], Pilot(game, options)))
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


if __name__ == "__main__":
    main(sys.argv)
