"""The UC8151 driver against its controller model, over the fake machine, on a virtual clock;
and the ghosting both controller models show.

Plain functions with bare asserts: run by pytest on CPython and by tools/mptest.py under the
MicroPython unix port. The glass is read back pixel by pixel through the model, so nothing here
repeats the driver's byte mapping. The pixel helpers come from the SSD1680 rig.
"""

import machine

from dicetable.drivers.uc8151 import UC8151
from hostsim.devices import ghosting
from hostsim.devices.uc8151 import UC8151Model
from hostsim.vclock import VirtualClock

from test_ssd1680_model import Rig as SSD1680Rig
from test_ssd1680_model import (
    busy_that_never_ends,
    drawing_during_a_refresh,
    partial_only_changes_its_window,
    raises,
    raw,
    refusals,
    run_on,
)
from test_ssd1680_model import run as run_ssd1680

SPI_BUS, CS, DC, RST, BUSY = 1, 9, 8, 12, 13
WHOLE = (0, 0, 296, 128)


class Rig(SSD1680Rig):
    """A board with a UC8151 panel: the model attached, the driver on top."""

    def __init__(self, clock, partials_per_full=None, min_interval_ms=None):
        machine._reset_sim()
        self.clock = clock
        self.model = UC8151Model(clock)
        self.model.attach(spi=SPI_BUS, cs=CS, dc=DC, rst=RST, busy=BUSY)
        spi = machine.SPI(SPI_BUS, baudrate=10_000_000, sck=machine.Pin(10), mosi=machine.Pin(11))
        pins = [machine.Pin(ident) for ident in (CS, DC, RST, BUSY)]
        self.driver = UC8151(
            spi, pins[0], pins[1], pins[2], pins[3], clock, 296, 128,
            partials_per_full, min_interval_ms,
        )  # fmt: skip
        self.width, self.height = 296, 128
        self.buf = bytearray(self.driver.BUFFER_SIZE)
        self.expected = bytearray(self.driver.BUFFER_SIZE)


def run(scenario, partials_per_full=None, min_interval_ms=None):
    """Run `await scenario(rig)` with the virtual clock's keeper; returns the rig."""
    return run_on(lambda clock: Rig(clock, partials_per_full, min_interval_ms), scenario)


def test_full_refresh_shows_the_buffer_and_awaits_busy():
    async def scenario(rig):
        await rig.driver.init()
        rig.scribble(WHOLE, 7)
        started = rig.clock.now
        assert await rig.driver.show(rig.buf) == WHOLE
        assert rig.clock.now - started >= rig.model.full_ms  # BUSY_N (low) was awaited
        rig.expect(WHOLE)
        assert not rig.model.powered  # powered off after the refresh

    rig = run(scenario)
    assert rig.mismatches() == 0
    assert rig.model.violations == []
    assert (rig.model.full_refreshes, rig.model.partial_refreshes) == (1, 0)
    assert rig.model.bytes_received == rig.driver.bytes_sent
    assert rig.model.border_at_refresh == 0b01  # a full refresh drives the border white


def test_partial_windows_align_to_8_sources_and_show_the_buffer():
    steps = [
        ((8, 8, 40, 16), (8, 8, 40, 16)),  # aligned
        ((101, 13, 37, 5), (101, 8, 37, 16)),  # y widened to whole bytes, x kept
        ((0, 120, 296, 8), (0, 120, 296, 8)),
        ((0, 0, 20, 128), (0, 0, 20, 128)),  # whole gate lines: one transfer per plane
        ((290, 125, 20, 20), (290, 120, 6, 8)),  # clipped at the corner
        ((-5, -5, 10, 10), (0, 0, 5, 8)),
    ]

    async def scenario(rig):
        await rig.driver.init()
        rig.scribble(WHOLE, 1)
        await rig.driver.show(rig.buf)
        rig.expect(WHOLE)
        for seed, (region, window) in enumerate(steps):
            rig.scribble(region, seed + 2)
            assert await rig.driver.show(rig.buf, region) == window
            x, y, w, h = window  # PTL as the model decoded it: gates, then source bytes
            assert rig.model.window == (x, x + w - 1, y >> 3, (y + h - 1) >> 3)
            rig.expect(window)
            assert rig.mismatches() == 0, (region, window)

    rig = run(scenario)
    assert rig.model.violations == []
    assert (rig.model.full_refreshes, rig.model.partial_refreshes) == (1, len(steps))
    assert rig.model.border_at_refresh == 0b00  # partials leave the border floating


