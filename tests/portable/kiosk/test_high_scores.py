"""High scores: table keys per game, map and level; ordering and ties; a full table; clearing;
persistence across a power cut at every write step; damaged files. Both runtimes."""

from dicetable.drivers.storage import Store
from dicetable.kiosk import high_scores
from dicetable.kiosk.high_scores import SIZE, HighScores, table_key
from dicetable.kiosk.results_log import write_document

import powercut_fs

_FOLDER = "/data"
_FILE = _FOLDER + "/" + high_scores.FILE


def _fresh():
    """HighScores on a new fake flash; returns (scores, flash, undo)."""
    flash = powercut_fs.FakeFlash(powercut_fs.LITTLEFS)
    undo = powercut_fs.install(flash)
    return HighScores(Store(_FOLDER)), flash, undo


def test_table_keys_split_by_map_and_level_only_where_scores_differ():
    assert table_key("trek12", {"map": "dunai", "mode": "sheets", "players": 2}) == "trek12/dunai"
    assert table_key("trek12", {"map": "zen", "mode": "sheets"}) == "trek12/zen"
    assert table_key("cybo", {"level": "master", "grid": "rows"}) == "cybo/master"
    assert table_key("gang", {"players": 3, "strengths": ["careful"] * 3}) == "gang"
    assert table_key("ontrack", {"mode": "sheets", "buildings": "low"}) == "ontrack"
    assert table_key("dicetrip", {"mode": "play", "chains": "off"}) == "dicetrip"
    assert table_key("dicetrip", {"mode": "play", "chains": "on"}) == "dicetrip/on"
    # Dice-only modes keep no score on the device: no table.
    assert table_key("trek12", {"map": "dunai", "mode": "dice"}) is None
    assert table_key("dicetrip", {"mode": "dice", "chains": "off"}) is None


def test_higher_scores_first_and_a_new_tie_goes_below_the_older_ones():
    scores, _flash, undo = _fresh()
    try:
        assert scores.table("gang") == [] and scores.qualifies("gang", 0)
        assert scores.insert("gang", "ANN", 40) == 0
        assert scores.insert("gang", "BOB", 55) == 0
        assert scores.insert("gang", "CAT", 40) == 2  # equal to ANN's, ANN was first
        assert scores.insert("gang", "DAN", 41) == 1
        assert scores.table("gang") == [("BOB", 55), ("DAN", 41), ("ANN", 40), ("CAT", 40)]
        assert scores.table("cybo/master") == []  # tables are separate
        assert scores.keys() == ["gang"]
    finally:
        undo()


def test_a_full_table_keeps_the_best_ten():
    scores, _flash, undo = _fresh()
    try:
        for score in range(SIZE):
            assert scores.insert("cybo/beginner", "AAA", 10 + score) >= 0
        assert len(scores.table("cybo/beginner")) == SIZE
        lowest = scores.table("cybo/beginner")[-1][1]
        assert lowest == 10
        assert not scores.qualifies("cybo/beginner", lowest)  # a tie would fall off the end
        assert scores.insert("cybo/beginner", "ZZZ", lowest) == -1
        assert scores.qualifies("cybo/beginner", lowest + 1)
        assert scores.insert("cybo/beginner", "NEW", 15) == 5  # below the older 15
        table = scores.table("cybo/beginner")
        assert len(table) == SIZE and table[-1] == ("AAA", 11) and table[5] == ("NEW", 15)
        assert not scores.qualifies(None, 99) and not scores.qualifies("gang", "99")
    finally:
        undo()


def test_random_entries_match_a_plain_model_and_survive_a_restart():
    # The model: every score so far sorted by (score down, arrival), its first ten are the
    # table. A fixed pseudo-random walk, the same on both runtimes.
    scores, _flash, undo = _fresh()
    try:
        entries = []
        state = 777
        for count in range(120):
            state = (state * 1103515245 + 12345) % 2147483648
            score = state % 25
            initials = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[count % 26] * 3
            place = scores.insert("gang", initials, score)
            entries.append((-score, count, initials))
            model = [(entry[2], -entry[0]) for entry in sorted(entries)][:SIZE]
            expected = -1
            for index in range(len(model)):
                if sorted(entries)[index][1] == count:
                    expected = index
            assert place == expected
            assert scores.table("gang") == model
        assert HighScores(Store(_FOLDER)).table("gang") == model
    finally:
        undo()


