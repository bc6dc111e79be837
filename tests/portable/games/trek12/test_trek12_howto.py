"""Trek 12's how-to pages on both runtimes, map by map (issue 17, item 6): every number a map
can change is read from its data (an edited map changes the words), each special map explains
its own rules, and the legend names every mark its sheet draws."""

from test_draw import panel

from dicetable.games.trek12 import howto, maps, mountain
from dicetable.games.trek12 import rules as trek12
from dicetable.games.trek12 import sheet as sheet_trek12
from dicetable.games.trek12 import special as trek12_special
from dicetable.games.trek12.maps import Board

from trek12_helpers import map_data

_BASE = (
    "The goal",
    "Each round",
    "Where to write",
    "When nothing fits",
    "Plan ahead",
    "Points",
    "Buttons",
)
_FORCED = "If no result with uses left fits an open circle, you must write one that does not."


def _words(found):
    """All the text of the pages, headings included, as one string."""
    parts = []
    for heading, paragraphs in found:
        parts.append(heading)
        parts.extend(paragraphs)
    return "\n".join(parts)


def _page(found, heading_end):
    for heading, paragraphs in found:
        if heading.endswith(heading_end):
            return " ".join(paragraphs)
    return None


def _with_board(board):
    """The pages howto.pages words for `board`, as if the map file held its data."""
    original = maps.load
    maps.load = lambda map_id: board
    try:
        return howto.pages({"map": board.id})
    finally:
        maps.load = original


def _check_numbers(board, found):
    """The pages state every number of `board` that a map may change, and no other value."""
    words = _words(found)
    assert "its %d circles" % board.size in words, (board.id, words)
    if board.starts:
        assert "one of the %d start circles (>)" % len(board.starts) in words
        assert "goes anywhere" not in words
    else:
        assert "The first number goes anywhere" in words
    lower = sorted(set([board.caps[circle] for circle in board.dangerous]))
    if lower:
        assert "a double ring up to %s." % " or ".join([str(cap) for cap in lower]) in words
    else:
        assert "double ring" not in words
    count = len(maps.OPERATIONS)
    tables = len(board.table_names)
    if tables > 1:
        for table in range(tables):
            limits = board.limits[table * count : (table + 1) * count]
            listed = ", ".join([str(limit) for limit in limits])
            assert "%s %s" % (board.table_names[table], listed) in words, words
    elif min(board.limits) == max(board.limits):
        assert "may be used %d times" % board.limits[0] in words
    else:
        for op in range(count):
            assert "%s %d" % (maps.OPERATIONS[op].lower(), board.limits[op]) in words
        assert "times" not in words
    if board.orphan_value:
        assert "left alone at the end costs its own value." in words
    else:
        assert "left alone at the end costs %d." % board.orphan_penalty in words
    frown = _page(found, "When nothing fits")
    assert frown.startswith(_FORCED), frown
    if board.loss_score is None:
        assert "sad face: minus %d." % board.sad_penalty in frown
        assert "out of the game" not in words
    else:
        assert (
            "over %d puts you out of the game, scoring %d."
            % (
                maps.MAX_VALUE,
                board.loss_score,
            )
            in frown
        )
    if board.star_bonus:
        assert "star circle (*) gains %d points" % board.star_bonus in words
    if board.garland:
        for colours in range(1, len(board.garland)):
            assert "%d: +%d" % (colours, board.garland[colours]) in words \
                or "%d or more: +%d" % (colours, board.garland[colours]) in words  # fmt: skip
    if board.prelinked:
        assert "%d pairs of circles are printed linked" % len(board.prelinked) in words


def test_every_map_s_pages_give_its_own_numbers():
    for map_id in maps.MAP_IDS:
        found = howto.pages({"map": map_id})
        _check_numbers(maps.load(map_id), found)
    assert howto.pages({}) == howto.pages({"map": "dunai"})  # {}: the default map


