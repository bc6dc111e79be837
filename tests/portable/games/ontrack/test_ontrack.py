"""Christmas On Track: each fact of the playsheet (reference B2) as a test, the dot model (B3),
dead ends (B6) and route scoring (B7) on hand-built sheets, the UI's staged queries, dice-only
mode, class-code seeding and the bot. Names start with test_ontrack_ for `mptest.py -k`."""

from dicetable.core.protocol import CHANCE
from dicetable.core.rng import code_to_seed
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.ontrack import bot as ontrack_bot
from dicetable.games.ontrack import data as ontrack_data
from dicetable.games.ontrack import rules as ontrack
from dicetable.games.ontrack import track
from dicetable.games.ontrack.score import Score

from ontrack_helpers import (
    GIFT_WRAP,
    GREEN,
    GREEN_DIE,
    RED,
    RED_DIE,
    SLEIGH,
    WHITE_DIE,
    WORKSHOP,
    building_action,
    connection,
    layout,
    new,
    placements,
    refusal,
    roll,
    run_bots,
    score,
    sheet,
    track_action,
)


def _raises_params(options, words):
    try:
        ontrack.make_params(options)
    except Exception as exc:
        assert words in exc.reason, exc.reason
        return
    raise AssertionError("params accepted: %r" % (options,))


# --- B2.1: players, dice, pencils -------------------------------------------------------------
def test_ontrack_b2_1_one_to_six_players_and_three_dice():
    for players in range(1, 7):
        assert new(players).players == players
    _raises_params({"players": 0}, "players")
    _raises_params({"players": 7}, "players")
    state = new()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 216 and outcomes[0] == (111, 1) and outcomes[-1] == (666, 1)
    assert ontrack.roll_dice(352) == (3, 5, 2) and ontrack.roll_action(3, 5, 2) == 352
    assert ontrack_data.DICE == ("red", "green", "white")
    assert ontrack_data.COLOURS == ("red", "green")


# --- B2.2 and B2.13: the score box ------------------------------------------------------------
def test_ontrack_b2_2_breakdown_follows_the_score_box():
    state = new()
    labels = [label for label, _points in state.breakdown(0)]
    assert labels == [
        "Red Workshop-Gift Wrap",
        "Red Gift Wrap-Sleigh",
        "Green Workshop-Gift Wrap",
        "Green Gift Wrap-Sleigh",
        "Unused stars",
        "Red dead ends",
        "Green dead ends",
    ]
    assert state.scores() == [0]


# --- B2.3: two pieces from two dice on two tiles, compulsory ----------------------------------
def test_ontrack_b2_3_a_turn_is_two_pieces_on_two_tiles_then_the_seat_is_done():
    state = new()
    roll(state, 5, 5, 5)
    assert state.actors() == [0]
    state.apply(0, track_action(RED_DIE, RED, 0, "W0", "E0"))
    assert "another tile" in refusal(state, 0, track_action(GREEN_DIE, GREEN, 0, "N0", "S0"))
    assert "used this turn" in refusal(state, 0, track_action(RED_DIE, RED, 1, "W0", "E0"))
    state.apply(0, track_action(GREEN_DIE, GREEN, 8, "N0", "S0"))
    assert state.actors() == [CHANCE] and state.turn == 1
    assert state.hand[0] == [0, 0, 5]  # the third die stays unused


def test_ontrack_b2_3_drawing_is_compulsory_pass_only_when_nothing_fits():
    state = new()
    roll(state, 1, 2, 3)
    assert "compulsory" in refusal(state, 0, ontrack.PASS)
    assert ontrack.PASS not in state.legal_actions(0)
    # One tile: the second piece has nowhere to go, so the seat passes.
    state = new(sheet=layout(1, 1))
    roll(state, 5, 5, 5)
    state.apply(0, track_action(RED_DIE, RED, 0, "W0", "E0"))
    assert placements(state, 0) == [] and state.legal_actions(0) == [ontrack.PASS]
    state.apply(0, ontrack.PASS)
    assert state.turn == 1 and state.actors() == [CHANCE]


