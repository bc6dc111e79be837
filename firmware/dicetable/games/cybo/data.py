"""Cybo's tables (rules reference section 3, DECISIONS.md). Data, not logic: a transcription
of the real grid image or scorecard replaces these values without touching cybo.py."""

ROWS = 4
COLUMNS = 3

# Numbers in reading order (row by row) for each grid preset. Row-major is the default; the
# column-major grid fits every example of the rules text too and ships as a preset.
GRIDS = {
    "rows": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
    "columns": (1, 5, 9, 2, 6, 10, 3, 7, 11, 4, 8, 12),
}
GRID_NAMES = ("rows", "columns")

# level: (rolls per turn, how a turn is judged)
#   "any"      a trinity in any order (the Advanced rules; Beginner has one more roll)
#   "sequence" rolls must follow a line in numerical order (Master)
#   "repeat"   as "any" until an ordered trinity is repeated, then only that one (Grand Master)
LEVELS = {
    "beginner": (4, "any"),
    "advanced": (3, "any"),
    "master": (3, "sequence"),
    "grandmaster": (3, "repeat"),
}
LEVEL_NAMES = ("beginner", "advanced", "master", "grandmaster")
LEVEL_TITLES = {
    "beginner": "Beginner",
    "advanced": "Advanced",
    "master": "Master",
    "grandmaster": "Grand Master",
}

ROUNDS = 13
MIN_PLAYERS = 2
MAX_PLAYERS = 6

# Points per turn outcome, and the label the sheet and the breakdown use.
POINTS = {
    "bust": 0,
    "trinity": 3,
    "ordered": 9,
    "quad": 16,
    "quad-miss": 3,
    "duplicate": 12,
}
OUTCOME_ORDER = ("quad", "duplicate", "ordered", "trinity", "quad-miss", "bust")
OUTCOME_LABELS = {
    "bust": "No trinity",
    "trinity": "Trinity",
    "ordered": "In order",
    "quad": "Quad",
    "quad-miss": "Missed quad",
    "duplicate": "Duplicate",
}
# The word the scorecard writes before a round's points, and the how-to page's legend lists
# (howto.py): plain words, so the sheet reads without the legend. The sheet's column is as
# wide as the longest of them.
OUTCOME_MARKS = {
    "bust": "bust",
    "trinity": "line",
    "ordered": "order",
    "quad": "quad",
    "quad-miss": "miss",
    "duplicate": "again",
}
