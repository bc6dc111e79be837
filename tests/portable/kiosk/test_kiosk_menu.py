"""What a kiosk offers, on both runtimes: the menu has the teacher's games and "How to play",
a game's setup has the maps, levels and player counts on offer and the teacher's class code,
and the teacher's settings list edits a draft that is saved all at once, or refused with the
reason. Two kiosks given the teacher's class code roll alike."""

# Cybo and Trek 12 are compiled before the rest, while the heap is still in large pieces.
from dicetable.games.cybo import rules as cybo  # noqa: F401, I001
from dicetable.games.trek12 import rules as trek12  # noqa: F401, I001
from dicetable.games.trek12 import play as play_trek12  # noqa: F401, I001

from kiosk_helpers import PIN, Rig  # noqa: I001

from dicetable.core.rng import code_to_seed
from dicetable.ui import keys
from dicetable.ui.code_entry import CHARACTERS, CodeEntryScreen
from dicetable.ui.howto import HowToMenuScreen
from dicetable.kiosk.screens import SettingsScreen, table_title
from dicetable.ui.setup import SetupScreen


def _choose_game(rig, game_id):
    menu = rig.screen
    ids = [item[0] for item in menu.items]
    while ids[menu.cursor] != game_id:
        rig.press(keys.DOWN)
    rig.press(keys.OK)
    return rig.screen


def _option(setup, key):
    for option in setup.options:
        if option[0] == key:
            return option
    return None


def test_the_menu_offers_the_teachers_games_and_how_to_play():
    rig = Rig({"enabled": True, "games": ["trek12", "cybo"]})
    try:
        menu = rig.screen
        assert [item[0] for item in menu.items] == ["cybo", "trek12", "howto", "help"]
        howto = _choose_game(rig, "howto")
        assert isinstance(howto, HowToMenuScreen) and howto.games == ["cybo", "trek12"]
        rig.press(keys.BACK)
        assert rig.screen is menu
        assert isinstance(_choose_game(rig, "cybo"), SetupScreen)
        rig.press(keys.BACK)  # the setup's BACK makes a plain menu: the kiosk's comes instead
        assert getattr(rig.screen, "limited", False)
    finally:
        rig.close()


def test_a_setup_offers_only_the_maps_levels_and_players_on_offer():
    settings = {
        "enabled": True,
        "maps": ["zen", "dunai"],
        "levels": ["master"],
        "min_players": 2,
        "max_players": 3,
    }
    rig = Rig(settings)
    try:
        setup = _choose_game(rig, "trek12")
        assert _option(setup, "map")[2] == ("dunai", "zen")
        assert _option(setup, "players")[2] == (2, 3) and setup.values["players"] == 2
        assert setup.cursor == len(setup.options)  # on "Start game"
        assert _option(setup, "code") is not None and setup.values["code"] == ""
        rig.press(keys.BACK)
        setup = _choose_game(rig, "cybo")
        assert _option(setup, "level")[2] == ("master",) and setup.values["level"] == "master"
        rig.press(keys.OK)
        assert rig.screen.session.params["level"] == "master"
        assert rig.screen.session.params["players"] == 2
    finally:
        rig.close()


def test_a_games_own_limits_win_over_the_kiosks_player_counts():
    rig = Rig({"enabled": True, "min_players": 1, "max_players": 1})
    try:
        setup = _choose_game(rig, "cybo")  # Cybo needs two players at least
        assert _option(setup, "players")[2] == (2,)
    finally:
        rig.close()


def test_the_teachers_class_code_in_the_setup():
    rig = Rig({"enabled": True, "code": "MATH"})
    try:
        setup = _choose_game(rig, "trek12")
        assert _option(setup, "code") is not None and setup.values["code"] == "MATH"
    finally:
        rig.close()
    rig = Rig({"enabled": True, "code": "MATH", "student_code": False})
    try:
        setup = _choose_game(rig, "trek12")
        assert _option(setup, "code") is None  # players cannot change it
        assert setup.chosen_options()["code"] == "MATH"
    finally:
        rig.close()
    rig = Rig({"enabled": True, "student_code": False})
    try:
        setup = _choose_game(rig, "trek12")
        assert _option(setup, "code") is None and "code" not in setup.chosen_options()
    finally:
        rig.close()


