"""Gang of Dice's tables (rules reference section 1, DECISIONS.md). Data, not logic: a
transcription of the real cards (colours, decks) or a new rules decision replaces these values
without touching gang.py. Every value that is not a documented fact is marked PROPOSED."""

MIN_PLAYERS = 2
MAX_PLAYERS = 4
ROUNDS = 12
REROLLS = 2  # rerolls per turn after the first roll (FACT)

# Dice per player by player count. PROPOSED: 12 dice + 12 tokens x 3 = 48; 9 + 9 x 3 = 36.
POOLS = {2: 48, 3: 48, 4: 36}

# Bonus dice put on the table at the start of each round (FACT: 3 / 6 / 9 in rounds 10-12).
BONUS = (0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 6, 9)

# A card triggers (the roll is invalid) when its condition holds on N, the numeric faces
# showing (gangsters removed). Conditions, with `values` and `count`:
#   "total"     sum(N) >= count
#   "run"       `count` consecutive values are all present
#   "among"     at least `count` dice show one of `values` (dice are counted, not values)
#   "distinct"  at least `count` different values
#   "same"      some value shows on at least `count` dice (any value when `values` is empty)
# Colour: "yellow" (Explosive) is checked after every roll and reroll, "black" (Bomb) once
# when the player stops. Deck: the back of the card, "bright" or "dark" (FACT: two decks).
# Revised (DECISIONS.md, rules G1): the run cards GD05 and GD06 are black, after a review ("if
# after your final roll you have a run of numbers, you're bust"); the back colour follows the
# type (H1): the dark deck is the six black cards, the bright deck the yellow ones.
#
# card number: (code, colour, deck, condition, values, count, symbol, words)
CARDS = {
    1: ("GD01", "black", "dark", "total", (), 7, "7+", "total 7 or more"),
    2: ("GD02", "black", "dark", "total", (), 10, "10+", "total 10 or more"),
    3: ("GD03", "black", "dark", "total", (), 11, "11+", "total 11 or more"),
    4: ("GD04", "black", "dark", "total", (), 13, "13+", "total 13 or more"),
    5: ("GD05", "black", "dark", "run", (), 2, "X X+1", "two values in a row"),
    6: ("GD06", "black", "dark", "run", (), 3, "X X+1 X+2", "three values in a row"),
    7: ("GD07", "yellow", "bright", "among", (1, 3, 5), 1, "1 3 5", "any odd number"),
    8: ("GD08", "yellow", "bright", "among", (1, 3, 5), 2, "1 3 5 x2", "two odd dice"),
    9: ("GD09", "yellow", "bright", "among", (1, 3, 5), 3, "1 3 5 x3", "three odd dice"),
    10: ("GD10", "yellow", "bright", "distinct", (), 2, "X =/= X", "two different numbers"),
    11: (
        "GD11",
        "yellow",
        "bright",
        "distinct",
        (),
        3,
        "X =/= X =/= X",
        "three different numbers",
    ),
    12: ("GD12", "yellow", "bright", "same", (), 2, "X = X", "a pair"),
    13: ("GD13", "yellow", "bright", "among", (5,), 2, "5 5", "two or more 5s"),
    14: ("GD14", "yellow", "bright", "among", (1,), 1, "1", "any 1"),
    15: ("GD15", "yellow", "bright", "among", (4, 5), 1, "4 5", "any 4 or 5"),
    16: ("GD16", "yellow", "bright", "among", (3, 4, 5), 1, "3 4 5", "any 3, 4 or 5"),
}
CARD_NUMBERS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)

# The draw pile, top deck first: (deck, cards removed unseen). Each deck supplies
# (its cards - removed) rounds, in this order: bright for rounds 1-9, then dark for 10-12.
# PROPOSED: 2 of the 12 bright cards are unknown, so the bright deck drops 1 instead of 3.
DECKS = (("bright", 1), ("dark", 3))

# Cards in each deck of the box (FACT: 12 bright, 6 dark); CARDS may know fewer.
BOX = {"bright": 12, "dark": 6}

COLOUR_WORDS = {
    "yellow": "checked after every roll",
    "black": "checked once, when you stop",
}


# The house rules and guesses in use (DECISIONS.md), for the how-to pages. The decks' sentences
# are built there (howto.deck_rules) from CARDS, DECKS and BOX, so a transcription of the real
# cards changes them too; play never loads them.
HOUSE_RULES = (
    "Card colours and decks are a best guess.",
    "The first player moves one seat clockwise each round, skipping players who are out.",
    "If everyone busts in round 12 the dice on the table leave the game.",
    "The game ends when fewer than two have dice.",
    "Pools are counted in dice: a token is 3 dice.",
)
