"""Trek 12 special rules of Jampa (pre-linked pairs, uneven operation limits) and of the
Christmas map (garlands, gifts, -5 frowns and orphans, the star circle), on the shipped
approximate layouts (reference A11)."""

from dicetable.games.trek12 import bot as trek12_bot
from dicetable.games.trek12 import rules as trek12
from dicetable.games.trek12.rules import HIGH, LOW, NO_LINK, PROD, SUM
from dicetable.games.trek12.score import SAD

from trek12_helpers import (
    data_state,
    graph_data,
    line_edges,
    map_data,
    new,
    options,
    place,
    product_only,
    refused,
    roll,
    write,
)

# --- Jampa ------------------------------------------------------------------------------------
# Circles 13 and 17 are a pre-linked pair; 18 touches both, 12 touches both.


def test_jampa_second_circle_of_a_pair_must_link_to_the_first():
    state = new("jampa")
    write(state, 17, 5)  # the first circle of the pair: no constraint
    write(state, 18, 5)  # a zone with 17, no link
    roll(state, 6, 1)
    # Both 5s could take the 6's down-link; the printed link leaves only circle 17.
    assert options(state, 0, HIGH, 13) == [trek12.encode(HIGH, 13, 17, NO_LINK)]
    refused(state, 0, trek12.encode(HIGH, 13, 18), "must link down to circle 17")
    place(state, 0, HIGH, 13, 17)
    assert state.down[0][13] == 17 and state.up[0][17] == 13 and state.up[0][18] == -1
    # The same position without the pair: either 5 may be chosen.
    data = map_data("jampa")
    data["prelinked"] = []
    state = data_state(data)
    write(state, 17, 5)
    write(state, 18, 5)
    roll(state, 6, 1)
    assert options(state, 0, HIGH, 13) == [
        trek12.encode(HIGH, 13, 17, NO_LINK),
        trek12.encode(HIGH, 13, 18, NO_LINK),
    ]


def test_jampa_second_circle_that_cannot_link_is_a_frown():
    # Not consecutive: the 8 becomes a frown and links nothing.
    state = new("jampa")
    write(state, 17, 5)
    roll(state, 4, 4)
    assert state.outcome(0, 13, 8) == SAD
    assert options(state, 0, SUM, 13) == [trek12.encode(SUM, 13)]
    refused(state, 0, trek12.encode(SUM, 13, 17), "pre-linked circle 17: a frown never links")
    assert state.action_to_string(0, trek12.encode(SUM, 13)) == (
        "sum 8 in 13 (breaks the pre-linked pair)"
    )
    place(state, 0, SUM, 13)
    assert state.values[0][13] == SAD
    score = state.score(0)
    assert score.sad == [13] and score.orphans == [17] and score.total == -6
    # Consecutive, but the first circle's up-link is taken: a frown too. A 4 still links up.
    state = new("jampa")
    write(state, 17, 5)
    write(state, 12, 6, None, 17)
    assert state.outcome(0, 13, 6) == SAD and state.outcome(0, 13, 4) == 4
    roll(state, 4, 0)
    assert options(state, 0, HIGH, 13) == [trek12.encode(HIGH, 13, NO_LINK, 17)]
    # A frown in the first circle leaves nothing to link to (product ticks only: 15 is forced).
    state = product_only("jampa")
    write(state, 17, 15, PROD)
    assert state.values[0][17] == SAD and state.outcome(0, 13, 5) == SAD
    # Whichever circle is written first is the free one.
    state = new("jampa")
    write(state, 13, 9, PROD)
    assert state.outcome(0, 17, 2) == SAD and state.outcome(0, 17, 8) == 8
    assert state.outcome(0, 18, 2) == 2  # 18 is in no pair


def test_jampa_has_uneven_operation_limits():
    state = new("jampa")
    assert state.board.limits == (3, 4, 5, 5, 3)
    for circle, value in ((0, 2), (1, 0), (2, 4)):
        write(state, circle, value, LOW)
    roll(state, 5, 1)
    assert [a for a in state.legal_actions(0) if trek12.decode(a)[0] == LOW] == []
    refused(state, 0, trek12.encode(LOW, 3), "low is used up (3 ticks)")
    place(state, 0, SUM, 3)
    for circle in (7, 6, 10, 14, 8):
        write(state, circle, 2, trek12.DIFF)
    assert state.ticks[0] == [3, 0, 5, 1, 0] and state.ticks_left(0, trek12.DIFF, 12) == 0


