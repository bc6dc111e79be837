"""Boot modes, the watchdog and the crash screen on the simulated board, as main.py runs them:
buttons held at power-on, failed starts in a row (safe mode, then a stop: never a crash loop),
the crash screen with its code and the journal kept, the watchdog fed all game long, and a
panel whose BUSY never ends (the models' fault switches): the LEDs say so, the watchdog stays
fed, the game is kept and resumes once the panel answers, and no restart loop ever starts."""

import asyncio
import os

import machine
import pytest

from dicetable import boot
from dicetable.core.session import Session
from dicetable.ui.keys import OK, RIGHT
from dicetable.ui.play import PlayScreen
from dicetable.ui.screens import MenuScreen, MessageScreen
from dicetable.ui.shell import Shell
from hostsim import script
from hostsim.autopilot import Autopilot
from hostsim.device import DeviceStuck, SimDevice
from hostsim.drive import play

from panel_text import find_text, panel_rows


def _play(device, steps=(), options=None, game="cybo"):
    autopilot = Autopilot(game, options) if options is not None else None
    asyncio.run(play(device, list(steps), autopilot))


def _saved_game(folder):
    """A Cybo game in progress on the flash folder; returns its journal bytes."""
    device = SimDevice("sim296", str(folder), seed=5)
    _play(device, script.parse("OK OK") + script.parse("OK") * 6)
    assert isinstance(device.app.shell.screen, PlayScreen)
    with open(os.path.join(str(folder), "game.jnl"), "rb") as file:
        return file.read()


def _journal(folder):
    with open(os.path.join(str(folder), "game.jnl"), "rb") as file:
        return file.read()


def _counter(folder):
    path = os.path.join(str(folder), "boots")
    if not os.path.exists(path):
        return None
    with open(path, "rb") as file:
        return int(file.read())


def _power_on(device, press_after=None):
    """Run a device whose start is expected to crash: until the crash screen's wait ends (by
    itself, or by pressing `press_after`'s key). Returns the crash code."""

    async def run():
        device.start()
        try:
            if press_after is not None:
                await device.clock.sleep_ms(10_000)
                await device.press(press_after, wait=False)
            return await device.wait_done()
        finally:
            await device.stop()

    return asyncio.run(run())


def test_boot_hold_button_skips_the_app_and_leaves_the_repl_free(tmp_path):
    saved = _saved_game(tmp_path)
    device = SimDevice("sim296", str(tmp_path), held=["UP"])
    assert device.mode == boot.REPL and device.app is None
    before = device.panel.bytes_received
    _power_on(device)
    assert device.panel.bytes_received == before  # the panel was not touched
    assert _journal(tmp_path) == saved
    assert _counter(tmp_path) == 0  # left as the last healthy start left it
    assert not device.watchdog.armed and device.watchdog_report() == {}
    with pytest.raises(DeviceStuck, match="repl mode"):
        _play(device)


def test_safe_mode_button_starts_with_the_menu_and_keeps_the_save(tmp_path):
    saved = _saved_game(tmp_path)
    device = SimDevice("sim296", str(tmp_path), held=["DOWN"])
    assert device.mode == boot.SAFE
    _play(device)
    screen = device.app.shell.screen
    assert isinstance(screen, MessageScreen) and screen.heading == "Safe mode"
    rows = panel_rows(device.panel)
    assert find_text(rows, "Safe mode") and find_text(rows, "DOWN was held at power-on.")
    # DOWN is still held: it chose the mode, it is not a press (no cursor move, no STUCK).
    _play(device, script.parse("WAIT:15000"))
    assert device.app.shell.screen is screen and device.app.shell.notice == ""
    device.release_held()
    _play(device, script.parse("OK"))
    assert isinstance(device.app.shell.screen, MenuScreen)
    assert _journal(tmp_path) == saved  # not resumed, not removed
    assert _counter(tmp_path) == 0  # the start was healthy
    assert not device.watchdog.armed  # armed only in a normal start
    # The next normal start resumes the game.
    again = SimDevice("sim296", str(tmp_path), seed=9)
    _play(again)
    assert isinstance(again.app.shell.screen, PlayScreen)