def test_ontrack_b2_3_shared_roll_each_seat_on_its_own_sheet_in_any_order():
    state = new(3)
    roll(state, 5, 6, 4)
    assert state.actors() == [0, 1, 2]
    state.apply(2, track_action(WHITE_DIE, GREEN, 10, "N0", "E0"))
    state.apply(2, track_action(RED_DIE, RED, 11, "N0", "S0"))
    assert state.actors() == [0, 1]
    assert "finished this turn" in refusal(state, 2, track_action(GREEN_DIE, GREEN, 1, "N0", "E0"))
    assert "not" in refusal(state, CHANCE, 111)
    state.apply(0, track_action(RED_DIE, RED, 11, "N0", "S0"))
    state.apply(1, track_action(GREEN_DIE, GREEN, 3, "N0", "E0"))
    state.apply(0, track_action(WHITE_DIE, RED, 3, "N0", "E0"))
    assert state.cells[1][11] == 0 and state.cells[0][10] == 0 and state.cells[2][10] != 0
    state.apply(1, track_action(RED_DIE, RED, 4, "N0", "S0"))
    assert state.actors() == [CHANCE] and state.turn == 1


# --- B2.4: pencil colour ----------------------------------------------------------------------
def test_ontrack_b2_4_pencil_matches_the_die_white_draws_either():
    state = new()
    roll(state, 5, 5, 5)
    assert "cannot draw in green" in refusal(state, 0, track_action(RED_DIE, GREEN, 0, "N0", "S0"))
    assert "cannot draw in red" in refusal(state, 0, track_action(GREEN_DIE, RED, 0, "N0", "S0"))
    assert state.legal_pieces(0, WHITE_DIE) == [
        ontrack.piece(2, RED, 0),
        ontrack.piece(2, GREEN, 0),
    ]
    assert state.legal_pieces(0, RED_DIE) == [ontrack.piece(0, RED, 0)]
    state.apply(0, track_action(WHITE_DIE, GREEN, 0, "N0", "S0"))
    assert track.dot_colour(state.cells[0][0], 0) == GREEN


# --- B2.5: building or track by the die table, one building of each per colour ---------------
def test_ontrack_b2_5_each_face_gives_the_table_s_building_or_track():
    faces = ontrack_data.FACE_TABLES["123"]
    assert [kind for kind, _family in faces] == [0, 1, 2, -1, -1, -1]
    assert [family for _kind, family in faces] == [0, 1, 0, 1, 0, 1]
    state = new()
    roll(state, 1, 2, 4)
    assert state.legal_pieces(0, RED_DIE) == [ontrack.piece(0, RED, 0), ontrack.piece(0, RED, 1)]
    assert state.legal_pieces(0, GREEN_DIE) == [
        ontrack.piece(1, GREEN, 0),
        ontrack.piece(1, GREEN, 2),
    ]
    assert "cannot draw the Workshop" in refusal(state, 0, building_action(WHITE_DIE, RED, 5, 0))
    assert "a 1 draws a straight" in refusal(state, 0, track_action(RED_DIE, RED, 0, "N0", "E0"))
    assert "a 4 draws a curve" in refusal(state, 0, track_action(WHITE_DIE, RED, 0, "N0", "S0"))
    # The other setting puts the buildings on faces 1, 3 and 5.
    other = new(buildings="135")
    roll(other, 5, 3, 2)
    assert ontrack.piece(0, RED, 3) in other.legal_pieces(0, RED_DIE)
    assert ontrack.piece(1, GREEN, 2) in other.legal_pieces(0, GREEN_DIE)
    _raises_params({"buildings": "246"}, "building faces")


def test_ontrack_b2_5_one_building_of_each_kind_per_colour_on_an_empty_tile():
    state = new()
    roll(state, 1, 1, 1)
    state.apply(0, building_action(RED_DIE, RED, 10, WORKSHOP))
    assert state.sites[0][RED * 3 + WORKSHOP] == 10
    assert "already drawn" in refusal(state, 0, building_action(WHITE_DIE, RED, 12, WORKSHOP))
    state.apply(0, building_action(GREEN_DIE, GREEN, 12, WORKSHOP))  # green has its own
    roll(state, 5, 5, 2)
    assert "holds a building" in refusal(state, 0, track_action(RED_DIE, RED, 10, "N0", "S0"))
    state.apply(0, track_action(RED_DIE, RED, 20, "N0", "S0"))
    state.apply(0, track_action(GREEN_DIE, GREEN, 30, "N0", "S0"))
    roll(state, 5, 2, 2)
    assert "needs an empty tile" in refusal(state, 0, building_action(GREEN_DIE, GREEN, 20, 1))
    state.apply(0, building_action(GREEN_DIE, GREEN, 21, GIFT_WRAP))


