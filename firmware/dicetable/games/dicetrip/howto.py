"""How to play Dice Trip: Belgium, in plain words: a few short pages (ui.howto shows them).

pages(options) gives ((heading, (paragraph, ...)), ...) for the setup's options (first roller,
chains). A page must fit the smallest panel (296x128: six lines of about 48 characters), which
tests/portable/kiosk/test_kiosk_howto.py checks. Written from the rules references in
shared/rules and their DECISIONS; plain ASCII only. Counts, points and colours come from
data.py and the map, and the last pages list data.HOUSE_RULES (the guesses in use), so a
transcription of the real sheet changes the rules and these pages together.
"""

from dicetable.games.dicetrip import belgium as dicetrip_map
from dicetable.games.dicetrip import data
from dicetable.games.pages import packed


def _house_rules(options):
    """data.HOUSE_RULES, and the guessed chain points when chains are on."""
    rules = list(data.HOUSE_RULES)
    if options.get("chains") == "on":
        rules.append(
            "Chains (a guess from other editions): %d or more cities on a road with numbers"
            " that follow in the list (16 then 21) score %d per link."
            % (data.CHAIN_MIN_CITIES, data.CHAIN_POINTS_PER_LINK)
        )
    return rules


def pages(options):
    colours = data.DICE_COLOURS
    found = [
        (
            "The goal",
            (
                "Travel through %s: write two-digit numbers in the %d cities of the map."
                % (dicetrip_map.NAME, len(dicetrip_map.CITIES)),
                "A route of cities whose numbers go up along the roads scores %d per city."
                % data.ROUTE_POINTS_PER_CITY,
            ),
        ),
        (
            "Each round",
            (
                "The %s and %s dice are rolled. Use each die once to make two numbers: a 1"
                " and a 4 make 14 or 41." % (", ".join(colours[:-1]), colours[-1]),
                "Write each number in an empty city, or cross a city out instead.",
            ),
        ),
        (
            "Rules",
            (
                "Each number may be written once. A crossed city scores %d and blocks routes."
                % data.CROSS_POINTS,
                "Round %d has one city left: make one number from two dice." % data.ROUNDS,
            ),
        ),
        (
            "Bonus points",
            (
                "A double (11, 22 ... 66) scores %d." % data.TICK_POINTS,
                "So does a number in a ringed city made with a die of the ring's colour.",
            ),
        ),
        (
            "Powers",
            (
                "Player %d rolls first, then the next player clockwise."
                % (options.get("first", 0) + 1),
                "Once a game, the player who rolls may reroll any dice for everybody.",
                "Once a game, each player may also use one die in both numbers.",
            ),
        ),
        (
            "Buttons",
            (
                "Arrows pick a number, OK takes it. Arrows move between the cities, OK writes.",
                "BACK steps back.",
            ),
        ),
    ]
    found.extend(packed("House rules", _house_rules(options)))
    return tuple(found)
