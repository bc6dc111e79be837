"""Trek 12's play sheet: one player's mountain beside the roll and the operation table.

PURE. `draw` fills the whole frame from the state and the play screen's view (games.trek12.play),
so equal inputs give equal pixels. Layout, both panels (fonts from draw.look):
    mountain (mountain.py), fitted to the left    | name, round                  (inverted bar)
    the cursor's circle shows the number it would | red and yellow dice
    get; the circles it may go to are ringed      | the five results: value, ticks; the one
    a made-up layout says "approximate layout"    |   under the cursor inverted, illegal struck
    "which rope?": each rope it may join dashed,  | score so far, prompt, rope choices, note
    the one under the cursor bold                 |
    on a tall panel (400x300), under the mountain:|
    the score summary, in two columns             |
The tall panel's spare third goes to the summary rather than a bigger mountain: the mountain
is as wide as its column allows already (a larger scale needs the right column's width), and
circles of radius 9-14 read well; what a player cannot see on the map is where the score comes
from (ropes, zones, the two size bonuses, lone numbers, frowns) while choosing.
"""

from micropython import const

from dicetable.games.trek12 import rules as trek12

from dicetable.games.trek12 import special as trek12_special
from dicetable.ui import draw as screen
from dicetable.ui import text
from dicetable.games.trek12 import mountain
from dicetable.ui import sheet_parts as parts
from dicetable.ui.sections import WHOLE

_NUMBERS = mountain.NUMBERS

_INK = const(1)
_PAPER = const(0)

_RIGHT_SHARE = const(42)  # the right column takes 42% of the width
_GAP = const(3)
_LINE_GAP = const(1)
_PAD = const(2)
_OP_WORDS = ("low", "high", "diff", "sum", "prod")
_USED = "\u2713"  # a tick used
_FREE = "\u00b7"  # a tick left

# Section names (ui.sections); operation rows and choice boxes count up from theirs.
_MOUNTAIN = const(0)
_BAR = const(1)
_DICE = const(2)
_SCORE = const(3)
_TURN = const(4)
_DICE_ONLY = const(5)
_SUMMARY = const(6)
_OPS = const(10)
_CHOICES = const(20)

_TALL = const(200)  # a panel at least this tall has the score summary under the mountain
_SUMMARY_ROWS = const(4)
_TICK_ROOM = const(5)  # a candidate's ticks reach this far below its circle (mountain.py)

_layouts = {}  # (map id, width, height) -> mountain.Layout: the geometry depends on nothing else


def mountain_layout(board, width, height):
    """Where the mountain is drawn on a width x height panel: left of the column, below the
    "approximate layout" line when the map has one, above the score summary if any."""
    key = (board.id, width, height)
    found = _layouts.get(key)
    if found is None:
        _layouts.clear()  # one map at a time on the device
        area = width - width * _RIGHT_SHARE // 100 - _GAP
        top = screen.look(width).dense.height if board.approximate else 0
        bottom = _summary_top(width, height)
        if bottom < height:
            bottom -= _TICK_ROOM
        found = _layouts[key] = mountain.Layout(board, 0, top, area, bottom - top, _GAP)
    return found


def _summary_top(width, height):
    """Where the score summary starts (the height when the panel has no room for one)."""
    if height < _TALL:
        return height
    return height - _SUMMARY_ROWS * (screen.look(width).dense.height + _LINE_GAP) - _GAP


def _round_text(state):
    return parts.round_text(state.params, state.round, state.rounds)


def draw(fb, width, height, state, view, sections=WHOLE):
    """Draw the sheet for `state` as the play screen's `view` describes it. With `sections`
    (ui.sections), only the parts whose content changed are drawn again."""
    if sections.begin(fb, state.dice_only):
        fb.fill(_PAPER)
    if state.dice_only:
        key = (state.roll, view.get("prompt", ""), _round_text(state))
        if sections.stale(fb, _DICE_ONLY, key, 0, 0, width, height):
            _dice_only(fb, width, height, state, view)
        return
    chosen = screen.look(width)
    fnt = chosen.dense
    right = width * _RIGHT_SHARE // 100
    left = width - right - _GAP
    seat = view.get("seat", 0)
    _mountain(fb, chosen, width, height, state, seat, view, left, sections)
    bottom = _summary_top(width, height)
    if bottom < height:
        _summary(fb, fnt, bottom, left, height - bottom, state.score(seat), sections)
    _panel(fb, fnt, left + _GAP, right, height, state, seat, view, sections)


