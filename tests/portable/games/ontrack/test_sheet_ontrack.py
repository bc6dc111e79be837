"""dicetable.games.ontrack.sheet on both runtimes: the dice, stars, turns, score, choices and the
enlarged tile as a player reads them on both panels, dice-only mode, and the results."""

from counting_sections import CountingSections
from test_draw import SIZES, changed_pixels, find_bitmap, margin_is_blank, needle, panel

from dicetable.core.protocol import CHANCE
from dicetable.games.ontrack import bot as ontrack_bot
from dicetable.games.ontrack import data as ontrack_data
from dicetable.games.ontrack import rules as ontrack
from dicetable.games.ontrack import sheet as sheet_ontrack
from dicetable.games.ontrack import track
from dicetable.ui import draw, screens, text

from ontrack_helpers import RED, connection

LONG = "Bartholomew-Smith the Extraordinary"


def _state(players=1, names=None, **options):
    options["players"] = players
    if names:
        options["names"] = names
    return ontrack.new_state(ontrack.make_params(options))


def _play_turns(state, turns, first=0):
    """The bot's moves for every seat for `turns` turns of a fixed dice sequence."""
    for index in range(first, first + turns):
        state.apply(CHANCE, ontrack.roll_action(1 + index % 6, 1 + index * 5 % 6, 1 + index % 4))
        for seat in range(state.players):
            while seat in state.actors():
                state.apply(seat, ontrack_bot.hint(state, seat))
    return state


def _view(
    seat=0, prompt="", choices=(), cursor=-1, die=-1, tile=-1, preview=None, detail=(), zoom=False
):
    return {
        "seat": seat,
        "stage": 1,
        "choosing": True,
        "prompt": prompt,
        "choices": list(choices),
        "cursor": cursor,
        "die": die,
        "tile": tile,
        "preview": preview,
        "zoom": zoom,
        "detail": list(detail),
        "note": "",
    }


def _render(state, width, height, view):
    frame = panel(width, height)
    sheet_ontrack.draw(frame.fb, width, height, state, view)
    return frame


def _changed_box(state, width, height, first, second, change=None):
    """(left, top, right, bottom) of the pixels that differ between the renders of two views
    (`change(state, step)` may alter the state before the second, step 1, and undo it after,
    step -1), or None. One snapshot is held at a time: the test heap is small."""
    rows = _render(state, width, height, first).snapshot()
    if change is not None:
        change(state, 1)
    frame = _render(state, width, height, second)
    if change is not None:
        change(state, -1)
    stride = frame.stride
    box = None
    for y in range(len(rows)):
        now = bytes(frame.buf[y * stride : (y + 1) * stride])
        if now == rows[y]:
            continue
        left, _top, right, _bottom = changed_pixels([rows[y]], [now])
        if box is None:
            box = [left, y, right, y + 1]
        box = [min(box[0], left), box[1], max(box[2], right), y + 1]
    return box


def _fill_a_star(state, step):
    state.bank[0] -= step


def _play_a_turn(state, step):
    state.turn += step


def _font(width):
    return draw.look(width).dense


def _column(state, width, height):
    """(x, y, w, h) of the right column, beside the tiles."""
    grid = sheet_ontrack.grid_for(state.layout, width, height)
    x = grid.x + grid.width
    return (x, 0, width - x, height)


def test_both_panels_fit_long_names_notes_and_every_kind_of_view():
    state = _play_turns(_state(2, [LONG, "Ann"]), 8)
    state.apply(CHANCE, ontrack.roll_action(3, 3, 5))
    words = ["red 3: Sleigh or straight: " + "x" * 40] * 7
    views = [
        _view(0, LONG + ": choose a die - hint shown", words, 6, 0),
        _view(0, "P: choose a tile", (), -1, 2, 24, (24, 3, RED), [LONG, "then the way (8)"]),
        _view(1, "which way?", (), -1, 1, 48, (48, 1, 1), ["G7: green track", "way 2"], True),
    ]
    for width, height in SIZES:
        for view in views:
            view["note"] = "saving stopped: " + "y" * 70
            frame = _render(state, width, height, view)
            assert margin_is_blank(frame, width, height), (width, view["tile"])


