"""Gang of Dice's play sheet: the warning card, the round, the table's scores and the turn.

PURE. `draw` fills the whole frame from the state and the play screen's view, so equal inputs give
equal pixels. Pools are hidden information: the sheet shows a pool only for `view["seat"]` and only
when `view["show_pool"]` is true (the play screen sets it while that seat's owner is asked); while
`view["passing"]` is true it shows nothing but the "pass the device" message.

Layout, left to right (both panels; fonts from draw.look):
    card box: symbol, words, when it is checked | active player's dice by face, pool
    round and dice on the table                 | prompt
    this round's table: name, dice, score        | choices (cursor inverted, scrolled), note
      under the headings "dice" and "score"      |
    past rounds, latest first, as many as fit
"""

from micropython import const

from dicetable.games import title
from dicetable.games.gang import rules as gang
from dicetable.games.gang import data
from dicetable.ui import draw as screen
from dicetable.ui import sheet_parts as parts
from dicetable.ui import text
from dicetable.ui.sections import WHOLE

_INK = const(1)
_PAPER = const(0)

_LEFT_SHARE = const(5)  # the left column takes 2/5 of the width
_GAP = const(4)  # between the columns
_LINE_GAP = const(1)  # between lines
_BLOCK_GAP = const(3)  # between blocks of a column
_PAD = const(2)  # text inside the card box
_BAR_PAD = const(1)  # above and below the round bar's text
_WORD_LINES = const(2)  # the card's words wrap to at most this many lines

# Section names (ui.sections); choice boxes count up from the last.
_CARD = const(0)
_TABLE = const(1)
_TURN = const(2)
_DICE = const(3)  # the dice table at the top of the turn block
_ROUND = const(4)  # inside _TABLE: the round's bar, the headings, the history, the seats' rows
_HEADINGS = const(5)
_HISTORY = const(6)
_CHOICES = const(10)
_SCORE_ROWS = const(60)

_FACE_MARKS = ("G", "1", "2", "3", "4", "5")  # 0 = the gangster
_CELL = const(3)  # characters per face column in the dice table
# A row of the dice table: its label, then each face's cell right-aligned in _CELL characters.
_TABLE_ROW = "%s" + "%%%ds" % _CELL * len(_FACE_MARKS)
_DICE_LINES = const(4)  # lines the dice table takes while a player has dice out
_WHEN = {"yellow": "every roll", "black": "once, at stop"}
# The headings of the round's table (rules 1.4, 1.6): the dice each player rolled this round,
# and the score, the numbers showing added up (a bust has none).
_COUNT_HEAD = "dice"
_SCORE_HEAD = "score"


def draw(fb, width, height, state, view, sections=WHOLE):
    """Draw the sheet for `state` as the play screen's `view` describes it:
    {"seat", "prompt", "choices", "cursor", "note", "show_pool", "passing"}. With `sections`
    (ui.sections), only the parts whose content changed are drawn again."""
    passing = bool(view.get("passing"))
    if sections.begin(fb, passing):
        fb.fill(_PAPER)
    if passing:
        screen.message(
            fb, width, height, title(gang.GAME_ID), [view.get("prompt", "")], "OK: continue"
        )
        return
    chosen = screen.look(width)
    fnt = chosen.dense
    pitch = fnt.height + _LINE_GAP
    left = width * 2 // _LEFT_SHARE
    number = state.card_number()
    shape = _card_shape(chosen, left, number)
    y = shape[3] + _BLOCK_GAP
    if sections.stale(fb, _CARD, number, 0, 0, left, y):
        _card(fb, chosen, 0, 0, left, shape)
    # The round, the scores and the past rounds: the block is laid out again (and cleared)
    # when the card's height or the seats change; inside it the round's bar, each seat's row
    # and the history are sections of their own, so a score or the pot redraws one line.
    rows = _score_rows(state)
    names = tuple([state.seat_name(row[0]) for row in rows])
    if sections.stale(fb, _TABLE, (y, names), 0, y, left, height - y):
        pass  # cleared: the sections inside it are all drawn again
    block = sections.since(_TABLE)
    # The sections' keys are what the words are made from: on MicroPython each new str
    # costs a search of all the interned names (0.15-0.25 ms on an RP2040 with a game
    # loaded), so the words are made only to be drawn.
    bar_height = fnt.height + 2 * _BAR_PAD
    key = (state.is_terminal(), state.round, state.pot, block)
    if sections.stale(fb, _ROUND, key, 0, y, left, bar_height):
        round_words = _round_words(state)
        screen.bar(fb, 0, y, left, fnt, round_words[0], round_words[1], _BAR_PAD)
    y = _scores(
        fb, fnt, pitch, 0, y + bar_height + _BLOCK_GAP, left, height, state, rows, sections
    )
    y += _BLOCK_GAP
    key = (tuple(state.history_rounds), block)
    if sections.stale(fb, _HISTORY, key, 0, y - 2, left, height - y + 2):
        _history(fb, fnt, pitch, 0, y, left, height, history_lines(state))
    x = left + _GAP
    _turn(fb, fnt, pitch, x, width - x, height, state, view, sections)


