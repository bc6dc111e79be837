"""The options Dice Trip: Belgium offers on its setup screen, as data (ui.setup.SetupScreen
shows them).

OPTIONS: (option key, label, values, value titles or None) per row; the setup screen steps through
the `values` make_params accepts with the rows above (so the order matters) and gives the chosen
ones to make_params. `values` None: typed on its own screen (the class code, ui.code_entry).
DEFAULTS: the starting value of each option.
"""

from dicetable.games.dicetrip import data

# Who rolls in round 1: a seat (0-based, as in the parameters and the journal) by its title.
_SEATS = tuple(range(data.MAX_PLAYERS))
_SEAT_TITLES = {seat: "Player %d" % (seat + 1) for seat in _SEATS}

OPTIONS = (
    ("players", "Players", (1, 2, 3, 4), None),
    # Above the bots: the rows above win (dice only: no bots), so both ways are one press.
    ("mode", "Mode", ("play", "dice"), {"play": "Sheets", "dice": "Dice only"}),
    ("bots", "Bots", (0, 1, 2, 3, 4), None),
    # Below the players: make_params accepts only a seat that exists (DECISIONS.md: default 1).
    ("first", "First roller", _SEATS, _SEAT_TITLES),
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
    "first": 0,
    "hints": True,
    "mode": "play",
    "strength": "careful",
    "chains": "off",
}
