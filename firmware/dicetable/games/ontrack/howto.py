"""How to play Christmas On Track, in plain words: a few short pages (ui.howto shows them).

((heading, (paragraph, ...)), ...). A page must fit the smallest panel (296x128: six lines of
about 48 characters), which tests/portable/kiosk/test_kiosk_howto.py checks. Written from the
rules references in shared/rules and their DECISIONS; plain ASCII only.

pages(options) words the pieces page for the chosen die table (options key "buildings") from
data.FACE_TABLES, takes the colours, dice, buildings and turns from data, and lists
data.HOUSE_RULES (the guesses in use) on its last pages.
"""

from dicetable.games.ontrack import data
from dicetable.games.pages import packed


def _pieces(table):
    """The pieces page for die table `table`: which face offers which building, which faces
    draw a straight (the rest a curve)."""
    rows = data.FACE_TABLES[table]
    faces = []
    buildings = []
    straights = []
    curves = []
    for face in range(6):
        building, family = rows[face]
        if building >= 0:
            faces.append(str(face + 1))
            buildings.append("%d %s" % (face + 1, data.BUILDINGS[building]))
        (straights if family == data.STRAIGHT else curves).append(str(face + 1))
    return (
        "Pieces",
        (
            "Faces %s may place a building instead: %s (one of each per colour)."
            % (" ".join(faces), ", ".join(buildings)),
            "Faces %s draw a straight, %s a curve." % (" ".join(straights), " ".join(curves)),
            "Two equal dice may merge into one die of any number.",
        ),
    )


def pages(options):
    table = options.get("buildings", data.FACE_TABLE_NAMES[0])
    colours = data.COLOURS
    buildings = data.BUILDINGS
    found = [
        (
            "The goal",
            (
                "Draw a %s railway and a %s one. In each colour, join the %s to the %s, and"
                " the %s to the %s." % (colours + buildings[:2] + buildings[1:]),
                "Longer lines score more.",
            ),
        ),
        (
            "Each turn",
            (
                "The device rolls a %s, a %s and a %s die for everybody." % data.DICE,
                "Use two of them to draw two pieces on two squares. Red draws red, green"
                " draws green, white draws either.",
            ),
        ),
        _pieces(table),
        (
            "Stars",
            (
                "Reaching a star square, and every %dth turn, gives you a star."
                % data.TURN_STAR_EVERY,
                "A star changes a die by one, up or down. Each star you keep is worth 1 point.",
            ),
        ),
        (
            "Points",
            (
                "After %d turns: 1 point per square on your longest line between two"
                " buildings, in each colour and section." % data.TURNS,
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
    ]
    found.extend(packed("House rules", data.HOUSE_RULES))
    return tuple(found)
