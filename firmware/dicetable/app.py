"""The device's main loop: buttons in, shell (screens and games) in the middle, panel and LEDs
out. Everything is asyncio, so a browser or the simulator can drive the same loop.

Hardware arrives already built (see hardware.py), so this module never imports `machine`; the
clock is injected too, which is how the simulator runs it on virtual time.

Between two keys the loop sleeps: the button driver wakes it (pin interrupts), and so does the
next deadline it knows of: a bot's move, the next frame of a roll or page of dice on the LEDs,
the idle policy's next step, the watchdog's next feed. Nothing polls. A press draws only the
first frame of a roll; the loop shows the rest on time while the next key is already taken.

Idle policy (docs/device.md): the LEDs dim after `dim_ms` without a button or a move and go
off after `off_ms`, when the panel also goes to deep sleep (the e-ink keeps the sheet with no
power). Any button wakes them; a press that wakes them from off does nothing else, so a
person can look at the dice before acting. A board may set "idle": {"dim_ms", "off_ms"}.

Heap: a game's modules (rules, bots, sheet, play screen, fonts) are imported when it starts.
Back at a menu, the game and screen modules imported since the app was built are dropped again
(`_forget_games`), so one game's code is in RAM at a time, as games/__init__.py intends; and
once a game is on show, the modules only its setup needed (`_forget_setup`).
What dropping cannot give back are the names (qstrs) a title's code interned: MicroPython
never frees them, and they lie between long-lived objects. So on a board with "fresh_start"
(the Pico's 242 KB heap), a game of a title other than the ones loaded since the app was built
is saved first and then started in a fresh interpreter: `run` returns with
`restart_requested`, main.py soft-resets, and the boot resumes the saved game. Every game then
has the heap of a device that was switched on for it (docs/device.md, "Fresh start").
"""

import gc
import sys

import framebuf
from micropython import const

from dicetable import games
from dicetable.core.modules import forget_modules
from dicetable.ui import dice_leds, draw, led_views, refresh
from dicetable.ui import sections, text
from dicetable.ui.keys import PRESS, RELEASE, REPEAT, STUCK
from dicetable.ui.screens import MenuScreen, MessageScreen
from dicetable.ui.shell import Shell

# Pause between two automatic moves (bot choices, bot rolls) so people can follow them.
BOT_STEP_MS = const(700)
# Shown on the sheet's note line when the button driver reports a button held far too long.
STUCK_NOTICE = "Stuck button ignored"
# When the dice do not fit on the LEDs at once, each page shows this long.
LED_PAGE_MS = const(1500)
# Idle policy defaults: dim after a minute without a button or a move, off after five.
IDLE_DIM_MS = const(60_000)
IDLE_OFF_MS = const(300_000)
# LED brightness while dimmed (of 255): the dice stay readable in a lit room.
DIM_BRIGHTNESS = const(48)
_FULL_BRIGHTNESS = const(255)
# The loop feeds the watchdog at least this often while it waits (the RP2040's longest
# timeout is 8388 ms and boot.WATCHDOG_MS is 8000: half of it leaves room for a slow refresh).
WATCHDOG_FEED_MS = const(4000)
# Free heap below which the app collects while the panel refreshes (_tidy_heap): more than
# the most a press allocates (37 KB, Christmas On Track's bot turns, on the emulated RP2040).
TIDY_BELOW = const(40_000)
# The most the clearing pass keeps aside in one block (App._clearing_pass): 16 heap blocks.
# With 512, Christmas On Track on 400x300 found no such block in the middle of a press (32-bit
# build: 39 KB free after a collection, the largest piece of it 3.7 KB).
_KEPT_PIECE = const(256)

# Light levels of the idle policy.
ACTIVE = const(0)
DIM = const(1)
OFF = const(2)

# Modules a menu may drop again (`App._forget_games`): games, screens and kiosk screens; not
# the kiosk's data modules, whose objects (results log, lock, settings) outlive a game.
_FORGETTABLE = ("dicetable.games.", "dicetable.ui.", "dicetable.kiosk.")
_LASTING = (
    "dicetable.kiosk.results_log",
    "dicetable.kiosk.high_scores",
    "dicetable.kiosk.teacher_lock",
    "dicetable.kiosk.settings",
)

