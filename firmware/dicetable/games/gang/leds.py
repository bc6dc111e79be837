"""What Gang of Dice shows on the LED matrix (ui.led_views calls `draw`; ui.dice_leds draws)."""

from dicetable.ui import dice_leds
from dicetable.ui.led_views import turn_colour

# The roll animation: one white die (ui.led_views.roll_look).
ROLL_LOOK = (1, dice_leds.WHITE, dice_leds.PIPS)


def draw(canvas, state, page):
    """The dice of the turn in play, gangsters included, page by page when they do not fit
    (the sheet shows the full count per face)."""
    faces = []
    for face in range(len(state.dice)):
        faces.extend([face] * state.dice[face])
    pages = canvas.dice(faces, dice_leds.WHITE, dice_leds.GANG, page)
    canvas.turn(turn_colour(state.turn_seat()), dice_leds.EDGE_BOTTOM)
    return max(pages, 1)
