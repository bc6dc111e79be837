"""dicetable.games.dicetrip.sheet on both runtimes: the map, dice, score, choices, the placeholder
label and the strip of numbers as a player reads them on both panels; dice-only mode; the
results in tie-break order."""

from counting_sections import CountingSections
from test_city_map import ink_needle
from test_draw import (
    SIZES,
    changed_pixels,
    find_bitmap,
    inside,
    margin_is_blank,
    needle,
    panel,
)

from dicetable.core.protocol import CHANCE
from dicetable.games.dicetrip import city_map, route
from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.dicetrip import sheet as sheet_dicetrip
from dicetable.games.dicetrip.sheet import (
    CITY,
    CROSS,
    CROSS_ITEM,
    NUMBER,
    POWER,
    REROLL,
    ROLL,
    TWICE_ITEM,
    WAIT,
)
from dicetable.ui import draw, text

from dicetrip_helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    cross,
    cross_rounds,
    new,
    roll,
    roll_and_keep,
    write,
)

LONG = "Bartholomew-Smith the Extraordinary"
BRUGGE, GENT, BRUSSEL, LEUVEN = 1, 4, 10, 11


def _view(seat=0, stage=WAIT, items=(), cursor=-1, city=-1, note=""):
    """A view as games.dicetrip.play gives it."""
    return {
        "seat": seat,
        "stage": stage,
        "actor": seat,
        "items": list(items),
        "cursor": cursor,
        "city": city,
        "hint": False,
        "note": note,
    }


def _render(state, width, height, view):
    frame = panel(width, height)
    sheet_dicetrip.draw(frame.fb, width, height, state, view)
    return frame


def _dense(width):
    return draw.look(width).dense


def _map_area(width, height):
    return (0, 0, sheet_dicetrip.map_width(width), height)


def _panel_area(width, height):
    left = sheet_dicetrip.map_width(width)
    return (left, 0, width - left, height)


def _played():
    """Round 1 of two players: seat 0 wrote 21 in Brugge and 43 in Gent; seat 1 crossed."""
    state = new(2, names=[LONG, "Ann"])
    roll_and_keep(state, (2, 1, 4, 3))  # red 2, yellow 1, green 4, blue 3
    write(state, 0, RED, YELLOW, BRUGGE)
    write(state, 0, GREEN, BLUE, GENT)
    cross(state, 1, BRUSSEL)
    cross(state, 1, LEUVEN)
    roll_and_keep(state, (5, 6, 6, 2))
    return state


def test_the_sheet_fits_both_panels_with_long_names_notes_and_lists():
    state = _played()
    items = [(number, RED, BLUE, False) for number in range(11, 30)] + [CROSS_ITEM]
    for width, height in SIZES:
        for seat in (0, 1):
            view = _view(seat, NUMBER, items, 12, note="saving stopped: " + "x" * 80)
            frame = _render(state, width, height, view)
            assert margin_is_blank(frame, width, height), (width, seat)


def test_the_map_shows_each_seats_own_numbers_and_crosses():
    state = _played()
    for width, height in SIZES:
        fnt = sheet_dicetrip.map_font(width)
        area = _map_area(width, height)
        mine = _render(state, width, height, _view(0))
        assert find_bitmap(mine, ink_needle(fnt, "21"), area)
        assert find_bitmap(mine, ink_needle(fnt, "43"), area)
        ink = mine.ink(*area)
        other = _render(state, width, height, _view(1))
        assert not find_bitmap(other, ink_needle(fnt, "21"), area)
        assert other.ink(*area) != ink


def _late_game():
    """A solo game played by the hint up to its last city (about 24 numbers and crosses)."""
    from dicetable.games.dicetrip import bot as dicetrip_bot  # only here: the test heap is small

    state = new(1)
    faces = 0
    while not (state.round == 12 and state.placements_left(0)):
        if state.actors() == [CHANCE]:
            faces += 1
            state.apply(CHANCE, 1 + faces * 7 % 6)
        else:
            state.apply(0, dicetrip_bot.hint(state, 0))
    return state