# Modules only the way into a game needs (the setup screen, the game's option rows and how-to
# pages, the class-code wheel): dropped once a game is on show (`App._forget_setup`), so they
# are not held while it is played; the next setup imports them again.
_SETUP_ONLY = (
    "dicetable.ui.setup",
    "dicetable.ui.howto",
    "dicetable.ui.code_entry",
    "dicetable.ui.wheel_entry",
)
_SETUP_PARTS = ("options", "howto")  # games/<id>/options.py and howto.py

# What _take_key answers besides a key.
_NO_KEY = const(-1)
_STUCK_KEY = const(-2)
_REDRAW = const(-3)  # the kiosk took the event (the teacher chord): draw, pass no key on


class IdlePolicy:
    """When the LEDs dim and go off. PURE: time comes in as ticks, compared with the injected
    `ticks_diff`. Off stays off until the next activity, however long that takes (ticks wrap
    after about six days)."""

    def __init__(self, ticks_diff, now, dim_ms=IDLE_DIM_MS, off_ms=IDLE_OFF_MS):
        if not 0 < dim_ms <= off_ms:
            raise ValueError("idle times need 0 < dim_ms <= off_ms, got %r, %r" % (dim_ms, off_ms))
        self._diff = ticks_diff
        self.dim_ms = dim_ms
        self.off_ms = off_ms
        self._since = now
        self._off = False

    def activity(self, now):
        """A button or a move at `now`: the idle time starts again."""
        self._since = now
        self._off = False

    def level(self, now):
        quiet = self._diff(now, self._since)
        if self._off or quiet < 0 or quiet >= self.off_ms:
            self._off = True
            return OFF
        return DIM if quiet >= self.dim_ms else ACTIVE

    def due_ms(self, now):
        """Milliseconds until the level next changes, or -1 when it is off already."""
        if self.level(now) == OFF:
            return -1
        quiet = self._diff(now, self._since)
        return (self.dim_ms if quiet < self.dim_ms else self.off_ms) - quiet


class _FreshStart:
    """The store as the shell sees it in safe mode: no saved game to resume. The journal stays
    on flash (starting a new game moves it to last.jnl, as after any game)."""

    def __init__(self, store):
        self._store = store

    def load_lines(self):
        return None

    def __getattr__(self, name):
        return getattr(self._store, name)


