"""Trek 12 special-map schema (reference A11, A12): the map list, the special sheets as shipped,
and the loader's refusals of special-map data it cannot play faithfully."""

from dicetable.games.trek12 import maps as trek12_maps
from dicetable.games.trek12 import rules as trek12
from dicetable.games.trek12.maps import Board
from dicetable.games.trek12.special import DESK, ENTRANCE, FRIDGE, SINK, SOFA, STAR, START, WATER

from trek12_helpers import graph_data, line_edges, map_data

SPECIAL = ("jampa", "christmas", "zen", "containment")


def _map_error(data):
    try:
        Board(data)
    except ValueError as exc:
        return str(exc)
    raise AssertionError("map accepted")


def _line(size=4):
    return graph_data(size, line_edges(list(range(size))))


def test_maps_are_listed_in_menu_order_with_their_titles():
    assert trek12.MAPS == trek12_maps.MAPS
    assert [map_id for map_id, _title in trek12.MAPS] == [
        "dunai", "kagkot", "dhaulagiri", "jampa", "christmas", "zen", "containment",
    ]  # fmt: skip
    assert trek12_maps.MAP_IDS == tuple([map_id for map_id, _title in trek12.MAPS])
    for map_id, title in trek12.MAPS:
        board = trek12_maps.load(map_id)
        assert board.id == map_id and board.name == title
        # Only the special sheets are made-up layouts; the screen says so.
        assert board.approximate == (map_id in SPECIAL)
        assert trek12.make_params({"map": map_id})["map"] == map_id


def test_special_sheets_as_shipped():
    jampa = trek12_maps.load("jampa")
    assert jampa.size == 19 and jampa.limits == (3, 4, 5, 5, 3) and jampa.dangerous == (4, 16)
    assert jampa.prelinked == ((1, 3), (2, 4), (8, 11), (10, 15), (13, 17))
    assert jampa.partner[3] == 1 and jampa.partner[1] == 3 and jampa.partner[0] == -1
    christmas = trek12_maps.load("christmas")
    assert christmas.size == 19 and christmas.marks[0] == STAR
    assert christmas.ball_names == ("red", "gold", "blue", "silver")
    balls = [(c, christmas.ball(c)) for c in range(19) if christmas.ball(c)]
    assert balls == [(3, "red"), (4, "gold"), (7, "blue"), (10, "silver"), (13, "gold"),
                     (14, "red")]  # fmt: skip
    assert christmas.tags(0) == ["star"] and christmas.tags(1) == [] and christmas.ball(0) is None
    assert christmas.garland == (0, 2, 5, 9, 14) and christmas.gift
    assert christmas.star_bonus == 10
    assert christmas.orphan_penalty == 5 and christmas.sad_penalty == 3  # 5 for orphans only
    zen = trek12_maps.load("zen")
    assert zen.size == 20 and zen.starts == (6, 11, 12, 17, 18, 19)
    assert zen.table_names == ("white mountain", "grey mountain")
    assert zen.limits == (3, 2, 2, 2, 2, 2, 2, 2, 3, 2)
    assert [c for c in range(20) if zen.marks[c] & WATER] == [7, 10, 13, 16]
    assert zen.tags(6) == ["start"] and zen.tags(7) == ["water"]
    for circle in range(20):
        assert zen.table_of[circle] == (0 if zen.xy[circle][0] < 0 else 1)
    home = trek12_maps.load("containment")
    assert home.size == 19 and home.dangerous == () and home.loss_score == -100
    assert home.orphan_value and home.entrance and home.fridge_sofa and home.desk
    tagged = {}
    for circle in range(19):
        if home.marks[circle]:
            tagged[circle] = home.marks[circle]
    assert tagged == {0: FRIDGE, 3: DESK, 4: DESK, 8: DESK, 11: SINK, 14: SOFA, 18: ENTRANCE}
    # The base sheets compile to the defaults: no marks, one table, no hooks.
    for map_id in ("dunai", "kagkot", "dhaulagiri"):
        board = trek12_maps.load(map_id)
        assert board.marks == (0,) * 19 and board.starts == () and board.prelinked == ()
        assert board.table_of == (0,) * 19 and board.table_names == ("",)
        assert board.garland == () and not board.gift and board.star_bonus == 0
        assert board.loss_score is None and not board.orphan_value and not board.desk


