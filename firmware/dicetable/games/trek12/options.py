"""The options Trek 12 offers on its setup screen, as data (ui.setup.SetupScreen shows them).

OPTIONS: (option key, label, values, value titles or None) per row; the setup screen steps through
the `values` make_params accepts with the rows above (so the order matters) and gives the chosen
ones to make_params. `values` None: typed on its own screen (the class code, ui.code_entry).
DEFAULTS: the starting value of each option.
"""

from dicetable.games.trek12.maps import MAP_IDS, MAPS

OPTIONS = (
    ("players", "Players", (1, 2, 3, 4, 5, 6), None),
    # Above the bots: the rows above win (dice only: no bots), so both ways are one press.
    ("mode", "Mode", ("sheets", "dice"), {"sheets": "Sheets", "dice": "Dice only"}),
    ("bots", "Bots", (0, 1, 2, 3, 4, 5, 6), None),
    ("map", "Map", MAP_IDS, dict(MAPS)),
    ("hints", "Hints", (True, False), {True: "On", False: "Off"}),
    ("code", "Class code", None, None),
)

DEFAULTS = {"players": 1, "bots": 0, "map": "dunai", "hints": True, "mode": "sheets"}
