"""The SSD1680 driver against the controller model, over the fake machine, on a virtual clock.

Plain functions with bare asserts: run by pytest on CPython and by tools/mptest.py under the
MicroPython unix port (repo root on MICROPYPATH for `hostsim`). The glass is read back pixel by
pixel through the model, so nothing here repeats the driver's byte mapping.
"""

import asyncio
import gc

import machine
import neopixel

from dicetable.drivers.panel_bus import PanelTimeout
from dicetable.drivers.ssd1680 import SSD1680
from hostsim.devices.ssd1680 import SSD1680Model
from hostsim.vclock import VirtualClock

try:
    import framebuf
except ImportError:  # CPython before hostsim's framebuf shim exists
    framebuf = None

_MONO_VLSB = 0  # framebuf format numbers, so these tests do not need framebuf itself
SPI_BUS, CS, DC, RST, BUSY = 1, 9, 8, 12, 13


class Rig:
    """A board with one panel: fake pins and bus, the model attached, the driver on top."""

    def __init__(self, clock, width=296, height=128):
        machine._reset_sim()
        self.clock = clock
        self.model = SSD1680Model(clock, width, height)
        self.model.attach(spi=SPI_BUS, cs=CS, dc=DC, rst=RST, busy=BUSY)
        spi = machine.SPI(SPI_BUS, baudrate=20_000_000, sck=machine.Pin(10), mosi=machine.Pin(11))
        pins = [machine.Pin(ident) for ident in (CS, DC, RST, BUSY)]
        self.driver = SSD1680(spi, pins[0], pins[1], pins[2], pins[3], clock, width, height)
        self.width, self.height = width, height
        self.buf = bytearray(self.driver.BUFFER_SIZE)
        self.expected = bytearray(self.driver.BUFFER_SIZE)  # what the glass should show

    def _locate(self, x, y):
        if self.driver.FORMAT == _MONO_VLSB:
            return (y >> 3) * self.width + x, 1 << (y & 7)
        return y * (self.width >> 3) + (x >> 3), 0x80 >> (x & 7)

    def ink(self, buf, x, y):
        index, mask = self._locate(x, y)
        return 1 if buf[index] & mask else 0

    def set_ink(self, buf, x, y, ink):
        index, mask = self._locate(x, y)
        buf[index] = buf[index] | mask if ink else buf[index] & ~mask & 0xFF

    def scribble(self, region, seed):
        """Pseudo-random ink inside `region` of the app's buffer (same on both runtimes)."""
        x0, y0, w, h = region
        for y in range(max(y0, 0), min(y0 + h, self.height)):
            for x in range(max(x0, 0), min(x0 + w, self.width)):
                seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
                self.set_ink(self.buf, x, y, seed >> 16 & 1)

    def expect(self, window):
        """The glass should now show the app's buffer inside `window`."""
        x0, y0, w, h = window
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                self.set_ink(self.expected, x, y, self.ink(self.buf, x, y))

    def mismatches(self):
        count = 0
        for y in range(self.height):
            row = self.model.image_row(y)
            for x in range(self.width):
                if row[x] != self.ink(self.expected, x, y):
                    count += 1
        return count


def run(scenario, width=296, height=128):
    """Run `await scenario(rig)` with the virtual clock's keeper; returns the rig."""
    return run_on(lambda clock: Rig(clock, width, height), scenario)


def run_on(make_rig, scenario):
    """`run` for any controller: `make_rig(clock)` builds the rig."""
    clock = VirtualClock()
    gc.collect()  # the frame-sized buffers come next: allocate them in an unfragmented heap
    rig = make_rig(clock)

    async def main():
        keeper = asyncio.create_task(clock.keeper())
        try:
            await scenario(rig)
        finally:
            clock.running = False
            await keeper
            machine._reset_sim()  # the board registry would keep the model alive

    asyncio.run(main())
    return rig


def aligned(region, width=296, height=128):
    """The window a driver must report for `region`: clipped to the glass, widened to whole
    bytes along the sources (y on the 296x128 glass, x on the 400x300 one)."""
    x, y, w, h = region
    left, top = max(x, 0), max(y, 0)
    right, bottom = min(x + w, width), min(y + h, height)
    if width == 296:
        top, bottom = top // 8 * 8, -(-bottom // 8) * 8
    else:
        left, right = left // 8 * 8, -(-right // 8) * 8
    return left, top, right - left, bottom - top


