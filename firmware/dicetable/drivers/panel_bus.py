"""What the e-ink controller drivers share (uc8151.py, ssd1680.py): the SPI chokepoint, the
hardware reset, BUSY awaited against a deadline, the refresh cycle around the refresh budget,
and the alignment of partial windows.

A controller's driver subclasses `PanelBus` and states its differences as data:

| class attribute        | meaning                                                            |
|------------------------|--------------------------------------------------------------------|
| NAME                   | the controller, in error messages                                  |
| BUSY_LEVEL             | BUSY's level while the controller works (UC8151 BUSY_N: 0; SSD1680: 1) |
| FULL_TIMEOUT_MS        | deadline of a full refresh (cold glass runs longer waveforms)      |
| PARTIAL_TIMEOUT_MS     | deadline of a partial refresh                                      |
| RESET_TIMEOUT_MS       | deadline of a reset, and of "idle" when no refresh runs (500 here) |
| BUSY_POLL_MS           | how often BUSY is read while the loop runs other tasks (10 here)   |
| PARTIALS_PER_FULL, MIN_INTERVAL_MS | refresh budget defaults (refresh_budget.py)            |
| SLEEP                  | (command, data) that puts the controller in deep sleep             |

and its protocol as methods: `init()` (after `_hardware_reset()`), `_send_refresh(buf, window,
full)` (the image and the command that starts a refresh), `_write_plane`; `ready()`,
`finish()` and `deinit()` when it powers the panel itself.

Never a wait without a deadline: a BUSY that never ends (cable unplugged, panel unpowered)
raises PanelTimeout once the stage's deadline passes. While waiting, the driver calls
`keepalive()` on every poll when one is set: boot.py points it at the watchdog's feed; and
`while_refreshing()` once a refresh has started, when one is set (app.py's heap chore). A wait
with a deadline is no hang, and a cold UC8151's full refresh may take longer than the RP2040's
8.4 s watchdog allows, so a stuck panel ends in PanelTimeout, never in a watchdog reset.
"""

from micropython import const

from dicetable.drivers.refresh_budget import RefreshBudget

_RESET_PULSE_MS = const(10)  # RES# low, then settle: the 10 ms the panel makers' specs ask


class PanelTimeout(OSError):
    """BUSY stayed active past its deadline: the panel is unplugged, unpowered or broken."""


def byte_table(reverse, invert):
    """UI byte -> RAM byte, as a 256-byte table: bits reversed (a VLSB column whose top pixel
    is the controller's first source bit) and/or inverted (RAM 1 = white)."""
    table = bytearray(256)
    for value in range(256):
        bits = value
        if reverse:
            bits = (bits & 0xF0) >> 4 | (bits & 0x0F) << 4
            bits = (bits & 0xCC) >> 2 | (bits & 0x33) << 2
            bits = (bits & 0xAA) >> 1 | (bits & 0x55) << 1
        table[value] = bits ^ 0xFF if invert else bits
    return table


