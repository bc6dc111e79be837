"""Gang of Dice.

Push your luck against the gang's cards: rules.py (State, the turn), data.py (cards and decks),
bot.py (careful and random players), play.py, sheet.py, leds.py, howto.py, options.py.

This module is the game module of core/protocol.py plus the play screen the shell asks for. It
imports its parts only when they are asked for, so the menu and the kiosk can name the game
without loading it; rules modules never import play.py or sheet.py, bots import rules.
"""

GAME_ID = "gang"
TITLE = "Gang of Dice"
# The parts a game start imports: the setup screen imports them while its panel refreshes
# and the CPU only waits (ui.setup, `prefetch`), rules first (a change of a value asks them).
START_PARTS = ("rules", "play", "sheet", "leds", "bot")


def make_params(options):
    from dicetable.games.gang import rules

    return rules.make_params(options)


def new_state(params):
    from dicetable.games.gang import rules

    return rules.new_state(params)


def bot_action(state, seat, rng):
    from dicetable.games.gang import bot

    return bot.choose(state, seat, rng)


def play_screen(shell, session):
    if session.bots:
        # The bot (bot seats) is loaded with the screen, as the game starts: loaded by the
        # first decision, its import would count in that decision's time.
        from dicetable.games.gang import bot  # noqa: F401
    from dicetable.games.gang.play import GangPlayScreen

    return GangPlayScreen(shell, session)
