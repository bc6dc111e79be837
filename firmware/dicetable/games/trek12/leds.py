"""What Trek 12 shows on the LED matrix (ui.led_views calls `draw`; ui.dice_leds draws)."""

from dicetable.ui import dice_leds
from dicetable.ui.led_views import first_actor_edge

COLOURS = (dice_leds.RED, dice_leds.YELLOW)
# The roll animation: the red and the yellow die (ui.led_views.roll_look).
ROLL_LOOK = (2, COLOURS, dice_leds.PIPS)


def draw(canvas, state, page):
    """This round's red and yellow dice (the yellow 0 as a ring), kept while every seat
    writes; the edge in the colour of the first seat still to write."""
    if not state.roll:
        canvas.clear()
        return 1
    red, yellow = state.roll // 10, state.roll % 10  # games.trek12.rules: 10 x red + yellow
    canvas.dice((red, yellow), COLOURS)
    first_actor_edge(canvas, state)
    return 1