def test_loader_refuses_bad_tags_balls_and_pairs():
    data = _line()
    data["circles"][0]["tags"] = ["water", "water"]
    assert "tag water twice" in _map_error(data)
    data = _line()
    data["circles"][0]["tags"] = "water"
    assert "tags must be a list" in _map_error(data)
    data = _line()
    data["circles"][1]["ball"] = 3
    assert "colour name" in _map_error(data)
    data = _line(10)
    for circle in range(9):
        data["circles"][circle]["ball"] = "c%d" % circle
    data["scoring"]["hooks"] = ["gift"]
    assert "more than 8 ball colours" in _map_error(data)
    data = _line()
    data["prelinked"] = [[0, 1], [1, 2]]
    assert "one pair at most" in _map_error(data)
    data = _line()
    data["prelinked"] = [[0, 7]]
    assert "does not exist" in _map_error(data)
    data = _line()
    data["prelinked"] = [[0, 1, 2]]
    assert "not a pair" in _map_error(data)
    data = _line()
    data["circles"][1]["tags"] = ["water"]
    data["prelinked"] = [[0, 1]]
    assert "water circle never links" in _map_error(data)
    data = _line()
    data["approximate"] = 1
    assert "approximate" in _map_error(data)
    data = _line()
    data["circles"][2]["tags"] = ["start", "water"]
    board = Board(data)
    assert board.starts == (2,) and board.marks[2] == START | WATER


def test_loader_refuses_hooks_without_their_data():
    data = _line()
    data["scoring"]["hooks"] = ["confetti"]
    assert "unknown scoring hook" in _map_error(data)
    data = _line()
    data["scoring"]["hooks"] = ["desk"]
    assert "hook desk needs a circle tagged desk" in _map_error(data)
    data = _line()
    data["circles"][0]["tags"] = ["sofa"]
    assert "tag sofa needs scoring hook fridgeSofa" in _map_error(data)
    data = _line()
    data["circles"][0]["tags"] = ["entrance"]
    data["scoring"]["hooks"] = ["entrance"]
    assert "needs a circle tagged sink" in _map_error(data)
    data = _line()
    data["circles"][0]["ball"] = "red"
    data["scoring"]["hooks"] = ["garland"]
    assert "garlandBonus" in _map_error(data)
    data = _line()
    data["scoring"]["hooks"] = ["gift"]
    assert "need circles with balls" in _map_error(data)
    data = _line()
    data["circles"][0]["tags"] = ["star"]
    data["scoring"]["hooks"] = ["star"]
    assert "positive starBonus" in _map_error(data)
    data["circles"][1]["tags"] = ["star"]
    data["scoring"]["starBonus"] = 10
    assert "exactly one star circle" in _map_error(data)
    data = _line()
    data["rules"]["overTwelve"] = "lose"
    assert "lossScore" in _map_error(data)
    data["rules"]["overTwelve"] = "explode"
    assert "overTwelve must be sad or lose" in _map_error(data)
    data = _line()
    data["scoring"]["bonusTable"] = "christmas"
    assert "standard bonus table" in _map_error(data)


def test_loader_refuses_bad_regions():
    data = map_data("zen")
    data["opLimits"] = {"LOW": 4, "HIGH": 4, "DIFF": 4, "SUM": 4, "PROD": 4}
    assert "replace the map's opLimits" in _map_error(data)
    data = map_data("zen")
    data["circles"][3]["region"] = "blue"
    assert "circle 3: region 'blue' is not one of" in _map_error(data)
    data = map_data("zen")
    data["regions"][1]["id"] = "white"
    assert "its own string id" in _map_error(data)
    data = map_data("zen")
    data["regions"][0]["opLimits"]["SUM"] = 0
    data["regions"][0]["opLimits"]["LOW"] = 1
    assert "7 ticks cannot fill 10 circles in region white" in _map_error(data)
    data = map_data("zen")
    del data["regions"][1]["opLimits"]["PROD"]
    assert "region grey must give exactly" in _map_error(data)
    data = map_data("dunai")
    data["circles"][0]["region"] = "white"
    assert "the map has none" in _map_error(data)
    data = map_data("zen")
    del data["regions"][0]["name"]
    assert "needs a name" in _map_error(data)


def test_mark_labels_follow_the_balls_and_tags_of_every_map():
    # The sheet's labels are kept per board (asked at every redraw): each map's own answer,
    # from its balls (first letter of the first colour) and marks (MARK_LABELS order).
    from dicetable.games.trek12 import special

    for map_id in trek12_maps.MAP_IDS:
        board = trek12_maps.load(map_id)
        labels = special.mark_labels(board)
        assert special.mark_labels(board) is labels  # kept, not worked out again
        expected = {}
        for circle in range(board.size):
            ball = board.ball(circle)
            if ball:
                expected[circle] = ball[0].upper()
                continue
            for bit, label in special.MARK_LABELS:
                if board.marks[circle] & bit:
                    expected[circle] = label
                    break
        if not board.ball_names and not board.starts and not max(board.marks):
            assert labels is None, map_id
        else:
            assert labels == expected and labels, map_id
