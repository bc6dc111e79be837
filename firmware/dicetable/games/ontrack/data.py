"""Christmas On Track's tables (rules reference part B, DECISIONS.md). Data, not logic: a
transcription of the real playsheet (grid, stars, piece table) replaces these values without
touching the rules. Every value that is not a fact of the playsheet is marked PROPOSED.
"""

MIN_PLAYERS = 1
MAX_PLAYERS = 6

# The sheet: tiles in rows x columns, tile id = row x COLUMNS + column (ids stay below 99, the
# width of the tile field in an action). PROPOSED (B3): 7 x 7.
ROWS = 7
COLUMNS = 7
# Tiles printed with a star, as (row, column). PROPOSED (B3): a star is claimed by the first
# track piece drawn on its tile.
STARS = ((1, 1), (1, 5), (3, 3), (5, 1), (5, 5))
# Circles in the STARS area of the sheet: no more stars can be earned once all are circled.
# PROPOSED (B3): 9 = 5 map stars + 4 turn stars, so the cap never bites on this sheet.
STAR_SLOTS = 9
# PROPOSED (B3): 20 turns; a turn star after every fifth (FACT: "every fifth turn").
TURNS = 20
TURN_STAR_EVERY = 5

# Pencils (FACT: red and green) and dice (FACT: red, green, white; white draws in either).
COLOURS = ("red", "green")
COLOUR_LABELS = ("Red", "Green")  # at the start of a line (MicroPython has no capitalize)
DICE = ("red", "green", "white")
# Pencils each die may draw with, as a bit mask over COLOURS (bit 0 red, bit 1 green).
DIE_PENCILS = (1, 2, 3)

# Buildings (FACT: at most one of each per colour), in the order of their shape numbers 1-3.
BUILDINGS = ("Workshop", "Gift Wrap", "Sleigh")

# Track families (reference B3): a straight joins opposite edges, a curve adjacent edges.
STRAIGHT = 0
CURVE = 1
FAMILIES = ("straight", "curve")

# Die face -> (building it may draw or -1, track family it may draw), faces 1-6 in order.
# PROPOSED (B4): the playsheet's table is missing; DECISIONS.md makes the building faces a
# setting ("buildings": "123" by default, or "135"); families alternate so a star's +/-1 always
# swaps the shape.
FACE_TABLES = {
    "123": ((0, STRAIGHT), (1, CURVE), (2, STRAIGHT), (-1, CURVE), (-1, STRAIGHT), (-1, CURVE)),
    "135": ((0, STRAIGHT), (-1, CURVE), (1, STRAIGHT), (-1, CURVE), (2, STRAIGHT), (-1, CURVE)),
}
FACE_TABLE_NAMES = ("123", "135")

MODES = ("sheets", "dice")  # the device keeps every sheet / the device only rolls


def faces(table, building):
    """The faces (1-6) of FACE_TABLES[table] that may draw a building (`building` True) or a
    straight (False), as a reader writes them: "1-3", "1/3/5"."""
    found = []
    for face in range(6):
        entry = FACE_TABLES[table][face]
        if (entry[0] >= 0) if building else (entry[1] == STRAIGHT):
            found.append(face + 1)
    if found[-1] - found[0] == len(found) - 1:
        return "%d-%d" % (found[0], found[-1])
    return "/".join([str(face) for face in found])


# The house rules and guesses in use (DECISIONS.md, reference B3-B7): the play screen shows them
# before the first roll and the how-to pages list them. A sentence that restates a fact is made
# from the value the rules use, so a transcription of the real playsheet changes both.
_STRAIGHTS = faces(FACE_TABLE_NAMES[0], False)
HOUSE_RULES = (
    "Placeholder sheet: %d x %d tiles, stars on %d tiles, %d turns."
    % (ROWS, COLUMNS, len(STARS), TURNS),
    "Die table is a best guess: buildings on faces %s (or %s), %s straight."
    % (
        faces(FACE_TABLE_NAMES[0], True),
        " or ".join([faces(table, True) for table in FACE_TABLE_NAMES[1:]]),
        "odd faces" if _STRAIGHTS == "1/3/5" else "faces " + _STRAIGHTS,
    ),
    "Each turn's two pieces go on two different tiles; crossings are allowed.",
    "A star is earned by the first track on a star tile and after every %dth turn."
    % TURN_STAR_EVERY,
    "Doubles merge before the first piece of the turn; a merged die draws in either colour.",
    "A track end at the border, an empty dot or the other colour is a dead end.",
)