class PanelBus:
    # Each controller's driver gives these (the table above).
    NAME: str
    BUSY_LEVEL: int
    FULL_TIMEOUT_MS: int
    PARTIAL_TIMEOUT_MS: int
    PARTIALS_PER_FULL: int
    MIN_INTERVAL_MS: int
    SLEEP: tuple
    # The same for both: a reset, or a panel that should be idle, answers within milliseconds;
    # reading BUSY every 10 ms costs the loop nothing and ends a wait within 10 ms.
    RESET_TIMEOUT_MS = 500
    BUSY_POLL_MS = 10

    def __init__(
        self, spi, cs, dc, rst, busy, clock, width, height, partials_per_full, min_interval_ms
    ):
        self.width, self.height, self.BUFFER_SIZE = width, height, width * height // 8
        self._spi, self._cs, self._dc, self._rst, self._busy_pin = spi, cs, dc, rst, busy
        self._clock = clock
        cs.init(cs.OUT, value=1)
        dc.init(dc.OUT, value=0)
        rst.init(rst.OUT, value=1)
        busy.init(busy.IN)
        self.budget = RefreshBudget(
            clock.ticks_diff,
            self.PARTIALS_PER_FULL if partials_per_full is None else partials_per_full,
            self.MIN_INTERVAL_MS if min_interval_ms is None else min_interval_ms,
        )
        self._command_byte = bytearray(1)
        self._vertical = True  # MONO_VLSB: windows align to 8 pixels along y
        self._shown_valid = False  # glass content unknown until a full refresh ends
        self._asleep = True  # state unknown: init() starts with a hardware reset
        self._refreshing = False
        # Analog power on: the UC8151's driver switches it (PON/POF); the SSD1680 powers
        # itself within each refresh, so for it this stays True.
        self._powered = True
        self.last_full = False  # the kind of the last refresh started (the budget may upgrade)
        self._deadline = 0
        self.bytes_sent = 0
        self.keepalive = None  # called while BUSY is awaited (the watchdog's feed)
        self.while_refreshing = None  # called once a refresh has started (the app's chores)

    async def init(self):
        """The controller's: `_hardware_reset()`, then its set-up; clears `_asleep`."""
        raise NotImplementedError

    def _send_refresh(self, buf, window, full):
        """The controller's: send the image for `window` (aligned; `full`: the whole panel)
        and start the refresh. Returns the window it refreshes."""
        raise NotImplementedError

    async def show(self, buf, region=None, full=False):
        """Refresh from `buf` and wait, waking the panel if asleep; `region` (x, y, w, h) asks
        for a partial. Returns the window refreshed, widened to whole RAM bytes (8 pixels along
        the sources); the whole panel when the refresh was full."""
        if self._asleep:
            await self.init()
        await self.ready()
        window = self.start_refresh(buf, region, full)
        if self.while_refreshing is not None:
            self.while_refreshing()  # the panel works for 0.3-3 s: the CPU is free
        await self.finish()
        return window

    def busy(self):
        return self._busy_pin() == self.BUSY_LEVEL

    async def ready(self):
        """Wait until a refresh may start: the last one ended, the budget's interval passed."""
        await self.finish()
        await self._budget_pause()

    def start_refresh(self, buf, region=None, full=False):
        """Send the image and start a refresh without waiting. Returns the window, or None when
        the panel is not ready (busy, powered off, or too soon; nothing sent): then `await
        ready()` and try again. The first refresh after power-up or a timeout is full, and so
        is one the refresh budget calls for."""
        if self._asleep:
            raise OSError("%s: asleep, await init() first" % self.NAME)
        if len(buf) < self.BUFFER_SIZE:
            raise ValueError("%s: buffer smaller than BUFFER_SIZE" % self.NAME)
        window = (0, 0, self.width, self.height) if region is None else self._align(region)
        now = self._clock.ticks_ms()
        if self.busy() or not self._powered or self.budget.wait_ms(now):
            return None
        full = full or not self._shown_valid or self.budget.full_due()
        window = self._send_refresh(buf, window, full)
        self._deadline = self._after(self.FULL_TIMEOUT_MS if full else self.PARTIAL_TIMEOUT_MS)
        self.budget.started(now, full)
        self._refreshing, self._shown_valid, self.last_full = True, False, full
        return window

    async def finish(self):
        """Wait until the refresh in progress (if any) has ended. Raises PanelTimeout; the next
        refresh is then full."""
        if self._asleep:
            return
        refreshing, self._refreshing = self._refreshing, False
        deadline = self._deadline if refreshing else self._after(self.RESET_TIMEOUT_MS)
        await self._wait_idle(deadline, "refresh" if refreshing else "idle")
        self._shown_valid = self._shown_valid or refreshing
        if refreshing:
            self._refreshed()

    def _refreshed(self):
        """The controller's work once a refresh has ended: the picture is on the glass, the
        controller idle again and the CPU free until the next key. Nothing by default."""
        return None

    async def sleep(self):
        """Deep sleep. Only a hardware reset wakes the controller: `init()`, which `show` calls
        by itself."""
        if not self._asleep:
            await self.finish()
            self._command(self.SLEEP[0], self.SLEEP[1])
            self._asleep = True

    def deinit(self):
        """Leave the panel in deep sleep if it is idle; the pins belong to the board."""
        if not self._asleep and not self.busy():
            self._command(self.SLEEP[0], self.SLEEP[1])
        self._asleep = True

    async def _hardware_reset(self):
        # RES# pulse, also the way out of deep sleep; it ends any refresh in progress.
        clock = self._clock
        self._rst(0)
        await clock.sleep_ms(_RESET_PULSE_MS)
        self._rst(1)
        await clock.sleep_ms(_RESET_PULSE_MS)
        self._refreshing = False
        await self._wait_idle(self._after(self.RESET_TIMEOUT_MS), "reset")

    async def _budget_pause(self):
        clock = self._clock
        wait = self.budget.wait_ms(clock.ticks_ms())
        if wait > 0:
            if self.keepalive is not None:
                self.keepalive()
            await clock.sleep_ms(wait)

    def _align(self, region):
        x, y, w, h = region
        left, top = max(x, 0), max(y, 0)
        right, bottom = min(x + w, self.width), min(y + h, self.height)
        if right <= left or bottom <= top:
            raise ValueError("%s: region %r is empty or off the glass" % (self.NAME, region))
        if self._vertical:  # sources run down the landscape image
            top, bottom = top & ~7, (bottom + 7) & ~7
        else:
            left, right = left & ~7, (right + 7) & ~7
        return left, top, right - left, bottom - top

    def _after(self, ms):
        return self._clock.ticks_add(self._clock.ticks_ms(), ms)

    async def _wait_idle(self, deadline, stage):
        clock = self._clock
        while self.busy():
            if clock.ticks_diff(deadline, clock.ticks_ms()) <= 0:
                level = "high" if self.BUSY_LEVEL else "low"
                raise PanelTimeout(
                    "%s: BUSY still %s at the %s deadline" % (self.NAME, level, stage)
                )
            if self.keepalive is not None:
                self.keepalive()
            await clock.sleep_ms(self.BUSY_POLL_MS)

    def _command(self, command, data=None):
        # The protocol chokepoint: every command goes through here, never while BUSY.
        if self._busy_pin() == self.BUSY_LEVEL:
            raise OSError("%s: command 0x%02x while BUSY" % (self.NAME, command))
        self._command_byte[0] = command
        # _send's steps written out: a refresh sends a dozen commands.
        dc, cs, write = self._dc, self._cs, self._spi.write
        dc(0)
        cs(0)
        write(self._command_byte)
        cs(1)
        if data is None:
            self.bytes_sent += 1
            return
        dc(1)
        cs(0)
        write(data)
        cs(1)
        self.bytes_sent += 1 + len(data)

    def _send(self, is_data, payload):
        # The transport: the only code that touches DC, CS and the SPI bus.
        self._dc(is_data)
        self._cs(0)
        self._spi.write(payload)
        self._cs(1)
        self.bytes_sent += len(payload)
