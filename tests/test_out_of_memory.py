"""Out of memory on the simulated board, as main.py runs it: a MemoryError at each step that
allocates much (a game's start, a bot's decision, a sheet's render, the kiosk's results
record) gives the out-of-memory screen, keeps the save and resumes it after the restart; the
crash path survives failing itself; a game that runs out of memory twice in a row opens safe
mode instead of a loop of restarts. (tests/test_micropython_oom.py exhausts a real heap.)"""

import asyncio
import importlib.util
import os

import pytest

from dicetable import boot, recovery
from dicetable.core.session import Session
from dicetable.kiosk.results_log import ResultsLog
from dicetable.ui import keys
from dicetable.ui.play import PlayScreen
from dicetable.ui.screens import MenuScreen, MessageScreen
from hostsim import script
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

from panel_text import find_text, panel_rows

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CYBO = {"players": 2, "bots": 1}


def _journal(folder):
    path = os.path.join(str(folder), "game.jnl")
    if not os.path.exists(path):
        return None
    with open(path, "rb") as file:
        return file.read()


def _strikes(folder):
    path = os.path.join(str(folder), "oom")
    if not os.path.exists(path):
        return 0
    with open(path) as file:
        return int(file.read())


def _until_crash(device, pilot):
    """Let the autopilot press on until the firmware stops; the crash code."""

    async def run():
        device.start()
        try:
            await device.wait_idle()
            for _ in range(3000):
                if device.failure is not None:
                    break
                key = pilot.next_key(device.app.shell)
                assert not pilot.finished, "the game ended without running out of memory"
                if key is None:
                    await device.clock.sleep_ms(1000)  # a bot's turn
                else:
                    await device.press(key, wait=False)
                    # Until the press is handled and shown (a full refresh takes 1.4 s), so
                    # that the next key is chosen from the screen it lands on.
                    for _ in range(40):
                        await device.clock.sleep_ms(100)
                        if device.failure is not None or device.app.idle():
                            break
            return await device.wait_done()
        finally:
            await device.stop()

    return asyncio.run(run())


def _memory_error(*_args, **_kwargs):
    raise MemoryError("memory allocation failed, allocating 4096 bytes")


def _inject(monkeypatch, step, after):
    """Make `step` raise MemoryError from its `after`-th call on."""
    calls = [0]

    def wrap(original):
        def failing(*args, **kwargs):
            calls[0] += 1
            if calls[0] >= after:
                _memory_error()
            return original(*args, **kwargs)

        return failing

    if step == "game start":
        monkeypatch.setattr(Session, "start", classmethod(wrap(Session.start.__func__)))
    elif step == "bot decision":
        monkeypatch.setattr(Session, "bot_action", wrap(Session.bot_action))
    elif step == "sheet render":
        monkeypatch.setattr(PlayScreen, "draw", wrap(PlayScreen.draw))
    elif step == "results record":
        monkeypatch.setattr(ResultsLog, "append", wrap(ResultsLog.append))
    return calls


