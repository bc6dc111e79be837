"""The options each game offers on its setup screen, as data.

Each entry: (option key, label, values, value titles or None). The setup screen cycles through
`values`; the chosen values become the options given to the game's make_params.
"""

from dicetable.games import cybo_data

OPTIONS = {
    "cybo": (
        ("players", "Players", (2, 3, 4, 5, 6), None),
        ("bots", "Bots", (0, 1, 2, 3, 4, 5, 6), None),
        ("level", "Level", cybo_data.LEVEL_NAMES, cybo_data.LEVEL_TITLES),
        ("grid", "Grid", cybo_data.GRID_NAMES, {"rows": "1 2 3 rows", "columns": "1 5 9 rows"}),
    ),
    "gang": (
        ("players", "Players", (2, 3, 4), None),
        ("bots", "Bots", (0, 1, 2, 3, 4), None),
        (
            "strength",
            "Bot play",
            ("careful", "random"),
            {"careful": "Careful", "random": "Random"},
        ),
    ),
}

# Starting choice per game (index into each option's values).
DEFAULTS = {
    "cybo": {"players": 2, "bots": 1, "level": "advanced", "grid": "rows"},
    "gang": {"players": 3, "bots": 2, "strength": "careful"},
}
