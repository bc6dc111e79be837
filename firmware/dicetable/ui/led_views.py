"""What each game shows on the LED matrix, drawn with ui.dice_leds.

`draw(canvas, state)` per game id. Turn colours come from SEAT_COLOURS, the same order the
sheet uses for its seat marks.
"""

from dicetable.ui import dice_leds

SEAT_COLOURS = (
    dice_leds.BLUE,
    dice_leds.ORANGE,
    dice_leds.GREEN,
    dice_leds.PURPLE,
    dice_leds.CYAN,
    dice_leds.PINK,
)


def _cybo(canvas, state):
    """The d12 grid with this turn's rolls; between turns, the turn just finished (a bust's
    last roll in red), so a roll that ended a turn stays visible."""
    grid = state.grid
    cells = [None] * 12
    for number in grid.numbers:
        row, column = grid.position[number]
        cells[number - 1] = (column, row)
    rolls = state.rolls
    failed = False
    seat = state.turn_seat()
    if not rolls:
        # The seat before this one in play order finished the latest turn (if any yet).
        card = state.card[(seat - 1) % state.players]
        if card:
            rolls, _points, outcome = card[-1]
            failed = outcome in ("bust", "quad-miss")
    canvas.d12(rolls, dice_leds.WHITE, failed, tuple(cells))
    canvas.turn(SEAT_COLOURS[seat % len(SEAT_COLOURS)], dice_leds.EDGE_BOTTOM)
    return 1


def _gang(canvas, state, page):
    """The dice of the turn in play, gangsters included, page by page when they do not fit
    (the sheet shows the full count per face)."""
    faces = []
    for face in range(len(state.dice)):
        faces.extend([face] * state.dice[face])
    pages = canvas.dice(faces, dice_leds.WHITE, dice_leds.GANG, page)
    seat = state.turn_seat()
    canvas.turn(SEAT_COLOURS[seat % len(SEAT_COLOURS)], dice_leds.EDGE_BOTTOM)
    return max(pages, 1)


def _trek12(canvas, state):
    """This round's red and yellow dice (the yellow 0 as a ring), kept while every seat
    writes; the edge in the colour of the first seat still to write."""
    if not state.roll:
        canvas.clear()
        return 1
    red, yellow = state.roll // 10, state.roll % 10  # games.trek12: 10 x red + yellow
    canvas.dice((red, yellow), _TREK12_COLOURS)
    actors = state.actors()
    if actors and actors[0] >= 0:
        canvas.turn(SEAT_COLOURS[actors[0] % len(SEAT_COLOURS)], dice_leds.EDGE_BOTTOM)
    return 1


_TREK12_COLOURS = (dice_leds.RED, dice_leds.YELLOW)


def _ontrack(canvas, state):
    """This turn's red, green and white dice, kept while every seat draws (the roll itself:
    merges and stars change only one sheet); the edge in the colour of the first seat still
    to draw."""
    if not state.roll:
        canvas.clear()
        return 1
    roll = state.roll  # games.ontrack: 100 x red + 10 x green + white
    canvas.dice((roll // 100, roll // 10 % 10, roll % 10), _ONTRACK_COLOURS)
    actors = state.actors()
    if actors and actors[0] >= 0:
        canvas.turn(SEAT_COLOURS[actors[0] % len(SEAT_COLOURS)], dice_leds.EDGE_BOTTOM)
    return 1


_ONTRACK_COLOURS = (dice_leds.RED, dice_leds.GREEN, dice_leds.WHITE)


def _dicetrip(canvas, state):
    """The four dice in their colours once they have all landed (a reroll's dice land at
    once); the edge in the roller's colour until the roll is kept, then in the colour of the
    first seat still to place."""
    if 0 in state.dice:
        canvas.clear()
    else:
        canvas.dice(state.dice, _DICETRIP_COLOURS)
    actors = state.actors()
    seat = actors[0] if actors and actors[0] >= 0 and state.placements_left(actors[0]) else -1
    if seat < 0 and actors:
        seat = state.roller()
    if seat >= 0:
        canvas.turn(SEAT_COLOURS[seat % len(SEAT_COLOURS)], dice_leds.EDGE_BOTTOM)
    return 1


# games.dicetrip_data.DICE_COLOURS, in die order (tests/portable/test_play_dicetrip.py checks).
_DICETRIP_COLOURS = (dice_leds.RED, dice_leds.YELLOW, dice_leds.GREEN, dice_leds.BLUE)

# How each game's roll tumbles: (dice, colours, kind); the default is one white die.
_ROLL_LOOKS = {
    "trek12": (2, _TREK12_COLOURS, dice_leds.PIPS),
    "ontrack": (3, _ONTRACK_COLOURS, dice_leds.PIPS),
    "dicetrip": (4, _DICETRIP_COLOURS, dice_leds.PIPS),
}
_DEFAULT_ROLL = (1, dice_leds.WHITE, dice_leds.PIPS)


def roll_look(state):
    """(count, colours, kind) for the roll animation of a game."""
    return _ROLL_LOOKS.get(state.game_id, _DEFAULT_ROLL)


def draw(canvas, state, page=0):
    """Draw the game's LED view; returns how many pages it has (the app cycles them)."""
    if state.game_id == "cybo":
        return _cybo(canvas, state)
    if state.game_id == "gang":
        return _gang(canvas, state, page)
    if state.game_id == "trek12":
        return _trek12(canvas, state)
    if state.game_id == "ontrack":
        return _ontrack(canvas, state)
    if state.game_id == "dicetrip":
        return _dicetrip(canvas, state)
    canvas.clear()
    return 1