class App:
    """`watchdog`: an object with arm(), feed() and `armed` (boot.Watchdog), armed once the
    first screen is on the panel (a long resume must not trip it) and fed by this loop.
    `safe_lines`: start in safe mode, with the menu and no resume, after a message with these
    lines.
    `on_healthy()` is called once, when the loop first waits for a person (boot.py then stops
    counting this start as failed).
    `kiosk`: a kiosk.standby.Standby (classroom mode, docs/kiosk.md; or the controller's Kiosk
    itself), or None on a board without it.
    It sees every button event, wakes the loop for its own deadlines (the attract loop's
    pages, the reset of an abandoned game), draws the attract loop's LEDs and sets their level."""

    def __init__(
        self,
        board,
        display,
        leds,
        buttons,
        store,
        clock,
        seed_source,
        watchdog=None,
        safe_lines=None,
        on_healthy=None,
        kiosk=None,
    ):
        self.board = board
        self.display = display
        display.while_refreshing = self._while_refreshing
        self.leds = leds
        self.buttons = buttons
        # The journal's lines are written while the panel refreshes, not inside the press
        # (storage.Store.write_behind says why and what a power cut then loses).
        self._store = store
        store.write_behind()
        self._unsaved_notice = False  # a write behind failed: the sheet must say so at once
        self.clock = clock
        self.watchdog = watchdog
        self._on_healthy = on_healthy
        width, height = display.width, display.height
        self.frame = bytearray(display.BUFFER_SIZE)
        self.fb = framebuf.FrameBuffer(self.frame, width, height, display.FORMAT)
        text.bind(self.fb, self.frame, width, height, display.FORMAT)
        # What the panel shows, in frame format: the driver's own when it keeps one (SSD1680,
        # a frame less in RAM: 15 KB on 400x300), else a copy kept here.
        shown = getattr(display, "shown", None)
        self._own_shown = shown is None
        if shown is None:
            shown = bytearray(display.BUFFER_SIZE)
        self.shown = shown
        # The planner never plans more partials in a row than the driver allows (the board's
        # figure), so a full refresh is never forced on it by surprise.
        budget = min(refresh.DEFAULT_PARTIAL_BUDGET, display.budget.partials_per_full)
        self.planner = refresh.RefreshPlanner(
            width, height, display.FORMAT == framebuf.MONO_VLSB, budget
        )
        self._glass_current = False  # the glass shows the frame as it was last planned
        matrix = board["matrix"]
        self.led_width = matrix["width"]
        self.led_height = matrix["height"]
        self.led_frame = bytearray(self.led_width * self.led_height * 3)
        self.canvas = dice_leds.DiceCanvas(self.led_frame, self.led_width, self.led_height)
        # (state, its action count, LED level) while the LEDs show that state's first page of
        # dice: a press that moved nothing (a cursor move) then leaves them as they are.
        self._dice_held = None
        self.rolls_animated = 0
        # The roll animation runs between keys, paced by the loop (`_advance_roll`), so a
        # press only draws its first frame: (seed, count, colours, kind) while it runs.
        self._roll = None
        self._roll_step = 0  # the next frame to show
        self._roll_at = 0  # ticks when it is due
        self.led_pages = 1
        self.led_page = 0
        self._page_at = 0  # ticks when the current LED page went up
        idle = board.get("idle", {})
        self.idle_policy = IdlePolicy(
            clock.ticks_diff,
            clock.ticks_ms(),
            idle.get("dim_ms", IDLE_DIM_MS),
            idle.get("off_ms", IDLE_OFF_MS),
        )
        self.light = ACTIVE
        self.brightness = _FULL_BRIGHTNESS  # the level last given to the LED driver
        self._swallow = _NO_KEY  # the key whose press woke the LEDs: ignored until released
        self.kiosk = kiosk
        # The panel's fonts, while the heap is still in one piece: every screen draws with
        # them and they stay loaded (ui.draw keeps them), but a resumed game's first draw came
        # after the journal's replay had cut the heap into pieces, none with room for a
        # font's 2.6 KB of glyphs (Christmas On Track on 400x300, session 18).
        draw.look(width)
        # The modules a menu needs: everything imported before the shell's first screen.
        self._resident = tuple(sys.modules)
        games.forget_loaded()  # this interpreter's titles, for the fresh start
        self.restart_requested = False
        self._menu = None  # the menu screen the last clean-up ran for
        self._set_up = True  # the setup modules may be loaded (`_forget_setup`)
        shell_store = store if safe_lines is None else _FreshStart(store)
        if kiosk is None:
            self.shell = Shell(width, height, shell_store, seed_source, board.get("buttons"))
        else:
            from dicetable.kiosk.standby import KioskShell

            self.shell = KioskShell(
                width, height, shell_store, seed_source, kiosk, board.get("buttons")
            )
        self.shell.fresh_start = bool(board.get("fresh_start"))
        if safe_lines is not None:
            self.shell.show(MessageScreen(self.shell, "Safe mode", safe_lines, self.shell.screen))
        self.busy = False  # True while a key is being handled or the panel refreshes
        self.started = False  # the first screen is up and the loop runs
        self.running = True
        self.refreshes = 0
        self.clearings_skipped = 0  # clearing passes left out for want of heap (benchmarks)
        self.panel_bytes = 0
        self.last_refresh = None  # (kind, rect, bytes sent) for benchmarks and the simulator
        self.on_refresh = None  # optional callback after each refresh (simulator snapshots)

    # --- the loop ---------------------------------------------------------------------------
    async def run(self):
        self.buttons.start()
        try:
            await self.display.init()
            await self.present()
            if self.watchdog is not None:
                self.watchdog.arm()
            self.started = True
            while self.running:
                await self.tick()
        finally:
            self.started = False
            # A restart, a crash or the end: every move shown is saved. Never raises: on the
            # way out of a crash it must not put its own error in place of the crash's.
            self._write_behind()
            self.buttons.deinit()
            self.display.deinit()

    async def tick(self):
        """Wait for a key (or, when a bot is to move, for the bot delay), act, present."""
        stepping = self.shell.wants_step()
        if not stepping and self._on_healthy is not None:
            healthy, self._on_healthy = self._on_healthy, None
            healthy()
        key = await self._next_key(BOT_STEP_MS if stepping else -1)
        self.busy = True
        try:
            if key is not None:
                self.shell.handle(key)
            elif self.shell.wants_step():
                self.shell.step()
            if self.shell.restart_pending:  # the game is saved: a fresh interpreter resumes it
                self.restart_requested = True
                self.running = False
                return
            self._activity()
            await self.present()
        finally:
            self.busy = False

    def _while_refreshing(self):
        """The chores of a refresh (0.3-3 s in which the CPU only waits): saving the journal's
        new lines, what the screen on show can do ahead (Screen.prefetch), then the heap's."""
        self._write_behind()  # first: the moves on their way to the glass are saved
        screen = self.shell.screen
        if screen is not None:
            try:
                screen.prefetch()
            except Exception:
                # Work ahead is only ahead: what fails here (a heap too full for an import, a
                # damaged module) is done again, and reported, by the press that needs it.
                # Raised here, it would leave the panel's refresh half done.
                pass
        self._tidy_heap()

    def _write_behind(self):
        """Write the journal's lines kept since the last time; a refusal is told to the game
        on show, and the next wait for a key ends at once so the sheet says so. A heap too
        fragmented for the file's 1.1 KB buffer is collected, and the write tried once more;
        failing that, the lines wait for the next chance (a refresh, a wait, the way out)."""
        try:
            error = self._store.flush()
        except MemoryError:
            gc.collect()
            try:
                error = self._store.flush()
            except MemoryError:
                return
        if error is not None and self.shell.saving_failed(error):
            self._unsaved_notice = True

    def _tidy_heap(self):
        """Collect while the panel refreshes (0.3-3 s in which the CPU only waits) when the free
        heap is low, so that no allocation of the next press or bot move has to: a collection
        takes about 25 ms on an RP2040. Only when low: right after a collection the next
        allocations are slower for a while (tools/pico_probe.py says why)."""
        mem_free = getattr(gc, "mem_free", None)  # MicroPython's; CPython collects by itself
        if mem_free is not None and mem_free() < TIDY_BELOW:
            gc.collect()

    def _feed(self):
        if self.watchdog is not None:
            self.watchdog.feed()

    async def _next_key(self, timeout_ms):
        """The next key pressed, or None after `timeout_ms` (-1: no timeout) or when a button
        got stuck (so the notice is drawn at once). Sleeps until a button or a deadline."""
        # What a refresh's chores do, for a press or a bot's move that refreshed nothing: on
        # 400x300 Christmas On Track's bots moved several times unseen, and their garbage
        # made the next bot's decision collect (25 ms of it, most of its worst 60-71 ms).
        self._write_behind()
        self._tidy_heap()
        if self._unsaved_notice:
            self._unsaved_notice = False
            return None
        clock = self.clock
        buttons = self.buttons
        start = clock.ticks_ms()
        while True:
            buttons.check()  # a failed button task is a crash, not a deaf device
            key = self._take_key()
            if key != _NO_KEY:
                return key if key >= 0 else None  # stuck or kiosk: draw at once
            self._feed()
            now = clock.ticks_ms()
            kiosk = self.kiosk
            if kiosk is not None:
                if kiosk.tick(self.shell, now):  # a page turned, a game reset, the lock shut
                    return None
                if kiosk.attracting(self.shell):
                    self.idle_policy.activity(now)  # the attract loop keeps its gentle LEDs on
            await self._apply_idle(now)
            if self._roll is not None:
                wait_roll = self._advance_roll(now)
                if self._roll is not None:
                    start = now  # a bot's pause starts when its dice have settled
            waited = clock.ticks_diff(now, start)
            if 0 <= timeout_ms <= waited:
                return None
            wait = timeout_ms - waited if timeout_ms >= 0 else -1
            if self._roll is not None:
                wait = _sooner(wait, wait_roll)
            if self.led_pages > 1 and self.light != OFF:
                shown = clock.ticks_diff(now, self._page_at)
                if shown >= LED_PAGE_MS:
                    self._next_led_page(now)
                    shown = 0
                wait = _sooner(wait, LED_PAGE_MS - shown)
            wait = _sooner(wait, self.idle_policy.due_ms(now))
            if self.watchdog is not None and self.watchdog.armed:
                wait = _sooner(wait, WATCHDOG_FEED_MS)
            if kiosk is not None:
                wait = _sooner(wait, kiosk.due_ms(self.shell, now))
                if self.light != OFF:
                    self._dice_held = None
                    frame = kiosk.leds(self.shell, self.canvas, now)
                    if frame >= 0:
                        self.leds.show(self.led_frame)
                        wait = _sooner(wait, frame)
            await buttons.wait(wait)

    def _take_key(self):
        """The key of the next PRESS or REPEAT event, _STUCK_KEY for a stuck button, or
        _NO_KEY."""
        event = self.buttons.get_nowait()
        while event is not None:
            kind, key = event
            now = self.clock.ticks_ms()
            self.idle_policy.activity(now)
            if self.kiosk is not None and self.kiosk.button_event(self.shell, kind, key, now):
                self._set_light(ACTIVE)
                return _REDRAW
            if kind == STUCK:
                self.shell.notice = STUCK_NOTICE
                return _STUCK_KEY
            if key == self._swallow:
                if kind == RELEASE:
                    self._swallow = _NO_KEY
            elif kind == PRESS and self.light == OFF:
                self._swallow = key  # this press only wakes the LEDs
                self._set_light(ACTIVE)
            elif kind == PRESS or kind == REPEAT:
                self.shell.notice = ""  # the buttons work again
                self._set_light(ACTIVE)
                return key
            event = self.buttons.get_nowait()
        return _NO_KEY

    async def _apply_idle(self, now):
        level = self.idle_policy.level(now)
        if level == self.light:
            return
        self._set_light(level)
        if level == OFF:
            # Nothing will change on the panel for a while: deep sleep until the next refresh
            # (the driver wakes it by itself).
            await self.display.sleep()

    def _set_light(self, level):
        if level == self.light:
            return
        self.light = level
        if level == ACTIVE:
            self._brighten(self._active_brightness())
        else:
            self._brighten(DIM_BRIGHTNESS if level == DIM else 0)
        self.leds.show(self.led_frame)

    def _brighten(self, level):
        """Set the LED level when it changes (the driver rebuilds its table for each level)."""
        if level != self.brightness:
            self.brightness = level
            self.leds.set_brightness(level)

    def _active_brightness(self):
        """The lit LED level: the kiosk's setting (half of it in the attract loop), else full;
        the board's current cap applies on top (drivers.leds)."""
        if self.kiosk is None:
            return _FULL_BRIGHTNESS
        return self.kiosk.brightness(self.shell)

    def _activity(self):
        """A key or a move: the idle time starts again and the LEDs are lit."""
        self.idle_policy.activity(self.clock.ticks_ms())
        self._set_light(ACTIVE)

    def _next_led_page(self, now):
        self._page_at = now
        state = self.shell.game_state()
        if state is None:
            self.led_pages = 1
            return
        self.led_page = (self.led_page + 1) % self.led_pages
        self._dice_held = None
        self.led_pages = led_views.draw(self.canvas, state, self.led_page)
        self.leds.show(self.led_frame)

    def idle(self):
        """Nothing to do until a person presses a button (the simulator waits for this)."""
        if not self.started or self.busy or self._roll is not None:
            return False
        return not self.shell.wants_step() and not self.buttons.pending()

    def _forget_games(self):
        """A menu is on show: drop the games' and screens' modules imported since the app was
        built (the last game's rules, bots, sheet and play screen, fonts, the kiosk's screens),
        except the one of the screen on show, and collect. The next game imports its own. Core
        and driver modules stay: the kiosk and the drivers keep objects of theirs."""
        screen = self.shell.screen
        if screen is self._menu or not isinstance(screen, MenuScreen):
            return
        self._menu = screen
        keep = type(screen).__module__
        resident = self._resident
        names = []
        for name in sys.modules:
            if name.startswith(_FORGETTABLE) and name not in _LASTING:
                if name != keep and name not in resident:
                    names.append(name)
        led_views.forget()  # its module may go below: the next game looks it up again
        if names:
            forget_modules(names)
            gc.collect()
        self._set_up = True

    def _forget_setup(self):
        """A game is on show: drop the modules only its setup needed (`_SETUP_ONLY`, the
        game's options and how-to pages) if they were imported since the app was built. Once
        per game: a menu's clean-up arms it again."""
        if not self._set_up or self.shell.game_state() is None:
            return
        self._set_up = False
        resident = self._resident
        names = []
        for name in sys.modules:
            if name in resident:
                continue
            if name in _SETUP_ONLY or (
                name.startswith("dicetable.games.") and name.rsplit(".", 1)[1] in _SETUP_PARTS
            ):
                names.append(name)
        if names:
            forget_modules(names)
            gc.collect()

    # --- output -----------------------------------------------------------------------------
    async def present(self):
        self._forget_games()
        self._forget_setup()
        await self._present_leds()
        sections.track()
        self.shell.draw(self.fb)
        # Where the frame can differ from the glass: what this draw redrew, when the glass
        # showed the last frame whole (else anywhere: a refresh that failed half way).
        within = sections.take_drawn()
        if not self._glass_current:
            within = None
        if self.shell.take_natural_break():
            self.planner.request_full()
        planner = self.planner
        kind, rect = planner.plan(self.shown, self.frame, within, sections.take_rewritten())
        if kind == refresh.NOTHING:
            return
        if planner.clear is not None:
            if await self._clearing_pass(planner.clear, rect):
                rect = planner.cleared(self.shown, self.frame)  # None: the region is all ink
            else:
                planner.clear = None
        if rect is not None:
            await self._send(kind, rect)
        if self.on_refresh is not None:
            self.on_refresh(self)

    async def _clearing_pass(self, clear, rect):
        """Show `rect` with `clear` in solid ink (ui/refresh.py says why); the frame is as
        drawn again afterwards. The bytes under `clear` are kept aside in small buffers and
        copied as bytes (GS8 views, one pixel a byte): a 1-bit blit of the rectangle would
        cost ~27 ms on the RP2040, this ~3-5."""
        x, y, w, h = clear
        width = self.display.width
        if self.display.FORMAT == framebuf.MONO_VLSB:  # rows of bytes are 8-pixel pages
            stride, first, rows = width, y >> 3, ((y + h - 1) >> 3) - (y >> 3) + 1
            start, count = x, w
        else:  # rows of bytes are pixel rows, a byte 8 pixels across
            stride, first, rows = (width + 7) >> 3, y, h
            start, count = x >> 3, ((x + w - 1) >> 3) - (x >> 3) + 1
        # From the rows' first byte: a view from `start` could end past the frame.
        frame = framebuf.FrameBuffer(
            memoryview(self.frame)[first * stride :], start + count, rows, framebuf.GS8, stride
        )
        # In pieces of at most _KEPT_PIECE bytes: 4-6 KB in one block is more than a heap
        # fragmented in the middle of a press always has (Dice Trip, Christmas On Track and
        # Gang of Dice on 400x300 ran out of memory here on the emulated RP2040).
        band = max(1, _KEPT_PIECE // count)
        kept = []
        try:
            for top in range(0, rows, band):
                high = min(band, rows - top)
                piece = framebuf.FrameBuffer(bytearray(count * high), count, high, framebuf.GS8)
                piece.blit(frame, -start, -top)
                kept.append(piece)
        except MemoryError:
            # The pass only spares the glass a ghost: without the heap for it the refresh
            # goes ahead in one partial (the frame is untouched), and the device goes on.
            self.clearings_skipped += 1
            return False
        self.fb.fill_rect(x, y, w, h, 1)
        try:
            await self._send(refresh.PARTIAL, rect)
        finally:
            for index in range(len(kept)):
                frame.blit(kept[index], start, index * band)
        return True

    async def _send(self, kind, rect):
        self._feed()  # a full refresh of a UC8151 alone takes ~4.7 s
        before = self.display.bytes_sent
        self._glass_current = False
        await self.display.show(self.frame, rect, kind == refresh.FULL)
        self._feed()
        if self._own_shown:
            self.shown[:] = self.frame
        self._glass_current = True
        sent = self.display.bytes_sent - before
        self.refreshes += 1
        self.panel_bytes += sent
        self.last_refresh = (kind, rect, sent)

    async def _present_leds(self):
        state = self.shell.game_state()
        if self.light == ACTIVE:
            # The kiosk's level changes with the screen (the attract loop is gentler).
            self._brighten(self._active_brightness())
        if state is None:
            self._roll = None
            self.led_pages = 1
            self._dice_held = None
            kiosk = self.kiosk
            if kiosk is None or kiosk.leds(self.shell, self.canvas, self.clock.ticks_ms()) < 0:
                self.canvas.idle(0)
            self.leds.show(self.led_frame)
            return
        if self.shell.take_roll():
            self.rolls_animated += 1
            count, colours, kind = led_views.roll_look(state)
            self._roll = (state.action_count, count, colours, kind)
            self._roll_step = 0
            self.led_pages = 1
            self._advance_roll(self.clock.ticks_ms())  # its first frame now
            return
        roll = self._roll
        if roll is not None:
            if roll[0] == state.action_count:
                return  # a cursor move: the dice go on tumbling
            self._roll = None  # the game moved on: show where it is at once
        self._show_dice(state, self.clock.ticks_ms())

    def _show_dice(self, state, now):
        """The game's dice on the LEDs, from their first page (drawn and sent only when they
        are not on the LEDs already)."""
        self.led_page = 0
        self._page_at = now
        held = self._dice_held
        count = state.action_count
        if (
            held is not None
            and held[0] is state
            and held[1] == count
            and held[2] == self.brightness
        ):
            return
        self.led_pages = led_views.draw(self.canvas, state, 0)
        self.leds.show(self.led_frame)
        self._dice_held = (state, count, self.brightness)

    def _advance_roll(self, now):
        """Show the roll animation's frames that are due; when its last frame has been up for
        its time, the dice as the game has them. Returns ms until the next frame is due."""
        clock = self.clock
        while self._roll is not None:
            step = self._roll_step
            if step and clock.ticks_diff(now, self._roll_at) < 0:
                return clock.ticks_diff(self._roll_at, now)
            if step == dice_leds.ROLL_FRAMES:
                self._roll = None
                state = self.shell.game_state()
                if state is not None:
                    self._show_dice(state, now)
                return -1
            seed, count, colours, kind = self._roll
            self._dice_held = None
            self.canvas.roll(step, seed, count, colours, kind)
            self.leds.show(self.led_frame)
            self._roll_step = step + 1
            # Paced from when the frame was due, not when the loop got to it.
            due = now if step == 0 else self._roll_at
            self._roll_at = clock.ticks_add(due, dice_leds.ROLL_FRAME_MS[step])
        return -1


def _sooner(wait, other):
    """The shorter of two waits in ms, where -1 means no limit."""
    if wait < 0:
        return other
    return wait if other < 0 or wait <= other else other
