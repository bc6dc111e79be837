"""Dice Trip's play sheet: one player's map beside the dice, the powers and the choice.

PURE. `draw` fills the whole frame from the state and the play screen's view (games.dicetrip.play:
stage, items, cursor, city...), so equal inputs give equal pixels; the words are chosen here.
Layout, both panels (map numbers in the small font on 296x128, in the large one on 400x300):
    map (city_map.py): the longest route has     | name, class code and round   (inverted bar)
    thick roads and shadowed boxes; the cursor's | the four dice (colour letter and face), the
    city shows the choice                        |   ones the choice uses inverted
    in a free corner: "placeholder map" and the  | powers left; score (and what the choice
    strip of numbers (a used one is a dot)       |   would make it), the prompt (two lines)
                                                 | the list (cursor inverted), a note
A cursor move changes two cities and a few lines of the right column (the list stays up while
a city is chosen), so the panel takes it as a small partial refresh.
Dice-only mode draws the roll large instead (no sheets on the device).
"""

from micropython import const

from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.dicetrip import data
from dicetable.games.dicetrip import route
from dicetable.ui import text
from dicetable.ui.sections import WHOLE
from dicetable.games.dicetrip import city_map
from dicetable.ui import draw as screen
from dicetable.ui import sheet_parts as parts

_NUMBERS = city_map.NUMBERS

# The play screen's stages (the words for each are here).
ROLL = const(0)  # the roller presses OK
POWER = const(1)  # keep (or next round) / the reroll power
REROLL = const(2)  # marking dice to reroll
NUMBER = const(3)
TWICE = const(4)  # the numbers that use a die twice
CITY = const(5)
CROSS = const(6)
WAIT = const(7)  # the device is moving (bots), or nobody is asked
# The number list's two rows that are not numbers, as (number, tens, units, twice) tuples.
TWICE_ITEM = (-1, -1, -1, True)
CROSS_ITEM = (0, -1, -1, False)

_INK = const(1)
_PAPER = const(0)
_RIGHT_SHARE = const(38)  # the right column takes 38% of the width
_GAP = const(3)
_LINE_GAP = const(1)
_PAD = const(2)
_PROMPT_LINES = const(2)
_ARROW = const(3)  # rows of a scroll arrow beside the choices
_LABEL = "placeholder map"
_TICK = "\u2713"

# Section names (ui.sections); the rows of the choice list count up from the last.
_MAP = const(0)
_BAR = const(1)
_DICE = const(2)
_POWERS = const(3)
_SCORE = const(4)
_TURN = const(5)
_DICE_ONLY = const(6)
_ROWS = const(10)
# The strip of numbers, after the choice list's rows (the boxes are the map's: _map).
_STRIP = const(100)

# (map name, width, height) -> (city_map.Layout, where the strip goes): nothing else
# changes them, and working them out takes longer than drawing a sheet.
_layouts = {}


def lay_out(board, width, height):
    """(city_map.Layout, the strip's spot, its hole) of a map on a `width` x `height` sheet,
    kept. The hole (city_map.strip_hole) is the strip's rectangle when no road reaches it."""
    key = (board.name, width, height)
    found = _layouts.get(key)
    if found is None:
        _layouts.clear()  # one panel and one map on the device
        left = map_width(width)
        layout = city_map.Layout(board, map_font(width), 0, 0, left, height)
        label = _LABEL if board.placeholder else ""
        dense = screen.look(width).dense
        spot = city_map.strip_spot(layout, dense, label, left, height)
        hole = city_map.strip_hole(layout, dense, spot, label)
        found = _layouts[key] = (layout, spot, hole)
    return found


