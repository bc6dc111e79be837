"""The teacher lock's screens on both runtimes: the chord (BACK held, OK pressed), also as the
real press classifier makes it from three buttons; the PIN typed with NEXT and OK only; no
settings change without the PIN; wrong PINs rate limited on screen; the PIN never stored in
clear; first use; clearing high scores and results only after a confirmation; the teacher's
screens closing with the lock."""

from dicetable.drivers.press_classifier import PressClassifier
from dicetable.kiosk.lock_screens import (
    ClearScreen,
    LockedScreen,
    PinScreen,
    TeacherMenuScreen,
    wait_words,
)
from dicetable.kiosk.screens import SettingsScreen
from dicetable.kiosk.teacher_lock import FIRST_WAIT_MS, OPEN_MS, Locked
from dicetable.ui import keys
from dicetable.ui.screens import MenuScreen, MessageScreen

from kiosk_helpers import PIN, Rig, entropy

_WRONG = "111111"


def _open(rig):
    """Chord and the right PIN: the teacher's menu."""
    assert rig.chord()
    rig.type_digits(PIN)
    assert isinstance(rig.screen, TeacherMenuScreen), rig.screen
    return rig.screen


def _choose(rig, wanted):
    """Move the teacher's menu cursor to `wanted` and press OK."""
    menu = rig.screen
    ids = [item[0] for item in menu.items()]
    while ids[menu.cursor] != wanted:
        rig.press(keys.DOWN)
    rig.press(keys.OK)


def test_the_chord_opens_the_pin_screen_and_its_ok_goes_nowhere_else():
    rig = Rig()
    try:
        menu = rig.screen
        assert isinstance(menu, MenuScreen)
        assert rig.chord()
        assert isinstance(rig.screen, PinScreen)
        assert rig.screen.back is menu  # BACK leaves to where the teacher was
        rig.press(keys.BACK)
        assert rig.screen is menu
        # OK alone, or BACK alone, is just a key.
        rig.press(keys.BACK)
        rig.press(keys.DOWN)
        assert rig.screen is menu and menu.cursor == 1
    finally:
        rig.close()


def test_the_chord_from_a_three_button_board_through_the_press_classifier():
    # PREV, OK, NEXT; BACK is PREV+NEXT together or a long OK (boards/sim296_3btn.py).
    classifier = PressClassifier(
        _ClassifierClock(),
        (keys.LEFT, keys.OK, keys.RIGHT),
        ((1, keys.BACK),),
        ((0, 2, keys.BACK),),
    )
    timeline = ((0, 0b101), (300, 0b111), (400, 0b101), (700, 0))  # hold PREV+NEXT, tap OK
    rig = Rig()
    try:
        taken = []
        for now, pressed in timeline:
            for ms in range(now, now + 100, 5):
                classifier.update(ms, pressed)
                event = classifier.get()
                while event is not None:
                    rig.clock.now = ms
                    taken.append((event, rig.event(event[0], event[1])))
                    event = classifier.get()
        kinds = [event for event, _taken in taken]
        assert (keys.PRESS, keys.BACK) in kinds and (keys.PRESS, keys.OK) in kinds, kinds
        assert [event for event, took in taken if took] == [(keys.PRESS, keys.OK)]
        assert isinstance(rig.screen, PinScreen)
    finally:
        rig.close()


class _ClassifierClock:
    def ticks_diff(self, later, earlier):
        return later - earlier


def test_typing_the_pin_with_next_and_ok_only_opens_the_teachers_menu():
    rig = Rig()
    try:
        _open(rig)
        assert rig.kiosk.lock.is_open(rig.now())
        _choose(rig, "leave")
        assert isinstance(rig.screen, MenuScreen)
        assert not rig.kiosk.lock.is_open(rig.now())
    finally:
        rig.close()


def test_pin_places_back_and_length():
    rig = Rig()
    try:
        rig.chord()
        pin = rig.screen
        rig.type_digits("123", finish=False)
        rig.press(keys.LEFT)  # the 4th place starts at 0: LEFT makes it blank
        rig.press(keys.OK)  # three digits are not a PIN
        assert rig.screen is pin and "4 to 6" in pin.note
        assert pin.shown() == " *  *  * [_]"
        rig.press(keys.BACK)
        rig.press(keys.BACK)
        assert pin.cursor == 1 and pin.pin() == "12"
        rig.press(keys.BACK)
        rig.press(keys.BACK)  # BACK on the first place leaves
        assert isinstance(rig.screen, MenuScreen)
        rig.chord()
        rig.type_digits(PIN)  # six digits: the sixth OK ends the PIN by itself
        assert isinstance(rig.screen, TeacherMenuScreen)
    finally:
        rig.close()


def test_no_settings_change_without_the_pin():
    rig = Rig()
    try:
        kiosk = rig.kiosk
        before = kiosk.settings.values()
        try:
            kiosk.settings.change({"enabled": True}, rig.now())
            raise AssertionError("changed without the PIN")
        except Locked:
            pass
        # The settings screen with the lock shut (it closed by itself after 5 minutes):
        menu = _open(rig)
        screen = SettingsScreen(rig.shell, kiosk, menu)
        rig.shell.show(screen)
        rig.press(keys.OK)  # kiosk mode: On (in the draft only)
        assert screen.values["enabled"] is True and kiosk.settings.get("enabled") is False
        rig.press(keys.UP)  # round to "Save"
        assert screen.cursor == len(screen.rows)
        # The lock shuts (its 5 minutes are up) just before OK: the kiosk would also close
        # the screen at its next tick, but the key comes first.
        kiosk.lock.lock()
        rig.shell.handle(keys.OK)
        assert isinstance(rig.screen, PinScreen)  # the PIN again, nothing saved
        assert kiosk.settings.values() == before
        # With the PIN the same draft saves.
        rig.shell.show(screen)
        kiosk.lock.unlock(PIN, rig.now())
        rig.press(keys.OK)
        assert rig.screen is menu and menu.note == "Settings saved"
        assert kiosk.settings.get("enabled") is True
    finally:
        rig.close()


