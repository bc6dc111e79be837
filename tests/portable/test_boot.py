"""Boot modes, the failed-start counter on a fake flash (power cuts, full flash), error codes,
the watchdog holder, the crash flow and the panel fault flow with stand-in parts, the LEDs'
panel sign, and the crash screens' text. Both runtimes."""

import asyncio

import framebuf

from dicetable import boot
from dicetable.drivers.fault_sign import FaultSign, draw_panel
from dicetable.drivers.panel_bus import PanelTimeout
from dicetable.drivers.storage import Store
from dicetable.ui import crash as crash_ui

import powercut_fs

_FOLDER = "/data"
_BOARDS = ("badger2040", "pico_kiosk", "pico_ssd1680", "sim296", "sim296_3btn", "sim400")
_BOARDS += ("sim_badger",)


def _board(hold="UP", safe="DOWN"):
    buttons = {"pins": {"UP": 2, "DOWN": 3, "LEFT": 4, "RIGHT": 5, "OK": 6}}
    if hold is not None:
        buttons["boot_hold"] = hold
    if safe is not None:
        buttons["boot_safe"] = safe
    return {"name": "test", "buttons": buttons}


def _load(name):
    return __import__("boards." + name, None, None, ("BOARD",)).BOARD


def test_held_buttons_and_failed_starts_choose_the_mode():
    board = _board()
    for failed, mode in ((0, boot.NORMAL), (2, boot.NORMAL), (3, boot.SAFE), (5, boot.SAFE)):
        assert boot.choose_mode(board, [], failed) == mode
    assert boot.choose_mode(board, [], boot.HALT_AFTER) == boot.HALT
    assert boot.choose_mode(board, [], 99) == boot.HALT
    # Buttons win over the count: the REPL button first, so mpremote can always get in.
    assert boot.choose_mode(board, ["UP"], 99) == boot.REPL
    assert boot.choose_mode(board, ["DOWN"], 99) == boot.SAFE
    assert boot.choose_mode(board, ["DOWN", "UP"], 0) == boot.REPL
    assert boot.choose_mode(board, ["OK", "LEFT"], 0) == boot.NORMAL


def test_a_chord_needs_all_its_buttons_and_a_board_may_have_none():
    board = _board(safe=["LEFT", "RIGHT"])
    assert boot.boot_buttons(board) == (("UP",), ("LEFT", "RIGHT"))
    assert boot.choose_mode(board, ["LEFT"], 0) == boot.NORMAL
    assert boot.choose_mode(board, ["RIGHT", "LEFT"], 0) == boot.SAFE
    bare = _board(hold=None, safe=None)
    assert boot.boot_buttons(bare) == ((), ())
    assert boot.choose_mode(bare, ["UP", "DOWN"], 0) == boot.NORMAL


def test_boot_buttons_must_exist_and_differ():
    for board in (_board(hold="START"), _board(safe=["LEFT", "SELECT"]), _board("UP", "UP")):
        try:
            boot.boot_buttons(board)
        except ValueError as exc:
            assert "test" in str(exc)
        else:
            raise AssertionError("accepted %r" % (board["buttons"],))


def test_every_board_file_names_its_boot_buttons():
    for name in _BOARDS:
        board = _load(name)
        hold, safe = boot.boot_buttons(board)
        assert len(hold) == 1 and safe, name
        # Neither may be a button a person uses to wake the table or to go back.
        keys = board["buttons"]["keys"]
        for button in hold + safe:
            assert keys[button] not in ("OK", "BACK"), (name, button)


def _flash(**options):
    flash = powercut_fs.FakeFlash(powercut_fs.LITTLEFS, **options)
    return flash, powercut_fs.install(flash)


def test_start_counter_counts_until_healthy():
    _unused, undo = _flash()
    try:
        counter = boot.StartCounter(Store(_FOLDER))
        assert counter.failed() == 0
        assert counter.starting() == 1 and counter.starting() == 2
        assert boot.StartCounter(Store(_FOLDER)).failed() == 2  # it is on the flash
        counter.healthy()
        assert counter.failed() == 0
    finally:
        undo()