def _map(fb, width, height, found, state, seat, values, path, city, sections):
    """The map in parts: roads and shadows (a section keyed by the route and the crossed
    cities), the cities' boxes, and the strip of numbers (a section). A box fills its own
    rectangle and (layout.apart) reaches no other box nor the strip's corner, so a box or the
    strip drawn again alone leaves the frame a whole draw gives: a number written, or the
    cursor moved, redraws the boxes that changed (what the map showed is kept in places) and
    the strip, not the map's 25 boxes and every road (on an RP2040 about 30 ms a placement).
    The boxes are not sections: 25 more keys cost about 2 KB of heap on the RP2040. When the
    roads are drawn again, the strip is kept where no road reaches it (its hole, lay_out):
    the whole strip is about 10-15 ms on an RP2040, and its numbers had not changed."""
    layout, spot, hole = found
    board = state.board
    own = state.values[seat]
    fnt = map_font(width)
    letters = data.DICE_LETTERS
    label = _LABEL if board.placeholder else ""
    dense = screen.look(width).dense
    if not layout.apart:  # a box may cover its neighbour's ring: any change draws it all
        key = (tuple(values), tuple(path), city, tuple(own))
        if sections.stale(fb, _MAP, key, 0, 0, map_width(width), height):
            city_map.draw(fb, layout, board, fnt, values, path, city, letters)
            city_map.draw_strip(fb, dense, spot, label, own)
        return
    shown = (tuple(values), tuple(path), city)  # own changes only with values or city
    before = sections.places.get(_MAP) if sections.key(_MAP) is not None else None
    if before == shown:
        return  # nothing on the map changed
    sections.places[_MAP] = shown
    crossed = [index for index in range(len(values)) if values[index] == city_map.CROSSED]
    cities = range(board.size)
    if _roads_stale(fb, sections, (tuple(crossed), tuple(path)), map_width(width), height, hole):
        city_map.draw_roads(fb, layout, board, values, path)
    elif before is not None:  # the boxes whose number or inversion changed
        cities = [index for index in cities if before[0][index] != values[index]]
        for index in (before[2], city):
            if index >= 0 and index not in cities:
                cities.append(index)
    lefts, tops = layout.lefts, layout.tops
    box_w, box_h = layout.box_w, layout.box_h
    for box in cities:  # each fills its own rectangle
        sections.touched(lefts[box], tops[box], box_w, box_h)
        city_map.draw_city(fb, layout, board, fnt, box, values[box], box == city, letters)
    # In the strip's key when the roads' draw clears it: how often the map was drawn.
    drawn = 0 if hole is not None else sections.since(_MAP)
    _strip(fb, dense, spot, label, own, drawn, sections)


def _roads_stale(fb, sections, key, width, height, hole):
    """True when the roads must be drawn again (their key changed): the map, `width` x
    `height`, is then cleared, around the strip's hole where it has one (nothing else on the
    map reaches it: lay_out), so that the strip stays as it was drawn. The planner is told
    the whole map."""
    if hole is None:
        return sections.stale(fb, _MAP, key, 0, 0, width, height)
    if not sections.stale(fb, _MAP, key, 0, 0, 0, 0):
        return False
    sections.touched(0, 0, width, height)
    x, y, w, h = hole
    # Above the hole, below it, then beside it (a band may be empty).
    for band in (
        (0, 0, width, y),
        (0, y + h, width, height - y - h),
        (0, y, x, h),
        (x + w, y, width - x - w, h),
    ):
        if band[2] > 0 and band[3] > 0:
            fb.fill_rect(band[0], band[1], band[2], band[3], _PAPER)
    return True


def _strip(fb, fnt, spot, label, own, drawn, sections):
    """The strip of numbers: the numbers written since it was drawn become dots one cell at
    a time (a placement: one cell, where the whole strip is about 10 ms on an RP2040)."""
    bounds = city_map.strip_rect(fnt, spot, label)
    if bounds is None:
        return
    used = [value for value in own if value > 0]
    used.sort()
    key = (tuple(used), drawn)
    held = sections.key(_STRIP)
    if held == key:
        return
    if held is not None and held[1] == drawn:
        added = [value for value in used if value not in held[0]]
        cells = [city_map.strip_cell(fnt, spot, label, value) for value in added]
        if len(added) + len(held[0]) == len(used) and cells and None not in cells:
            sections.stale(fb, _STRIP, key, *cells[0])  # notes the key
            for cell in cells:
                sections.touched(*cell)
                city_map.draw_used(fb, fnt, spot, cell)
            return
    if sections.stale(fb, _STRIP, key, *bounds):
        city_map.draw_strip(fb, fnt, spot, label, used)


