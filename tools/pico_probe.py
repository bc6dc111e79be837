"""Whole games on a real MicroPython, timed from inside: the device half of the Pico bench's
time figures (tools/bench_pico.py runs it on the emulated RP2040 and on the 32-bit build).

The app is pico_fakes.build_bare_app's: the device's App, shell, SSD1680 and LED drivers and
journal on stand-in wires, without main.py's boot layer (about 25 KB less than a device holds;
the probe and the autopilot take 7.4 KB of that). Its interned names are as many as the
device's, though: the probe takes MicroPython's next pool of names as main.py's boot does
(_device_names), because every new str the app makes costs a search of all of them (without,
the presses of session 19 read 4-5 ms less than the device spends). The keys come from the
simulator's autopilot, one at a time, the way App.tick handles them; this loop replaces
App.run, which waits for pins. With `record` it writes the keys it pressed
(tools/pico_keys.py): the heap is weighed by replaying them with nothing of the probe loaded:
tools/pico_device.py, the device's own main.py, on the emulated Pico and on the 32-bit build.

Each press is timed with time.ticks_us from the key to the frame handed to the driver and the
LED frame written, split into: rules (shell.handle: the rules, the bots, the journal's line
made), render (shell.draw), plan (the refresh planner), driver (display.show: window
conversion; the bus is free) and leds. What the app does while the panel refreshes
(App._while_refreshing: writing the journal's new lines, a screen's prefetch, the heap chore),
what the driver does once the refresh has ended (PanelBus._refreshed: the SSD1680's old-image
plane brought up to the glass), and what the app does before it waits for the next key, is
timed apart ("tidy", "chores" in the bench): on the device it overlaps the refresh, whose own
time is not counted either, or follows it.
A press that opens a title's setup screen (it imports the title's package and option rows) and
the press that starts a game (it imports the rest) are counted apart from the others: they are
the two steps of a game's start, whose budget is its own.
The parts are reported twice: over every refresh (bot moves and game starts included, so a
bot's decision is in its "rules"), and over a person's presses alone ("press_parts"), whose
means add up to the press mean.
A bot's or a hint's decision is timed by itself.

Two kinds of run, because weighing the heap changes the times. With `census` (the recording
run), after every press, outside the timed part, a gc.collect() and gc.mem_free() give the
fullest moment of the probe's own app. Without it (the time run) the heap is left as a device
leaves it: collected only when an allocation finds no room, inside whichever press that is,
which is where its time belongs.
A collection after every press would put every press right after one, and on MicroPython that
is the slowest moment for a while: a Python function whose arguments, locals and stack take
more than 11 words gets its frame from the heap at every call (py/objfun.c,
VM_MAX_STATE_ON_STACK), and a block of several words is searched for from the lowest free
block up, which after a collection is the start of a fragmented heap (py/gc.c). Measured in
session 13, a 4-seat Dice Trip on 296x128: 76.7 ms a press with the census, 67.9 without.

    probe.main("pico_ssd1680", "cybo:3:2:-,trek12:6:5:map=zen", "/probe", 1, census=False)

prints one line per game ("GAME ...") and one "PICO {json}" summary line at the end.
"""

import asyncio
import gc
import json
import sys
import time

import micropython
from pico_fakes import build_bare_app, clear
from pico_keys import GAME_OVER, STEP

from dicetable.ui import keys

_ticks_us = time.ticks_us
_diff = time.ticks_diff
_PARTS = ("rules", "render", "plan", "driver", "leds")
# A game that needs more presses than this has an autopilot stuck on a screen.
_MAX_PRESSES = 4000
# main(..., trace=True): one "PRESS" line per person's press with its parts, to see which
# presses cost what (tools/bench_pico.py --trace).
_trace = False
# main(..., census=False): no gc.collect() between presses (see the docstring).
_census_on = True


class _Restart(Exception):
    """The app saved a game of another title and asks for a fresh interpreter (app.py)."""