def test_every_number_of_a_late_game_is_whole_and_alone_in_its_box():
    """Readable without a zoomed view: on both panels each written number's digits appear
    exactly in its box with no other ink there (no road, route shadow, ring or strip), the
    cursor's city too (inverted)."""
    state = _late_game()
    last = state.cross_options(0)[0]
    option = state.number_options(0)[0]
    for width, height in SIZES:
        fnt = sheet_dicetrip.map_font(width)
        layout = city_map.Layout(state.board, fnt, 0, 0, sheet_dicetrip.map_width(width), height)
        frame = _render(state, width, height, _view(0, CITY, [option], 0, last))
        written = 0
        for city in range(state.board.size):
            value = option[0] if city == last else state.values[0][city]
            if value <= 0:
                continue
            written += 1
            left, top = layout.box(city)
            inner = (left + 1, top + 1, layout.box_w - 2, layout.box_h - 2)
            digits = ink_needle(fnt, str(value), city == last)
            assert find_bitmap(frame, digits, inner), (width, city, value)
            ink = frame.ink(*inner)
            if city == last:
                ink = inner[2] * inner[3] - ink  # paper digits on ink
                wanted = digits.width * digits.height - digits.ink(
                    0, 0, digits.width, digits.height
                )
            else:
                wanted = digits.ink(0, 0, digits.width, digits.height)
            assert ink == wanted, (width, city, value)
        assert written >= 15


def test_the_dice_score_and_powers_are_written_out_and_the_choice_inverts_its_dice():
    state = _played()
    for width, height in SIZES:
        view = _view(0, NUMBER, [(65, YELLOW, GREEN, False), CROSS_ITEM], 0)
        frame = _render(state, width, height, view)
        fnt = _dense(width)
        big = draw.look(width).body if width >= 360 else fnt
        area = _panel_area(width, height)
        assert find_bitmap(frame, needle(big, "R5"), area)
        assert find_bitmap(frame, needle(big, "Y6", True), area)
        assert find_bitmap(frame, needle(big, "G6", True), area)
        assert find_bitmap(frame, needle(big, "B2"), area)
        total = state.scores()[0]
        route = len(state.longest_route(0))
        assert find_bitmap(frame, needle(fnt, "score %d route %d" % (total, route)), area)
        assert find_bitmap(frame, needle(fnt, "reroll \u2713  twice \u2713"), area)
        assert find_bitmap(frame, needle(fnt, "65 yellow+green \u2713", True), area)
        assert find_bitmap(frame, needle(fnt, "Cross out a city"), area)


def test_the_words_of_each_stage():
    state = _played()
    prompt, choices, info = sheet_dicetrip.words(state, _view(0, ROLL))
    assert prompt == "Round 2: %s, OK rolls the dice" % LONG and not choices and not info
    view = _view(0, POWER, [dicetrip.KEEP, dicetrip.REROLL_BASE + 1], 1)
    view["hint"] = True
    prompt, choices, _info = sheet_dicetrip.words(state, view)
    assert choices == ["Keep these dice", "Reroll power..."] and prompt.endswith("(hint)")
    prompt, choices, _info = sheet_dicetrip.words(
        state, _view(0, REROLL, [True, False, False, True, None], 4)
    )
    assert choices == ["\u2713 red 5", "  yellow 6", "  green 6", "\u2713 blue 2", "Reroll 2 dice"]
    items = [(56, RED, YELLOW, False), TWICE_ITEM, CROSS_ITEM]
    prompt, choices, _info = sheet_dicetrip.words(state, _view(0, NUMBER, items, 0))
    assert prompt == "%s: number 1 of 2" % LONG
    assert choices[1:] == ["Use a die twice...", "Cross out a city"]
    prompt, _choices, _info = sheet_dicetrip.words(state, _view(0, CITY, items, 0, BRUSSEL))
    # The map has no city names: the prompt points at the cursor's box, drawn inverted.
    assert prompt == "56 in the black box +1 bonus. OK writes it"  # a red ring, a red die
    prompt, _choices, _info = sheet_dicetrip.words(state, _view(0, CROSS, items, 2, BRUSSEL))
    assert prompt == "X in the black box (-1). OK crosses it"
    view = _view(1, WAIT)
    view["actor"] = 0
    assert sheet_dicetrip.words(state, view)[0] == "%s is playing..." % LONG