def test_partial_takes_the_register_waveform_time():
    async def scenario(rig):
        await rig.driver.init()
        await rig.driver.show(rig.buf)
        rig.scribble((40, 64, 16, 8), 3)
        started = rig.clock.now
        await rig.driver.show(rig.buf, (40, 64, 16, 8))
        took = rig.clock.now - started
        # 30 frames at 100 Hz, plus power on (3 x 10 ms) and off (20 ms), plus polling.
        assert 300 + 30 + 20 <= took < 450, took

    assert run(scenario).model.violations == []


def test_partial_only_changes_its_window():
    partial_only_changes_its_window(run)


def test_drawing_during_a_refresh_keeps_old_data_right():
    drawing_during_a_refresh(run)


def test_a_refresh_waits_for_power_on_and_powers_off_after():
    async def scenario(rig):
        driver = rig.driver
        await driver.init()
        await driver.show(rig.buf)
        assert not rig.model.powered
        assert driver.start_refresh(rig.buf, (0, 0, 64, 16)) is None  # powered off: not ready
        await driver.ready()
        assert rig.model.powered
        assert driver.start_refresh(rig.buf, (0, 0, 64, 16)) == (0, 0, 64, 16)
        await driver.finish()
        assert not driver.busy() and not rig.model.powered

    assert run(scenario).model.violations == []


def test_budget_forces_a_full_refresh_after_n_partials():
    windows = []

    async def scenario(rig):
        await rig.driver.init()
        await rig.driver.show(rig.buf)
        for seed in range(7):
            rig.scribble((8, 8, 16, 8), seed)
            windows.append(await rig.driver.show(rig.buf, (8, 8, 16, 8)))
            rig.expect(windows[-1])
            if seed == 2:
                assert rig.model.ghosted_pixels() > 0
            if seed == 3:  # the 4th partial asked for was made full: the glass is clean
                assert rig.model.ghosted_pixels() == 0 and rig.driver.last_full

    rig = run(scenario, partials_per_full=3)
    assert windows == [(8, 8, 16, 8)] * 3 + [WHOLE] + [(8, 8, 16, 8)] * 3
    assert (rig.model.full_refreshes, rig.model.partial_refreshes) == (2, 6)
    assert rig.mismatches() == 0 and rig.model.violations == []


def test_budget_holds_refreshes_to_the_minimum_interval():
    starts = []

    async def scenario(rig):
        driver, clock = rig.driver, rig.clock
        await driver.init()
        await driver.show(rig.buf)  # full: 4.7 s, longer than the interval
        for seed in range(3):
            rig.scribble((8, 8, 16, 8), seed)
            await driver.ready()
            starts.append(clock.now)
            assert driver.start_refresh(rig.buf, (8, 8, 16, 8)) == (8, 8, 16, 8)
            while driver.busy():
                await clock.sleep_ms(10)
            # The refresh is over and the panel still powered, but it is too soon.
            assert driver.start_refresh(rig.buf, (8, 8, 16, 8)) is None
            await driver.finish()

    rig = run(scenario, min_interval_ms=2000)
    assert starts[1] - starts[0] >= 2000 and starts[2] - starts[1] >= 2000
    assert starts[2] - starts[1] < 2000 + 100  # ...and not much longer
    assert rig.model.violations == []


def test_no_command_while_busy():
    async def scenario(rig):
        driver = rig.driver
        await driver.init()
        await driver.ready()
        driver.start_refresh(rig.buf)
        assert driver.busy() and rig.model._busy_line() == 0  # BUSY_N is low while busy
        assert raises(lambda: driver._command(0x02), OSError)  # the driver's own guard
        driver._send(0, b"\x02")  # a broken driver: skips the guard
        await driver.finish()

    rig = run(scenario)
    assert len(rig.model.violations) == 1
    assert "while BUSY" in rig.model.violations[0]
    assert rig.model.full_refreshes == 1


def test_deep_sleep_then_wake_on_show():
    async def scenario(rig):
        driver, model = rig.driver, rig.model
        await driver.init()
        rig.scribble(WHOLE, 6)
        await driver.show(rig.buf)
        rig.expect(WHOLE)
        await driver.sleep()
        assert model.asleep and driver.busy()  # BUSY_N stays low in deep sleep
        driver._send(0, b"\x04")  # a broken driver talks to a sleeping panel
        assert "deep sleep" in model.violations.pop()
        rig.scribble((16, 16, 8, 8), 7)
        # The glass kept its image and the driver knows it: a partial is enough. The reset lost
        # the waveform tables; init() loads them again (the model checks the refresh).
        assert await driver.show(rig.buf, (16, 16, 8, 8)) == (16, 16, 8, 8)
        rig.expect((16, 16, 8, 8))
        assert not model.asleep
        driver.deinit()  # idle and off: deep sleep again
        assert model.asleep

    rig = run(scenario)
    assert rig.mismatches() == 0
    assert rig.model.violations == []
    assert (rig.model.full_refreshes, rig.model.partial_refreshes) == (1, 1)


