"""Work done ahead while the panel refreshes (Screen.prefetch, called by app.App while the CPU
only waits, issue 14): the menu imports the setup screen, and a setup screen its game's start
parts, so the first change of a value finds the rules loaded and the start its screen, sheet
and bot. Not for a game that will start in a fresh interpreter."""

import asyncio
import sys

from dicetable import games
from dicetable.core.modules import forget_modules
from dicetable.games import forget_loaded, load, part
from dicetable.ui.setup import SetupScreen
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice


def _parts(game_id):
    return ["dicetable.games.%s.%s" % (game_id, name) for name in load(game_id).START_PARTS]


def test_every_title_names_start_parts_that_exist_rules_first():
    for game_id, _title in games.GAMES:
        names = load(game_id).START_PARTS
        assert names[0] == "rules"
        for name in names:
            part(game_id, name)


def test_the_parts_are_imported_while_the_setup_screen_refreshes(tmp_path, monkeypatch):
    forget_modules(["dicetable.ui.setup"] + _parts("trek12"))
    forget_loaded()
    device = SimDevice("sim296", str(tmp_path), seed=4)
    asked = []

    def watched(game_id, name):
        asked.append((game_id, name, device.panel.busy()))
        return part(game_id, name)

    monkeypatch.setattr(games, "part", watched)
    seen = {}

    async def to_setup():
        device.start()
        try:
            await device.wait_idle()
            pilot = Autopilot("trek12", {"players": 2, "bots": 1, "map": "dunai"})
            for _ in range(20):
                shell = device.app.shell
                if type(shell.screen).__name__ == "SetupScreen":
                    break
                await device.press(pilot.next_key(shell))
            seen["loaded"] = [name for name in _parts("trek12") if name in sys.modules]
        finally:
            await device.stop()

    asyncio.run(to_setup())
    assert seen["loaded"] == _parts("trek12")
    fetched = [(name, busy) for game_id, name, busy in asked if name != "options"]
    assert fetched == [(name, True) for name in load("trek12").START_PARTS]


class _Store:
    counted = 0

    def count_free(self):
        _Store.counted += 1


class _Shell:
    fresh_start = True
    store = _Store()


def test_no_prefetch_for_a_game_that_starts_in_a_fresh_interpreter():
    forget_modules(_parts("gang"))
    forget_loaded()
    try:
        load("cybo")  # another title's code is in this interpreter
        setup = SetupScreen(_Shell(), "gang")
        setup.prefetch()
        assert [name for name in _parts("gang") if name in sys.modules] == []
        assert _Store.counted == 0
        _Shell.fresh_start = False
        SetupScreen(_Shell(), "gang").prefetch()
        assert [name for name in _parts("gang") if name in sys.modules] == _parts("gang")
        assert _Store.counted == 1  # the free flash, for the start's first save
    finally:
        _Shell.fresh_start = True
        forget_loaded()


def test_the_menu_imports_the_setup_screen_while_it_refreshes(tmp_path, monkeypatch):
    forget_modules(["dicetable.ui.setup"])
    device = SimDevice("sim296", str(tmp_path), seed=4)
    busy = []
    show = device.app.display.while_refreshing

    def chores():
        busy.append(("dicetable.ui.setup" in sys.modules, device.panel.busy()))
        show()
        busy.append(("dicetable.ui.setup" in sys.modules, device.panel.busy()))

    device.app.display.while_refreshing = chores

    async def boot():
        device.start()
        try:
            await device.wait_idle()
        finally:
            await device.stop()

    asyncio.run(boot())
    assert type(device.app.shell.screen).__name__ == "MenuScreen"
    assert busy[:2] == [(False, True), (True, True)]


def test_dice_trip_prepares_its_map_layout_and_the_bots_plan_ahead():
    from dicetable.games.dicetrip import plan, rules, sheet

    sheet._layouts.clear()
    del plan._PLANS[:]
    load("dicetrip").prepare(400, 300)
    board = rules.default_board()
    layout = sheet.lay_out(board, 400, 300)
    assert list(sheet._layouts) == [(board.name, 400, 300)]  # worked out ahead, then kept
    assert [known for known, _plan, _places in plan._PLANS] == [board]
    sheet._layouts.clear()
    again = sheet.lay_out(board, 400, 300)  # worked out again: the same geometry
    assert (list(again[0].lefts), list(again[0].tops), again[1]) == (
        list(layout[0].lefts),
        list(layout[0].tops),
        layout[1],
    )


def test_work_ahead_that_fails_leaves_the_refresh_and_the_game_alone(tmp_path, monkeypatch):
    """A prefetch that raises (a damaged module: MicroPython says ValueError for a bad .mpy)
    is the press's to redo: the refresh it ran in finishes, and the menu still leads to a
    game (a MemoryError there is the app's to handle as any other)."""
    from dicetable.ui.screens import MenuScreen

    def fails(self):
        raise ValueError("incompatible .mpy file")

    monkeypatch.setattr(MenuScreen, "prefetch", fails)
    device = SimDevice("sim296", str(tmp_path), seed=4)
    seen = {}

    async def to_game():
        device.start()
        try:
            await device.wait_idle()
            seen["menu refreshes"] = device.app.refreshes
            pilot = Autopilot("cybo", {"players": 2, "bots": 1})
            for _ in range(40):
                shell = device.app.shell
                if shell.game_state() is not None:
                    break
                await device.press(pilot.next_key(shell))
            seen["screen"] = type(device.app.shell.screen).__name__
        finally:
            await device.stop()

    asyncio.run(to_game())
    assert device.panel.violations == []
    assert seen["menu refreshes"] >= 1 and seen["screen"] == "PlayScreen"
