"""A whole simulated DiceTable: the firmware's App on fake hardware and a virtual clock.

The panel is the controller model of the board's panel (SSD1680 family or UC8151) wired to the
pins the board file names, the LEDs are a recorded bitstream, the buttons are input pins the
simulator drives to their pressed level (their interrupts wake the button task as on the
chip). Presses go through the real debounce/long-press code; the panel shows only what the
real driver sent.

Power-on follows main.py with the firmware's own boot.py: buttons `held` at power-on and the
failed-start counter on the flash folder choose the mode, a normal start arms the (fake)
watchdog, and an unhandled error shows the crash screen; `crash_code` then holds its code. A
new SimDevice on the same folder is the board switched on again (or reset).
"""

import asyncio
import os

import machine  # the fake, from hostsim/shims

from dicetable import boot, hardware
from dicetable.app import App
from dicetable.drivers.button_scanner import LoopFlag
from dicetable.drivers.fat_store import FatStore
from dicetable.drivers.storage import Store
from dicetable.kiosk.standby import for_board as kiosk_for_board
from dicetable.ui import keys
from hostsim.boards import check_simulated, load_board
from hostsim.vclock import VirtualClock

# How long the simulated finger holds a button: past the 50 ms debounce, well short of a long
# press; then a pause so the next press is a separate one.
PRESS_MS = 80
RELEASE_MS = 60
LONG_PRESS_MS = 1100
# A held key of a chord is down this long before the other press (a person's pace).
CHORD_HOLD_MS = 400
# A device that never becomes idle is a bug: give up after this much device time.
IDLE_LIMIT_MS = 600_000


class DeviceStuck(RuntimeError):
    pass


def panel_model(panel, clock):
    """The controller model for a board's panel entry (imported on demand: heap)."""
    if panel["driver"] == "uc8151":
        from hostsim.devices.uc8151 import UC8151Model

        return UC8151Model(clock)
    from hostsim.devices.ssd1680 import SSD1680Model

    return SSD1680Model(clock, panel["width"], panel["height"])


def _port(board):
    """The firmware's port module for the board's runtime, and how a pin name becomes the fake
    machine's line: MicroPython boards name lines by number, CircuitPython ones by `board` name
    (hostsim/circuitpython.py)."""
    if board.get("runtime") == "circuitpython":
        from hostsim import circuitpython

        circuitpython.reset_sim()
        return circuitpython.port(), circuitpython.pin_id
    return hardware, lambda pin: pin


def _entropy(seed):
    """A reproducible stand-in for os.urandom: n bytes that follow from the device's seed."""
    state = [seed & 0xFFFFFFFF or 1]

    def entropy(count):
        out = bytearray(count)
        for index in range(count):
            # xorshift32: enough for a PIN's salt in a simulator
            x = state[0]
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            state[0] = x
            out[index] = x & 0xFF
        return bytes(out)

    return entropy