def test_start_counter_survives_power_cuts_and_garbage():
    """A cut at any write step of `starting()` leaves the old count or the new one."""
    step = 1
    while True:
        flash, undo = _flash()
        try:
            counter = boot.StartCounter(Store(_FOLDER))
            counter.starting()
            flash.cut_at = flash.steps + step
            try:
                counter.starting()
                done = True
            except powercut_fs.PowerCut:
                done = False
        finally:
            undo()
        again = flash.reboot()
        undo = powercut_fs.install(again)
        try:
            assert boot.StartCounter(Store(_FOLDER)).failed() in (1, 2)
            if done:
                break
            step += 1
        finally:
            undo()
    assert step > 2  # the write really went through several steps
    flash, undo = _flash()
    try:
        Store(_FOLDER).write_atomic("boots", b"\xff\x00")
        assert boot.StartCounter(Store(_FOLDER)).failed() == boot.SAFE_AFTER
    finally:
        undo()


def test_a_full_flash_never_stops_a_start():
    flash, undo = _flash(capacity=0)
    try:
        counter = boot.StartCounter(Store(_FOLDER))
        assert counter.starting() == 1  # counted nothing, raised nothing
        counter.healthy()
        assert counter.failed() == 0
    finally:
        undo()
    flash, undo = _flash(unreadable=(_FOLDER + "/boots",))
    try:
        Store(_FOLDER).write_atomic("boots", b"4")
        assert boot.StartCounter(Store(_FOLDER)).failed() == 0
    finally:
        undo()


def _fail(message):
    raise ValueError(message)


def _fail_elsewhere(message):
    return {}[message]


def _report(function, message):
    try:
        function(message)
    except Exception as exc:
        return crash_ui.report(exc)
    raise AssertionError("no error")


def test_error_code_names_the_fault_not_its_message():
    first = crash_ui.error_code(_report(_fail, "player 1"))
    assert first.startswith("E-") and len(first) == 6
    int(first[2:], 16)
    assert crash_ui.error_code(_report(_fail, "player 2")) == first
    assert crash_ui.error_code(_report(_fail_elsewhere, "x")) != first
    made_up = (
        "Traceback (most recent call last):\n"
        '  File "dicetable/app.py", line 80, in tick\n'
        "MemoryError: memory allocation failed, allocating 2672 bytes\n"
    )
    moved = made_up.replace("line 80", "line 81")
    other_path = made_up.replace("dicetable/app.py", "/flash/lib/dicetable/app.py")
    assert crash_ui.error_code(made_up) != crash_ui.error_code(moved)
    assert crash_ui.error_code(made_up) == crash_ui.error_code(other_path)
    assert crash_ui.error_code(made_up) == crash_ui.error_code(made_up.replace("2672", "16"))


class _WDT:
    def __init__(self, timeout):
        self.timeout = timeout
        self.feeds = 0

    def feed(self):
        self.feeds += 1


def test_watchdog_is_armed_once_and_only_when_asked():
    made = []

    def start(timeout):
        made.append(_WDT(timeout))
        return made[-1]

    watchdog = boot.Watchdog(start)
    watchdog.feed()  # not armed yet: nothing to feed
    assert not watchdog.armed and made == []
    watchdog.arm()
    watchdog.arm()
    watchdog.feed()
    assert watchdog.armed and len(made) == 1
    assert made[0].timeout == boot.WATCHDOG_MS == 8000 and made[0].feeds == 1
    watchdog.disarmed()
    watchdog.feed()
    assert not watchdog.armed and made[0].feeds == 1
    off = boot.Watchdog(None)
    off.arm()
    assert not off.armed


def test_banner_and_safe_mode_lines():
    line = boot.banner(boot.SAFE, 3, "watchdog")
    assert "safe start" in line and "watchdog" in line and "3" in line
    lines = boot.safe_lines(_board(), 3, "E-12AB")
    assert "3 starts failed" in lines[0] and "E-12AB" in lines[0]
    assert "not resumed" in lines[1]
    assert boot.safe_lines(_board(), 0, "")[0] == "DOWN was held at power-on."


class _Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, later, earlier):
        return later - earlier

    async def sleep_ms(self, ms):
        self.now += ms
        await asyncio.sleep(0)


class _Display:
    FORMAT = framebuf.MONO_HLSB
    width = 296
    height = 128
    BUFFER_SIZE = 296 * 128 // 8

    def __init__(self, broken=False, dead_for=0):
        self.broken = broken
        self.dead_for = dead_for  # init() calls that time out before the panel answers
        self.calls = []
        self.ink = 0
        self.keepalive = None

    async def init(self):
        self.calls.append("init")
        if self.broken:
            raise OSError("panel timeout")
        if self.dead_for:
            self.dead_for -= 1
            raise PanelTimeout("stand-in: BUSY still high at the reset deadline")

    async def show(self, frame, region, full):
        self.calls.append(("show", region, full))
        self.ink = sum(frame)

    def deinit(self):
        self.calls.append("deinit")


