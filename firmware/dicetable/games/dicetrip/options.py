"""The options Dice Trip: Belgium offers on its setup screen, as data (ui.setup.SetupScreen
shows them).

OPTIONS: (option key, label, values, value titles or None) per row; the setup screen steps through
the `values` make_params accepts with the rows above (so the order matters) and gives the chosen
ones to make_params. `values` None: typed on its own screen (the class code, ui.code_entry).
DEFAULTS: the starting value of each option.
"""

OPTIONS = (
    ("players", "Players", (1, 2, 3, 4), None),
    # Above the bots: the rows above win (dice only: no bots), so both ways are one press.
    ("mode", "Mode", ("play", "dice"), {"play": "Sheets", "dice": "Dice only"}),
    ("bots", "Bots", (0, 1, 2, 3, 4), None),
    ("hints", "Hints", (True, False), {True: "On", False: "Off"}),
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
