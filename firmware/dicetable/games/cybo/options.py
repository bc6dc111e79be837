"""The options Cybo offers on its setup screen, as data (ui.setup.SetupScreen shows them).

OPTIONS: (option key, label, values, value titles or None) per row; the setup screen steps through
the `values` make_params accepts with the rows above (so the order matters) and gives the chosen
ones to make_params. `values` None: typed on its own screen (the class code, ui.code_entry).
DEFAULTS: the starting value of each option.
"""

from dicetable.games.cybo import data as cybo_data

OPTIONS = (
    ("players", "Players", (2, 3, 4, 5, 6), None),
    ("bots", "Bots", (0, 1, 2, 3, 4, 5, 6), None),
    ("level", "Level", cybo_data.LEVEL_NAMES, cybo_data.LEVEL_TITLES),
    ("grid", "Grid", cybo_data.GRID_NAMES, {"rows": "1 2 3 rows", "columns": "1 5 9 rows"}),
)

DEFAULTS = {"players": 2, "bots": 1, "level": "advanced", "grid": "rows"}
