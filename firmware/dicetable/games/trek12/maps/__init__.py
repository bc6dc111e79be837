"""Trek 12 map sheets: one data module per sheet in the schema of reference A12 (`MAP = {...}`),
and the loader that checks a sheet and compiles it into the compact Board the rules read.

Data, not logic: a better transcription of a sheet replaces its module without touching the
rules. The loader refuses a sheet it cannot play faithfully (ValueError naming the map and the
fault): ids must be 0..n-1 in order, adjacency symmetric and connected, every key present. The
special-map parts (tags, balls, regions, pre-linked pairs, scoring hooks: reference A11) are
checked and compiled by trek12_special.
"""

import sys

from micropython import const


def _special():
    # Imported when a sheet is loaded, not with this package: the setup screen reads MAPS
    # from here and should not pull the special-map compiler into RAM with it.
    from dicetable.games.trek12 import special as trek12_special

    return trek12_special


# (id, title) in menu order: the three base sheets, then the special ones. A special sheet's
# layout is not published: its data file says "approximate" and the screen should say so.
MAPS = (
    ("dunai", "Dunai"),
    ("kagkot", "Kagkot"),
    ("dhaulagiri", "Dhaulagiri"),
    ("jampa", "Jampa"),
    ("christmas", "Christmas"),
    ("zen", "Zen Trek"),
    ("containment", "Containment"),
)
MAP_IDS = tuple([map_id for map_id, _title in MAPS])
# The keys of `opLimits`, in the order of the operation numbers 1..5 used in actions.
OPERATIONS = ("LOW", "HIGH", "DIFF", "SUM", "PROD")
# The largest number a circle can ever hold (regular circles: 0-12; dangerous ones cap lower).
MAX_VALUE = const(12)
# Circle ids go up to 98: in an action, 99 stands for "no link".
_MAX_CIRCLES = const(99)
_STANDARD_CAP = const(12)


def _is_int(value):
    # isinstance(True, int) is True on CPython only: refuse booleans on both runtimes.
    return isinstance(value, int) and not isinstance(value, bool)


