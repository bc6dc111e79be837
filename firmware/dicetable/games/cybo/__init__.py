"""Cybo.

Push your luck on one d12: rules.py (State, the quad's rule of thumb for bots), data.py (levels,
grids, points), sheet.py, leds.py, howto.py, options.py. Its choices are a short list, so it plays
on the shared ui.play.PlayScreen.

This module is the game module of core/protocol.py plus the play screen the shell asks for. It
imports its parts only when they are asked for, so the menu and the kiosk can name the game
without loading it; rules modules never import play.py or sheet.py, bots import rules.
"""

GAME_ID = "cybo"
TITLE = "Cybo"
# The parts a game start imports: the setup screen imports them while its panel refreshes
# and the CPU only waits (ui.setup, `prefetch`), rules first (a change of a value asks them).
START_PARTS = ("rules", "sheet", "leds")


def make_params(options):
    from dicetable.games.cybo import rules

    return rules.make_params(options)


def new_state(params):
    from dicetable.games.cybo import rules

    return rules.new_state(params)


def bot_action(state, seat, rng):
    from dicetable.games.cybo import rules

    return rules.bot_action(state, seat, rng)


def play_screen(shell, session):
    from dicetable.ui.play import PlayScreen

    return PlayScreen(shell, session)
