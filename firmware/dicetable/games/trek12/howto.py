"""How to play Trek 12, in plain words: a few short pages (ui.howto shows them).

((heading, (paragraph, ...)), ...). A page must fit the smallest panel (296x128: six lines of
about 48 characters), which tests/portable/kiosk/test_kiosk_howto.py checks. Written from the
rules references in shared/rules and their DECISIONS; plain ASCII only.
"""

PAGES = (
    (
        "The goal",
        (
            "Everyone climbs the same mountain: fill its 19 circles with numbers.",
            "Numbers that count up side by side (3, 4, 5) make a rope. Equal numbers side"
            " by side make a zone. Ropes and zones score.",
        ),
    ),
    (
        "Each round",
        (
            "The device rolls a red die (1 to 6) and a yellow die (0 to 5) for the table.",
            "Each player takes one result: the lower die, the higher die, the difference,"
            " the sum or the product.",
        ),
    ),
    (
        "Where to write",
        (
            "The first number goes anywhere, later ones next to a filled circle.",
            "A circle holds up to 12, a thick one up to 6. A bigger result becomes a sad"
            " face: minus 3.",
        ),
    ),
    (
        "Plan ahead",
        (
            "Each of the five results may be used 4 times in the whole game.",
            "Ropes link by themselves when the numbers follow on. A number left alone at"
            " the end costs 3.",
        ),
    ),
    (
        "Points",
        (
            "A rope: its top number plus 1 for each other circle. A zone: its number plus"
            " 1 for each other circle.",
            "Bonus for the longest rope and the biggest zone. Highest total wins.",
        ),
    ),
    (
        "Buttons",
        (
            "Arrows pick the result, OK takes it. Arrows pick the circle, OK writes it.",
            "BACK steps back. With hints on, the cursor starts on a good choice.",
        ),
    ),
)