class Board:
    """A checked sheet as tuples indexed by circle id.

    id, name, summit   identifiers and the printed summit threshold
    approximate        True for a made-up layout standing in for an unpublished sheet
    size               number of circles (= rounds of a game)
    caps               highest number each circle takes (12, or 6 for a dangerous circle)
    neighbours         adjacent circle ids per circle, ascending
    xy                 layout hint per circle, hundredths of a unit, y downward
    dangerous          ids of the circles whose cap is below 12
    orphan_penalty, sad_penalty   points lost per orphan and per frown
    limits             ticks allowed per operation, OPERATIONS order, table after table
    table_names, table_of   the operation tables (one per region; one unnamed table on a map
                       without regions) and the table each circle is written with
    marks, ball_names, starts, partner, prelinked, and the scoring hooks: trek12_special
    """

    def __init__(self, data):
        self.id = data.get("id") if isinstance(data, dict) else None
        if not isinstance(self.id, str):
            raise ValueError("a map needs a string id")
        self.name = self._field(data, "name", str)
        self.summit = self._field(data, "summit", int)
        self.approximate = data.get("approximate", False)
        if self.approximate is not True and self.approximate is not False:
            self._fail("approximate must be true or false")
        circles = self._field(data, "circles", list)
        self._compile_circles(circles)
        special = _special()
        special.compile_marks(self, circles)
        self._compile_adjacency(self._field(data, "adjacency", dict))
        special.compile_tables(self, data, OPERATIONS)
        special.compile_prelinked(self, data.get("prelinked"))
        self._compile_rules(data)

    def tags(self, circle):
        """The tag names of a circle (for the sheet), in trek12_special.TAGS order."""
        mark = self.marks[circle]
        special = _special()
        return [special.TAGS[bit] for bit in range(len(special.TAGS)) if mark & (1 << bit)]

    def ball(self, circle):
        """The colour name of the ball printed in a circle, or None."""
        balls = self.marks[circle] >> _special().BALL_SHIFT
        for index in range(len(self.ball_names)):
            if balls & (1 << index):
                return self.ball_names[index]
        return None

    def _fail(self, message):
        raise ValueError("map %s: %s" % (self.id, message))

    def _field(self, table, key, kind):
        value = table.get(key)
        good = _is_int(value) if kind is int else isinstance(value, kind)
        if not good:
            self._fail("%s is missing or of the wrong type" % key)
        return value

    def _compile_circles(self, circles):
        size = len(circles)
        if not 1 <= size <= _MAX_CIRCLES:
            self._fail("%d circles (1 to %d allowed)" % (size, _MAX_CIRCLES))
        caps = []
        xy = []
        for index in range(size):
            circle = circles[index]
            if not isinstance(circle, dict) or circle.get("id") != index:
                self._fail("circle %d is missing or out of order" % index)
            cap = self._field(circle, "cap", int)
            if not 0 <= cap <= MAX_VALUE:
                self._fail("circle %d: cap %d is outside 0-%d" % (index, cap, MAX_VALUE))
            point = circle.get("xy")
            if not isinstance(point, list) or len(point) != 2:
                self._fail("circle %d: xy must be two integers" % index)
            if not _is_int(point[0]) or not _is_int(point[1]):
                self._fail("circle %d: xy must be two integers" % index)
            caps.append(cap)
            xy.append((point[0], point[1]))
        self.size = size
        self.caps = tuple(caps)
        self.xy = tuple(xy)
        self.dangerous = tuple([c for c in range(size) if caps[c] < _STANDARD_CAP])

    def _compile_adjacency(self, adjacency):
        size = self.size
        if len(adjacency) != size:
            self._fail("adjacency must list each of the %d circles once" % size)
        rows = []
        for circle in range(size):
            row = adjacency.get(str(circle))
            if not isinstance(row, list):
                self._fail("adjacency has no list for circle %d" % circle)
            for other in row:
                if not _is_int(other) or not 0 <= other < size:
                    self._fail("circle %d: neighbour %r does not exist" % (circle, other))
                if other == circle:
                    self._fail("circle %d is listed as its own neighbour" % circle)
            ordered = sorted(row)
            for index in range(1, len(ordered)):
                if ordered[index] == ordered[index - 1]:
                    self._fail("circle %d lists %d twice" % (circle, ordered[index]))
            rows.append(tuple(ordered))
        for circle in range(size):
            for other in rows[circle]:
                if circle not in rows[other]:
                    self._fail("%d-%d is listed only one way" % (circle, other))
        # Connected: some empty circle is always next to a filled one, so a move always exists.
        seen = [False] * size
        seen[0] = True
        stack = [0]
        while stack:
            for other in rows[stack.pop()]:
                if not seen[other]:
                    seen[other] = True
                    stack.append(other)
        if False in seen:
            self._fail("circle %d cannot be reached from circle 0" % seen.index(False))
        self.neighbours = tuple(rows)

    def _compile_rules(self, data):
        scoring = self._field(data, "scoring", dict)
        self.orphan_penalty = self._field(scoring, "orphanPenalty", int)
        self.sad_penalty = self._field(scoring, "sadPenalty", int)
        if scoring.get("bonusTable") != "standard":
            self._fail("only the standard bonus table is supported")
        rules = self._field(data, "rules", dict)
        if rules.get("linkRule") != "mandatory":
            self._fail("only mandatory links are supported yet")
        if rules.get("sadCountsAsFilled") is not True:
            self._fail("a frown must count as filled")
        if rules.get("allowVoluntarySad") is not True:
            self._fail("a frown must be allowed by choice")
        _special().compile_hooks(self, scoring, rules)


# The last Board compiled, by id: a game asks for its board many times, but a device plays one
# map at a time, so older boards (and the special rules' code they hold) are let go.
_BOARDS = {}


def load(map_id):
    """The Board of a known sheet, compiled once; ValueError for an unknown id or bad data.

    The data module is forgotten once compiled: the Board holds everything the game and the
    sheet need, and the raw dicts would cost the device about 4 KB of heap for nothing."""
    if map_id not in MAP_IDS:
        raise ValueError("unknown Trek 12 map %r" % (map_id,))
    board = _BOARDS.get(map_id)
    if board is None:
        name = "dicetable.games.trek12.maps." + map_id
        module = __import__(name, None, None, (map_id,))
        data = module.MAP
        module = None
        sys.modules.pop(name, None)
        if map_id in globals():
            del globals()[map_id]  # the package's reference to its submodule
        board = Board(data)
        if board.id != map_id:
            raise ValueError("map file %s holds map %s" % (map_id, board.id))
        _BOARDS.clear()
        _BOARDS[map_id] = board
    return board