async def refresh_each(rig, steps):
    """A full refresh, then each (region, during) of `steps` as a partial: with show(), or
    (`during`) started, drawn all over while BUSY, then finished. Each window is `aligned`,
    and the glass ends showing exactly what was refreshed."""
    driver, whole = rig.driver, (0, 0, rig.width, rig.height)
    await driver.init()
    rig.scribble(whole, 11)
    await driver.show(rig.buf)
    rig.expect(whole)
    for seed, (region, during) in enumerate(steps):
        rig.scribble(region, seed)
        if during:
            await driver.ready()
            window = driver.start_refresh(rig.buf, region)
            rig.expect(window)
            rig.scribble(whole, seed + 100)
            await driver.finish()
        else:
            window = await driver.show(rig.buf, region)
            rig.expect(window)
        assert window == aligned(region, rig.width, rig.height)
    assert rig.mismatches() == 0


def bytes_per_show(run, shows):
    """Bytes the driver sends for each (name, region) of `shows`, shown in order after init()."""
    sent = {}

    async def scenario(rig):
        await rig.driver.init()
        for name, region in shows:
            before = rig.driver.bytes_sent
            await rig.driver.show(rig.buf, region)
            sent[name] = rig.driver.bytes_sent - before

    run(scenario)
    return sent


def full_refresh_shows_buffer(width, height):
    async def scenario(rig):
        await rig.driver.init()
        rig.scribble((0, 0, width, height), 7)
        started = rig.clock.now
        assert await rig.driver.show(rig.buf) == (0, 0, width, height)
        assert rig.clock.now - started >= rig.model.full_ms  # BUSY was awaited
        rig.expect((0, 0, width, height))

    rig = run(scenario, width, height)
    assert rig.mismatches() == 0
    assert rig.model.violations == []
    assert (rig.model.full_refreshes, rig.model.partial_refreshes) == (1, 0)
    assert rig.model.bytes_received == rig.driver.bytes_sent


def test_full_refresh_296x128():
    full_refresh_shows_buffer(296, 128)


def test_full_refresh_400x300():
    full_refresh_shows_buffer(400, 300)


def partial_refreshes(width, height, steps):
    async def scenario(rig):
        await rig.driver.init()
        rig.scribble((0, 0, width, height), 1)
        await rig.driver.show(rig.buf)
        rig.expect((0, 0, width, height))
        for seed, (region, window) in enumerate(steps):
            rig.scribble(region, seed + 2)
            assert await rig.driver.show(rig.buf, region) == window
            rig.expect(window)
            assert rig.mismatches() == 0, (region, window)

    rig = run(scenario, width, height)
    assert rig.model.violations == []
    assert (rig.model.full_refreshes, rig.model.partial_refreshes) == (1, len(steps))


def test_partial_refreshes_296x128_widen_along_sources():
    partial_refreshes(
        296,
        128,
        [
            ((8, 8, 40, 16), (8, 8, 40, 16)),  # aligned
            ((101, 13, 37, 5), (101, 8, 37, 16)),  # y widened to whole bytes, x kept
            ((0, 120, 296, 8), (0, 120, 296, 8)),  # full-width band: one transfer per plane
            ((290, 125, 20, 20), (290, 120, 6, 8)),  # clipped at the corner
            ((-5, -5, 10, 10), (0, 0, 5, 8)),
        ],
    )


def test_partial_refreshes_400x300_widen_along_sources():
    partial_refreshes(
        400,
        300,
        [
            ((13, 7, 30, 11), (8, 7, 40, 11)),  # x widened to whole bytes, y kept
            ((392, 290, 9, 9), (392, 290, 8, 9)),  # clipped at the corner
        ],
    )


def partial_only_changes_its_window(run):
    """Shared with the UC8151: `run` is that controller's run()."""

    async def scenario(rig):
        await rig.driver.init()
        await rig.driver.show(rig.buf)
        rig.scribble((0, 0, 296, 128), 3)  # the app draws everywhere...
        await rig.driver.show(rig.buf, (40, 64, 16, 8))  # ...but refreshes one window
        rig.expect((40, 64, 16, 8))

    rig = run(scenario)
    assert rig.mismatches() == 0
    assert rig.model.violations == []