def test_a_start_that_crashes_falls_back_to_safe_mode_then_recovers(tmp_path, monkeypatch):
    saved = _saved_game(tmp_path)

    def broken_resume(cls, *args, **kwargs):
        raise RuntimeError("resume is broken")

    monkeypatch.setattr(Session, "resume", classmethod(broken_resume))
    codes = []
    for start in range(boot.SAFE_AFTER):
        device = SimDevice("sim296", str(tmp_path), seed=1)
        assert device.mode == boot.NORMAL
        codes.append(_power_on(device))
        assert _counter(tmp_path) == start + 1
        rows = panel_rows(device.panel)
        assert find_text(rows, "DiceTable stopped")
        assert find_text(rows, "Error %s (RuntimeError)" % codes[-1])
        assert _journal(tmp_path) == saved  # the crash never touches the journal
    assert codes[0].startswith("E-") and codes == [codes[0]] * boot.SAFE_AFTER
    with open(os.path.join(str(tmp_path), "crash.txt"), "rb") as file:
        report = file.read().decode()
    assert report.startswith(codes[0] + "\n") and "resume is broken" in report
    # Three failed starts in a row: safe mode, which says why and does not resume.
    device = SimDevice("sim296", str(tmp_path), seed=1)
    assert device.mode == boot.SAFE
    _play(device)
    assert find_text(panel_rows(device.panel), "The last 3 starts failed")
    assert device.app.shell.screen.lines[0] == "The last 3 starts failed (error %s)." % codes[0]
    assert _counter(tmp_path) == 0 and _journal(tmp_path) == saved
    # Fixed firmware (the patch undone): a normal start resumes the saved game.
    monkeypatch.undo()
    device = SimDevice("sim296", str(tmp_path), seed=1)
    assert device.mode == boot.NORMAL
    _play(device)
    assert isinstance(device.app.shell.screen, PlayScreen)


def test_a_device_that_cannot_even_start_safely_stops_instead_of_looping(tmp_path, monkeypatch):
    def broken_draw(self, fb):
        raise MemoryError("memory allocation failed, allocating 4736 bytes")

    monkeypatch.setattr(Shell, "draw", broken_draw)
    modes = []
    for _start in range(boot.HALT_AFTER):
        device = SimDevice("sim296", str(tmp_path), seed=1)
        modes.append(device.mode)
        assert _power_on(device, press_after=1).startswith("E-")  # any button restarts
        assert device.clock.now < boot.CRASH_RESTART_MS
    assert modes == [boot.NORMAL] * 3 + [boot.SAFE] * 3
    device = SimDevice("sim296", str(tmp_path), seed=1)
    assert device.mode == boot.HALT and device.app is None
    assert _power_on(device) is None
    rows = panel_rows(device.panel)
    assert find_text(rows, "DiceTable could not start")
    assert find_text(rows, "Hold DOWN while switching on for safe mode.")
    assert _counter(tmp_path) == boot.HALT_AFTER  # a halt is not one more failed start
    # The buttons still get out of it: DOWN for safe mode, UP for the REPL.
    assert SimDevice("sim296", str(tmp_path), held=["DOWN"]).mode == boot.SAFE
    assert SimDevice("sim296", str(tmp_path), held=["UP"]).mode == boot.REPL


def test_a_crash_mid_game_shows_its_code_and_the_restart_resumes(tmp_path, monkeypatch):
    device = SimDevice("sim296", str(tmp_path), seed=5)
    _play(device, script.parse("OK OK OK OK"))
    state = device.app.shell.screen.session.state.to_data()
    assert _counter(tmp_path) == 0
    original = PlayScreen.handle

    def faulty(self, key):
        if key == 1:  # DOWN
            raise ZeroDivisionError("division by zero")
        return original(self, key)

    monkeypatch.setattr(PlayScreen, "handle", faulty)

    async def crash():
        device.start()
        try:
            await device.wait_idle()
            await device.press(1, wait=False)
            return await device.wait_done()
        finally:
            await device.stop()

    code = asyncio.run(crash())
    assert code.startswith("E-") and device.failure is not None
    assert find_text(panel_rows(device.panel), "Error %s (ZeroDivisionError)" % code)
    assert device.watchdog_report()["overdue"] == 0  # the crash screen fed it while waiting
    monkeypatch.undo()
    again = SimDevice("sim296", str(tmp_path), seed=5, reset_cause=machine.WDT_RESET)
    assert again.mode == boot.NORMAL  # one crash after a healthy start is no crash loop
    _play(again)
    assert again.app.shell.screen.session.state.to_data() == state


