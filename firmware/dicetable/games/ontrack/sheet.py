"""Christmas On Track's play sheet: one player's grid beside the dice, stars, turns and choice.

PURE. `draw` fills the whole frame from the state and the play screen's view (games.ontrack.play),
so equal inputs give equal pixels. Layout, both panels (fonts from draw.look):
    grid of tiles (track_grid.py), fitted to   | name, turn or code and turn (inverted bar)
    the left; the cursor's tile inverted, with | red, green, white dice: the one chosen
    the piece it would get drawn in it         |   inverted, those drawn already struck
                                               | star bank: earned, circled, filled in
                                               | turn boxes, score so far
                                               | prompt; then the choices, the piece's
                                               |   words, or (choosing the way) the tile
                                               |   enlarged with its words; note
Dice-only mode has no sheet: the three dice are drawn large, with the turn boxes.
"""

from micropython import const

from dicetable.games.ontrack import data
from dicetable.ui import draw as screen
from dicetable.ui import sheet_parts as parts
from dicetable.ui import text
from dicetable.ui.sections import WHOLE
from dicetable.games.ontrack import track
from dicetable.games.ontrack import track_grid
from dicetable.games.ontrack import track_icons

_INK = const(1)
_PAPER = const(0)

_RIGHT_SHARE = const(38)  # the right column takes at least 38% of the width
_GAP = const(3)
_LINE_GAP = const(1)
_PROMPT_LINES = const(2)
_ZOOM_MAX = const(96)  # the enlarged tile's largest side
_ZOOM_MIN = const(12)  # smaller than this, the words alone are shown
_ZOOM_LINES = const(3)  # lines of words kept below an enlarged tile
# Panels shorter than this show the way on the grid's tile, not enlarged in the column: there
# the enlarged tile and the choice list take turns in the same few rows, and a partial refresh
# leaves each one's trace under the other, which reads as two layers (issue 16).
_ZOOM_PANEL_HEIGHT = const(200)
# Section names (ui.sections); choice boxes count up from the last.
_GRID = const(0)
_BAR = const(1)
_DICE = const(2)
_STARS = const(3)
_TURNS = const(4)
_SCORE = const(5)
_TURN = const(6)
_DICE_ONLY = const(8)
_MODE_DICE_ONLY = const(2)  # sheet modes (Sections.begin): False, True (before the first roll)
_CHOICES = const(10)
_LEFT_TILE = const(100)  # the tile the cursor left and the one it is on
_CURSOR_TILE = const(101)
_GRID_SHOWN = const(102)  # places: (seat, cells, dead ends, generation) of the grid drawn
# A placement changes a tile or two and a few rings: those tiles are drawn again. More than
# this many (another seat's sheet) and the grid is drawn whole.
_MOST_TILES = const(8)

_PIPS = (
    (),
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
)


def grid_for(layout, width, height):
    """Where the tiles go on a panel: as large as the height allows, leaving the right
    column its share, centred from top to bottom."""
    room = width - width * _RIGHT_SHARE // 100 - _GAP
    grid = track_grid.Grid(layout, 0, 0, room, height)
    grid.y = (height - grid.height) // 2
    return grid


# The dead ends of the sheet drawn last: cursor moves redraw the same sheet many times.
_dead = [None, ()]


def _dead_ends(state, seat):
    key = (id(state), seat, state.action_count, len(state.pieces[seat]))
    if _dead[0] != key:
        _dead[1] = track_grid.dead_ends(state.layout, state.cells[seat], state.pieces[seat])
        _dead[0] = key
    return _dead[1]


def turn_text(state):
    """ "turn 5/20"; with a class code "MATH 5/20" instead, as Trek 12's sheet writes it, so a
    room can check it is in step (the code takes the word's room: the name gives way to both)."""
    return parts.round_text(state.params, state.turn, state.turns, "turn ")