def test_partial_only_changes_its_window():
    partial_only_changes_its_window(run)


def drawing_during_a_refresh(run):
    """Shared with the UC8151: the app draws into its buffer while the panel refreshes; the
    next partial still knows what the glass shows (the models check the old image)."""

    async def scenario(rig):
        driver = rig.driver
        await driver.init()
        await driver.show(rig.buf)
        await driver.ready()
        rig.scribble((0, 0, 64, 16), 4)
        assert driver.start_refresh(rig.buf, (0, 0, 64, 16)) == (0, 0, 64, 16)
        rig.expect((0, 0, 64, 16))
        assert driver.busy()
        assert driver.start_refresh(rig.buf, (0, 0, 8, 8)) is None  # busy: nothing sent
        rig.scribble((0, 0, 64, 16), 5)  # drawn while the panel refreshes
        await driver.finish()
        assert not driver.busy()
        assert await driver.show(rig.buf, (0, 0, 64, 16)) == (0, 0, 64, 16)
        rig.expect((0, 0, 64, 16))

    rig = run(scenario)
    assert rig.mismatches() == 0
    assert rig.model.violations == []


def test_drawing_during_a_refresh_keeps_old_image_right():
    drawing_during_a_refresh(run)


def test_partial_bytes_grow_with_the_window():
    sent = []

    async def scenario(rig):
        await rig.driver.init()
        await rig.driver.show(rig.buf)
        for region in ((8, 16, 40, 16), (8, 16, 80, 16), (8, 16, 80, 32)):
            before = rig.driver.bytes_sent
            await rig.driver.show(rig.buf, region)
            sent.append(rig.driver.bytes_sent - before)

    run(scenario)
    # Window bytes (2 bytes per column per 16 rows) go twice: new image to 0x24 before the
    # refresh, and to 0x26 once it has ended (SSD1680._refreshed).
    overhead = sent[0] - 2 * 80
    assert sent == [overhead + 160, overhead + 320, overhead + 640], sent
    assert overhead < 40


def test_first_show_is_full_even_when_partial_asked():
    async def scenario(rig):
        await rig.driver.init()
        assert await rig.driver.show(rig.buf, (0, 0, 8, 8)) == (0, 0, 296, 128)

    rig = run(scenario)
    assert (rig.model.full_refreshes, rig.model.partial_refreshes) == (1, 0)


def test_while_refreshing_runs_once_a_refresh_has_started():
    """The app's chore (App._tidy_heap) runs once per refresh, full or partial, while the panel
    is BUSY with it: after the image is sent, never delaying it."""
    seen = []

    async def scenario(rig):
        driver = rig.driver

        def chore():
            seen.append((driver.busy(), rig.model.full_refreshes + rig.model.partial_refreshes))

        driver.while_refreshing = chore
        await driver.init()
        await driver.show(rig.buf)
        await driver.show(rig.buf, (0, 0, 8, 8))
        driver.while_refreshing = None
        await driver.show(rig.buf, (8, 8, 8, 8))

    rig = run(scenario)
    assert seen == [(True, 1), (True, 2)], seen
    assert rig.model.violations == []


def test_old_image_follows_the_glass_once_each_refresh_has_ended():
    """SSD1680._refreshed: when show() returns, RAM 0x26 already holds what the glass shows,
    written after BUSY fell (never a command while busy), so the next press sends its new image
    only."""
    seen = []

    async def scenario(rig):
        driver, model = rig.driver, rig.model
        await driver.init()
        await driver.show(rig.buf)
        for region in ((8, 16, 40, 16), (40, 64, 80, 32), (8, 16, 40, 16)):
            rig.scribble(region, len(seen) + 3)
            await driver.show(rig.buf, region)
            seen.append(model.ram_old == model.glass)

    rig = run(scenario)
    assert seen == [True, True, True]
    assert rig.model.violations == []