class SimDevice:
    """`held`: button names (board file spelling) held down at power-on; they stay down until
    `release_held()`. `watchdog`: arm the fake watchdog in a normal start, as main.py does.
    `reset_cause`: what machine.reset_cause() says (machine.PWRON_RESET, WDT_RESET)."""

    def __init__(
        self,
        board_name,
        data_dir,
        seed=1,
        clock=None,
        held=(),
        watchdog=True,
        reset_cause=None,
        restart_ms=boot.CRASH_RESTART_MS,
    ):
        machine._reset_sim()
        self.board = load_board(board_name)
        check_simulated(board_name, self.board)
        self.clock = clock or VirtualClock()
        machine._set_time(self._now)
        if reset_cause is not None:
            machine._set_reset_cause(reset_cause)
        port, line = _port(self.board)
        self.port = port
        panel = self.board["panel"]
        self.panel = panel_model(panel, self.clock)
        # A CircuitPython bus has no number: the fake busio names it by its clock pin.
        bus = line(panel["sck"]) if port is not hardware else panel["spi"]
        self.panel.attach(
            bus, line(panel["cs"]), line(panel["dc"]), line(panel["rst"]), line(panel["busy"])
        )
        if hasattr(os, "makedirs"):  # CPython: nested folders; the device has one level
            os.makedirs(data_dir, exist_ok=True)
        # A CircuitPython board saves on its FAT drive, through the store code.py opens.
        self.store = (FatStore if port is not hardware else Store)(data_dir)
        self._pins = {}
        for name, pin in self.board["buttons"]["pins"].items():
            self._pins[name] = line(pin)
        self.led_line = line(self.board["matrix"]["pin"])  # where the LED bytes are recorded
        self._pressed_level = 1 if self.board["buttons"].get("active") == "high" else 0
        self._held = list(held)
        for name in self._held:
            machine._drive(self._pins[name], self._pressed_level)
        self.counter = boot.StartCounter(self.store)
        failed = self.counter.failed()
        self._strikes = boot.take_memory_strikes(self.store)
        held_now = port.held_buttons(self.board)
        self.mode = boot.choose_mode(self.board, held_now, failed, self._strikes)
        self._failed = failed
        self.restart_ms = restart_ms
        self.crash_code = None
        self.failure = None  # the error that stopped the app, if one did
        self.watchdog = boot.Watchdog(
            port.start_watchdog if watchdog and self.mode == boot.NORMAL else None
        )
        self.parts = boot.Parts()
        self.parts.display = port.build_display(self.board, self.clock)
        self.parts.leds = port.build_leds(self.board)
        # The fake pins call their IRQ handlers from the event loop's own thread, so the
        # loop-thread flag is right; the unix port's ThreadSafeFlag would also cost a system
        # poll() of about 2 ms in every scheduling round of the virtual clock.
        self.parts.buttons = port.build_buttons(self.board, self.clock, LoopFlag)
        seeds = [seed]

        def seed_source():
            # Each new game on this device gets the next seed: reproducible runs.
            seeds[0] += 1
            return seeds[0] - 1

        self._seed = seed
        self._seed_source = seed_source
        self.app = None
        self.kiosk = None
        self._build_error = None
        self.restarts = 0  # fresh starts (app.py): a game of another title resumed anew
        if self.mode in (boot.NORMAL, boot.SAFE):
            self._build_app()
        self._task = None
        self._keeper = None

    def _build_app(self):
        """The app as main.py builds it at each start of the interpreter."""
        self.counter.starting()
        boot.reserve()
        lines = boot.safe_lines(
            self.board, self._failed, boot.last_crash_code(self.store), self._strikes
        )
        try:
            # The fake machine's fixed unique id; entropy from the seed (reproducible PINs).
            self.kiosk = kiosk_for_board(
                self.board, self.store, self.clock, self.port.unique_id(), _entropy(self._seed)
            )
            self.app = App(
                self.board,
                self.parts.display,
                self.parts.leds,
                self.parts.buttons,
                self.store,
                self.clock,
                self._seed_source,
                watchdog=self.watchdog,
                safe_lines=lines if self.mode == boot.SAFE else None,
                on_healthy=self.counter.healthy,
                kiosk=self.kiosk,
            )
            self.parts.frame = self.app.frame
        except Exception as exc:  # the crash screen shows it once the device runs
            self._build_error = exc

    def _now(self):
        return self.clock.now

    # --- running ----------------------------------------------------------------------------
    def start(self):
        """Start the clock keeper and the app (call inside a running event loop). A device can
        be started again after `stop()`, like a board that is switched off and on."""
        self.clock.running = True
        self._keeper = asyncio.create_task(self.clock.keeper())
        if self.mode != boot.REPL:
            self._task = asyncio.create_task(self._guarded())

    async def _guarded(self):
        parts, clock, store = self.parts, self.clock, self.store
        code = await boot.guard(self._run_app, parts, clock, store, self.watchdog, self.restart_ms)
        self.crash_code = code

    async def _run_app(self):
        self.failure = None
        try:
            if self.mode == boot.HALT:
                code = boot.last_crash_code(self.store)
                await boot.halted(self.parts.display, self.board, self._failed, code)
                return
            if self._build_error is not None:
                raise self._build_error
            self.app.running = True
            await self.app.run()
            while self.app.restart_requested:
                # main.py soft-resets here; the panel keeps its picture, the drivers are
                # started again by the new app (a fresh interpreter is what the heap needs,
                # and Python on the host has no heap to refresh). The simulator's own hook
                # (pictures after each refresh) goes on with the new app.
                self.restarts += 1
                self.mode = boot.NORMAL
                on_refresh = self.app.on_refresh
                self._build_app()
                if self.app is not None:
                    self.app.on_refresh = on_refresh
                if self._build_error is not None:
                    raise self._build_error
                self.app.running = True
                await self.app.run()
        except Exception as exc:
            self.failure = exc
            raise

    async def wait_done(self, limit_ms=IDLE_LIMIT_MS):
        """Let device time pass until the firmware's task ends (a crash screen's wait, the halt
        screen); returns the crash code or None."""
        start = self.clock.now
        while self._task is not None and not self._task.done():
            await self.clock.sleep_ms(10)
            if self.clock.now - start > limit_ms:
                raise DeviceStuck("the firmware did not stop within %d ms" % limit_ms)
        return self.crash_code

    async def stop(self):
        if self.app is not None:
            self.app.running = False
        self.clock.running = False
        for task in (self._task, self._keeper):
            if task is not None:
                task.cancel()
        await asyncio.sleep(0)

    async def wait_idle(self, limit_ms=IDLE_LIMIT_MS):
        """Let device time pass until the app waits for a person (bots done, panel idle)."""
        start = self.clock.now
        while True:
            await self.clock.sleep_ms(10)
            if self.failure is not None:
                raise self.failure  # the crash screen is up: the test wants the cause
            if self.app is None:
                raise DeviceStuck("no app runs in %s mode" % boot.MODE_NAMES[self.mode])
            if self._task is not None and self._task.done():
                if hasattr(self._task, "result"):  # CPython: re-raise what ended the app
                    self._task.result()
                raise DeviceStuck("the app stopped")
            # BUSY also reads busy in deep sleep (the idle policy's), where nothing refreshes.
            if self.app.idle() and (self.panel.asleep or not self.app.display.busy()):
                return
            if self.clock.now - start > limit_ms:
                raise DeviceStuck("the device did not become idle within %d ms" % limit_ms)

    # --- buttons ----------------------------------------------------------------------------
    def _physical(self, key, long=True):
        """How to make `key` on this board: (button names, hold ms); `long=False`: not by a
        long press (a key that stays held while another is pressed)."""
        buttons = self.board["buttons"]
        wanted = keys.NAMES[key]
        for name in sorted(buttons["keys"]):
            if buttons["keys"][name] == wanted:
                return [name], PRESS_MS
        # 3-button boards: UP/DOWN are the same as PREV/NEXT (LEFT/RIGHT) on every screen.
        alias = {"UP": "LEFT", "DOWN": "RIGHT"}.get(wanted)
        for name in sorted(buttons["keys"]):
            if alias is not None and buttons["keys"][name] == alias:
                return [name], PRESS_MS
        for name in sorted(buttons.get("long", {}) if long else ()):
            if buttons["long"][name] == wanted:
                return [name], LONG_PRESS_MS
        for pair, chord_key in buttons.get("chords", ()):
            if chord_key == wanted:
                return list(pair), PRESS_MS
        raise ValueError("board %s has no way to press %s" % (self.board["name"], wanted))

    def release_held(self):
        """Let go of the buttons held since power-on."""
        for name in self._held:
            machine._drive(self._pins[name], None)
        self._held = []

    def watchdog_report(self):
        """How the fake watchdog was fed (see machine._watchdog_report)."""
        return machine._watchdog_report()

    async def press(self, key, long=False, wait=True):
        names, hold = self._physical(key)
        if long:
            hold = max(hold, LONG_PRESS_MS)
        for name in names:
            machine._drive(self._pins[name], self._pressed_level)
        await self.clock.sleep_ms(hold)
        for name in names:
            machine._drive(self._pins[name], None)
        await self.clock.sleep_ms(RELEASE_MS)
        if wait:
            await self.wait_idle()

    async def chord(self, held_key, key, wait=True):
        """Hold the button(s) for `held_key`, press `key` and let go of both: the kiosk's
        teacher chord is chord(BACK, OK). Then (`wait`) wait until the device is idle."""
        held, _hold = self._physical(held_key, long=False)
        for name in held:
            machine._drive(self._pins[name], self._pressed_level)
        await self.clock.sleep_ms(CHORD_HOLD_MS)
        await self.press(key, wait=False)
        for name in held:
            machine._drive(self._pins[name], None)
        await self.clock.sleep_ms(RELEASE_MS)
        if wait:
            await self.wait_idle()

    # --- what a person sees -----------------------------------------------------------------
    def panel_pixel(self, x, y):
        """Ink as a person sees it, ghosting speckles included (for the terminal view)."""
        return self.panel.seen(x, y)

    def led_rgb(self):
        """The LED matrix as logical row-major RGB (what the dice renderer drew)."""
        return bytes(self.app.led_frame)
