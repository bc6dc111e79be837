"""What a game shows on the LED matrix: each game package's `leds` part draws with
ui.dice_leds; this module finds it and holds what the games share.

Turn colours come from SEAT_COLOURS, the same order the sheet uses for its seat marks.
"""

from dicetable.games import part
from dicetable.ui import dice_leds

SEAT_COLOURS = (
    dice_leds.BLUE,
    dice_leds.ORANGE,
    dice_leds.GREEN,
    dice_leds.PURPLE,
    dice_leds.CYAN,
    dice_leds.PINK,
)


def turn_colour(seat):
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def first_actor_edge(canvas, state):
    """The edge in the colour of the first seat still to act in a shared roll, if any."""
    actors = state.actors()
    if actors and actors[0] >= 0:
        canvas.turn(turn_colour(actors[0]), dice_leds.EDGE_BOTTOM)


# The game whose LED view was drawn last, and that view: the app draws after every key and
# roll frame, so the view is looked up once per game, not once per frame.
_last = [None, None]


def forget():
    """Let go of the last game's view: the app drops the games' modules at the menu, and a view
    held here would keep its game's code in RAM (24-45 KB), and hand a second game of that
    title the old copy beside the one it imports."""
    _last[0] = _last[1] = None


def _view(game_id):
    if _last[0] != game_id:
        _last[1] = part(game_id, "leds")
        _last[0] = game_id
    return _last[1]


def roll_look(state):
    """(count, colours, kind) for the roll animation of a game."""
    return _view(state.game_id).ROLL_LOOK


def draw(canvas, state, page=0):
    """Draw the game's LED view; returns how many pages it has (the app cycles them)."""
    return _view(state.game_id).draw(canvas, state, page)