class _Figure:
    """Mean and worst of a run of µs figures, kept as running sums: a list per press would
    itself fill the heap over a long soak."""

    def __init__(self):
        self.total = 0
        self.worst = 0
        self.count = 0
        self.last = 0

    def add(self, us):
        self.total += us
        self.count += 1
        self.last = us
        if us > self.worst:
            self.worst = us

    def summary(self):
        return [self.total // self.count if self.count else 0, self.worst, self.count]


class _Stats:
    def __init__(self):
        self.presses = _Figure()  # total µs per key press
        self.steps = _Figure()  # total µs per automatic move (a bot's), its decision included
        self.parts = {}  # over every refresh
        self.press_parts = {}  # over a person's presses (not bot moves, not game starts)
        for name in _PARTS:
            self.parts[name] = _Figure()
            self.press_parts[name] = _Figure()
        self.decisions = _Figure()
        self.tidy = _Figure()  # the chores off a press's path (_chore: "chores" in the bench)
        self.tidy_us = 0
        self.least_free = 1 << 30
        self.wrapped = []  # timed game modules, each followed by its (name, function)s
        self.starts = _Figure()  # presses that started a game
        # Presses that opened a title's setup screen from the menu: they import the title's
        # package and its option rows (its data with them), 60-100 ms, the first step of a
        # game's start; the panel's full refresh of the new screen follows (about 1.4 s).
        self.opens = _Figure()

    def add(self, name, us):
        self.parts[name].add(us)


def _timed(stats, name, function):
    def timed(*args):
        start = _ticks_us()
        result = function(*args)
        stats.add(name, _diff(_ticks_us(), start))
        return result

    return timed


def _instrument(app, stats):
    """Wrap the parts of App.present with timers (instance attributes shadow the methods)."""
    shell = app.shell
    shell.draw = _timed(stats, "render", shell.draw)
    app.planner.plan = _timed(stats, "plan", app.planner.plan)
    show_panel = app.display.show
    show_leds = app._present_leds
    tidy = app._while_refreshing

    def chore():
        # The app's chores run while the panel refreshes, which takes no time here: they are
        # timed apart ("tidy") and taken out of the press, as the glass's own time is.
        _chore(stats, tidy)

    async def driver(*args):
        start = _ticks_us()
        tidied = stats.tidy_us
        await show_panel(*args)
        stats.add("driver", _diff(_ticks_us(), start) - (stats.tidy_us - tidied))

    async def leds():
        start = _ticks_us()
        await show_leds()
        stats.add("leds", _diff(_ticks_us(), start))

    refreshed = app.display._refreshed

    def caught_up():
        # The driver's work once the glass shows the picture (PanelBus._refreshed): after
        # the refresh, off the press's path as the chores are, and timed with them.
        _chore(stats, refreshed)

    app.display.show = driver
    app.display.while_refreshing = chore
    app.display._refreshed = caught_up
    app._present_leds = leds


def _chore(stats, work):
    start = _ticks_us()
    work()
    spent = _diff(_ticks_us(), start)
    stats.tidy.add(spent)
    stats.tidy_us += spent


def _time_decisions(stats, module):
    """Time the game's bot and hint decisions (the session looks them up at each call); a
    module is wrapped once (MicroPython functions take no attributes to mark them)."""
    wrapped = stats.wrapped
    if module in wrapped:
        return
    wrapped.append(module)
    for name in ("bot_action", "hint"):
        function = getattr(module, name, None)
        if function is not None:
            setattr(module, name, _decision_timer(stats, function))
            wrapped.append((name, function))


# At a game's end the game's own functions go back and the module is let go: held here, it
# would keep the whole game's code alive past the menu, which drops it, and the next game of
# that title would import a second copy (a heap the device never has).
def _unwrap(stats):
    module = None
    for item in stats.wrapped:
        if isinstance(item, tuple):
            setattr(module, item[0], item[1])
        else:
            module = item
    del stats.wrapped[:]


def _decision_timer(stats, function):
    def timed(*args):
        start = _ticks_us()
        result = function(*args)
        stats.decisions.add(_diff(_ticks_us(), start))
        return result

    return timed


def _census(stats):
    if not _census_on:
        return
    gc.collect()
    free = gc.mem_free()
    if free < stats.least_free:
        stats.least_free = free


async def _press(app, stats, key):
    """Handle one key (None: a bot's move) as App.tick does. A press that starts a game (it
    imports the game's modules) is counted apart, as the budgets count it apart."""
    shell = app.shell
    starting = key is not None and shell.game_state() is None
    on_menu = type(shell.screen).__name__ == "MenuScreen"
    before = [stats.parts[name].total for name in _PARTS]
    refreshes = app.refreshes
    tidied = stats.tidy_us
    start = _ticks_us()
    if key is None:
        shell.step()
    else:
        shell.handle(key)
    stats.add("rules", _diff(_ticks_us(), start))
    if shell.restart_pending:
        app._write_behind()  # as App.run does on its way out: the new game's header
        raise _Restart()
    app._activity()
    await app.present()
    took = _diff(_ticks_us(), start) - (stats.tidy_us - tidied)
    # As App._next_key does before it waits (for a press or a bot's move that changed nothing
    # on the glass: the journal's lines no refresh wrote, the heap no refresh tidied). Chores
    # between keys, timed with the others.
    _chore(stats, app._write_behind)
    _chore(stats, app._tidy_heap)
    if key is None:
        stats.steps.add(took)
    elif starting and shell.game_state() is not None:
        stats.starts.add(took)
    elif key is not None and on_menu and type(shell.screen).__name__ == "SetupScreen":
        stats.opens.add(took)
    else:
        stats.presses.add(took)
        spent = []
        for index in range(len(_PARTS)):
            part = _PARTS[index]
            spent.append(stats.parts[part].total - before[index])
            stats.press_parts[part].add(spent[-1])
        if _trace:
            kind, rect, sent = app.last_refresh if app.refreshes > refreshes else (0, None, 0)
            print("PRESS", key, type(shell.screen).__name__, took, spent, kind, rect, sent)


async def play(app, stats, plan, autopilot_class, results):
    start = _ticks_us()
    await app.display.init()
    await app.present()
    boot_us = _diff(_ticks_us(), start)
    _census(stats)
    shell = app.shell
    for game_id, players, bots, option in plan:
        options = {"players": players, "bots": bots}
        if option != "-":
            for pair in option.split(","):
                key, value = pair.split("=")
                options[key] = value
        pilot = autopilot_class(game_id, options)
        presses = 0
        decisions = stats.decisions = _Figure()  # this game's
        start_us = 0
        while True:
            key = _next_key(shell, pilot)
            if key is None and pilot.finished:
                break
            if key is None and not shell.wants_step():
                raise RuntimeError("autopilot has no key on %r" % (shell.screen,))
            session = getattr(shell.screen, "session", None)
            if session is not None:
                _time_decisions(stats, session.module)
            starts = stats.starts.count
            _record(STEP if key is None else key)
            await _press(app, stats, key)
            if stats.starts.count > starts:
                start_us = stats.starts.last  # the press that imported and started the game
            presses += 1
            if presses > _MAX_PRESSES:
                raise RuntimeError("no end after %d presses on %r" % (presses, shell.screen))
            _census(stats)
        state = shell.screen.session.state
        results.append((game_id, state.scores(), presses, decisions.summary(), start_us))
        print("GAME", game_id, "scores", state.scores(), "presses", presses)
        state = session = None
        _unwrap(stats)
        _record(GAME_OVER)
        _record(keys.OK)
        await _press(app, stats, keys.OK)  # back to the menu
        _census(stats)
    return boot_us, results


class _Recorder:
    """The run's keys for the replays (tools/pico_keys.py), written to `path` 64 at a time so
    that the record holds little of the heap whose run it records."""

    def __init__(self, path):
        self.path = path
        self.kept = bytearray()
        open(path, "wb").close()

    def add(self, byte):
        self.kept.append(byte)
        if len(self.kept) >= 64:
            self.flush()

    def flush(self):
        with open(self.path, "ab") as out:
            out.write(self.kept)
        self.kept = bytearray()


_recorder = None  # main(..., record=path)


def _record(byte):
    if _recorder is not None:
        _recorder.add(byte)


def _next_key(shell, pilot):
    screen = shell.screen
    if hasattr(screen, "places") and hasattr(screen, "initials"):
        return keys.OK
    return pilot.next_key(shell)


def _device_names():
    """The interned names as the device has them when its app starts: firmware/main.py's boot
    layer takes MicroPython's next pool of names with throwaway ones (boot.take_name_pool),
    and every new str the app makes is first looked for among all of them, one by one
    (py/qstr.c: about 0.16 us a name on the emulated RP2040, so 200 us a str at 1,200
    names). Without them, the probe's presses would cost less than the device's. The boot
    module goes again (its own names stay, as on the device, where it stays loaded). Returns
    how many throwaway names were interned (0 off MicroPython)."""
    from dicetable import boot
    from dicetable.core.modules import forget_modules

    taken = boot.take_name_pool()
    forget_modules(["dicetable.boot"])
    gc.collect()
    return taken


def main(
    board_name,
    plan_text,
    data_dir="/probe",
    imported_at=None,
    resumed=False,
    trace=False,
    census=True,
    record=None,
):
    """Play `plan_text` ("game:players:bots:option,...") on `board_name`; print the figures.
    `imported_at`: time.ticks_us() before this module was imported, so that the boot figure
    includes importing the app's modules.

    On a board with a fresh start (app.py) a game of another title ends the run: "restart" in
    the report is its index in the plan, and the caller runs the rest of the plan in a new
    interpreter with `resumed=True`, which keeps `data_dir` and so boots into that game.

    `record`: a file to write the run's keys to (tools/pico_keys.py), for the replays."""
    from autopilot import Autopilot  # hostsim/autopilot.py, put beside this file

    global _trace, _census_on, _recorder
    _trace = trace
    _census_on = census
    _recorder = _Recorder(record) if record else None

    plan = []
    for item in plan_text.split(","):
        game_id, players, bots, option = item.split(":", 3)
        plan.append((game_id, int(players), int(bots), option.replace(";", ",")))
    if not resumed:
        clear(data_dir)
    gc.collect()
    stats = _Stats()
    start = _ticks_us()
    app = build_bare_app(board_name, data_dir)
    _instrument(app, stats)
    built_us = _diff(_ticks_us(), start)
    pooled = _device_names()
    failure = None
    restart = None
    results = []
    boot_us = 0
    try:
        boot_us, results = asyncio.run(play(app, stats, plan, Autopilot, results))
    except _Restart:
        restart = len(results)
    except MemoryError as exc:
        sys.print_exception(exc)  # where: the report keeps only the message
        # The heap ran out: say in which game (the device's own handling is not measured).
        failure = "MemoryError in game %d of %d (%s): %s" % (
            len(results) + 1,
            len(plan),
            plan[len(results)][0],
            exc,
        )
    if _recorder is not None:
        _recorder.flush()
    report = {
        "board": board_name,
        "build_us": built_us,
        "pooled_names": pooled,
        "first_screen_us": boot_us,
        "boot_us": _diff(start, imported_at) + built_us + boot_us if imported_at else 0,
        "press": stats.presses.summary(),
        "open": stats.opens.summary(),
        "step": stats.steps.summary(),
        "tidy": stats.tidy.summary(),
        "least_free": stats.least_free if census else None,
        "panel_bytes": app.panel_bytes,
        "refreshes": app.refreshes,
        "clearings_skipped": app.clearings_skipped,  # for want of heap (App._clearing_pass)
        "games": [],
        "failure": failure,
        "restart": restart,
    }
    report["press_parts"] = {}
    for name in _PARTS:
        report[name] = stats.parts[name].summary()
        report["press_parts"][name] = stats.press_parts[name].summary()
    for game_id, scores, presses, decisions, start_us in results:
        report["games"].append(
            {
                "game": game_id,
                "scores": scores,
                "presses": presses,
                "decision": decisions,
                "start_us": start_us,
            }
        )
    # The interned names (qstrs) at the end, the probe's and autopilot's ~100 included: their
    # pools double, so a count just over a step costs a whole pool (docs/device.md). Printed by
    # MicroPython itself as "qstr pool: ... n_qstr=N ..." (bench_pico reads it).
    micropython.qstr_info()
    print("PICO", json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "/tmp/pico-probe")