def test_the_dice_are_written_out_the_chosen_one_inverted_and_drawn_ones_struck():
    state = _state()
    state.apply(CHANCE, ontrack.roll_action(4, 2, 6))
    for width, height in SIZES:
        fnt = _font(width)
        column = _column(state, width, height)
        frame = _render(state, width, height, _view(die=1))
        assert find_bitmap(frame, needle(fnt, "red 4"), column)
        assert find_bitmap(frame, needle(fnt, "green 2", True), column)
        assert find_bitmap(frame, needle(fnt, "white 6"), column)
    state.apply(0, ontrack.place_action(0, RED, 10, connection("N0", "E0")))
    for width, height in SIZES:
        frame = _render(state, width, height, _view())
        column = _column(state, width, height)
        assert not find_bitmap(frame, needle(_font(width), "red 4"), column)  # struck through
        assert find_bitmap(frame, needle(_font(width), "white 6"), column)


def test_the_turn_the_score_and_its_dead_ends_are_written_out():
    state = _play_turns(_state(), 3)
    total = state.score(0).total
    dead = sum(state.score(0).dead)
    assert dead > 0
    for width, height in SIZES:
        frame = _render(state, width, height, _view())
        fnt = _font(width)
        assert find_bitmap(frame, needle(fnt, "score %d, %d dead ends" % (total, dead)))
        assert find_bitmap(frame, needle(fnt, "turn 4/20", True))
        assert find_bitmap(frame, needle(fnt, "dice not rolled"))


def _bar(state, width, height):
    """(x, y, w, h) of the column's inverted bar: name on the left, turn on the right."""
    x, _y, w, _h = _column(state, width, height)
    return (x, 0, w, _font(width).height + 2)


def test_a_class_code_is_written_before_the_turn_so_a_room_can_check_it_is_in_step():
    for code, name in (("MATH", "Ann"), ("ABCDEFGH", LONG)):  # 8: the longest code
        state = _state(1, [name], code=code)
        state.turn = 3  # three turns played
        for width, height in SIZES:
            fnt = _font(width)
            frame = _render(state, width, height, _view(prompt="P1: choose a die"))
            assert margin_is_blank(frame, width, height)
            bar = _bar(state, width, height)
            found = find_bitmap(frame, needle(fnt, code + " 4/20", True), bar)
            assert len(found) == 1, (code, width)
            assert not find_bitmap(frame, needle(fnt, "turn 4/20", True))
            # The name gives way to the code and ends before it: nothing overlaps.
            start = name[: min(len(name), 4)]
            named = find_bitmap(frame, needle(fnt, start, True), bar)
            assert len(named) == 1 and named[0][1] == found[0][1], (code, width)
            assert named[0][0] + text.measure(fnt, start) < found[0][0]


def test_without_a_class_code_the_bar_says_turn():
    state = _state()
    state.turn = 3
    assert "code" not in state.params
    for width, height in SIZES:
        frame = _render(state, width, height, _view())
        found = find_bitmap(frame, needle(_font(width), "turn 4/20", True))
        assert found == find_bitmap(
            frame, needle(_font(width), "turn 4/20", True), _bar(state, width, height)
        )
        assert len(found) == 1


def test_dice_only_mode_shows_the_class_code_too():
    state = _state(2, mode="dice", code="ART1")
    state.apply(CHANCE, ontrack.roll_action(6, 1, 3))
    for width, height in SIZES:
        frame = _render(state, width, height, _view(prompt="Draw on your sheets"))
        assert find_bitmap(frame, needle(_font(width), "ART1 1/20", True))
        assert margin_is_blank(frame, width, height)


def test_the_star_bank_and_the_turn_boxes_show_what_was_earned_and_played():
    state = _play_turns(_state(), 5)  # a turn star at least
    assert state.bank[0] == state.earned[0] >= 1
    for width, height in SIZES:
        column = _column(state, width, height)
        # A star filled in: its circle fills, nothing else changes.
        box = _changed_box(state, width, height, _view(), _view(), _fill_a_star)
        assert box is not None and box[2] - box[0] < _font(width).height, box
        assert column[0] < box[0]
        # One more turn played: one more box filled (and the turn in the bar).
        box = _changed_box(state, width, height, _view(), _view(), _play_a_turn)
        assert box is not None and column[0] < box[0]


