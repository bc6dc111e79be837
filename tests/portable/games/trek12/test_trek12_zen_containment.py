"""Trek 12 special rules of Zen Trek (start circles, one operation table per mountain, water
circles) and of Containment (over 12 loses, orphans cost their number, the entrance and the
sink, the fridge-sofa line, the desk zone), on the shipped approximate layouts (reference A11)."""

from dicetable.core.protocol import CHANCE
from dicetable.games.trek12 import bot as trek12_bot
from dicetable.games.trek12 import rules as trek12
from dicetable.games.trek12.rules import DIFF, HIGH, LOW, NO_LINK, PROD, SUM
from dicetable.games.trek12.score import SAD

from trek12_helpers import new, options, place, refused, roll, run_bots, spend, write

# --- Zen Trek ---------------------------------------------------------------------------------
# White mountain: 0 2 3 6 7 8 12 13 14 18; grey: the rest. Water: 7 13 (white), 10 16 (grey).


def test_zen_first_number_goes_in_a_start_circle():
    state = new("zen")
    roll(state, 2, 3)
    starts = [6, 11, 12, 17, 18, 19]
    assert state.open_circles(0) == starts
    legal = state.legal_actions(0)
    assert len(legal) == 5 * 6
    assert sorted(set([trek12.decode(a)[1] for a in legal])) == starts
    refused(state, 0, trek12.encode(SUM, 0), "circle 0 is not a start circle")
    refused(state, 0, trek12.encode(SUM, 14), "circle 14 is not a start circle")
    place(state, 0, SUM, 18)
    # Afterwards the usual rule: next to a filled circle, start circle or not.
    assert state.open_circles(0) == [14, 19]
    roll(state, 2, 3)
    refused(state, 0, trek12.encode(SUM, 6), "circle 6 is not next to a filled circle")


def test_zen_each_mountain_has_its_own_operation_table():
    state = new("zen")
    assert len(state.ticks[0]) == 10
    write(state, 19, 1, LOW)
    write(state, 15, 2, LOW, 19)
    assert state.ticks[0] == [0, 0, 0, 0, 0, 2, 0, 0, 0, 0]
    assert state.ticks_left(0, LOW, 9) == 0 and state.ticks_left(0, LOW, 18) == 3
    roll(state, 4, 3)
    assert state.open_circles(0) == [9, 16, 18]
    lows = [a for a in state.legal_actions(0) if trek12.decode(a)[0] == LOW]
    assert lows == [trek12.encode(LOW, 18)]
    refused(state, 0, trek12.encode(LOW, 9), "low is used up on the grey mountain (2 ticks)")
    place(state, 0, LOW, 18)
    assert state.ticks[0] == [1, 0, 0, 0, 0, 2, 0, 0, 0, 0]
    # The grey sum has 3 ticks, the white one 2.
    assert state.ticks_left(0, SUM, 9) == 3 and state.ticks_left(0, SUM, 14) == 2


def test_zen_water_circles_are_never_in_a_rope_path():
    state = new("zen")
    write(state, 6, 4)
    roll(state, 5, 2)
    # The 5 in water circle 7 does not link to the 4 beside it.
    assert options(state, 0, HIGH, 7) == [trek12.encode(HIGH, 7)]
    refused(state, 0, trek12.encode(HIGH, 7, 6), "nothing to link down")
    place(state, 0, HIGH, 7)
    assert state.link_candidates(0, 2, 5) == ([6], [])
    write(state, 2, 5, None, 6)  # a zone with the water 5 all the same
    roll(state, 6, 0)
    # Two 5s beside circle 3; the one in the water cannot take the 6's down-link.
    assert options(state, 0, HIGH, 3) == [trek12.encode(HIGH, 3, 2, NO_LINK)]
    refused(state, 0, trek12.encode(HIGH, 3, 7), "must link down to circle 2")
    place(state, 0, HIGH, 3, 2)
    write(state, 13, 6, SUM)  # water beside the 5 in water: no link, an orphan
    assert state.up[0][7] == -1 and state.down[0][13] == -1
    score = state.score(0)
    assert score.paths == [([6, 2, 3], 8)] and score.zones == [([2, 7], 6)]
    assert score.orphans == [13] and score.total == 8 + 1 + 6 - 3


# --- Containment ------------------------------------------------------------------------------
# Fridge 0, desk 3 4 8, sink 11, sofa 14, entrance 18.


_ALL_BUT_PROD = [LOW] * 4 + [HIGH] * 4 + [DIFF] * 4 + [SUM] * 4
_ALL_BUT_SUM = [LOW] * 4 + [HIGH] * 4 + [DIFF] * 4 + [PROD] * 4


def test_containment_over_twelve_only_when_forced():
    # First roll 5/3: low 3, high 5, difference 2 and sum 8 fit; the product 15 would put the
    # player out, and is refused.
    state = new("containment")
    roll(state, 5, 3)
    assert PROD not in [trek12.decode(action)[0] for action in state.legal_actions(0)]
    reason = "15 is over 12: a player is out only when forced, and low 3 can go in circle 0"
    refused(state, 0, trek12.encode(PROD, 18), reason)
    assert state.explain_illegal(0, trek12.encode(PROD, 18)) == reason


