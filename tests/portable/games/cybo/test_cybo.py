"""Cybo rules: every level's viability rule, in-order detection, quads, Grand Master."""

from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.games.cybo import rules as cybo
from dicetable.games.cybo.data import GRIDS
from dicetable.games.cybo.rules import Grid, grid_for

from cybo_helpers import new, turn


def test_row_major_grid_has_the_fourteen_lines_of_the_reference():
    grid = grid_for("rows")
    lines = set(frozenset(line) for line in grid.lines)
    expected = [
        (1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12),
        (1, 4, 7), (4, 7, 10), (2, 5, 8), (5, 8, 11), (3, 6, 9), (6, 9, 12),
        (1, 5, 9), (3, 5, 7), (4, 8, 12), (6, 8, 10),
    ]  # fmt: skip
    assert len(grid.lines) == 14
    assert lines == set(frozenset(line) for line in expected)


def test_quad_partners_of_the_reference():
    grid = grid_for("rows")
    partners = {(1, 4, 7): 10, (4, 7, 10): 1, (2, 5, 8): 11, (5, 8, 11): 2, (3, 6, 9): 12}
    partners[(6, 9, 12)] = 3
    for triple in partners:
        assert grid.quad_partner(triple) == partners[triple]
    assert grid.quad_partner((1, 2, 3)) is None
    assert grid.quad_partner((1, 5, 9)) is None


def test_every_line_is_monotonic_in_both_presets():
    for name in GRIDS:
        for a, b, c in Grid(GRIDS[name]).lines:
            assert a < b < c or a > b > c


def test_column_major_preset_fits_the_examples():
    grid = grid_for("columns")
    assert grid.fits_a_line([5, 9, 1])
    assert not grid.fits_a_line([1, 8])
    assert grid.follows_a_line([1, 5, 9])


def test_advanced_unordered_trinity_scores_3():
    state = new("advanced")
    assert turn(state, [5, 9, 1]) == [[5, 9, 1], 3, "trinity"]


def test_advanced_ordered_trinity_scores_9():
    state = new("advanced")
    assert turn(state, [9, 5, 1]) == [[9, 5, 1], 9, "ordered"]
    assert state.scores() == [9, 0]


def test_advanced_one_then_eight_ends_the_turn():
    state = new("advanced")
    row = turn(state, [1, 8])
    assert row == [[1, 8], 0, "bust"]
    assert state.seat == 1


def test_advanced_repeat_ends_the_turn():
    state = new("advanced")
    assert turn(state, [5, 5]) == [[5, 5], 0, "bust"]


def test_advanced_third_roll_off_the_line_busts():
    state = new("advanced")
    assert turn(state, [1, 2, 5]) == [[1, 2, 5], 0, "bust"]


def test_beginner_repeat_is_a_wasted_roll():
    state = new("beginner")
    assert turn(state, [5, 5, 1, 9]) == [[5, 5, 1, 9], 3, "trinity"]


def test_beginner_two_repeats_bust_when_rolls_run_out():
    state = new("beginner")
    assert turn(state, [5, 5, 1, 1]) == [[5, 5, 1, 1], 0, "bust"]


def test_beginner_in_order_uses_first_appearance():
    state = new("beginner")
    # 1, 1, 5, 9: distinct order 1, 5, 9 -> middle second -> in order.
    assert turn(state, [1, 1, 5, 9]) == [[1, 1, 5, 9], 9, "ordered"]


def test_beginner_fourth_roll_must_still_be_able_to_finish():
    state = new("beginner")
    # 1, 1, 1: one distinct value with one roll left cannot make three.
    assert turn(state, [1, 1, 1]) == [[1, 1, 1], 0, "bust"]


def test_quad_hit_scores_16():
    state = new("advanced")
    row = turn(state, [7, 1, 4, 10], quad=True)
    assert row == [[7, 1, 4, 10], 16, "quad"]


def test_quad_miss_drops_to_3_even_from_9():
    state = new("advanced")
    row = turn(state, [1, 4, 7, 6], quad=True)
    assert row == [[1, 4, 7, 6], 3, "quad-miss"]


def test_quad_decline_keeps_the_points():
    state = new("advanced")
    assert turn(state, [1, 4, 7], quad=False) == [[1, 4, 7], 9, "ordered"]


def test_quad_offered_only_for_column_trinities():
    state = new("advanced")
    for value in (1, 2, 3):
        state.apply(CHANCE, value)
    assert not state.offering_quad() and state.seat == 1


def test_quad_offer_accepts_only_the_two_choices():
    state = new("advanced")
    for value in (1, 4, 7):
        state.apply(CHANCE, value)
    assert state.offering_quad()
    assert state.legal_actions(0) == [cybo.QUAD_TRY, cybo.QUAD_DECLINE]
    before = state.to_data()
    for seat, action in ((CHANCE, 10), (1, cybo.QUAD_TRY), (0, 5)):
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            assert exc.reason
        else:
            raise AssertionError("accepted %r" % ((seat, action),))
    assert state.to_data() == before


def test_master_needs_numerical_sequence():
    state = new("master")
    assert turn(state, [5, 9]) == [[5, 9], 0, "bust"]
    turn(state, [1, 12])
    assert turn(state, [9, 5, 1]) == [[9, 5, 1], 9, "ordered"]


def test_master_repeat_ends_the_turn():
    state = new("master")
    assert turn(state, [1, 1]) == [[1, 1], 0, "bust"]