def test_the_choices_scroll_to_keep_the_cursor_on_the_panel():
    state = _state()
    state.apply(CHANCE, ontrack.roll_action(1, 2, 3))
    choices = ["choice number %d" % (index + 1) for index in range(9)]
    for width, height in SIZES:
        fnt = _font(width)
        frame = _render(state, width, height, _view(choices=choices, cursor=8))
        assert find_bitmap(frame, needle(fnt, "choice number 9", True))
        frame = _render(state, width, height, _view(choices=choices, cursor=0))
        assert find_bitmap(frame, needle(fnt, "choice number 1", True))
        assert find_bitmap(frame, needle(fnt, "choice number 2"))


def test_words_alone_fill_the_column_below_the_prompt():
    state = _state()
    rules = ["Placeholder sheet.", "Die table guessed."]
    for width, height in SIZES:
        frame = _render(state, width, height, _view(prompt="Turn 1", detail=rules))
        for line in rules:
            assert find_bitmap(frame, needle(_font(width), line), _column(state, width, height))


def test_the_cursor_tile_is_enlarged_with_its_words():
    state = _state()
    state.apply(CHANCE, ontrack.roll_action(1, 2, 3))
    detail = ["D4: red", "8 ways"]
    for width, height in SIZES:
        fnt = _font(width)
        grid = sheet_ontrack.grid_for(state.layout, width, height)
        x, y = grid.origin(24)
        # Choosing the tile: only the grid's cursor tile changes (inverted, previewing the
        # piece); the column shows the same words.
        view = _view(tile=24, preview=(24, 2, RED), detail=detail)
        box = _changed_box(state, width, height, _view(detail=detail), view)
        assert x <= box[0] and box[2] <= x + grid.tile + 1, box
        assert y <= box[1] and box[3] <= y + grid.tile + 1, box
        # Choosing the way: on a tall panel the tile enlarged in the column, with its words;
        # the grid's tile stays inverted but without the preview, so that way steps leave the
        # grid alone. On a short one the column keeps its words and the grid's tile shows the
        # way: an enlarged tile there would take turns with the choice list in the same rows,
        # each leaving its trace under the other.
        view["zoom"] = True
        frame = _render(state, width, height, view)
        for line in detail:
            assert find_bitmap(frame, needle(fnt, line)), (width, line)
        assert frame.fb.pixel(x + grid.tile // 2, y + grid.tile - 2) == 1  # inverted
        other_way = dict(view)
        other_way["preview"] = (24, 3, RED)
        box = _changed_box(state, width, height, view, other_way)
        if height >= 200:
            assert box is not None and box[0] > grid.x + grid.width
        else:
            assert box is not None and box[2] <= x + grid.tile + 1, box
            unzoomed = dict(view)
            unzoomed["zoom"] = False
            assert _changed_box(state, width, height, unzoomed, view) is None


def test_dice_only_mode_draws_the_three_dice_and_no_sheet():
    state = _state(3, mode="dice")
    for width, height in SIZES:
        frame = _render(state, width, height, _view(prompt="Turn 1: OK rolls the dice"))
        assert find_bitmap(frame, needle(_font(width), "dice not rolled"))
    state.apply(CHANCE, ontrack.roll_action(6, 1, 3))
    for width, height in SIZES:
        fnt = _font(width)
        frame = _render(state, width, height, _view(prompt="Draw on your sheets"))
        assert margin_is_blank(frame, width, height)
        for word in ("red", "green", "white", "Draw on your sheets"):
            assert len(find_bitmap(frame, needle(fnt, word))) == 1, word
        assert find_bitmap(frame, needle(fnt, "Dice only: draw on paper", True))
        # The red die, large: its solid border and six pips.
        assert frame.ink(0, height // 4, width // 3, height // 2) > width * height // 60


def test_results_are_best_first_with_the_breakdown_and_shared_wins():
    state = _play_turns(_state(3), 20)
    assert state.is_terminal()
    assert sheet_ontrack.results_message(state) is None
    standings = screens.standings(state)
    totals = [entry[1] for entry in standings]
    assert totals == sorted(totals, reverse=True)
    for _name, total, breakdown, winner in standings:
        assert sum([points for _label, points in breakdown]) == total
        assert winner == (total == totals[0])
    paper = _state(2, mode="dice")
    assert "count the sheets on paper" in sheet_ontrack.results_message(paper)[0]


def test_the_same_inputs_draw_the_same_pixels():
    state = _play_turns(_state(2), 4)
    state.apply(CHANCE, ontrack.roll_action(2, 5, 5))
    view = _view(1, "P2: which way?", (), -1, 2, 30, (30, 11, 1), ["E3", "way 1 of 9"])
    for width, height in SIZES:
        assert _changed_box(state, width, height, view, view) is None


def test_a_cursor_move_redraws_two_tiles_and_equals_a_whole_draw():
    """The tile the cursor leaves and the one it lands on are sections of their own: a move
    (or another preview) draws those two tiles and the rings, not the grid, and the frame is
    the one a whole draw gives: track on both tiles, a preview's paper on the edges."""
    state = _play_turns(_state(), 6)
    tiles = sorted(set([track.piece_parts(code)[0] for code in state.pieces[0]]))[:2]
    assert len(tiles) == 2
    steps = (
        (tiles[0], None),
        (tiles[1], None),
        (tiles[1], (tiles[1], connection("N0", "S0"), RED)),
        (tiles[0], None),
    )
    for width, height in SIZES:
        frame = panel(width, height)
        sections = CountingSections()
        for tile, preview in steps:
            sections.drawn = []
            view = _view(tile=tile, preview=preview)
            sheet_ontrack.draw(frame.fb, width, height, state, view, sections)
            grid_drawn = [name for name in sections.drawn if name == 0 or name >= 100]
            assert grid_drawn != [0], (width, tile)
        assert grid_drawn == [100, 101], grid_drawn  # the tile left, the cursor's tile
        drawn = frame.snapshot()
        assert drawn == _render(state, width, height, view).snapshot(), (width, height)


def test_the_first_roll_replaces_the_house_rules_as_a_new_page():
    # Before the first roll the column holds the house rules as words; the first roll puts a
    # list where they were. Sent as a partial, the words' trace would show under the list, so
    # the sheet draws it as another mode and the screen asks for a full refresh; later rolls
    # do not.
    from dicetable.ui.sections import Sections

    for width, height in SIZES:
        state = _state()
        frame = panel(width, height)
        sections = Sections()
        rules = _view(prompt="Turn 1: OK rolls the dice", detail=("a house rule",))
        sheet_ontrack.draw(frame.fb, width, height, state, rules, sections)
        sections.take_replaced()
        state.apply(CHANCE, ontrack.roll_action(1, 2, 3))
        sheet_ontrack.draw(frame.fb, width, height, state, _view(prompt="P1: choose"), sections)
        assert sections.take_replaced(), (width, height)
        sheet_ontrack.draw(frame.fb, width, height, state, _view(prompt="P1: again"), sections)
        assert not sections.take_replaced()
        while 0 in state.actors():
            state.apply(0, ontrack_bot.hint(state, 0))
        state.apply(CHANCE, ontrack.roll_action(4, 5, 6))
        assert state.turn == 1
        sheet_ontrack.draw(frame.fb, width, height, state, _view(prompt="P1: turn 2"), sections)
        assert not sections.take_replaced(), (width, height)


def test_the_house_rules_are_wrapped_ahead_drawn_the_same_and_let_go_at_the_first_roll():
    # ontrack.prepare (the setup screen's work while its panel refreshes) wraps the house
    # rules for the sheet's column, so the start's first draw makes none of those lines.
    state = _state(players=2)
    view = _view(prompt="Turn 1: OK rolls the dice", detail=ontrack_data.HOUSE_RULES)
    wrapped = []
    original = draw.wrap

    def counting(fnt, words, room):
        wrapped.append(words)
        return original(fnt, words, room)

    for width, height in SIZES:
        sheet_ontrack._rules_wrapped[:] = [None, 0, ()]
        plain = _render(state, width, height, view).rows()
        sheet_ontrack.prepare(width, height)
        del wrapped[:]
        draw.wrap = counting
        try:
            assert _render(state, width, height, view).rows() == plain
        finally:
            draw.wrap = original
        assert wrapped and [words for words in wrapped if words in ontrack_data.HOUSE_RULES] == []
        assert sheet_ontrack._rules_wrapped[0] is not None
    rolled = _play_turns(_state(players=2), 1)
    _render(rolled, 296, 128, _view())
    assert sheet_ontrack._rules_wrapped[0] is None  # the rules are gone from the sheet