def test_choices_scroll_with_the_cursor_inverted():
    state = _played()
    items = [(number, GREEN, BLUE, False) for number in range(11, 41)]
    for width, height in SIZES:
        fnt = _dense(width)
        for cursor in (0, 17, 29):
            view = _view(0, NUMBER, items, cursor)
            frame = _render(state, width, height, view)
            words = sheet_dicetrip.words(state, view)[1][cursor]
            hits = find_bitmap(frame, needle(fnt, words, True), _panel_area(width, height))
            assert len(hits) == 1, (width, cursor)


def test_the_cursor_city_previews_the_number_and_the_score_without_writing():
    state = _played()
    before = state.to_data()
    after_gent = 5  # Sint-Niklaas, next to Gent's 43 (after Brugge's 21): the route grows
    for width, height in SIZES:
        fnt = sheet_dicetrip.map_font(width)
        view = _view(0, CITY, [(56, RED, YELLOW, False)], 0, after_gent)
        frame = _render(state, width, height, view)
        assert find_bitmap(frame, ink_needle(fnt, "56", True), _map_area(width, height))
        values = list(state.values[0])
        values[after_gent] = 56
        total, _items, path = route.score_sheet(state.board, values, state.ticks[0], False)
        assert total == state.scores()[0] + 1  # the route grows by one city
        line = "score %d\u2192%d route %d" % (state.scores()[0], total, len(path))
        assert find_bitmap(frame, needle(_dense(width), line), _panel_area(width, height))
        view = _view(0, CROSS, [CROSS_ITEM], 0, after_gent)
        crossing = _render(state, width, height, view)
        assert not find_bitmap(crossing, ink_needle(fnt, "56", True))
        line = "score %d\u2192%d" % (state.scores()[0], state.scores()[0] - 1)
        assert find_bitmap(crossing, needle(_dense(width), line), _panel_area(width, height))
    assert state.to_data() == before


def test_the_placeholder_map_says_so_and_the_strip_shows_the_free_numbers():
    state = _played()
    assert state.board.placeholder
    for width, height in SIZES:
        fnt = _dense(width)
        frame = _render(state, width, height, _view(0))
        area = _map_area(width, height)
        assert find_bitmap(frame, needle(fnt, "placeholder map"), area), width
        if width >= 360:  # the wide strip: 11..66 in rows, used ones (21, 43) gone
            assert find_bitmap(frame, needle(fnt, "22"), area)
            assert not find_bitmap(frame, needle(fnt, "21"), area)
            assert find_bitmap(frame, needle(fnt, "34"), area)
        else:  # the compact strip: a tens digit, then its units
            assert find_bitmap(frame, needle(fnt, "1 2 3 4 5 6"), area)  # tens 6: all free
            assert find_bitmap(frame, needle(fnt, "\u00b7 2 3 4 5 6"), area)  # tens 2: no 21
    real = dicetrip.DiceTripState(state.params, _real_board())
    for width, height in SIZES:
        frame = _render(real, width, height, _view(0))
        assert not find_bitmap(frame, needle(_dense(width), "placeholder map"))


def _real_board():
    """The placeholder map compiled as if it were the transcribed sheet."""
    from dicetable.games.dicetrip import belgium as dicetrip_map
    from dicetable.games.dicetrip import data as dicetrip_data
    from dicetable.games.dicetrip.route import Board

    class Real:
        NAME = "Belgium (real)"
        PLACEHOLDER = False
        NOTICE = ""
        CITIES = dicetrip_map.CITIES
        ROADS = dicetrip_map.ROADS

    return Board(Real, dicetrip_data.DICE_COLOURS)


def test_the_first_roll_prompt_area_carries_the_notice():
    state = new(1)
    notice = state.board.notice
    for width, height in SIZES:
        frame = _render(state, width, height, _view(0, ROLL))
        first_words = notice.split(" ")[0] + " " + notice.split(" ")[1]
        assert find_bitmap(frame, needle(_dense(width), first_words), _panel_area(width, height))


def _bar(width, fnt):
    """The inverted bar atop the right column: (x, y, w, h)."""
    left = sheet_dicetrip.map_width(width)
    return (left, 0, width - left, fnt.height + 2)