def test_model_flags_a_command_while_busy():
    async def scenario(rig):
        driver = rig.driver
        await driver.init()
        driver.start_refresh(rig.buf)
        try:
            driver._command(0x22, b"\xff")
        except OSError:
            pass  # the driver's own guard refuses
        else:
            raise AssertionError("driver sent a command while BUSY")
        driver._send(0, b"\x22")  # a broken driver: skips the guard
        await driver.finish()

    rig = run(scenario)
    assert len(rig.model.violations) == 1
    assert "while BUSY" in rig.model.violations[0]


def test_model_flags_refresh_before_init_and_writes_outside_window():
    async def scenario(rig):
        driver = rig.driver
        machine.Pin(RST).value(0)
        machine.Pin(RST).value(1)  # reset, but no SW reset
        driver._command(0x44, b"\x00\x01")  # RAM X window: bytes 0..1
        driver._command(0x4E, b"\x05")  # counter outside it
        driver._command(0x24, b"\x00")
        driver._command(0x22, b"\xf7")
        driver._command(0x20)

    violations = run(scenario).model.violations
    assert len(violations) == 2, violations
    assert "outside the window" in violations[0]
    assert "before init" in violations[1]


def test_deep_sleep_then_wake_on_show():
    async def scenario(rig):
        driver, model = rig.driver, rig.model
        await driver.init()
        rig.scribble((0, 0, 296, 128), 6)
        await driver.show(rig.buf)
        rig.expect((0, 0, 296, 128))
        await driver.sleep()
        assert model.asleep and driver.busy()  # BUSY stays high in deep sleep
        driver._send(0, b"\x22")  # a broken driver talks to a sleeping panel
        assert "deep sleep" in model.violations.pop()
        model.ram_new[:] = model.ram_old[:] = b"\x55" * len(model.ram_new)  # RAM not trusted
        rig.scribble((16, 16, 8, 8), 7)
        assert await driver.show(rig.buf, (16, 16, 8, 8)) == (0, 0, 296, 128)
        rig.expect((0, 0, 296, 128))
        assert not model.asleep

    rig = run(scenario)
    assert rig.mismatches() == 0
    assert rig.model.violations == []
    assert (rig.model.full_refreshes, rig.model.partial_refreshes) == (1, 1)


def busy_that_never_ends(run):
    """Shared with the UC8151 (`run` is that controller's run()). A refresh past its deadline,
    a panel stuck from its reset on, one stuck from a refresh on (the model's fault switches):
    each wait ends in PanelTimeout naming its stage, feeding `keepalive` (the watchdog) at
    every poll meanwhile, however long the deadline; a reset once BUSY works again recovers,
    with a full refresh."""
    feeds = [0, None, 0]  # how many, ms of the last, longest gap: no list of thousands

    async def scenario(rig):
        driver, model, clock = rig.driver, rig.model, rig.clock

        def keepalive():
            if feeds[1] is not None:
                feeds[2] = max(feeds[2], clock.now - feeds[1])
            feeds[0], feeds[1] = feeds[0] + 1, clock.now

        driver.keepalive = keepalive
        await driver.init()
        full_ms, model.full_ms = model.full_ms, 60_000
        started = clock.now
        assert issubclass(PanelTimeout, OSError)
        message = await timeout_message(driver.show(rig.buf))
        assert message.startswith(driver.NAME) and "refresh deadline" in message, message
        assert driver.FULL_TIMEOUT_MS <= clock.now - started < model.full_ms
        model.full_ms, model.stuck_busy = full_ms, True
        assert "reset deadline" in await timeout_message(driver.init())
        model.stuck_busy, model.stick_on_refresh = False, True
        await driver.init()  # BUSY works again: the reset ends the long refresh
        started = clock.now
        assert "refresh deadline" in await timeout_message(driver.show(rig.buf, (0, 0, 8, 8)))
        assert clock.now - started >= driver.FULL_TIMEOUT_MS  # the first refresh is full
        assert model.stuck_busy  # the switch stuck BUSY for good
        model.stuck_busy = model.stick_on_refresh = False
        await driver.init()
        whole = (0, 0, driver.width, driver.height)
        assert await driver.show(rig.buf, (0, 0, 8, 8)) == whole  # full again

    rig = run(scenario)
    assert rig.model.violations == []
    assert rig.model.full_refreshes == 3
    assert feeds[0] > 2 * rig.driver.FULL_TIMEOUT_MS // rig.driver.BUSY_POLL_MS
    assert feeds[2] <= 3 * rig.driver.BUSY_POLL_MS, feeds[2]


