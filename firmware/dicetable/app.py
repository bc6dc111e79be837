"""The device's main loop: buttons in, shell (screens and games) in the middle, panel and LEDs
out. Everything is asyncio, so a browser or the simulator can drive the same loop.

Hardware arrives already built (see hardware.py), so this module never imports `machine`; the
clock is injected too, which is how the simulator runs it on virtual time.
"""

import framebuf
from micropython import const

from dicetable.ui import dice_leds, led_views, refresh
from dicetable.ui.keys import PRESS, REPEAT, STUCK
from dicetable.ui.shell import Shell

# Pause between two automatic moves (bot choices, bot rolls) so people can follow them.
BOT_STEP_MS = const(700)
# Shown on the sheet's note line when the button driver reports a button held far too long.
STUCK_NOTICE = "Stuck button ignored"
# When the dice do not fit on the LEDs at once, each page shows this long.
LED_PAGE_MS = const(1500)
# How often the loop looks for a button event while it has nothing else to do.
_POLL_MS = const(10)


class App:
    def __init__(self, board, display, leds, buttons, store, clock, seed_source):
        self.board = board
        self.display = display
        self.leds = leds
        self.buttons = buttons
        self.clock = clock
        width, height = display.width, display.height
        self.frame = bytearray(display.BUFFER_SIZE)
        self.fb = framebuf.FrameBuffer(self.frame, width, height, display.FORMAT)
        self.shown = bytearray(display.BUFFER_SIZE)  # what the panel shows, in frame format
        # The planner never plans more partials in a row than the driver allows (the board's
        # figure), so a full refresh is never forced on it by surprise.
        budget = min(refresh.DEFAULT_PARTIAL_BUDGET, display.budget.partials_per_full)
        self.planner = refresh.RefreshPlanner(
            width, height, display.FORMAT == framebuf.MONO_VLSB, budget
        )
        matrix = board["matrix"]
        self.led_width = matrix["width"]
        self.led_height = matrix["height"]
        self.led_frame = bytearray(self.led_width * self.led_height * 3)
        self.canvas = dice_leds.DiceCanvas(self.led_frame, self.led_width, self.led_height)
        self.rolls_animated = 0
        self.led_pages = 1
        self.led_page = 0
        self.shell = Shell(width, height, store, seed_source)
        self.busy = False  # True while a key is being handled or the panel refreshes
        self.running = True
        self.refreshes = 0
        self.panel_bytes = 0
        self.last_refresh = None  # (kind, rect, bytes sent) for benchmarks and the simulator
        self.on_refresh = None  # optional callback after each refresh (simulator snapshots)

    # --- the loop ---------------------------------------------------------------------------
    async def run(self):
        self.buttons.start()
        try:
            await self.display.init()
            await self.present()
            while self.running:
                await self.tick()
        finally:
            self.buttons.deinit()
            self.display.deinit()

    async def tick(self):
        """Wait for a key (or, when a bot is to move, for the bot delay), act, present."""
        key = await self._next_key(BOT_STEP_MS if self.shell.wants_step() else -1)
        self.busy = True
        try:
            if key is not None:
                self.shell.handle(key)
            elif self.shell.wants_step():
                self.shell.step()
            await self.present()
        finally:
            self.busy = False

    async def _next_key(self, timeout_ms):
        """The next key pressed, or None after `timeout_ms` (-1: no timeout) or when a button
        got stuck (so the notice is drawn at once)."""
        clock = self.clock
        start = clock.ticks_ms()
        while True:
            event = self.buttons.get_nowait()
            while event is not None:
                kind, key = event
                if kind == PRESS or kind == REPEAT:
                    self.shell.notice = ""  # the buttons work again
                    return key
                if kind == STUCK:
                    self.shell.notice = STUCK_NOTICE
                    return None
                event = self.buttons.get_nowait()
            elapsed = clock.ticks_diff(clock.ticks_ms(), start)
            if timeout_ms >= 0 and elapsed >= timeout_ms:
                return None
            if self.led_pages > 1 and elapsed >= LED_PAGE_MS:
                self._next_led_page()
                start = clock.ticks_ms()
                if timeout_ms >= 0:
                    timeout_ms = max(0, timeout_ms - elapsed)
            await clock.sleep_ms(_POLL_MS)

    def _next_led_page(self):
        state = self.shell.game_state()
        if state is None:
            self.led_pages = 1
            return
        self.led_page = (self.led_page + 1) % self.led_pages
        self.led_pages = led_views.draw(self.canvas, state, self.led_page)
        self.leds.show(self.led_frame)

    def idle(self):
        """Nothing to do until a person presses a button (the simulator waits for this)."""
        return not self.busy and not self.shell.wants_step() and not self.buttons.pending()

    # --- output -----------------------------------------------------------------------------
    async def present(self):
        await self._present_leds()
        self.shell.draw(self.fb)
        if self.shell.take_natural_break():
            self.planner.request_full()
        kind, rect = self.planner.plan(self.shown, self.frame)
        if kind == refresh.NOTHING:
            return
        before = self.display.bytes_sent
        await self.display.show(self.frame, rect, kind == refresh.FULL)
        self.shown[:] = self.frame
        sent = self.display.bytes_sent - before
        self.refreshes += 1
        self.panel_bytes += sent
        self.last_refresh = (kind, rect, sent)
        if self.on_refresh is not None:
            self.on_refresh(self)

    async def _present_leds(self):
        state = self.shell.game_state()
        if state is None:
            self.led_pages = 1
            self.canvas.idle(0)
            self.leds.show(self.led_frame)
            return
        if self.shell.take_roll():
            self.rolls_animated += 1
            seed = state.action_count
            count, colours, kind = led_views.roll_look(state)
            for step in range(dice_leds.ROLL_FRAMES):
                self.canvas.roll(step, seed, count, colours, kind)
                self.leds.show(self.led_frame)
                await self.clock.sleep_ms(dice_leds.ROLL_FRAME_MS[step])
        self.led_page = 0
        self.led_pages = led_views.draw(self.canvas, state, 0)
        self.leds.show(self.led_frame)