@pytest.mark.parametrize("board", ["sim296", "sim_badger", "pico_kiosk"])
def test_the_watchdog_is_fed_all_game_long(tmp_path, board):
    """Armed in a normal start once the first screen is up, fed by the loop: never a gap near
    the 8 s timeout, the UC8151's 4.7 s full refreshes and bots' moves included."""
    device = SimDevice(board, str(tmp_path), seed=7)
    assert device.watchdog_report() == {}  # not armed before the app runs
    _play(device, options={"players": 3, "bots": 2})
    report = device.watchdog_report()
    assert report["armed"] and report["timeout"] == boot.WATCHDOG_MS
    assert report["max_gap"] < boot.WATCHDOG_MS // 2 + 1000
    assert report["feeds"] > device.clock.now // 4000
    assert not report["starved"] and report["bites"] == 0


def test_hardware_watchdog_calls_match_the_rp2_api(tmp_path):
    from dicetable import hardware

    machine._reset_sim()
    with pytest.raises(ValueError, match="exceeds 8388"):
        hardware.start_watchdog(9000)
    wdt = hardware.start_watchdog(boot.WATCHDOG_MS)
    wdt.feed()
    assert machine._watchdog_report()["armed"]
    hardware.dangerous_stop_watchdog()  # what main.py does on Ctrl-C
    assert not machine._watchdog_report()["armed"]
    assert hardware.reset_cause_name() == "power-on"
    machine._set_reset_cause(machine.WDT_RESET)
    assert hardware.reset_cause_name() == "watchdog"
    board = SimDevice("sim_badger", str(tmp_path)).board
    machine._drive(board["buttons"]["pins"]["UP"], 1)  # active high
    assert hardware.held_buttons(board) == ["UP"]
    machine._reset_sim()


# --- a panel whose BUSY never ends -------------------------------------------------------------


def _panel_sign(device):
    """(LEDs lit, of which red only) in the last frame the matrix was sent."""
    _count, frame = machine._bitstream_record(device.board["matrix"]["pin"])
    lit = red = 0
    for index in range(0, len(frame), 3):  # GRB
        green, red_level, blue = frame[index], frame[index + 1], frame[index + 2]
        if green or red_level or blue:
            lit += 1
            red += 1 if red_level and not green and not blue else 0
    return lit, red


