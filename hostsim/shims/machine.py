"""Fake `machine` for running the firmware on the host (CPython or the MicroPython unix port).

The public part is MicroPython's rp2 API as the drivers use it: `Pin` (with `irq`), `SPI`,
`bitstream`, `WDT`, `reset_cause`, `mem32` (the watchdog's CTRL register only), `freq`,
`unique_id`, `idle`, `reset`, `soft_reset`, `disable_irq`/`enable_irq`. Pins with the same id
share one line, as on the chip. Nothing here touches the outside world: device models
plug in through the underscore-prefixed simulator hooks at the end, which firmware never uses.
"""

_lines = {}  # pin id -> _Line
_buses = {}  # SPI id -> list of listeners, each called with the bytes written
_streams = {}  # pin id -> [frames written, last frame bytes, listeners]
_frequency = [125_000_000]
_reset_cause = [1]  # PWRON_RESET
# The watchdog: armed, timeout, feeds, ms of the last feed, longest gap between feeds, bites.
_watchdog = {}
_time = [None]  # a callable giving the simulator's milliseconds, see _set_time

PWRON_RESET = 1
WDT_RESET = 3
# rp2: the watchdog times out after at most 0xffffff / 2 us (errata RP2040-E1).
_WDT_MAX_MS = 8388
_WATCHDOG_CTRL_CLEAR = 0x40058000 | 0x3000  # CTRL through its atomic clear alias
_WATCHDOG_ENABLE = 1 << 30


class _Line:
    """One GPIO as the board sees it: mode, output latch, outside level and IRQ wiring."""

    def __init__(self, ident):
        self.ident = ident
        self.mode = -1
        self.pull = -1
        self.latch = 0  # the level the firmware drives in OUT mode
        self.outside = None  # level the simulator drives, or None: floating
        self.sampler = None  # or a callable giving the outside level when read
        self.level = 0
        self.handler = None
        self.trigger = 0
        self.pin = None  # the Pin object handed to the IRQ handler
        self.watchers = []

    def resolve(self):
        # Open drain drives low only; an input (or released open drain) reads the outside.
        if self.mode == Pin.OUT or (self.mode == Pin.OPEN_DRAIN and not self.latch):
            return self.latch
        if self.sampler is not None:
            return 1 if self.sampler() else 0
        if self.outside is not None:
            return self.outside
        return 1 if self.pull == Pin.PULL_UP else 0

    def update(self):
        level = self.resolve()
        if level != self.level:
            self.level = level
            for watcher in self.watchers:
                watcher(level)
            edge = Pin.IRQ_RISING if level else Pin.IRQ_FALLING
            if self.handler is not None and self.trigger & edge:
                self.handler(self.pin)
        return level


def _line(ident):
    line = _lines.get(ident)
    if line is None:
        line = _lines[ident] = _Line(ident)
    return line


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, *, value=None, drive=None, alt=None):
        self._line = _line(id)
        self.init(mode, pull, value=value, drive=drive, alt=alt)

    def init(self, mode=-1, pull=-1, *, value=None, drive=None, alt=None):
        line = self._line
        if value is not None:
            line.latch = 1 if value else 0
        if mode != -1:
            line.mode = mode
        if pull != -1:
            line.pull = pull
        line.update()

    def value(self, level=None):
        if level is None:
            return self._line.update()
        self._line.latch = 1 if level else 0
        self._line.update()
        return None

    def __call__(self, level=None):
        return self.value(level)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    high = on
    low = off

    def toggle(self):
        self.value(not self._line.latch)

    def irq(
        self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, *, priority=1, wake=None, hard=False
    ):
        line = self._line
        line.handler, line.trigger, line.pin = handler, trigger, self
        line.level = line.resolve()  # edges count from now on
        return None

    def __repr__(self):
        return "Pin(%r)" % (self._line.ident,)


class SPI:
    MSB = 1
    LSB = 0

    def __init__(self, id, baudrate=1_000_000, **options):
        self.id = id
        self._open = False
        self.init(baudrate, **options)  # the same keywords: rp2's SPI checks them there too

    def init(
        self,
        baudrate=1_000_000,
        *,
        polarity=0,
        phase=0,
        bits=8,
        firstbit=MSB,
        sck=None,
        mosi=None,
        miso=None,
    ):
        self.baudrate = baudrate
        self.polarity, self.phase, self.bits, self.firstbit = polarity, phase, bits, firstbit
        self._open = True

    def deinit(self):
        self._open = False

    def write(self, buf):
        if not self._open:
            raise OSError("SPI(%r) used after deinit()" % (self.id,))
        for listener in _buses.get(self.id, ()):
            listener(buf)  # no copy (frames are large): listeners use it before returning
        return None

    def read(self, nbytes, write=0):
        self.write(bytes((write,)) * nbytes)
        return bytes(nbytes)  # no model answers: MISO reads low

    def readinto(self, buf, write=0):
        self.write(bytes((write,)) * len(buf))
        for index in range(len(buf)):
            buf[index] = 0

    def write_readinto(self, write_buf, read_buf):
        self.write(write_buf)
        for index in range(len(read_buf)):
            read_buf[index] = 0


