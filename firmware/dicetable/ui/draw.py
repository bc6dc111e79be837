"""The screens every game shares, drawn on a framebuf.FrameBuffer of any panel size.

PURE: the caller gives the frame and the panel size; colour 1 is ink (black), 0 is paper. Every
screen function clears the whole frame and draws from its arguments alone, so the same inputs
always give the same pixels and the refresh planner can diff two frames to find what changed.
The lists (`menu`, `options`) take the screen's ui.sections too: a cursor move then redraws
its two rows, not the screen (15 ms a press on the RP2040, 296x128).
Only whole-row fills and text blits are used: no per-pixel loops, nothing sized by the frame.

Panels narrower than 360 pixels (296x128 and the like) get the medium font for lists and text and
the small font for dense tables; wider ones (400x300) get the large and medium fonts. `look()`
gives that choice to the game sheets too, so every screen of a panel matches.
"""

from micropython import const

from dicetable.ui import text
from dicetable.ui.sections import WHOLE

INK = const(1)
PAPER = const(0)

# Panels at least this wide get the larger fonts: 400x300 does, 296x128 and 250x122 do not.
_LARGE_PANEL_WIDTH = const(360)

# Spacing in pixels.
_BAR_PAD = const(2)  # above and below a title bar's text
INSET = const(3)  # left and right of text in a bar or list row (sheets align to it)
_ROW_GAP = const(2)  # extra rows between list lines, so an inverted row keeps a white border
_FOOTER_GAP = const(2)  # between the footer's rule and its text
_TEXT_GAP = const(2)  # between lines of body text
_GUTTER = const(9)  # the scroll hint column right of a list
_ARROW_ROWS = const(4)  # height of a scroll arrow (its base is twice this, less one)
_THUMB_MIN = const(3)  # the shortest scroll thumb, so a long list still shows one
_VALUE_MAX_SHARE = const(2)  # an option's value takes at most 1/2 of the row
_CARD_GAP = const(3)  # between result cards
_CARD_MIN_CHARS = const(12)  # a result card narrower than this many characters is not tried

_fonts = {}
_looks = {}


def font(name):
    """The text.Font for a module of dicetable.ui.fonts, loaded on first use and kept."""
    loaded = _fonts.get(name)
    if loaded is None:
        module = __import__("dicetable.ui.fonts." + name, None, None, (name,))
        loaded = _fonts[name] = text.Font(module)
    return loaded


class Look:
    """The fonts for one class of panel: `title` (title bars), `body` (lists and messages),
    `dense` (tables, result cards, footers)."""

    def __init__(self, large):
        self.large = large
        self.title = font("large" if large else "medium")
        self.body = font("large" if large else "medium")
        self.dense = font("medium" if large else "small")


def look(width):
    """The Look for a panel `width` pixels wide (the sheets use it to match the menus)."""
    large = width >= _LARGE_PANEL_WIDTH
    chosen = _looks.get(large)
    if chosen is None:
        chosen = _looks[large] = Look(large)
    return chosen


# --- building blocks --------------------------------------------------------------------------
def bar(fb, x, y, width, fnt, left, right="", pad=_BAR_PAD):
    """An inverted bar `width` wide at (x, y) with `left` and `right` text; returns its height.

    `right` is kept whole when it can be, and `left` gives way (ellipsis) to it.
    """
    height = fnt.height + 2 * pad
    fb.fill_rect(x, y, width, height, INK)
    room = width - 2 * INSET
    if right:
        right = text.fit(fnt, right, room)
        right_width = text.measure(fnt, right)
        text.draw(fb, fnt, right, x + width - INSET - right_width, y + pad, PAPER)
        room -= right_width + fnt.width
    if room > 0:
        text.draw(fb, fnt, text.fit(fnt, left, room), x + INSET, y + pad, PAPER)
    return height