# --- B2.6: merging doubles --------------------------------------------------------------------
def test_ontrack_b2_6_doubles_merge_into_one_die_of_any_value_and_either_colour():
    state = new()
    roll(state, 4, 6, 4)
    merges = state.legal_merges(0)
    assert merges == [ontrack.merge_action(0, 2, value) for value in range(1, 7)]
    assert "only doubles" in refusal(state, 0, ontrack.merge_action(0, 1, 3))
    state.apply(0, ontrack.merge_action(0, 2, 2))
    assert state.hand[0] == [2, 6, 0] and state.pencils[0][0] == 3
    assert state.legal_merges(0) == []
    assert "merged already" in refusal(state, 0, ontrack.merge_action(0, 2, 2))
    # The merged die (red + white) draws a green Gift Wrap; with the green die that is the turn.
    state.apply(0, building_action(RED_DIE, GREEN, 0, GIFT_WRAP))
    state.apply(0, track_action(GREEN_DIE, GREEN, 1, "N0", "E0"))
    assert state.turn == 1


def test_ontrack_b2_6_merging_is_before_the_first_piece():
    state = new()
    roll(state, 3, 3, 5)
    state.apply(0, track_action(WHITE_DIE, RED, 0, "N0", "S0"))
    assert state.legal_merges(0) == []
    assert "before the first piece" in refusal(state, 0, ontrack.merge_action(0, 1, 6))


# --- B2.7: anywhere ---------------------------------------------------------------------------
def test_ontrack_b2_7_pieces_go_anywhere_without_touching_anything():
    state = new()
    roll(state, 1, 3, 5)
    corner = state.layout.size - 1
    tiles = state.legal_tiles(0, ontrack.piece(RED_DIE, RED, 1))
    assert tiles == list(range(state.layout.size))
    state.apply(0, building_action(RED_DIE, RED, 0, WORKSHOP))
    state.apply(0, building_action(GREEN_DIE, GREEN, corner, SLEIGH))


# --- B2.8 / B3: the dot model -----------------------------------------------------------------
def test_ontrack_b2_8_twenty_connections_eight_straight_twelve_curves():
    assert len(track.CONNECTIONS) == 20
    assert len(track.BY_FAMILY[ontrack_data.STRAIGHT]) == 8
    assert len(track.BY_FAMILY[ontrack_data.CURVE]) == 12
    for a, b in track.CONNECTIONS:
        assert a >> 1 != b >> 1  # never two dots of one edge (a U-turn)
    # The tight corners (the two dots nearest a corner) are the 4 curves left out.
    for a, b in (("N1", "E0"), ("E1", "S1"), ("S0", "W1"), ("W0", "N0")):
        try:
            connection(a, b)
        except AssertionError:
            continue
        raise AssertionError("tight corner %s-%s is allowed" % (a, b))
    # Every rotation and flip of a curve: wide and both mediums at each corner.
    for a, b in (("N0", "E1"), ("N0", "E0"), ("N1", "E1"), ("S0", "W0"), ("S1", "W1")):
        assert track.FAMILY[connection(a, b)] == ontrack_data.CURVE
    assert track.FAMILY[connection("N0", "S1")] == ontrack_data.STRAIGHT  # shifted straight
    assert track.connection_name(connection("S1", "N0")) == "N0-S1"


def test_ontrack_b3_dots_face_the_same_slot_across_an_edge():
    sheet_layout = layout(2, 2)
    assert sheet_layout.across[0 * 4 + track.EAST] == 1
    assert sheet_layout.across[0 * 4 + track.SOUTH] == 2
    assert sheet_layout.across[0 * 4 + track.NORTH] == -1
    assert sheet_layout.across[3 * 4 + track.WEST] == 2
    # Red track from tile 0's E1 meets tile 1's W1: one chain, two pieces.
    found = score(
        sheet_layout,
        [(0, "W0", "E1", RED), (1, "W1", "E0", RED)],
        [],
    )
    assert found.dead == [2, 0]  # the two ends at the border


