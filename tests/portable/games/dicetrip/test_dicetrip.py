"""Dice Trip: Belgium rules: the placeholder map, the shared roll, number formation for every
pattern of dice, uniqueness, both powers and their limits, bonus ticks, crosses, the last round,
the route and chain scoring on hand-built maps, scores, tie-break, dice-only mode and refusals.
The bots are tested in tests/games/dicetrip/test_dicetrip_props.py (and run under MicroPython
there)."""

from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.dicetrip import belgium as dicetrip_map
from dicetable.games.dicetrip import data, route
from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.dicetrip.route import CROSSED, EMPTY
from dicetable.games.dicetrip.rules import KEEP, NEXT, cross_action, reroll_action, write_action

from dicetrip_helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    cross,
    cross_rounds,
    fill_round,
    hand_board,
    line_roads,
    new,
    refused,
    roll,
    roll_and_keep,
    write,
)

# Cities of the placeholder map used below (ids = the reference's numbers minus one).
OOSTENDE, BRUGGE, IEPER, KORTRIJK, GENT, SINT_NIKLAAS = 0, 1, 2, 3, 4, 5
ANTWERPEN, BRUSSEL, WATERLOO, BASTOGNE = 6, 10, 16, 23


def _numbers(state, seat=0):
    return [option[0] for option in state.number_options(seat)]


# --- the map and the tables -------------------------------------------------------------------


def test_the_map_is_a_marked_placeholder_of_25_connected_cities():
    board = dicetrip.default_board()
    assert dicetrip_map.PLACEHOLDER and board.placeholder and "laceholder" in board.notice
    assert board.size == 25 and len(board.roads) == 37
    degrees = [len(cities) for cities in board.neighbours]
    assert min(degrees) == 2 and max(degrees) == 5 and sum(degrees) == 74
    seen = [0]
    for city in seen:
        for other in board.neighbours[city]:
            if other not in seen:
                seen.append(other)
    assert len(seen) == 25
    for colour in range(4):
        assert board.rings.count(colour) == 2
    assert board.rings.count(-1) == 17
    assert board.names[BASTOGNE] == "Bastogne" and board.rings[BASTOGNE] == RED
    assert len(set(board.names)) == 25
    for x, y in board.xy:
        assert type(x) is int and type(y) is int and 0 <= x <= 1000 and 0 <= y <= 1000


def test_a_bad_map_is_refused():
    for roads, rings in (([(0, 5)], None), ([(0, 0)], None), ([(0, 1), (1, 0)], None)):
        try:
            hand_board(3, roads, rings)
        except ValueError:
            pass
        else:
            raise AssertionError("map accepted: %r" % (roads,))
    try:
        hand_board(3, [(0, 1)], {1: "purple"})
    except ValueError as exc:
        assert "purple" in str(exc)
    else:
        raise AssertionError("unknown ring colour accepted")


def test_tables():
    assert data.DICE_COLOURS == ("red", "yellow", "green", "blue")
    assert data.ROUNDS == 13
    assert (data.NUMBERS_PER_ROUND * (data.ROUNDS - 1) + data.LAST_ROUND_NUMBERS) == 25
    assert (data.TICK_POINTS, data.CROSS_POINTS, data.ROUTE_POINTS_PER_CITY) == (1, -1, 1)


def test_parameters_are_checked_and_completed():
    params = dicetrip.make_params({})
    assert params["players"] == 1 and params["bots"] == [] and params["mode"] == "play"
    assert params["chains"] == "off" and params["first"] == 0
    assert params["strengths"] == ["careful"] and params["hints"] is True
    assert dicetrip.make_params({"hints": False})["hints"] is False
    bad = (
        ({"players": 0}, "players"),
        ({"players": 5}, "players"),
        ({"mode": "paper"}, "mode"),
        ({"chains": True}, "chains"),
        ({"players": 2, "first": 2}, "first roller"),
        ({"first": True}, "first roller"),
        ({"strength": "wild"}, "strength"),
        ({"players": 2, "strengths": ["careful"]}, "strength"),
        ({"players": 2, "bots": 1, "mode": "dice"}, "no bots"),
        ({"hints": "on"}, "hints"),
        ({"hints": 1}, "hints"),
    )
    for options, words in bad:
        try:
            dicetrip.make_params(options)
        except IllegalAction as exc:
            assert words in exc.reason, (options, exc.reason)
        else:
            raise AssertionError("accepted %r" % (options,))


