"""Gang of Dice rules: warning cards, turns, round winners, pots, bonus rounds, elimination, hidden
pools. The bots are tested in tests/games/gang/test_gang_props.py (and run under MicroPython
there): this file stays light, since every module a portable test imports stays in the test
heap."""

from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.core.rng import Rng
from dicetable.games.gang import data
from dicetable.games.gang import rules as gang

from gang_helpers import (
    conserved,
    counts,
    last_turn,
    new,
    quiet_round,
    reveal,
    roll,
    select,
    skip_to_deck_b,
    turn,
)


def _refused(state, seat, action, words):
    """The action is refused with a reason containing `words`, and nothing changes."""
    before = state.to_data()
    history = list(state.history)
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        if words not in exc.reason:
            raise AssertionError("reason %r lacks %r" % (exc.reason, words))
    else:
        raise AssertionError("accepted %r" % ((seat, action),))
    assert state.to_data() == before
    assert state.history == history


# --- the card table -------------------------------------------------------------------------


def test_card_table_has_sixteen_cards_in_two_decks_of_twelve_rounds():
    assert len(data.CARD_NUMBERS) == len(data.CARDS) == 16
    supply = 0
    for deck, drop in data.DECKS:
        cards = [n for n in data.CARD_NUMBERS if data.CARDS[n][2] == deck]
        supply += len(cards) - drop
    assert supply == data.ROUNDS == 12
    for number in data.CARD_NUMBERS:
        code, colour, deck = data.CARDS[number][:3]
        assert code == "GD%02d" % number
        # Revised (DECISIONS.md): the run cards GD05 and GD06 are black too, and the back
        # follows the colour: the six black cards are the dark deck, the yellow ones the bright.
        assert colour == ("black" if number <= 6 else "yellow")
        assert deck == ("dark" if number <= 6 else "bright")
    # The box holds 12 bright and 6 dark cards, 3 of each put away unseen: 9 + 3 rounds. Two
    # bright cards are unknown, so the bright deck puts away 1 of its 10 known cards.
    assert data.BOX == {"bright": 12, "dark": 6}
    assert data.DECKS == (("bright", 1), ("dark", 3))
    assert data.POOLS == {2: 48, 3: 48, 4: 36}
    assert data.BONUS[9:] == (3, 6, 9) and sum(data.BONUS) == 18


# Hand-made rolls per card: (faces, triggers?). 0 is the gangster: no value, not odd, not even,
# equal to nothing (not even another gangster), and worth 0.
_ROLLS = {
    1: [((5, 2), True), ((5, 1, 0, 0), False), ((0, 0, 0, 0, 0, 0), False), ((3, 4), True)],
    2: [((5, 5), True), ((5, 4, 0), False), ((3, 3, 3, 1), True)],
    3: [((5, 5, 1), True), ((5, 5, 0), False), ((4, 4, 2, 0), False)],
    4: [((5, 5, 3), True), ((5, 5, 2, 0, 0), False), ((4, 4, 4), False)],
    5: [((1, 2), True), ((1, 3, 5, 0), False), ((0, 1), False), ((4, 5), True), ((2, 2), False)],
    6: [((1, 2, 3), True), ((1, 2, 4, 5), False), ((0, 1, 2), False), ((3, 4, 5, 5), True)],
    7: [((2, 4, 0), False), ((2, 3), True), ((0, 0), False), ((5,), True)],
    8: [((3, 3), True), ((3, 0, 2), False), ((1, 5), True), ((1, 2, 4, 0), False)],
    9: [((1, 1, 3), True), ((1, 3, 0, 0, 2), False), ((5, 5, 5), True), ((1, 1, 2), False)],
    10: [((0, 3), False), ((3, 3, 0, 0), False), ((3, 4), True), ((0, 0), False)],
    11: [((1, 2, 3), True), ((1, 1, 2, 2, 0), False), ((5, 0, 4, 0), False)],
    12: [((0, 0), False), ((2, 2), True), ((1, 2, 3, 4, 5, 0, 0), False), ((5, 0, 5), True)],
    13: [((5, 5), True), ((5, 0, 0), False), ((5, 4, 4), False)],
    14: [((1,), True), ((0, 2), False), ((2, 3, 4, 5), False)],
    15: [((4,), True), ((5,), True), ((1, 2, 3, 0), False)],
    16: [((3,), True), ((1, 2, 0), False), ((2, 2, 1, 1), False)],
}


