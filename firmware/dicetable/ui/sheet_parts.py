"""Pieces the game sheets share (ui.sheet_*): the round counter in the bar over the right-hand
column, the note at the column's foot, the prompt and the boxed choices.

PURE, like ui.draw: each piece draws from its arguments alone and returns where the next one
goes, so the sheets keep their own layouts and the same inputs give the same pixels.
"""

from micropython import const

from dicetable.ui import draw, text
from dicetable.ui.sections import WHOLE

_INK = const(1)
_PAPER = const(0)
_LINE_GAP = const(1)  # between lines and blocks of a column
_PAD = const(2)  # text inside a choice box
_PROMPT_LINES = const(2)
_BAR_PAD = const(1)  # above and below the column bar's text
_NOTE_LINES = const(2)


# The last round_text and what it was made from: a sheet asks for it at every draw, to key
# its bar, and on MicroPython a new str costs a search of all the interned names (0.15-0.25 ms
# on an RP2040 with a game loaded).
_last_round = [None, ""]


def round_text(params, index, count, word=""):
    """ "5/19" for round `index` (from 0, kept at the last once the game is over), after the
    class code when there is one, so a room can check it is in step; else after `word`
    ("turn 5/20")."""
    code = params.get("code")
    key = (code, min(index + 1, count), count, word)
    if key != _last_round[0]:
        shown = "%d/%d" % (key[1], count)
        _last_round[0] = key
        _last_round[1] = code + " " + shown if code else word + shown
    return _last_round[1]


def column_bar(fb, fnt, x, width, left, right, sections=WHOLE, name=0):
    """The inverted bar at the top of a sheet's right-hand column, `left` and `right` in it,
    as section `name` of `sections`; returns its height."""
    height = fnt.height + 2 * _BAR_PAD
    if sections.stale(fb, name, (left, right), x, 0, width, height):
        draw.bar(fb, x, 0, width, fnt, left, right, _BAR_PAD)
    return height


def note(fb, fnt, x, width, bottom, pitch, words, gap=_LINE_GAP):
    """`words` (at most two lines) at the foot of a column ending at `bottom`, so a save error
    stays in view whatever the prompt says. Returns the y above the note and `gap`, or
    `bottom` when there is no note."""
    if not words:
        return bottom
    lines = draw.wrap(fnt, words, width)
    shown = min(len(lines), _NOTE_LINES)
    bottom -= shown * pitch
    draw.text_lines(fb, fnt, lines, x, bottom, width, shown, pitch)
    return bottom - gap


def prompt(fb, fnt, x, y, width, bottom, pitch, words):
    """`words` wrapped to at most two lines, as many as fit above `bottom`; returns the y
    after the lines drawn."""
    lines = draw.wrap(fnt, words, width)
    count = max(0, min(_PROMPT_LINES, (bottom - y) // pitch))
    return draw.text_lines(fb, fnt, lines, x, y, width, count, pitch)


def choice_boxes(
    fb,
    fnt,
    x,
    y,
    width,
    bottom,
    choices,
    cursor,
    first=0,
    inset=_PAD,
    up="",
    down="",
    sections=WHOLE,
    name=0,
    parent=0,
):
    """The choices from `first` on as outlined boxes, one under the other, the one at `cursor`
    inverted, as many as fit above `bottom`. When rows are hidden, `up` goes before the first
    row shown (rows above) and `down` before the last (rows below).

    With `sections` (ui.sections) the list is section `name`, inside section `parent`, and its
    boxes are the sections after it: the list is cleared whole when its parent was drawn again
    or another page scrolled in (so the rows a shorter page leaves are blank), and a cursor
    move redraws the two boxes it touches. Boxes whose labels changed (or moved) note the
    list rewritten (ui/sections.py): a new list over the last one gets a clearing pass."""
    box = fnt.height + 2
    room = width - 2 * inset
    page = (first, len(choices), sections.since(parent))
    sections.stale(fb, name, page, x, y, width, bottom - y)
    drawn = sections.since(name)
    top, rewritten = y, 0
    for index in range(first, len(choices)):
        if y + box > bottom:
            break
        label = choices[index]
        if index == first and first > 0:
            label = up + label
        elif down and y + 2 * box + _LINE_GAP > bottom and index + 1 < len(choices):
            label = down + label
        key = (label, index == cursor, y, drawn)
        held = sections.key(name + 1 + index - first)
        if held is not None and (held[0] != label or held[2] != y):
            rewritten += width * box  # another choice, or this one moved
        if sections.stale(fb, name + 1 + index - first, key, x, y, width, box):
            color = _INK
            if index == cursor:
                fb.fill_rect(x, y, width, box, _INK)
                color = _PAPER
            else:
                fb.rect(x, y, width, box, _INK)
            text.draw(fb, fnt, text.fit(fnt, label, room), x + inset, y + 1, color)
        y += box + _LINE_GAP
    if rewritten:
        # The whole list is cleared: rows the last list had below this one's too.
        sections.rewritten(x, top, width, bottom - top, rewritten)