def draw(fb, width, height, state, view, sections=WHOLE):
    """Draw the sheet for `state` as the play screen's `view` describes it. With `sections`
    (ui.sections), only the parts whose content changed are drawn again."""
    # The house rules before the first roll fill the column with words, and the first roll
    # replaces them with a list: a mode of its own, so that change is a full refresh.
    if sections.begin(
        fb, _MODE_DICE_ONLY if state.dice_only else not state.turn and not state.roll
    ):
        fb.fill(_PAPER)
    fnt = screen.look(width).dense
    if (state.turn or state.roll or state.dice_only) and _rules_wrapped[0] is not None:
        _rules_wrapped[:] = [None, 0, ()]  # the house rules show before the first roll only
    if state.dice_only:
        key = (state.roll, state.turn, view.get("prompt", ""), view.get("note", ""))
        if sections.stale(fb, _DICE_ONLY, key, 0, 0, width, height):
            _dice_only(fb, fnt, width, height, state, view)
        return
    seat = view.get("seat", 0)
    layout = state.layout
    grid = grid_for(layout, width, height)
    cells = state.cells[seat]
    pieces = state.pieces[seat]
    dead = _dead_ends(state, seat)
    cursor = view.get("tile", -1)
    # An enlarged tile shows the preview itself: the grid keeps still while its way changes.
    zoom = _zoomed(view, height)
    preview = None if zoom else view.get("preview")
    x = grid.x + grid.width + _GAP
    # The grid's section ends where the panel's chosen die begins its inverted box, a pixel
    # left of the panel. Its key is the seat and how many times it was drawn whole; a
    # placement draws only the tiles it changed (the cells hold the pieces and buildings, the
    # dead ends follow from them).
    shown = sections.places.get(_GRID_SHOWN)
    generation = 0 if shown is None else shown[3]
    now = (seat, tuple(cells), tuple(dead))
    tiles = ()
    if shown is not None and shown[:3] != now:
        if shown[0] == seat:
            tiles = track_grid.changed_tiles(layout, shown[1], now[1], shown[2], now[2])
        if shown[0] != seat or len(tiles) > _MOST_TILES:
            tiles = ()
            generation += 1
    sections.places[_GRID_SHOWN] = now + (generation,)
    whole = sections.stale(fb, _GRID, (seat, generation), 0, 0, x - 1, height)
    if whole:
        track_grid.draw(fb, grid, layout, cells, pieces, dead, cursor, preview)
    elif tiles:
        _draw_tiles(fb, grid, layout, cells, pieces, dead, tiles, cursor, preview, sections)
    # The tile the cursor left and the one it is on, as sections of their own: a cursor move
    # or another preview draws two tiles and the rings again, not the grid.
    left = -1 if whole else sections.places.get(_GRID, -1)
    if left == cursor:
        left = -1
    drawn = sections.since(_GRID)
    redrawn = False
    for name, tile, shown in ((_LEFT_TILE, left, None), (_CURSOR_TILE, cursor, preview)):
        tx = ty = side = 0
        if tile >= 0:
            tx, ty = grid.origin(tile)
            tx += 1
            ty += 1
            side = grid.tile - 1
        if sections.stale(fb, name, (tile, shown, drawn), tx, ty, side, side) and tile >= 0:
            track_grid.draw_tile(fb, grid, layout, cells, pieces, tile, cursor, shown)
            redrawn = True
    if redrawn:
        track_grid.rings(fb, grid, dead)
        # A ring spills over its tile's edge: the planner looks around the tiles too.
        for tile in (left, cursor):
            if tile >= 0:
                tx, ty = grid.origin(tile)
                spill = track_grid.ring_spill(grid)
                sections.touched(
                    tx - spill, ty - spill, grid.tile + 2 * spill, grid.tile + 2 * spill
                )
    sections.places[_GRID] = cursor
    _panel(fb, fnt, x, width - x, height, state, seat, view, len(dead), zoom, sections)


def _draw_tiles(fb, grid, layout, cells, pieces, dead, tiles, cursor, preview, sections):
    """Draw `tiles` again over their cleared insides, the cursor's tile last (its paper may
    reach the edges its neighbours draw), then every ring, as `track_grid.draw` would."""
    if cursor >= 0 and cursor not in tiles:
        tiles.append(cursor)
    spill = track_grid.ring_spill(grid)
    for tile in tiles:
        if tile != cursor:
            _draw_tile(fb, grid, layout, cells, pieces, tile, cursor, preview, spill, sections)
    if cursor >= 0:
        _draw_tile(fb, grid, layout, cells, pieces, cursor, cursor, preview, spill, sections)
    track_grid.rings(fb, grid, dead)


