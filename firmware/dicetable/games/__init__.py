"""The games the device knows, by identifier. Modules are imported only when a game is chosen,
so the device holds one game's code in RAM at a time."""

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
    """The game module for an identifier; JournalError names an unknown game."""
    for known, _name in GAMES:
        if known == game_id:
            return __import__("dicetable.games." + game_id, None, None, (game_id,))
    raise JournalError("unknown game %r" % (game_id,))
