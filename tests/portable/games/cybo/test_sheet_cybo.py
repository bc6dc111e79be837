"""dicetable.games.cybo.sheet on both runtimes: plain test functions with bare asserts.

The sheet is checked the way a player reads it: numbers and names are rendered alone in the same
font and found in the frame (test_draw.find_bitmap), changes between two renders are located,
and nothing may reach the blank margin around the panel.
"""

import gc
import sys

from counting_sections import CountingSections
from test_draw import (
    MARGIN,
    SIZES,
    Frame,
    changed_pixels,
    find_bitmap,
    inside,
    margin_is_blank,
    needle,
    panel,
)

from dicetable.core.protocol import CHANCE
from dicetable.games.cybo import rules as cybo
from dicetable.games.cybo import sheet as sheet_cybo
from dicetable.ui import draw, screens, text

from cybo_helpers import turn

_MICROPYTHON = sys.implementation.name == "micropython"

LONG_NAMES = [
    "Alexandrina Konstantinova",
    "Bartholomew-Smith",
    "Christopher Columbus",
    "Dorothea Maximiliane",
    "Evangelina",
    "Fitzgerald the Great",
]


def _fonts(width):
    chosen = draw.look(width)
    if chosen.large:
        return draw.font("large"), chosen.dense
    return chosen.dense, chosen.dense


def _state(players=4, level="advanced", names=None, bots=1):
    options = {"players": players, "level": level, "bots": bots}
    if names:
        options["names"] = names
    return cybo.new_state(cybo.make_params(options))


def _play(state, seed, until_round=None):
    """Roll a deterministic sequence (a small LCG) until the round or the end; bots' quad
    choices decide offers."""
    x = seed
    while not state.is_terminal():
        if until_round is not None and state.round >= until_round:
            break
        if _MICROPYTHON:
            # Collecting often keeps the few live objects together at the bottom of the heap,
            # so the rest of the test run still finds room in one piece.
            gc.collect()
        if state.offering_quad():
            state.apply(state.seat, cybo.bot_action(state, state.seat, None))
            continue
        x = (x * 1103515245 + 12345) & 0x3FFFFFFF
        state.apply(CHANCE, 1 + (x >> 16) % 12)
    return state


def _view(state, choices=(), cursor=-1, note="", seat=None):
    if seat is None:
        seat = state.seat
    return {
        "seat": seat,
        "prompt": "%s: press OK to roll" % state.seat_name(seat),
        "choices": list(choices),
        "cursor": cursor,
        "note": note,
    }


def _render(state, width, height, view=None, frame=None):
    if frame is None:
        frame = panel(width, height)
    sheet_cybo.draw(frame.fb, width, height, state, view or _view(state))
    return frame


def _row_rect(places, round_index):
    """The scorecard row of a round (0-based), the rule under it included."""
    x, y, w, _h = places["rounds"]
    pitch = places["card_pitch"]
    return (x, y + round_index * pitch, w, pitch)