async def _watch_the_sign(device, ms):
    """Let `ms` of device time pass; returns the set of (lit, red) LED counts seen."""
    seen = set()
    for _ in range(ms // 100):
        await device.clock.sleep_ms(100)
        seen.add(_panel_sign(device))
    return seen


def test_a_panel_stuck_busy_mid_refresh_keeps_the_game_and_the_watchdog_fed(tmp_path):
    """The Badger's UC8151: a full refresh may take 15 s (cold glass) before PanelTimeout, the
    watchdog bites after 8 s. The cable comes out as a full refresh starts: the driver feeds
    the watchdog while it waits, the panel fault flow blinks the LED sign and tries the panel
    every 5 s, and once the cable is back the device restarts and resumes the game."""
    device = SimDevice("sim_badger", str(tmp_path), seed=5)
    outcome = {}

    async def run():
        device.start()
        try:
            await device.wait_idle()
            for _kind, key in script.parse("OK OK OK OK"):
                await device.press(key)
            outcome["state"] = device.app.shell.screen.session.state.to_data()
            device.panel.stick_on_refresh = True  # the next refresh never ends
            device.app.planner.request_full()
            await device.press(RIGHT, wait=False)
            started = device.clock.now
            outcome["seen"] = await _watch_the_sign(device, 40_000)
            outcome["failure"] = device.failure
            outcome["waiting"] = not device._task.done()  # no restart on its own
            outcome["report"] = device.watchdog_report()
            outcome["journal"] = _journal(tmp_path)
            device.panel.stuck_busy = device.panel.stick_on_refresh = False  # cable back in
            outcome["code"] = await device.wait_done()
            outcome["back_after"] = device.clock.now - started
        finally:
            await device.stop()

    asyncio.run(run())
    failure = outcome["failure"]
    assert type(failure).__name__ == "PanelTimeout" and "refresh deadline" in str(failure)
    assert outcome["waiting"]
    report = outcome["report"]
    assert report["armed"] and report["bites"] == 0 and not report["starved"]
    assert report["max_gap"] < 1000  # fed on every BUSY poll and every 50 ms of the wait
    assert (20, 20) in outcome["seen"] and (0, 0) in outcome["seen"]  # the red outline blinks
    assert device.panel.violations == []  # nothing was sent to the panel while BUSY
    code = outcome["code"]
    assert code.startswith("E-") and 40_000 < outcome["back_after"] < 40_000 + 6_000
    with open(os.path.join(str(tmp_path), "crash.txt"), "rb") as file:
        assert file.read().decode().startswith(code + "\nTraceback")
    assert _counter(tmp_path) == 0  # no failed start: the next one is normal
    assert _journal(tmp_path) == outcome["journal"]
    again = SimDevice("sim_badger", str(tmp_path), seed=5, reset_cause=machine.WDT_RESET)
    assert again.mode == boot.NORMAL
    _play(again)
    assert again.app.shell.screen.session.state.to_data() == outcome["state"]
    assert again.panel.full_refreshes >= 1 and again.panel.violations == []


def test_a_panel_dead_at_power_on_never_walks_into_safe_mode(tmp_path):
    """An SSD1680 unplugged before power-on: init() times out before the watchdog is armed.
    However often the board is switched on like that, each start waits with the LED sign and
    counts no failed start; a button tries the panel at once; with the panel back, the next
    start is normal and resumes the saved game."""
    saved = _saved_game(tmp_path)
    for _start in range(boot.SAFE_AFTER + 1):
        device = SimDevice("sim296", str(tmp_path), seed=1)
        assert device.mode == boot.NORMAL
        device.panel.stuck_busy = True
        resets = []  # device ms of each RES# pulse: each a try of the panel
        rst = device.board["panel"]["rst"]
        clock = device.clock
        machine._watch(
            rst, lambda level, resets=resets, clock=clock: level or resets.append(clock.now)
        )
        pressed = []

        async def run(device=device, pressed=pressed):
            device.start()
            try:
                seen = await _watch_the_sign(device, 12_000)
                pressed.append(device.clock.now)
                await device.press(OK, wait=False)  # any button: try the panel now
                await device.clock.sleep_ms(1000)
                return seen
            finally:
                await device.stop()  # switched off while it waits

        seen = asyncio.run(run())
        assert device.failure is not None and "reset deadline" in str(device.failure)
        assert (20, 20) in seen and (0, 0) in seen
        # The start's own reset, then one try every PANEL_RETRY_MS (plus the try's 0.5 s)...
        assert resets[0] < 100 and 2 <= len([ms for ms in resets if ms < pressed[0]]) <= 3
        gaps = [later - earlier for earlier, later in zip(resets, resets[1:])]
        assert all(boot.PANEL_RETRY_MS <= gap < boot.PANEL_RETRY_MS + 700 for gap in gaps[:2])
        # ...and one at once when a button goes down.
        assert [ms for ms in resets if pressed[0] <= ms < pressed[0] + 200]
        assert device.watchdog_report() == {}  # never armed: the first screen never came
        assert _counter(tmp_path) == 0
        assert _journal(tmp_path) == saved
    device = SimDevice("sim296", str(tmp_path), seed=1)
    assert device.mode == boot.NORMAL
    _play(device)
    assert isinstance(device.app.shell.screen, PlayScreen)
    assert _journal(tmp_path) == saved
