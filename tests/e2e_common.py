"""What the end-to-end game tests share: a whole game played by the autopilot through simulated
button presses (counted), the final scores read off the modelled panel, and the journal the
device kept replayed from its file."""

import asyncio
import os

from dicetable.ui.screens import ResultsScreen
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play
from hostsim.replay import replay_file

from panel_text import find_text, panel_rows, same_line


def play_game(folder, board, game_id, options, seed):
    """(device, keys pressed) after the autopilot has played a whole game of `game_id` with
    these setup options on a simulated `board` whose flash is `folder`."""
    device = SimDevice(board, str(folder), seed=seed)
    presses = []
    original = device.press

    async def counting_press(key, **kwargs):
        presses.append(key)
        return await original(key, **kwargs)

    device.press = counting_press
    asyncio.run(play(device, [], Autopilot(game_id, options)))
    return device, presses


def final_state(device):
    """The finished game's state; the results screen must be up."""
    screen = device.app.shell.screen
    assert isinstance(screen, ResultsScreen)
    return screen.session.state


def assert_scores_on_panel(device, unit="points"):
    """The results on the panel: under "Final scores", each seat's name with the engine's total
    to its right on the same line; and the panel saw no protocol violation. Returns the state."""
    state = final_state(device)
    rows = panel_rows(device.panel)
    for seat, total in enumerate(state.scores()):
        name = state.seat_name(seat)
        assert same_line(rows, name, str(total)), "%s's %d %s are not drawn" % (name, total, unit)
    assert find_text(rows, "Final scores")
    assert device.panel.violations == []
    return state


def replayed_last_game(folder):
    """The state the finished game's journal (last.jnl in `folder`) replays to, nothing
    dropped."""
    replayed, report = replay_file(os.path.join(str(folder), "last.jnl"))
    assert report.dropped == 0
    return replayed.state
