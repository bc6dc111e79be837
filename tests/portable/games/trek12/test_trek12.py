"""Trek 12 rules: maps, the two rulebook examples, rope links, ticks, adjacency, orphans, the
shared roll and refusals."""

from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.games.trek12 import bot as trek12_bot
from dicetable.games.trek12 import maps as trek12_maps
from dicetable.games.trek12 import rules as trek12
from dicetable.games.trek12.maps import Board
from dicetable.games.trek12.rules import DIFF, HIGH, LOW, NO_LINK, PROD, SUM
from dicetable.games.trek12.score import EMPTY, SAD, bonus

from trek12_helpers import (
    graph_data,
    graph_state,
    line_edges,
    new,
    options,
    place,
    roll,
    run_bots,
    spend,
    write,
)


def _refused(state, seat, action, words=""):
    before = state.to_data()
    history = list(state.history)
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        if words not in exc.reason:
            raise AssertionError("reason %r lacks %r" % (exc.reason, words))
        if state.explain_illegal(seat, action) != exc.reason and seat != CHANCE:
            if seat in state.actors():
                raise AssertionError("explain_illegal disagrees with apply")
    else:
        raise AssertionError("accepted %r" % ((seat, action),))
    assert state.to_data() == before
    assert state.history == history


def _map_error(data):
    try:
        Board(data)
    except ValueError as exc:
        return str(exc)
    raise AssertionError("map accepted")


# --- maps -------------------------------------------------------------------------------------
def test_base_maps_match_reference_a9():
    expected = {
        "dunai": (32, (), 65),
        "kagkot": (27, (3, 4, 10, 15), 70),
        "dhaulagiri": (23, (0, 4, 7, 10, 11, 16), 75),
    }
    for map_id in ("dunai", "kagkot", "dhaulagiri"):
        board = trek12_maps.load(map_id)
        edges, dangerous, summit = expected[map_id]
        assert board.id == map_id and board.size == 19 and board.summit == summit
        assert sum(len(row) for row in board.neighbours) == 2 * edges
        assert board.dangerous == dangerous
        assert board.limits == (4, 4, 4, 4, 4)
        for circle in range(19):
            assert board.caps[circle] == (6 if circle in dangerous else 12)
            assert list(board.neighbours[circle]) == sorted(board.neighbours[circle])
            for other in board.neighbours[circle]:
                assert circle in board.neighbours[other]
    assert trek12_maps.load("dunai").xy[0] == (-276, -154)
    assert trek12_maps.load("dhaulagiri").neighbours[0] == (1,)
    assert 17 not in trek12_maps.load("dhaulagiri").neighbours[11]


def test_loader_refuses_bad_sheets():
    data = graph_data(3, [(0, 1), (1, 2)])
    data["adjacency"]["0"] = [1, 2]
    assert "one way" in _map_error(data)
    data = graph_data(3, [(0, 1)])
    assert "cannot be reached" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    data["adjacency"]["1"].append(1)
    assert "own neighbour" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    data["adjacency"]["0"].append(1)
    assert "twice" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    data["adjacency"]["2"].append(5)
    assert "does not exist" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    data["circles"][1]["id"] = 2
    assert "out of order" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    data["circles"][1]["cap"] = 13
    assert "cap" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    data["circles"][1]["xy"] = [0.5, 1]
    assert "xy" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    del data["adjacency"]["2"]
    assert "adjacency" in _map_error(data)
    data = graph_data(30, line_edges(list(range(30))), limit=4)
    assert "ticks cannot fill" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    data["opLimits"]["SUM"] = True
    assert "SUM" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    data["summit"] = "high"
    assert "summit is missing or of the wrong type" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    data["prelinked"] = [[0, 2]]
    assert "pre-linked 0-2 are not neighbours" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    data["circles"][0]["tags"] = ["lava"]
    assert "unknown tag" in _map_error(data)
    data = graph_data(3, [(0, 1), (1, 2)])
    data["rules"]["linkRule"] = "optional"
    assert "mandatory" in _map_error(data)
    try:
        trek12_maps.load("everest")
    except ValueError as exc:
        assert "everest" in str(exc)
    else:
        raise AssertionError("unknown map loaded")


