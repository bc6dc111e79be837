"""The idle policy on the simulated board: LEDs dim, then go off with the panel in deep sleep;
any button wakes them (a press that wakes them from off does nothing else); an idle device
reads no button and wakes only to feed the watchdog; bots playing count as activity."""

import asyncio

import machine

from dicetable import app as app_module
from dicetable.app import ACTIVE, DIM, OFF
from hostsim import script
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play
from hostsim.vclock import WrappingTicks


def _play(device, steps=(), autopilot=None):
    asyncio.run(play(device, list(steps), autopilot))


def _leds_on_the_wire(device):
    """Sum of the bytes last sent to the LED chain (0: every LED dark)."""
    return sum(machine._bitstream_record(device.board["matrix"]["pin"])[1])


def _while_running(device, check):
    """Start the device, let it settle, run `await check()`, stop it (a stop puts the panel
    in deep sleep, so panel states are looked at while it runs)."""

    async def run():
        device.start()
        try:
            await device.wait_idle()
            return await check()
        finally:
            await device.stop()

    return asyncio.run(run())


def test_leds_dim_then_go_off_with_the_panel_asleep(tmp_path):
    device = SimDevice("sim296", str(tmp_path))
    seen = []

    async def check():
        seen.append((device.app.light, _leds_on_the_wire(device), device.panel.asleep))
        await device.clock.sleep_ms(app_module.IDLE_DIM_MS + 100)
        seen.append((device.app.light, _leds_on_the_wire(device), device.panel.asleep))
        await device.clock.sleep_ms(app_module.IDLE_OFF_MS - app_module.IDLE_DIM_MS)
        seen.append((device.app.light, _leds_on_the_wire(device), device.panel.asleep))

    _while_running(device, check)
    (light, full, asleep), (dim_light, dimmed, dim_asleep), (off_light, off, off_asleep) = seen
    assert light == ACTIVE and full > 0 and not asleep
    assert dim_light == DIM and 0 < dimmed < full and not dim_asleep
    assert off_light == OFF and off == 0
    assert off_asleep  # the e-ink keeps the menu with no power
    assert device.panel.violations == []


def test_any_button_wakes_and_a_press_from_off_only_wakes(tmp_path):
    device = SimDevice("sim296", str(tmp_path))
    _play(device, script.parse("WAIT:%d" % (app_module.IDLE_OFF_MS + 100)))
    menu = device.app.shell.screen
    refreshes = device.app.refreshes
    _play(device, script.parse("DOWN"))
    assert device.app.light == ACTIVE and _leds_on_the_wire(device) > 0
    assert menu.cursor == 0 and device.app.refreshes == refreshes  # woken, nothing else
    _play(device, script.parse("DOWN"))
    assert menu.cursor == 1 and device.app.refreshes == refreshes + 1
    assert device.panel.violations == []  # the driver woke the panel from deep sleep
    # Dimmed, a press acts at once (the sheet and the dice are still visible).
    _play(device, script.parse("WAIT:%d DOWN" % (app_module.IDLE_DIM_MS + 100)))
    assert menu.cursor == 2 and device.app.light == ACTIVE


def test_a_held_arrow_that_wakes_from_off_does_not_repeat(tmp_path):
    device = SimDevice("sim296", str(tmp_path))
    _play(device, script.parse("WAIT:%d" % (app_module.IDLE_OFF_MS + 100)))
    menu = device.app.shell.screen
    pin = device.board["buttons"]["pins"]["DOWN"]

    async def hold():
        device.start()
        try:
            await device.wait_idle()
            machine._drive(pin, 0)
            await device.clock.sleep_ms(1500)  # repeats start at 500 ms
            machine._drive(pin, None)
            await device.wait_idle()
        finally:
            await device.stop()

    asyncio.run(hold())
    assert menu.cursor == 0 and device.app.light == ACTIVE


