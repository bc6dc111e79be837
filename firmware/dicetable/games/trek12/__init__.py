"""Trek 12.

Everyone climbs the same mountain from the same red and yellow dice: rules.py (State, the
actions), score.py, special.py and maps/ (the seven maps as data), bot.py (the greedy player and
the hint), play.py (the staged choice), sheet.py and mountain.py (the sheet), leds.py, howto.py,
options.py.

This module is the game module of core/protocol.py plus the play screen the shell asks for. It
imports its parts only when they are asked for, so the menu and the kiosk can name the game
without loading it; rules modules never import play.py or sheet.py, bots import rules.
"""

GAME_ID = "trek12"
TITLE = "Trek 12"
# The parts a game start imports: the setup screen imports them while its panel refreshes
# and the CPU only waits (ui.setup, `prefetch`), rules first (a change of a value asks them).
START_PARTS = ("rules", "play", "sheet", "leds", "bot")


def make_params(options):
    from dicetable.games.trek12 import rules

    return rules.make_params(options)


def new_state(params):
    from dicetable.games.trek12 import rules

    return rules.new_state(params)


def bot_action(state, seat, rng):
    from dicetable.games.trek12 import bot

    return bot.bot_action(state, seat, rng)


def hint(state, seat):
    """The move the bot would make for `seat` (the cursor's starting place), or None."""
    from dicetable.games.trek12 import bot

    return bot.hint(state, seat)


def play_screen(shell, session):
    if not session.state.dice_only:
        # The bot (hints, bot seats) is loaded with the screen, as the game starts: loaded by
        # the first decision, its import would count in that decision's time.
        from dicetable.games.trek12 import bot  # noqa: F401
    from dicetable.games.trek12.play import Trek12PlayScreen

    return Trek12PlayScreen(shell, session)
