"""The Pico bench's heap run: whole games replayed from the keys the probe recorded
(tools/pico_probe.py, `record=`), with neither the probe nor the simulator's autopilot loaded.

Why a second harness: the probe and the autopilot hold about 7.4 KB of the heap and about 100
interned names (qstrs), and MicroPython takes names in pools that double (docs/device.md). A
game whose own names are under a step could be put over it by the harness's, and pay a whole
pool (7.9 KB on the RP2040) that a device never pays; subtracting the harness's bytes cannot
undo that. This one holds about 2 KB and a few dozen names. What it holds is weighed before
the app comes in and reported as "harness", so least free plus harness is the device's figure.

The games are the same: the seeds are (pico_fakes.build_app), and so are the keys, in the
order the probe pressed them, each followed by what App.tick does after a key (the probe's
_press, without the timing). At each GAME_OVER the scores on show are reported; the bench
checks that they are the recorded game's. After every press, as in the probe's census, a
gc.collect() and gc.mem_free() give the fullest moment.

    import gc; gc.collect(); free = gc.mem_free(); import pico_replay
    pico_replay.main("pico_ssd1680", "data/keys", "data/probe", free)

prints one "REPLAY {json}" line (pico_keys.report). tools/pico_device.py replays the same keys
on the device's own main.py, on the emulated Pico.
"""

import asyncio
import gc
import sys

import pico_keys as keys
from pico_fakes import build_app, clear


async def _replay(app, recorded, run):
    await app.display.init()
    await app.present()
    run.weigh()
    shell = app.shell
    for key in recorded:
        if app._on_healthy is not None and not shell.wants_step():
            # As App.tick does before a person's key: the start counts as good (boot.py), else
            # three fresh starts in a row would be taken for failed ones and boot safe mode.
            healthy, app._on_healthy = app._on_healthy, None
            healthy()
        if key == keys.GAME_OVER:
            keys.game_over(run, shell.screen)
            continue
        if key == keys.STEP:
            if not shell.wants_step():
                run.strayed = "no bot was to move where the probe's did"
                return
            shell.step()
        else:
            shell.handle(key)
        run.presses += 1
        if shell.restart_pending:  # a game of another title: the board starts afresh
            app._write_behind()
            run.restart = True
            return
        app._activity()
        await app.present()
        app._write_behind()  # as App._next_key does before it waits
        app._tidy_heap()
        run.weigh()


def main(board_name, keys_path, data_dir, free_at_start, resumed=False, census=True):
    """Replay `keys_path` on `board_name` with the app pico_fakes.build_app builds as main.py
    does; `free_at_start`: gc.mem_free() before this module was imported. `resumed`: the run
    goes on from the last one's `data_dir` (a fresh start). Without `census` nothing collects
    between presses (a device's fragmented heap: does every allocation still find room?)."""
    gc.collect()
    harness = free_at_start - gc.mem_free()
    run = keys.Run(census)
    failure = None
    if not resumed:
        clear(data_dir)
    app = None
    try:
        app = build_app(board_name, data_dir)
        asyncio.run(_replay(app, keys.read(keys_path), run))
    except MemoryError as exc:
        sys.print_exception(exc)
        failure = "MemoryError after %d presses: %s" % (run.presses, exc)
    if app is not None:
        run.clearings_skipped = app.clearings_skipped
    app = None
    keys.report(run, harness, failure)