def test_the_class_code_and_round_are_in_the_bar_so_a_room_can_check_it_is_in_step():
    coded = new(2, names=[LONG, "Ann"], code="math7")
    plain = new(2, names=[LONG, "Ann"])
    assert sheet_dicetrip.round_text(coded) == "MATH7 1/13"
    assert sheet_dicetrip.round_text(plain) == "1/13"
    for state in (coded, plain):
        cross_rounds(state, 12)  # to the last round
        roll_and_keep(state, (1, 2, 3, 4))
    for width, height in SIZES:
        fnt = _dense(width)
        bar = _bar(width, fnt)
        for seat in (0, 1):
            frame = _render(coded, width, height, _view(seat, NUMBER, [CROSS_ITEM], 0))
            found = find_bitmap(frame, needle(fnt, "MATH7 13/13", True), bar)
            assert found, (width, seat)
            # Kept whole at the right end of the bar; the name gives way to it.
            assert found[0][0] + text.measure(fnt, "MATH7 13/13") <= width - draw.INSET
            assert find_bitmap(frame, needle(fnt, "Ann" if seat else "Bar", True), bar)
            assert margin_is_blank(frame, width, height)
            before = frame.snapshot()  # the next render reuses the buffer
            other = _render(plain, width, height, _view(seat, NUMBER, [CROSS_ITEM], 0))
            assert not find_bitmap(other, needle(fnt, "MATH7", True))
            assert find_bitmap(other, needle(fnt, "13/13", True), bar)
            # The code changes the bar and nothing else.
            changed = changed_pixels(other.snapshot(), before)
            assert inside(changed, bar), (width, seat, changed)


def test_dice_only_mode_shows_the_class_code_too():
    state = new(2, mode="dice", code="ART")
    roll(state, (3, 1, 6, 2))
    for width, height in SIZES:
        frame = _render(state, width, height, _view(0, POWER, [dicetrip.NEXT], 0))
        title = draw.look(width).title
        assert find_bitmap(frame, needle(title, "ART 1/13", True), (0, 0, width, title.height + 4))
        assert margin_is_blank(frame, width, height)


def test_dice_only_mode_shows_the_roll_large_and_no_map():
    state = new(3, mode="dice")
    roll(state, (3, 1, 6, 2))
    for width, height in SIZES:
        frame = _render(state, width, height, _view(0, POWER, [dicetrip.NEXT], 0))
        big = draw.look(width).body
        for face in ("3", "1", "6", "2"):
            assert find_bitmap(frame, needle(big, face)), (width, face)
        assert find_bitmap(frame, needle(_dense(width), "Reroll used: nobody"))
        assert not find_bitmap(frame, needle(_dense(width), "placeholder map"))
        assert margin_is_blank(frame, width, height)
    assert sheet_dicetrip.results_message(state)
    assert sheet_dicetrip.results_message(new(1)) is None


OOSTENDE, IEPER, KORTRIJK, AALST, SPA, ARLON = 0, 2, 3, 9, 20, 24


def test_results_follow_the_tie_break_and_say_when_it_decided():
    # Fewer crosses: seat 1 (12-21 route 2, +35 and 46 alone) 2 points, no cross; seat 0
    # (11-22 doubles along Oostende-Brugge: 2 ticks, route 2) less two crosses: 2 points.
    state = new(2)
    roll_and_keep(state, (1, 1, 2, 2))  # red 1, yellow 1, green 2, blue 2
    write(state, 1, RED, GREEN, OOSTENDE)  # 12
    write(state, 1, BLUE, YELLOW, IEPER)  # 21
    write(state, 0, RED, YELLOW, OOSTENDE)  # 11, a double
    write(state, 0, GREEN, BLUE, BRUGGE)  # 22, a double (Brugge's ring is yellow: no more)
    roll_and_keep(state, (3, 4, 5, 6))
    write(state, 1, RED, GREEN, ARLON)  # 35
    write(state, 1, YELLOW, BLUE, SPA)  # 46
    cross(state, 0, AALST)
    cross(state, 0, KORTRIJK)
    assert state.scores() == [2, 2] and state.winners() == [1]
    standings = sheet_dicetrip.results_view(state)
    assert [entry[0] for entry in standings] == ["P2", "P1"]  # the winner first
    assert standings[0][3] and not standings[1][3]
    assert ("Tie-break: fewer crosses", 0) in standings[0][2]
    assert not [label for label, _p in standings[1][2] if label.startswith("Tie-break")]
    for _name, total, items, _winner in standings:
        assert sum([points for _label, points in items]) == total