def test_params_refuse_unknown_maps_and_player_counts():
    refused = (
        {"map": "everest"},
        {"players": 0},
        {"players": 7},
        {"mode": "paper"},
        {"mode": "dice", "bots": 1},
        {"hints": "yes"},
    )
    for options_ in refused:
        try:
            trek12.make_params(options_)
        except IllegalAction as exc:
            assert exc.reason
        else:
            raise AssertionError("accepted %r" % (options_,))
    params = trek12.make_params({"players": 2, "bots": 1, "map": "kagkot"})
    assert params == {
        "players": 2,
        "bots": [1],
        "names": ["P1", "Bot2"],
        "map": "kagkot",
        "mode": "sheets",
        "hints": True,
    }


def test_dice_only_mode_rolls_each_round_and_waits_for_next():
    state = trek12.new_state(trek12.make_params({"players": 1, "mode": "dice", "map": "zen"}))
    assert state.actors() == [CHANCE]
    for round_index in range(state.rounds):
        assert state.round == round_index
        state.apply(CHANCE, trek12.roll_action(1 + round_index % 6, round_index % 6))
        assert state.actors() == [0] and state.legal_actions(0) == [trek12.NEXT]
        try:
            state.apply(0, trek12.encode(4, 0))
        except IllegalAction as exc:
            assert "next" in exc.reason
        else:
            raise AssertionError("a placement was accepted in dice-only mode")
        assert state.action_to_string(0, trek12.NEXT) == "next roll"
        assert trek12_bot.hint(state, 0) == trek12.NEXT
        state.apply(0, trek12.NEXT)
    assert state.is_terminal() and state.round == state.board.size == 20
    assert state.scores() == [0]


# --- dice -------------------------------------------------------------------------------------
def test_rolls_and_results_match_reference_a2():
    state = new()
    outcomes = state.chance_outcomes()
    rolls = [action for action, _weight in outcomes]
    assert len(rolls) == 36 and rolls == sorted(rolls) and rolls[0] == 10 and rolls[-1] == 65
    assert [weight for _action, weight in outcomes] == [1] * 36
    over = 0
    vectors = []
    for action in rolls:
        red, yellow = trek12.roll_dice(action)
        numbers = trek12.results(action)
        assert numbers == (min(red, yellow), max(red, yellow), abs(red - yellow), red + yellow,
                           red * yellow)  # fmt: skip
        if numbers[PROD - 1] > 12:
            over += 1
        if sorted(numbers) not in vectors:
            vectors.append(sorted(numbers))
    assert over == 9
    assert trek12.results(trek12.roll_action(3, 3))[DIFF - 1] == 0
    assert trek12.encode(SUM, 13, 10, NO_LINK) == 4131099
    assert trek12.decode(4131099) == (SUM, 13, 10, NO_LINK)


def test_bonus_table_of_reference_a7():
    assert [bonus(size) for size in range(13)] == [0, 0, 0, 1, 3, 6, 10, 15, 20, 25, 30, 35, 40]


# --- the rulebook examples (reference A10) ----------------------------------------------------
def test_french_rulebook_example_on_kagkot_scores_88():
    state = new("kagkot")
    steps = [
        (13, 7, SUM, NO_LINK, NO_LINK), (10, 6, None, NO_LINK, 13), (11, 5, None, NO_LINK, 10),
        (14, 4, None, NO_LINK, 11), (15, 3, None, NO_LINK, 14), (17, 2, None, NO_LINK, 15),
        (16, 1, None, NO_LINK, 17), (18, 0, None, NO_LINK, 16), (6, 6, None, NO_LINK, NO_LINK),
        (4, 6, None, NO_LINK, NO_LINK), (8, 11, SUM, NO_LINK, NO_LINK), (7, 12, PROD, 8, NO_LINK),
        (9, 12, PROD, NO_LINK, NO_LINK), (12, 11, SUM, NO_LINK, 9), (0, 1, None, NO_LINK, NO_LINK),
        (1, 2, None, 0, NO_LINK), (3, 3, None, 1, NO_LINK), (2, 3, None, NO_LINK, NO_LINK),
        (5, 7, SUM, NO_LINK, NO_LINK),
    ]  # fmt: skip
    for circle, value, op, down, up in steps:
        assert not state.is_terminal()
        write(state, circle, value, op, down, up)
    assert state.is_terminal() and state.actors() == [] and state.round == 19
    score = state.score(0)
    assert sorted(points for _path, points in score.paths) == [5, 13, 13, 14]
    assert [18, 16, 17, 15, 14, 11, 10, 13] in [path for path, _points in score.paths]
    assert score.longest == 8 and score.path_bonus == 20
    assert sorted(points for _zone, points in score.zones) == [4, 8, 13]
    assert ([4, 6, 10], 8) in score.zones
    assert score.largest == 3 and score.zone_bonus == 1
    assert score.orphans == [5] and score.sad == []
    assert score.total == 88 and state.scores() == [88] and state.winners() == [0]
    items = state.breakdown(0)
    assert sum(points for _label, points in items) == 88
    assert ("Path 0-7", 14) in items and ("Zone 6 x3", 8) in items
    assert ("Longest path (8)", 20) in items and ("Orphans x1", -3) in items


