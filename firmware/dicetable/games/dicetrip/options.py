"""The options Dice Trip: Belgium offers on its setup screen, as data (ui.screens.SetupScreen
shows them).

OPTIONS: (option key, label, values, value titles or None) per row; the setup screen cycles
through `values` and gives the chosen ones to make_params. `values` None: typed on its own
screen (the class code, ui.code_entry). DEFAULTS: the starting value of each option.
"""

OPTIONS = (
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
)

DEFAULTS = {
    "players": 2,
    "bots": 1,
    "hints": True,
    "mode": "play",
    "strength": "careful",
    "chains": "off",
}