class _Buttons:
    """read() answers from a list of bit masks, then keeps the last one."""

    def __init__(self, levels):
        self.levels = list(levels)

    def read(self):
        return self.levels.pop(0) if len(self.levels) > 1 else self.levels[0]


class _LEDs:
    """An 8x8 LEDMatrix stand-in: `frames` lists the count of lit LEDs of each frame shown."""

    width = 8
    height = 8

    def __init__(self, broken=False):
        self.lit = True
        self.broken = broken
        self.brightness = 48
        self.frames = []

    def set_brightness(self, level):
        self.brightness = level

    def show(self, frame):
        if self.broken:
            raise OSError("LED chain")
        lit = 0
        for index in range(0, len(frame), 3):
            lit += 1 if frame[index] or frame[index + 1] or frame[index + 2] else 0
        self.lit = lit > 0
        if not self.frames or self.frames[-1] != lit:
            self.frames.append(lit)

    def off(self):
        self.lit = False


def _parts(display, buttons):
    parts = boot.Parts()
    parts.display, parts.leds, parts.buttons = display, _LEDs(), buttons
    return parts


def test_a_crash_shows_its_code_keeps_the_journal_and_waits_for_a_button():
    flash, undo = _flash()
    try:
        store = Store(_FOLDER)
        store.append("journal line\n")
        wdt = _WDT(8000)
        watchdog = boot.Watchdog(lambda timeout: wdt)
        watchdog.arm()
        # A finger still on a button at the crash must let go before a press counts.
        parts = _parts(_Display(), _Buttons([1, 1, 0, 0, 2]))

        async def start():
            _fail("boom")

        clock = _Clock()
        code = asyncio.run(boot.guard(start, parts, clock, store, watchdog))
        assert code.startswith("E-")
        assert parts.display.calls == ["init", ("show", None, True), "deinit"]
        assert parts.display.ink > 0 and not parts.leds.lit and parts.leds.frames == []
        assert clock.now == 4 * 50 and wdt.feeds == 5  # left after the press, fed meanwhile
        assert flash.read(_FOLDER + "/game.jnl") == b"journal line\n"
        report = flash.read(_FOLDER + "/crash.txt").decode()
        assert report.startswith(code + "\n") and "ValueError" in report
        assert crash_ui.error_code(report.split("\n", 1)[1]) == code
        assert boot.last_crash_code(store) == code
    finally:
        undo()


def test_a_crash_with_a_broken_panel_still_restarts_in_time():
    flash, undo = _flash(capacity=0)  # and a full flash: the report is lost, nothing raised
    try:
        store = Store(_FOLDER)
        parts = _parts(_Display(broken=True), _Buttons([0]))

        async def start():
            _fail_elsewhere("x")

        clock = _Clock()
        code = asyncio.run(boot.guard(start, parts, clock, store, boot.Watchdog(), 1000))
        assert code.startswith("E-") and clock.now == 1000
        assert parts.display.calls == ["init"] and boot.last_crash_code(store) == ""
        assert parts.leds.frames == [20, 0]  # no screen: the LEDs blink the sign, 1 s
    finally:
        undo()
    parts = _parts(None, None)  # nothing built yet (a bad board file)

    async def start_nothing():
        _fail("board")

    flash, undo = _flash()
    try:
        watchdog = boot.Watchdog()
        code = asyncio.run(
            boot.guard(start_nothing, parts, _Clock(), Store(_FOLDER), watchdog, 100)
        )
        assert code.startswith("E-")
    finally:
        undo()


def test_a_clean_end_is_no_crash():
    async def start():
        return None

    assert asyncio.run(boot.guard(start, boot.Parts(), _Clock(), None, boot.Watchdog())) is None


