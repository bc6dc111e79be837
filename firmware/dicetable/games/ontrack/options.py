"""The options Christmas On Track offers on its setup screen, as data (ui.setup.SetupScreen
shows them).

OPTIONS: (option key, label, values, value titles or None) per row; the setup screen steps through
the `values` make_params accepts with the rows above (so the order matters) and gives the chosen
ones to make_params. `values` None: typed on its own screen (the class code, ui.code_entry).
DEFAULTS: the starting value of each option.
"""

OPTIONS = (
    ("players", "Players", (1, 2, 3, 4, 5, 6), None),
    # Above the bots: the rows above win (dice only: no bots), so both ways are one press.
    ("mode", "Mode", ("sheets", "dice"), {"sheets": "Sheets", "dice": "Dice only"}),
    ("bots", "Bots", (0, 1, 2, 3, 4, 5, 6), None),
    ("hints", "Hints", (True, False), {True: "On", False: "Off"}),
    ("buildings", "Buildings", ("123", "135"), {"123": "on 1 2 3", "135": "on 1 3 5"}),
    ("code", "Class code", None, None),
)

DEFAULTS = {"players": 1, "bots": 0, "hints": True, "mode": "sheets", "buildings": "123"}