def test_timeout_when_busy_stays_low():
    busy_that_never_ends(run)


def test_bad_arguments_raise():
    pins = [machine.Pin(ident) for ident in (1, 2, 3, 4)]

    def construct():
        return UC8151(None, pins[0], pins[1], pins[2], pins[3], None, 400, 300)

    assert raises(construct, ValueError)

    assert run(refusals).model.violations == []


def test_model_reports_protocol_mistakes():
    rig = Rig(VirtualClock())
    model = rig.model
    raw(rig, 0x12)  # refresh before PSR
    raw(rig, 0x00, [0x9F])
    raw(rig, 0x12)  # refresh with the power off
    raw(rig, 0x50, [0x07, 0x01])  # one byte too many
    raw(rig, 0x99)  # no such command
    raw(rig, 0x90, [3, 20, 0, 0, 0, 9, 1])  # sources 3..20: not whole bytes
    raw(rig, 0x90, [0, 7, 1, 0x40, 0, 2, 1])  # gates 320..2: beyond the glass
    raw(rig, 0x91)
    raw(rig, 0x90, [0, 7, 0, 0, 0, 1, 1])  # one byte on each of 2 gates
    raw(rig, 0x13, [1, 2, 3])  # a byte too many for the window
    raw(rig, 0x11)
    rig.driver._send(1, b"\x00")  # data with no command
    raw(rig, 0x07, [0x00])  # wrong check code: no deep sleep
    raw(rig, 0x04)
    model.clock.advance(100)
    raw(rig, 0x00, [0xBF])  # register waveform, but no tables loaded
    raw(rig, 0x21, [0x00, 5] + [0] * 3 + [1] + [0] * 36)  # WW runs 5 frames, the rest 0
    raw(rig, 0x10, [0])  # old data for the window...
    raw(rig, 0x12)  # ...but no DSP before the refresh
    model.clock.advance(100)
    raw(rig, 0x07, [0xA5])  # deep sleep while powered on
    rig.driver._rst(0)
    raw(rig, 0x00, [0x9F])  # while RES# is low
    rig.driver._rst(1)
    messages = " | ".join(model.violations)
    for words in (
        "before the panel setting",
        "power off",
        "extra data byte",
        "unknown command 0x99",
        "not aligned to 8",
        "beyond the glass",
        "beyond the window",
        "without a command",
        "check code",
        "different numbers of frames",
        "without a data stop",
        "while powered on",
        "RES# is low",
    ):
        assert words in messages, words
    assert model.partial_refreshes == 1  # the mistakes did not stop the valid refresh
    assert not model.asleep  # the reset woke it


def test_both_models_cap_their_violation_lists():
    for make_rig in (Rig, SSD1680Rig):
        rig = make_rig(VirtualClock())  # a new board: the other model is unplugged
        for _ in range(80):
            raw(rig, 0x99)
        assert len(rig.model.violations) == 50 and rig.model.violation_count == 80


def test_model_data_polarity_and_mirrored_scan():
    rig = Rig(VirtualClock())
    model = rig.model
    for command, data in ((0x00, [0x9F]), (0x61, [0x80, 0x01, 0x28]), (0x30, [0x3A])):
        raw(rig, command, data)
    raw(rig, 0x50, [0x57])  # DDX 1: a 1 bit is white
    raw(rig, 0x13, b"\x7f" + b"\xff" * 4735)  # only the first pixel black
    raw(rig, 0x11)
    raw(rig, 0x04)
    model.clock.advance(100)
    raw(rig, 0x12)
    model.clock.advance(5000)
    assert model.ink(0, 0) == 1 and model.ink(1, 0) == 0 and model.ink(0, 1) == 0
    raw(rig, 0x00, [0x97])  # UD clear: gates mirrored
    raw(rig, 0x12)
    assert "mirrored scan" in model.violations[-1]


