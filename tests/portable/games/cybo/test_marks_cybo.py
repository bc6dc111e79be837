"""What Cybo's sheet writes about a round, read off the drawn frame on both runtimes: the
outcome is a word set clear of the points (9 points never reads "90"), a bust says "bust", the
grid shows the numbers rolled this turn inverted, and the how-to legend lists every word the
scorecard can draw, made from the same data as the sheet.
"""

from test_draw import SIZES, find_bitmap, needle, panel

from dicetable.core.protocol import CHANCE
from dicetable.games.cybo import data, howto
from dicetable.games.cybo import rules as cybo
from dicetable.games.cybo import sheet as sheet_cybo
from dicetable.ui import draw, sections

from cybo_helpers import new, turn

# One turn per outcome, each played by its own seat of a six-seat Grand Master game: seat 5
# repeats seat 0's ordered line, which is the duplicate there (rounds are seats' first rows).
_TURNS = (
    ("ordered", [1, 5, 9], None),
    ("trinity", [5, 1, 9], None),
    ("quad", [1, 4, 7, 10], True),
    ("quad-miss", [1, 4, 7, 5], True),
    ("bust", [1, 8], None),
    ("ordered", [3, 6, 9], False),
)


def _fonts(width):
    chosen = draw.look(width)
    if chosen.large:
        return draw.font("large"), chosen.dense
    return chosen.dense, chosen.dense


def _view(seat):
    return {"seat": seat, "prompt": "", "choices": [], "cursor": -1, "note": ""}


def _render(state, width, height, seat, drawn=sections.WHOLE, frame=None):
    if frame is None:
        frame = panel(width, height)
    sheet_cybo.draw(frame.fb, width, height, state, _view(seat), drawn)
    return frame


def _played():
    """Six seats, one outcome each in round 1; round 2 opens with seat 0 repeating 1-5-9."""
    state = new("grandmaster", players=6)
    for _outcome, rolls, quad in _TURNS:
        turn(state, rolls, quad)
    turn(state, [1, 5, 9])  # seat 0 again: its line in the same order, the duplicate
    return state


def _row(places, index):
    x, y, w, _h = places["rounds"]
    pitch = places["card_pitch"]
    return (x, y + index * pitch, w, pitch)


def _points_cell(places, index):
    """The points column of a round's row (the word and the points)."""
    round_width, slot, points_width, _total = places["columns"]
    x = round_width + 1 + 5 * slot + 1
    row = _row(places, index)
    return (x, row[1], points_width, row[3])


def test_every_outcome_is_a_word_in_its_row():
    state = _played()
    assert [row[2] for row in (state.card[s][0] for s in range(6))] == [t[0] for t in _TURNS]
    assert state.card[0][1][2] == "duplicate"
    for width, height in SIZES:
        places = sheet_cybo.layout(width, height, 6)
        _card, side_font = _fonts(width)
        for seat in range(6):
            frame = _render(state, width, height, seat)
            for index in range(len(state.card[seat])):
                outcome = state.card[seat][index][2]
                word = needle(side_font, data.OUTCOME_MARKS[outcome])
                cell = _points_cell(places, index)
                assert len(find_bitmap(frame, word, cell)) == 1, (width, seat, outcome)


def test_a_bust_reads_as_a_bust():
    state = _played()
    for width, height in SIZES:
        places = sheet_cybo.layout(width, height, 6)
        card_font, side_font = _fonts(width)
        frame = _render(state, width, height, 4)  # seat 4 rolled 1 then 8
        cell = _points_cell(places, 0)
        assert len(find_bitmap(frame, needle(side_font, "bust"), cell)) == 1
        assert len(find_bitmap(frame, needle(card_font, "0"), cell)) == 1


def test_nine_points_stand_clear_of_the_word_and_never_read_ninety():
    state = _played()
    for width, height in SIZES:
        places = sheet_cybo.layout(width, height, 6)
        card_font, side_font = _fonts(width)
        frame = _render(state, width, height, 0)  # seat 0: 1-5-9 in order, 9 points
        cell = _points_cell(places, 0)
        hits = find_bitmap(frame, needle(card_font, "9"), cell)
        assert len(hits) == 1, (width, hits)
        x, y = hits[0]
        nine_end = x + card_font.width
        # Paper from the 9 to the column's rule, and for a whole character before the 9.
        right = cell[0] + cell[2] - nine_end
        assert frame.ink(nine_end, cell[1], right, cell[3] - 1) == 0, width
        assert frame.ink(x - card_font.width, cell[1], card_font.width, cell[3] - 1) == 0
        for ninety in ("90", "9O", "9o"):
            assert not find_bitmap(frame, needle(card_font, ninety), places["card"]), width
        # The word is there, left of that character of air.
        word = needle(side_font, data.OUTCOME_MARKS["ordered"])
        found = find_bitmap(frame, word, cell)
        assert len(found) == 1 and found[0][0] + word.width <= x - card_font.width