def _draw_tile(fb, grid, layout, cells, pieces, tile, cursor, preview, spill, sections):
    tx, ty = grid.origin(tile)
    fb.fill_rect(tx + 1, ty + 1, grid.tile - 1, grid.tile - 1, _PAPER)
    track_grid.draw_tile(fb, grid, layout, cells, pieces, tile, cursor, preview)
    sections.touched(tx - spill, ty - spill, grid.tile + 2 * spill, grid.tile + 2 * spill)


def _zoomed(view, height):
    """Whether the cursor's tile is shown enlarged in the column (choosing its way)."""
    return bool(view.get("zoom")) and view.get("tile", -1) >= 0 and height >= _ZOOM_PANEL_HEIGHT


def _panel(fb, fnt, x, width, height, state, seat, view, dead, zoom, sections):
    pitch = fnt.height + _LINE_GAP
    bar_height = parts.column_bar(
        fb, fnt, x, width, state.seat_name(seat), turn_text(state), sections, _BAR
    )
    y = bar_height + _LINE_GAP
    hand = state.hand[seat]
    chosen = view.get("die", -1)
    key = (state.roll, tuple(hand), chosen)
    if sections.stale(fb, _DICE, key, x - 1, y, width + 1, fnt.height + _LINE_GAP):
        _dice(fb, fnt, x, y, width, state, hand, chosen)
    y += fnt.height + _LINE_GAP
    key = (state.earned[seat], state.bank[seat])
    if sections.stale(fb, _STARS, key, x, y, width, fnt.height + _LINE_GAP):
        _stars(fb, fnt, x, y, width, state, seat)
    y += fnt.height + _LINE_GAP
    box_bottom = _turn_boxes_bottom(fnt, y, width, state)
    if sections.stale(fb, _TURNS, state.turn, x, y, width, box_bottom + _LINE_GAP - y):
        _turn_boxes(fb, fnt, x, y, width, state)
    y = box_bottom + _LINE_GAP
    # Keyed by its numbers: on MicroPython each new str costs a search of all the interned
    # names (0.15-0.25 ms on an RP2040 with a game loaded), so the words are made to be drawn.
    total = state.score(seat).total
    if sections.stale(fb, _SCORE, (total, dead), x, y, width, pitch + _LINE_GAP):
        score = "score %d" % total
        if dead:
            score += ", %d dead end%s" % (dead, "" if dead == 1 else "s")
        text.draw(fb, fnt, text.fit(fnt, score, width), x, y)
    y += pitch + _LINE_GAP
    note = view.get("note", "")
    prompt = view.get("prompt", "")
    choices = view.get("choices", ())
    if zoom:  # the enlarged tile, its track and the way shown
        tile = view.get("tile", -1)
        shown = (tile, view.get("preview"), state.cells[seat][tile], tuple(state.pieces[seat]))
    else:
        shown = None
    detail = tuple(view.get("detail", ()))
    key = (note, prompt, shown, detail, len(choices))
    if sections.stale(fb, _TURN, key, x, y, width, height - y):
        bottom = parts.note(fb, fnt, x, width, height, pitch, note)
        y = parts.prompt(fb, fnt, x, y, width, bottom, pitch, prompt) + _LINE_GAP
        sections.places[_TURN] = (y, bottom)
        if zoom:
            _zoom(fb, fnt, x, y, width, bottom, state, seat, view)
        elif not choices:  # words alone, such as the house rules before the first roll
            _words(fb, fnt, x, y, width, bottom, detail)
    if choices and not zoom:
        y, bottom = sections.places[_TURN]
        _choices(fb, fnt, x, y, width, bottom, view, sections)


