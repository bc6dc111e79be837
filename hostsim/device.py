"""A whole simulated DiceTable: the firmware's App on fake hardware and a virtual clock.

The panel is the controller model of the board's panel (SSD1680 family or UC8151) wired to the
pins the board file names, the LEDs are a recorded bitstream, the buttons are input pins the
simulator drives to their pressed level. Presses go through the real debounce/long-press code;
the panel shows only what the real driver sent.
"""

import asyncio
import os

import machine  # the fake, from hostsim/shims

from dicetable.app import App
from dicetable.drivers.storage import Store
from dicetable.hardware import build_buttons, build_display, build_leds
from dicetable.ui import keys
from hostsim.boards import load_board
from hostsim.vclock import VirtualClock

# How long the simulated finger holds a button: past the 50 ms debounce, well short of a long
# press; then a pause so the next press is a separate one.
PRESS_MS = 80
RELEASE_MS = 60
LONG_PRESS_MS = 1100
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


class SimDevice:
    def __init__(self, board_name, data_dir, seed=1, clock=None):
        machine._reset_sim()
        self.board = load_board(board_name)
        self.clock = clock or VirtualClock()
        panel = self.board["panel"]
        self.panel = panel_model(panel, self.clock)
        self.panel.attach(panel["spi"], panel["cs"], panel["dc"], panel["rst"], panel["busy"])
        if hasattr(os, "makedirs"):  # CPython: nested folders; the device has one level
            os.makedirs(data_dir, exist_ok=True)
        self.store = Store(data_dir)
        seeds = [seed]

        def seed_source():
            # Each new game on this device gets the next seed: reproducible runs.
            seeds[0] += 1
            return seeds[0] - 1

        self.app = App(
            self.board,
            build_display(self.board, self.clock),
            build_leds(self.board),
            build_buttons(self.board, self.clock),
            self.store,
            self.clock,
            seed_source,
        )
        self._pins = self.board["buttons"]["pins"]
        self._pressed_level = 1 if self.board["buttons"].get("active") == "high" else 0
        self._task = None

    # --- running ----------------------------------------------------------------------------
    def start(self):
        """Start the clock keeper and the app (call inside a running event loop). A device can
        be started again after `stop()`, like a board that is switched off and on."""
        self.clock.running = True
        self.app.running = True
        self._keeper = asyncio.create_task(self.clock.keeper())
        self._task = asyncio.create_task(self.app.run())

    async def stop(self):
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
            if self._task is not None and self._task.done():
                if hasattr(self._task, "result"):  # CPython: re-raise what ended the app
                    self._task.result()
                raise DeviceStuck("the app stopped")
            if self.app.idle() and not self.app.display.busy():
                return
            if self.clock.now - start > limit_ms:
                raise DeviceStuck("the device did not become idle within %d ms" % limit_ms)

    # --- buttons ----------------------------------------------------------------------------
    def _physical(self, key):
        """How to make `key` on this board: (button names, hold ms)."""
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
        for name in sorted(buttons.get("long", {})):
            if buttons["long"][name] == wanted:
                return [name], LONG_PRESS_MS
        for pair, chord_key in buttons.get("chords", ()):
            if chord_key == wanted:
                return list(pair), PRESS_MS
        raise ValueError("board %s has no way to press %s" % (self.board["name"], wanted))

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

    # --- what a person sees -----------------------------------------------------------------
    def panel_pixel(self, x, y):
        """Ink as a person sees it, ghosting speckles included (for the terminal view)."""
        return self.panel.seen(x, y)

    def led_rgb(self):
        """The LED matrix as logical row-major RGB (what the dice renderer drew)."""
        return bytes(self.app.led_frame)
