"""The options each game offers on its setup screen, as data.

Each entry: (option key, label, values, value titles or None). The setup screen cycles through
`values`; the chosen values become the options given to the game's make_params. `values` None
means the value is typed on its own screen (the class code, ui.code_entry).
"""

from dicetable.games import cybo_data
from dicetable.games.trek12_maps import MAP_IDS, MAPS

OPTIONS = {
    "trek12": (
        ("players", "Players", (1, 2, 3, 4, 5, 6), None),
        ("bots", "Bots", (0, 1, 2, 3, 4, 5, 6), None),
        ("map", "Map", MAP_IDS, dict(MAPS)),
        ("hints", "Hints", (True, False), {True: "On", False: "Off"}),
        ("mode", "Mode", ("sheets", "dice"), {"sheets": "Sheets", "dice": "Dice only"}),
        ("code", "Class code", None, None),
    ),
    "cybo": (
        ("players", "Players", (2, 3, 4, 5, 6), None),
        ("bots", "Bots", (0, 1, 2, 3, 4, 5, 6), None),
        ("level", "Level", cybo_data.LEVEL_NAMES, cybo_data.LEVEL_TITLES),
        ("grid", "Grid", cybo_data.GRID_NAMES, {"rows": "1 2 3 rows", "columns": "1 5 9 rows"}),
    ),
    "ontrack": (
        ("players", "Players", (1, 2, 3, 4, 5, 6), None),
        ("bots", "Bots", (0, 1, 2, 3, 4, 5, 6), None),
        ("hints", "Hints", (True, False), {True: "On", False: "Off"}),
        ("mode", "Mode", ("sheets", "dice"), {"sheets": "Sheets", "dice": "Dice only"}),
        ("buildings", "Buildings", ("123", "135"), {"123": "on 1 2 3", "135": "on 1 3 5"}),
        ("code", "Class code", None, None),
    ),
    "dicetrip": (
        ("players", "Players", (1, 2, 3, 4), None),
        ("bots", "Bots", (0, 1, 2, 3, 4), None),
        ("hints", "Hints", (True, False), {True: "On", False: "Off"}),
        ("mode", "Mode", ("play", "dice"), {"play": "Sheets", "dice": "Dice only"}),
        (
            "strength",
            "Bot play",
            ("careful", "random"),
            {"careful": "Careful", "random": "Random"},
        ),
        ("chains", "Chains", ("off", "on"), {"off": "Off", "on": "On (guess)"}),
        ("code", "Class code", None, None),
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
    "trek12": {"players": 1, "bots": 0, "map": "dunai", "hints": True, "mode": "sheets"},
    "cybo": {"players": 2, "bots": 1, "level": "advanced", "grid": "rows"},
    "gang": {"players": 3, "bots": 2, "strength": "careful"},
    "ontrack": {"players": 1, "bots": 0, "hints": True, "mode": "sheets", "buildings": "123"},
    "dicetrip": {
        "players": 2,
        "bots": 1,
        "hints": True,
        "mode": "play",
        "strength": "careful",
        "chains": "off",
    },
}