# The card shown last, worked out (its words wrapped) once per card rather than per press.
_card_cache = [None, None]


def _card_shape(chosen, width, number):
    """(symbol line, word lines, colour, height) of the warning card `width` pixels wide."""
    key = (number, width)
    if _card_cache[0] == key:
        return _card_cache[1]
    fnt = chosen.dense
    if not number:
        symbol, lines, colour = "", ["No card yet"], "yellow"
    else:
        code, colour, _deck, _cond, _values, _count, symbol, words = gang.card(number)
        lines = screen.wrap(fnt, words, width - 2 * _PAD)[:_WORD_LINES]
        lines.append("%s: %s" % (colour, _WHEN[colour]))
        symbol = "%s  %s" % (symbol, code)
    height = 2 * _PAD + len(lines) * fnt.height
    if symbol:
        height += (chosen.body if chosen.large else fnt).height + _LINE_GAP
    shape = (symbol, lines, colour, height)
    _card_cache[0] = key
    _card_cache[1] = shape
    return shape


def _card(fb, chosen, x, y, width, shape):
    """The warning card: black cards inverted, yellow cards outlined."""
    fnt = chosen.dense
    big = chosen.body if chosen.large else fnt
    room = width - 2 * _PAD
    symbol, lines, colour, height = shape
    color = _INK
    if colour == "black":
        fb.fill_rect(x, y, width, height, _INK)
        color = _PAPER
    else:
        fb.rect(x, y, width, height, _INK)
        fb.rect(x + 1, y + 1, width - 2, height - 2, _INK)
    row = y + _PAD
    if symbol:
        text.draw(fb, big, text.fit(big, symbol, room), x + _PAD, row, color)
        row += big.height + _LINE_GAP
    for line in lines:
        text.draw(fb, fnt, text.fit(fnt, line, room), x + _PAD, row, color)
        row += fnt.height


def _round_words(state):
    if state.is_terminal():
        return "Game over", "table %d" % state.pot
    return "Round %d/%d" % (state.round + 1, data.ROUNDS), "table %d" % state.pot


def _score_text(score):
    return "BUST" if score == gang.BUST else str(score)


def _score_rows(state):
    """This round's players in turn order: (seat, turn mark, dice committed, score (an int,
    gang.BUST, or "...")), as a tuple; `_score_text` words a score when it is drawn."""
    done = {}
    for seat, count, _dice, _rolls, score in state.turns:
        done[seat] = (count, score)
    playing = -1 if state.is_terminal() else state.turn_seat()
    order = state.order or list(range(state.players))
    rows = []
    for seat in order:
        if seat in done:
            count, score = done[seat]
        elif seat == playing and state.committed:
            count, score = state.committed, "..."
        else:
            count, score = "", ""
        mark = ">" if seat == playing and seat not in done else " "
        rows.append((seat, mark, count, score))
    return tuple(rows)


def _scores(fb, fnt, pitch, x, y, width, height, state, rows, sections=WHOLE):
    """The round's table under its headings: each player, the dice they rolled this round
    and their score (the numbers showing, added up) or BUST. The headings are drawn with the
    block (section _TABLE), each seat's row is a section."""
    count_room = 5 * fnt.width  # " dice" over counts of up to 48
    score_room = 6 * fnt.width  # " score" over scores and "BUST"
    count_x = x + width - score_room - count_room
    score_x = x + width - score_room
    block = sections.since(_TABLE)
    if y + fnt.height <= height:
        if sections.stale(fb, _HEADINGS, block, x, y, width, pitch):
            text.draw_right(fb, fnt, _COUNT_HEAD, count_x, y, count_room)
            text.draw_right(fb, fnt, _SCORE_HEAD, score_x, y, score_room)
        y += pitch
    name_room = width - count_room - score_room - fnt.width
    for index in range(len(rows)):
        if y + fnt.height > height:
            break
        seat, mark, count, score = rows[index]
        if sections.stale(fb, _SCORE_ROWS + index, (rows[index], block), x, y, width, pitch):
            name = text.fit(fnt, state.seat_name(seat), name_room)
            text.draw(fb, fnt, mark + name, x, y)
            text.draw_right(fb, fnt, str(count), count_x, y, count_room)
            if not isinstance(score, str):  # "..." or "" stay as they are
                score = _score_text(score)
            text.draw_right(fb, fnt, score, score_x, y, score_room)
        y += pitch
    return y