def map_font(width):
    """The font of the map's numbers on a panel `width` pixels wide."""
    chosen = screen.look(width)
    return chosen.body if chosen.large else chosen.dense


def map_width(width):
    return width - width * _RIGHT_SHARE // 100 - _GAP


def draw(fb, width, height, state, view, sections=WHOLE):
    """Draw the sheet for `state` as the play screen's `view` describes it. With `sections`
    (ui.sections), only the parts whose content changed are drawn again."""
    if sections.begin(fb, state.dice_only):
        fb.fill(_PAPER)
    if state.dice_only:
        key = (tuple(state.dice), tuple(state.rerolled), _words_key(state, view))
        if sections.stale(fb, _DICE_ONLY, key, 0, 0, width, height):
            _dice_only(fb, width, height, state, view)
        return
    board = state.board
    seat = view.get("seat", 0)
    left = map_width(width)
    found = lay_out(board, width, height)
    values = state.values[seat]
    path = state.longest_route(seat)
    # The score line as its numbers (score, score with the choice or None, route length):
    # on MicroPython each new str costs a search of all the interned names (0.15-0.25 ms on
    # an RP2040 with a game loaded), so the words are made only when the line is drawn.
    now = state.scores()[seat]
    then = None
    city = view.get("city", -1)
    option = _option(view)
    length = len(path)
    if city >= 0:
        # The cursor's city shows the choice; the score line says what the sheet would score.
        # The map keeps the current route: a previewed one would redraw half the panel on
        # every press (a full refresh instead of a small partial one).
        values = list(values)
        ticks = list(state.ticks[seat])
        if option[1] < 0:
            values[city] = route.CROSSED
        else:
            values[city] = option[0]
            ticks[city] = 1 if state.earns_tick(option[1], option[2], city) else 0
        then, _items, future = route.score_sheet(board, values, ticks, state.chains)
        length = len(future)
    score = (now, then, length)
    _map(fb, width, height, found, state, seat, values, path, city, sections)
    fnt = screen.look(width).dense
    _panel(fb, fnt, left + _GAP, width - left - _GAP, height, state, view, score, sections)


def _words_key(state, view):
    """What the prompt, choices and info lines depend on besides the sheet drawn: the play
    screen's view and the dice."""
    return (
        view.get("stage", WAIT),
        view.get("seat", 0),
        view.get("actor", -1),
        view.get("hint", False),
        tuple(view.get("items", ())),
        view.get("cursor", -1),
        view.get("city", -1),
        view.get("note", ""),
        tuple(state.dice),
        state.round,
    )


def round_text(state):
    """ "5/13", after the class code when there is one, so a room can check it is in step (the
    bar keeps it whole: a long name gives way)."""
    return parts.round_text(state.params, state.round, data.ROUNDS)


def _option(view):
    """The number list's row under the cursor, or a row of -1s outside the number stages."""
    items = view.get("items", ())
    cursor = view.get("cursor", -1)
    if view.get("stage", WAIT) in (NUMBER, TWICE, CITY, CROSS) and 0 <= cursor < len(items):
        return items[cursor]
    return TWICE_ITEM