def test_containment_over_twelve_puts_the_player_out():
    # Seat 0 has spent all but the product, seat 1 all but the sum (16 rounds); then 5/3.
    state = new("containment", players=2)
    spend(state, [_ALL_BUT_PROD, _ALL_BUT_SUM])
    roll(state, 5, 3)
    circles = state.open_circles(0)
    assert state.legal_actions(0) == [trek12.encode(PROD, circle) for circle in circles]
    circle = circles[-1]
    losing = trek12.encode(PROD, circle)
    assert state.outcome(0, circle, 15) == trek12.LOST
    assert state.action_to_string(0, losing) == "prod 15 in %d (over 12: out)" % circle
    refused(state, 0, trek12.encode(PROD, circle, circles[0]), "over 12")
    place(state, 0, PROD, circle)
    assert state.lost == [True, False] and state.values[0][circle] == SAD
    assert state.scores()[0] == -100 and state.breakdown(0) == [("Over 12: out", -100)]
    _place_first(state, 1, SUM)
    assert state.actors() == [CHANCE] and state.round == 17
    roll(state, 2, 2)
    assert state.actors() == [1] and state.legal_actions(0) == []
    refused(state, 0, trek12.encode(SUM, 16), "P1 is out")
    assert state.to_data()["lost"] == [True, False]
    run_bots(state)
    assert state.round == 19 and state.is_terminal() and state.scores()[0] == -100
    assert state.winners() == [1] and sum(state.ticks[1]) == 19 and sum(state.ticks[0]) == 17
    # Alone at the table, the game ends at once.
    state = new("containment")
    spend(state, [_ALL_BUT_PROD])
    roll(state, 4, 4)
    place(state, 0, PROD, state.open_circles(0)[0])
    assert state.is_terminal() and state.chance_outcomes() == [] and state.scores() == [-100]
    # Twelve is still allowed.
    state = new("containment")
    write(state, 5, 12, PROD)
    assert state.values[0][5] == 12 and not state.lost[0]


def _place_first(state, seat, op):
    state.apply(seat, [a for a in state.legal_actions(seat) if trek12.decode(a)[0] == op][0])


def test_containment_orphans_cost_their_number():
    state = new("containment")
    write(state, 17, 9, PROD)
    write(state, 16, 0)
    score = state.score(0)
    assert score.orphans == [16, 17] and score.total == -9
    assert state.breakdown(0)[-1] == ("Orphans x2", -9)


def test_containment_entrance_counts_negative_unless_linked_to_the_sink():
    state = new("containment")
    write(state, 18, 3)
    # A lone entrance is charged its number once, not again as an orphan (DECISIONS.md).
    assert state.score(0).extras == [("Entrance 3", -3)] and state.scores() == [-3]
    assert state.score(0).orphans == [18] and state.score(0).orphan_points == 0
    write(state, 16, 4, None, 18)
    assert state.score(0).extras == [("Entrance in 3-4", -3)] and state.scores() == [5 - 3]
    write(state, 12, 5, None, 16)
    write(state, 11, 6, None, 12)  # the sink joins the path
    score = state.score(0)
    assert score.paths == [([18, 16, 12, 11], 9)] and score.extras == []
    assert score.total == 9 + 3
    assert sum(points for _label, points in state.breakdown(0)) == score.total


def test_containment_fridge_sofa_line_scores_twice():
    state = new("containment")
    write(state, 0, 3)
    write(state, 5, 4, None, 0)
    write(state, 10, 5, None, 5)
    assert state.score(0).extras == [] and state.scores() == [7 + 1]
    write(state, 14, 6, HIGH, 10)
    score = state.score(0)
    assert score.extras == [("Fridge-sofa 3-6", 9)] and score.total == 9 + 9 + 3
    assert ("Path 3-6", 9) in state.breakdown(0)


def test_containment_desk_zone_scores_number_times_circles():
    state = new("containment")
    write(state, 3, 5)
    write(state, 4, 5)
    assert state.score(0).zones == [([3, 4], 10)] and state.scores() == [10]
    assert ("Desk zone 5 x2", 10) in state.breakdown(0)
    write(state, 8, 5)
    write(state, 13, 2)
    write(state, 17, 2)  # a zone off the desk scores as usual
    score = state.score(0)
    assert score.zones == [([3, 4, 8], 15), ([13, 17], 3)]
    assert score.zone_bonus == 1 and score.total == 15 + 3 + 1
    assert ("Zone 2 x2", 3) in state.breakdown(0)


def test_hint_never_writes_over_twelve_when_anything_else_is_possible():
    state = new("containment")
    write(state, 18, 3)
    roll(state, 5, 3)
    op, _circle, _down, _up = trek12.decode(trek12_bot.hint(state, 0))
    assert op != PROD
    state = new("containment", players=2)
    run_bots(state)
    assert state.lost == [False, False] and state.round == 19
