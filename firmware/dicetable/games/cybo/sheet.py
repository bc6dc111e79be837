"""Cybo's play sheet: one seat's 13-round scorecard, the standings, the grid and the prompt.

PURE. `draw` fills the whole frame from the state and the play screen's view, so equal inputs give
equal pixels. The scorecard has R1-R5 roll slots, points and a running total (DECISIONS.md); the
points cell says what the rolls made in a word (data.OUTCOME_MARKS: "order  9", "bust  0"), set
a character clear of the number and in the side font, which is smaller than the numbers on
400x300. The row of the turn in progress shows its rolls as they come, so a roll changes only
that row and the grid, whose cells rolled this turn are inverted. Sizes follow the panel: the
small font on 296x128, where 14 scorecard lines fill the height, and a larger one on 400x300.

Layout, left to right:
    scorecard | level and round bar
              | standings: > current player, inverted = whose card is shown, bot mark, total
              | grid of the numbers, this turn's rolls inverted
              | prompt, quad hint, choices (cursor inverted), note
"""

from micropython import const

from dicetable.games.cybo import data
from dicetable.ui import draw as screen
from dicetable.ui import sheet_parts as parts
from dicetable.ui import text
from dicetable.ui.sections import WHOLE

_NUMBERS = {}  # the numbers this sheet draws, each made once (text.number)

_INK = const(1)
_PAPER = const(0)

# Scorecard columns, in characters of the scorecard font.
_ROUND_CHARS = const(2)  # "13"
_ROLL_CHARS = const(2)  # a d12 face, "12"
_ROLL_SLOTS = const(5)  # R1-R5: Beginner's four rolls and a quad roll
_POINTS_CHARS = const(2)  # "16"
_TOTAL_CHARS = const(3)  # at most 13 x 16 = 208
_CARD_LINES = const(14)  # the heading and 13 rounds
# Line pitch is at most the font height plus this fraction of it (the 400x300 panel has more
# room than 14 lines need; the 296x128 panel has exactly the font height plus one).
_LEADING_DIVISOR = const(4)

# Right-hand column, in pixels.
_SIDE_GAP = const(4)  # between the scorecard and the right-hand column
_BAR_PAD = const(1)  # above and below the level and round bar's text
_LINE_GAP = const(1)  # between lines of the right-hand column
_BLOCK_GAP = const(3)  # above the grid and above the turn block when it is under the grid
_INSET = const(2)  # the current-player arrow and the total inside a standings row
_CHOICE_INSET = const(3)  # text inside a choice box, clear of its outline
_GRID_PAD_CHARS = const(1)  # a grid cell is a number plus one character of air

# The standings column holds this many characters of a total.
_STANDING_TOTAL_CHARS = const(3)

# A side font taller than this has spare leading (the small panel has none to give).
_DENSE_HEIGHT = const(8)

# Lines the turn block needs to go under the grid: prompt, hint, two choices, two note lines.
_TURN_LINES = const(7)

# Section names (ui.sections): rows and seats count up from their base.
_HEADING = const(0)
_BAR = const(1)
_GRID = const(2)
_TURN = const(3)
_ROWS = const(10)
_SEATS = const(30)
_CHOICES = const(40)
_CELLS = const(60)  # the grid's cells, inside its lines

_layout_key = None
_layout_value = None


def _fonts(width):
    """(scorecard font, side font): small for both on 296x128, large and medium on 400x300."""
    chosen = screen.look(width)
    if chosen.large:
        return screen.font("large"), chosen.dense
    return chosen.dense, chosen.dense


