"""The device itself, for the Pico bench's heap figure: firmware/main.py as `make deploy` lays it
out, booted cold, with the keys the probe recorded (tools/pico_keys.py) in place of the buttons'
events. On the emulated Pico (bench_pico.device_image, weigh) and on the 32-bit unix build
(bench_pico.device_tree_unix, run_device_unix: the flash a littlefs image, tools/pico_flash.py;
the unix build's `machine` and `neopixel` from tools/pico_machine.py, pico_neopixel.py).

Everything else is the device's: main.py's boot mode, start counter, watchdog, crash reserve,
the real button scanner on the board's pins (started; its task waits for an edge that never
comes), the real panel and LED drivers and the App's own loop (App.run). Stand-ins, each for a
reason given where it is: the panel's SPI (the emulator does not drain an SPI FIFO), the clock
(sleeps move a virtual time on, so a bot's pause costs no emulated time), the seeds (1, 2, 3...
as the probe's, not the chip's entropy), and the power-on check of held buttons (the emulator
models no pull-ups, so every button would read held). After every key or bot move (App.tick,
wrapped) a gc.collect() and gc.mem_free() give the fullest moment, as the probe's census does.
What the harness holds itself is weighed before main.py is imported and reported apart.

    import gc, asyncio; gc.collect(); free = gc.mem_free(); import pico_device
    pico_device.device("pico_kiosk", "/keys", free)

A fresh start (a game of another title) ends the run with `restart` in its report; the bench
boots the next run on the same flash, which resumes that game.
"""

import asyncio
import gc
import time

import pico_keys as keys

_PRESS = 0  # ui/keys.py's PRESS: imported, the keys module would count as the harness's


class _Clock:
    """The device's clock (drivers/clock.py) on a virtual time line: a sleep moves the time on
    and only yields, so a bot's 0.7 s pause or a roll's frames take no emulated time (the
    emulator runs about 5 s per emulated second). The buttons' waits move it on too."""

    def __init__(self):
        self.skipped = 0

    def ticks_ms(self):
        return time.ticks_add(time.ticks_ms(), self.skipped)

    def ticks_add(self, ticks, delta):
        return time.ticks_add(ticks, delta)

    def ticks_diff(self, later, earlier):
        return time.ticks_diff(later, earlier)

    def sleep_ms(self, ms):
        self.skipped += max(ms, 0)
        return asyncio.sleep_ms(0)


class _Machine:
    """`machine` as dicetable/hardware.py sees it, but for SPI: the emulator does not drain an
    SPI FIFO (a write of more than its 8 bytes never ends), so the panel's bus is one that
    takes everything at once, as the probe's is."""

    def __init__(self, machine):
        self._machine = machine

    def __getattr__(self, name):
        return getattr(self._machine, name)

    def SPI(self, *args, **kwargs):  # noqa: N802  (machine's name)
        return _Wire()


class _Wire:
    """An SPI bus that takes every write at once."""

    def write(self, data):
        pass


class _Buttons:
    """The board's real button scanner, built and started as on the device (its task waits
    for a pin's interrupt that never comes), with the recorded keys in place of its events:
    a person's key when the next recorded one is a key, nothing while the next is a bot's
    move (the app makes it after its bot delay, and Shell.step, wrapped, moves past it)."""

    def __init__(self, scanner, recorded, run, clock):
        self.scanner = scanner
        self.clock = clock
        self.recorded = recorded
        self.run = run
        self.next = None

    def start(self):
        self.scanner.start()

    def deinit(self):
        self.scanner.deinit()

    def check(self):
        self.scanner.check()

    def read(self):
        return self.scanner.read()  # the crash screen reads the pins itself (recovery.py)

    def pending(self):
        return 0

    def peek(self):
        if self.next is None:
            self.next = next(self.recorded, None)
        return self.next

    def get_nowait(self):
        key = self.peek()
        if key is None or key >= keys.GAME_OVER:  # the end, or a bot's move or a game's end first
            return None
        self.next = None
        self.run.presses += 1
        return (_PRESS, key)

    async def wait(self, timeout_ms):
        key = self.peek()
        if key is not None and key < keys.GAME_OVER:
            return  # a person's key is ready
        if key == keys.STEP and self.run.app.shell.wants_step():
            await self.clock.sleep_ms(timeout_ms)  # the bot's pause, then the app moves it
            return
        # The app waits for a person where the recording has a bot's move, or the recording
        # ended in the middle of a game: a wait that would never end (the watchdog's feeds
        # cap it at a few seconds, so its timeout alone cannot tell).
        if key == keys.STEP:
            self.run.strayed = "the app waits for a key where the probe's bot moved"
        else:
            self.run.strayed = "the recording ended in the middle of a game"
        raise _Strayed(self.run.strayed)


