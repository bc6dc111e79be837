"""What Christmas On Track shows on the LED matrix (ui.led_views calls `draw`)."""

from dicetable.ui import dice_leds
from dicetable.ui.led_views import first_actor_edge

COLOURS = (dice_leds.RED, dice_leds.GREEN, dice_leds.WHITE)
# The roll animation: the red, green and white dice (ui.led_views.roll_look).
ROLL_LOOK = (3, COLOURS, dice_leds.PIPS)


def draw(canvas, state, page):
    """This turn's red, green and white dice, kept while every seat draws (the roll itself:
    merges and stars change only one sheet); the edge in the colour of the first seat still
    to draw."""
    if not state.roll:
        canvas.clear()
        return 1
    roll = state.roll  # games.ontrack.rules: 100 x red + 10 x green + white
    canvas.dice((roll // 100, roll // 10 % 10, roll % 10), COLOURS)
    first_actor_edge(canvas, state)
    return 1
