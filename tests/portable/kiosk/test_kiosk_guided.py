"""The guided first round on both runtimes: for Trek 12, Christmas On Track and Dice Trip the
hint line says which key to press and how often, following it plays the hinted actions of
the first round, counting presses leaves the screen as it was, and the wrapper then gets out
of the way. Key names follow the board."""

import gc

import framebuf

# The frame for the drawing test, made first, while the heap is still in one piece.
_FRAME = bytearray(296 * 128 // 8)

# Trek 12 is compiled before the rest, while the heap is still in large pieces.
from dicetable.games.trek12 import rules as trek12  # noqa: E402, F401, I001
from dicetable.games.trek12 import play as play_trek12  # noqa: E402, F401, I001

from kiosk_helpers import Rig, follow_the_guide  # noqa: E402, I001

from boards.badger2040 import BOARD as BADGER  # noqa: E402, I001
from boards.sim296 import BOARD as SIM296  # noqa: E402, I001
from boards.sim296_3btn import BOARD as THREE_BUTTONS  # noqa: E402, I001
from dicetable.ui import keys  # noqa: E402, I001
from dicetable.kiosk.guided import GuidedScreen, hint_text, key_words  # noqa: E402, I001

_KIOSK = {"enabled": True}


def _start(rig, game_id, options):
    rig.shell.start_game(game_id, options)
    return rig.screen


def test_key_words_follow_the_board():
    assert key_words(SIM296["buttons"]) == keys.NAMES
    words = key_words(THREE_BUTTONS["buttons"])
    assert words[keys.DOWN] == "NEXT" and words[keys.UP] == "PREV"
    assert words[keys.RIGHT] == "NEXT" and words[keys.OK] == "OK"
    assert words[keys.BACK] == "long OK"
    badger = key_words(BADGER["buttons"])
    assert badger[keys.LEFT] == "A" and badger[keys.DOWN] == "DOWN" and badger[keys.OK] == "B"
    assert badger[keys.BACK] == "long B"
    chord_only = {"keys": {"PREV": "LEFT", "OK": "OK", "NEXT": "RIGHT"}, "chords": []}
    chord_only["chords"].append((("PREV", "NEXT"), "BACK"))
    assert key_words(chord_only)[keys.BACK] == "PREV+NEXT"


def test_hint_words():
    assert hint_text(keys.OK, 1, roll=True) == "press OK to roll the dice"
    assert hint_text(keys.OK, 1) == "press OK"
    assert hint_text(keys.DOWN, 2) == "press DOWN twice"
    assert hint_text(keys.UP, 3) == "press UP 3 times"
    words = key_words(THREE_BUTTONS["buttons"])
    assert hint_text(keys.DOWN, 2, words) == "press NEXT twice"


def test_following_the_hints_plays_the_first_round_of_trek12():
    rig = Rig(_KIOSK)
    try:
        _guide, presses = follow_the_guide(rig, "trek12", {"players": 2, "map": "kagkot"})
        assert presses >= 1 + 2 * 2  # the roll, then a result and a circle for each person
    finally:
        rig.close()


def test_counting_presses_leaves_the_screen_as_it_was():
    rig = Rig(_KIOSK)
    try:
        guide = _start(rig, "trek12", {"players": 1, "bots": 0, "map": "dunai"})
        rig.press(keys.OK)  # roll
        inner = guide.inner
        # Move the result cursor away from the hinted one, two steps down.
        rig.press(keys.DOWN)
        rig.press(keys.DOWN)
        before = inner.view()
        key, count, _roll = guide.hint()
        assert key == keys.UP and count == 2, (key, count)
        assert guide.hint_line() == "Guided round: press UP twice"
        assert inner.view() == before
        rig.press(keys.UP)
        assert guide.hint()[:2] == (keys.UP, 1)
        rig.press(keys.UP)
        assert guide.hint()[:2] == (keys.OK, 1)
    finally:
        rig.close()


def test_the_hint_is_drawn_on_the_note_line_and_a_real_note_wins():
    rig = Rig(_KIOSK)
    try:
        guide = _start(rig, "trek12", {"players": 1, "bots": 0, "map": "dunai"})
        fb = framebuf.FrameBuffer(_FRAME, 296, 128, framebuf.MONO_HLSB)
        seen = []
        original = guide.inner.sheet.draw

        def spy(fb, width, height, state, view, *sections):
            seen.append(view["note"])
            original(fb, width, height, state, view, *sections)

        guide.inner.sheet = _Sheet(spy)
        guide.draw(fb, 296, 128)
        assert seen[-1] == "Guided round: press OK to roll the dice"
        assert guide.inner.note == ""  # nothing left behind
        guide.inner.note = "an error the player must see"
        guide.draw(fb, 296, 128)
        assert seen[-1] == "an error the player must see"
    finally:
        rig.close()


class _Sheet:
    def __init__(self, draw):
        self.draw = draw


def test_pause_and_resume_keep_the_guided_round():
    rig = Rig(_KIOSK)
    try:
        guide = _start(rig, "trek12", {"players": 1, "bots": 0, "map": "dunai"})
        rig.press(keys.BACK)  # pause
        assert not isinstance(rig.screen, GuidedScreen)
        rig.press(keys.OK)  # resume
        assert rig.screen is guide and guide.running()
    finally:
        rig.close()


def test_no_guided_round_when_kiosk_mode_is_off_for_dice_only_or_a_resumed_game():
    rig = Rig()
    try:
        rig.shell.start_game("trek12", {"players": 1, "bots": 0})
        assert not isinstance(rig.screen, GuidedScreen)
    finally:
        rig.close()
    rig = Rig(_KIOSK)
    try:
        rig.shell.start_game("trek12", {"players": 1, "bots": 0, "mode": "dice"})
        assert not isinstance(rig.screen, GuidedScreen)
        rig.shell.start_game("trek12", {"players": 1, "bots": 0})
        assert isinstance(rig.screen, GuidedScreen)
        rig.press(keys.OK)  # the first roll is saved
        flash = rig.flash
    finally:
        rig.close()
    again = Rig(flash=flash.reboot())
    try:
        assert hasattr(again.screen, "person_asked")  # the game resumed...
        assert not isinstance(again.screen, GuidedScreen)  # ...without a guide
    finally:
        again.close()


def test_cybo_and_gang_have_no_guided_round():
    for game_id in ("cybo", "gang"):
        # A rig each: compiling both games from source in one rig is over the test heap.
        rig = Rig(_KIOSK)
        try:
            rig.shell.start_game(game_id, {"players": 2, "bots": 1})
            assert not isinstance(rig.screen, GuidedScreen), game_id
        finally:
            rig.close()
        gc.collect()