def test_english_rulebook_example_scores_76():
    # Own graph: one line of 19 circles. 0..7 climb (8 circles), then 10-11-12, a touching 12-11,
    # 1-2 whose 2 starts a zone of three 2s, an orphan 9 and a product of 15 (a frown).
    # Difference has 3 ticks, so that only the product is left for the last circle: the 15 is
    # then a forced frown (with a spare low, high or difference tick it could not be chosen).
    state = graph_state(19, line_edges(list(range(19))), limits={"DIFF": 3})
    steps = [
        (0, 0, None, NO_LINK, NO_LINK), (1, 1, None, 0, NO_LINK), (2, 2, None, 1, NO_LINK),
        (3, 3, None, 2, NO_LINK), (4, 4, None, 3, NO_LINK), (5, 5, None, 4, NO_LINK),
        (6, 6, None, 5, NO_LINK), (7, 7, SUM, 6, NO_LINK), (8, 10, SUM, NO_LINK, NO_LINK),
        (9, 11, SUM, 8, NO_LINK), (10, 12, PROD, 9, NO_LINK), (11, 12, PROD, NO_LINK, NO_LINK),
        (12, 11, SUM, NO_LINK, 11), (13, 1, None, NO_LINK, NO_LINK), (14, 2, None, 13, NO_LINK),
        (15, 2, None, NO_LINK, NO_LINK), (16, 2, None, NO_LINK, NO_LINK),
        (17, 9, PROD, NO_LINK, NO_LINK), (18, 15, PROD, NO_LINK, NO_LINK),
    ]  # fmt: skip
    for circle, value, op, down, up in steps:
        write(state, circle, value, op, down, up)
    assert state.is_terminal()
    score = state.score(0)
    assert sorted(points for _path, points in score.paths) == [3, 13, 14, 14]
    assert score.path_bonus == 20
    assert sorted(points for _zone, points in score.zones) == [4, 13]
    assert score.zone_bonus == 1
    assert score.orphans == [17] and score.sad == [18]
    assert state.values[0][18] == SAD
    assert score.total == 76
    assert sum(points for _label, points in state.breakdown(0)) == 76


# --- rope links -------------------------------------------------------------------------------
def test_merge_joins_two_paths_and_is_mandatory():
    # A ring 0-1-2-3-4-0: 2-3 in circles 0-1, 5-6 in circles 3-4, then 4 in circle 2 between.
    state = graph_state(5, line_edges([0, 1, 2, 3, 4, 0]))
    write(state, 1, 3)
    write(state, 0, 2, None, NO_LINK, 1)
    write(state, 4, 6, HIGH)
    write(state, 3, 5, HIGH, NO_LINK, 4)
    roll(state, 4, 0)
    assert options(state, 0, HIGH, 2) == [trek12.encode(HIGH, 2, 1, 3)]
    _refused(state, 0, trek12.encode(HIGH, 2, 1, NO_LINK), "must link up to circle 3")
    _refused(state, 0, trek12.encode(HIGH, 2, NO_LINK, 3), "must link down to circle 1")
    _refused(state, 0, trek12.encode(HIGH, 2, 1, 4), "must link up to circle 3")
    place(state, 0, HIGH, 2, 1, 3)
    score = state.score(0)
    assert score.paths == [([0, 1, 2, 3, 4], 10)]
    assert score.longest == 5 and score.path_bonus == 6 and score.total == 16


