"""End to end: Gang of Dice played only through simulated button presses, one or two people
with bots, hidden pools passed between people; the panel shows the final dice counts."""

import pytest

from e2e_common import assert_scores_on_panel, play_game, replayed_last_game


@pytest.mark.parametrize(
    "board, players, bots",
    [("sim296", 3, 2), ("sim296", 2, 0), ("sim400", 4, 3)],
)
def test_whole_gang_game_through_buttons(tmp_path, board, players, bots):
    options = {"players": players, "bots": bots}
    device, _presses = play_game(tmp_path, board, "gang", options, 21)
    state = assert_scores_on_panel(device, "dice")
    assert state.is_terminal()
    assert replayed_last_game(tmp_path).scores() == state.scores()
