"""How to play Cybo, in plain words: a few short pages (ui.howto shows them).

((heading, (paragraph, ...)), ...). A page must fit the smallest panel (296x128: six lines of
about 48 characters), which tests/portable/kiosk/test_kiosk_howto.py checks. Written from the
rules references in shared/rules and their DECISIONS; plain ASCII only.
"""

PAGES = (
    (
        "The goal",
        (
            "Roll the 12-sided die to make three in a line on the grid 1 2 3 / 4 5 6 /"
            " 7 8 9 / 10 11 12.",
            "Rows, columns and diagonals count. 13 rounds; the highest total wins.",
        ),
    ),
    (
        "Your turn",
        (
            "You have 3 rolls (4 in Beginner).",
            "When a roll cannot be in a line with the numbers you rolled before, the turn"
            " ends with 0 points.",
        ),
    ),
    (
        "Points",
        (
            "Three in a line in any order: 3 points. Rolled in order along the line, like"
            " 9, 5, 1: 9 points.",
            "A column lets you try for its 4th number: a hit scores 16, a miss only 3.",
        ),
    ),
    (
        "Levels",
        (
            "Master: a line counts only when rolled in order.",
            "Grand Master: roll one of your lines again in the same order, then keep"
            " repeating it for 12 points a turn.",
        ),
    ),
    (
        "Buttons",
        (
            "OK rolls the die. When there is a choice, arrows move and OK takes it.",
            "BACK pauses the game. The device plays the bots' turns.",
        ),
    ),
)