def test_an_edited_map_changes_the_words():
    """A transcription that corrects a map's numbers corrects the pages too: nothing in them is
    typed for the base map."""
    data = map_data("dunai")
    data["circles"].append(
        {"id": 19, "xy": [420, 74], "cap": 5, "tags": [], "region": None, "ball": None}
    )
    data["adjacency"]["18"].append(19)
    data["adjacency"]["19"] = [18]
    data["opLimits"] = {"LOW": 2, "HIGH": 6, "DIFF": 4, "SUM": 4, "PROD": 5}
    data["scoring"]["orphanPenalty"] = 8
    data["scoring"]["sadPenalty"] = 7
    board = Board(data)
    found = _with_board(board)
    _check_numbers(board, found)
    words = _words(found)
    for typed in ("19 circles", "costs 3", "minus 3", "4 times", "up to 6"):
        assert typed not in words, typed
    assert "its 20 circles" in words and "low 2, high 6, diff 4, sum 4, prod 5" in words

    data = map_data("zen")
    data["circles"][0]["tags"] = ["start"]
    data["regions"][1]["opLimits"]["PROD"] = 6
    board = Board(data)
    _check_numbers(board, _with_board(board))
    assert "one of the 7 start circles" in _words(_with_board(board))

    data = map_data("christmas")
    data["scoring"]["starBonus"] = 12
    data["scoring"]["garlandBonus"] = [0, 3, 6]
    data["scoring"]["orphanPenalty"] = 4
    board = Board(data)
    words = _words(_with_board(board))
    _check_numbers(board, _with_board(board))
    assert "gains 12 points" in words and "2 or more: +6" in words and "costs 4." in words

    data = map_data("containment")
    data["scoring"]["lossScore"] = -50
    board = Board(data)
    _check_numbers(board, _with_board(board))


def test_every_map_is_named_and_each_special_rule_has_its_page():
    for map_id in maps.MAP_IDS:
        board = maps.load(map_id)
        found = howto.pages({"map": map_id})
        assert len(found) <= 12, map_id
        assert board.name in _words(found), map_id
        headings = [heading for heading, _paragraphs in found]
        special = headings[len(_BASE) :]
        assert headings[: len(_BASE)] == list(_BASE)
        rules = (
            (len(board.table_names) > 1, "%d mountains" % len(board.table_names)),
            (max([mark & trek12_special.WATER for mark in board.marks]), "Water"),
            (board.prelinked, "Linked pairs"),
            (board.garland, "Garlands"),
            (board.gift, "Gifts"),
            (board.star_bonus, "The star race"),
            (board.entrance, "Entrance and sink"),
            (board.fridge_sofa, "Fridge and sofa"),
            (board.desk, "The desk"),
        )
        for switched_on, heading in rules:
            assert (heading in special) == bool(switched_on), (map_id, heading, headings)
        if board.approximate:
            assert "this layout is made up" in _page(found, board.name + " sheet")
        elif map_id in ("dunai", "kagkot", "dhaulagiri"):
            assert special == [], map_id  # a base map has no pages of its own
    assert "Christmas scores more" in _words(howto.pages({"map": "christmas"}))
    assert "scores more" not in _words(howto.pages({"map": "zen"}))


def _drawn_marks(map_id):
    """The marks the sheet hands the mountain for an empty sheet of `map_id` (label per circle)."""
    seen = []
    original = mountain.draw

    def spy(fb, layout, board, values, up, fnt, cursor, candidates, marks, pairs, ropes):
        seen.append((marks, pairs))

    state = trek12.new_state(trek12.make_params({"players": 1, "map": map_id}))
    mountain.draw = spy
    try:
        frame = panel(296, 128)
        sheet_trek12.draw(frame.fb, 296, 128, state, {"seat": 0})
    finally:
        mountain.draw = original
    return seen[0]


def test_the_legend_names_every_mark_the_sheet_draws():
    for map_id in maps.MAP_IDS:
        board = maps.load(map_id)
        marks, pairs = _drawn_marks(map_id)
        legend = _page(howto.pages({"map": map_id}), board.name + " sheet")
        if not marks and not pairs:
            assert legend is None, map_id
            continue
        for circle in sorted(marks or {}):
            label = marks[circle]
            ball = board.ball(circle)
            if ball:
                assert " %s %s ball" % (label, ball) in legend, (map_id, label, legend)
            else:
                named = [tag for tag in board.tags(circle) if " %s %s" % (label, tag) in legend]
                assert named, (map_id, label, board.tags(circle), legend)
        if pairs:
            assert "= joins a pre-linked pair" in legend
        if board.dangerous:
            assert "double ring" in legend