def _dice(fb, fnt, x, y, width, state, hand, chosen):
    """The roll as "red 4  green 2  white 5": the die under the cursor inverted, a die drawn
    (or merged away) this turn struck through."""
    if not state.roll:
        text.draw(fb, fnt, "dice not rolled", x, y)
        return y + fnt.height
    rolled = (state.roll // 100, state.roll // 10 % 10, state.roll % 10)
    for die in range(len(data.DICE)):
        value = hand[die] or rolled[die]
        label = "%s %d" % (data.DICE[die], value)
        label_width = text.measure(fnt, label)
        color = _INK
        if die == chosen:
            fb.fill_rect(x - 1, y, label_width + 2, fnt.height, _INK)
            color = _PAPER
        text.draw(fb, fnt, label, x, y, color)
        if not hand[die]:
            fb.hline(x, y + fnt.height // 2, label_width, color)
        x += label_width + 2 * fnt.width
    return y + fnt.height


def _stars(fb, fnt, x, y, width, state, seat):
    """The STARS area: a plain star not earned yet, a circled star to spend, a filled circle
    for a star filled in."""
    label = "stars "
    text.draw(fb, fnt, label, x, y)
    room = width - text.measure(fnt, label)
    x += text.measure(fnt, label)
    slots = state.layout.star_slots
    size = min(fnt.height - 1, room // max(1, slots) - 2)
    radius = size // 2
    earned = state.earned[seat]
    spent = earned - state.bank[seat]
    big = size >= 10
    for slot in range(slots):
        cx, cy = x + radius, y + radius
        if slot < spent:
            fb.ellipse(cx, cy, radius, radius, _INK, True)
        elif slot < earned:
            fb.ellipse(cx, cy, radius, radius, _INK)
            if big:
                track_icons.small_star(fb, cx - 2, cy - 2)
            else:
                fb.hline(cx - 1, cy, 3, _INK)
                fb.vline(cx, cy - 1, 3, _INK)
        else:
            track_icons.small_star(fb, cx - 2, cy - 2)
        x += size + 2
    return y + fnt.height


def _turn_boxes_bottom(fnt, y, width, state):
    """The y below the TURNS grid drawn at y."""
    return y + min(fnt.height - 1, width // state.turns) - 1


def _turn_boxes(fb, fnt, x, y, width, state):
    """The TURNS grid: one box per turn, filled once played; a dot marks each turn star."""
    turns = state.turns
    pitch = min(fnt.height - 1, width // turns)
    box = pitch - 1
    every = state.layout.turn_star_every
    for turn in range(turns):
        if turn < state.turn:
            fb.fill_rect(x, y, box, box, _INK)
        else:
            fb.rect(x, y, box, box, _INK)
            if (turn + 1) % every == 0:
                fb.fill_rect(x + box // 2 - 1, y + box // 2 - 1, 2 + box % 2, 2 + box % 2, _INK)
        x += pitch
    return y + box


def _choices(fb, fnt, x, y, width, bottom, view, sections):
    choices = view.get("choices", ())
    cursor = view.get("cursor", -1)
    box = fnt.height + 2
    visible = max(1, (bottom - y + _LINE_GAP) // (box + _LINE_GAP))
    first = 0
    if cursor >= visible:  # keep the cursor's row on the panel, as the last one shown
        first = cursor - visible + 1
    # An arrow before the first row shown says that rows above are hidden.
    parts.choice_boxes(
        fb,
        fnt,
        x,
        y,
        width,
        bottom,
        choices,
        cursor,
        first,
        up="\u2191 ",
        sections=sections,
        name=_CHOICES,
        parent=_TURN,
    )


# The house rules wrapped for the column (font, width, lines): worked out ahead by `prepare`
# while the setup screen's panel refreshes (about 6 ms of the start's first draw on an
# RP2040: each wrapped line is a new str) and let go at the first roll, when they go.
_rules_wrapped = [None, 0, ()]


def prepare(width, height):
    """Wrap the house rules for the column of a `width` x `height` panel (ontrack.prepare)."""
    fnt = screen.look(width).dense
    grid = grid_for(track.standard_layout(), width, height)
    room = width - (grid.x + grid.width + _GAP)
    _rules_wrapped[:] = [fnt, room, [screen.wrap(fnt, line, room) for line in data.HOUSE_RULES]]


def _words(fb, fnt, x, y, width, bottom, lines):
    pitch = fnt.height + _LINE_GAP
    ahead = None
    if (
        _rules_wrapped[0] is fnt
        and _rules_wrapped[1] == width
        and tuple(lines) == data.HOUSE_RULES
    ):
        ahead = _rules_wrapped[2]
    for index in range(len(lines)):
        line = lines[index]
        wrapped = screen.wrap(fnt, line, width) if ahead is None else ahead[index]
        count = max(0, min(len(wrapped), (bottom - y) // pitch))
        y = screen.text_lines(fb, fnt, wrapped, x, y, width, count, pitch)


def _zoom(fb, fnt, x, y, width, bottom, state, seat, view):
    """The cursor's tile enlarged, with its words beside it, or below it when that leaves the
    tile larger (tall panels)."""
    pitch = fnt.height + _LINE_GAP
    beside = min(bottom - y - 1, width // 2, _ZOOM_MAX)
    below = min(bottom - y - 1 - _ZOOM_LINES * pitch, width - 1, _ZOOM_MAX)
    size = max(beside, below)
    if size >= _ZOOM_MIN:
        track_grid.zoom(
            fb, x, y, size, state.layout, state.cells[seat], state.pieces[seat],
            view.get("tile", -1), view.get("preview"),
        )  # fmt: skip
        if below >= beside:
            y += size + _GAP
        else:
            x += size + _GAP + 1
            width -= size + _GAP + 1
    _words(fb, fnt, x, y, width, bottom, view.get("detail", ()))


# --- dice-only mode ---------------------------------------------------------------------------
def _die_face(fb, x, y, side, value, die):
    """A die `side` pixels square: red with a solid border, green a double one, white a thin
    one (as the track styles), and its pips."""
    if die == 0:
        for inset in range(3):
            fb.rect(x + inset, y + inset, side - 2 * inset, side - 2 * inset, _INK)
    elif die == 1:
        fb.rect(x, y, side, side, _INK)
        fb.rect(x + 2, y + 2, side - 4, side - 4, _INK)
    else:
        fb.rect(x, y, side, side, _INK)
    pip = max(1, side // 10)
    step = side // 4
    for column, row in _PIPS[value]:
        cx = x + step + column * step
        cy = y + step + row * step
        fb.ellipse(cx, cy, pip, pip, _INK, True)


def _dice_only(fb, fnt, width, height, state, view):
    pitch = fnt.height + _LINE_GAP
    title = "Dice only: draw on paper"
    y = screen.bar(fb, 0, 0, width, fnt, title, turn_text(state), 1) + 2 * _LINE_GAP
    bottom = parts.note(fb, fnt, 0, width, height, pitch, view.get("note", ""), 0)
    lines = screen.wrap(fnt, view.get("prompt", ""), width)
    shown = min(len(lines), _PROMPT_LINES)
    bottom -= shown * pitch
    screen.text_lines(fb, fnt, lines, 0, bottom, width, shown, pitch)
    bottom -= _LINE_GAP
    box_bottom = _turn_boxes(fb, fnt, 0, y, width, state)
    top = box_bottom + 2 * _LINE_GAP
    side = min((bottom - top - pitch), (width - 4 * _GAP) // 3)
    if side < 8 or not state.roll:
        if not state.roll:
            text.draw(fb, fnt, "dice not rolled", 0, top)
        return
    rolled = (state.roll // 100, state.roll // 10 % 10, state.roll % 10)
    gap = (width - 3 * side) // 4
    for die in range(3):
        dx = gap + die * (side + gap)
        _die_face(fb, dx, top, side, rolled[die], die)
        text.draw_centred(fb, fnt, data.DICE[die], dx, top + side + _LINE_GAP, side)


# --- results ----------------------------------------------------------------------------------
def results_message(state):
    """What the last screen says instead of scores, or None: dice-only games have none."""
    if state.dice_only:
        return ["All %d turns are rolled: count the sheets on paper." % state.turns]
    return None