def test_sheet_fits_the_panel_for_2_to_6_players_with_long_names():
    for width, height in SIZES:
        for players in range(2, 7):
            for level in ("beginner", "grandmaster"):
                state = _state(players, level, LONG_NAMES[:players], bots=players // 2)
                _play(state, players, until_round=6)
                view = _view(state, ["try the quad", "keep 3"], 1, "Save failed: " + "x" * 80)
                frame = _render(state, width, height, view)
                assert margin_is_blank(frame, width, height), (width, players, level)
                places = sheet_cybo.layout(width, height, players)
                for name in ("card", "bar", "standings", "grid", "turn"):
                    x, y, w, h = places[name]
                    assert x >= 0 and y >= 0 and x + w <= width and y + h <= height, name
                # The scorecard and the right-hand column do not overlap.
                assert places["card"][2] <= places["bar"][0]
                assert places["standings"][1] + places["standings"][3] <= places["grid"][1]


def test_sheet_long_names_change_only_the_standings():
    for width, height in SIZES:
        for players in (2, 6):
            short = _play(_state(players, bots=1), 5, until_round=4)
            long = _play(_state(players, names=LONG_NAMES[:players], bots=1), 5, until_round=4)
            view = _view(short)
            view["prompt"] = "P1: press OK to roll"
            a = _render(short, width, height, view).snapshot()
            b = _render(long, width, height, view).snapshot()
            box = changed_pixels(a, b)
            assert box is not None
            assert inside(box, sheet_cybo.layout(width, height, players)["standings"]), box


def _outside(before, after, rects):
    """How many pixels differ between two snapshots outside every rectangle of rects."""
    count = 0
    for y in range(len(before)):
        if before[y] == after[y]:
            continue
        for x in range(len(before[y]) * 8):
            mask = 0x80 >> (x & 7)
            if (before[y][x >> 3] ^ after[y][x >> 3]) & mask == 0:
                continue
            if not [r for r in rects if r[0] <= x < r[0] + r[2] and r[1] <= y < r[1] + r[3]]:
                count += 1
    return count


def test_sheet_one_roll_changes_only_the_current_row_of_the_scorecard_and_the_grid():
    for width, height in SIZES:
        state = _state(4)
        _play(state, 3, until_round=5)
        view = _view(state)
        before = _render(state, width, height, view).snapshot()
        state.apply(CHANCE, 5)  # a first roll never ends the turn
        after = _render(state, width, height, view)
        places = sheet_cybo.layout(width, height, 4)
        row = _row_rect(places, len(state.card[state.seat]))
        snapshot = after.snapshot()
        assert changed_pixels(before, snapshot) is not None
        assert _outside(before, snapshot, (row, places["grid"])) == 0
        # On the card, the change is the row alone.
        card = places["card"]
        assert _outside(before, snapshot, (row, (card[2], 0, width, height))) == 0
        # The roll is drawn in the R1 slot of that row.
        card_font, _side = _fonts(width)
        hits = find_bitmap(after, needle(card_font, "5"), _row_rect(places, state.round))
        assert len(hits) == 1
        assert hits[0][0] < places["card"][2] // 2  # R1 is left of the middle


def test_sheet_current_round_number_is_inverted():
    for width, height in SIZES:
        state = _play(_state(3), 11, until_round=7)
        frame = _render(state, width, height)
        card_font, _side = _fonts(width)
        places = sheet_cybo.layout(width, height, 3)
        hits = find_bitmap(frame, needle(card_font, str(state.round + 1), True), places["card"])
        assert len(hits) == 1
        row = _row_rect(places, state.round)
        assert row[1] <= hits[0][1] < row[1] + row[3]
        # Another seat's card has no round in progress: nothing inverted below the heading.
        other = _render(state, width, height, _view(state, seat=(state.seat + 1) % 3))
        inverted = needle(card_font, str(state.round + 1), True)
        assert not find_bitmap(other, inverted, places["card"])


def test_sheet_finished_game_shows_each_running_total_and_the_final_total():
    for width, height in SIZES:
        state = _play(_state(2, "beginner"), 21)
        assert state.is_terminal()
        places = sheet_cybo.layout(width, height, 2)
        card_font, side_font = _fonts(width)
        for seat in range(2):
            frame = _render(state, width, height, _view(state, seat=seat))
            running = 0
            for index in range(13):
                running += state.card[seat][index][1]
                row = _row_rect(places, index)
                total_width = places["columns"][3]
                column = (row[0] + row[2] - total_width, row[1], total_width, row[3])
                assert len(find_bitmap(frame, needle(card_font, str(running)), column)) == 1
            total = state.scores()[seat]
            assert running == total
            # The standings show it too, on the row of the shown seat (inverted).
            standings = places["standings"]
            hits = find_bitmap(frame, needle(side_font, str(total), True), standings)
            assert hits, (width, seat, total)
            assert margin_is_blank(frame, width, height)


def test_sheet_choices_show_the_cursor_and_the_quad_number():
    for width, height in SIZES:
        state = _state(2)
        state.apply(CHANCE, 1)
        state.apply(CHANCE, 4)
        state.apply(CHANCE, 7)
        assert state.offering_quad()
        _card, side_font = _fonts(width)
        places = sheet_cybo.layout(width, height, 2)
        for cursor in (0, 1):
            view = _view(state, ["try the quad", "keep 9"], cursor)
            frame = _render(state, width, height, view)
            chosen = ("try the quad", "keep 9")[cursor]
            other = ("try the quad", "keep 9")[1 - cursor]
            assert len(find_bitmap(frame, needle(side_font, chosen, True), places["turn"])) == 1
            assert len(find_bitmap(frame, needle(side_font, other), places["turn"])) == 1
            assert len(find_bitmap(frame, needle(side_font, "Quad needs 10"), places["turn"])) == 1


def test_sheet_marks_the_current_player_and_the_bots():
    width, height = SIZES[0]
    state = _state(4, bots=2)  # seats 2 and 3 are bots
    _play(state, 2, until_round=3)
    frame = _render(state, width, height)
    x, y, w, _h = sheet_cybo.layout(width, height, 4)["standings"]
    pitch = sheet_cybo.layout(width, height, 4)["side_pitch"]
    _card, side_font = _fonts(width)
    for seat in range(4):
        row = (x, y + seat * pitch, w, pitch)
        inverted = seat == state.seat
        name = needle(side_font, state.seat_name(seat), inverted)
        assert len(find_bitmap(frame, name, row)) == 1
        # The bot mark sits between the name and the total: ink there only for bots.
        name_end = x + 3 * side_font.width + text.measure(side_font, state.seat_name(seat))
        gap_end = x + w - 4 * side_font.width  # the total's three characters and the inset
        gap = (name_end + side_font.width, row[1], gap_end - name_end - side_font.width, pitch)
        count = frame.ink(gap[0], gap[1], gap[2], gap[3])
        if inverted:
            count = gap[2] * gap[3] - count
        assert (count > 0) == (seat >= 2), (seat, count)


def test_sheet_is_deterministic_and_clears_the_whole_frame():
    for width, height in SIZES:
        state = _play(_state(6, "master", bots=3), 8, until_round=9)
        view = _view(state, ["a", "b"], 0, "note")
        a = _render(state, width, height, view, Frame(width, height)).snapshot()
        b = _render(state, width, height, view, Frame(width, height, fill=1)).snapshot()
        c = _render(state, width, height, view, Frame(width, height)).snapshot()
        assert a == b == c


def test_sheet_layout_is_cached_per_panel_and_player_count():
    assert sheet_cybo.layout(296, 128, 4) is sheet_cybo.layout(296, 128, 4)
    small = sheet_cybo.layout(296, 128, 4)
    large = sheet_cybo.layout(400, 300, 4)
    assert large["card_pitch"] > small["card_pitch"]
    assert large["card"][2] > small["card"][2]
    # 14 lines (heading and 13 rounds) fill the small panel's height.
    assert small["card"][3] <= 128 < small["card"][3] + small["card_pitch"]


def test_sheet_results_view_lists_best_first_with_shared_wins():
    state = _state(3)
    turn(state, [1, 5, 9])  # P1: 9
    turn(state, [5, 1, 9])  # P2: 3
    turn(state, [2, 5, 8], quad=False)  # P3: 9
    standings = screens.standings(state)
    # Best first; the tie at 9 keeps seat order; both share the win.
    assert [entry[0] for entry in standings] == [state.seat_name(s) for s in (0, 2, 1)]
    assert [entry[1] for entry in standings] == [9, 9, 3]
    assert [entry[3] for entry in standings] == [True, True, False]
    for name, total, breakdown, _winner in standings:
        points = 0
        for _label, value in breakdown:
            points += value
        assert points == total, name


def test_sheet_results_screen_shows_a_finished_game():
    for width, height in SIZES:
        state = _play(_state(6, bots=2), 4)
        frame = panel(width, height)
        standings = screens.standings(state)
        draw.results(frame.fb, width, height, "Final scores", standings, "OK: menu")
        assert margin_is_blank(frame, width, height)
        dense = draw.look(width).dense
        for _name, _total, breakdown, _winner in standings:
            assert find_bitmap(frame, needle(dense, breakdown[0][0]))


def test_sheet_margin_helper_sees_spills():
    # The margin check itself: a pixel just outside the panel is caught.
    width, height = SIZES[0]
    frame = panel(width, height)
    assert margin_is_blank(frame, width, height)
    frame.fb.pixel(width, 5, 1)
    assert not margin_is_blank(frame, width, height)
    frame = panel(width, height)
    frame.fb.pixel(3, height + MARGIN - 1, 1)
    assert not margin_is_blank(frame, width, height)


def test_sheet_a_roll_redraws_the_grid_cell_it_inverts_and_not_the_grid():
    """The grid's cells are sections inside its lines: a roll redraws the cell of the number
    rolled, and the frame is the one a whole draw gives."""
    for width, height in SIZES:
        state = _state(4)
        _play(state, 3, until_round=5)
        view = _view(state)
        frame = panel(width, height)
        sections = CountingSections()
        sheet_cybo.draw(frame.fb, width, height, state, view, sections)
        state.apply(CHANCE, 5)  # a first roll never ends the turn
        sections.drawn = []
        sheet_cybo.draw(frame.fb, width, height, state, view, sections)
        grid = [name for name in sections.drawn if name == 2 or name >= 60]
        assert grid == [60 + list(state.grid.numbers).index(5)], sections.drawn
        drawn = frame.snapshot()
        assert drawn == _render(state, width, height, view).snapshot(), (width, height)
