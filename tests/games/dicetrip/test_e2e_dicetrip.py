"""End to end: Dice Trip played only through simulated button presses (the roll, keep or the
reroll power, number, twice power, city or cross for every placement), 13 rounds on both
panels; the people use both powers through the menus; the panel's final scores equal the
engine's and the journal replays to the same sheets. Dice-only mode ends on its message."""

import pytest

from e2e_common import assert_scores_on_panel, final_state, play_game, replayed_last_game
from panel_text import find_text, panel_rows


@pytest.mark.parametrize(
    "board, players, bots, seed",
    [("sim296", 2, 1, 31), ("sim400", 3, 1, 33)],
)
def test_whole_dicetrip_game_through_buttons(tmp_path, board, players, bots, seed):
    options = {"players": players, "bots": bots}
    device, presses = play_game(tmp_path, board, "dicetrip", options, seed)
    state = assert_scores_on_panel(device)
    assert state.is_terminal() and state.round == 13
    humans = players - bots
    # Every person's placement took an OK for the number and one for the city.
    assert len(presses) >= 25 * 2 * humans
    # The people used both powers through their menus (the bot's advice, pressed as keys).
    for seat in range(humans):
        assert state.rerolled[seat] and state.twice[seat], (seat, state.rerolled, state.twice)
    assert replayed_last_game(tmp_path).to_data() == state.to_data()


def test_dice_only_game_through_buttons(tmp_path):
    options = {"players": 2, "bots": 0, "mode": "dice"}
    device, _presses = play_game(tmp_path, "sim296", "dicetrip", options, 5)
    state = final_state(device)
    assert state.dice_only and state.is_terminal()
    rows = panel_rows(device.panel)
    assert find_text(rows, "Game over") and find_text(rows, "add up the sheets on")
    assert replayed_last_game(tmp_path).to_data() == state.to_data()