# --- Christmas --------------------------------------------------------------------------------
# Balls: 3 red, 4 gold, 7 blue, 10 silver, 13 gold, 14 red; circle 0 is the star circle.


def test_christmas_garland_bonus_counts_different_ball_colours():
    state = new("christmas")
    write(state, 1, 2)
    write(state, 3, 3, None, 1)
    write(state, 5, 4, None, 3)
    write(state, 7, 5, None, 5)
    write(state, 8, 6, None, 7)
    assert ("Garland 2-6 (2 colours)", 5) in state.breakdown(0)
    write(state, 13, 7, SUM, 8)
    score = state.score(0)
    assert score.paths == [([1, 3, 5, 7, 8, 13], 12)] and score.path_bonus == 10
    assert score.extras == [("Garland 2-7 (3 colours)", 9)]
    assert score.total == 12 + 9 + 10
    assert sum(points for _label, points in state.breakdown(0)) == score.total
    # A path without balls earns nothing more; past the table's end, the last entry counts.
    state = new("christmas")
    write(state, 15, 3)
    write(state, 16, 4, None, 15)
    assert state.score(0).extras == [] and state.scores() == [5]
    data = graph_data(3, line_edges([0, 1, 2]))
    data["circles"][0]["ball"] = "red"
    data["circles"][1]["ball"] = "blue"
    data["scoring"]["hooks"] = ["garland"]
    data["scoring"]["garlandBonus"] = [0, 1]
    state = data_state(data)
    write(state, 0, 1)
    write(state, 1, 2, None, 0)
    assert state.score(0).extras == [("Garland 1-2 (2 colours)", 1)]


def test_christmas_gift_zones_without_balls_score_twice():
    state = new("christmas")
    write(state, 15, 4)
    write(state, 16, 4)
    write(state, 9, 6, HIGH)
    write(state, 10, 6, HIGH)  # on the silver ball: no gift
    score = state.score(0)
    assert score.zones == [([9, 10], 7), ([15, 16], 5)]
    assert score.extras == [("Gift 4 x2", 5)]
    assert score.total == 7 + 5 + 5
    assert sum(points for _label, points in state.breakdown(0)) == score.total


def test_christmas_orphans_cost_five_and_frowns_the_base_three():
    state = product_only("christmas")
    write(state, 17, 15, PROD)  # product ticks only: 15 fits nowhere, a forced frown
    write(state, 18, 3)
    score = state.score(0)
    assert score.sad == [17] and score.orphans == [18] and score.total == -8
    assert state.breakdown(0)[-2:] == [("Over cap x1", -3), ("Orphans x1", -5)]


def test_christmas_star_goes_to_the_first_to_fill_it():
    state = new("christmas", players=3)
    roll(state, 3, 4)
    assert state.star_open(0)
    place(state, 0, SUM, 0)
    place(state, 2, SUM, 1)
    assert state.star == [True, False, False] and state.star_open(1)
    place(state, 1, SUM, 0)  # the same roll: shares the star
    roll(state, 3, 4)
    assert not state.star_open(2)
    place(state, 0, LOW, 1)
    place(state, 1, LOW, 1)
    place(state, 2, HIGH, 0)
    assert state.star == [True, True, False] and state.star_round == 0
    assert [("Star circle", 10) in state.breakdown(seat) for seat in range(3)] == [
        True,
        True,
        False,
    ]
    assert state.scores() == [10 - 10, 10 - 10, -10]  # two orphans at -5 each
    assert state.to_data()["star"] == [True, True, False]
    # A frown in the star circle does not claim it; a later number still does.
    state = product_only("christmas")
    write(state, 0, 15, PROD)
    assert state.star == [False] and state.star_round == -1
    state = new("christmas")
    write(state, 1, 3)
    write(state, 0, 4, None, 1)
    assert state.star == [True] and state.scores() == [5 + 10]


def test_hint_reads_the_pair_and_star_rules():
    # The star circle is worth 10 more to the first to fill it; a pair's second circle is
    # best written with a number that links to the first.
    state = new("christmas")
    roll(state, 3, 4)
    assert trek12.decode(trek12_bot.hint(state, 0))[1] == 0
    state = new("jampa")
    write(state, 17, 5)
    roll(state, 4, 4)
    assert trek12_bot.hint(state, 0) == trek12.encode(LOW, 13, NO_LINK, 17)
