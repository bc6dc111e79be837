"""How to play Cybo, in plain words: a few short pages (ui.howto shows them).

((heading, (paragraph, ...)), ...). A page must fit the smallest panel (296x128: six lines of
about 48 characters), which tests/portable/kiosk/test_kiosk_howto.py checks. Written from the
rules references in shared/rules and their DECISIONS; plain ASCII only.

The page about the sheet is made from data.OUTCOME_MARKS and data.POINTS, the words and points
the scorecard draws, so a changed word changes the sheet and its legend together.
"""

from dicetable.games.cybo import data

# What each outcome means, after its word and points on the legend page.
_MEANINGS = {
    "quad": "all four numbers of a column",
    "duplicate": "your line repeated in Grand Master",
    "ordered": "a line rolled in order",
    "trinity": "three in a line, any order",
    "quad-miss": "the quad roll missed",
    "bust": "no line this turn",
}


def legend():
    """The legend page: one line per outcome the scorecard can show, best first."""
    lines = []
    for outcome in data.OUTCOME_ORDER:
        lines.append(
            "%s %d: %s" % (data.OUTCOME_MARKS[outcome], data.POINTS[outcome], _MEANINGS[outcome])
        )
    return ("The sheet", tuple(lines))


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
            " ends: a bust, 0 points.",
            "The grid shows this turn's rolls white on black.",
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
    legend(),
    (
        "Buttons",
        (
            "OK rolls the die. When there is a choice, arrows move and OK takes it.",
            "BACK pauses the game. The device plays the bots' turns.",
        ),
    ),
)
