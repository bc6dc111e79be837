"""The browser port: the firmware in a web page on MicroPython's WebAssembly port (docs/web.md).

The page (web/dicetable.js) hands in a `host` object of plain functions and this module does
the rest as main.py does on the device: the board file, the boot mode, the drivers, the App.
JavaScript only moves bytes: the panel's frame to a canvas, the LED bytes to cells, key events
to the button "pins", stored files to and from the browser's storage. Everything else (debounce,
long presses, refresh planning, saving) is the firmware's own code.

| part    | on the device            | here                                                      |
|---------|--------------------------|-----------------------------------------------------------|
| panel   | SSD1680/UC8151 over SPI  | WebPanel: PanelBus's refresh cycle, the frame to a canvas |
| LEDs    | NeoPixel chain           | the chain's bytes to an 8x8 grid of cells                 |
| buttons | pins + IRQs              | WebButton "pins" the page's keys set; the same scanner    |
| clock   | time.ticks_ms            | the same, optionally sped up (a test's ?speed=N)          |
| flash   | littlefs /data           | the page's in-memory files, mirrored to localStorage      |
| entropy | os.urandom               | the browser's crypto.getRandomValues                      |

Host functions (all strings and ints): draw(hex, x, y, w, h, full, ms, format), leds(hex),
store_names() -> names joined by newlines, store_get(name) -> hex or None, store_set(name,
hex), store_remove(name), entropy(n) -> hex, connect(port), reload().
"""

import asyncio
import binascii
import os
import time

from micropython import const

from dicetable import boot
from dicetable.app import App
from dicetable.drivers import leds
from dicetable.drivers.button_scanner import ButtonScanner, LoopFlag
from dicetable.drivers.clock import Clock
from dicetable.drivers.panel_bus import PanelBus
from dicetable.drivers import press_classifier
from dicetable.drivers.storage import Store
from dicetable.kiosk.standby import for_board as kiosk_for_board

_MONO_VLSB = const(0)  # framebuf's format numbers (the same on every port)
_MONO_HLSB = const(3)
_ENOSPC = const(28)
# Any non-zero trigger: the scanner then sleeps until a page button changes.
_EDGES = const(3)
_UNIQUE_ID = "device.id"
_STEP_MS = const(250)
_SCAN_MS = const(5)  # the button scanner's period (drivers/button_scanner.py)


def _hex(data):
    # hexlify, not base64: in the WebAssembly build b2a_base64 of a frame takes ~12 ms,
    # hexlify and the string's way to JavaScript ~0.2 ms.
    return binascii.hexlify(data).decode()


