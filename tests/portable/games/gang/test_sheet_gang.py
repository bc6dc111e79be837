"""dicetable.games.gang.sheet on both runtimes: what a player reads on the Gang of Dice sheet.

Text is rendered alone in the sheet's font and looked for in the frame (test_draw.find_bitmap):
the card and its colour, the dice table, a pool only for its owner, the round's scores and the
past rounds, and nothing outside the panel.
"""

from counting_sections import CountingSections
from test_draw import SIZES, find_bitmap, margin_is_blank, needle, panel

from dicetable.games.gang import rules as gang
from dicetable.games.gang import sheet as sheet_gang
from dicetable.ui import draw, text

from gang_helpers import new, quiet_round, reveal, roll, skip_to_deck_b, turn

BLACK_CARD = 2  # GD02 "total 10 or more", checked once at stop (deck B: rounds 10-12)
YELLOW_CARD = 10  # GD10 "two different numbers", checked after every roll (deck A)

LONG_NAMES = ["Alexandrina Konstantinova", "Bartholomew-Smith", "Christopher C.", "Dorothea M."]


def _black(players=2):
    """A state at round 10 with GD02 showing (deck A played quietly)."""
    state = new(players)
    skip_to_deck_b(state)
    reveal(state, BLACK_CARD)
    return state


def _view(state, seat=0, show_pool=False, passing=False, choices=(), cursor=-1, note=""):
    return {
        "seat": seat,
        "prompt": "%s: choose" % state.seat_name(seat),
        "choices": list(choices),
        "cursor": cursor,
        "note": note,
        "show_pool": show_pool,
        "passing": passing,
    }


def _render(state, width, height, view):
    frame = panel(width, height)
    sheet_gang.draw(frame.fb, width, height, state, view)
    return frame


def _font(width):
    return draw.look(width).dense


def _finds(frame, width, string, inverted=False):
    return find_bitmap(frame, needle(_font(width), string, inverted))


def test_sheet_fits_the_panel_for_2_to_4_players_with_long_names_and_a_long_note():
    for width, height in SIZES:
        for players in (2, 3, 4):
            state = new(players, names=LONG_NAMES[:players])
            for _ in range(3):
                quiet_round(state)
            reveal(state, state.chance_outcomes()[0][0] - gang.CARD_BASE)
            state.apply(state.turn_seat(), gang.commit_action(5))
            roll(state, [0, 2, 2, 2, 2])
            seat = state.turn_seat()
            choices = [state.action_to_string(seat, a) for a in state.legal_actions(seat)]
            view = _view(state, state.turn_seat(), True, False, choices, 3, "Save failed: " * 8)
            frame = _render(state, width, height, view)
            assert margin_is_blank(frame, width, height), (width, players)


def test_black_card_is_drawn_inverted_and_a_yellow_card_outlined():
    for width, height in SIZES:
        black = _render(_black(2), width, height, _view(new(2)))
        assert _finds(black, width, "total 10 or more", inverted=True)
        assert _finds(black, width, "black: once, at stop", inverted=True)
        yellow = _render(new(2, card=YELLOW_CARD), width, height, _view(new(2)))
        assert _finds(yellow, width, "yellow: every roll")
        assert not _finds(yellow, width, "yellow: every roll", inverted=True)


def test_dice_table_counts_each_face_and_the_dice_chosen_for_the_reroll():
    state = _black(2)
    seat = state.turn_seat()
    state.apply(seat, gang.commit_action(5))
    roll(state, [0, 2, 2, 5, 5])
    state.apply(seat, gang.select_action(5, 2))
    rows = sheet_gang.dice_rows(state)
    assert rows == [
        "face  G  1  2  3  4  5",
        "dice  1  0  2  0  0  2",
        "redo  0  0  0  0  0  2",
    ]
    for width, height in SIZES:
        frame = _render(state, width, height, _view(state, seat, True))
        for row in rows:
            assert len(_finds(frame, width, row)) == 1, (width, row)


def test_dice_still_in_the_air_are_counted():
    state = _black(2)
    state.apply(state.turn_seat(), gang.commit_action(3))
    roll(state, [4])
    assert sheet_gang.dice_rows(state)[-1] == "+2 to roll"


def test_a_pool_is_shown_only_to_its_owner_and_nothing_while_passing():
    state = _black(3)
    pool = sheet_gang.pool_text(state, 0)
    assert pool == "P1's pool: %d dice" % state.pools[0]
    for width, height in SIZES:
        shown = _render(state, width, height, _view(state, 0, show_pool=True))
        assert len(_finds(shown, width, pool)) == 1
        hidden = _render(state, width, height, _view(state, 0, show_pool=False))
        assert not _finds(hidden, width, pool)
        # Passing hides the card, the scores and every pool, whatever else the view says.
        passing = _render(state, width, height, _view(state, 0, show_pool=True, passing=True))
        assert not _finds(passing, width, pool)
        assert not _finds(passing, width, "total 10 or more", inverted=True)


