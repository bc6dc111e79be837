"""The options Gang of Dice offers on its setup screen, as data (ui.setup.SetupScreen
shows them).

OPTIONS: (option key, label, values, value titles or None) per row; the setup screen steps through
the `values` make_params accepts with the rows above (so the order matters) and gives the chosen
ones to make_params. `values` None: typed on its own screen (the class code, ui.code_entry).
DEFAULTS: the starting value of each option.
"""

OPTIONS = (
    ("players", "Players", (2, 3, 4), None),
    ("bots", "Bots", (0, 1, 2, 3, 4), None),
    (
        "strength",
        "Bot play",
        ("careful", "random"),
        {"careful": "Careful", "random": "Random"},
    ),
)

DEFAULTS = {"players": 3, "bots": 2, "strength": "careful"}