def test_the_teachers_screens_close_with_the_lock():
    rig = Rig()
    try:
        menu = _open(rig)
        rig.wait(OPEN_MS - 1000)
        assert rig.screen is menu
        rig.press(keys.DOWN)  # the teacher is still busy: five more minutes
        rig.wait(OPEN_MS - 1000)
        assert rig.screen is menu
        rig.wait(2000)
        assert isinstance(rig.screen, MenuScreen) and not rig.kiosk.lock.is_open(rig.now())
    finally:
        rig.close()


def test_wrong_pins_are_rate_limited_on_screen():
    rig = Rig()
    try:
        lock = rig.kiosk.lock
        rig.chord()
        for attempt in (1, 2):
            rig.type_digits(_WRONG)
            assert isinstance(rig.screen, PinScreen)
            assert "%d more before a wait" % (3 - attempt) in rig.screen.lines[0]
        rig.type_digits(_WRONG)
        locked = rig.screen
        assert isinstance(locked, LockedScreen) and locked.words == "30 s"
        # While the wait runs there is no PIN to type: the chord shows the wait again.
        rig.press(keys.OK)
        assert rig.chord() and isinstance(rig.screen, LockedScreen)
        assert lock.failures() == 3
        rig.wait(FIRST_WAIT_MS - 10000)  # 600 ms went on the OK and the chord
        assert rig.screen.words == "10 s"  # counted down on screen, 10 s at a time
        rig.wait(10000)
        assert isinstance(rig.screen, PinScreen)  # the PIN screen comes back by itself
        rig.type_digits(_WRONG)
        assert isinstance(rig.screen, LockedScreen) and rig.screen.words == "1 min"
        rig.wait(2 * FIRST_WAIT_MS)
        rig.type_digits(PIN)
        assert isinstance(rig.screen, TeacherMenuScreen) and lock.failures() == 0
    finally:
        rig.close()


def test_wait_words():
    assert wait_words(1) == "10 s" and wait_words(30_000) == "30 s"
    assert wait_words(60_000) == "1 min" and wait_words(150_001) == "2 min 40 s"


def test_first_use_sets_a_pin_typed_twice_and_never_stores_it_in_clear():
    rig = Rig(pin=False)
    try:
        assert rig.chord()
        assert "Choose a teacher PIN" in rig.screen.lines[0]
        rig.type_digits(PIN)
        rig.type_digits("482916")  # not the same
        assert "not the same" in rig.screen.lines[0]
        rig.type_digits(PIN)
        rig.type_digits(PIN)
        menu = rig.screen
        assert isinstance(menu, TeacherMenuScreen) and menu.note == "PIN saved"
        _choose(rig, "leave")
        assert rig.kiosk.lock.has_pin()
        for path in rig.flash.files:
            data = bytes(rig.flash.files[path])
            assert PIN.encode() not in data, path
        assert entropy(16) != b"\x00" * 16
    finally:
        rig.close()


def test_changing_the_pin_needs_the_old_one_first():
    rig = Rig()
    try:
        _open(rig)
        _choose(rig, "pin")
        rig.type_digits("2468")
        rig.type_digits("2468")
        _choose(rig, "leave")
        rig.chord()
        rig.type_digits(PIN)
        assert isinstance(rig.screen, PinScreen)  # the old PIN no longer opens it
        rig.type_digits("2468")
        assert isinstance(rig.screen, TeacherMenuScreen)
    finally:
        rig.close()


def test_clearing_scores_and_results_is_confirmed_and_locked():
    rig = Rig({"enabled": True})
    try:
        kiosk = rig.kiosk
        kiosk.scores.insert("gang", "ANN", 40)
        menu = _open(rig)
        _choose(rig, "scores")
        assert isinstance(rig.screen, ClearScreen) and rig.screen.cursor == 0
        rig.press(keys.OK)  # "keep them" is where the cursor starts
        assert rig.screen is menu and kiosk.scores.table("gang") == [("ANN", 40)]
        _choose(rig, "scores")
        clear = rig.screen
        rig.press(keys.DOWN)
        kiosk.lock.lock()
        rig.shell.handle(keys.OK)  # the lock shut just before: the PIN first
        assert isinstance(rig.screen, PinScreen) and kiosk.scores.table("gang")
        rig.shell.show(clear)
        kiosk.lock.unlock(PIN, rig.now())
        rig.press(keys.OK)
        assert isinstance(rig.screen, MessageScreen) and rig.screen.heading == "Cleared"
        assert kiosk.scores.keys() == []
        rig.press(keys.OK)
        assert rig.screen is menu
        _choose(rig, "results")
        rig.press(keys.DOWN)
        rig.press(keys.OK)
        assert rig.screen.heading == "Cleared" and kiosk.log.count() == 0
    finally:
        rig.close()


def test_kiosk_mode_switches_from_the_teachers_menu():
    rig = Rig()
    try:
        _open(rig)
        assert not rig.kiosk.enabled
        _choose(rig, "mode")
        assert rig.kiosk.enabled and rig.screen.items()[0][1] == "Kiosk mode: On"
        _choose(rig, "leave")
        assert getattr(rig.screen, "limited", False)  # the kiosk's own menu
    finally:
        rig.close()