def _count_waits(device):
    """Record the timeout of every wait the app's loop makes on the buttons."""
    waits = []
    scanner = device.parts.buttons
    real_wait = scanner.wait

    async def counted_wait(timeout_ms=-1):
        waits.append(timeout_ms)
        return await real_wait(timeout_ms)

    scanner.wait = counted_wait
    return waits


def test_an_idle_device_reads_no_button_and_wakes_only_for_the_watchdog(tmp_path):
    device = SimDevice("sim296", str(tmp_path))
    reads = [0]

    def released():
        reads[0] += 1
        return 1  # pulled up: not pressed

    async def check():
        await device.clock.sleep_ms(app_module.IDLE_OFF_MS + 100)
        for pin in device.board["buttons"]["pins"].values():
            machine._sample(pin, released)
        reads[0] = 0
        feeds = device.watchdog_report()["feeds"]
        waits = _count_waits(device)
        await device.clock.sleep_ms(600_000)  # ten minutes on the table, lights off
        return reads[0], waits, device.watchdog_report()["feeds"] - feeds

    pin_reads, waits, feeds = _while_running(device, check)
    assert pin_reads == 0
    assert 140 <= feeds <= 152  # every 4 s
    assert waits and max(waits) == app_module.WATCHDOG_FEED_MS
    # Without a watchdog (safe mode) nothing at all wakes the loop once the lights are off.
    quiet = SimDevice("sim296", str(tmp_path / "safe"), watchdog=False)

    async def check_quiet():
        await quiet.clock.sleep_ms(app_module.IDLE_OFF_MS + 100)
        waits = _count_waits(quiet)
        await quiet.clock.sleep_ms(600_000)
        return waits

    assert _while_running(quiet, check_quiet) == []


def test_idle_times_come_from_the_board(tmp_path):
    device = SimDevice("sim_badger", str(tmp_path))
    assert (device.app.idle_policy.dim_ms, device.app.idle_policy.off_ms) == (30_000, 120_000)
    _play(device, script.parse("WAIT:30100"))
    assert device.app.light == DIM
    _play(device, script.parse("WAIT:90000"))
    assert device.app.light == OFF


def test_bots_playing_keep_the_lights_on(tmp_path):
    device = SimDevice("sim296", str(tmp_path), seed=7)
    levels = []
    device.app.on_refresh = lambda app: levels.append(app.light)
    # One person and five bots: the person's turns are short, the bots' long.
    _play(device, autopilot=Autopilot("cybo", {"players": 6, "bots": 5}))
    assert device.clock.now > app_module.IDLE_DIM_MS
    assert set(levels) == {ACTIVE}


def test_idle_policy_levels_and_deadlines():
    ticks = WrappingTicks()
    start = (1 << 30) - 1000  # across the ticks wrap
    policy = app_module.IdlePolicy(ticks.ticks_diff, start, 2000, 5000)
    assert policy.level(start) == ACTIVE and policy.due_ms(start) == 2000
    later = (start + 2500) & ((1 << 30) - 1)
    assert policy.level(later) == DIM and policy.due_ms(later) == 2500
    latest = (start + 5000) & ((1 << 30) - 1)
    assert policy.level(latest) == OFF and policy.due_ms(latest) == -1
    # Off stays off, even when the ticks have wrapped half way round (six days on the device).
    much_later = (latest + (1 << 29) + 5) & ((1 << 30) - 1)
    assert ticks.ticks_diff(much_later, start) < 0
    assert policy.level(much_later) == OFF and policy.due_ms(much_later) == -1
    unseen = app_module.IdlePolicy(ticks.ticks_diff, start, 2000, 5000)  # never asked while off
    assert unseen.level(much_later) == OFF
    policy.activity(latest)
    assert policy.level(latest) == ACTIVE
    for dim, off in ((0, 10), (10, 5)):
        try:
            app_module.IdlePolicy(ticks.ticks_diff, 0, dim, off)
        except ValueError:
            pass
        else:
            raise AssertionError("accepted %r" % ((dim, off),))