class _Strayed(Exception):
    """Ends a device run that left the recorded games (boot.guard's crash path, then the
    reset, which `device` turns into the end of the run)."""


def device(board_name, keys_path, free_at_start, census=True):
    """Boot firmware/main.py (deployed as `make deploy` lays it out: main.py, board.mpy and the
    dicetable/ tree at the flash's root) with the recorded keys for buttons, and weigh the
    heap after every key or bot move (App.tick, wrapped). Stops when the keys run out. A
    crash's reset and a fresh start's new interpreter end the run instead (and say so)."""
    run = keys.Run(census)
    run.app = None
    recorded = keys.read(keys_path)
    gc.collect()
    harness = free_at_start - gc.mem_free()
    import machine

    from dicetable import hardware
    from dicetable.app import App
    from dicetable.drivers import clock as device_clock
    from dicetable.ui.shell import Shell

    build_buttons = hardware.build_buttons
    buttons = []

    def replayed_buttons(board, clock, flag_class=None):
        buttons.append(_Buttons(build_buttons(board, clock, flag_class), recorded, run, clock))
        return buttons[0]

    def stop(why):
        def stopped(*args):
            raise SystemExit(why)

        return stopped

    tick = App.tick
    step = Shell.step
    shell_init = Shell.__init__
    seed_source = keys.seeds()

    def seeded_init(shell, width, height, store, _entropy, *rest):
        shell_init(shell, width, height, store, seed_source, *rest)

    async def weighed_tick(app):
        run.app = app
        await tick(app)
        source = buttons[0]
        while source.peek() == keys.GAME_OVER:
            keys.game_over(run, app.shell.screen)
            source.next = None
        if source.peek() is None or run.strayed:
            app.running = False
        run.weigh()

    def counted_step(shell):
        source = buttons[0]
        if source.peek() == keys.STEP:
            source.next = None
            run.presses += 1
        else:
            run.strayed = "the app moved a bot where the probe pressed a key"
        step(shell)

    # The emulator models no pulls: every input reads low, which active-low buttons take for
    # held (and the SSD1680's BUSY for idle, as wanted). Held at power-on they would pick a
    # boot mode (boot.choose_mode); the scanner ignores buttons held when it starts
    # (press_classifier.ignore_held), as on a device whose button was down at boot, and
    # waits for an edge that never comes.
    hardware.held_buttons = lambda board: []
    hardware.build_buttons = replayed_buttons
    hardware.machine = _Machine(machine)
    device_clock.Clock = _Clock
    hardware.reset = stop("reset")  # after a crash screen
    hardware.fresh_interpreter = stop("fresh start")
    App.tick = weighed_tick
    Shell.step = counted_step
    Shell.__init__ = seeded_init  # the probe's seeds, not main.py's entropy
    failure = None
    try:
        __import__("main")
    except SystemExit as exc:
        if exc.args[0] == "fresh start" and not run.strayed:
            run.restart = True  # the bench goes on in a new interpreter, which resumes the game
        else:
            failure = "the app asked for a %s" % exc.args[0]
    if run.app is not None:
        run.clearings_skipped = run.app.clearings_skipped
    # main.py leaves its watchdog armed when the app ends (a device then restarts): stopped
    # here, or it resets the chip in the middle of the report.
    try:
        hardware.dangerous_stop_watchdog()
    except AttributeError:  # a unix build's `machine` has no registers to write
        pass
    keys.report(run, harness, failure)