class BrowserClock(Clock):
    """The browser's milliseconds through MicroPython's ticks. `speed` > 1 runs device time
    that many times faster than the page's (tests play whole games in seconds; bots' pauses,
    debounce and refresh times all shrink alike); `set_speed` changes it while the device runs
    (a test waits out the kiosk's idle minute fast). `hold` stops device time until `resume`,
    `advance` moves it on meanwhile (WebPort.hold_press). Ticks stay wrap-safe for about six
    days."""

    def __init__(self, speed=1):
        self.speed = speed
        self._start = time.ticks_ms()  # page time when the speed was set
        self._base = self._start  # device time then (the device time while held)
        self.held = False

    def ticks_ms(self):
        if self.held:
            return self._base
        if self.speed == 1 and self._base == self._start:
            return time.ticks_ms()
        elapsed = time.ticks_diff(time.ticks_ms(), self._start)
        return time.ticks_add(self._base, elapsed * self.speed)

    def set_speed(self, speed):
        self._base = self.ticks_ms()
        self._start = time.ticks_ms()
        self.speed = speed

    def hold(self):
        self._base = self.ticks_ms()
        self.held = True

    def advance(self, ms):
        self._base = time.ticks_add(self._base, ms)

    def resume(self):
        self._start = time.ticks_ms()
        self.held = False

    def sleep_ms(self, ms):
        if self.speed == 1 and self._base == self._start and not self.held:
            return asyncio.sleep_ms(ms)
        return self._sleep_device_ms(ms)

    async def _sleep_device_ms(self, ms):
        # In steps of at most _STEP_MS of the page's time, so that a new speed, a hold or an
        # advance applies to a sleep already begun.
        end = time.ticks_add(self.ticks_ms(), ms)
        while True:
            left = time.ticks_diff(end, self.ticks_ms())
            if left <= 0:
                return
            speed = self.speed
            await asyncio.sleep_ms(min(_STEP_MS, (left + speed - 1) // speed))


# --- the panel ----------------------------------------------------------------------------------
class _Line:
    """A control line PanelBus drives (CS, DC, RST) and an SPI bus: on a page they go nowhere."""

    OUT = IN = 0

    def init(self, *args, **kwargs):
        pass

    def __call__(self, value=None):
        return 0

    def write(self, data):
        pass


class _BusyLine(_Line):
    """BUSY: high until the page's refresh animation has had its time."""

    def __init__(self, clock):
        self._clock = clock
        self.until = clock.ticks_ms()

    def __call__(self, value=None):
        clock = self._clock
        return 1 if clock.ticks_diff(self.until, clock.ticks_ms()) > 0 else 0


class WebPanel(PanelBus):
    """The panel as a canvas. The refresh cycle, budget and window alignment are PanelBus's, as
    on the glass; a refresh copies the window into `shown` (in the SSD1680 driver's frame
    format: MONO_VLSB at 296x128, MONO_HLSB otherwise) and hands the whole frame to the page,
    which draws the window and animates the refresh for `full_ms` / `partial_ms`."""

    NAME = "web panel"
    BUSY_LEVEL = 1
    FULL_TIMEOUT_MS = 6000
    PARTIAL_TIMEOUT_MS = 2500
    PARTIALS_PER_FULL = 20
    MIN_INTERVAL_MS = 0
    SLEEP = (0x10, b"\x01")  # sent to nowhere: it only marks the panel asleep

    def __init__(self, host, clock, panel):
        self._host = host
        self._busy_line = _BusyLine(clock)
        line = _Line()
        super().__init__(
            line,
            line,
            line,
            line,
            self._busy_line,
            clock,
            panel["width"],
            panel["height"],
            panel.get("partials_per_full"),
            panel.get("min_interval_ms"),
        )
        self.FORMAT = _MONO_VLSB if self.height == 128 else _MONO_HLSB
        self._vertical = self.FORMAT == _MONO_VLSB
        self._full_ms = panel["full_ms"]
        self._partial_ms = panel["partial_ms"]
        self.shown = bytearray(self.BUFFER_SIZE)

    async def init(self):
        self._asleep = False

    def _send_refresh(self, buf, window, full):
        if full:
            window = (0, 0, self.width, self.height)
        x, y, w, h = window
        shown = self.shown
        if self._vertical:  # rows are 8-pixel pages of `width` bytes
            stride, first, rows, start, count = self.width, y >> 3, h >> 3, x, w
        else:
            stride, first, rows, start, count = self.width >> 3, y, h, x >> 3, w >> 3
        for row in range(first, first + rows):
            begin = row * stride + start
            shown[begin : begin + count] = buf[begin : begin + count]
        self.bytes_sent += rows * count
        ms = self._full_ms if full else self._partial_ms
        self._busy_line.until = self._clock.ticks_add(self._clock.ticks_ms(), ms)
        # The page's time for the animation, in its own milliseconds.
        real_ms = ms // getattr(self._clock, "speed", 1)
        self._host.draw(_hex(shown), x, y, w, h, full, real_ms, self.FORMAT)
        return window


# --- the LEDs -----------------------------------------------------------------------------------
class WebPixels:
    """NeoPixel's interface as drivers/leds.py uses it (`buf`, GRB, and `write()`)."""

    def __init__(self, host, count):
        self._host = host
        self.buf = bytearray(3 * count)

    def write(self):
        self._host.leds(_hex(self.buf))


def build_leds(board, host):
    matrix = board["matrix"]
    return leds.for_board(board, WebPixels(host, matrix["width"] * matrix["height"]))


# --- the buttons --------------------------------------------------------------------------------
class WebButton:
    """A page button as the scanner sees a pin: active low, `set(down)` from the page's key
    and pointer events, calling the scanner's IRQ handler on every change (in the page's one
    thread, hence LoopFlag)."""

    def __init__(self):
        self.level = 1
        self.reads = 0  # the scanner's reads, and the level it last read (WebPort.hold_press)
        self.seen = 1
        self._handler = None

    def value(self):
        self.reads += 1
        self.seen = self.level
        return self.level

    def irq(self, handler=None, trigger=0):
        self._handler = handler

    def set(self, down):
        level = 0 if down else 1
        if level != self.level:
            self.level = level
            if self._handler is not None:
                self._handler(self)


def build_buttons(board, clock):
    """(the scanner, {button name: WebButton}); the key map as hardware.build_buttons reads
    it from the board file: keys, long presses and chords."""
    names, classifier = press_classifier.for_board(board, clock)
    pins = [WebButton() for _ in names]
    scanner = ButtonScanner(pins, classifier, clock, True, irq_trigger=_EDGES, flag_class=LoopFlag)
    by_name = {}
    for position in range(len(names)):
        by_name[names[position]] = pins[position]
    return scanner, by_name


# --- storage ------------------------------------------------------------------------------------
class WebStore(Store):
    """The Store on the page's in-memory folder, every change mirrored to the browser's storage
    (one key per file, written whole: a browser's write of one key is all or nothing, which is
    what the rename gives on littlefs). The files are read back at start; a stored file damaged
    outside the page reaches the firmware as it is, so the journal's own checks judge it."""

    def __init__(self, host, folder="/data"):
        self._host = host
        self._mirrored = {}  # name -> bytes as last handed to the browser
        super().__init__(folder)
        for name in os.listdir(self.folder):  # a page reloaded without a new interpreter
            os.remove(self.path(name))
        for name in host.store_names().split("\n"):
            data = host.store_get(name) if name else None
            if data is not None:
                data = binascii.unhexlify(data)
                with open(self.path(name), "wb") as file:
                    file.write(data)
                self._mirrored[name] = data

    def free_bytes(self):
        return None  # the browser says so only by refusing a write (store_set raises)

    def _sync(self):
        """Hand every changed file to the browser, and forget the removed ones."""
        host = self._host
        present = {}
        for name in os.listdir(self.folder):
            if not name.endswith(".tmp"):
                with open(self.path(name), "rb") as file:
                    present[name] = file.read()
        try:
            for name in sorted(present):
                if self._mirrored.get(name) != present[name]:
                    host.store_set(name, _hex(present[name]))
                    self._mirrored[name] = present[name]
            for name in sorted(self._mirrored):
                if name not in present:
                    host.store_remove(name)
                    del self._mirrored[name]
        except Exception:  # the browser's quota: as a full flash
            raise OSError(_ENOSPC)

    def _write_lines(self, lines):
        Store._write_lines(self, lines)
        self._sync()

    def truncate(self, length):
        Store.truncate(self, length)
        try:
            self._sync()
        except OSError as exc:
            self._refused = exc.args

    def clear(self):
        Store.clear(self)
        self._sync()

    def keep_aside(self):
        kept = Store.keep_aside(self)
        try:
            self._sync()
        except OSError:
            return False
        return kept

    def quarantine(self):
        Store.quarantine(self)
        self._sync()

    def strike_memory(self):
        Store.strike_memory(self)
        try:
            self._sync()
        except OSError:
            pass

    def forget_memory_strikes(self):
        Store.forget_memory_strikes(self)
        self._sync()

    def write_atomic(self, name, data, essential=False):
        Store.write_atomic(self, name, data, essential)
        self._sync()


# --- the device ---------------------------------------------------------------------------------
def entropy_source(host):
    def entropy(count):
        return binascii.unhexlify(host.entropy(count))

    return entropy


def unique_id(store, entropy):
    """This browser's device id (8 bytes), made once and kept with the saves."""
    saved = store.read(_UNIQUE_ID)
    if saved is None or len(saved) != 8:
        saved = entropy(8)
        store.write_atomic(_UNIQUE_ID, saved)
    return saved


def seed_source(entropy, seed=None):
    """New games' seeds: from the browser's entropy, or (a test's ?seed=N) N, N+1, ... as the
    simulator's devices count them (hostsim/device.py), so both play the same dice."""
    seeds = [seed]

    def source():
        if seeds[0] is None:
            return int.from_bytes(entropy(4), "big") & 0x3FFFFFFF
        seeds[0] += 1
        return seeds[0] - 1

    return source


async def _read(pin):
    """Until the button scanner has read `pin` once more."""
    reads = pin.reads
    while pin.reads == reads:
        await asyncio.sleep_ms(1)


class WebPort:
    """What the page calls: its buttons, and questions its tests ask."""

    def __init__(self, parts, pins, clock, store):
        self.parts = parts
        self.clock = clock
        self.store = store
        self.app = None
        self.pins = pins
        self.crash_code = None
        self.pressing = None  # a held press (hold_press): False until its down is read

    def button(self, name, down):
        pin = self.pins.get(name)
        if pin is None:
            return False
        pin.set(bool(down))
        return True

    def hold_press(self, ms):
        """Make the next press, by the page's real key or pointer events, last `ms` of device
        time (and one scan more), however long the page's thread or a loaded machine takes
        between its down and its up: device time stands still from now to the release but for
        `ms` after the down is read and a scan period after the up is let go. A test arms it
        before each press (at a test's speed a key held in real time turns into a repeat or
        a long press when the page is slow); a person's presses never hold the clock. True
        when armed; `press_seen` says when to let go."""
        if self.pressing is not None or self.parts.buttons._classifier.timed:
            return False
        self.pressing = False
        self.clock.hold()
        asyncio.create_task(self._held_press(ms))
        return True

    def press_seen(self):
        """The held press's down was read, and read again `ms` later: let go now."""
        return self.pressing is True

    async def _held_press(self, ms):
        clock = self.clock
        pins = list(self.pins.values())
        try:
            while all(pin.seen for pin in pins):  # the down, read at the held time
                await asyncio.sleep_ms(1)
            clock.advance(ms)
            await _read(pins[0])  # still down `ms` later (its debounce over)
            self.pressing = True
            while not all(pin.level for pin in pins):  # the page's up, whenever it comes
                await asyncio.sleep_ms(1)
            clock.advance(_SCAN_MS)
            await _read(pins[0])  # the release, read a scan period later
        finally:
            clock.resume()
            self.pressing = None

    def settled(self):
        """The app waits for a person: no button down, no press being timed, no key or bot
        move waiting, the panel's refresh over (SimDevice.wait_idle's test, plus the keys)."""
        app = self.app
        if app is None or self.pressing is not None or not app.idle() or app.display.busy():
            return False
        for pin in self.pins.values():
            if pin.level == 0:
                return False
        return not app.buttons._classifier.timed

    def frame_hex(self):
        """The frame the panel shows (what the page's canvas should show), in hex."""
        return _hex(self.parts.display.shown)

    def attracting(self):
        """The kiosk's attract loop is on show."""
        app = self.app
        return app is not None and app.kiosk is not None and app.kiosk.attracting(app.shell)

    def ticks(self):
        """Device time (ms): a test measures the kiosk's idle time in it."""
        return self.clock.ticks_ms()

    def set_speed(self, speed):
        self.clock.set_speed(speed)

    def results_csv(self):
        """The results log as `make collect`'s results.csv, in hex (the page's download)."""
        from dicetable.kiosk import results_csv, results_log

        store = self.store
        names = [n for n in os.listdir(store.folder) if n.startswith(results_log.PREFIX)]
        segments = [store.read(name) for name in sorted(names) if not name.endswith(".tmp")]
        return _hex(results_csv.text(results_csv.records_of(segments)).encode())


async def main(host, board, seed=None, speed=1):
    """Start the device in the page: main.py's steps with the page's parts. Returns when the
    app stops; the page reloads after a crash screen, as the device resets."""
    clock = BrowserClock(speed)
    store = WebStore(host)
    entropy = entropy_source(host)
    counter = boot.StartCounter(store)
    failed = counter.failed()
    strikes = boot.take_memory_strikes(store)
    mode = boot.choose_mode(board, (), failed, strikes)
    print(boot.banner(mode, failed, "power-on"))
    parts = boot.Parts()
    watchdog = boot.Watchdog(None)  # a page has no watchdog: a stuck tab is the browser's
    parts.display = WebPanel(host, clock, board["panel"])
    parts.leds = build_leds(board, host)
    parts.buttons, pins = build_buttons(board, clock)
    port = WebPort(parts, pins, clock, store)
    host.connect(port)

    async def start():
        if mode == boot.HALT:
            await boot.halted(parts.display, board, failed, boot.last_crash_code(store))
            return
        counter.starting()
        lines = boot.safe_lines(board, failed, boot.last_crash_code(store), strikes)
        kiosk = kiosk_for_board(board, store, clock, unique_id(store, entropy), entropy)
        app = App(
            board,
            parts.display,
            parts.leds,
            parts.buttons,
            store,
            clock,
            seed_source(entropy, seed),
            watchdog=watchdog,
            safe_lines=lines if mode == boot.SAFE else None,
            on_healthy=counter.healthy,
            kiosk=kiosk,
        )
        parts.frame = app.frame
        port.app = app
        await app.run()

    code = await boot.guard(start, parts, clock, store, watchdog)
    port.crash_code = code
    if code is not None:
        host.reload()
