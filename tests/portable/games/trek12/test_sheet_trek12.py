"""dicetable.games.trek12.sheet on both runtimes: the roll, the operation table, the score and the
mountain as a player reads them, on both panels and every map."""

from test_draw import SIZES, changed_pixels, find_bitmap, margin_is_blank, needle, panel

from dicetable.core.protocol import CHANCE
from dicetable.games.trek12 import bot as trek12_bot
from dicetable.games.trek12 import maps as trek12_maps
from dicetable.games.trek12 import rules as trek12
from dicetable.games.trek12 import sheet as sheet_trek12
from dicetable.ui import draw, screens

from trek12_helpers import path_ink

LONG = "Bartholomew-Smith the Extraordinary"


def _state(map_id="dunai", players=2, names=None):
    options = {"players": players, "map": map_id}
    if names:
        options["names"] = names
    return trek12.new_state(trek12.make_params(options))


def _play_rounds(state, rounds):
    """Bots' choices for every seat for `rounds` rounds of a fixed dice sequence."""
    for index in range(rounds):
        state.apply(CHANCE, trek12.roll_action(1 + index % 6, (index * 5) % 6))
        for seat in range(state.players):
            state.apply(seat, trek12_bot.hint(state, seat))
    return state


def _view(seat=0, op=-1, ops=(), circle=-1, candidates=(), choosing=False, prompt="", note=""):
    return {
        "seat": seat,
        "choosing": choosing,
        "op": op,
        "ops": list(ops),
        "circle": circle,
        "candidates": tuple(candidates),
        "choices": [],
        "cursor": -1,
        "prompt": prompt,
        "note": note,
    }


def _render(state, width, height, view):
    frame = panel(width, height)
    sheet_trek12.draw(frame.fb, width, height, state, view)
    return frame


def _font(width):
    return draw.look(width).dense


def test_every_map_fits_both_panels_with_long_names_and_notes():
    for map_id in trek12_maps.MAP_IDS:
        state = _play_rounds(_state(map_id, 2, [LONG, "Ann"]), 6)
        state.apply(CHANCE, trek12.roll_action(6, 5))
        for width, height in SIZES:
            view = _view(0, 4, (0, 1, 2, 3, 4), -1, (), True, "Bartholomew: choose a result")
            view["note"] = "saving stopped: " + "x" * 60
            frame = _render(state, width, height, view)
            assert margin_is_blank(frame, width, height), (map_id, width)


def test_the_roll_the_results_and_the_score_are_written_out():
    state = _play_rounds(_state("kagkot", 1), 3)
    state.apply(CHANCE, trek12.roll_action(5, 2))
    score = state.score(0).total
    for width, height in SIZES:
        frame = _render(state, width, height, _view(0, 3, (0, 1, 2, 3, 4), choosing=True))
        fnt = _font(width)
        assert find_bitmap(frame, needle(fnt, "red 5  yellow 2"))
        assert find_bitmap(frame, needle(fnt, "score %d" % score))
        # The op under the cursor is inverted: sum 7 (5 + 2).
        assert find_bitmap(frame, needle(fnt, "sum   7", True))
        assert find_bitmap(frame, needle(fnt, "prod 10"))


def test_an_operation_that_cannot_be_used_is_struck_through():
    state = _state("dunai", 1)
    state.apply(CHANCE, trek12.roll_action(4, 1))
    for width, height in SIZES:
        open_all = _render(state, width, height, _view(0, 0, (0, 1, 2, 3, 4), choosing=True))
        before = open_all.snapshot()
        struck = _render(state, width, height, _view(0, 0, (0, 1, 3, 4), choosing=True))
        box = changed_pixels(before, struck.snapshot())
        assert box is not None
        # Only the diff row changed, by a line through its name and value.
        assert box[3] - box[1] == 1 and box[2] - box[0] > 20, box


def test_the_cursor_circle_previews_the_number_without_writing_it():
    state = _state("dunai", 1)
    state.apply(CHANCE, trek12.roll_action(6, 5))
    board = state.board
    for width, height in SIZES:
        frame = _render(state, width, height, _view(0, 4, (0, 1, 2, 3, 4), 7, (7,), True))
        fnt = _font(width)
        layout = sheet_trek12.mountain_layout(board, width, height)
        left = max([x for x, _y in layout.centres]) + layout.radius + 1
        mountain_area = (0, 0, left, height)
        # prod 30 is over any cap: a frown is previewed, no "30" appears on the mountain.
        assert not find_bitmap(frame, needle(fnt, "30", True), mountain_area)
        frame = _render(state, width, height, _view(0, 3, (0, 1, 2, 3, 4), 7, (7,), True))
        assert board.caps[7] == 12
        assert len(find_bitmap(frame, needle(fnt, "11", True), mountain_area)) == 1
    assert state.values[0][7] == trek12.EMPTY


def test_made_up_layouts_say_so():
    for map_id in trek12_maps.MAP_IDS:
        state = _state(map_id, 1)
        approximate = state.board.approximate
        for width, height in SIZES:
            frame = _render(state, width, height, _view())
            found = find_bitmap(frame, needle(_font(width), "approximate layout"))
            assert bool(found) == approximate, (map_id, width)


def test_results_are_best_first_with_the_breakdown_and_shared_wins():
    state = _play_rounds(_state("dunai", 3), 19)
    assert state.is_terminal()
    standings = screens.standings(state)
    totals = [entry[1] for entry in standings]
    assert totals == sorted(totals, reverse=True)
    for _name, total, breakdown, winner in standings:
        assert sum([points for _label, points in breakdown]) == total
        assert winner == (total == totals[0])