@pytest.mark.parametrize(
    "step, after, game, options",
    [
        ("game start", 1, "cybo", CYBO),
        # Only bots play, so that the autopilot (which asks the bots too) never decides.
        ("bot decision", 3, "gang", {"players": 2, "bots": 2}),
        ("sheet render", 12, "cybo", CYBO),
        ("results record", 1, "cybo", CYBO),
    ],
)
def test_out_of_memory_at_a_heavy_step_keeps_the_save_and_resumes(
    tmp_path, monkeypatch, step, after, game, options
):
    kiosk = step == "results record"
    if kiosk:  # the results log is written in kiosk mode
        spec = importlib.util.spec_from_file_location(
            "mp_game", os.path.join(ROOT, "tools", "mp_game.py")
        )
        mp_game = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mp_game)
        mp_game.switch_kiosk_on(str(tmp_path))
    _inject(monkeypatch, step, after)
    device = SimDevice("sim296", str(tmp_path), seed=5)
    pilot = mp_game.Pilot(game, options) if kiosk else Autopilot(game, options)
    code = _until_crash(device, pilot)
    assert isinstance(device.failure, MemoryError)
    assert code.startswith("E-")
    rows = panel_rows(device.panel)
    assert find_text(rows, "DiceTable ran out of memory")
    assert find_text(rows, "Your game is saved")
    saved = _journal(tmp_path)
    # Counted against the saved game, if there is one (not at a start that saved nothing).
    assert _strikes(tmp_path) == (0 if saved is None else 1)
    assert device.watchdog_report()["overdue"] == 0
    monkeypatch.undo()
    # The restart: the saved game (if one was started) resumes exactly where it was.
    again = SimDevice("sim296", str(tmp_path), seed=5)
    assert again.mode == boot.NORMAL
    screen = again.app.shell.screen
    if kiosk:  # the game had ended: after the restart its result is recorded, once
        asyncio.run(play(again, [], mp_game.Pilot(game, options)))
        records = list(ResultsLog(again.store).entries())
        assert [record["ended"] for record in records] == ["finished"]
        return
    if saved is None:
        assert isinstance(screen, MenuScreen)
    else:
        resumed, _report = Session.resume(saved.decode().splitlines(True), _load())
        if isinstance(screen, MessageScreen):  # "Game resumed": a line was torn
            screen = screen.after
        assert screen.session.state.to_data() == resumed.state.to_data()
        assert screen.session.state.action_count > 0
    asyncio.run(play(again, [], None))  # and it runs


def _load():
    from dicetable.games import load

    return load


def test_the_crash_path_gets_by_when_it_runs_out_of_memory_itself(tmp_path, monkeypatch):
    device = SimDevice("sim296", str(tmp_path), seed=5)
    asyncio.run(play(device, script.parse("OK OK OK OK"), None))
    # No heap left for the traceback's text, nor for the crash screen's module.
    monkeypatch.setattr(recovery, "_record", _memory_error)
    monkeypatch.setattr(PlayScreen, "handle", _memory_error)
    code = _until_crash(device, Autopilot("cybo", CYBO))
    assert code == "E-0000"
    assert find_text(panel_rows(device.panel), "DiceTable ran out of memory")


def test_without_a_screen_the_leds_say_so_and_the_code_still_comes_back(tmp_path, monkeypatch):
    import machine

    from dicetable.ui import crash as crash_ui

    device = SimDevice("sim296", str(tmp_path), seed=5)
    asyncio.run(play(device, script.parse("OK OK OK OK"), None))
    monkeypatch.setattr(crash_ui, "draw_crash", _memory_error)
    monkeypatch.setattr(PlayScreen, "handle", _memory_error)
    seen = set()

    async def run():
        device.start()
        try:
            await device.wait_idle()
            await device.press(keys.DOWN, wait=False)
            for _ in range(40):  # the LEDs while the crash path waits for a button
                await device.clock.sleep_ms(100)
                _count, frame = machine._bitstream_record(device.board["matrix"]["pin"])
                seen.add(sum(1 for i in range(0, len(frame), 3) if frame[i + 1] and not frame[i]))
            return await device.wait_done()
        finally:
            await device.stop()

    code = asyncio.run(run())
    assert code.startswith("E-") and code != "E-0000"
    assert not find_text(panel_rows(device.panel), "ran out of memory")
    assert max(seen) > 0 and 0 in seen  # the panel sign blinks in red