def test_scores_show_dice_committed_and_bust():
    state = _black(2)
    seat = state.turn_seat()
    turn(state, [5, 5, 4])  # 14 is "total 10 or more": bust at stop
    assert state.turns[-1][0] == seat and state.turns[-1][4] == gang.BUST
    for width, height in SIZES:
        frame = _render(state, width, height, _view(state, 1))
        assert len(_finds(frame, width, "BUST")) == 1


def test_past_rounds_are_listed_latest_first_with_the_winner_and_the_dice_won():
    state = new(2)
    quiet_round(state)
    quiet_round(state)
    lines = sheet_gang.history_lines(state)
    assert len(lines) == 2
    first_winner = state.history_rounds[0][1]
    won = state.history_rounds[0][2]
    assert lines[1] == "R1 %s +%d" % (state.seat_name(first_winner), won)
    assert lines[0].startswith("R2 ")
    for width, height in SIZES:
        frame = _render(state, width, height, _view(state))
        top = _finds(frame, width, lines[0])
        below = _finds(frame, width, lines[1])
        assert len(top) == 1 and len(below) == 1
        assert top[0][1] < below[0][1]


def test_a_round_everyone_busted_says_so():
    state = _black(2)
    turn(state, [5, 5])
    turn(state, [4, 4, 4])
    assert sheet_gang.history_lines(state)[0] == "R10 all bust"


def test_the_rounds_table_has_headings_over_the_dice_and_the_score():
    state = new(4, card=14)  # GD14 "any 1": 5, 4 and a gangster score 9 with 3 dice
    seat = state.turn_seat()
    turn(state, [5, 4, 0])
    assert state.turns[-1] == [seat, 3, [1, 0, 0, 0, 1, 1], 1, 9]
    for width, height in SIZES:
        fnt = _font(width)
        frame = _render(state, width, height, _view(state, state.turn_seat()))
        column = (0, 0, width * 2 // 5, height)  # the left column: card, round, table
        dice = find_bitmap(frame, needle(fnt, "dice"), column)
        score = find_bitmap(frame, needle(fnt, "score"), column)
        assert len(dice) == 1 and len(score) == 1, (width, dice, score)
        assert dice[0][1] == score[0][1] and dice[0][0] < score[0][0]
        # The played row below: its 3 dice and its 9 end where their headings end.
        nine = find_bitmap(frame, needle(fnt, "9"), column)
        three = find_bitmap(frame, needle(fnt, "3"), column)
        row = [y for x, y in nine if x + fnt.width == score[0][0] + text.measure(fnt, "score")]
        assert len(row) == 1 and row[0] > score[0][1], (width, nine)
        ends = [x + fnt.width for x, y in three if y == row[0]]
        assert dice[0][0] + text.measure(fnt, "dice") in ends, (width, three)


def test_marking_another_die_for_the_reroll_redraws_the_dice_table_alone():
    """The dice table is a section of its own: a second die marked changes its "redo" line and
    leaves the prompt and the choices be, and the frame is the one a whole draw gives."""
    choices = ("Reroll", "Stop")
    for width, height in SIZES:
        state = _black(2)
        seat = state.turn_seat()
        state.apply(seat, gang.commit_action(5))
        roll(state, [0, 2, 2, 5, 5])
        state.apply(seat, gang.select_action(5, 1))
        frame = panel(width, height)
        sections = CountingSections()
        view = _view(state, seat, choices=choices)
        sheet_gang.draw(frame.fb, width, height, state, view, sections)
        state.apply(seat, gang.select_action(2, 1))
        sections.drawn = []
        sheet_gang.draw(frame.fb, width, height, state, view, sections)
        assert sections.drawn == [3], sections.drawn  # the dice table, nothing else
        drawn = frame.snapshot()
        assert drawn == _render(state, width, height, view).snapshot(), (width, height)


def test_a_seats_score_redraws_its_own_row_and_not_the_rounds_table():
    """The round's bar, each seat's row and the history are sections inside the table: a seat
    committing dice redraws its row and the bar (the dice on the table), not the table, and
    the frame is a whole draw's."""
    for width, height in SIZES:
        state = _black(2)
        seat = state.turn_seat()
        frame = panel(width, height)
        sections = CountingSections()
        view = _view(state, seat)
        sheet_gang.draw(frame.fb, width, height, state, view, sections)
        row = [entry[0] for entry in sheet_gang._score_rows(state)].index(seat)
        state.apply(seat, gang.commit_action(5))
        sections.drawn = []
        sheet_gang.draw(frame.fb, width, height, state, view, sections)
        table = [name for name in sections.drawn if name in (1, 4, 5, 6) or name >= 60]
        assert table == [4, 60 + row], sections.drawn
        drawn = frame.snapshot()
        assert drawn == _render(state, width, height, view).snapshot(), (width, height)