def test_special_marks_and_printed_pairs_are_drawn():
    for width, height in SIZES:
        zen = _state("zen", 1)
        frame = _render(zen, width, height, _view())
        starts = find_bitmap(frame, needle(_font(width), ">"))
        assert len(starts) == len(zen.board.starts) > 0, (width, starts)
        jampa = _state("jampa", 1)
        board = jampa.board
        frame = _render(jampa, width, height, _view())
        layout = sheet_trek12.mountain_layout(board, width, height)
        first, second = board.prelinked[0]
        ax, ay = layout.centres[first]
        bx, by = layout.centres[second]
        assert frame.ink((ax + bx) // 2 - 3, (ay + by) // 2 - 3, 7, 7) >= 4


def test_dice_only_mode_shows_the_roll_and_all_five_results_large():
    state = trek12.new_state(trek12.make_params({"players": 1, "mode": "dice"}))
    state.apply(CHANCE, trek12.roll_action(6, 4))
    for width, height in SIZES:
        frame = _render(state, width, height, _view(prompt="Write one result"))
        big = draw.look(width).body
        assert find_bitmap(frame, needle(big, "red 6   yellow 4"))
        for word, value in (("low", 4), ("high", 6), ("diff", 2), ("sum", 10), ("prod", 24)):
            assert find_bitmap(frame, needle(big, word)), word
            assert find_bitmap(frame, needle(big, str(value))), value
        assert margin_is_blank(frame, width, height)
    assert sheet_trek12.results_message(state)[0].startswith("All 19 rolls are done")
    assert sheet_trek12.results_message(_state("dunai", 1)) is None


def test_the_class_code_and_round_are_in_the_bar_so_a_room_can_check_it_is_in_step():
    state = trek12.new_state(trek12.make_params({"players": 1, "code": "MATH"}))
    state.apply(CHANCE, trek12.roll_action(2, 3))
    for width, height in SIZES:
        frame = _render(state, width, height, _view())
        assert find_bitmap(frame, needle(_font(width), "MATH 1/19", True))


def _rope_question(map_id="dunai"):
    """A state asking where high 6 goes, and (c, a, b): c may link down to the 5 in a or in b."""
    state = _state(map_id, 1)
    board = state.board
    for c in range(board.size):
        around = board.neighbours[c]
        for a in around:
            for b in around:
                if a < b and b in board.neighbours[a]:
                    for circle in (a, b):
                        state.apply(CHANCE, trek12.roll_action(5, 0))
                        for action in state.legal_actions(0):
                            if trek12.decode(action)[:2] == (trek12.HIGH, circle):
                                state.apply(0, action)
                                break
                    state.apply(CHANCE, trek12.roll_action(6, 0))
                    return state, (c, a, b)
    raise AssertionError("no triangle")


def test_a_rope_question_shows_its_ropes_on_the_map_and_numbers_them():
    state, (c, a, b) = _rope_question()
    assert state.values[0][a] == state.values[0][b] == 5
    board = state.board
    for width, height in SIZES:
        layout = sheet_trek12.mountain_layout(board, width, height)
        view = _view(0, trek12.HIGH - 1, (0, 1, 2, 3, 4), c, (a,), True, "P1: which rope?")
        view["choices"] = ["rope 1 of 2", "rope 2 of 2"]
        view["cursor"] = 0
        # (Each frame is measured before the next is drawn: big test frames share a buffer.)
        unmarked = path_ink(_render(state, width, height, view), layout, c, b)
        view["ropes"] = (a, b)
        shown = _render(state, width, height, view)
        # The rope to b (not under the cursor) is drawn dashed, the one to a bold.
        dashed = path_ink(shown, layout, c, b)
        assert unmarked < dashed < path_ink(shown, layout, c, a), (width, unmarked, dashed)
        fnt = _font(width)
        assert find_bitmap(shown, needle(fnt, "rope 1 of 2", True))
        assert find_bitmap(shown, needle(fnt, "rope 2 of 2"))
        assert margin_is_blank(shown, width, height)
        view["candidates"] = (b,)
        moved = _render(state, width, height, view)
        assert path_ink(moved, layout, c, b) > dashed, width


def test_the_tall_panel_carries_the_score_summary_under_every_mountain():
    for map_id in trek12_maps.MAP_IDS:
        state = _play_rounds(_state(map_id, 1), 8)
        score = state.score(0)
        cells = sheet_trek12._summary_cells(score)
        assert cells[-1] == ("total", score.total)
        assert sum([points for _words, points in cells[:-1]]) == score.total, map_id
        for width, height in SIZES:
            frame = _render(state, width, height, _view())
            fnt = _font(width)
            left = width - width * 42 // 100
            layout = sheet_trek12.mountain_layout(state.board, width, height)
            lowest = max([y for _x, y in layout.centres]) + layout.radius
            found = find_bitmap(frame, needle(fnt, "total"), (0, 0, left, height))
            if height < 200:  # 296x128: no room, the mountain keeps the whole height
                assert not found and lowest >= height * 3 // 4, (map_id, lowest)
                continue
            assert len(found) == 1 and found[0][1] > lowest, (map_id, found, lowest)
            for words in ("ropes", "zones", "longest rope", "biggest zone"):
                assert find_bitmap(frame, needle(fnt, words), (0, lowest, left, height)), words
            # The lowest sixth of the panel, left of the column, is not blank.
            assert frame.ink(0, height - height // 6, left, height // 6) > 50, map_id
            assert margin_is_blank(frame, width, height)
