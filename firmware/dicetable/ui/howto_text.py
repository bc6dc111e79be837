"""How to play, in plain words: a few short pages per game, as data (ui.howto shows them).

Each game: ((heading, (paragraph, ...)), ...). A page must fit the smallest panel (296x128:
six lines of about 48 characters), which tests/portable/test_kiosk_howto.py checks. Written
from the rules references in /work/shared/rules and their DECISIONS; plain ASCII only.
"""

PAGES = {
    "trek12": (
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
    ),
    "cybo": (
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
    ),
    "gang": (
        (
            "The goal",
            (
                "Everyone has a hidden pool of dice. Win rounds to win more dice.",
                "After 12 rounds the player with the most dice wins.",
            ),
        ),
        (
            "Your turn",
            (
                "Put some of your dice on the table and roll them. Reroll any of them, up to"
                " two times.",
                "Faces score 1 to 5. The gangster scores nothing.",
            ),
        ),
        (
            "The warning",
            (
                "Each round shows a warning card.",
                "A yellow one is checked after every roll, a black one once at the end. Match"
                " it and you are bust for the round.",
            ),
        ),
        (
            "Who wins",
            (
                "The best total takes every die on the table, bust players' dice too. On a"
                " tie, more dice rolled wins.",
                "If everyone is bust, the dice wait for the next round.",
            ),
        ),
        (
            "The end",
            (
                "Rounds 10, 11 and 12 add 3, 6 and 9 bonus dice. A player with no dice left"
                " is out.",
                "Arrows choose, OK confirms. Your pool shows only on your turn.",
            ),
        ),
    ),
    "ontrack": (
        (
            "The goal",
            (
                "Draw a red railway and a green one. In each colour, join the Workshop to the"
                " Gift Wrap, and the Gift Wrap to the Sleigh.",
                "Longer lines score more.",
            ),
        ),
        (
            "Each turn",
            (
                "The device rolls a red, a green and a white die for everybody.",
                "Use two of them to draw two pieces on two squares. Red draws red, green"
                " draws green, white draws either.",
            ),
        ),
        (
            "Pieces",
            (
                "A low face may place a building instead: one of each kind per colour. Other"
                " faces draw a straight or a curved piece.",
                "Two equal dice may merge into one die of any number.",
            ),
        ),
        (
            "Stars",
            (
                "Reaching a star square, and every fifth turn, gives you a star.",
                "A star changes a die by one, up or down. Each star you keep is worth 1 point.",
            ),
        ),
        (
            "Points",
            (
                "After 20 turns: 1 point per square on your longest line between two"
                " buildings, in each colour and section.",
                "Each loose track end costs 1.",
            ),
        ),
        (
            "Buttons",
            (
                "Arrows pick the die, the piece and the square; OK takes each one.",
                "BACK steps back. With hints on, the cursor starts on a good choice.",
            ),
        ),
    ),
    "dicetrip": (
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
    ),
}


def pages(game_id):
    """The pages for a game, or a single page saying there are none."""
    found = PAGES.get(game_id)
    if found is None:
        return (("How to play", ("No how-to pages for this game yet.",)),)
    return found
