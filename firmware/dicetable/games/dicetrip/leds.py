"""What Dice Trip shows on the LED matrix (ui.led_views calls `draw`; ui.dice_leds draws)."""

from dicetable.ui import dice_leds
from dicetable.ui.led_views import turn_colour

# games.dicetrip.data.DICE_COLOURS, in die order
# (tests/portable/games/dicetrip/test_play_dicetrip.py checks).
COLOURS = (dice_leds.RED, dice_leds.YELLOW, dice_leds.GREEN, dice_leds.BLUE)
# The roll animation: the four dice (ui.led_views.roll_look).
ROLL_LOOK = (4, COLOURS, dice_leds.PIPS)


def draw(canvas, state, page):
    """The four dice in their colours once they have all landed (a reroll's dice land at
    once); the edge in the roller's colour until the roll is kept, then in the colour of the
    first seat still to place."""
    if 0 in state.dice:
        canvas.clear()
    else:
        canvas.dice(state.dice, COLOURS)
    actors = state.actors()
    seat = actors[0] if actors and actors[0] >= 0 and state.placements_left(actors[0]) else -1
    if seat < 0 and actors:
        seat = state.roller()
    if seat >= 0:
        canvas.turn(turn_colour(seat), dice_leds.EDGE_BOTTOM)
    return 1