def test_then_the_longer_route_and_else_a_shared_win():
    # Seat 0: 12-21-34 rising along Oostende-Ieper-Kortrijk (route 3); seat 1: doubles 11
    # and 22 far apart (2 ticks, route 1) and two lone numbers: 3 points each, no crosses.
    state = new(2)
    roll_and_keep(state, (1, 1, 2, 2))
    write(state, 0, RED, GREEN, OOSTENDE)  # 12
    write(state, 0, BLUE, YELLOW, IEPER)  # 21
    write(state, 1, RED, YELLOW, OOSTENDE)  # 11
    write(state, 1, GREEN, BLUE, AALST)  # 22
    roll_and_keep(state, (3, 4, 5, 6))
    write(state, 0, RED, YELLOW, KORTRIJK)  # 34
    write(state, 0, GREEN, BLUE, ARLON)  # 56
    write(state, 1, RED, GREEN, ARLON)  # 35
    write(state, 1, YELLOW, BLUE, SPA)  # 46
    assert state.scores() == [3, 3] and state.winners() == [0]
    standings = sheet_dicetrip.results_view(state)
    assert ("Tie-break: longer route", 0) in standings[0][2] and not standings[1][3]
    # Equal sheets share the win, with no tie-break line.
    twin = new(2)
    roll_and_keep(twin, (1, 1, 2, 2))
    for seat in (0, 1):
        write(twin, seat, RED, GREEN, OOSTENDE)
        write(twin, seat, BLUE, YELLOW, IEPER)
    standings = sheet_dicetrip.results_view(twin)
    assert [entry[3] for entry in standings] == [True, True]
    for _name, _total, items, _winner in standings:
        assert not [label for label, _points in items if label.startswith("Tie-break")]


def test_the_city_prompts_point_at_the_black_box_the_map_shows_and_name_no_city():
    """The map has boxes, not names: "56 in Brussel" named a city no one could find. The
    prompt names the cursor's box, which is the one box drawn black, and fits its two lines."""
    state = _played()
    names = state.board.names
    items = [(56, RED, YELLOW, False), TWICE_ITEM, CROSS_ITEM]
    for city in state.cross_options(0):
        for stage, cursor in ((CITY, 0), (CROSS, 2)):
            prompt = sheet_dicetrip.words(state, _view(0, stage, items, cursor, city))[0]
            assert "black box" in prompt, prompt
            for name in names:
                assert name not in prompt, (name, prompt)
            for width, _height in SIZES:
                room = width - sheet_dicetrip.map_width(width) - 3
                assert len(draw.wrap(_dense(width), prompt, room)) <= 2, (width, prompt)
    city, other = state.cross_options(0)[:2]
    for stage, cursor in ((CITY, 0), (CROSS, 2)):
        for width, height in SIZES:
            fnt = sheet_dicetrip.map_font(width)
            layout = city_map.Layout(
                state.board, fnt, 0, 0, sheet_dicetrip.map_width(width), height
            )
            frame = _render(state, width, height, _view(0, stage, items, cursor, city))
            for box, black in ((city, True), (other, False)):
                left, top = layout.box(box)
                area = (layout.box_w - 2) * (layout.box_h - 2)
                ink = frame.ink(left + 1, top + 1, layout.box_w - 2, layout.box_h - 2)
                assert (ink * 2 > area) == black, (width, stage, box, ink, area)


def _box_rect(layout, city):
    left, top = layout.box(city)
    return (left, top, layout.box_w, layout.box_h)