def title_bar(fb, width, title, right_text=""):
    """The screen's title as an inverted bar across the top; returns the bar's height."""
    return bar(fb, 0, 0, width, look(width).title, title, right_text)


def footer_bar(fb, width, height, words, fnt):
    """A rule and one line of `words` (button hints) at the bottom; returns the y above it."""
    if not words:
        return height
    y = height - fnt.height
    fb.hline(0, y - _FOOTER_GAP, width, INK)
    text.draw(fb, fnt, text.fit(fnt, words, width - 2 * INSET), INSET, y, INK)
    return y - _FOOTER_GAP - 1


def arrow(fb, cx, y, rows, direction, color=INK):
    """A filled triangle `rows` high with its tip at the top ("up"), bottom ("down") or, for
    "right", `rows` wide with its tip at the right and its left edge at cx."""
    for i in range(rows):
        if direction == "right":
            fb.vline(cx + i, y + i, 2 * (rows - i) - 1, color)
        else:
            half = i if direction == "up" else rows - 1 - i
            fb.hline(cx - half, y + i, 2 * half + 1, color)


def bot_mark(fb, x, y, size, color=INK):
    """A robot's head `size` pixels square at (x, y): marks the seats the device plays."""
    head = size - size // 4  # below the antenna
    fb.fill_rect(x, y + size - head, size, head, color)
    fb.vline(x + size // 2, y, size - head, color)
    eye = max(1, size // 5)
    eye_y = y + size - head + head // 3
    fb.fill_rect(x + size // 5, eye_y, eye, eye, 1 - color)
    fb.fill_rect(x + size - size // 5 - eye, eye_y, eye, eye, 1 - color)


def wrap(fnt, s, width):
    """The lines of s broken at spaces to fit `width` pixels; a word too long for a line is
    split where it must be. Always at least one line."""
    cell = text.cell_width(fnt)
    if cell:
        return _wrap_cells(s, width // cell)
    lines = []
    line = ""
    for word in s.split(" "):
        candidate = line + " " + word if line else word
        if text.measure(fnt, candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while text.measure(fnt, word) > width:
            count = max(1, width // fnt.width)
            lines.append(word[:count])
            word = word[count:]
        line = word
    lines.append(line)
    return lines


def _wrap_cells(s, room):
    """wrap() for a monospaced font, `room` characters a line: the same lines, found by
    counting characters in `s` instead of building and measuring each candidate line (a
    60-character prompt took 5 ms on the RP2040). The line is s[start:end] and always ends
    where the word before the next one ends, so the candidate is s[start:stop]."""
    lines = []
    start = end = at = 0
    while True:
        space = s.find(" ", at)
        stop = len(s) if space < 0 else space  # the word is s[at:stop]
        if end > start and stop - start <= room:
            end = stop
        elif end == start and stop - at <= room:
            start, end = at, stop
        else:
            if end > start:
                lines.append(s[start:end])
            while stop - at > room:  # a word too long for a line
                count = max(1, room)
                lines.append(s[at : at + count])
                at += count
            start, end = at, stop
        if space < 0:
            break
        at = space + 1
    lines.append(s[start:end])
    return lines


def text_lines(fb, fnt, lines, x, y, width, count, pitch, color=INK):
    """Draw up to `count` of `lines`, one per `pitch` rows; when some are left over, the last
    line drawn ends with an ellipsis. Returns the y after the last line."""
    shown = min(count, len(lines))
    ellipsis = fnt.ellipsis
    for index in range(shown):
        line = lines[index]
        if index == shown - 1 and shown < len(lines):
            line = text.fit(fnt, line, width - text.measure(fnt, ellipsis))
            if not line.endswith(ellipsis):
                line += ellipsis
        else:
            line = text.fit(fnt, line, width)
        text.draw(fb, fnt, line, x, y, color)
        y += pitch
    return y


def _window(count, visible, cursor):
    """Index of the first row shown, from the cursor alone: whole pages, so moving the cursor
    inside a page redraws only two rows, the last page ending at the last item so the list stays
    full; the cursor is always on screen."""
    if count <= visible or cursor < 0:
        return 0
    return min(min(cursor, count - 1) // visible * visible, count - visible)


def _scroll_hint(fb, x, top, bottom, first, visible, count):
    """Arrows above and below a thumb whose length and place show the visible share."""
    cx = x + _GUTTER // 2
    if first > 0:
        arrow(fb, cx, top + 1, _ARROW_ROWS, "up")
    if first + visible < count:
        arrow(fb, cx, bottom - _ARROW_ROWS - 1, _ARROW_ROWS, "down")
    track_top = top + _ARROW_ROWS + 3
    track = bottom - _ARROW_ROWS - 3 - track_top
    if track > 0:
        fb.vline(cx, track_top, track, INK)
        thumb = max(_THUMB_MIN, track * visible // count)
        start = track_top + (track - thumb) * first // (count - visible)
        fb.fill_rect(cx - 1, start, 3, thumb, INK)


# Section names of a list screen (ui.sections); rows count up from _ROWS.
_TITLE = const(0)
_FOOTER = const(1)
_SCROLL = const(2)
_ROWS = const(10)


def _list_frame(fb, width, height, title, footer_words, count, cursor, sections):
    """Clear (when the sections say so), draw title and footer, and place a list of `count`
    rows. Returns (look, top, row height, first row shown, rows shown, row width)."""
    chosen = look(width)
    # Another length of list, or a footer come or gone, is another layout: drawn whole.
    if sections.begin(fb, (count, not footer_words)):
        fb.fill(PAPER)
    top = chosen.title.height + 2 * _BAR_PAD
    if sections.stale(fb, _TITLE, title, 0, 0, width, top):
        title_bar(fb, width, title)
    top += 1
    bottom = height
    if footer_words:
        bottom = height - chosen.dense.height - _FOOTER_GAP - 1
        if sections.stale(fb, _FOOTER, footer_words, 0, bottom + 1, width, height - bottom - 1):
            footer_bar(fb, width, height, footer_words, chosen.dense)
    row = chosen.body.height + _ROW_GAP
    visible = max(1, (bottom - top) // row)
    first = _window(count, visible, cursor)
    row_width = width
    if count > visible:
        row_width = width - _GUTTER
        if sections.stale(fb, _SCROLL, first, row_width, top, _GUTTER, bottom - top):
            _scroll_hint(fb, row_width, top, bottom, first, visible, count)
    return chosen, top, row, first, min(visible, count - first), row_width


# --- screens ----------------------------------------------------------------------------------
def menu(fb, width, height, title, items, cursor, footer="", sections=WHOLE):
    """A list of `items` with the one at `cursor` inverted, scrolled so that it is visible."""
    chosen, y, row, first, shown, row_width = _list_frame(
        fb, width, height, title, footer, len(items), cursor, sections
    )
    fnt = chosen.body
    room = row_width - 2 * INSET
    for index in range(first, first + shown):
        key = (items[index], index == cursor)
        if sections.stale(fb, _ROWS + index - first, key, 0, y, row_width, row):
            color = INK
            if index == cursor:
                fb.fill_rect(0, y, row_width, row, INK)
                color = PAPER
            text.draw(fb, fnt, text.fit(fnt, items[index], room), INSET, y + 1, color)
        y += row


def options(fb, width, height, title, rows, cursor, footer="", sections=WHOLE):
    """Settings as "label  < value >" rows (LEFT/RIGHT change the value); a row whose value is
    "" is an action such as "Start game"."""
    chosen, y, row, first, shown, row_width = _list_frame(
        fb, width, height, title, footer, len(rows), cursor, sections
    )
    fnt = chosen.body
    # One value column for every row, as wide as the widest value, so the arrows line up.
    value_width = 0
    for _label, value in rows:
        value_width = max(value_width, text.measure(fnt, value))
    side = 2 * fnt.width  # an arrow and a space on each side of the value
    value_width = min(value_width, row_width // _VALUE_MAX_SHARE - 2 * side)
    value_x = row_width - INSET - value_width - side
    for index in range(first, first + shown):
        label, value = rows[index]
        key = (label, value, index == cursor, value_width)
        if not sections.stale(fb, _ROWS + index - first, key, 0, y, row_width, row):
            y += row
            continue
        color = INK
        if index == cursor:
            fb.fill_rect(0, y, row_width, row, INK)
            color = PAPER
        label_room = row_width - 2 * INSET
        if value:
            label_room = value_x - side - fnt.width - INSET
            text.draw(fb, fnt, "<", value_x - side, y + 1, color)
            text.draw_centred(fb, fnt, value, value_x, y + 1, value_width, color)
            text.draw(fb, fnt, ">", value_x + value_width + fnt.width, y + 1, color)
        text.draw(fb, fnt, text.fit(fnt, label, label_room), INSET, y + 1, color)
        y += row


def message(fb, width, height, title, lines, footer=""):
    """Paragraphs of text, word-wrapped; "" is an empty line. Text that does not fit ends with
    an ellipsis: messages are short by design ("Save could not be restored", "Pass to P2")."""
    fb.fill(PAPER)
    chosen = look(width)
    top = title_bar(fb, width, title) + _TEXT_GAP + 1
    bottom = footer_bar(fb, width, height, footer, chosen.dense)
    fnt = chosen.body
    room = width - 2 * INSET
    wrapped = []
    for paragraph in lines:
        wrapped.extend(wrap(fnt, paragraph, room))
    pitch = fnt.height + _TEXT_GAP
    count = max(1, (bottom - top) // pitch)
    text_lines(fb, fnt, wrapped, INSET, top, room, count, pitch)


def _ranks(standings):
    """Competition ranks of standings listed best first: equal totals share a rank."""
    ranks = []
    for index in range(len(standings)):
        if index and standings[index][1] == standings[index - 1][1]:
            ranks.append(ranks[-1])
        else:
            ranks.append(index + 1)
    return ranks


def _card_cost(standings, fnt, card_width, lines):
    """How badly a grid of cards fits: a hidden breakdown line costs two, a cut label one."""
    cost = 0
    for _name, _total, items, _winner in standings:
        hidden = len(items) - lines
        if hidden > 0:
            cost += 2 * (hidden + 1)  # the last shown line becomes "+n more"
        for label, points in items[: min(len(items), lines)]:
            used = text.measure(fnt, label) + text.measure(fnt, str(points)) + fnt.width
            if used > card_width - 2 * INSET:
                cost += 1
    return cost


def _card_grid(standings, fnt, head_height, width, top, bottom):
    """(columns, card width, card height, breakdown lines per card) with the lowest cost; on a
    tie the fewer columns (wider cards)."""
    count = len(standings)
    best = None
    for columns in range(1, count + 1):
        card_rows = (count + columns - 1) // columns
        card_width = (width - (columns - 1) * _CARD_GAP) // columns
        if columns > 1 and card_width < _CARD_MIN_CHARS * fnt.width:
            break
        card_height = (bottom - top - (card_rows - 1) * _CARD_GAP) // card_rows
        # Inside the outline: the heading, a row of air, then the breakdown lines.
        lines = max(0, (card_height - head_height - 2) // fnt.height)
        cost = _card_cost(standings, fnt, card_width, lines)
        if best is None or cost < best[0]:
            best = (cost, columns, card_width, card_height, lines)
    return best[1], best[2], best[3], best[4]


def _card(fb, x, y, width, height, chosen, rank, entry, lines):
    name, total, items, winner = entry
    head = chosen.body if chosen.large else chosen.dense
    head_height = head.height + 2
    fnt = chosen.dense
    fb.rect(x, y, width, height, INK)
    color = INK
    if winner:  # winners (several on a tie) get an inverted heading
        fb.fill_rect(x, y, width, head_height, INK)
        color = PAPER
    total_text = str(total)
    room = width - 2 * INSET
    total_width = text.measure(head, total_text)
    text.draw(fb, head, total_text, x + width - INSET - total_width, y + 1, color)
    label = "%d. %s" % (rank, name)
    text.draw(
        fb, head, text.fit(head, label, room - total_width - head.width), x + INSET, y + 1, color
    )
    row_y = y + head_height + 1
    hidden = len(items) - lines
    for index in range(min(lines, len(items))):
        label, points = items[index]
        if hidden > 0 and index == lines - 1:
            # The last line sums what does not fit, so the card still adds up to the total.
            points = 0
            for _label, more in items[index:]:
                points += more
            label = "+%d more" % (len(items) - index)
        points_text = str(points)
        points_width = text.measure(fnt, points_text)
        text.draw(fb, fnt, points_text, x + width - INSET - points_width, row_y, INK)
        text.draw(
            fb, fnt, text.fit(fnt, label, room - points_width - fnt.width), x + INSET, row_y, INK
        )
        row_y += fnt.height


def results(fb, width, height, title, standings, footer=""):
    """Final scores as one card per seat: rank, name, total and the whole breakdown.

    standings: [(name, total, [(label, points), ...], is_winner), ...] best first. Winners get
    an inverted heading (all of them on a shared win) and equal totals share a rank.
    """
    fb.fill(PAPER)
    if not standings:
        title_bar(fb, width, title)
        footer_bar(fb, width, height, footer, look(width).dense)
        return
    chosen = look(width)
    top = title_bar(fb, width, title) + _CARD_GAP
    bottom = footer_bar(fb, width, height, footer, chosen.dense) - 1
    head = chosen.body if chosen.large else chosen.dense
    columns, card_width, card_height, lines = _card_grid(
        standings, chosen.dense, head.height + 2, width, top, bottom
    )
    ranks = _ranks(standings)
    for index in range(len(standings)):
        x = (index % columns) * (card_width + _CARD_GAP)
        y = top + (index // columns) * (card_height + _CARD_GAP)
        _card(fb, x, y, card_width, card_height, chosen, ranks[index], standings[index], lines)


_BREAKDOWN_CHARS = const(18)  # a breakdown column holds a 12-character label and its points


def breakdown(fb, width, height, title, items, footer=""):
    """One seat's whole score breakdown, [(label, points), ...], in as many columns of
    (label ... points) as the panel needs; what still does not fit is summed on a "+n more"
    line, so the page always adds up to the total in the title."""
    fb.fill(PAPER)
    chosen = look(width)
    fnt = chosen.dense
    top = title_bar(fb, width, title) + _CARD_GAP
    bottom = footer_bar(fb, width, height, footer, fnt) - 1
    rows = max(1, (bottom - top) // fnt.height)
    columns = 1
    while columns * rows < len(items) and width // (columns + 1) >= _BREAKDOWN_CHARS * fnt.width:
        columns += 1
    column_width = (width - (columns - 1) * _CARD_GAP) // columns
    room = columns * rows
    for index in range(min(len(items), room)):
        label, points = items[index]
        if len(items) > room and index == room - 1:
            points = 0
            for _label, more in items[index:]:
                points += more
            label = "+%d more" % (len(items) - index)
        x = (index // rows) * (column_width + _CARD_GAP)
        y = top + (index % rows) * fnt.height
        points_text = str(points)
        points_width = text.measure(fnt, points_text)
        text.draw(fb, fnt, points_text, x + column_width - INSET - points_width, y)
        label_room = column_width - 2 * INSET - points_width - fnt.width
        text.draw(fb, fnt, text.fit(fnt, label, label_room), x + INSET, y)
