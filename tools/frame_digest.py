"""Fingerprints of everything the device shows and saves, for proving a change behaviour-neutral.

    python tools/frame_digest.py [--boards sim296,sim400] [--out FILE]

Plays a fixed set of runs on the simulated boards through button presses only - whole games of
every title (every Trek 12 map, every Cybo level), the how-to pages, the teacher's lock and
kiosk mode with the attract loop - and prints one line per run: the number of refreshes, a
sha256 over every frame the app handed to the panel driver, the panel's byte count, a sha256 of
the files left on the simulated flash (the journals, results log, settings), and last a sha256 of
the LED frame at each refresh (it shows a roll's first frame since rolls animate between
keys). Run it before and after a refactor; `diff` the two outputs.
"""

import argparse
import asyncio
import hashlib
import os
import sys
import tempfile

sys.path[:0] = ["firmware", "hostsim/shims", "."]

from dicetable.ui import keys  # noqa: E402
from hostsim.autopilot import Autopilot  # noqa: E402
from hostsim.device import SimDevice  # noqa: E402
from hostsim.drive import play  # noqa: E402

# (name, game, setup options) for whole games played by the autopilot.
GAMES = (
    ("cybo-beginner", "cybo", {"players": 3, "bots": 2, "level": "beginner"}),
    ("cybo-advanced", "cybo", {"players": 2, "bots": 1, "level": "advanced"}),
    ("cybo-master", "cybo", {"players": 3, "bots": 3, "level": "master", "grid": "columns"}),
    ("cybo-grandmaster", "cybo", {"players": 6, "bots": 5, "level": "grandmaster"}),
    ("gang-4", "gang", {"players": 4, "bots": 3}),
    ("gang-2", "gang", {"players": 2, "bots": 1}),
    ("ontrack-2", "ontrack", {"players": 2, "bots": 1}),
    ("ontrack-dice", "ontrack", {"players": 1, "bots": 0, "mode": "dice"}),
    ("dicetrip-2", "dicetrip", {"players": 2, "bots": 1}),
    ("dicetrip-dice", "dicetrip", {"players": 1, "bots": 0, "mode": "dice"}),
) + tuple(
    ("trek12-" + map_id, "trek12", {"players": 2, "bots": 1, "map": map_id})
    for map_id in ("dunai", "kagkot", "dhaulagiri", "jampa", "christmas", "zen", "containment")
)

# Key scripts from the menu: each game's how-to pages (setup, down from Start to "How to play",
# OK, the pages).
HOWTO = tuple(
    (
        "howto-%d" % index,
        ("DOWN*%d " % index if index else "") + "OK DOWN OK RIGHT*6 LEFT OK*8 BACK BACK",
    )
    for index in range(5)
)


class Recorder:
    """Hashes the app's frame and LED frame after every refresh."""

    def __init__(self):
        self.digest = hashlib.sha256()
        self.led_digest = hashlib.sha256()
        self.count = 0

    def __call__(self, app):
        self.count += 1
        self.digest.update(bytes(app.frame))
        self.led_digest.update(bytes(app.led_frame))


def _flash_digest(folder):
    digest = hashlib.sha256()
    for name in sorted(os.listdir(folder)):
        digest.update(name.encode())
        with open(os.path.join(folder, name), "rb") as file:
            digest.update(file.read())
    return digest.hexdigest()[:16]


def _device(board, folder, seed):
    device = SimDevice(board, folder, seed=seed)
    recorder = Recorder()
    device.app.on_refresh = recorder
    return device, recorder


async def _kiosk(device):
    """The teacher chord, a PIN typed twice, kiosk mode on, lock and leave, a minute idle (the
    attract loop), a key, then Trek 12's setup and back."""
    device.start()
    try:
        await device.wait_idle()
        await device.chord(keys.BACK, keys.OK)
        for _ in range(2):
            for digit in "2468":
                for _ in range(" 0123456789".index(digit)):
                    await device.press(keys.RIGHT)
                await device.press(keys.OK)
            await device.press(keys.OK)
        for key in (keys.DOWN, keys.OK, keys.UP, keys.UP, keys.OK):
            await device.press(key)
        for _ in range(3):
            await device.clock.sleep_ms(61_000)
            await device.wait_idle()
        for key in (keys.OK, keys.DOWN, keys.OK, keys.BACK, keys.DOWN, keys.DOWN):
            await device.press(key)
        await device.wait_idle()
    finally:
        await device.stop()


def _line(name, board, recorder, device, folder):
    return "%-18s %-12s refreshes %4d frames %s panel %7d bytes flash %s leds %s" % (
        name,
        board,
        recorder.count,
        recorder.digest.hexdigest()[:16],
        device.panel.bytes_received,
        _flash_digest(folder),
        recorder.led_digest.hexdigest()[:16],
    )


def runs(board, only=""):
    """One line per run on `board` (those whose names start with `only`)."""
    from hostsim import script

    for index, (name, game_id, options) in enumerate(GAMES):
        if not name.startswith(only):
            continue
        with tempfile.TemporaryDirectory() as folder:
            device, recorder = _device(board, folder, 100 + index)
            asyncio.run(play(device, [], Autopilot(game_id, options)))
            yield _line(name, board, recorder, device, folder)
    for name, keys_text in HOWTO:
        if not name.startswith(only):
            continue
        with tempfile.TemporaryDirectory() as folder:
            device, recorder = _device(board, folder, 1)
            asyncio.run(play(device, script.parse(keys_text), None))
            yield _line(name, board, recorder, device, folder)
    if not "kiosk".startswith(only):
        return
    with tempfile.TemporaryDirectory() as folder:
        device, recorder = _device(board, folder, 1)
        asyncio.run(_kiosk(device))
        yield _line("kiosk", board, recorder, device, folder)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", default="sim296,sim400,sim_badger")
    parser.add_argument("--out", help="also write the lines to this file")
    parser.add_argument("--only", default="", help="only the runs whose names start so")
    args = parser.parse_args(argv)
    lines = []
    for board in args.boards.split(","):
        for line in runs(board, args.only):
            print(line, flush=True)
            lines.append(line)
    if args.out:
        with open(args.out, "w") as file:
            file.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
