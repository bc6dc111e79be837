"""The Pico bench's recorded keys, shared by the probe that records them (tools/pico_probe.py)
and the device run that plays them again (tools/pico_device.py, on the emulated Pico and on
the 32-bit build). Kept small: a replay's own heap is counted apart.

One byte a press: the logical key (ui/keys.py, 0-7), STEP for a bot's move (Shell.step) and
GAME_OVER where a game's results came on show (a replay reports the scores there, and the bench
checks they are the recorded game's). The games are the same on every run: their seeds are
1, 2, 3... (`seeds`).
"""

import gc
import json

import micropython

STEP = 255
GAME_OVER = 254


def read(path):
    """The recorded keys one at a time, all read at once (a few hundred bytes a game) before the
    app starts: a file opened later takes a 1.1 KB buffer of littlefs's, which the app's own
    heap then had to find room for (On Track on 400x300 did not)."""
    with open(path, "rb") as source:
        return iter(source.read())


def seeds():
    """A seed source giving 1, 2, 3... for the games, the same on every run (a device takes
    its seeds from the chip's entropy)."""
    last = [0]

    def next_seed():
        last[0] += 1
        return last[0]

    return next_seed


class Run:
    def __init__(self, census=True):
        self.census = census  # False: no collection between presses (a device's heap)
        self.least_free = 1 << 30
        self.presses = 0
        self.scores = []  # at each GAME_OVER
        self.restart = False
        self.clearings_skipped = 0  # the app's, at the end (App._clearing_pass)
        self.strayed = None  # what showed that the replay left the recorded games

    def weigh(self):
        if not self.census:
            return
        gc.collect()
        free = gc.mem_free()
        if free < self.least_free:
            self.least_free = free


def game_over(run, screen):
    """The probe's game ended here: note the scores on show, or that the replay strayed."""
    session = getattr(screen, "session", None)
    if session is None or not session.state.is_terminal():
        run.strayed = "no game had ended where the probe's did"
    else:
        run.scores.append(session.state.scores())


def report(run, harness, failure):
    """Print the replay's report: one "REPLAY {json}" line, after MicroPython's "qstr pool:"
    line (the interned names at the end)."""
    micropython.qstr_info()
    summary = {
        "least_free": run.least_free if run.census else None,
        "harness": harness,
        "presses": run.presses,
        "scores": run.scores,
        "restart": run.restart,
        "clearings_skipped": run.clearings_skipped,
        "failure": run.strayed or failure,
    }
    print("REPLAY", json.dumps(summary))