def test_master_quad_only_in_the_same_direction():
    state = new("master")
    # 1, 4, 7 then 10 continues downwards: offered.
    assert turn(state, [1, 4, 7, 10], quad=True) == [[1, 4, 7, 10], 16, "quad"]
    # 4, 7, 10: the partner 1 lies behind the start: not offered.
    state = new("master")
    for value in (4, 7, 10):
        state.apply(CHANCE, value)
    assert not state.offering_quad()
    assert state.card[0][0] == [[4, 7, 10], 9, "ordered"]
    # 10, 7, 4 then 1 continues upwards: offered.
    assert turn(state, [10, 7, 4, 1], quad=True) == [[10, 7, 4, 1], 16, "quad"]


def _next_round(state):
    """Seat 1 busts so that seat 0 plays again."""
    turn(state, [1, 12])


def test_grand_master_scores_as_advanced_before_qualifying():
    state = new("grandmaster")
    assert turn(state, [5, 9, 1]) == [[5, 9, 1], 3, "trinity"]
    _next_round(state)
    assert turn(state, [9, 5, 1]) == [[9, 5, 1], 9, "ordered"]
    assert state.signature[0] is None


def test_grand_master_qualifies_by_repeating_a_trinity_in_its_order():
    state = new("grandmaster")
    turn(state, [5, 9, 1])
    _next_round(state)
    # Same numbers, other order: not a duplicate.
    assert turn(state, [9, 5, 1]) == [[9, 5, 1], 9, "ordered"]
    _next_round(state)
    assert turn(state, [5, 9, 1]) == [[5, 9, 1], 12, "duplicate"]
    assert state.signature[0] == (5, 9, 1)


def test_grand_master_after_qualifying_only_the_signature_counts():
    state = new("grandmaster")
    turn(state, [2, 3, 1])
    _next_round(state)
    turn(state, [2, 3, 1])
    _next_round(state)
    # Another trinity no longer counts: the first roll off the signature ends the turn.
    assert turn(state, [9]) == [[9], 0, "bust"]
    _next_round(state)
    assert turn(state, [2, 3, 5]) == [[2, 3, 5], 0, "bust"]
    _next_round(state)
    assert turn(state, [2, 3, 1]) == [[2, 3, 1], 12, "duplicate"]
    assert state.scores()[0] == 3 + 12 + 0 + 0 + 12


def test_grand_master_quad_on_a_column_signature():
    state = new("grandmaster")
    turn(state, [7, 4, 1], quad=False)
    _next_round(state)
    assert turn(state, [7, 4, 1, 10], quad=True) == [[7, 4, 1, 10], 16, "quad"]
    _next_round(state)
    assert turn(state, [7, 4, 1, 2], quad=True) == [[7, 4, 1, 2], 3, "quad-miss"]


def test_game_ends_after_13_rounds_and_ties_share():
    state = new("advanced", players=3)
    for _ in range(13 * 3):
        turn(state, [1, 12])
    assert state.actors() == [] and state.is_terminal()
    assert state.scores() == [0, 0, 0]
    assert state.winners() == [0, 1, 2]
    try:
        state.apply(CHANCE, 3)
    except IllegalAction as exc:
        assert "over" in exc.reason
    else:
        raise AssertionError("a finished game accepted a roll")


def test_breakdown_adds_up_to_the_score():
    state = new("advanced")
    turn(state, [9, 5, 1])
    turn(state, [1, 8])
    turn(state, [7, 1, 4, 10], quad=True)
    turn(state, [5, 9, 1])
    breakdown = state.breakdown(0)
    assert breakdown == [("Quad x1", 16), ("In order x1", 9)]
    assert sum(points for _label, points in breakdown) == state.scores()[0] == 25
    assert state.breakdown(1) == [("Trinity x1", 3), ("No trinity x1", 0)]


def test_params_are_validated():
    for options in ({"players": 1}, {"players": 7}, {"level": "expert"}, {"grid": "diagonal"}):
        try:
            cybo.make_params(options)
        except IllegalAction as exc:
            assert exc.reason
        else:
            raise AssertionError("accepted %r" % (options,))
    params = cybo.make_params({"players": 3, "bots": 2})
    assert params["bots"] == [1, 2] and params["names"] == ["P1", "Bot2", "Bot3"]


def test_bot_takes_the_quad_only_when_it_pays():
    state = new("advanced")
    for value in (7, 1, 4):
        state.apply(CHANCE, value)
    assert cybo.bot_action(state, 0, None) == cybo.QUAD_TRY
    state = new("advanced")
    for value in (1, 4, 7):
        state.apply(CHANCE, value)
    assert cybo.bot_action(state, 0, None) == cybo.QUAD_DECLINE


def test_grand_master_offers_the_quad_on_the_qualifying_turn_too():
    # DECISIONS.md: the quad follows any column trinity at every level, the Grand Master turn
    # that qualifies by repeating a trinity in its order included.
    state = new("grandmaster")
    assert turn(state, [1, 4, 7], quad=False) == [[1, 4, 7], 9, "ordered"]
    _next_round(state)
    for value in (1, 4, 7):
        state.apply(CHANCE, value)
    assert state.offering_quad() and state.signature[0] == (1, 4, 7)
    state.apply(0, cybo.QUAD_TRY)
    state.apply(CHANCE, 10)
    assert state.card[0][-1] == [[1, 4, 7, 10], 16, "quad"]