def _preview(state, seat, view):
    """The seat's numbers, with what the cursor's circle would get shown in it."""
    values = state.values[seat]
    circle = view.get("circle", -1)
    op = view.get("op", -1)
    if circle < 0 or op < 0 or not state.roll:
        return values
    values = list(values)
    outcome = state.outcome(seat, circle, trek12.results(state.roll)[op])
    values[circle] = outcome if outcome >= 0 else mountain.SAD
    return values


def _mountain(fb, chosen, width, height, state, seat, view, left, sections):
    board = state.board
    values = _preview(state, seat, view)
    circle = view.get("circle", -1)
    candidates = view.get("candidates", ())
    ropes = view.get("ropes", ())
    key = (tuple(values), tuple(state.up[seat]), circle, tuple(candidates), ropes)
    # A candidate's ticks at the mountain's edge may reach into the gap before the column.
    bottom = _summary_top(width, height)
    if not sections.stale(fb, _MOUNTAIN, key, 0, 0, left + _GAP, bottom):
        return
    fnt = chosen.dense
    if board.approximate:
        text.draw(fb, fnt, "approximate layout", 0, 0)
    mountain.draw(
        fb,
        mountain_layout(board, width, height),
        board,
        values,
        state.up[seat],
        fnt,
        circle,
        candidates,
        trek12_special.mark_labels(board),
        board.prelinked,
        ropes,
    )


def _summary_cells(score):
    """((words, points), ...) adding up to the total, which comes last."""
    if score.lost:
        return (("over 12: out", score.total),)
    ropes = zones = extras = 0
    for _path, points in score.paths:
        ropes += points
    for _zone, points in score.zones:
        zones += points
    for _label, points in score.extras:
        extras += points
    return (
        ("ropes", ropes),
        ("longest rope %d" % score.longest, score.path_bonus),
        ("zones", zones),
        ("biggest zone %d" % score.largest, score.zone_bonus),
        ("alone %d" % len(score.orphans), score.orphan_points),
        ("sad faces %d" % len(score.sad), score.sad_points),
        ("special", extras),
        ("total", score.total),
    )