# --- the words ----------------------------------------------------------------------------------
def words(state, view):
    """(prompt, choices, info lines) for the play screen's stage."""
    stage = view.get("stage", WAIT)
    seat = view.get("seat", 0)
    name = state.seat_name(seat)
    hint = " (hint)" if view.get("hint") else ""
    items = view.get("items", ())
    if stage == WAIT:
        return "%s is playing..." % state.seat_name(view.get("actor", seat)), [], []
    if stage == ROLL:
        info = [state.board.notice] if state.round == 0 and state.board.notice else []
        return "Round %d: %s, OK rolls the dice" % (state.round + 1, name), [], info
    if stage == POWER:
        choices = [_POWER_WORDS.get(item, "Reroll power...") for item in items]
        if state.dice_only:
            return "%s rolled: write on paper, then Next round" % name, choices, []
        return "%s: keep or reroll?%s" % (name, hint), choices, []
    if stage == REROLL:
        choices = []
        for die in range(len(items) - 1):
            mark = _TICK + " " if items[die] else "  "
            choices.append("%s%s %d" % (mark, data.DICE_COLOURS[die], state.dice[die]))
        count = items.count(True)
        choices.append("Reroll %d %s" % (count, "die" if count == 1 else "dice"))
        return "%s: OK marks a die to roll again" % name, choices, []
    return _place_prompt(state, view, stage, name, hint), _number_words(state, seat, items), []


# The last number list worded: [key, choices]. A cursor move, or the city chosen for a
# number, draws the sheet again with the same list: about 4 ms of wording on an RP2040.
_worded = [None, None]


def _number_words(state, seat, items):
    """The number list's words: they depend on the items, the dice and the seat's empty
    cities (on its board), and only on those."""
    key = (state.board, tuple(items), tuple(state.dice), tuple(state.values[seat]))
    if _worded[0] != key:
        empty = state.cross_options(seat)
        rings = state.empty_rings(seat)  # once for the list, not per choice and city
        _worded[1] = [_option_words(state, empty, rings, option) for option in items]
        _worded[0] = key
    return _worded[1]


_POWER_WORDS = {dicetrip.KEEP: "Keep these dice", dicetrip.NEXT: "Next round"}


def _place_prompt(state, view, stage, name, hint):
    """The city stages name the city as the map shows it: the cursor's box, inverted (the map
    has no names: 25 of them do not fit on 296x128)."""
    option = _option(view)
    city = view.get("city", -1)
    if stage == CROSS:
        return "X in the black box (%d). OK crosses it" % data.CROSS_POINTS
    if stage == CITY:
        bonus = ""
        if state.earns_tick(option[1], option[2], city):
            bonus = " +%d bonus" % data.TICK_POINTS
        return "%d in the black box%s. OK writes it" % (option[0], bonus)
    if stage == TWICE:
        return "%s: a die used twice (once a game)%s" % (name, hint)
    seat = view.get("seat", 0)
    if state.numbers_this_round() == 1:
        return "%s: the last number%s" % (name, hint)
    which = data.NUMBERS_PER_ROUND - state.placements_left(seat) + 1
    return "%s: number %d of 2%s" % (name, which, hint)


def _option_words(state, empty, rings, option):
    """ "23 yellow+blue", with a tick when some empty city would give it a bonus."""
    number, tens, units, _twice = option
    if option == TWICE_ITEM:
        return "Use a die twice..."
    if option == CROSS_ITEM:
        return "Cross out a city"
    words = "%d %s+%s" % (number, data.DICE_COLOURS[tens], data.DICE_COLOURS[units])
    if state.earns_tick_somewhere(tens, units, rings, empty):
        return words + " " + _TICK
    return words