def history_lines(state):
    """The finished rounds, latest first: "R3 Ann +9", "R2 all bust" (the dice carried over),
    as a tuple."""
    lines = []
    for index in range(len(state.history_rounds) - 1, -1, -1):
        _card_number, winner, won, _turns = state.history_rounds[index]
        if winner < 0:
            lines.append("R%d all bust" % (index + 1))
        else:
            lines.append("R%d %s +%d" % (index + 1, state.seat_name(winner), won))
    return tuple(lines)


def _history(fb, fnt, pitch, x, y, width, height, lines):
    if not lines or y + pitch > height:
        return
    fb.hline(x, y - 2, width, _INK)
    for line in lines:
        if y + fnt.height > height:
            break
        text.draw(fb, fnt, text.fit(fnt, line, width), x, y)
        y += pitch


def dice_rows(state):
    """The active player's dice as a small table by face, [] before any die landed:
        face  G  1  2  3  4  5
        dice  1  0  2  0  0  1
        redo  0  0  1  0  0  0     (only once dice are chosen for the reroll)
    plus "+3 to roll" while dice are in the air."""
    if not (sum(state.dice) or state.to_roll):
        return []
    rows = [_row("face", _FACE_MARKS), _row("dice", state.dice)]
    if sum(state.selected):
        rows.append(_row("redo", state.selected))
    if state.to_roll:
        rows.append("+%d to roll" % state.to_roll)
    return rows


def _row(label, cells):
    return _TABLE_ROW % ((label,) + tuple(cells))


def pool_text(state, seat):
    return "%s's pool: %d dice" % (state.seat_name(seat), state.pools[seat])


def _turn(fb, fnt, pitch, x, width, height, state, view, sections):
    out = not state.is_terminal() and (sum(state.dice) or state.to_roll)
    left = state.rerolls_left() if out else 0
    pool = None  # (seat, dice in the pool) when the pool is shown
    if view.get("show_pool") and 0 <= view.get("seat", -1) < state.players:
        pool = (view["seat"], state.pools[view["seat"]])
    note = view.get("note", "")
    prompt = view.get("prompt", "")
    choices = view.get("choices", ())
    cursor = view.get("cursor", -1)
    # The dice table's lines under its faces are a section of their own: a roll or marking a
    # die for the reroll changes them and leaves the prompt and the choices be. Its text and
    # the block's are ink on paper, so the order they are drawn in does not matter.
    # The table keeps its height through the turn (faces, dice, the dice chosen, the rerolls
    # left or the dice in the air), so the first die marked for a reroll does not move the
    # prompt and the choices a line down over their own traces.
    table = _DICE_LINES if out else 0
    key = (table, pool, note, prompt, len(choices))
    if sections.stale(fb, _TURN, key, x, 0, width, height):
        bottom = parts.note(fb, fnt, x, width, height, pitch, note)
        if out:  # the faces: they stay
            screen.text_lines(fb, fnt, (_row("face", _FACE_MARKS),), x, 0, width, 1, pitch)
        y = table * pitch
        if pool:
            words = pool_text(state, pool[0])
            text.draw(fb, fnt, text.fit(fnt, words, width), x, y)
            y += pitch
        y = parts.prompt(fb, fnt, x, y, width, bottom, pitch, prompt) + _LINE_GAP
        sections.places[_TURN] = (y, bottom)
    # The dice under the faces, keyed by the numbers they are made from (not their words).
    key = (
        tuple(state.dice),
        tuple(state.selected),
        state.to_roll,
        out,
        left,
        sections.since(_TURN),
    )
    top = pitch if table else 0
    if sections.stale(fb, _DICE, key, x, top, width, table * pitch - top):
        rows = dice_rows(state) if out else ()
        screen.text_lines(fb, fnt, rows[1:], x, top, width, len(rows) - 1, pitch)
        if left:  # on the table's last line, under the row of dice chosen
            text.draw(fb, fnt, "rerolls left: %d" % left, x, (table - 1) * pitch)
    y, bottom = sections.places[_TURN]
    _choices(fb, fnt, x, y, width, bottom, choices, cursor, sections)


def _choices(fb, fnt, x, y, width, bottom, choices, cursor, sections):
    box = fnt.height + 2
    visible = max(1, (bottom - y + _LINE_GAP) // (box + _LINE_GAP))
    first = 0
    if cursor >= visible:  # whole pages, the cursor always on screen
        first = min(cursor // visible * visible, len(choices) - visible)
    # "^" before the first row shown when rows above are hidden, "v" before the last when
    # rows below are.
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
        up="^ ",
        down="v ",
        sections=sections,
        name=_CHOICES,
        parent=_TURN,
    )
