"""The way into a game is not held while it is played (app.App._forget_setup, issue 14): once a
game is on show the setup screen's module, the game's option rows and the class-code wheel are
dropped, and the next setup imports them again and works as before (the second game here).
And a game is not held past the menu: the LED view the last game drew with goes with its
modules, and the next game of that title draws with the one it imports."""

import asyncio
import sys

from dicetable.core.modules import forget_modules
from dicetable.ui import keys, led_views
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice

_SETUP = (
    "dicetable.ui.setup",
    "dicetable.ui.code_entry",
    "dicetable.ui.wheel_entry",
    "dicetable.games.trek12.options",
)


async def _start(device, game_id, options, code=False):
    pilot = Autopilot(game_id, options)
    seen = set()
    for _ in range(100):
        shell = device.app.shell
        if shell.game_state() is not None:
            return seen
        seen.update(name for name in _SETUP if name in sys.modules)
        screen = shell.screen
        if code and type(screen).__name__ == "SetupScreen":
            code = False
            screen.cursor = [option[0] for option in screen.options].index("code")
            await device.press(keys.OK)  # the class-code wheel opens
            await device.press(keys.BACK)
            continue
        await device.press(pilot.next_key(shell))
    raise AssertionError("%s did not start" % game_id)


def test_the_setup_modules_go_when_a_game_starts_and_come_back_for_the_next(tmp_path):
    # Not imported before the app is built, as on a device (other tests import them).
    forget_modules(_SETUP)
    device = SimDevice("sim296", str(tmp_path), seed=4)
    seen = {}

    async def two_games():
        device.start()
        try:
            await device.wait_idle()
            options = {"players": 1, "bots": 0, "map": "dunai"}
            seen["loaded on the way in"] = await _start(device, "trek12", options, code=True)
            await device.wait_idle()
            seen["held in the game"] = [name for name in _SETUP if name in sys.modules]
            await device.press(keys.BACK)  # pause, end the game, back to the menu
            await device.press(keys.DOWN)
            await device.press(keys.OK)
            await device.press(keys.DOWN)
            await device.press(keys.OK)
            seen["menu"] = type(device.app.shell.screen).__name__
            seen["view at the menu"] = list(led_views._last)
            seen["second way in"] = await _start(device, "trek12", options)
            seen["held in the second game"] = [name for name in _SETUP if name in sys.modules]
            await device.wait_idle()
            loaded = sys.modules.get("dicetable.games.trek12.leds")
            seen["second view is the loaded one"] = (
                loaded is not None and led_views._last[1] is loaded
            )
        finally:
            await device.stop()

    asyncio.run(two_games())
    assert seen["loaded on the way in"] == set(_SETUP)
    assert seen["held in the game"] == []
    assert seen["menu"] == "MenuScreen"
    assert "dicetable.ui.setup" in seen["second way in"]
    assert seen["held in the second game"] == []
    assert seen["view at the menu"] == [None, None]
    assert seen["second view is the loaded one"]
