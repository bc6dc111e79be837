"""Dice Trip: Belgium.

Write numbers on a map of Belgium from four coloured dice: rules.py (State), data.py,
belgium.py (the map), route.py, plan.py and bot.py (the players and the hint), play.py,
sheet.py and city_map.py (the sheet), leds.py, howto.py, options.py.

This module is the game module of core/protocol.py plus the play screen the shell asks for. It
imports its parts only when they are asked for, so the menu and the kiosk can name the game
without loading it; rules modules never import play.py or sheet.py, bots import rules.
"""

GAME_ID = "dicetrip"
TITLE = "Dice Trip: Belgium"
# The parts a game start imports: the setup screen imports them while its panel refreshes
# and the CPU only waits (ui.setup, `prefetch`), rules first (a change of a value asks them).
START_PARTS = ("rules", "play", "sheet", "leds", "bot")


def prepare(width, height):
    """What a start works out from the map and the panel alone, done ahead while the setup
    screen's panel refreshes (ui.setup): the map's layout on the sheet and the bot's plan of
    the map, about 90 ms on an RP2040 that the start no longer spends."""
    from dicetable.games.dicetrip import plan, rules, sheet

    board = rules.default_board()
    sheet.lay_out(board, width, height)
    plan.plan_for(board)


def make_params(options):
    from dicetable.games.dicetrip import rules

    return rules.make_params(options)


def new_state(params):
    from dicetable.games.dicetrip import rules

    return rules.new_state(params)


def bot_action(state, seat, rng):
    from dicetable.games.dicetrip import bot

    return bot.choose(state, seat, rng)


def hint(state, seat):
    """The move the bot would make for `seat` (the cursor's starting place), or None."""
    from dicetable.games.dicetrip import bot

    return bot.hint(state, seat)


def play_screen(shell, session):
    from dicetable.games.dicetrip.play import DiceTripPlayScreen

    return DiceTripPlayScreen(shell, session)
