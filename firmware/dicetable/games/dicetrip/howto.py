"""How to play Dice Trip: Belgium, in plain words: a few short pages (ui.howto shows them).

((heading, (paragraph, ...)), ...). A page must fit the smallest panel (296x128: six lines of
about 48 characters), which tests/portable/kiosk/test_kiosk_howto.py checks. Written from the
rules references in shared/rules and their DECISIONS; plain ASCII only.
"""

PAGES = (
    (
        "The goal",
        (
            "Travel through Belgium: write two-digit numbers in the 25 cities of the map.",
            "A route of cities whose numbers go up along the roads scores 1 per city.",
        ),
    ),
    (
        "Each round",
        (
            "Four coloured dice are rolled. Use each die once to make two numbers: a 1"
            " and a 4 make 14 or 41.",
            "Write each number in an empty city, or cross a city out instead.",
        ),
    ),
    (
        "Rules",
        (
            "Each number may be written once. A crossed city costs 1 point and blocks routes.",
            "Round 13 has one city left: make one number from two dice.",
        ),
    ),
    (
        "Bonus points",
        (
            "A double (11, 22 ... 66) scores 1.",
            "So does a number in a ringed city made with a die of the ring's colour.",
        ),
    ),
    (
        "Once a game",
        (
            "The player who rolls may reroll any dice for everybody, once.",
            "Each player may also use one die in both numbers, once.",
        ),
    ),
    (
        "Buttons",
        (
            "Arrows pick a number, OK takes it. Arrows move between the cities, OK writes.",
            "BACK steps back.",
        ),
    ),
)