def test_ghosting_marks_partials_and_full_clears_it():
    async def scenario(rig):
        driver, model = rig.driver, rig.model
        await driver.init()
        await driver.show(rig.buf)
        assert model.ghosted_pixels() == 0
        rig.set_ink(rig.buf, 10, 20, 1)  # ink one pixel, then take it away again
        await driver.show(rig.buf, (8, 16, 8, 8))
        assert model.ghosted_pixels() == 1 and model.ghosted(10, 20)
        assert model.tone(10, 20) == ghosting.GHOST_INK and model.seen(10, 20) == 1
        rig.set_ink(rig.buf, 10, 20, 0)
        await driver.show(rig.buf, (8, 16, 8, 8))
        assert model.ink(10, 20) == 0 and model.tone(10, 20) == ghosting.GHOST_PAPER
        assert model.seen(10, 20) == 0  # no speckle: a 1-bit view cannot show a faint tint
        assert model.image()[20][10] == ghosting.GHOST_PAPER
        # A light tint: nearer paper than ink, never a half-tone that reads as content.
        assert ghosting.GHOST_PAPER > 220 and ghosting.GHOST_INK < 60
        _, ink, leftover = model.leftover_rows()
        assert sum(bin(value).count("1") for value in leftover) == 1
        assert model.image_row(20)[10] == 0  # the exact image knows no ghosts
        await driver.show(rig.buf, None, True)
        assert model.ghosted_pixels() == 0 and model.tone(10, 20) == ghosting.PAPER

    assert run(scenario).model.violations == []


def test_otp_refresh_of_a_window_cleans_only_that_window():
    async def scenario(rig):
        driver, model, clock = rig.driver, rig.model, rig.clock
        await driver.init()
        await driver.show(rig.buf)
        for region in ((8, 8, 16, 8), (200, 64, 16, 8)):
            rig.scribble(region, 5)
            await driver.show(rig.buf, region)
        left = sum(model.ghosted(x, y) for x in range(8, 24) for y in range(8, 16))
        right = model.ghosted_pixels() - left
        assert left > 0 and right > 0
        await driver.ready()
        raw(rig, 0x00, [0x9F])  # OTP waveform
        raw(rig, 0x91)
        raw(rig, 0x90, [8, 15, 0, 8, 0, 23, 1])  # sources 8..15, gates 8..23 (RAM kept)
        raw(rig, 0x12)
        while driver.busy():
            await clock.sleep_ms(10)
        await driver.finish()
        assert model.ghosted_pixels() == right  # across a 256-byte piece of ghost bits
        rig.expect(WHOLE)  # every scribble was refreshed: the glass is the buffer

    rig = run(scenario)
    assert rig.mismatches() == 0 and rig.model.violations == []


def test_ssd1680_model_ghosts_partials_too():
    async def scenario(rig):
        driver, model = rig.driver, rig.model
        await driver.init()
        await driver.show(rig.buf)
        rig.scribble((8, 16, 16, 16), 9)
        await driver.show(rig.buf, (8, 16, 16, 16))
        inked = [(x, y) for x in range(8, 24) for y in range(16, 32) if rig.ink(rig.buf, x, y)]
        assert model.ghosted_pixels() == len(inked) > 0
        assert model.tone(inked[0][0], inked[0][1]) == ghosting.GHOST_INK
        await driver.show(rig.buf, None, True)
        assert model.ghosted_pixels() == 0

    assert run_ssd1680(scenario).model.violations == []


def test_ssd1680_driver_keeps_the_same_budget():
    windows, starts = [], []

    async def scenario(rig):
        driver, clock = rig.driver, rig.clock
        driver.budget.partials_per_full, driver.budget.min_interval_ms = 2, 1000
        await driver.init()
        await driver.show(rig.buf)
        for seed in range(4):
            rig.scribble((8, 8, 16, 8), seed)
            await driver.ready()
            starts.append(clock.now)
            windows.append(driver.start_refresh(rig.buf, (8, 8, 16, 8)))
            rig.expect(windows[-1])
            await driver.finish()
            if windows[-1] != WHOLE:  # a partial (300 ms) ended well inside the interval
                assert driver.start_refresh(rig.buf, (8, 8, 16, 8)) is None

    rig = run_ssd1680(scenario)
    assert windows == [(8, 8, 16, 8)] * 2 + [WHOLE, (8, 8, 16, 8)]
    assert all(later - earlier >= 1000 for earlier, later in zip(starts, starts[1:]))
    assert rig.mismatches() == 0 and rig.model.violations == []
    assert (rig.model.full_refreshes, rig.model.partial_refreshes) == (2, 3)