def _summary(fb, fnt, y, width, height, score, sections):
    """Where the score comes from, in two columns under the mountain."""
    cells = _summary_cells(score)
    if not sections.stale(fb, _SUMMARY, cells, 0, y, width, height):
        return
    fb.hline(0, y + 1, width, _INK)  # set apart from the mountain above
    pitch = fnt.height + _LINE_GAP
    gutter = 2 * fnt.width
    half = (width - gutter) // 2
    for index in range(len(cells)):
        words, points = cells[index]
        if words == "special" and not points:
            continue  # a base map has no special items: no line of zeros
        x = (index % 2) * (half + gutter)
        row = y + _GAP + (index // 2) * pitch
        end = text.draw(fb, fnt, text.fit(fnt, words, half), x, row)
        text.draw_right(fb, fnt, text.number(_NUMBERS, points), end, row, x + half - end)


def _panel(fb, fnt, x, width, height, state, seat, view, sections):
    pitch = fnt.height + _LINE_GAP
    bar_height = parts.column_bar(
        fb, fnt, x, width, state.seat_name(seat), _round_text(state), sections, _BAR
    )
    y = bar_height + _LINE_GAP
    # The sections' keys are the numbers, not the words: on MicroPython each new str costs a
    # search of all the interned names (0.15-0.25 ms on an RP2040 with a game loaded), so the
    # words are made only to be drawn.
    if sections.stale(fb, _DICE, state.roll, x, y, width, pitch):
        if state.roll:
            red, yellow = trek12.roll_dice(state.roll)
            dice = "red %d  yellow %d" % (red, yellow)
        else:
            dice = "dice not rolled"
        text.draw(fb, fnt, text.fit(fnt, dice, width), x, y)
    y += pitch
    y = _operations(fb, fnt, pitch, x, y, width, state, seat, view, sections)
    total = state.score(seat).total
    if sections.stale(fb, _SCORE, total, x, y, width, pitch + _LINE_GAP):
        text.draw(fb, fnt, "score %d" % total, x, y + _LINE_GAP)
    y += pitch + _LINE_GAP
    note = view.get("note", "")
    prompt = view.get("prompt", "")
    choices = view.get("choices", ())
    if sections.stale(fb, _TURN, (note, prompt, len(choices)), x, y, width, height - y):
        bottom = parts.note(fb, fnt, x, width, height, pitch, note)
        y = parts.prompt(fb, fnt, x, y, width, bottom, pitch, prompt) + _LINE_GAP
        sections.places[_TURN] = (y, bottom)
    y, bottom = sections.places[_TURN]
    parts.choice_boxes(
        fb,
        fnt,
        x,
        y,
        width,
        bottom,
        choices,
        view.get("cursor", -1),
        sections=sections,
        name=_CHOICES,
        parent=_TURN,
    )


def _operations(fb, fnt, pitch, x, y, width, state, seat, view, sections):
    """One row per operation: name, this roll's result, ticks used and left (per table, "/"
    between tables). The op under the cursor is inverted; an op the seat cannot use now is
    struck through."""
    numbers = trek12.results(state.roll) if state.roll else None
    legal = view.get("ops", ())
    cursor = view.get("op", -1)
    choosing = view.get("choosing", False)
    ticks = state.ticks[seat]
    limits = state.board.limits
    tables = len(state.board.table_names)
    ops = len(_OP_WORDS)
    for index in range(ops):
        number = None if numbers is None else numbers[index]
        struck = choosing and index not in legal
        key = (number, ticks[index::ops], limits, index == cursor, struck)
        if sections.stale(fb, _OPS + index, key, x, y, width, pitch):
            marks = []
            for table in range(tables):
                tick = table * ops + index
                marks.append(_USED * ticks[tick] + _FREE * max(0, limits[tick] - ticks[tick]))
            value = "-" if number is None else text.number(_NUMBERS, number)
            row = "%-4s %2s %s" % (_OP_WORDS[index], value, "/".join(marks))
            color = _INK
            if index == cursor:
                fb.fill_rect(x, y, width, fnt.height + _LINE_GAP, _INK)
                color = _PAPER
            text.draw(fb, fnt, text.fit(fnt, row, width - _PAD), x + _PAD, y, color)
            if struck:
                strike = y + fnt.height // 2
                fb.hline(x + _PAD, strike, text.measure(fnt, row[:7]), color)
        y += pitch
    return y


def _dice_only(fb, width, height, state, view):
    """Dice-only mode: the roll and its five results, large, for a table playing on paper."""
    chosen = screen.look(width)
    big = chosen.body
    y = screen.title_bar(fb, width, "Trek 12: dice only", _round_text(state)) + _GAP
    pitch = big.height + _LINE_GAP
    if state.roll:
        red, yellow = trek12.roll_dice(state.roll)
        text.draw(fb, big, "red %d   yellow %d" % (red, yellow), _PAD, y)
        y += pitch + _GAP
        numbers = trek12.results(state.roll)
        column = width // 5
        for index in range(len(_OP_WORDS)):
            x = index * column
            text.draw_centred(fb, big, _OP_WORDS[index], x, y, column)
            text.draw_centred(fb, big, text.number(_NUMBERS, numbers[index]), x, y + pitch, column)
        y += 2 * pitch + _GAP
    fnt = chosen.dense
    lines = screen.wrap(fnt, view.get("prompt", ""), width - 2 * _PAD)
    screen.text_lines(fb, fnt, lines, _PAD, y, width - 2 * _PAD, 2, fnt.height + _LINE_GAP)


# --- results ----------------------------------------------------------------------------------
def results_message(state):
    """What the last screen says instead of scores, or None: dice-only games have none."""
    if state.dice_only:
        return ["All %d rolls are done: add up the sheets on paper." % state.rounds]
    return None