# --- the right column -------------------------------------------------------------------------
def _panel(fb, fnt, x, width, height, state, view, score, sections):
    """Top down: bar, dice, powers, score, the prompt (always two lines high, so the list
    below never moves when only the prompt changes), then the info and choices; a note at
    the bottom."""
    seat = view.get("seat", 0)
    pitch = fnt.height + _LINE_GAP
    bar_height = parts.column_bar(
        fb, fnt, x, width, state.seat_name(seat), round_text(state), sections, _BAR
    )
    y = bar_height + _LINE_GAP
    chosen = screen.look(x + width)
    dice_font = chosen.body if chosen.large else fnt
    option = _option(view)
    marked = ()
    if view.get("stage", WAIT) == REROLL:
        marked = tuple(view.get("items", ()))
    dice_bottom = y + dice_font.height + 4
    key = (tuple(state.dice), option[1], option[2], marked)
    if sections.stale(fb, _DICE, key, x, y, width, dice_bottom + _LINE_GAP - y):
        _dice(fb, dice_font, x, y, width, state, option, marked)
    y = dice_bottom + _LINE_GAP
    spent = (state.rerolled[seat], state.twice[seat])
    if sections.stale(fb, _POWERS, spent, x, y, width, pitch):
        powers = "reroll %s  twice %s" % ("-" if spent[0] else _TICK, "-" if spent[1] else _TICK)
        text.draw(fb, fnt, text.fit(fnt, powers, width), x, y)
    y += pitch
    if sections.stale(fb, _SCORE, score, x, y, width, pitch + _LINE_GAP):
        now, then, length = score
        if then is None:
            line = "score %d route %d" % (now, length)
        else:
            line = "score %d\u2192%d route %d" % (now, then, length)
        text.draw(fb, fnt, text.fit(fnt, line, width), x, y)
    y += pitch + _LINE_GAP
    note = view.get("note", "")
    prompt, choices, info = words(state, view)
    turn = (note, prompt, tuple(info), len(choices))
    if sections.stale(fb, _TURN, turn, x, y, width, height - y):
        bottom = parts.note(fb, fnt, x, width, height, pitch, note)
        lines = screen.wrap(fnt, prompt, width)
        shown = max(0, min(_PROMPT_LINES, (bottom - y) // pitch))
        screen.text_lines(fb, fnt, lines, x, y, width, shown, pitch)
        y += shown * pitch + _LINE_GAP
        y = _info(fb, fnt, x, y, width, bottom, info)
        sections.places[_TURN] = (y, bottom)
    y, bottom = sections.places[_TURN]
    _choices(fb, fnt, x, y, width, bottom, choices, view.get("cursor", -1), sections)


def _dice(fb, fnt, x, y, width, state, option, marked):
    """The four dice as boxed "R5"; those the choice uses inverted, those marked for a reroll
    underlined."""
    box_w = text.measure(fnt, "R5") + 2 * _PAD
    box_h = fnt.height + 2
    step = min(box_w + _GAP, width // len(state.dice))
    for die in range(len(state.dice)):
        face = state.dice[die]
        label = data.DICE_LETTERS[die] + (text.number(_NUMBERS, face) if face else "?")
        left = x + die * step
        color = _INK
        if die == option[1] or die == option[2]:
            fb.fill_rect(left, y, box_w, box_h, _INK)
            color = _PAPER
        else:
            fb.rect(left, y, box_w, box_h, _INK)
        text.draw(fb, fnt, label, left + _PAD, y + 1, color)
        if die < len(marked) and marked[die]:
            fb.hline(left, y + box_h + 1, box_w, _INK)


def _info(fb, fnt, x, y, width, bottom, info):
    """The info lines; returns the y below them, or `bottom` when they fill the room."""
    pitch = fnt.height + _LINE_GAP
    for paragraph in info:
        for line in screen.wrap(fnt, paragraph, width):
            if y + pitch > bottom:
                return bottom
            text.draw(fb, fnt, line, x, y)
            y += pitch
    return y


def _choices(fb, fnt, x, y, width, bottom, choices, cursor, sections=WHOLE):
    """A window of the choices around the cursor (inverted), with an arrow at the right of
    the first or last row when more lie beyond it."""
    pitch = fnt.height + _LINE_GAP
    rows = (bottom - y) // pitch
    if not choices or rows <= 0:
        return
    first = 0
    if len(choices) > rows:
        first = min(max(0, cursor - rows // 2), len(choices) - rows)
    last = min(len(choices), first + rows) - 1
    room = width - 2 * _PAD - 2 * _ARROW
    drawn = sections.since(_TURN)
    top, rewritten = y, 0
    for index in range(first, last + 1):
        label = choices[index]
        arrow = ""
        if index == first and first > 0:
            arrow = "up"
        elif index == last and last < len(choices) - 1:
            arrow = "down"
        key = (label, index == cursor, arrow, y, drawn)
        held = sections.key(_ROWS + index - first)
        if held is not None and (held[0] != label or held[3] != y):
            rewritten += width * pitch  # another choice, or this one moved
        if sections.stale(fb, _ROWS + index - first, key, x, y, width, pitch):
            color = _INK
            if index == cursor:
                fb.fill_rect(x, y, width, pitch, _INK)
                color = _PAPER
            text.draw(fb, fnt, text.fit(fnt, label, room), x + _PAD, y, color)
            if arrow == "up":
                screen.arrow(fb, x + width - _ARROW - 1, y + 1, _ARROW, "up", color)
            elif arrow == "down":
                arrow_y = y + pitch - _ARROW - 1
                screen.arrow(fb, x + width - _ARROW - 1, arrow_y, _ARROW, "down", color)
        y += pitch
    if rewritten:
        # The whole list is cleared: rows the last list had below this one's too.
        sections.rewritten(x, top, width, bottom - top, rewritten)


# --- dice only ---------------------------------------------------------------------------------
def _dice_only(fb, width, height, state, view):
    """Dice-only mode: the roll large, the reroll powers used, the prompt and the choice."""
    chosen = screen.look(width)
    big = chosen.body
    fnt = chosen.dense
    y = screen.title_bar(fb, width, "Dice Trip: dice only", round_text(state)) + _GAP
    column = width // len(state.dice)
    for die in range(len(state.dice)):
        face = state.dice[die]
        left = die * column
        text.draw_centred(fb, fnt, data.DICE_COLOURS[die], left, y, column)
        face_text = text.number(_NUMBERS, face) if face else "-"
        text.draw_centred(fb, big, face_text, left, y + fnt.height + 1, column)
    y += fnt.height + big.height + 2 + _GAP
    spent = [state.seat_name(seat) for seat in range(state.players) if state.rerolled[seat]]
    pitch = fnt.height + _LINE_GAP
    room = width - 2 * _PAD
    lines = screen.wrap(fnt, "Reroll used: " + (", ".join(spent) or "nobody"), room)
    y = screen.text_lines(fb, fnt, lines, _PAD, y, room, 2, pitch) + _LINE_GAP
    bottom = parts.note(fb, fnt, _PAD, room, height, pitch, view.get("note", ""))
    prompt, choices, info = words(state, view)
    lines = screen.wrap(fnt, prompt, room)
    y = screen.text_lines(fb, fnt, lines, _PAD, y, room, _PROMPT_LINES, pitch) + _LINE_GAP
    y = _info(fb, fnt, _PAD, y, room, bottom, info)
    _choices(fb, fnt, _PAD, y, room, bottom, choices, view.get("cursor", -1))


# --- results ----------------------------------------------------------------------------------
def results_message(state):
    """What the last screen says instead of scores, or None: dice-only games have none."""
    if state.dice_only:
        return [
            "All %d rounds are rolled: add up the sheets on paper." % data.ROUNDS,
            "Ties: fewer crossed cities, then the longer route.",
        ]
    return None


def results_view(state):
    """[(name, total, breakdown, is_winner), ...] in the order of the tie-break (DECISIONS.md:
    best total, fewer crosses, longer route, then seat order). A seat that won only through the
    tie-break gets a zero line saying why."""
    totals = state.scores()
    winners = state.winners()
    crosses = [state.crosses(seat) for seat in range(state.players)]
    lengths = [len(state.longest_route(seat)) for seat in range(state.players)]
    order = list(range(len(totals)))
    order.sort(key=lambda seat: (-totals[seat], crosses[seat], -lengths[seat], seat))
    tied = [seat for seat in order if totals[seat] == totals[order[0]]]
    standings = []
    for seat in order:
        items = state.breakdown(seat)
        if seat in winners and len(tied) > len(winners):
            fewer = [other for other in tied if crosses[other] > crosses[seat]]
            items.append(("Tie-break: " + ("fewer crosses" if fewer else "longer route"), 0))
        standings.append((state.seat_name(seat), totals[seat], items, seat in winners))
    return standings