def test_timeout_when_busy_stays_high():
    busy_that_never_ends(run)


def raises(call, kind):
    try:
        call()
    except kind:
        return True
    return False


def test_bad_arguments_raise():
    pins = [machine.Pin(ident) for ident in (1, 2, 3, 4)]
    for size in ((128, 296), (250, 122)):

        def construct(size=size):
            return SSD1680(None, pins[0], pins[1], pins[2], pins[3], None, size[0], size[1])

        assert raises(construct, ValueError), size

    assert run(refusals).model.violations == []


async def refusals(rig):
    """Shared with the UC8151: a refresh before init() raises OSError; after it, a short
    buffer and empty or off-glass regions raise ValueError."""
    driver = rig.driver
    assert raises(lambda: driver.start_refresh(rig.buf), OSError)
    await driver.init()
    assert raises(lambda: driver.start_refresh(bytearray(10)), ValueError)
    await driver.show(rig.buf)
    await driver.ready()
    for region in ((0, 0, 0, 10), (300, 0, 10, 10), (0, -20, 10, 10)):

        def start(region=region):
            return driver.start_refresh(rig.buf, region)

        assert raises(start, ValueError), region


def raw(rig, command, data=b""):
    """Bytes through the driver's transport, skipping its protocol (and BUSY guard)."""
    rig.driver._send(0, bytes((command,)))
    if data:
        rig.driver._send(1, bytes(data))


async def timeout_message(coroutine):
    """The PanelTimeout message of awaiting `coroutine`, or "" if it ends normally."""
    try:
        await coroutine
    except PanelTimeout as error:
        return str(error)
    return ""


def test_framebuf_drawing_reaches_the_glass():
    if framebuf is None:
        return

    async def scenario(rig):
        assert rig.driver.FORMAT == framebuf.MONO_VLSB
        canvas = framebuf.FrameBuffer(rig.buf, rig.width, rig.height, rig.driver.FORMAT)
        canvas.fill(0)
        canvas.rect(0, 0, rig.width, rig.height, 1)
        canvas.text("Trek 12", 10, 10, 1)
        await rig.driver.init()
        await rig.driver.show(rig.buf)
        rig.expect((0, 0, rig.width, rig.height))

    rig = run(scenario)
    assert rig.mismatches() == 0
    assert rig.model.ink(0, 0) == 1 and rig.model.ink(5, 5) == 0  # frame drawn, inside white


def test_machine_pins_share_lines_and_fire_irqs():
    machine._reset_sim()
    edges = []
    button = machine.Pin(3, machine.Pin.IN, machine.Pin.PULL_UP)
    assert button.value() == 1
    button.irq(lambda pin: edges.append(pin.value()), machine.Pin.IRQ_FALLING)
    machine._drive(3, 0)
    machine._drive(3, 1)
    assert edges == [0]
    led = machine.Pin(4, machine.Pin.OUT, value=1)
    assert machine.Pin(4).value() == 1 and machine._level(4) == 1
    led.toggle()
    assert machine._level(4) == 0
    spi = machine.SPI(0)
    spi.deinit()
    try:
        spi.write(b"\x00")
    except OSError:
        pass
    else:
        raise AssertionError("write after deinit")
    machine._reset_sim()


def test_neopixel_grb_through_bitstream():
    machine._reset_sim()
    frames = []
    machine._attach_bitstream(16, frames.append)
    strip = neopixel.NeoPixel(machine.Pin(16), 3)
    strip.fill((1, 2, 3))
    strip[2] = (10, 20, 30)
    assert len(strip) == 3 and strip[2] == (10, 20, 30) and strip[-1] == (10, 20, 30)
    strip.write()
    assert frames == [bytes((2, 1, 3, 2, 1, 3, 20, 10, 30))]
    assert machine._bitstream_record(16) == (1, frames[0])
    white = neopixel.NeoPixel(machine.Pin(17), 1, bpp=4, timing=0)
    white[0] = (1, 2, 3, 4)
    assert bytes(white.buf) == bytes((2, 1, 3, 4)) and white.timing[0] == 800
    machine._reset_sim()