def test_a_game_out_of_memory_twice_opens_safe_mode_and_a_restart_tries_again(
    tmp_path, monkeypatch
):
    device = SimDevice("sim296", str(tmp_path), seed=5)
    asyncio.run(play(device, script.parse("OK OK OK OK"), None))
    saved = _journal(tmp_path)
    monkeypatch.setattr(PlayScreen, "handle", _memory_error)
    for strike in (1, 2):
        device = SimDevice("sim296", str(tmp_path), seed=5)
        assert device.mode == boot.NORMAL
        _until_crash(device, Autopilot("cybo", CYBO))
        assert _strikes(tmp_path) == strike
    monkeypatch.undo()
    # The third start does not resume the game that does not fit: safe mode says why.
    device = SimDevice("sim296", str(tmp_path), seed=5)
    assert device.mode == boot.SAFE
    asyncio.run(play(device, [], None))
    screen = device.app.shell.screen
    assert isinstance(screen, MessageScreen) and screen.heading == "Safe mode"
    assert screen.lines[0] == "The saved game ran out of memory 2 times in a row."
    assert _journal(tmp_path) == saved  # kept
    # The next start (a person restarted it) tries the game again.
    device = SimDevice("sim296", str(tmp_path), seed=5)
    assert device.mode == boot.NORMAL
    asyncio.run(play(device, [], None))
    assert isinstance(device.app.shell.screen, PlayScreen)


def test_a_new_game_forgets_the_old_ones_memory_trouble(tmp_path, monkeypatch):
    device = SimDevice("sim296", str(tmp_path), seed=5)
    asyncio.run(play(device, script.parse("OK OK OK OK"), None))
    monkeypatch.setattr(PlayScreen, "handle", _memory_error)
    _until_crash(SimDevice("sim296", str(tmp_path), seed=5), Autopilot("cybo", CYBO))
    assert _strikes(tmp_path) == 1
    monkeypatch.undo()
    device = SimDevice("sim296", str(tmp_path), seed=5)
    asyncio.run(play(device, [], Autopilot("cybo", CYBO)))  # the resumed game, to its end
    assert _strikes(tmp_path) == 0  # the save went to last.jnl, and its trouble with it


def test_a_journal_without_heap_to_open_does_not_hide_the_error_that_stopped_the_app(
    tmp_path, monkeypatch
):
    """App.run writes the journal's kept lines on its way out (Store.write_behind); when even
    that finds no heap for the file, the error that stopped the app is still the one shown and
    counted, not a MemoryError of the way out."""
    from dicetable.drivers.storage import Store

    def no_heap_for_the_file(store, lines):
        raise MemoryError("memory allocation failed, allocating 1148 bytes")

    def broken(*_args):
        raise ValueError("a fault in the sheet")

    monkeypatch.setattr(Store, "_write_lines", no_heap_for_the_file)
    monkeypatch.setattr(PlayScreen, "draw", broken)
    device = SimDevice("sim296", str(tmp_path), seed=5)
    _until_crash(device, Autopilot("cybo", CYBO))
    assert isinstance(device.failure, ValueError)
    rows = panel_rows(device.panel)
    assert find_text(rows, "DiceTable stopped")
    assert not find_text(rows, "DiceTable ran out of memory")
    assert _strikes(tmp_path) == 0


def test_a_crash_path_without_heap_for_its_screens_still_counts_the_strike(tmp_path, monkeypatch):
    # boot.guard imports the fault screens (recovery.py) only after a fault. When even that
    # import finds no heap, the strike must already be counted: else a game that does not fit
    # restarts, resumes and runs out again, in a loop, never reaching safe mode.
    import sys

    from dicetable.drivers.storage import Store

    device = SimDevice("sim296", str(tmp_path), seed=5)
    asyncio.run(play(device, script.parse("OK OK OK OK"), None))  # a saved game
    store = Store(str(tmp_path))
    import dicetable

    monkeypatch.setitem(sys.modules, "dicetable.recovery", None)  # importing it fails
    monkeypatch.delattr(dicetable, "recovery", raising=False)  # as if never imported

    async def start():
        raise MemoryError("the game does not fit")

    with pytest.raises(ImportError):
        asyncio.run(boot.guard(start, boot.Parts(), device.clock, store, boot.Watchdog()))
    assert _strikes(tmp_path) == 1
