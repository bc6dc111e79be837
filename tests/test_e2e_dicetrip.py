"""End to end: Dice Trip played only through simulated button presses (the roll, keep or the
reroll power, number, twice power, city or cross for every placement), 13 rounds on both
panels; the people use both powers through the menus; the panel's final scores equal the
engine's and the journal replays to the same sheets. Dice-only mode ends on its message."""

import asyncio
import os

import pytest

from dicetable.ui.screens import ResultsScreen
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play
from hostsim.replay import replay_file

from panel_text import find_text, panel_rows, same_line


def _play(tmp_path, board, options, seed):
    device = SimDevice(board, str(tmp_path), seed=seed)
    presses = []
    original = device.press

    async def counting_press(key, **kwargs):
        presses.append(key)
        return await original(key, **kwargs)

    device.press = counting_press
    asyncio.run(play(device, [], Autopilot("dicetrip", options)))
    return device, presses


@pytest.mark.parametrize(
    "board, players, bots, seed",
    [("sim296", 2, 1, 31), ("sim400", 3, 1, 33)],
)
def test_whole_dicetrip_game_through_buttons(tmp_path, board, players, bots, seed):
    options = {"players": players, "bots": bots}
    device, presses = _play(tmp_path, board, options, seed)
    screen = device.app.shell.screen
    assert isinstance(screen, ResultsScreen)
    state = screen.session.state
    assert state.is_terminal() and state.round == 13
    humans = players - bots
    # Every person's placement took an OK for the number and one for the city.
    assert len(presses) >= 25 * 2 * humans
    # The people used both powers through their menus (the bot's advice, pressed as keys).
    for seat in range(humans):
        assert state.rerolled[seat] and state.twice[seat], (seat, state.rerolled, state.twice)
    rows = panel_rows(device.panel)
    for seat, total in enumerate(state.scores()):
        name = state.seat_name(seat)
        assert same_line(rows, name, str(total)), "%s's %d points are not drawn" % (name, total)
    assert find_text(rows, "Final scores")
    assert device.panel.violations == []
    replayed, report = replay_file(os.path.join(str(tmp_path), "last.jnl"))
    assert report.dropped == 0
    assert replayed.state.to_data() == state.to_data()


def test_dice_only_game_through_buttons(tmp_path):
    options = {"players": 2, "bots": 0, "mode": "dice"}
    device, _presses = _play(tmp_path, "sim296", options, 5)
    screen = device.app.shell.screen
    assert isinstance(screen, ResultsScreen)
    state = screen.session.state
    assert state.dice_only and state.is_terminal()
    rows = panel_rows(device.panel)
    assert find_text(rows, "Game over") and find_text(rows, "add up the sheets on")
    replayed, report = replay_file(os.path.join(str(tmp_path), "last.jnl"))
    assert report.dropped == 0 and replayed.state.to_data() == state.to_data()