def test_equal_candidates_are_the_only_choice_and_paths_never_branch():
    # Two touching 6s (circles 1, 2) next to circle 0; circle 4 touches both 6s too.
    state = graph_state(5, [(0, 1), (0, 2), (1, 2), (0, 3), (1, 4), (2, 4)])
    write(state, 1, 6, HIGH)
    write(state, 2, 6, HIGH)
    roll(state, 5, 5)
    assert options(state, 0, HIGH, 0) == [
        trek12.encode(HIGH, 0, NO_LINK, 1),
        trek12.encode(HIGH, 0, NO_LINK, 2),
    ]
    _refused(state, 0, trek12.encode(HIGH, 0), "must link up to circle 1 or 2")
    place(state, 0, HIGH, 0, NO_LINK, 2)
    assert state.up[0][0] == 2 and state.down[0][2] == 0 and state.down[0][1] == -1
    # 6 in circle 2 already has its down-link: only circle 1 can take the next 5.
    roll(state, 5, 5)
    assert options(state, 0, LOW, 4) == [trek12.encode(LOW, 4, NO_LINK, 1)]
    place(state, 0, LOW, 4, NO_LINK, 1)
    score = state.score(0)
    assert score.paths == [([0, 2], 7), ([4, 1], 7)]
    # Circles 1 and 2 are in a path and in the zone of 6s at once; nothing is an orphan.
    assert score.zones == [([1, 2], 7)] and score.orphans == []
    assert score.total == 21


def test_zero_never_links_down_and_twelve_never_up():
    state = graph_state(4, line_edges([0, 1, 2, 3]))
    roll(state, 1, 0)
    # The first 0 is next to empty circles only: nothing to link (an empty circle is no -1).
    assert options(state, 0, LOW, 1) == [trek12.encode(LOW, 1)]
    place(state, 0, LOW, 1)
    write(state, 2, 1, None, 1)
    roll(state, 6, 2)
    assert options(state, 0, PROD, 3) == [trek12.encode(PROD, 3)]
    _refused(state, 0, trek12.encode(PROD, 3, 2), "nothing to link down")
    place(state, 0, PROD, 3)
    write(state, 0, 0)  # next to the other 0: a zone, never a link
    score = state.score(0)
    assert score.paths == [([1, 2], 2)] and score.zones == [([0, 1], 1)]
    assert score.orphans == [3]
    # 11 between a 12 and a 10: links both ways; 12 takes only a down-link.
    state = graph_state(3, line_edges([0, 1, 2]))
    write(state, 0, 12, PROD)
    write(state, 1, 11, SUM, NO_LINK, 0)
    write(state, 2, 10, SUM, NO_LINK, 1)
    assert state.score(0).paths == [([2, 1, 0], 14)]


def test_frown_never_links_and_counts_as_filled():
    # Every circle dangerous, only sum and product ticks: 8 and 15 fit nowhere, so the frown is
    # forced and the player picks its operation and circle. Its neighbours open all the same.
    edges = [(0, 1), (0, 2), (1, 2), (0, 3)]
    none = {"LOW": 0, "HIGH": 0, "DIFF": 0}
    state = graph_state(4, edges, dangerous=(0, 1, 2, 3), limits=dict(none, SUM=2, PROD=2))
    roll(state, 5, 3)
    assert state.legal_actions(0) == [trek12.encode(op, c) for op in (SUM, PROD) for c in range(4)]
    place(state, 0, PROD, 0)
    assert state.values[0][0] == SAD and state.open_circles(0) == [1, 2, 3]
    # A 7 in circle 0 between a 6 and an 8 is a frown, and a frown never links. The high tick
    # is spent on the 6, so the sum's 7 is forced into dangerous circle 0, the only open one.
    state = graph_state(4, edges, dangerous=(0,), limits=dict(none, HIGH=1, SUM=3, PROD=0))
    write(state, 1, 6, HIGH)
    write(state, 2, 8, SUM)
    roll(state, 4, 3)
    assert options(state, 0, SUM, 0) == [trek12.encode(SUM, 0)]
    _refused(state, 0, trek12.encode(SUM, 0, 1, 2), "a frown never links")
    _refused(state, 0, trek12.encode(SUM, 0, 1), "a frown never links")
    place(state, 0, SUM, 0)
    assert state.values[0] == [SAD, 6, 8, EMPTY]
    assert state.up[0][1] == -1 and state.down[0][2] == -1
    assert state.open_circles(0) == [3]
    write(state, 3, 7, SUM)
    assert state.is_terminal()
    score = state.score(0)
    assert score.sad == [0] and score.orphans == [1, 2, 3]
    assert score.total == -12
    assert state.breakdown(0)[-2:] == [("Over cap x1", -3), ("Orphans x3", -9)]


