"""End to end: Gang of Dice played only through simulated button presses, one or two people
with bots, hidden pools passed between people; the panel shows the final dice counts."""

import asyncio
import os

import pytest

from dicetable.ui.screens import ResultsScreen
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play
from hostsim.replay import replay_file

from panel_text import find_text, panel_rows, same_line


@pytest.mark.parametrize(
    "board, players, bots",
    [("sim296", 3, 2), ("sim296", 2, 0), ("sim400", 4, 3)],
)
def test_whole_gang_game_through_buttons(tmp_path, board, players, bots):
    device = SimDevice(board, str(tmp_path), seed=21)
    autopilot = Autopilot("gang", {"players": players, "bots": bots})
    asyncio.run(play(device, [], autopilot))
    screen = device.app.shell.screen
    assert isinstance(screen, ResultsScreen)
    state = screen.session.state
    assert state.is_terminal()
    rows = panel_rows(device.panel)
    for seat, total in enumerate(state.scores()):
        name = state.seat_name(seat)
        assert find_text(rows, name), "%s is not on the panel" % name
        assert same_line(rows, name, str(total)), "%s's %d dice are not drawn" % (name, total)
    assert device.panel.violations == []
    replayed, report = replay_file(os.path.join(str(tmp_path), "last.jnl"))
    assert report.dropped == 0 and replayed.state.scores() == state.scores()
