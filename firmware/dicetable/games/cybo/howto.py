"""How to play Cybo, in plain words: a few short pages (ui.howto shows them).

((heading, (paragraph, ...)), ...). A page must fit the smallest panel (296x128: six lines of
about 48 characters), which tests/portable/kiosk/test_kiosk_howto.py checks. Written from the
rules references in shared/rules and their DECISIONS; plain ASCII only.

pages(options) draws the goal page's grid from data.GRIDS for the chosen preset (options key
"grid"). The page about the sheet is made from data.OUTCOME_MARKS and data.POINTS, the words and
points the scorecard draws, so a changed word changes the sheet and its legend together.
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


def grid_text(name):
    """A grid preset row by row, as "1 2 3 / 4 5 6 / 7 8 9 / 10 11 12"."""
    numbers = data.GRIDS[name]
    rows = []
    for start in range(0, len(numbers), data.COLUMNS):
        rows.append(" ".join([str(number) for number in numbers[start : start + data.COLUMNS]]))
    return " / ".join(rows)


def pages(options):
    points = data.POINTS
    return (
        (
            "The goal",
            (
                "Roll the 12-sided die to make three in a line on the grid %s."
                % grid_text(options.get("grid", data.GRID_NAMES[0])),
                "Rows, columns and diagonals count. %d rounds; the highest total wins."
                % data.ROUNDS,
            ),
        ),
        (
            "Your turn",
            (
                "You have %d rolls (%d in Beginner)."
                % (data.LEVELS["advanced"][0], data.LEVELS["beginner"][0]),
                "When a roll cannot be in a line with the numbers you rolled before, the turn"
                " ends: a bust, %d points." % points["bust"],
                "The grid shows this turn's rolls white on black.",
            ),
        ),
        (
            "Points",
            (
                "Three in a line in any order: %d points. Rolled in order along the line,"
                " like 9, 5, 1: %d points." % (points["trinity"], points["ordered"]),
                "A column lets you try for its 4th number: a hit scores %d, a miss only %d."
                % (points["quad"], points["quad-miss"]),
            ),
        ),
        (
            "Levels",
            (
                "Master: a line counts only when rolled in order.",
                "Grand Master: roll one of your lines again in the same order, then keep"
                " repeating it for %d points a turn." % points["duplicate"],
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