# --- a frown only when forced (DECISIONS.md, revised) ------------------------------------------
def test_a_too_high_result_is_refused_while_another_result_fits():
    # Dunai, first roll 5/5: low 5, high 5, difference 0 and sum 10 fit; the product 25 does not.
    state = new("dunai")
    roll(state, 5, 5)
    legal = state.legal_actions(0)
    assert len(legal) == 4 * 19 and PROD not in [trek12.decode(a)[0] for a in legal]
    reason = "25 is over circle 7's cap: a frown only when forced, and low 5 can go in circle 0"
    _refused(state, 0, trek12.encode(PROD, 7), reason)
    assert state.explain_illegal(0, trek12.encode(PROD, 7)) == reason
    place(state, 0, SUM, 7)
    assert state.values[0][7] == 10


def test_a_forced_frown_goes_where_the_player_chooses():
    # Low, high, difference and sum spent (16 rounds): 5/5 leaves only the product's 25, too
    # high for every circle. It may go in any open circle, and links nothing.
    state = new("dunai")
    spend(state, [[LOW] * 4 + [HIGH] * 4 + [DIFF] * 4 + [SUM] * 4])
    roll(state, 5, 5)
    circles = state.open_circles(0)
    assert len(circles) > 1
    assert state.legal_actions(0) == [trek12.encode(PROD, circle) for circle in circles]
    _refused(state, 0, trek12.encode(PROD, circles[-1], circles[0]), "a frown never links")
    place(state, 0, PROD, circles[-1])
    assert state.values[0][circles[-1]] == SAD and state.score(0).sad == [circles[-1]]


def test_a_frown_by_choice_in_a_dangerous_circle_is_refused():
    # Kagkot's circle 3 caps at 6: the sum's 9 goes there only when nothing fits anywhere.
    state = new("kagkot")
    roll(state, 5, 4)
    _refused(state, 0, trek12.encode(SUM, 3), "9 is over circle 3's cap: a frown only when forced")
    assert trek12.encode(SUM, 3) not in state.legal_actions(0)
    assert trek12.encode(SUM, 2) in state.legal_actions(0)


def test_circle_in_a_path_and_a_zone_scores_in_both():
    # 3-4 linked, and the 4 touches another 4: path 5 points, zone 5 points, no orphan.
    state = graph_state(3, line_edges([0, 1, 2]))
    write(state, 0, 3)
    write(state, 1, 4, None, 0)
    write(state, 2, 4)
    score = state.score(0)
    assert score.paths == [([0, 1], 5)] and score.zones == [([1, 2], 5)]
    assert score.orphans == [] and score.total == 10


# --- ticks, adjacency, orphans ----------------------------------------------------------------
def test_operation_ticks_run_out_at_the_map_limit():
    state = new("dunai")
    for circle in (0, 1, 2, 3):
        write(state, circle, 2, LOW)
    assert state.ticks[0] == [4, 0, 0, 0, 0]
    roll(state, 5, 4)
    legal = state.legal_actions(0)
    assert legal and [a for a in legal if trek12.decode(a)[0] == LOW] == []
    _refused(state, 0, trek12.encode(LOW, 6), "low is used up (4 ticks)")
    place(state, 0, HIGH, 6)
    assert state.ticks[0] == [4, 1, 0, 0, 0]


def test_first_placement_anywhere_then_next_to_a_filled_circle():
    state = new("dunai")
    roll(state, 2, 3)
    legal = state.legal_actions(0)
    assert legal == sorted(legal) and len(legal) == 5 * 19
    place(state, 0, SUM, 5)
    roll(state, 2, 3)
    assert state.open_circles(0) == [4]
    _refused(state, 0, trek12.encode(SUM, 0), "circle 0 is not next to a filled circle")
    _refused(state, 0, trek12.encode(LOW, 5), "circle 5 is already filled")
    place(state, 0, DIFF, 4)
    assert state.open_circles(0) == [3, 10, 12]