def test_every_warning_condition_against_hand_made_rolls():
    for number in data.CARD_NUMBERS:
        for faces, expected in _ROLLS[number]:
            got = gang.triggers(number, counts(*faces))
            if got != expected:
                raise AssertionError("GD%02d on %r: %r" % (number, faces, got))


def test_odd_cards_count_dice_not_values():
    # 3 + 3 is two odd dice (rules G3): GD08 fires, and GD09 fires on 1, 1, 1.
    assert gang.triggers(8, counts(3, 3))
    assert gang.triggers(9, counts(1, 1, 1))
    assert not gang.triggers(9, counts(1, 1, 0))


def test_gangsters_score_zero():
    assert gang.score_of(counts(0, 0, 5, 2)) == 7
    assert gang.score_of(counts(0, 0, 0)) == 0


# --- setup and the deck ---------------------------------------------------------------------


def test_setup_puts_cards_away_unseen_through_chance_actions():
    state = gang.new_state(gang.make_params({"players": 3}))
    assert state.actors() == [CHANCE]
    # The bright deck (the ten known yellow cards GD07-GD16) loses one card first.
    assert [a - gang.CARD_BASE for a, _w in state.chance_outcomes()] == list(range(7, 17))
    reveal(state, 16)
    # Then the dark deck (the six black cards) loses three, then round 1 reveals from what is
    # left of the bright deck.
    assert [a - gang.CARD_BASE for a, _w in state.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    for number in (5, 2, 6):
        reveal(state, number)
    assert state.dropped == [16, 5, 2, 6]
    left = [a - gang.CARD_BASE for a, _w in state.chance_outcomes()]
    assert left == [7, 8, 9, 10, 11, 12, 13, 14, 15]
    _refused(state, CHANCE, gang.CARD_BASE + 16, "not a possible roll")
    _refused(state, CHANCE, gang.CARD_BASE + 5, "not a possible roll")
    assert gang.view(state, 0)["card"] == 0 and "dropped" not in gang.view(state, 0)


def test_twelve_rounds_use_the_bright_deck_then_the_dark_and_never_a_dropped_card():
    state = new(2)  # drops GD12, then GD04-GD06
    skip_to_deck_b(state)
    assert state.round == 9
    assert [a - gang.CARD_BASE for a, _w in state.chance_outcomes()] == [1, 2, 3]
    for _ in range(3):
        quiet_round(state)
    assert state.is_terminal() and state.round == data.ROUNDS
    assert sorted(state.drawn) == [1, 2, 3, 7, 8, 9, 10, 11, 13, 14, 15, 16]


def test_round_1_never_shows_a_run_card():
    # Old colours: GD05 (two values in a row) was yellow and could open round 1, so 2, 3 and a
    # gangster on the first roll busted at once (a run is likelier than not with 3 dice).
    for drop in range(7, 17):
        state = new(2, drops=(drop, 1, 2, 3))
        for number in [a - gang.CARD_BASE for a, _w in state.chance_outcomes()]:
            assert data.CARDS[number][1] == "yellow" and data.CARDS[number][3] != "run"
        _refused(state, CHANCE, gang.CARD_BASE + 5, "not a possible roll")
    # Round 1 under GD13 (two 5s): the run 2, 3, gangster goes on to the player's choice.
    state = new(2, card=13)
    state.apply(0, gang.commit_action(3))
    roll(state, [2, 3, 0])
    assert state.actors() == [0] and state.rerolls_left() == 2


def test_a_run_card_is_black_checked_once_when_the_player_stops():
    # GD05 (two values in a row) in round 10: the dark deck dropped GD01, GD02 and GD04.
    state = new(2, drops=(12, 1, 2, 4))
    skip_to_deck_b(state)
    assert [a - gang.CARD_BASE for a, _w in state.chance_outcomes()] == [3, 5, 6]
    reveal(state, 5)
    seat = state.turn_seat()
    state.apply(seat, gang.commit_action(3))
    roll(state, [2, 3, 0])  # a run: a yellow card would bust here, a black one waits
    assert state.actors() == [seat] and state.rerolls_left() == 2
    select(state, [3])
    state.apply(seat, gang.REROLL)
    roll(state, [5])
    state.apply(seat, gang.STOP)
    assert last_turn(state) == [seat, 3, counts(2, 5, 0), 2, 7]
    # The same run when the player stops: bust.
    other = state.turn_seat()
    assert turn(state, [2, 3, 0]) == [other, 3, counts(2, 3, 0), 1, gang.BUST]
    assert state.history_rounds[-1][1:3] == [seat, 3 + 3 + 3]  # the bonus 3 and both rolls
    # GD06 (three values in a row) in round 11: 2, 3, 4 waits, and busts at the stop.
    reveal(state, 6)
    first, second = state.order
    state.apply(first, gang.commit_action(3))
    roll(state, [2, 3, 4])
    assert state.actors() == [first] and state.rerolls_left() == 2
    state.apply(first, gang.STOP)
    assert last_turn(state) == [first, 3, counts(2, 3, 4), 1, gang.BUST]
    assert turn(state, [2, 3, 5]) == [second, 3, counts(2, 3, 5), 1, 10]  # no three in a row


def test_pools_by_player_count():
    assert new(2).pools == [48, 48]
    assert new(3).pools == [48, 48, 48]
    assert new(4).pools == [36, 36, 36, 36]


# --- a turn ---------------------------------------------------------------------------------


def test_a_roll_is_one_chance_action_per_die():
    state = new(2, card=16)
    state.apply(0, gang.commit_action(3))
    assert state.pools[0] == 45 and state.pot == 3
    assert state.actors() == [CHANCE] and state.dice_pending() == 3 and state.turn_seat() == 0
    assert [a for a, _w in state.chance_outcomes()] == [1, 2, 3, 4, 5, 0]
    roll(state, [2, 0, 2])
    assert state.dice == counts(2, 2, 0) and state.actors() == [0]
    assert state.rerolls_left() == 2


def test_yellow_card_busts_at_once_after_the_first_roll():
    state = new(2, card=14)  # any 1
    record = turn(state, [2, 3, 1])
    assert record == [0, 3, counts(2, 3, 1), 1, gang.BUST]
    assert state.turn_seat() == 1 and state.pools[0] == 45 and state.pot == 3


def test_yellow_card_busts_at_once_after_a_reroll():
    state = new(2, card=14)
    record = turn(state, [2, 0], rerolls=[([0], [1])], stop=False)
    assert record == [0, 2, counts(2, 1), 2, gang.BUST]


def test_yellow_card_survived_scores_the_sum():
    state = new(2, card=14)
    record = turn(state, [2, 0, 5], rerolls=[([0], [0]), ([0, 2], [4, 3])])
    assert record == [0, 3, counts(5, 4, 3), 3, 12]


def test_black_card_is_checked_only_when_the_player_stops():
    state = new(2)
    skip_to_deck_b(state)
    reveal(state, 1)  # GD01: total 7 or more, black
    seat = state.turn_seat()
    state.apply(seat, gang.commit_action(2))
    roll(state, [5, 5])  # 10: a yellow card would bust here; a black one waits
    assert state.actors() == [seat] and state.rerolls_left() == 2
    select(state, [5, 5])
    state.apply(seat, gang.REROLL)
    roll(state, [0, 3])
    state.apply(seat, gang.STOP)
    assert last_turn(state) == [seat, 2, counts(0, 3), 2, 3]
    # The next player stops on 4 + 4: busted at the end.
    other = state.turn_seat()
    record = turn(state, [4, 4])
    assert record == [other, 2, counts(4, 4), 1, gang.BUST]


def test_rerolls_choose_dice_by_face_and_count():
    state = new(2, card=16)
    state.apply(0, gang.commit_action(5))
    roll(state, [1, 1, 0, 2, 1])
    assert gang.select_action(1, 2) in state.legal_actions(0)
    assert gang.select_action(1, 4) not in state.legal_actions(0)
    state.apply(0, gang.select_action(1, 2))
    state.apply(0, gang.select_action(0, 1))
    state.apply(0, gang.select_action(1, 1))  # changed my mind: only one 1
    assert state.selected == counts(0, 1)
    assert gang.REROLL in state.legal_actions(0)
    state.apply(0, gang.REROLL)
    assert state.dice == counts(1, 1, 2) and state.dice_pending() == 2
    roll(state, [2, 2])
    assert state.dice == counts(1, 1, 2, 2, 2) and state.selected == counts()


def test_legal_actions_are_sorted_small_ints():
    state = new(2, card=16)
    commits = state.legal_actions(0)
    assert commits == list(range(gang.COMMIT_BASE + 1, gang.COMMIT_BASE + 49))
    state.apply(0, gang.commit_action(2))
    roll(state, [1, 0])
    legal = state.legal_actions(0)
    assert legal == sorted(legal) and legal[0] == gang.STOP
    expected = [gang.STOP, gang.select_action(0, 1), gang.select_action(1, 1)]
    assert legal == expected
    assert state.legal_actions(1) == [] and state.legal_actions(CHANCE) == []


def test_illegal_actions_are_refused_with_a_reason():
    state = new(2, card=16)
    _refused(state, 0, gang.commit_action(49), "only 48 dice")
    _refused(state, 0, gang.commit_action(0), "at least one")
    _refused(state, 0, gang.STOP, "how many dice")
    _refused(state, 1, gang.commit_action(1), "not P2's turn")
    _refused(state, CHANCE, 3, "not")
    _refused(state, 0, True, "not an action")
    _refused(state, 0, "1001", "not an action")
    state.apply(0, gang.commit_action(3))
    _refused(state, 0, gang.STOP, "not")  # the dice are still rolling
    roll(state, [1, 2, 2])
    _refused(state, 0, gang.REROLL, "choose the dice")
    _refused(state, 0, gang.select_action(2, 3), "only 2 dice showing 2")
    _refused(state, 0, gang.select_action(0, 1), "only 0 gangsters")
    _refused(state, 0, gang.select_action(1, 0), "already chosen")
    _refused(state, 0, gang.commit_action(2), "already rolled 3 dice")
    _refused(state, 0, gang.select_action(9, 1), "cannot")
    for _ in range(2):
        state.apply(0, gang.select_action(1, 1))
        state.apply(0, gang.REROLL)
        roll(state, [1])
    assert state.legal_actions(0) == [gang.STOP]
    _refused(state, 0, gang.select_action(1, 1), "already rerolled twice")
    _refused(state, 0, gang.REROLL, "already rerolled twice")


# --- round winner and pots ------------------------------------------------------------------


def test_higher_score_wins_the_round():
    state = new(3, card=16)
    turn(state, [2, 2])
    turn(state, [2, 2, 1])
    turn(state, [1])
    card, winner, won, turns = state.history_rounds[0]
    assert (card, winner, won, len(turns)) == (16, 1, 6, 3)


def test_equal_score_more_dice_wins():
    state = new(2, card=16)
    turn(state, [2, 2, 2])
    turn(state, [2, 2, 2, 0])
    assert state.history_rounds[0][1] == 1
    assert state.pools == [45, 48 - 4 + 7]


def test_equal_score_and_dice_the_earlier_roller_wins():
    state = new(3, card=16)
    turn(state, [2, 1])
    turn(state, [1, 2])
    turn(state, [0])
    assert state.history_rounds[0][1] == 0


def test_a_zero_score_can_win_when_everyone_else_busts():
    state = new(2, card=16)
    turn(state, [0, 0])
    turn(state, [3])
    assert state.history_rounds[0][1:3] == [0, 3]


def test_the_winner_takes_every_die_on_the_table_busted_ones_too():
    state = new(3, card=14)
    turn(state, [1, 2, 3])  # bust
    turn(state, [4, 4])  # 8
    turn(state, [5])  # 5
    assert state.history_rounds[0][1:3] == [1, 6]
    assert state.pools == [45, 48 - 2 + 6, 47]
    assert state.pot == 0 and conserved(state) == 144


def test_all_bust_carries_the_pot_to_the_next_winner():
    state = new(2, card=14)
    turn(state, [1, 1])
    turn(state, [2, 1, 0])
    assert state.history_rounds[0][1:3] == [-1, 0]
    assert state.pot == state.carried == 5 and state.pools == [46, 45]
    reveal(state, 16)
    assert state.turn_seat() == 1  # the start moves on
    turn(state, [2])
    turn(state, [1])
    assert state.history_rounds[1][1:3] == [1, 7]
    assert state.pools == [45, 45 - 1 + 7] and state.pot == state.carried == 0


def test_bonus_dice_join_the_table_in_rounds_10_11_12():
    state = new(2)
    skip_to_deck_b(state)
    pools = list(state.pools)
    assert state.pot == 3 and state.bonus_total == 3
    reveal(state, 2)
    winner = state.turn_seat()
    turn(state, [2])
    turn(state, [1])
    assert state.pools[winner] == pools[winner] - 1 + 3 + 2
    assert state.pot == 6 and state.bonus_total == 9
    reveal(state, 3)
    turn(state, [0])
    turn(state, [0])
    assert state.pot == 9 and state.bonus_total == 18
    assert conserved(state) == 96


def test_all_bust_in_round_12_dice_leave_the_game():
    state = new(2)
    skip_to_deck_b(state)
    quiet_round(state)
    quiet_round(state)
    reveal(state, state.chance_outcomes()[0][0] - gang.CARD_BASE)
    turn(state, [5, 5, 5])  # 15: busts every black card
    turn(state, [5, 5, 5])
    assert state.is_terminal()
    assert state.history_rounds[-1][1:3] == [-1, 0]
    assert state.gone == 9 + 6 and state.pot == 0
    assert conserved(state) == 96


def test_start_player_rotates_clockwise():
    state = new(3, card=16)
    assert state.order == [0, 1, 2]
    for _ in range(3):
        turn(state, [2])
    reveal(state, 15)
    assert state.order == [1, 2, 0]


# --- elimination and the end ----------------------------------------------------------------


def test_a_player_with_no_dice_is_out_and_skipped():
    state = new(4, card=14)
    turn(state, [2])
    state.apply(1, gang.commit_action(36))
    roll(state, [1] + [2] * 35)  # bust with every die
    turn(state, [0])
    turn(state, [0])
    assert state.out == [False, True, False, False] and state.pools[1] == 0
    reveal(state, 16)
    # Seat 1 would start round 2: it is out, so seat 2 starts and seat 1 never plays.
    assert state.order == [2, 3, 0]
    for _ in range(3):
        turn(state, [2])
    reveal(state, 15)
    assert state.order == [3, 0, 2]
    assert gang.view(state, 0)["out"] == [False, True, False, False]


def test_the_game_ends_early_below_two_players():
    state = new(2, card=14)
    state.apply(0, gang.commit_action(48))
    roll(state, [1] * 48)
    turn(state, [2])
    assert state.is_terminal()
    assert state.pools == [0, 96] and state.winners() == [1]
    assert state.history_rounds[0][1:3] == [1, 49]
    _refused(state, 0, gang.commit_action(1), "game is over")
    assert gang.view(state, 0)["pools"] == [0, 96]


def test_most_dice_wins_and_ties_share():
    state = new(2)
    skip_to_deck_b(state)
    # Equal rolls: the round's first player wins, and the first player alternates.
    assert state.pools == [49, 47] and state.order == [1, 0]
    for seat_zero, seat_one in ((5, 3), (3, 3), (3, 3)):
        reveal(state, state.chance_outcomes()[0][0] - gang.CARD_BASE)
        dice = {0: seat_zero, 1: seat_one}
        for _ in range(2):
            turn(state, [5] * dice[state.turn_seat()])  # 15 or more: every black card busts
    assert state.is_terminal()
    assert state.pools == [38, 38] and state.winners() == [0, 1]
    assert state.gone == 3 + 6 + 9 + 8 + 6 + 6 and conserved(state) == 96


def test_most_dice_wins():
    state = new(2)
    skip_to_deck_b(state)
    for _ in range(3):
        quiet_round(state)
    # Rounds 10-12 bring 3, 6 and 9 bonus dice to the first players: seats 1, 0, 1.
    assert state.is_terminal() and state.pools == [54, 60] and state.winners() == [1]


# --- views, words and data ------------------------------------------------------------------


def test_pools_are_hidden_from_other_seats():
    state = new(3, card=16)
    turn(state, [2, 2])
    seen = gang.view(state, 1)
    assert seen["pools"] == [None, 48, None]
    assert gang.view(state, CHANCE)["pools"] == [None, None, None]
    # What is on the table is public.
    assert seen["turns"] == [[0, 2, counts(2, 2), 1, 4]] and seen["pot"] == 2
    assert seen["card"] == 16 and seen["turn_seat"] == 1


def test_breakdown_adds_up_to_the_pool():
    state = new(2, card=14)
    turn(state, [2, 3])
    state.apply(1, gang.commit_action(4))
    roll(state, [2, 2])
    assert state.breakdown(1) == [("Start", 48), ("Dice won", 0), ("Dice rolled", -4)]
    roll(state, [0, 0])
    state.apply(1, gang.STOP)
    for seat in (0, 1):
        total = 0
        for _label, dice in state.breakdown(seat):
            total += dice
        assert total == state.scores()[seat] == state.pools[seat]
    assert state.breakdown(0) == [("Start", 48), ("Dice won", 6), ("Dice rolled", -2)]


def test_action_words():
    state = new(2, card=16)
    assert state.action_to_string(0, gang.commit_action(3)) == "roll 3 dice"
    assert state.action_to_string(0, gang.commit_action(1)) == "roll 1 die"
    assert state.action_to_string(0, gang.select_action(0, 2)) == "reroll 2 gangsters"
    assert state.action_to_string(0, gang.select_action(3, 1)) == "reroll 1 die showing 3"
    assert state.action_to_string(0, gang.select_action(4, 2)) == "reroll 2 dice showing 4"
    assert state.action_to_string(0, gang.select_action(4, 0)) == "keep every 4"
    assert state.action_to_string(0, gang.STOP) == "stop"
    assert state.action_to_string(CHANCE, 0) == "the die shows the gangster"
    assert state.action_to_string(CHANCE, 4) == "the die shows 4"
    assert state.action_to_string(CHANCE, gang.CARD_BASE + 7) == "reveal GD07"
    assert gang.select_parts(gang.select_action(5, 17)) == (5, 17)
    assert "gang round 1" in str(state)


def test_params_are_validated():
    for options in (
        {"players": 1},
        {"players": 5},
        {"strength": "genius"},
        {"players": 3, "strengths": ["careful", "random"]},
        {"strengths": "careful"},
    ):
        try:
            gang.make_params(options)
        except IllegalAction as exc:
            assert exc.reason
        else:
            raise AssertionError("accepted %r" % (options,))
    params = gang.make_params({"players": 3, "bots": 2, "strength": "random"})
    assert params["strengths"] == ["random"] * 3 and params["bots"] == [1, 2]
    assert gang.make_params(params) == params


def test_pool_conservation_through_random_games():
    for players in (2, 3, 4):
        state = gang.new_state(gang.make_params({"players": players}))
        total = conserved(state)
        rng = Rng(players)
        while not state.is_terminal():
            seat = state.actors()[0]
            if seat == CHANCE:
                outcomes = state.chance_outcomes()
                action = outcomes[rng.below(len(outcomes))][0]
            else:
                legal = state.legal_actions(seat)
                action = gang.REROLL if gang.REROLL in legal else rng.choice(legal)
                if gang.COMMIT_BASE < action < gang.STOP:  # modest commits: longer games
                    action = gang.commit_action(1 + rng.below(min(4, state.pools[seat])))
            state.apply(seat, action)
            assert conserved(state) == total
            for other in range(players):
                assert state.pools[other] >= 0
                if state.out[other]:
                    assert state.pools[other] == 0
        assert state.round == data.ROUNDS and state.pot == 0
