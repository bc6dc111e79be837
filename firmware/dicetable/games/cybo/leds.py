"""What Cybo shows on the LED matrix (ui.led_views calls `draw`; ui.dice_leds draws)."""

from dicetable.ui import dice_leds
from dicetable.ui.led_views import turn_colour

# The roll animation: one white d12 (ui.led_views.roll_look).
ROLL_LOOK = (1, dice_leds.WHITE, dice_leds.PIPS)


def draw(canvas, state, page):
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
    canvas.turn(turn_colour(seat), dice_leds.EDGE_BOTTOM)
    return 1
