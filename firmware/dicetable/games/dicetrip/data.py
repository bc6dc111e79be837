"""Dice Trip: Belgium's tables (rules reference section 2, DECISIONS.md). Data, not logic: a
transcription of the real sheet (die colours, points) replaces these values without touching
dicetrip.py. Every value that is not a documented fact is marked PROPOSED. The map itself is in
dicetrip_map."""

from dicetable.games.dicetrip import belgium as dicetrip_map

MIN_PLAYERS = 1
MAX_PLAYERS = 4  # FACT: 1-4 players, 4 dice of different colours in the box
ROUNDS = 13  # FACT: 12 rounds of two numbers, then one round with one number
LAST_ROUND_NUMBERS = 1
NUMBERS_PER_ROUND = 2

# The four shared dice, in the order the journal and the actions number them (die 1..4).
# PROPOSED (reference 2.7): the edition's real colours are unknown.
DICE_COLOURS = ("red", "yellow", "green", "blue")
DICE_LETTERS = ("R", "Y", "G", "B")  # one-letter marks for narrow sheet columns

# Points (FACT: source text). A tick is earned once per city (a double in a ringed city of its
# colour still earns one).
TICK_POINTS = 1
CROSS_POINTS = -1
ROUTE_POINTS_PER_CITY = 1

# Chains of directly successive numbers (16 is followed by 21) in cities joined by roads: other
# editions' reviews mention such a box; the Belgian rules text does not. Off by default
# (DECISIONS.md); PROPOSED points: a chain of k >= CHAIN_MIN_CITIES cities scores
# (k - 1) x CHAIN_POINTS_PER_LINK.
CHAIN_MIN_CITIES = 2
CHAIN_POINTS_PER_LINK = 1

# Play: the device keeps every sheet. Dice: the device only rolls (and counts rounds and the
# reroll power) for players writing on paper sheets.
MODES = ("play", "dice")
MODE_TITLES = {"play": "Sheets on device", "dice": "Dice only"}
CHAIN_OPTIONS = ("off", "on")

# The house rules and guesses in use (DECISIONS.md, reference 2.8), listed on the how-to pages.
# A sentence that restates a fact is made from the value the rules use, so a transcription of
# the real sheet changes both (the placeholder line goes with the placeholder map).
HOUSE_RULES = (
    (
        "Placeholder map: %d real towns, invented roads and rings (the real sheet is unknown)."
        % len(dicetrip_map.CITIES),
    )
    if dicetrip_map.PLACEHOLDER
    else ()
) + (
    "Dice colours %s are a guess." % ", ".join(DICE_COLOURS),
    "Player 1 rolls first (or the player chosen at setup), then the next player clockwise.",
    "Use a die twice: neither of its two numbers may be a double; not in round %d." % ROUNDS,
    "Ties: fewer crossed cities wins, then the longer route; else the win is shared.",
)