def test_orphans_are_counted_until_rescued():
    state = graph_state(4, line_edges([0, 1, 2, 3]))
    write(state, 0, 5)
    write(state, 1, 9, PROD)
    assert state.score(0).orphans == [0, 1] and state.scores() == [-6]
    write(state, 2, 9, PROD)
    assert state.score(0).orphans == [0] and state.scores() == [10 - 3]
    write(state, 3, 10, SUM, 2)
    assert state.is_terminal()
    score = state.score(0)
    assert score.orphans == [0] and score.paths == [([2, 3], 11)] and score.zones == [([1, 2], 10)]
    assert state.scores() == [11 + 10 - 3]
    assert state.winners() == [0]


# --- the shared roll --------------------------------------------------------------------------
def test_every_seat_writes_the_same_roll_on_its_own_sheet():
    state = new("kagkot", players=3)
    assert state.actors() == [CHANCE] and state.legal_actions(0) == []
    _refused(state, 0, trek12.encode(SUM, 0), "not P1's turn")
    roll(state, 6, 2)
    assert state.actors() == [0, 1, 2] and state.chance_outcomes() == []
    _refused(state, CHANCE, 34, "not the dice's turn")
    place(state, 1, PROD, 7)
    assert state.actors() == [0, 2]
    _refused(state, 1, trek12.encode(SUM, 8), "P2 has already written")
    place(state, 2, LOW, 3)
    place(state, 0, SUM, 13)
    assert state.actors() == [CHANCE] and state.round == 1 and state.roll == 0
    assert state.values[0][13] == 8 and state.values[1][7] == 12 and state.values[2][3] == 2
    assert state.ticks == [[0, 0, 0, 1, 0], [0, 0, 0, 0, 1], [1, 0, 0, 0, 0]]
    roll(state, 1, 1)
    assert state.open_circles(1) == [4, 8, 9]
    assert state.open_circles(0) == [10, 14]


def test_illegal_placements_are_refused_with_a_reason():
    state = new("dhaulagiri", players=2)
    roll(state, 3, 4)
    for action in ("x", None, -5, 7, 999999, 6000000, trek12.encode(LOW, 19), [1, 2], True):
        _refused(state, 0, action, "not a Trek 12 move")
    _refused(state, 5, trek12.encode(LOW, 1), "not Player 6's turn")
    # 12 is over the dangerous summit's cap, and 3 fits there: no frown by choice. Naming a
    # circle that is no candidate is refused.
    _refused(state, 0, trek12.encode(PROD, 0), "a frown only when forced, and low 3 can go in")
    place(state, 0, LOW, 0)
    place(state, 1, SUM, 2)
    roll(state, 3, 4)
    _refused(state, 1, trek12.encode(HIGH, 3, 2), "nothing to link down")
    _refused(state, 1, trek12.encode(DIFF, 3, NO_LINK, 2), "nothing to link up")
    _refused(state, 1, trek12.encode(SUM, 3, 50), "nothing to link down")
    assert state.values[0][0] == 3


def test_game_ends_after_one_round_per_circle():
    state = run_bots(new("dunai", players=2))
    assert state.round == 19 and state.is_terminal() and state.chance_outcomes() == []
    _refused(state, CHANCE, 34, "the game is over")
    _refused(state, 0, trek12.encode(LOW, 1), "the game is over")
    for seat in range(2):
        assert sum(state.ticks[seat]) == 19 and max(state.ticks[seat]) <= 4
        assert EMPTY not in state.values[seat]
        assert sum(points for _label, points in state.breakdown(seat)) == state.scores()[seat]


def test_bot_plays_every_map_legally():
    for map_id in trek12_maps.MAP_IDS:
        state = run_bots(new(map_id))
        assert state.is_terminal()
        assert state.scores()[0] == state.score(0).total


def test_words():
    state = new("kagkot")
    assert state.action_to_string(CHANCE, 34) == "red 3 yellow 4"
    roll(state, 3, 4)
    assert state.action_to_string(0, trek12.encode(SUM, 13)) == "sum 7 in 13"
    assert state.action_to_string(0, trek12.encode(PROD, 3)) == "prod 12 in 3 (over cap)"
    assert state.action_to_string(0, trek12.encode(HIGH, 2, 1, 3)) == "high 4 in 2, down 1, up 3"
    assert str(state).startswith("trek12 kagkot round 1/19 roll 34")
    assert state.action_to_string(0, 7) == "7"
    place(state, 0, SUM, 13)
    assert state.action_to_string(0, trek12.encode(LOW, 10)) == "low in 10"
