"""High scores and the results log through the kiosk's screens, on both runtimes: a finished
game is logged before its save is cleared and only once (also when a power cut came between),
people whose scores make the table type initials with the smallest button set, best first,
bots never; ties and a full table; skipping an entry; the tables survive a power cut at
every write step of an entry; a full results log tells the teacher."""

from dicetable.games import load
from dicetable.games.cybo import rules as cybo
from dicetable.kiosk.high_scores import LETTERS, SIZE
from dicetable.kiosk.results_log import FINISHED, ResultsLog
from dicetable.ui import keys
from dicetable.ui.screens import ResultsScreen

import powercut_fs
from kiosk_helpers import Rig, finished_session

_KIOSK = {"enabled": True}


def _type(rig, initials):
    """Type initials with NEXT (RIGHT) and OK only, from the letters shown."""
    for char in initials:
        screen = rig.screen
        shown = screen.initials()[screen.cursor]
        for _ in range((LETTERS.index(char) - LETTERS.index(shown)) % len(LETTERS)):
            rig.press(keys.RIGHT)
        rig.press(keys.OK)


def _cybo_game(players=3, bots=(), seed=5):
    return finished_session(
        cybo, {"players": players, "bots": list(bots), "level": "master"}, seed
    )


def _order(session):
    totals = session.state.scores()
    seats = [seat for seat in range(len(totals)) if not session.is_bot(seat)]
    seats.sort(key=lambda seat: (-totals[seat], seat))
    return seats


def _finish(rig, session):
    """The game is over on screen: the play screen shows its results (the hook runs)."""
    rig.shell.show(ResultsScreen(rig.shell, session))
    return rig.screen


def test_people_type_initials_best_first_then_the_results():
    rig = Rig(_KIOSK)
    try:
        session = _cybo_game(players=3, bots=[1])
        totals = session.state.scores()
        first, second = _order(session)
        screen = _finish(rig, session)
        assert screen.heading == "New high score!"
        assert screen.lines[0] == "P%d: %d points" % (first + 1, totals[first])
        assert "Place 1 in Cybo - Master" in screen.lines[1]
        _type(rig, "ZOE")
        assert rig.screen.lines[0] == "P%d: %d points" % (second + 1, totals[second])
        assert rig.screen.initials() == "ZOE"  # the next entry starts from the last one
        _type(rig, "AL ")
        assert isinstance(rig.screen, ResultsScreen) and rig.screen.session is session
        table = rig.kiosk.scores.table("cybo/master")
        assert table == [("ZOE", totals[first]), ("AL ", totals[second])]
        records = list(rig.kiosk.log.entries())
        assert len(records) == 1 and records[0]["ended"] == FINISHED
        assert records[0]["seats"][1]["bot"] is True
        # Shown again (OK then back, say), the results ask for nothing more.
        rig.shell.show(ResultsScreen(rig.shell, session))
        assert isinstance(rig.screen, ResultsScreen) and rig.kiosk.log.count() == 1
    finally:
        rig.close()


def test_back_on_the_first_letter_skips_an_entry():
    rig = Rig(_KIOSK)
    try:
        session = _cybo_game(players=2)
        first, second = _order(session)
        _finish(rig, session)
        rig.press(keys.BACK)  # the best player does not want to
        _type(rig, "BEA")
        table = rig.kiosk.scores.table("cybo/master")
        assert table == [("BEA", session.state.scores()[second])]
        assert isinstance(rig.screen, ResultsScreen)
    finally:
        rig.close()


def test_ties_and_a_full_table():
    rig = Rig(_KIOSK)
    try:
        session = _cybo_game(players=1 + 1, bots=[1])
        score = session.state.scores()[0]
        for _index in range(SIZE):
            rig.kiosk.scores.insert("cybo/master", "OLD", score)
        # A full table of equal scores: a tie does not get in.
        assert isinstance(_finish(rig, session), ResultsScreen)
        assert [row[0] for row in rig.kiosk.scores.table("cybo/master")] == ["OLD"] * SIZE
    finally:
        rig.close()
    rig = Rig(_KIOSK)
    try:
        for _index in range(SIZE - 1):
            rig.kiosk.scores.insert("cybo/master", "OLD", score)
        screen = _finish(rig, session)
        assert "Place %d in" % SIZE in screen.lines[1]  # below the older equal scores
        _type(rig, "NEW")
        assert rig.kiosk.scores.table("cybo/master")[-1] == ("NEW", score)
    finally:
        rig.close()