def test_initials_are_three_of_the_letters():
    scores, _flash, undo = _fresh()
    try:
        assert scores.insert("gang", "JO ", 3) == 0
        for bad in ("AB", "ABCD", "ab1", "   ", "A-B", 7):
            try:
                scores.insert("gang", bad, 50)
            except ValueError:
                pass
            else:
                raise AssertionError("took initials %r" % (bad,))
        assert scores.table("gang") == [("JO ", 3)]
    finally:
        undo()


def test_clear_one_table_or_all():
    scores, flash, undo = _fresh()
    try:
        scores.insert("gang", "ANN", 4)
        scores.insert("trek12/dunai", "BOB", 80)
        assert scores.clear("gang") and scores.keys() == ["trek12/dunai"]
        assert scores.clear() and scores.keys() == []
        assert HighScores(Store(_FOLDER)).keys() == []
    finally:
        undo()


def test_tables_survive_a_power_cut_at_every_write_step():
    entries = (("gang", "ANN", 40), ("gang", "BOB", 55), ("cybo/master", "CAT", 9))
    for mode in (powercut_fs.TORN, powercut_fs.LITTLEFS):
        cut = 1
        kept = set()
        while True:
            flash = powercut_fs.FakeFlash(mode, cut_at=cut)
            undo = powercut_fs.install(flash)
            inserted = 0
            try:
                try:
                    scores = HighScores(Store(_FOLDER))
                    for key, initials, score in entries:
                        scores.insert(key, initials, score)
                        inserted += 1
                except powercut_fs.PowerCut:
                    pass
                finished = not flash.dead
                powercut_fs.install(flash.reboot())
                after = HighScores(Store(_FOLDER))
                assert after.problem == ""  # never a damaged file
                found = len(after.table("gang")) + len(after.table("cybo/master"))
            finally:
                undo()
            # What was on flash is every entry inserted before the cut, and the one in
            # flight only if its write finished.
            assert found in (inserted, inserted + 1), (mode, cut)
            kept.add(found)
            if finished:
                break
            cut += 1
        assert found == 3 and kept == {0, 1, 2, 3}, kept


def test_a_damaged_file_reads_as_empty_tables_and_is_replaced_on_the_next_entry():
    scores, flash, undo = _fresh()
    try:
        scores.insert("gang", "ANN", 40)
        flash.files[_FILE][8] ^= 0x20  # a flipped bit: the copy has it all
        assert HighScores(Store(_FOLDER)).table("gang") == [("ANN", 40)]
        flash.files[_FILE + ".2"][8] ^= 0x20  # and in the copy too
        damaged = HighScores(Store(_FOLDER))
        assert damaged.table("gang") == [] and "could not be read" in damaged.problem
        assert damaged.insert("gang", "BOB", 30) == 0
        assert HighScores(Store(_FOLDER)).table("gang") == [("BOB", 30)]
    finally:
        undo()


def test_a_full_flash_keeps_the_entry_on_screen_and_says_so():
    scores, flash, undo = _fresh()
    try:
        scores.insert("gang", "ANN", 40)
        flash.capacity = flash.used()
        assert scores.insert("gang", "BOB", 50) == 0
        assert scores.error.startswith("high scores not saved")
        assert HighScores(Store(_FOLDER)).table("gang") == [("ANN", 40)]
    finally:
        undo()


def test_stored_rows_are_checked_and_ordered():
    scores, flash, undo = _fresh()
    try:
        rows = [["BOB", 5], ["bad", 9], ["ANN", 7], ["CAT", 5], ["DAN", "x"]]
        write_document(Store(_FOLDER), high_scores.FILE, "DTH1", {"gang": rows})
        assert HighScores(Store(_FOLDER)).table("gang") == [("ANN", 7), ("BOB", 5), ("CAT", 5)]
    finally:
        undo()