def _grid_cells(places, numbers, fnt, frame, inverted):
    """The numbers of the grid drawn inverted (or plainly)."""
    shown = []
    for number in numbers:
        if find_bitmap(frame, needle(fnt, str(number), inverted), places["grid"]):
            shown.append(number)
    return shown


def test_the_grid_inverts_the_numbers_rolled_this_turn():
    for width, height in SIZES:
        state = new("beginner", players=2)
        places = sheet_cybo.layout(width, height, 2)
        _card, side_font = _fonts(width)
        numbers = tuple(state.grid.numbers)
        frame = _render(state, width, height, 0)
        assert _grid_cells(places, numbers, side_font, frame, True) == []
        assert len(_grid_cells(places, numbers, side_font, frame, False)) == 12
        state.apply(CHANCE, 5)
        state.apply(CHANCE, 9)
        frame = _render(state, width, height, 0)
        assert _grid_cells(places, numbers, side_font, frame, True) == [5, 9]
        plain = _grid_cells(places, numbers, side_font, frame, False)
        assert 5 not in plain and 9 not in plain and len(plain) == 10
        # 12 here cannot finish a line with 5 and 9: the turn ends and the grid is plain again.
        state.apply(CHANCE, 12)
        assert state.seat == 1 and state.card[0][0][2] == "bust"
        frame = _render(state, width, height, 0)
        assert _grid_cells(places, numbers, side_font, frame, True) == []


def test_rolls_redraw_the_grid_section_like_a_whole_draw():
    # The grid's key holds the turn's rolls: drawn in sections roll by roll, the frame is the
    # one a whole draw gives. (One big frame at a time: the whole draw goes into the same
    # buffer afterwards, which leaves it as the sections left it when the two agree.)
    for width, height in SIZES:
        state = new("advanced", players=2)
        kept = sections.Sections()
        frame = _render(state, width, height, 0, kept)
        for value in (1, 4, 7, "keep"):
            if value == "keep":
                assert state.offering_quad()
                state.apply(0, cybo.QUAD_DECLINE)
            else:
                state.apply(CHANCE, value)
            drawn = _render(state, width, height, 0, kept, frame).snapshot()
            whole = _render(state, width, height, 0, frame=frame).snapshot()
            assert drawn == whole, (width, value)


def test_the_legend_page_lists_every_word_the_sheet_can_draw():
    # Every outcome the rules score has a word, and the legend has a line for each.
    assert sorted(data.OUTCOME_MARKS) == sorted(data.POINTS) == sorted(data.OUTCOME_ORDER)
    heading, lines = howto.legend()
    assert (heading, lines) in howto.pages({})
    assert len(lines) == len(data.OUTCOME_ORDER)
    for outcome in data.OUTCOME_ORDER:
        start = "%s %d: " % (data.OUTCOME_MARKS[outcome], data.POINTS[outcome])
        assert [line for line in lines if line.startswith(start)], outcome
    # Words, not cryptic letters: each at least three letters, and no two alike.
    words = list(data.OUTCOME_MARKS.values())
    for word in words:
        assert len(word) >= 3 and word.isalpha(), word
        assert words.count(word) == 1, word


def test_a_changed_word_changes_the_sheet_and_the_legend_together():
    saved = data.OUTCOME_MARKS["bust"]
    data.OUTCOME_MARKS["bust"] = "flop"  # no wider than the widest word: the layout stands
    try:
        _heading, lines = howto.legend()
        assert [line for line in lines if line.startswith("flop 0: ")]
        assert not [line for line in lines if line.startswith(saved + " ")]
        state = _played()
        width, height = SIZES[0]
        places = sheet_cybo.layout(width, height, 6)
        _card, side_font = _fonts(width)
        frame = _render(state, width, height, 4)
        assert find_bitmap(frame, needle(side_font, "flop"), _points_cell(places, 0))
    finally:
        data.OUTCOME_MARKS["bust"] = saved
