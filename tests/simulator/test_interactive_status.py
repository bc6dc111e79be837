"""The interactive simulator's status lines on every game's play screen: a screen's view may
leave out the prompt (Dice Trip's does), and the front end must not crash on it (it did:
`KeyError: 'prompt'`, and the saved game then crashed every later `make sim`)."""

import asyncio

from dicetable.games import GAMES
from dicetable.ui import keys
from hostsim.device import SimDevice
from hostsim.interactive import _status


def _status_in_game(folder, index):
    device = SimDevice("sim296", folder, seed=3)

    async def run():
        device.start()
        try:
            await device.wait_idle()
            for _ in range(index):
                await device.press(keys.DOWN)
            await device.press(keys.OK)  # the game's setup
            await device.press(keys.OK)  # "Start game"
            return type(device.app.shell.screen).__name__, _status(device)
        finally:
            await device.stop()

    return asyncio.run(run())


def test_status_lines_on_every_play_screen(tmp_path):
    for index, (game_id, _title) in enumerate(GAMES):
        screen, lines = _status_in_game(str(tmp_path / game_id), index)
        assert screen not in ("MenuScreen", "SetupScreen"), (game_id, screen)
        assert lines[0] and all(isinstance(line, str) for line in lines), (game_id, lines)