def test_ontrack_b2_9_more_track_only_through_unused_dots_crossings_allowed():
    state = new()
    roll(state, 5, 5, 3)
    state.apply(0, track_action(RED_DIE, RED, 0, "N0", "S0"))
    state.apply(0, track_action(GREEN_DIE, GREEN, 1, "W0", "E0"))
    roll(state, 5, 5, 3)
    assert "is used already" in refusal(state, 0, track_action(GREEN_DIE, GREEN, 0, "N0", "S1"))
    state.apply(0, track_action(GREEN_DIE, GREEN, 0, "W0", "E0"))  # crosses the red one
    cell = state.cells[0][0]
    assert track.dot_colour(cell, 0) == RED and track.dot_colour(cell, 6) == GREEN
    state.apply(0, track_action(RED_DIE, RED, 2, "N0", "S0"))
    roll(state, 5, 4, 4)
    # N0, S0, E0 and W0 are used on tile 0: what is left joins N1, E1, S1 and W1, but for
    # the tight corner E1-S1.
    straights = state.legal_connections(0, ontrack.piece(RED_DIE, RED, 0), 0)
    assert straights == [connection("N1", "S1"), connection("E1", "W1")]
    curves = state.legal_connections(0, ontrack.piece(WHITE_DIE, RED, 0), 0)
    assert curves == [connection("N1", "E1"), connection("N1", "W1"), connection("S1", "W1")]


# --- B2.10: stars -----------------------------------------------------------------------------
def test_ontrack_b2_10_first_track_on_a_star_tile_circles_a_star_once():
    state = new()
    star = state.layout.stars[0]
    roll(state, 5, 5, 1)
    state.apply(0, track_action(RED_DIE, RED, star, "N0", "S0"))
    assert state.bank == [1] and state.claimed == [[star]]
    state.apply(0, track_action(GREEN_DIE, GREEN, star + 1, "N0", "S0"))
    roll(state, 5, 1, 1)
    state.apply(0, track_action(RED_DIE, RED, star, "N1", "S1"))  # same star: no new one
    assert state.bank == [1]
    other = state.layout.stars[1]
    state.apply(0, building_action(GREEN_DIE, GREEN, other, WORKSHOP))  # a building claims none
    assert state.bank == [1] and state.score(0).stars == 1


def test_ontrack_b2_10_a_star_every_fifth_turn_and_the_bank_cap():
    state = new(2)
    plain = [tile for tile in range(state.layout.size) if tile not in state.layout.stars]
    for turn in range(1, 11):
        roll(state, 5, 5, 5)
        for seat in (0, 1):
            state.apply(seat, track_action(RED_DIE, RED, plain[turn * 2], "N0", "S0"))
            state.apply(seat, track_action(GREEN_DIE, GREEN, plain[turn * 2 + 1], "N0", "S0"))
        if turn == 4:
            assert state.earned == [0, 0]
        if turn == 5:
            assert state.earned == [1, 1] and state.bank == [1, 1]
    assert state.earned == [2, 2]
    capped = new(sheet=layout(2, 3, stars=((0, 0),), slots=1, every=1))
    roll(capped, 5, 5, 5)
    capped.apply(0, track_action(RED_DIE, RED, 0, "N0", "S0"))
    capped.apply(0, track_action(GREEN_DIE, GREEN, 1, "N0", "S0"))
    assert capped.earned == [1] and capped.bank == [1]  # the turn star found no free circle


def test_ontrack_b2_10_a_star_moves_a_die_by_one_without_wrap_around():
    state = new()
    assert state.legal_spends(0) == []
    roll(state, 1, 6, 3)
    assert "no circled star" in refusal(state, 0, ontrack.spend_action(WHITE_DIE, True))
    state.bank[0] = 3
    assert state.legal_spends(0) == [
        ontrack.spend_action(RED_DIE, True),
        ontrack.spend_action(GREEN_DIE, False),
        ontrack.spend_action(WHITE_DIE, False),
        ontrack.spend_action(WHITE_DIE, True),
    ]
    assert "no wrap-around" in refusal(state, 0, ontrack.spend_action(RED_DIE, False))
    assert "no wrap-around" in refusal(state, 0, ontrack.spend_action(GREEN_DIE, True))
    state.apply(0, ontrack.spend_action(WHITE_DIE, False))
    state.apply(0, ontrack.spend_action(WHITE_DIE, False))  # several stars on one die
    assert state.hand[0] == [1, 6, 1] and state.bank == [1]
    state.apply(0, building_action(WHITE_DIE, GREEN, 3, WORKSHOP))
    assert "used this turn" in refusal(state, 0, ontrack.spend_action(WHITE_DIE, True))