def test_a_cursor_move_on_the_map_redraws_its_two_boxes_and_equals_a_whole_draw():
    """The boxes the city cursor leaves and lands on are sections of their own (the layouts keep
    boxes and rings apart), so moving it draws two boxes, not the map, and the frame is the one
    a whole draw gives."""
    state = _late_game()
    cities = (0, 5, 10)  # the cursor may stand on any city
    option = state.number_options(0)[0]
    for width, height in SIZES:
        fnt = sheet_dicetrip.map_font(width)
        layout = city_map.Layout(state.board, fnt, 0, 0, sheet_dicetrip.map_width(width), height)
        assert layout.apart, (width, height)
        frame = panel(width, height)
        sections = CountingSections()
        for city in cities[:3]:
            sections.drawn = []
            sections.touched_rects = []
            view = _view(0, CITY, [option], 0, city)
            sheet_dicetrip.draw(frame.fb, width, height, state, view, sections)
        map_drawn = [name for name in sections.drawn if name == 0 or name >= 100]
        assert map_drawn == [], map_drawn  # no roads, no strip
        boxes = [_box_rect(layout, box) for box in (5, 10)]  # the box left, the cursor's box
        assert sections.touched_rects == boxes, sections.touched_rects
        drawn = frame.snapshot()
        assert drawn == _render(state, width, height, view).snapshot(), (width, height)


def test_a_number_written_off_the_route_redraws_its_box_and_the_strip_not_the_roads():
    """A placement that leaves the longest route as it was changes one box and one number of
    the strip: the roads and the other boxes stay, and the frame is the one a whole draw
    gives. One that changes the route draws the roads again, and is whole-equal too."""
    kept = changed = 0
    for city in range(25):
        for width, height in SIZES:
            state = _played()
            if state.values[0][city]:
                continue
            route_before = state.longest_route(0)
            frame = panel(width, height)
            sections = CountingSections()
            sheet_dicetrip.draw(frame.fb, width, height, state, _view(0), sections)
            write(state, 0, RED, GREEN, city)  # 56: the round's first number
            sections.drawn = []
            sections.touched_rects = []
            sheet_dicetrip.draw(frame.fb, width, height, state, _view(0), sections)
            map_drawn = [name for name in sections.drawn if name == 0 or name >= 100]
            layout, spot, hole = sheet_dicetrip.lay_out(state.board, width, height)
            label = "placeholder map" if state.board.placeholder else ""
            cell = city_map.strip_cell(_dense(width), spot, label, 56)
            if state.longest_route(0) == route_before:
                assert map_drawn == [100], (city, map_drawn)  # the strip, not the roads
                assert sections.touched_rects == [_box_rect(layout, city), cell], city
                kept += 1
            else:
                assert 0 in map_drawn and 100 in map_drawn, (city, map_drawn)
                # The roads drawn again around the strip, which gets only its new cell.
                assert hole is not None, (width, height)
                assert sections.touched_rects[-1] == cell, city
                changed += 1
            assert frame.snapshot() == _render(state, width, height, _view(0)).snapshot()
    assert kept and changed, (kept, changed)  # both kinds were tried


def test_the_roads_drawn_again_clear_the_map_around_the_strip_and_tell_the_whole_map():
    """_roads_stale: with a hole, the map is cleared but for the hole, wherever it lies (inside,
    at an edge, past one), and the planner is told the whole map; nothing when the key holds."""
    import framebuf

    from dicetable.ui import sections as sections_module
    from dicetable.ui.sections import WHOLE, Sections

    buffer = bytearray(32 * 16 // 8)
    fb = framebuf.FrameBuffer(buffer, 32, 16, framebuf.MONO_HLSB)
    sections = Sections()
    sections.begin(fb)
    assert sheet_dicetrip._roads_stale(fb, sections, 1, 24, 16, (4, 8, 8, 8))
    fb.fill(1)
    sections_module.track()
    sections.begin(fb)
    assert not sheet_dicetrip._roads_stale(fb, sections, 1, 24, 16, (4, 8, 8, 8))
    assert sections_module.take_drawn() == (0, 0, 0, 0)
    for hole in ((4, 8, 8, 8), (0, 0, 8, 8), (-4, -4, 8, 8), (20, 12, 8, 8), (2, 3, 4, 5)):
        fb.fill(1)
        sections_module.track()
        sections.begin(fb)
        assert sheet_dicetrip._roads_stale(fb, sections, hole, 24, 16, hole)
        assert sections_module.take_drawn() == (0, 0, 24, 16)
        x, y, w, h = hole
        for row in range(16):
            for column in range(32):
                kept = x <= column < x + w and y <= row < y + h
                expected = 1 if column >= 24 or kept else 0
                assert fb.pixel(column, row) == expected, (hole, column, row)
    assert sheet_dicetrip._roads_stale(fb, WHOLE, 1, 24, 16, (4, 8, 8, 8))
