"""The games the device knows, by identifier: one package per game (games/<id>/), imported
only when a game is chosen, so the device holds one game's code in RAM at a time.

Every game package has the same parts, found by file name (`part`): its `__init__` is the game
module of core/protocol.py (plus `play_screen`); `rules` holds the State; `sheet` draws the
sheet and results, `leds` the LED view, `howto` has the how-to pages, `options` the setup rows.
"""

import gc

from dicetable.core.errors import JournalError

# (identifier, menu title) in menu order. Only games that are built are listed.
GAMES = (
    ("cybo", "Cybo"),
    ("gang", "Gang of Dice"),
    ("trek12", "Trek 12"),
    ("ontrack", "Christmas On Track"),
    ("dicetrip", "Dice Trip: Belgium"),
)


# Titles whose code was loaded since `forget_loaded()` (the app calls it when it is built, which
# on the device is a fresh interpreter). A title's names (qstrs) stay in RAM once loaded, so the
# app starts a game of another title in a fresh interpreter (App, "fresh start").
_loaded = []


def forget_loaded():
    del _loaded[:]


def others_loaded(game_id):
    """True when the code of a title other than game_id was loaded since `forget_loaded`."""
    for known in _loaded:
        if known != game_id:
            return True
    return False


def title(game_id):
    for known, name in GAMES:
        if known == game_id:
            return name
    return game_id


def load(game_id):
    """The game package for an identifier; JournalError names an unknown game."""
    for known, _name in GAMES:
        if known == game_id:
            if game_id not in _loaded:
                _loaded.append(game_id)
            return __import__("dicetable.games." + game_id, None, None, (game_id,))
    raise JournalError("unknown game %r" % (game_id,))


def load_start(game_id):
    """The game's package with its start parts (its START_PARTS: rules, play screen, sheet, LED
    view, bot) imported, as a game's start or resume needs them, each after a collection on
    MicroPython: a module's code is then laid in the lowest holes, together, instead of
    between the last press's garbage (Christmas On Track on 400x300 ran out of heap in its
    bot's plan with 14 KB free in pieces of at most 288 bytes)."""
    game = load(game_id)
    collect = hasattr(gc, "mem_free")  # CPython collects by itself, and slowly
    for name in game.START_PARTS:
        if collect:
            gc.collect()
        part(game_id, name)
    return game


def part(game_id, name):
    """One part of a known game's package by its file name: "sheet", "leds", "howto"..."""
    load(game_id)
    return __import__("dicetable.games.%s.%s" % (game_id, name), None, None, (name,))