# --- B6: dead ends ----------------------------------------------------------------------------
def test_ontrack_b6_dead_end_at_the_border_and_at_an_empty_facing_dot():
    row = layout(1, 3)
    assert score(row, [(0, "W0", "E0", RED)]).dead == [2, 0]
    # The facing dot is free although the facing tile has track: still a dead end.
    found = score(row, [(0, "W0", "E0", RED), (1, "W1", "E1", RED)])
    assert found.dead == [4, 0]
    joined = score(row, [(0, "W0", "E0", RED), (1, "W0", "E1", RED)])
    assert joined.dead == [2, 0]


def test_ontrack_b6_tracks_of_different_colours_never_connect():
    row = layout(1, 2)
    found = score(row, [(0, "W0", "E0", RED), (1, "W0", "E0", GREEN)])
    assert found.dead == [2, 2] and found.total == -4


def test_ontrack_b6_a_building_of_the_other_colour_is_a_dead_end():
    row = layout(1, 3)
    own = score(row, [(1, "W0", "E0", RED)], [(0, RED, WORKSHOP)])
    assert own.dead == [1, 0]
    other = score(row, [(1, "W0", "E0", RED)], [(0, GREEN, WORKSHOP)])
    assert other.dead == [2, 0]
    both = score(row, [(1, "W1", "E0", RED)], [(0, RED, WORKSHOP), (2, RED, SLEIGH)])
    assert both.dead == [0, 0] and both.total == 0  # Workshop-Sleigh is no section


# --- B7: routes -------------------------------------------------------------------------------
def test_ontrack_b2_13_a_route_scores_a_point_per_tile_and_unused_stars_one_each():
    row = layout(1, 5)
    tracks = [(1, "W0", "E0", RED), (3, "W1", "E1", RED)]
    buildings = [(0, RED, WORKSHOP), (2, RED, GIFT_WRAP), (4, RED, SLEIGH)]
    found = score(row, tracks, buildings)
    assert found.points == [[1, 1], [0, 0]] and found.dead == [0, 0] and found.total == 2
    assert len(found.routes[RED][0]) == 1 and found.routes[GREEN] == [[], []]
    long_row = layout(1, 6)
    tracks = [(1, "W0", "E0", GREEN), (2, "W0", "E1", GREEN), (3, "W1", "E1", GREEN)]
    found = score(long_row, tracks, [(0, GREEN, GIFT_WRAP), (4, GREEN, SLEIGH)], stars=2)
    assert found.points == [[0, 0], [0, 3]] and found.total == 5
    assert found.breakdown()[3] == ("Green Gift Wrap-Sleigh", 3)
    assert found.breakdown()[4] == ("Unused stars", 2)


def test_ontrack_b2_11_sections_join_workshop_gift_wrap_and_gift_wrap_sleigh_of_one_colour():
    row = layout(1, 3)
    straight = [(1, "W0", "E0", RED)]
    assert score(row, straight, [(0, RED, WORKSHOP), (2, RED, GIFT_WRAP)]).points[RED] == [1, 0]
    assert score(row, straight, [(0, RED, SLEIGH), (2, RED, GIFT_WRAP)]).points[RED] == [0, 1]
    # Workshop to Sleigh skips the Gift Wrap: no section.
    assert score(row, straight, [(0, RED, WORKSHOP), (2, RED, SLEIGH)]).points[RED] == [0, 0]
    # The other colour's Gift Wrap is no end for red track: a dead end, no section.
    other = score(row, straight, [(0, RED, WORKSHOP), (2, GREEN, GIFT_WRAP)])
    assert other.points == [[0, 0], [0, 0]] and other.dead == [1, 0]


def test_ontrack_b2_12_the_longest_route_of_a_section_counts():
    grid = layout(3, 3)
    # Workshop at 3 (middle left), Gift Wrap at 5 (middle right): a straight route through 4,
    # and a longer one over the top row.
    tracks = [
        (4, "W0", "E0", RED),
        (0, "E0", "S0", RED),
        (1, "W0", "E0", RED),
        (2, "W0", "S0", RED),
    ]
    found = score(grid, tracks, [(3, RED, WORKSHOP), (5, RED, GIFT_WRAP)])
    assert found.points[RED] == [3, 0] and found.dead == [0, 0]
    assert len(found.routes[RED][0]) == 3