def layout(width, height, players):
    """Where everything goes, as a dict of (x, y, w, h) rectangles plus the pitches:

    card (the whole scorecard), rounds (its 13 round rows), bar, standings, grid, turn (prompt,
    choices and note); card_pitch, side_pitch, gap (the scorecard's column gap) and columns (the
    widths of the round, roll slot, points and total columns; the points column holds the
    outcome's word and the points). Tests use it to check that a change stays where it belongs.
    Computed once per panel and player count.
    """
    global _layout_key, _layout_value
    key = (width, height, players)
    if key == _layout_key:
        return _layout_value
    card_font, side_font = _fonts(width)
    cw = card_font.width
    gap = cw // 2 + 1  # half a character between columns, so numbers never touch
    pitch = max(
        card_font.height,
        min(height // _CARD_LINES, card_font.height + card_font.height // _LEADING_DIVISOR),
    )
    round_width = _ROUND_CHARS * cw + gap
    slot = _ROLL_CHARS * cw + gap
    # The outcome's word, a character of air, the points: the word never touches the number.
    # (The word takes a pixel from the gap on its left, the points one from their right.)
    mark_width = 0
    for mark in data.OUTCOME_MARKS.values():
        mark_width = max(mark_width, text.measure(side_font, mark))
    points_width = mark_width + (1 + _POINTS_CHARS) * cw + gap
    total_width = _TOTAL_CHARS * cw + gap
    # Three rules of one pixel separate round, rolls, points and total.
    card_width = round_width + 1 + _ROLL_SLOTS * slot + 1 + points_width + 1 + total_width
    side_x = card_width + _SIDE_GAP
    side_width = width - side_x
    side_pitch = side_font.height + _LINE_GAP
    if side_font.height > _DENSE_HEIGHT:  # the big panel has room to spare: airier lines
        side_pitch = side_font.height + side_font.height // _LEADING_DIVISOR
    bar_height = side_font.height + 2 * _BAR_PAD
    standings_y = bar_height + _LINE_GAP
    grid_y = turn_y = standings_y + players * side_pitch + _BLOCK_GAP
    cell_width = (_ROLL_CHARS + _GRID_PAD_CHARS) * side_font.width
    grid_width = data.COLUMNS * cell_width + 1
    grid_height = data.ROWS * side_pitch + 1
    grid_x = side_x
    # The prompt and choices go under the grid, across the column, when there is room for them
    # (400x300); otherwise beside it (296x128).
    below = grid_y + grid_height + _BLOCK_GAP
    if height - below >= _TURN_LINES * side_pitch:
        grid_x = side_x + (side_width - grid_width) // 2
        turn_x, turn_y = side_x, below
    else:
        turn_x = side_x + grid_width + _SIDE_GAP
    _layout_value = {
        "card": (0, 0, card_width, _CARD_LINES * pitch),
        "rounds": (0, pitch, card_width, (_CARD_LINES - 1) * pitch),
        "bar": (side_x, 0, side_width, bar_height),
        "standings": (side_x, standings_y, side_width, players * side_pitch),
        "grid": (grid_x, grid_y, grid_width, grid_height),
        "turn": (turn_x, turn_y, width - turn_x, height - turn_y),
        "card_pitch": pitch,
        "side_pitch": side_pitch,
        "gap": gap,
        "columns": (round_width, slot, points_width, total_width),
    }
    _layout_key = key
    return _layout_value


def draw(fb, width, height, state, view, sections=WHOLE):
    """Draw the sheet for `state` as the play screen's `view` describes it:
    {"seat": whose card, "prompt": str, "choices": [str], "cursor": int, "note": str}.
    With `sections` (ui.sections), only the parts whose content changed are drawn again."""
    if sections.begin(fb):
        fb.fill(_PAPER)
    places = layout(width, height, state.players)
    card_font, side_font = _fonts(width)
    _scorecard(fb, card_font, side_font, places, state, view["seat"], sections)
    _bar(fb, side_font, places["bar"], state, sections)
    _standings(fb, side_font, places, state, view["seat"], sections)
    _grid(fb, side_font, places, state, sections)
    _turn(fb, side_font, places, state, view, sections)


# --- scorecard --------------------------------------------------------------------------------
def _right(fb, fnt, s, right, y, color=_INK):
    """Draw s ending at x = right. The layout sized every column for its longest number, so
    nothing needs truncating, and the scorecard's ~200 numbers skip text.fit."""
    text.draw(fb, fnt, s, right - text.measure(fnt, s), y, color)


def _scorecard(fb, fnt, mark_font, places, state, seat, sections):
    _x, _y, card_width, card_height = places["card"]
    pitch = places["card_pitch"]
    round_width, slot, points_width, total_width = places["columns"]
    half = places["gap"] // 2
    cw = fnt.width
    rolls_x = round_width + 1
    points_x = rolls_x + _ROLL_SLOTS * slot + 1
    total_x = points_x + points_width + 1
    # Right edges of the numbers in each column.
    round_right = half + 1 + _ROUND_CHARS * cw
    roll_right = rolls_x + half + _ROLL_CHARS * cw
    points_right = points_x + points_width - half
    total_right = total_x + half + _TOTAL_CHARS * cw
    # Each row is the text's cell and a rule under it; spare rows are shared above and below.
    dy = (pitch - 1 - fnt.height) // 2
    # The word starts a pixel further from the rule than numbers do (letters have no side
    # bearing to spare) and shares the numbers' baseline.
    mark_x = points_x + half + 1
    mark_dy = dy + fnt.ascent - mark_font.ascent
    rules = (rolls_x - 1, points_x - 1, total_x - 1)

    if sections.stale(fb, _HEADING, 0, 0, 0, card_width, pitch):
        # Inverted, like the printed pad's; the column rules show through in paper.
        fb.fill_rect(0, 0, card_width, pitch, _INK)
        _right(fb, fnt, "Rd", round_right, dy, _PAPER)
        for index in range(_ROLL_SLOTS):
            _right(fb, fnt, "R%d" % (index + 1), roll_right + index * slot, dy, _PAPER)
        _right(fb, fnt, "Pts", points_right, dy, _PAPER)
        _right(fb, fnt, "Tot", total_right, dy, _PAPER)
        for x in rules:
            fb.vline(x, 0, pitch, _PAPER)
        fb.hline(0, 0, card_width, _INK)  # the card's outline over the rules

    rows = state.card[seat]
    played = len(rows)
    current = -1
    if seat == state.seat and not state.is_terminal():
        current = played
    marks = data.OUTCOME_MARKS
    total = 0
    y = pitch
    for index in range(data.ROUNDS):
        rolls = None
        points = outcome = None
        if index < played:
            rolls, points, outcome = rows[index]
            total += points
        elif index == current:
            rolls = state.rolls
        key = (index == current, tuple(rolls) if rolls else None, points, outcome, total)
        if sections.stale(fb, _ROWS + index, key, 0, y, card_width, pitch):
            # The row's share of the card's outline and column rules, and the rule under it.
            for x in (0, card_width - 1) + rules:
                fb.vline(x, y, pitch, _INK)
            fb.hline(0, y + pitch - 1, card_width, _INK)
            text_y = y + dy
            round_color = _INK
            if index == current:  # the round being played: its number inverted
                fb.fill_rect(0, y, round_width, pitch, _INK)
                round_color = _PAPER
            _right(fb, fnt, text.number(_NUMBERS, index + 1), round_right, text_y, round_color)
            if points is not None:
                text.draw(fb, mark_font, marks.get(outcome, "?"), mark_x, y + mark_dy)
                _right(fb, fnt, text.number(_NUMBERS, points), points_right, text_y)
                _right(fb, fnt, text.number(_NUMBERS, total), total_right, text_y)
            if rolls:
                right = roll_right
                for slot_index in range(min(len(rolls), _ROLL_SLOTS)):
                    _right(fb, fnt, text.number(_NUMBERS, rolls[slot_index]), right, text_y)
                    right += slot
        y += pitch


# --- right-hand column ------------------------------------------------------------------------
def _bar(fb, fnt, place, state, sections):
    x, y, width, height = place
    # Keyed by what its words are made from: on MicroPython each new str costs a search of
    # all the interned names (0.15-0.25 ms on an RP2040 with a game loaded).
    over = state.is_terminal()
    if not sections.stale(fb, _BAR, (state.level, over, state.round), x, y, width, height):
        return
    level = data.LEVEL_TITLES.get(state.level, state.level)
    if over:
        right = "Final"
    else:
        right = "Round %d/%d" % (state.round + 1, data.ROUNDS)
    title = "Cybo " + level
    room = width - 2 * screen.INSET
    if text.measure(fnt, title + " " + right) > room:
        title = level  # the level matters more than the game's name, which the menu gave
        if text.measure(fnt, title + " " + right) > room and not over:
            right = "Rd %d/%d" % (state.round + 1, data.ROUNDS)  # as the scorecard heads it
    screen.bar(fb, x, y, width, fnt, title, right, _BAR_PAD)


def _standings(fb, fnt, places, state, shown, sections):
    x, y, width, _height = places["standings"]
    pitch = places["side_pitch"]
    totals = state.scores()
    bots = state.params.get("bots", ())
    playing = -1 if state.is_terminal() else state.seat
    arrow_rows = (fnt.height - 1) // 2
    name_x = x + _INSET + arrow_rows + _INSET
    mark_size = fnt.height - 1
    total_room = _STANDING_TOTAL_CHARS * fnt.width
    total_x = x + width - _INSET - total_room
    mark_x = total_x - fnt.width - mark_size
    dy = (pitch - fnt.height + 1) // 2
    for seat in range(len(totals)):
        name = state.seat_name(seat)
        bot = seat in bots
        key = (seat == shown, seat == playing, bot, name, totals[seat])
        if not sections.stale(fb, _SEATS + seat, key, x, y, width, pitch):
            y += pitch
            continue
        color = _INK
        if seat == shown:  # whose card is on the left
            fb.fill_rect(x, y, width, pitch, _INK)
            color = _PAPER
        if seat == playing:
            arrow_y = y + (pitch - 2 * arrow_rows + 1) // 2
            screen.arrow(fb, x + _INSET, arrow_y, arrow_rows, "right", color)
        name_room = mark_x - name_x - fnt.width
        if bot:
            screen.bot_mark(fb, mark_x, y + (pitch - mark_size) // 2, mark_size, color)
        else:
            name_room += mark_size + fnt.width
        text.draw(fb, fnt, text.fit(fnt, name, name_room), name_x, y + dy, color)
        total = text.number(_NUMBERS, totals[seat])
        text.draw_right(fb, fnt, total, total_x, y + dy, total_room, color)
        y += pitch


def _grid(fb, fnt, places, state, sections):
    """The 4x3 grid of numbers for the preset in play: the lines a trinity can follow. The
    numbers rolled in the turn in progress are inverted."""
    x, y, width, height = places["grid"]
    numbers = state.grid.numbers
    rolled = state.rolls  # empty between turns
    pitch = places["side_pitch"]
    cell = (width - 1) // data.COLUMNS
    if sections.stale(fb, _GRID, tuple(numbers), x, y, width, height):
        fb.rect(x, y, width, height, _INK)
        for column in range(1, data.COLUMNS):
            fb.vline(x + column * cell, y, height, _INK)
        for row in range(1, data.ROWS):
            fb.hline(x, y + row * pitch, width, _INK)
    # Each cell inside the lines is a section: a roll inverts (or a new turn clears) a few.
    drawn = sections.since(_GRID)
    for index in range(len(numbers)):
        cell_x = x + (index % data.COLUMNS) * cell + 1
        row_y = y + (index // data.COLUMNS) * pitch
        number = numbers[index]
        # One small int, no tuple kept per cell: the grid drawn, the number (a d12 face), rolled.
        key = ((drawn << 4) + number) * 2 + (number in rolled)
        if not sections.stale(fb, _CELLS + index, key, cell_x, row_y + 1, cell - 1, pitch - 1):
            continue
        cell_y = row_y + (pitch - fnt.height + 1) // 2
        color = _INK
        if number in rolled:
            fb.fill_rect(cell_x, row_y + 1, cell - 1, pitch - 1, _INK)
            color = _PAPER
        text.draw_centred(fb, fnt, text.number(_NUMBERS, number), cell_x, cell_y, cell - 1, color)


def _status(state):
    """One line about the turn that the prompt does not say: the quad's number, or the Grand
    Master sequence the player must repeat."""
    if state.is_terminal():
        return ""
    if state.offering_quad() or state.rolling_quad():
        return "Quad needs %d" % state.quad_partner()
    signature = state.signature[state.seat]
    if signature is not None:
        return "Repeat %d-%d-%d" % signature
    return ""


def _turn(fb, fnt, places, state, view, sections):
    x, y, width, height = places["turn"]
    note = view.get("note", "")
    prompt = view.get("prompt", "")
    status = _status(state)
    choices = view.get("choices", ())
    # The block is drawn again when its words or the number of choices change; a cursor move
    # redraws the two choices it touches.
    if sections.stale(fb, _TURN, (note, prompt, status, len(choices)), x, y, width, height):
        pitch = places["side_pitch"]
        bottom = parts.note(fb, fnt, x, width, y + height, pitch, note)
        y = parts.prompt(fb, fnt, x, y, width, bottom, pitch, prompt)
        if status and y + pitch <= bottom:
            text.draw(fb, fnt, text.fit(fnt, status, width), x, y)
            y += pitch
        y += _LINE_GAP
        # Where the choices go, for the presses that redraw only them.
        sections.places[_TURN] = (y, bottom)
    y, bottom = sections.places[_TURN]
    cursor = view.get("cursor", -1)
    parts.choice_boxes(
        fb,
        fnt,
        x,
        y,
        width,
        bottom,
        choices,
        cursor,
        inset=_CHOICE_INSET,
        sections=sections,
        name=_CHOICES,
        parent=_TURN,
    )