def bitstream(pin, encoding, timing, buf):
    stream = _streams.get(pin._line.ident)
    if stream is None:
        stream = _streams[pin._line.ident] = [0, b"", []]
    data = bytes(buf)
    stream[0] += 1
    stream[1] = data
    for listener in stream[2]:
        listener(data)


class WDT:
    """rp2's watchdog: one per chip, started by the constructor, never stopped by the API.
    The simulator reads how it was fed with `_watchdog_report()`."""

    def __init__(self, *, id=0, timeout=5000):
        if id != 0:
            raise ValueError("WDT(%d) doesn't exist" % id)
        if timeout > _WDT_MAX_MS:
            raise ValueError("timeout exceeds %d" % _WDT_MAX_MS)
        now = _now()
        _watchdog.update(
            {"armed": True, "timeout": timeout, "feeds": 0, "fed": now, "max_gap": 0, "bites": 0}
        )

    def feed(self):
        if not _watchdog.get("armed"):
            return
        now = _now()
        gap = now - _watchdog["fed"]
        if gap > _watchdog["max_gap"]:
            _watchdog["max_gap"] = gap
        if gap > _watchdog["timeout"]:  # too late: the chip would have reset before this feed
            _watchdog["bites"] += 1
        _watchdog["fed"] = now
        _watchdog["feeds"] += 1


class _Memory:
    """machine.mem32: only the write that disables the watchdog means anything here."""

    def __setitem__(self, address, value):
        if address == _WATCHDOG_CTRL_CLEAR and value & _WATCHDOG_ENABLE:
            _watchdog["armed"] = False

    def __getitem__(self, address):
        return 0


mem32 = _Memory()


def reset_cause():
    return _reset_cause[0]


def freq(hz=None):
    if hz is None:
        return _frequency[0]
    _frequency[0] = hz
    return None


def unique_id():
    return b"\xd1\xce\x7a\xb1\xe0\x00\x00\x01"  # fixed, so runs are reproducible


def idle():
    pass


def disable_irq():
    return 0


def enable_irq(state=0):
    pass


def reset():
    raise SystemExit("machine.reset()")


def soft_reset():
    raise SystemExit("machine.soft_reset()")


# ---- Simulator side: hostsim and tests only; firmware never calls these. ----


def _reset_sim():
    """Forget every line, bus listener and recorded bitstream (a fresh board)."""
    _lines.clear()
    _buses.clear()
    _streams.clear()
    _frequency[0] = 125_000_000
    _reset_cause[0] = PWRON_RESET
    _watchdog.clear()
    _time[0] = None


def _now():
    return _time[0]() if _time[0] is not None else 0


def _set_time(source):
    """Give the fake watchdog the simulator's clock: `source()` returns milliseconds."""
    _time[0] = source


def _set_reset_cause(cause):
    """What `reset_cause()` answers on the next boot (PWRON_RESET or WDT_RESET)."""
    _reset_cause[0] = cause


def _watchdog_report():
    """The watchdog as fed so far: {"armed", "timeout", "feeds", "fed", "max_gap", "bites"} (ms
    of the simulator's clock; `bites`: feeds that came after the timeout, each a reset on the
    chip), or {} if never started. `overdue` is how late the next feed is now; `starved` is
    True if the chip would have reset by now (a late feed, or one overdue)."""
    report = dict(_watchdog)
    if report.get("armed"):
        report["overdue"] = max(0, _now() - report["fed"] - report["timeout"])
        report["starved"] = report["bites"] > 0 or report["overdue"] > 0
    return report


def _level(ident):
    """The level on a line now, whoever drives it."""
    return _line(ident).update()


def _drive(ident, level):
    """Drive an input line from outside (a button, a device's output); None floats it.
    Fires the pin's IRQ on an edge."""
    line = _line(ident)
    line.outside = None if level is None else (1 if level else 0)
    line.update()


def _sample(ident, sampler):
    """Let a device model give a line's outside level when it is read (e.g. a BUSY that ends
    by the model's clock). Edges of such a line are seen when it is read."""
    line = _line(ident)
    line.sampler = sampler
    line.update()


def _watch(ident, callback):
    """Call `callback(level)` on every level change of a line (e.g. a model's reset input)."""
    line = _line(ident)
    line.level = line.resolve()
    line.watchers.append(callback)


def _attach_spi(bus_id, listener):
    """Call `listener(buf)` on every write to SPI bus `bus_id`; a device checks its own CS.
    `buf` is the writer's buffer: read it during the call, copy what must be kept."""
    _buses.setdefault(bus_id, []).append(listener)


def _attach_bitstream(ident, listener):
    """Call `listener(bytes)` on every `bitstream` to pin `ident` (an LED strip model)."""
    stream = _streams.get(ident)
    if stream is None:
        stream = _streams[ident] = [0, b"", []]
    stream[2].append(listener)


def _bitstream_record(ident):
    """(frames written, last frame's bytes) for pin `ident`."""
    stream = _streams.get(ident, (0, b""))
    return stream[0], stream[1]