def test_ontrack_b7_a_loop_scores_nothing_and_has_no_dead_end():
    square = layout(2, 2)
    loop = [(0, "E0", "S0", RED), (1, "W0", "S1", RED), (3, "N1", "W1", RED), (2, "N0", "E1", RED)]
    found = score(square, loop)
    assert found.dead == [0, 0] and found.total == 0
    chains = track.Chains(square, *sheet(4, loop), RED).chains
    assert len(chains) == 1 and chains[0][0] == () and len(chains[0][2]) == 4


def test_ontrack_b7_a_route_through_a_tile_twice_counts_it_once():
    grid = layout(3, 3)
    # Workshop 3 -> 4 -> 5 -> 2 -> 1 -> 4 again (crossing) -> 7 -> Gift Wrap 8.
    tracks = [
        (4, "W0", "E0", RED),
        (5, "W0", "N1", RED),
        (2, "S1", "W0", RED),
        (1, "E0", "S0", RED),
        (4, "N0", "S0", RED),
        (7, "N0", "E1", RED),
    ]
    found = score(grid, tracks, [(3, RED, WORKSHOP), (8, RED, GIFT_WRAP)])
    assert found.points[RED] == [5, 0] and found.dead == [0, 0]
    assert len(found.routes[RED][0]) == 6


def test_ontrack_b2_12_two_sections_are_disjoint_and_both_count():
    grid = layout(2, 6)
    straight = []
    for tile in (1, 3, 4, 7, 9, 10):
        straight.append((tile, "W0", "E0", RED if tile < 6 else GREEN))
    buildings = [
        (0, RED, WORKSHOP),
        (2, RED, GIFT_WRAP),
        (5, RED, SLEIGH),
        (6, GREEN, WORKSHOP),
        (8, GREEN, GIFT_WRAP),
        (11, GREEN, SLEIGH),
    ]
    found = score(grid, straight, buildings)
    assert found.points == [[1, 2], [1, 2]] and found.dead == [0, 0] and found.total == 6
    for colour in (RED, GREEN):
        first, second = found.routes[colour]
        assert first and second
        for index in first:
            assert index not in second


def test_ontrack_b2_12_a_missing_building_scores_zero():
    row = layout(1, 4)
    tracks = [(1, "W0", "E0", RED), (2, "W0", "E0", RED)]
    found = score(row, tracks, [(0, RED, WORKSHOP)])
    assert found.points[RED] == [0, 0] and found.dead == [1, 0] and found.total == -1
    found = score(row, tracks, [(0, RED, WORKSHOP), (3, RED, GIFT_WRAP)])
    assert found.points[RED] == [2, 0] and found.total == 2


# --- the engine's views -----------------------------------------------------------------------
def test_ontrack_staged_queries_build_exactly_the_legal_placements():
    state = new(sheet=layout(2, 3))
    roll(state, 2, 2, 1)
    legal = [a for a in state.legal_actions(0) if a >= ontrack.PLACE_BASE]
    assert placements(state, 0) == legal
    assert state.legal_dice(0) == [0, 1, 2]
    state.apply(0, building_action(WHITE_DIE, RED, 0, WORKSHOP))
    legal = [a for a in state.legal_actions(0) if a >= ontrack.PLACE_BASE]
    assert placements(state, 0) == legal and legal
    for action in legal:
        assert ontrack.place_parts(action)[2] != 0
    assert state.legal_tiles(0, ontrack.piece(2, RED, 0)) == []  # the white die is used
    assert state.legal_connections(0, ontrack.piece(0, RED, 0), 0) == []  # the Workshop's tile


def test_ontrack_breakdown_adds_up_and_words_describe_actions():
    state = run_bots(new(2))
    for seat in (0, 1):
        assert sum(points for _label, points in state.breakdown(seat)) == state.scores()[seat]
    assert state.is_terminal() and state.turn == 20
    words = state.action_to_string(0, building_action(WHITE_DIE, GREEN, 8, SLEIGH))
    assert words == "white die: green Sleigh on B2"
    words = state.action_to_string(0, track_action(RED_DIE, RED, 0, "S1", "N0"))
    assert words == "red die: red track N0-S1 on A1"
    assert state.action_to_string(CHANCE, 426) == "red 4 green 2 white 6"
    assert state.action_to_string(0, ontrack.merge_action(0, 2, 5)) == "merge red+white into 5"
    assert state.action_to_string(0, ontrack.spend_action(1, True)) == "star: green die +1"


