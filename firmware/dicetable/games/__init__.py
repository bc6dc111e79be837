"""The games the device knows, by identifier: one package per game (games/<id>/), imported
only when a game is chosen, so the device holds one game's code in RAM at a time.

Every game package has the same parts, found by file name (`part`): its `__init__` is the game
module of core/protocol.py (plus `play_screen`); `rules` holds the State; `sheet` draws the
sheet and results, `leds` the LED view, `howto` has the how-to pages, `options` the setup rows.
"""

from dicetable.core.errors import JournalError

# (identifier, menu title) in menu order. Only games that are built are listed.
GAMES = (
    ("cybo", "Cybo"),
    ("gang", "Gang of Dice"),
    ("trek12", "Trek 12"),
    ("ontrack", "Christmas On Track"),
    ("dicetrip", "Dice Trip: Belgium"),
)


def title(game_id):
    for known, name in GAMES:
        if known == game_id:
            return name
    return game_id


def load(game_id):
    """The game package for an identifier; JournalError names an unknown game."""
    for known, _name in GAMES:
        if known == game_id:
            return __import__("dicetable.games." + game_id, None, None, (game_id,))
    raise JournalError("unknown game %r" % (game_id,))


def part(game_id, name):
    """One part of a known game's package by its file name: "sheet", "leds", "howto"..."""
    load(game_id)
    return __import__("dicetable.games.%s.%s" % (game_id, name), None, None, (name,))
