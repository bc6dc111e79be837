"""End to end: Trek 12 played only through simulated button presses (operation, circle, rope
for every placement), 19 rounds for two players; the panel's final scores equal the engine's
and the journal replays to the same sheets."""

import pytest

from e2e_common import assert_scores_on_panel, play_game, replayed_last_game


@pytest.mark.parametrize(
    "board, players, bots, map_id",
    [("sim296", 2, 0, "kagkot"), ("sim400", 2, 1, "dhaulagiri")],
)
def test_whole_trek12_game_through_buttons(tmp_path, board, players, bots, map_id):
    options = {"players": players, "bots": bots, "map": map_id}
    device, presses = play_game(tmp_path, board, "trek12", options, 31)
    state = assert_scores_on_panel(device)
    assert state.is_terminal() and state.round == 19 and state.board.id == map_id
    # Every human placement took at least an OK for the operation and one for the circle.
    humans = players - bots
    assert len(presses) >= 19 * (1 + 2 * humans)
    assert replayed_last_game(tmp_path).to_data() == state.to_data()