def test_ontrack_refuses_garbage_with_a_reason():
    state = new()
    roll(state, 2, 3, 4)
    for action in (None, "1000000", True, 7, 1999999, ontrack.NEXT, 3031, 2216, 2017, 2227):
        assert refusal(state, 0, action)
    assert "not a Christmas" in refusal(state, 0, ontrack.place_action(3, 0, 0, 0))
    assert "not a Christmas" in refusal(state, 0, ontrack.place_action(0, 0, 49, 0))
    assert "not a Christmas" in refusal(state, 0, ontrack.place_action(0, 0, 0, 23))
    assert "not" in refusal(state, 1, ontrack.place_action(0, 0, 0, 2))
    assert "not a possible roll" in refusal(new(), CHANCE, 700)


# --- dice-only mode and seeding ---------------------------------------------------------------
def test_ontrack_dice_only_mode_only_rolls_and_lists_the_dice():
    state = new(3, mode="dice")
    assert state.actors() == [CHANCE] and state.cells == []
    roll(state, 6, 1, 3)
    assert state.actors() == [0] and state.legal_actions(0) == [ontrack.NEXT]
    assert state.dice(0) == [(0, 6, 1), (1, 1, 2), (2, 3, 3)]
    assert state.legal_dice(0) == [] and state.legal_merges(0) == []
    assert "dice-only" in refusal(state, 0, track_action(RED_DIE, RED, 0, "N0", "S0"))
    assert ontrack_bot.hint(state, 0) == ontrack.NEXT
    state.apply(0, ontrack.NEXT)
    for _turn in range(19):
        roll(state, 2, 2, 2)
        state.apply(0, ontrack.NEXT)
    assert state.is_terminal() and state.scores() == [0, 0, 0]
    assert state.breakdown(1) == [("Scored on paper", 0)]
    _raises_params({"mode": "dice", "players": 2, "bots": 1}, "no bots")
    _raises_params({"mode": "paper"}, "unknown mode")


def test_ontrack_a_class_code_gives_every_device_the_same_rolls():
    seed = code_to_seed("ELF42")
    rolls = []
    for _device in range(2):
        session = Session.start(load("ontrack"), {"players": 2}, seed)
        seen = []
        for _turn in range(5):
            seen.append(session.roll())
            for seat in (0, 1):
                while seat in session.actors():
                    session.apply(seat, ontrack_bot.hint(session.state, seat))
        rolls.append(seen)
    assert rolls[0] == rolls[1]
    other = Session.start(load("ontrack"), {"players": 2}, code_to_seed("ELF43"))
    assert other.roll() != rolls[0][0] or other.roll() != rolls[0][1]


# --- hint and bot -----------------------------------------------------------------------------
def test_ontrack_hint_is_a_legal_action_of_the_current_seat():
    state = new(2)
    assert ontrack_bot.hint(state, 0) is None
    roll(state, 1, 2, 2)
    for seat in (0, 1):
        # (explain_illegal, not legal_actions: the full list of some 2000 placements is for
        # host tools and would not fit the test heap next to the runner.)
        assert state.explain_illegal(seat, ontrack_bot.hint(state, seat)) == "that move is allowed"
    state.apply(0, ontrack_bot.hint(state, 0))
    state.apply(0, ontrack_bot.hint(state, 0))
    if state.done[0]:
        assert ontrack_bot.hint(state, 0) is None


def test_ontrack_bot_plays_a_whole_sheet_deterministically():
    first = run_bots(new(1))
    second = run_bots(new(1))
    assert first.history == second.history
    found = first.score(0)
    assert first.scores()[0] == found.total
    # The bot builds routes: at least one section per colour on this roll sequence.
    assert found.points[RED][0] + found.points[RED][1] > 0
    assert found.points[GREEN][0] + found.points[GREEN][1] > 0
    rescored = Score(first.layout, first.cells[0], first.pieces[0], first.bank[0])
    assert rescored.total == found.total