def test_crash_and_halt_screens_say_what_to_do():
    lines = crash_ui.crash_lines("E-12AB", "ValueError", 60)
    assert lines[0] == "Error E-12AB (ValueError)" and "resumes" in lines[1]
    lines = crash_ui.crash_lines("E-12AB", "MemoryError", 60)
    assert lines[0] == "The game needed more memory than is free (E-12AB)."
    assert crash_ui.crash_heading("MemoryError") == "DiceTable ran out of memory"
    assert "60 s" in lines[2]
    lines = crash_ui.halted_lines(6, "E-12AB", "DOWN")
    assert "6 times" in lines[0] and "E-12AB" in lines[0] and "DOWN" in lines[1]
    assert crash_ui.halted_lines(6, "", "")[0].endswith("in a row.")
    display = _Display()
    asyncio.run(boot.halted(display, _board(), 6, "E-12AB"))
    assert display.calls[1] == ("show", None, True) and display.ink > 0


def test_a_panel_fault_waits_with_the_sign_and_ends_once_the_panel_answers():
    flash, undo = _flash()
    try:
        store = Store(_FOLDER)
        store.append("journal line\n")
        counter = boot.StartCounter(store)
        counter.starting()
        counter.starting()  # this start and one failed before it
        wdt = _WDT(8000)
        watchdog = boot.Watchdog(lambda timeout: wdt)
        watchdog.arm()
        # Dead for two tries; a finger lands on a button at 1.2 s and stays 0.2 s.
        levels = [0] * 24 + [4] * 4 + [0]
        parts = _parts(_Display(dead_for=2), _Buttons(levels))
        parts.leds.brightness = 0  # the idle policy had switched the LEDs off

        async def start():
            parts.display.keepalive()  # guard let the driver feed the watchdog
            raise PanelTimeout("stand-in: BUSY still high at the refresh deadline")

        clock = _Clock()
        code = asyncio.run(boot.guard(start, parts, clock, store, watchdog))
        assert code.startswith("E-")
        # Tried at once on the button (1.2 s: dead), after PANEL_RETRY_MS (dead), and again
        # after PANEL_RETRY_MS: it answers, and is left asleep for the restart.
        assert parts.display.calls == ["init", "init", "init", "deinit"]
        assert clock.now == 1200 + 2 * boot.PANEL_RETRY_MS
        assert 1 + clock.now // 50 <= wdt.feeds <= 3 + clock.now // 50  # every 50 ms
        assert parts.leds.brightness == 255 and parts.leds.frames[:3] == [20, 0, 20]
        assert flash.read(_FOLDER + "/game.jnl") == b"journal line\n"
        report = flash.read(_FOLDER + "/crash.txt").decode()
        assert report.startswith(code + "\n") and "PanelTimeout" in report
        assert boot.StartCounter(store).failed() == 1  # this start was taken back
    finally:
        undo()


def test_not_failed_never_counts_below_zero():
    _unused, undo = _flash()
    try:
        counter = boot.StartCounter(Store(_FOLDER))
        counter.not_failed()
        assert counter.failed() == 0
        counter.starting()
        counter.not_failed()
        assert counter.failed() == 0
    finally:
        undo()


def test_keep_fed_points_the_panel_at_the_watchdog():
    wdt = _WDT(8000)
    watchdog = boot.Watchdog(lambda timeout: wdt)
    display = _Display()
    boot.keep_fed(display, watchdog)
    display.keepalive()  # not armed yet: nothing to feed
    watchdog.arm()
    display.keepalive()
    assert wdt.feeds == 1
    boot.keep_fed(None, watchdog)  # no panel built yet: nothing to do


def test_the_panel_sign_is_an_outline_across_the_middle_and_blinks():
    frame = draw_panel(bytearray(8 * 8 * 3), 8, 8)
    rows = []
    for y in range(8):
        rows.append("".join("R" if frame[(y * 8 + x) * 3] else "." for x in range(8)))
    assert (
        rows
        == ["........", "........", "RRRRRRRR", "R......R", "R......R", "RRRRRRRR"]
        + ["........"] * 2
    )
    for index in range(0, len(frame), 3):
        assert frame[index + 1] == frame[index + 2] == 0  # red only
    big = draw_panel(bytearray(16 * 16 * 3), 16, 16)
    lit = sum(1 for index in range(0, len(big), 3) if big[index])
    assert lit == 16 * 2 + 6 * 2  # rows 4 and 11, and both ends of the rows between
    leds = _LEDs()
    sign = FaultSign(leds)
    for now in (0, 499, 500, 999, 1000):
        sign.show(now)
    assert leds.frames == [20, 0, 20]
    sign.dark()
    assert not leds.lit
    broken = FaultSign(_LEDs(broken=True))
    broken.show(0)  # a dead LED chain stops the sign, nothing else
    broken.dark()