# --- the shared roll and the reroll power -----------------------------------------------------


def test_a_round_starts_with_four_dice_in_colour_order_then_the_rollers_choice():
    state = new(2)
    assert state.actors() == [CHANCE] and state.roller() == 0 and state.turn_seat() == 0
    assert [a for a, _w in state.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    roll(state, [6, 2, 3])
    assert state.dice == [6, 2, 3, 0] and state.to_roll == [BLUE]
    roll(state, [1])
    assert state.actors() == [0] and state.legal_actions(1) == []
    assert state.legal_actions(0) == [KEEP] + list(range(81, 96))
    assert state.powers(0) == ["reroll"] and state.powers(1) == []
    state.apply(0, KEEP)
    assert state.actors() == [0, 1] and state.placements_left(1) == 2
    assert state.chance_outcomes() == []


def test_the_rollers_reroll_is_for_everybody_and_once_per_game():
    state = new(2)
    roll(state, [1, 2, 3, 4])
    refused(state, 1, reroll_action([RED]), "not P2's turn")
    state.apply(0, reroll_action([RED, GREEN]))
    assert state.rerolled == [1, 0] and state.dice == [0, 2, 0, 4] and state.to_roll == [0, 2]
    assert state.actors() == [CHANCE] and state.turn_seat() == 0
    roll(state, [6, 5])
    # The power was this round's choice: everyone writes the new dice at once.
    assert state.dice == [6, 2, 5, 4] and state.actors() == [0, 1]
    refused(state, 0, KEEP, "the dice are kept")
    refused(state, 0, reroll_action([BLUE]), "the dice are kept")
    for seat in (0, 1):
        write(state, seat, RED, YELLOW, OOSTENDE)
        write(state, seat, GREEN, BLUE, BRUGGE)
    # Round 2: seat 1 rolls and still has the power.
    roll(state, [1, 1, 1, 1])
    assert state.roller() == 1 and state.actors() == [1] and "reroll" in state.powers(1)
    refused(state, 0, KEEP, "not P1's turn")
    state.apply(1, KEEP)
    cross_placements = {0: [2, 3], 1: [2, 3]}
    for seat, cities in cross_placements.items():
        for city in cities:
            cross(state, seat, city)
    # Round 3: seat 0 has used its power, so the roll goes straight to the sheets.
    roll(state, [3, 3, 3, 3])
    assert state.roller() == 0 and state.actors() == [0, 1] and state.powers(0) == ["twice"]
    assert state.rerolled == [1, 0]


def test_rerolling_every_die_lands_them_in_colour_order():
    state = new(1)
    roll(state, [1, 2, 3, 4])
    state.apply(0, reroll_action([BLUE, RED, YELLOW, GREEN]))
    assert state.to_roll == [0, 1, 2, 3] and state.action_to_string(CHANCE, 5).startswith(
        "the red die"
    )
    roll(state, [6, 5, 4, 3])
    assert state.dice == [6, 5, 4, 3] and state.actors() == [0]


def test_the_roller_rotates_from_the_first_seat_and_a_solo_player_always_rolls():
    state = new(3, first=2)
    rollers = []
    for _ in range(4):
        rollers.append(state.roller())
        cross_rounds(state, 1)
    assert rollers == [2, 0, 1, 2]
    solo = new(1)
    for _ in range(3):
        assert solo.roller() == 0
        cross_rounds(solo, 1)


# --- number formation -------------------------------------------------------------------------


def test_four_different_faces_give_twelve_numbers_in_both_digit_orders():
    state = new()
    roll_and_keep(state, [1, 2, 3, 4])
    assert _numbers(state) == [12, 13, 14, 21, 23, 24, 31, 32, 34, 41, 42, 43]
    for _number, tens, units, twice in state.number_options(0):
        assert tens != units and not twice
    assert len(state.legal_actions(0)) == 25 + 12 * 25
    legal = state.legal_actions(0)
    assert legal == sorted(legal) and len(set(legal)) == len(legal)


def test_a_pair_of_equal_faces_is_listed_once():
    state = new()
    roll_and_keep(state, [3, 3, 5, 6])
    options = state.number_options(0)
    assert _numbers(state) == [33, 35, 35, 36, 36, 53, 53, 56, 63, 63, 65]
    assert (33, RED, YELLOW, False) in options
    # Both digit orders of the pair stay legal moves: they write the same 33.
    legal = state.legal_actions(0)
    assert write_action(RED, YELLOW, 7) in legal and write_action(YELLOW, RED, 7) in legal


def test_two_pairs_three_and_four_of_a_kind():
    cases = (
        ([2, 5, 2, 5], [22, 25, 25, 25, 25, 52, 52, 52, 52, 55]),
        ([1, 1, 1, 6], [11, 11, 11, 16, 16, 16, 61, 61, 61]),
        ([4, 4, 4, 4], [44, 44, 44, 44, 44, 44]),
    )
    for dice, numbers in cases:
        state = new()
        roll_and_keep(state, dice)
        assert _numbers(state) == numbers, (dice, _numbers(state))


def test_four_of_a_kind_makes_one_number_so_the_second_placement_is_a_cross():
    state = new()
    roll_and_keep(state, [4, 4, 4, 4])
    write(state, 0, RED, YELLOW, GENT)
    assert state.ticks[0][GENT] == 1  # a double
    assert state.number_options(0) == [] and state.powers(0) == []
    assert state.legal_actions(0) == [cross_action(city) for city in state.cross_options(0)]
    refused(state, 0, write_action(GREEN, BLUE, BRUGGE), "44 is already on your sheet")
    cross(state, 0, BRUGGE)
    assert state.round == 1


def test_the_second_number_takes_the_two_other_dice():
    state = new()
    roll_and_keep(state, [1, 2, 3, 4])
    write(state, 0, RED, YELLOW, OOSTENDE)
    plain = [option[0] for option in state.number_options(0) if not option[3]]
    twice = [option[0] for option in state.number_options(0) if option[3]]
    assert plain == [34, 43]
    assert twice == [13, 14, 23, 24, 31, 32, 41, 42]
    assert state.powers(0) == ["twice"]
    refused(state, 0, write_action(YELLOW, RED, BRUGGE), "the red and yellow dice already made 12")
    refused(state, 0, write_action(GREEN, GREEN, BRUGGE), "two different dice")
    write(state, 0, BLUE, GREEN, BRUGGE)
    assert state.values[0][:2] == [12, 43] and state.twice == [0]


def test_a_number_goes_on_a_sheet_once_but_other_sheets_may_repeat_it():
    state = new(2)
    fill_round(
        state,
        [1, 2, 3, 4],
        {
            0: [(RED, YELLOW, OOSTENDE), (GREEN, BLUE, BRUGGE)],
            1: [(RED, YELLOW, OOSTENDE), (BLUE, GREEN, BRUGGE)],
        },
    )
    roll(state, [1, 2, 5, 6])
    state.apply(1, KEEP)
    refused(state, 0, write_action(RED, YELLOW, IEPER), "12 is already on your sheet")
    assert 12 not in _numbers(state) and 21 in _numbers(state)
    write(state, 0, YELLOW, RED, IEPER)
    # The same number twice in one round: the second is refused.
    state = new()
    roll_and_keep(state, [3, 4, 3, 4])
    write(state, 0, RED, YELLOW, OOSTENDE)
    refused(state, 0, write_action(GREEN, BLUE, BRUGGE), "34 is already on your sheet")
    write(state, 0, BLUE, GREEN, BRUGGE)
    assert state.values[0][:2] == [34, 43]


# --- the use-a-die-twice power ----------------------------------------------------------------


def test_use_a_die_twice_ignores_one_die_and_works_once_per_game():
    state = new()
    roll_and_keep(state, [1, 2, 3, 4])
    write(state, 0, RED, YELLOW, OOSTENDE)
    write(state, 0, GREEN, RED, BRUGGE)  # red again, blue ignored
    assert state.values[0][:2] == [12, 31] and state.twice == [1]
    roll_and_keep(state, [5, 6, 1, 2])
    assert state.powers(0) == []
    write(state, 0, RED, YELLOW, IEPER)
    assert [option for option in state.number_options(0) if option[3]] == []
    refused(state, 0, write_action(RED, GREEN, KORTRIJK), "power is spent")


def test_use_a_die_twice_never_makes_a_double():
    # A double first: its dice cannot be reused.
    state = new()
    roll_and_keep(state, [3, 3, 5, 6])
    write(state, 0, RED, YELLOW, OOSTENDE)
    assert state.powers(0) == [] and [o for o in state.number_options(0) if o[3]] == []
    refused(state, 0, write_action(RED, GREEN, BRUGGE), "never makes a double")
    # A double second: refused too, even from a different die of the same face.
    state = new()
    roll_and_keep(state, [3, 5, 3, 6])
    write(state, 0, RED, YELLOW, OOSTENDE)
    refused(state, 0, write_action(RED, GREEN, BRUGGE), "never makes a double")
    assert 33 not in _numbers(state)
    twice = [option[:3] for option in state.number_options(0) if option[3]]
    assert (33, RED, GREEN) not in twice and (36, RED, BLUE) in twice
    write(state, 0, RED, BLUE, BRUGGE)
    assert state.twice == [1] and state.values[0][:2] == [35, 36]


def test_the_reused_dies_colour_earns_a_tick_for_both_numbers():
    state = new()
    roll_and_keep(state, [1, 2, 3, 4])
    assert state.earns_tick(RED, YELLOW, BRUSSEL) and not state.earns_tick(GREEN, BLUE, BRUSSEL)
    write(state, 0, RED, YELLOW, BRUSSEL)  # 12 in a red ring
    assert (BASTOGNE, True) in state.city_options(0, GREEN, RED)
    write(state, 0, GREEN, RED, BASTOGNE)  # 31 in the other red ring
    assert state.ticks[0][BRUSSEL] == state.ticks[0][BASTOGNE] == 1
    assert state.breakdown(0)[0] == ("Bonus cities", 2)


def test_a_tick_somewhere_is_earns_tick_in_some_empty_city():
    # The number list's ticks ask once per list; the answer is earns_tick's for every pair of
    # dice, doubles included, as the sheet fills up, down to no empty city at all.
    state = new()
    roll_and_keep(state, [1, 2, 3, 4])
    checked = 0
    for faces in ([1, 2, 3, 4], [5, 5, 2, 6], [6, 1, 6, 1]):
        state.dice[:] = faces
        state.values[0][:] = [EMPTY] * len(state.values[0])
        for _ in range(40):
            empty = state.cross_options(0)
            rings = state.empty_rings(0)
            for tens in range(4):
                for units in range(4):
                    somewhere = state.earns_tick_somewhere(tens, units, rings, empty)
                    each = [state.earns_tick(tens, units, city) for city in empty]
                    assert somewhere == (True in each), (faces, tens, units, empty)
                    checked += 1
            if not empty:
                break
            state.values[0][empty[0]] = CROSSED  # the next check with one city fewer
    assert checked > 16 * 25


# --- ticks, crosses, the last round -----------------------------------------------------------


def test_bonus_ticks_for_doubles_and_ring_colours_never_two_for_one_city():
    state = new()
    roll_and_keep(state, [2, 2, 5, 6])
    write(state, 0, RED, YELLOW, BRUSSEL)  # 22: a double in the red ring, still one tick
    write(state, 0, GREEN, BLUE, ANTWERPEN)  # 56: the blue die in the blue ring
    roll_and_keep(state, [1, 3, 4, 5])
    assert (GENT, False) in state.city_options(0, RED, YELLOW)
    write(state, 0, RED, YELLOW, GENT)  # 13: green ring, red and yellow dice
    write(state, 0, GREEN, BLUE, OOSTENDE)  # 45: no ring
    ticks = state.ticks[0]
    assert ticks[BRUSSEL] == ticks[ANTWERPEN] == 1 and ticks[GENT] == ticks[OOSTENDE] == 0
    assert sum(ticks) == 2 and state.breakdown(0)[0] == ("Bonus cities", 2)


def test_crossing_costs_a_point_closes_the_city_and_is_always_allowed():
    state = new()
    roll_and_keep(state, [1, 2, 3, 4])
    assert cross_action(GENT) in state.legal_actions(0)
    cross(state, 0, GENT)
    assert state.values[0][GENT] == CROSSED
    # After a cross any two dice may make the number: the cross stood for the other pair.
    assert _numbers(state) == [12, 13, 14, 21, 23, 24, 31, 32, 34, 41, 42, 43]
    refused(state, 0, write_action(RED, YELLOW, GENT), "Gent is crossed out")
    write(state, 0, RED, BLUE, BRUGGE)
    roll_and_keep(state, [1, 2, 3, 5])
    refused(state, 0, cross_action(BRUGGE), "Brugge already holds 14")
    refused(state, 0, cross_action(GENT), "crossed out")
    assert GENT not in state.cross_options(0) and state.city_options(0, RED, YELLOW)[0][0] == 0
    assert state.breakdown(0)[1] == ("Crossed cities", -1)


def test_the_last_round_takes_one_number_from_any_two_dice_without_the_twice_power():
    state = new(2)
    cross_rounds(state, 12)
    assert state.round == 12 and state.numbers_this_round() == 1
    assert len(state.cross_options(0)) == 1
    roll_and_keep(state, [1, 2, 3, 4])
    assert state.placements_left(0) == 1 and state.powers(0) == []
    assert _numbers(state) == [12, 13, 14, 21, 23, 24, 31, 32, 34, 41, 42, 43]
    last = state.cross_options(0)[0]
    write(state, 0, BLUE, RED, last)
    assert not state.is_terminal() and state.actors() == [1]
    cross(state, 1, last)
    assert state.is_terminal() and state.actors() == [] and state.round == data.ROUNDS
    assert EMPTY not in state.values[0] and state.values[0].count(CROSSED) == 24
    assert state.scores() == [-24 + 1, -25]
    refused(state, 0, KEEP, "over")


# --- routes and chains ------------------------------------------------------------------------


def test_a_route_rises_strictly_along_roads():
    board = hand_board(5, line_roads([0, 1, 2, 3, 4]))
    assert route.longest_route(board.neighbours, [11, 23, 35, 42, 56]) == [0, 1, 2, 3, 4]
    assert route.longest_route(board.neighbours, [56, 42, 35, 23, 11]) == [4, 3, 2, 1, 0]
    assert route.longest_route(board.neighbours, [11, 23, 12, 42, 56]) == [2, 3, 4]
    assert route.longest_route(board.neighbours, [EMPTY] * 5) == []
    assert route.longest_route(board.neighbours, [EMPTY, 21, EMPTY, EMPTY, EMPTY]) == [1]


def test_crossed_and_empty_cities_break_a_route():
    board = hand_board(5, line_roads([0, 1, 2, 3, 4]))
    assert route.longest_route(board.neighbours, [11, 23, CROSSED, 42, 56]) == [0, 1]
    assert route.longest_route(board.neighbours, [11, EMPTY, 35, 42, 56]) == [2, 3, 4]
    # A detour around the crossed city keeps the route going.
    board = hand_board(6, line_roads([0, 1, 2, 3, 4]) + [(1, 5), (5, 3)])
    values = [11, 23, CROSSED, 42, 56, 31]
    assert route.longest_route(board.neighbours, values) == [0, 1, 5, 3, 4]


def test_route_ties_take_the_lowest_top_then_the_lowest_city_on_the_way():
    # A diamond: 0 - 1 - 3 and 0 - 2 - 3, both ways equally long.
    board = hand_board(4, [(0, 1), (0, 2), (1, 3), (2, 3)])
    assert route.longest_route(board.neighbours, [11, 22, 21, 33]) == [0, 1, 3]
    # Two separate routes of three: the one with the lower top wins.
    board = hand_board(6, line_roads([0, 1, 2]) + line_roads([3, 4, 5]))
    assert route.longest_route(board.neighbours, [31, 32, 45, 11, 12, 44]) == [3, 4, 5]
    # A cycle: the route never wraps from 44 back to 11.
    board = hand_board(4, line_roads([0, 1, 2, 3]) + [(3, 0)])
    assert route.longest_route(board.neighbours, [11, 22, 33, 44]) == [0, 1, 2, 3]


def test_ascending_lengths_from_both_ends():
    board = hand_board(5, line_roads([0, 1, 2, 3, 4]))
    ending, starting = route.ascending_lengths(board.neighbours, [11, 23, CROSSED, 42, 36])
    assert ending == [1, 2, 0, 2, 1] and starting == [2, 1, 0, 1, 2]


def test_route_points_on_the_sheet():
    state = new()
    # Oostende - Ieper - Kortrijk - Gent - Sint-Niklaas, rising, and one crossed city.
    fill_round(state, [1, 2, 3, 4], {0: [(RED, YELLOW, OOSTENDE), (GREEN, BLUE, IEPER)]})
    fill_round(state, [4, 5, 5, 6], {0: [(RED, YELLOW, KORTRIJK), (GREEN, BLUE, GENT)]})
    fill_round(state, [6, 1, 2, 3], {0: [(RED, YELLOW, SINT_NIKLAAS), BRUGGE]})
    assert state.values[0][:6] == [12, CROSSED, 34, 45, 56, 61]
    assert state.longest_route(0) == [OOSTENDE, IEPER, KORTRIJK, GENT, SINT_NIKLAAS]
    # Ticks: Gent (green ring) took the green die.
    assert state.breakdown(0) == [
        ("Bonus cities", 1),
        ("Crossed cities", -1),
        ("Longest route", 5),
    ]
    assert state.scores() == [5]


def test_successor_runs_through_the_36_numbers():
    numbers = [11]
    while route.successor(numbers[-1]):
        numbers.append(route.successor(numbers[-1]))
    assert len(numbers) == 36 and numbers[5:7] == [16, 21] and numbers[-1] == 66


def test_chains_of_successive_numbers():
    board = hand_board(6, line_roads([0, 1, 2, 3]) + [(3, 4), (4, 5)])
    values = [15, 16, 21, 33, 35, 44]
    assert route.chains(board.neighbours, values) == [[0, 1, 2]]
    assert route.chains(board.neighbours, [15, 16, 21, 33, 35, 34]) == [[0, 1, 2], [5, 4]]
    values = [15, 16, 21, 33, 34, 35]
    assert route.chains(board.neighbours, values) == [[0, 1, 2], [3, 4, 5]]
    assert route.chains(board.neighbours, values, 4) == []
    assert route.chains(board.neighbours, [15, CROSSED, 16, EMPTY, 11, 12]) == [[4, 5]]


def test_chains_score_only_when_switched_on():
    for chains, labels, total in (("off", 3, 2), ("on", 4, 3)):
        state = new(chains=chains)
        # 15 in Oostende, 16 in Ieper: a route of two and a chain of two (one link).
        fill_round(state, [1, 5, 1, 6], {0: [(RED, YELLOW, OOSTENDE), (GREEN, BLUE, IEPER)]})
        breakdown = state.breakdown(0)
        assert len(breakdown) == labels and state.scores() == [total]
        if chains == "on":
            assert breakdown[3] == ("Chains", 1)


# --- scores and winners -----------------------------------------------------------------------


def test_tie_break_fewer_crosses_then_the_longer_route_then_shared():
    assert route.tie_break([(10, 2, 5), (12, 4, 3)]) == [1]
    assert route.tie_break([(10, 2, 5), (10, 1, 3)]) == [1]
    assert route.tie_break([(10, 1, 5), (10, 1, 6), (9, 0, 9)]) == [1]
    assert route.tie_break([(10, 1, 5), (8, 0, 2), (10, 1, 5)]) == [0, 2]


def test_winners_on_the_sheets():
    state = new(3)
    fill_round(
        state,
        [2, 2, 3, 4],
        {
            0: [(GREEN, BLUE, OOSTENDE), (RED, YELLOW, IEPER)],  # 34, 22: tick + route 2
            1: [(RED, YELLOW, BRUGGE), GENT],  # 22: tick, route 1, one cross
            2: [(RED, GREEN, BRUSSEL), (YELLOW, BLUE, WATERLOO)],  # 23 red ring, 24: route 2
        },
    )
    assert state.scores() == [3, 1, 3]
    assert state.winners() == [0, 2]


# --- dice-only mode ---------------------------------------------------------------------------


def test_dice_only_mode_rolls_13_rounds_for_paper_sheets():
    state = new(2, mode="dice")
    roll(state, [1, 2, 3, 4])
    assert state.actors() == [0] and state.legal_actions(0) == [NEXT] + list(range(81, 96))
    assert state.number_options(0) == [] and state.placements_left(0) == 0
    state.apply(0, NEXT)
    assert state.round == 1 and state.actors() == [CHANCE] and state.roller() == 1
    roll(state, [1, 2, 3, 4])
    state.apply(1, reroll_action([BLUE]))
    roll(state, [6])
    assert state.dice == [1, 2, 3, 6] and state.legal_actions(1) == [NEXT]
    refused(state, 1, reroll_action([RED]), "used the reroll power")
    refused(state, 0, NEXT, "not P1's turn")
    state.apply(1, NEXT)
    while not state.is_terminal():
        roll(state, [5, 5, 5, 5])
        state.apply(state.roller(), NEXT)
    assert state.round == 13 and state.scores() == [0, 0]
    assert state.breakdown(0) == [] and state.winners() == []


# --- refusals, words, journal -----------------------------------------------------------------


def test_moves_out_of_turn_or_malformed_are_refused():
    state = new(2)
    refused(state, 0, KEEP, "not P1's turn")
    refused(state, CHANCE, 7, "not a possible roll")
    refused(state, CHANCE, 0, "not a possible roll")
    roll(state, [1, 2, 3, 4])
    refused(state, 0, write_action(RED, YELLOW, 0), "keep the roll")
    refused(state, 1, KEEP, "not P2's turn")
    refused(state, 0, True, "not a Dice Trip move")
    state.apply(0, KEEP)
    refused(state, CHANCE, 3, "not")
    for action, words in (
        (True, "not a Dice Trip move"),
        ("1203", "not a Dice Trip move"),
        (None, "not a Dice Trip move"),
        (1203.0, "not a Dice Trip move"),
        (5000, "not a Dice Trip move"),
        (1299, "not a Dice Trip move"),
        (1525, "not a Dice Trip move"),
        (125, "not a Dice Trip move"),
        (99, "not a Dice Trip move"),
        (-1, "not a Dice Trip move"),
        (1100, "two different dice"),
        (KEEP, "the dice are kept"),
        (NEXT, "the dice are kept"),
    ):
        refused(state, 0, action, words)
    write(state, 0, RED, YELLOW, 0)
    write(state, 0, GREEN, BLUE, 1)
    refused(state, 0, cross_action(5), "P1 has written this round's numbers")
    refused(state, 7, cross_action(5), "not")


def test_action_words():
    state = new(2)
    roll(state, [1, 2, 3, 4])
    assert state.action_to_string(0, KEEP) == "keep the dice"
    assert state.action_to_string(0, reroll_action([RED, BLUE])) == "reroll red, blue"
    assert state.action_to_string(0, write_action(BLUE, RED, BRUSSEL)) == (
        "write 41 (blue, red) in Brussel"
    )
    assert state.action_to_string(0, cross_action(GENT)) == "cross out Gent"
    assert state.action_to_string(0, NEXT) == "next round"
    assert dicetrip.write_parts(write_action(GREEN, YELLOW, 24)) == (GREEN, YELLOW, 24)
    assert dicetrip.write_parts(1500) is None and dicetrip.write_parts(999) is None
    assert write_action(RED, YELLOW, 3) == 1203 and cross_action(3) == 103
    assert reroll_action([RED, GREEN]) == 85 and dicetrip.reroll_dice(85) == [RED, GREEN]
    assert "round 1/13" in str(state)


def test_a_journal_replays_to_the_same_state():
    lines = []
    session = Session.start(load("dicetrip"), {"players": 2, "chains": "on"}, 11, lines.append)
    session.roll()
    while session.actors() == [CHANCE]:
        session.roll()
    session.apply(0, KEEP)
    for seat in (0, 1):
        option = session.state.number_options(seat)[0]
        session.apply(seat, write_action(option[1], option[2], 3 + seat))
        session.apply(seat, cross_action(10))
    assert session.state.round == 1 and len(lines) == 1 + 4 + 1 + 4

    def only_dicetrip(game_id):
        assert game_id == "dicetrip"
        return load(game_id)

    resumed, report = Session.resume(lines, only_dicetrip)
    assert report.applied == 9 and report.dropped == 0
    assert resumed.state.to_data() == session.state.to_data()
