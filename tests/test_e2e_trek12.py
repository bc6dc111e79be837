"""End to end: Trek 12 played only through simulated button presses (operation, circle, rope
for every placement), 19 rounds for two players; the panel's final scores equal the engine's
and the journal replays to the same sheets."""

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
    "board, players, bots, map_id",
    [("sim296", 2, 0, "kagkot"), ("sim400", 2, 1, "dhaulagiri")],
)
def test_whole_trek12_game_through_buttons(tmp_path, board, players, bots, map_id):
    device = SimDevice(board, str(tmp_path), seed=31)
    presses = []
    original = device.press

    async def counting_press(key, **kwargs):
        presses.append(key)
        return await original(key, **kwargs)

    device.press = counting_press
    options = {"players": players, "bots": bots, "map": map_id}
    asyncio.run(play(device, [], Autopilot("trek12", options)))
    screen = device.app.shell.screen
    assert isinstance(screen, ResultsScreen)
    state = screen.session.state
    assert state.is_terminal() and state.round == 19 and state.board.id == map_id
    # Every human placement took at least an OK for the operation and one for the circle.
    humans = players - bots
    assert len(presses) >= 19 * (1 + 2 * humans)
    rows = panel_rows(device.panel)
    for seat, total in enumerate(state.scores()):
        name = state.seat_name(seat)
        assert same_line(rows, name, str(total)), "%s's %d points are not drawn" % (name, total)
    assert find_text(rows, "Final scores")
    assert device.panel.violations == []
    replayed, report = replay_file(os.path.join(str(tmp_path), "last.jnl"))
    assert report.dropped == 0
    assert replayed.state.to_data() == state.to_data()