def test_table_titles():
    assert table_title("trek12/zen") == "Trek 12 - Zen Trek"
    assert table_title("cybo/grandmaster").startswith("Cybo - ")
    assert table_title("dicetrip/on") == "Dice Trip: Belgium - chains"
    assert table_title("gang") == "Gang of Dice"


class _TeacherMenu:
    note = ""


def _settings(rig):
    rig.kiosk.lock.unlock(PIN, rig.now())
    screen = SettingsScreen(rig.shell, rig.kiosk, _TeacherMenu())
    rig.shell.show(screen)
    return screen


def _row(rig, screen, key, detail=None):
    """Move the cursor to the row of `key` (and `detail`) and press OK."""
    for index in range(len(screen.rows)):
        row = screen.rows[index]
        if row[0] == key and (detail is None or row[3] == detail):
            break
    while screen.cursor != index:
        rig.press(keys.DOWN)
    rig.press(keys.OK)
    return screen.value_text(screen.rows[index])


def _save(rig, screen):
    while screen.cursor != len(screen.rows):
        rig.press(keys.UP)
    rig.press(keys.OK)


def test_the_settings_list_edits_a_draft_saved_at_once():
    rig = Rig()
    try:
        kiosk = rig.kiosk
        screen = _settings(rig)
        assert _row(rig, screen, "enabled") == "On"
        assert _row(rig, screen, "games", "gang") == "Hidden"
        assert _row(rig, screen, "maps", "zen") == "Hidden"
        assert _row(rig, screen, "idle_s") == "5 min"  # from 3 min, the next choice up
        assert _row(rig, screen, "brightness") == "50%"
        assert _row(rig, screen, "student_code") == "Off"
        _row(rig, screen, "code")
        code = rig.screen
        assert isinstance(code, CodeEntryScreen)
        for char in "AB":
            for _ in range(CHARACTERS.index(char)):
                rig.press(keys.RIGHT)
            rig.press(keys.OK)
        rig.press(keys.OK)  # a blank ends the code
        assert rig.screen is screen and screen.value_text(screen.rows[-2]) == "AB"
        assert kiosk.settings.get("enabled") is False  # nothing saved yet
        _save(rig, screen)
        assert rig.screen is screen.back and screen.back.note == "Settings saved"
        values = kiosk.settings.values()
        assert values["enabled"] is True and "gang" not in values["games"]
        assert "zen" not in values["maps"] and values["idle_s"] == 300
        assert values["brightness"] == 50 and values["code"] == "AB"
        assert values["student_code"] is False
    finally:
        rig.close()


def test_a_bad_draft_is_refused_with_its_reason_and_back_leaves_it_unsaved():
    rig = Rig()
    try:
        kiosk = rig.kiosk
        before = kiosk.settings.values()
        screen = _settings(rig)
        for level in kiosk.settings.get("levels"):
            _row(rig, screen, "levels", level)  # every Cybo level hidden
        _save(rig, screen)
        assert rig.screen is screen and "levels" in screen.error
        assert kiosk.settings.values() == before
        for _ in range(5):
            _row(rig, screen, "max_players")  # 4 -> 5 -> 6 -> 1 -> 2 -> 3
        assert screen.values["max_players"] == 3
        rig.press(keys.BACK)
        assert rig.screen is screen.back and kiosk.settings.values() == before
    finally:
        rig.close()


def _start_trek12(rig):
    """Through the kiosk's setup screen, as a player would: Trek 12, Start."""
    menu = rig.screen
    ids = [item[0] for item in menu.items]
    while ids[menu.cursor] != "trek12":
        rig.press(keys.DOWN)
    rig.press(keys.OK)
    setup = rig.screen
    assert setup.values["code"] == "MATH"
    rig.press(keys.OK)  # the cursor starts on "Start game"
    return rig.screen.session


def test_two_kiosks_with_the_teachers_code_roll_alike():
    settings = {"enabled": True, "code": "MATH", "student_code": False, "games": ["trek12"]}
    rolls = []
    for _device in range(2):
        rig = Rig(settings)
        try:
            session = _start_trek12(rig)
            assert session.params["code"] == "MATH"
            assert session.seed == code_to_seed("MATH")
            found = []
            for _round in range(3):
                found.append(session.roll())
                seat = session.actors()[0]
                session.apply(seat, session.bot_action(seat))
            rolls.append(found)
        finally:
            rig.close()
    assert rolls[0] == rolls[1]
