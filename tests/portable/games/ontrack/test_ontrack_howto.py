"""Christmas On Track's how-to pages (issue 17, items 5 and 7): the pieces page follows the
die table chosen at setup (faces 1 3 5 offer the buildings under that setting: no "low face"),
and the house rules the play screen shows before the first roll are listed too, their facts
taken from the data the rules use."""

from dicetable.games.ontrack import data, howto
from dicetable.ui.howto import pages


def _page(found, heading):
    for page in found:
        if page[0] == heading:
            return " ".join(page[1])
    raise AssertionError("no page %r" % heading)


def test_the_pieces_page_names_the_building_faces_of_the_chosen_table():
    low = _page(pages("ontrack", {}), "Pieces")
    assert low.startswith("Faces 1 2 3 may place a building instead")
    assert "1 Workshop, 2 Gift Wrap, 3 Sleigh" in low
    odd = _page(pages("ontrack", {"buildings": "135"}), "Pieces")
    assert odd.startswith("Faces 1 3 5 may place a building instead")
    assert "1 Workshop, 3 Gift Wrap, 5 Sleigh" in odd
    for text in (low, odd):
        assert "low face" not in text and "Faces 1 3 5 draw a straight, 2 4 6 a curve." in text
    assert howto.pages({"buildings": "123"}) == pages("ontrack", {})


def test_every_table_gets_its_own_words_from_the_data():
    saved = data.FACE_TABLES["135"]
    # A transcription with other faces changes the page (a test table, put back after).
    data.FACE_TABLES["135"] = saved[1:] + saved[:1]
    try:
        text = _page(pages("ontrack", {"buildings": "135"}), "Pieces")
    finally:
        data.FACE_TABLES["135"] = saved
    assert text.startswith("Faces 2 4 6 may place a building instead")
    assert "Faces 2 4 6 draw a straight, 1 3 5 a curve." in text


def test_the_house_rules_are_on_the_last_pages_and_restate_the_data():
    rules = []
    for heading, paragraphs in pages("ontrack", {"buildings": "135"}):
        if heading == "House rules":
            rules.extend(paragraphs)
    assert rules == list(data.HOUSE_RULES)
    text = " ".join(rules)
    sheet = "%d x %d tiles, stars on %d tiles, %d turns" % (
        data.ROWS,
        data.COLUMNS,
        len(data.STARS),
        data.TURNS,
    )
    assert sheet in text and "every %dth turn" % data.TURN_STAR_EVERY in text
    assert "buildings on faces 1-3 (or 1/3/5)" in text
    assert data.faces("123", True) == "1-3" and data.faces("135", True) == "1/3/5"
    assert data.faces("123", False) == "1/3/5"
