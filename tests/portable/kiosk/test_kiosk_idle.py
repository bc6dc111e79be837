"""Idle reset on both runtimes, driven by a virtual clock the way the app's loop drives the
kiosk: menus give way to the attract loop after a minute and any button leaves it at once; an
abandoned game is recorded and reset (also one left behind the teacher's PIN screen), and a
game is never reset while input continues. The attract loop's pages: test_kiosk_attract.py."""

from dicetable.games.trek12 import play as play_trek12  # noqa: F401
from dicetable.games.trek12 import rules as trek12  # noqa: F401  (compiled first: the test heap is small)
from dicetable.kiosk.controller import MENU_IDLE_MS
from dicetable.kiosk.results_log import ABANDONED
from dicetable.ui import keys  # noqa: F401
from dicetable.ui.screens import MenuScreen, PauseScreen

from kiosk_helpers import Rig

_IDLE_S = 60
_KIOSK = {"enabled": True, "idle_s": _IDLE_S}


def _attracting(rig):
    return getattr(rig.screen, "attract", False)


def _start_trek12(rig):
    rig.shell.start_game("trek12", {"players": 1, "bots": 0, "map": "dunai"})
    session = rig.screen.session
    rig.press(keys.OK)  # the roll
    rig.press(keys.OK)  # a result
    rig.press(keys.OK)  # a circle: the guided first round is over
    assert session.state.round == 1
    return session


def test_menus_give_way_to_the_attract_loop_after_a_minute():
    rig = Rig(_KIOSK)
    try:
        assert getattr(rig.screen, "limited", False)
        assert rig.kiosk.due_ms(rig.shell, rig.now()) == MENU_IDLE_MS
        rig.press(keys.DOWN)
        rig.wait(MENU_IDLE_MS - 1)
        assert not _attracting(rig)
        rig.wait(1)
        assert _attracting(rig)
        assert rig.kiosk.attracting(rig.shell)
    finally:
        rig.close()


def test_any_button_leaves_the_attract_loop_at_once():
    for key in range(keys.KEY_COUNT):
        rig = Rig(_KIOSK)
        try:
            rig.shell.show(rig.kiosk.idle_screen(rig.shell))
            rig.press(key, gap=0)
            assert isinstance(rig.screen, MenuScreen), (key, rig.screen)
        finally:
            rig.close()


def test_an_abandoned_game_is_recorded_and_reset_to_the_attract_loop():
    rig = Rig(_KIOSK)
    try:
        session = _start_trek12(rig)
        rig.press(keys.OK)  # the second roll
        assert rig.store.load_lines()  # the game is saved
        quiet = rig.kiosk.due_ms(rig.shell, rig.now())
        assert quiet == _IDLE_S * 1000
        rig.wait(quiet - 1)
        assert rig.screen.session is session  # one millisecond to go: still the game
        rig.wait(1)
        assert _attracting(rig)
        assert rig.store.load_lines() is None  # the save is cleared
        records = list(rig.kiosk.log.entries())
        assert len(records) == 1
        record = records[0]
        assert record["ended"] == ABANDONED and record["winners"] == []
        assert record["game"] == "trek12" and record["actions"] == 3
        assert record["seconds"] == (4 * 300 + _IDLE_S * 1000) // 1000
    finally:
        rig.close()


def test_a_game_is_never_reset_while_input_continues():
    rig = Rig(_KIOSK)
    try:
        session = _start_trek12(rig)
        gap = _IDLE_S * 1000 - 1
        for index in range(12):  # ten minutes and more, a press just before each deadline
            key = keys.BACK if index % 4 == 1 else keys.OK
            rig.press(key, gap=gap)
            assert session is getattr(rig.screen, "session", None) or isinstance(
                rig.screen, PauseScreen
            ), rig.screen
        assert rig.kiosk.log.count() == 0
        assert rig.store.load_lines()
        # Paused and left alone, the game goes too.
        if not isinstance(rig.screen, PauseScreen):
            rig.press(keys.BACK)
        rig.wait(_IDLE_S * 1000)
        assert _attracting(rig) and rig.kiosk.log.count() == 1
    finally:
        rig.close()


def test_kiosk_mode_off_never_resets_or_attracts():
    rig = Rig()
    try:
        rig.shell.start_game("trek12", {"players": 1, "bots": 0})
        play = rig.screen
        assert rig.kiosk.due_ms(rig.shell, rig.now()) == -1
        rig.wait(3 * 3600 * 1000)
        assert rig.screen is play and rig.kiosk.log.count() == 0
        rig.shell.main_menu()
        rig.wait(3600 * 1000)
        assert isinstance(rig.screen, MenuScreen) and not getattr(rig.screen, "limited", False)
    finally:
        rig.close()


def test_a_game_left_behind_the_teachers_pin_screen_is_recorded_when_the_loop_comes():
    rig = Rig(_KIOSK)
    try:
        session = _start_trek12(rig)
        assert rig.chord()  # BACK paused the game, OK opened the PIN screen
        assert rig.screen.back.play.session is session
        rig.wait(_IDLE_S * 1000)
        assert _attracting(rig)
        assert rig.store.load_lines() is None
        assert [record["ended"] for record in rig.kiosk.log.entries()] == [ABANDONED]
    finally:
        rig.close()
