"""Christmas On Track.

Draw the track from a shared roll: rules.py (State), data.py, track.py, moves.py (the action
encoders), score.py, bot.py (the player and the hint), play.py and choice.py (the staged choice),
sheet.py, track_grid.py and track_icons.py (the sheet), leds.py, howto.py, options.py.

This module is the game module of core/protocol.py plus the play screen the shell asks for. It
imports its parts only when they are asked for, so the menu and the kiosk can name the game
without loading it; rules modules never import play.py or sheet.py, bots import rules.
"""

GAME_ID = "ontrack"
TITLE = "Christmas On Track"
# The parts a game start imports: the setup screen imports them while its panel refreshes
# and the CPU only waits (ui.setup, `prefetch`), rules first (a change of a value asks them).
START_PARTS = ("rules", "play", "sheet", "leds", "bot")


def prepare(width, height):
    """What a start works out from the panel alone, done ahead while the setup screen's panel
    refreshes (ui.setup): the house rules wrapped for the sheet's column."""
    from dicetable.games.ontrack import sheet

    sheet.prepare(width, height)


def make_params(options):
    from dicetable.games.ontrack import rules

    return rules.make_params(options)


def new_state(params):
    from dicetable.games.ontrack import rules

    return rules.new_state(params)


def bot_action(state, seat, rng):
    from dicetable.games.ontrack import bot

    return bot.choose(state, seat, rng)


def hint(state, seat):
    """The move the bot would make for `seat` (the cursor's starting place), or None."""
    from dicetable.games.ontrack import bot

    return bot.hint(state, seat)


def play_screen(shell, session):
    from dicetable.games.ontrack.play import OnTrackPlayScreen

    return OnTrackPlayScreen(shell, session)
