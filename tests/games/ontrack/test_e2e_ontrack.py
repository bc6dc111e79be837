"""End to end: Christmas On Track played only through simulated button presses (die, pencil and
shape, tile with the 2-D cursor, way; merges and stars) for all 20 turns; the panel's final
totals equal the engine's and the journal replays to the same sheets. With hints off every
cursor starts on the first choice, so the presses walk the grid; a 3-button board gets there
with PREV/NEXT alone. Dice-only mode ends on its own message. Each person's sheet comes up
with a full refresh."""

import asyncio

import pytest

from dicetable.ui import keys, refresh
from dicetable.ui.screens import ResultsScreen
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

from e2e_common import assert_scores_on_panel, final_state, play_game, replayed_last_game
from panel_text import find_text, panel_rows


@pytest.mark.parametrize(
    "board, players, bots, hints",
    [("sim296", 2, 0, False), ("sim400", 3, 1, True), ("sim296_3btn", 1, 0, False)],
)
def test_whole_ontrack_game_through_buttons(tmp_path, board, players, bots, hints):
    options = {"players": players, "bots": bots, "hints": hints}
    device, presses = play_game(tmp_path, board, "ontrack", options, 31)
    state = assert_scores_on_panel(device)
    assert state.is_terminal() and state.turn == 20
    humans = players - bots
    # Every human piece took an OK for the die and one for the tile at least, every turn a roll.
    assert len(presses) >= 20 * (1 + 2 * 2 * humans)
    if not hints:
        # The cursors start on the first choice: the presses walked the grid.
        assert presses.count(keys.RIGHT) + presses.count(keys.DOWN) > 20 * humans
    for seat in range(players):
        placed = len(state.pieces[seat]) + len([s for s in state.sites[seat] if s >= 0])
        assert placed >= 30, (seat, placed)  # two pieces a turn, a rare pass aside
    assert replayed_last_game(tmp_path).to_data() == state.to_data()


def test_dice_only_game_through_buttons(tmp_path):
    options = {"players": 2, "bots": 0, "mode": "dice"}
    device, presses = play_game(tmp_path, "sim296", "ontrack", options, 31)
    state = final_state(device)
    assert state.is_terminal() and state.dice_only and state.cells == []
    assert find_text(panel_rows(device.panel), "Game over")
    replayed = replayed_last_game(tmp_path)
    assert replayed.to_data() == state.to_data()
    assert len(replayed.history) == 40  # a roll and a "drawn" per turn


def test_each_persons_sheet_comes_up_with_a_full_refresh(tmp_path):
    # On the 400x300 panel the planner's own rules (most of the panel changed, the budget of
    # partials) do not happen to make these refreshes full: the screen's break does.
    device = SimDevice("sim400", str(tmp_path), seed=7)
    refreshes = []

    def on_refresh(app):
        state = app.shell.game_state()
        if state is not None:
            sheet = (state.turn, app.shell.screen.shown_seat)
            refreshes.append((sheet, app.last_refresh[0]))

    device.app.on_refresh = on_refresh
    asyncio.run(play(device, [], Autopilot("ontrack", {"players": 3, "bots": 1})))
    assert isinstance(device.app.shell.screen, ResultsScreen)
    handed = [
        kind for index, (sheet, kind) in enumerate(refreshes[1:]) if sheet != refreshes[index][0]
    ]
    assert len(handed) >= 2 * 19  # each of the 2 people's sheets, every turn
    assert handed == [refresh.FULL] * len(handed)
