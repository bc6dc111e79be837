"""Fresh start (app.py): on a board with "fresh_start", a game of another title than the ones
loaded since the app was built is saved and then resumed by a fresh interpreter. The players
see the same game as a device that never restarted: same dice, same bots, same journal."""

import asyncio
import os

from dicetable.ui import keys
from dicetable.ui.screens import MenuScreen, ResultsScreen
from hostsim import boards
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

CYBO = ("cybo", {"players": 2, "bots": 1})
TREK = ("trek12", {"players": 1, "bots": 0, "map": "zen"})


async def _start(device, game_id, options):
    """From the menu, press as a person would until the game is on screen."""
    pilot = Autopilot(game_id, options)
    for _ in range(100):
        if device.app.shell.game_state() is not None:
            return pilot
        await device.press(pilot.next_key(device.app.shell))
    raise AssertionError("%s did not start" % game_id)


async def _finish(device, pilot):
    """Play on to the results; the finished game's journal."""
    for _ in range(5000):
        key = pilot.next_key(device.app.shell)
        if key is None:
            if pilot.finished:
                break
            await device.wait_idle()
            continue
        await device.press(key)
    assert isinstance(device.app.shell.screen, ResultsScreen)
    with open(os.path.join(device.store.folder, "last.jnl")) as saved:
        return saved.read()


def test_another_title_starts_fresh_and_is_the_game_a_device_switched_on_for_it_plays(tmp_path):
    device = SimDevice("sim296", str(tmp_path / "mixed"), seed=5)
    seen = {}

    async def mixed():
        device.start()
        try:
            await device.wait_idle()
            await _finish(device, await _start(device, *CYBO))
            await device.press(keys.OK)  # back to the menu
            seen["after the first game"] = device.restarts
            pilot = await _start(device, *TREK)
            seen["after another title"] = device.restarts
            # The new app shows the game on the glass (the setup screen is gone).
            await device.wait_idle()
            seen["on screen"] = type(device.app.shell.screen).__module__
            seen["panel is the frame"] = bytes(device.app.shown) == bytes(device.app.frame)
            seen["trek"] = await _finish(device, pilot)
            await device.press(keys.OK)
            await _start(device, *TREK)  # the same title again
            seen["after the same title"] = device.restarts
        finally:
            await device.stop()

    asyncio.run(mixed())
    assert seen["after the first game"] == 0
    assert seen["after another title"] == 1
    assert seen["on screen"].startswith("dicetable.games.trek12")
    assert seen["panel is the frame"]
    assert seen["after the same title"] == 1
    assert device.panel.violations == []
    # The same game as on a device switched on for it: this device's second seed (5, 6).
    alone = SimDevice("sim296", str(tmp_path / "alone"), seed=6)

    async def only_trek():
        alone.start()
        try:
            await alone.wait_idle()
            return await _finish(alone, await _start(alone, *TREK))
        finally:
            await alone.stop()

    assert asyncio.run(only_trek()) == seen["trek"]
    assert alone.restarts == 0


def test_without_the_board_setting_another_title_starts_in_place(tmp_path, monkeypatch):
    load = boards.load_board

    def without_fresh_start(name):
        board = dict(load(name))
        del board["fresh_start"]
        return board

    monkeypatch.setattr("hostsim.device.load_board", without_fresh_start)
    device = SimDevice("sim296", str(tmp_path), seed=5)

    async def two_titles():
        device.start()
        try:
            await device.wait_idle()
            await _start(device, *CYBO)
            await device.press(keys.BACK)  # the pause menu
            while not isinstance(device.app.shell.screen, MenuScreen):
                await device.press(Autopilot(*TREK).next_key(device.app.shell) or keys.BACK)
            await _start(device, *TREK)
        finally:
            await device.stop()

    asyncio.run(two_titles())
    assert device.restarts == 0


def test_the_headless_loop_follows_the_new_app(tmp_path):
    """hostsim.drive.play (the headless runner's loop) reads the app afresh at each key."""
    device = SimDevice("sim296", str(tmp_path), seed=2)

    async def cybo_played():
        device.start()
        try:
            await device.wait_idle()
            await _finish(device, await _start(device, *CYBO))
            await device.press(keys.OK)  # back to the menu
        finally:
            await device.stop()

    asyncio.run(cybo_played())
    asyncio.run(play(device, [], Autopilot(*TREK)))
    assert device.restarts == 1
    assert isinstance(device.app.shell.screen, ResultsScreen)


def test_another_title_whose_header_the_flash_refuses_starts_in_place_and_says_so(tmp_path):
    """The old interpreter saves only the new game's header (Session.save_header): refused (a
    full flash), there is nothing for a fresh interpreter to resume, so the game starts here,
    unsaved, as any game whose save failed."""
    device = SimDevice("sim296", str(tmp_path), seed=5)
    seen = {}

    def refuse(line):
        raise OSError(28, "no room on the flash")

    async def two_titles():
        device.start()
        try:
            await device.wait_idle()
            await _finish(device, await _start(device, *CYBO))
            await device.press(keys.OK)  # back to the menu
            device.app.shell.store.append = refuse
            await _start(device, *TREK)
            seen["error"] = (
                device.app.shell.game_state() and device.app.shell.screen.session.save_error
            )
        finally:
            await device.stop()

    asyncio.run(two_titles())
    assert device.restarts == 0
    assert "saving stopped" in seen["error"] and "no room" in seen["error"]