def test_bots_and_dice_only_games_get_no_entry():
    rig = Rig(_KIOSK)
    try:
        bots_only = _cybo_game(players=2, bots=[0, 1])
        assert isinstance(_finish(rig, bots_only), ResultsScreen)
        assert rig.kiosk.scores.keys() == [] and rig.kiosk.log.count() == 1
    finally:
        rig.close()


def test_kiosk_mode_off_keeps_no_results_or_scores():
    rig = Rig()
    try:
        assert isinstance(_finish(rig, _cybo_game()), ResultsScreen)
        assert rig.kiosk.log.count() == 0 and rig.kiosk.scores.keys() == []
    finally:
        rig.close()


def test_a_game_is_logged_before_its_save_is_cleared_and_once_after_a_power_cut():
    rig = Rig(_KIOSK)
    try:
        rig.shell.start_game("cybo", {"players": 2, "bots": 2, "level": "master"})
        session = rig.screen.session
        counts = []
        store_clear = rig.shell.store._store.clear

        def spying_clear():
            counts.append(rig.kiosk.log.count())  # what the log held when the save went
            store_clear()

        rig.shell.store._store.clear = spying_clear
        while not session.state.is_terminal():
            rig.wait(700)
        assert counts == [1], counts
        assert isinstance(rig.screen, ResultsScreen) and rig.kiosk.log.count() == 1
    finally:
        rig.close()
    # A power cut after the record and before the save was cleared: at the next start the
    # finished game comes back, and is not logged again.
    rig = Rig(_KIOSK)
    try:
        lines = []
        session = finished_session(load("cybo"), {"players": 2, "bots": [0, 1]}, 9)
        rig.kiosk.record(session, FINISHED)
        assert rig.kiosk.log.count() == 1
        from dicetable.core.session import Session

        replayed = Session.start(load("cybo"), {"players": 2, "bots": [0, 1]}, 9, lines.append)
        while replayed.actors():
            seat = replayed.actors()[0]
            if seat < 0:
                replayed.roll()
            else:
                replayed.apply(seat, replayed.bot_action(seat))
        for line in lines:
            rig.store.append(line)
        flash = rig.flash
    finally:
        rig.close()
    again = Rig(flash=flash.reboot())
    try:
        assert isinstance(again.screen, ResultsScreen)
        assert again.kiosk.log.count() == 1  # the same game: not logged twice
        assert again.store.load_lines() is None
    finally:
        again.close()


def test_high_scores_survive_a_power_cut_at_every_write_step_of_an_entry():
    session = _cybo_game(players=2, bots=[1])
    score = session.state.scores()[0]
    cut = 0
    kept = set()
    while True:
        cut += 1
        rig = Rig(_KIOSK)
        try:
            _finish(rig, session)
            _type(rig, "ZO")  # the last letter's OK writes the table
            rig.flash.cut_at = rig.flash.steps + cut
            try:
                rig.press(keys.OK)
                finished = True
            except powercut_fs.PowerCut:
                finished = False
            flash = rig.flash.reboot()
        finally:
            rig.close()
        again = Rig(flash=flash)
        try:
            assert again.kiosk.scores.problem == ""  # never a damaged file
            table = again.kiosk.scores.table("cybo/master")
            assert table in ([], [("ZOA", score)]), (cut, table)
            kept.add(len(table))
        finally:
            again.close()
        if finished:
            break
    assert table == [("ZOA", score)] and kept == {0, 1}, kept


def test_a_full_results_log_tells_the_teacher():
    rig = Rig(_KIOSK)
    try:
        rig.kiosk.log = ResultsLog(rig.store, 2, 800)  # a tiny ring: two segments
        for seed in range(6):
            rig.kiosk.record(_cybo_game(players=2, bots=[0, 1], seed=seed), FINISHED)
        assert rig.kiosk.log.dropped() > 0
        assert "full" in rig.kiosk.notice and str(rig.kiosk.log.dropped()) in rig.kiosk.notice
    finally:
        rig.close()
