"""The initials screen on both runtimes: typed with the smallest button set (PREV/NEXT = LEFT/
RIGHT, OK, and BACK from a long OK), going back a place, leaving, and what it draws."""

import framebuf

from dicetable.kiosk import initials as initials_ui
from dicetable.kiosk.high_scores import LETTERS, valid_initials
from dicetable.kiosk.initials import InitialsScreen
from dicetable.ui import keys


def _screen(typed, initials="AAA"):
    return InitialsScreen(
        None,
        "New high score",
        ["Gang of Dice: 41 dice, 2nd place"],
        lambda text: typed.append(text) or "after",
        "before",
        initials,
    )


def _type(screen, text):
    """Type `text` with NEXT (RIGHT) and OK only, from the letters shown, as on a three-button
    board; returns what the last OK returned."""
    result = None
    for char in text:
        shown = screen.initials()[screen.cursor]
        steps = (LETTERS.index(char) - LETTERS.index(shown)) % len(LETTERS)
        for _ in range(steps):
            assert screen.handle(keys.RIGHT) is None
        result = screen.handle(keys.OK)
    return result


def test_typing_initials_with_next_and_ok_only():
    typed = []
    screen = _screen(typed)
    assert screen.initials() == "AAA" and screen.cursor == 0
    assert _type(screen, "ZOE") == "after"
    assert typed == ["ZOE"]


def test_prev_goes_round_to_the_space_and_the_end_of_the_alphabet():
    typed = []
    screen = _screen(typed)
    screen.handle(keys.LEFT)  # A -> space
    assert screen.initials() == " AA"
    screen.handle(keys.LEFT)  # space -> Z
    assert screen.initials() == "ZAA"
    screen.handle(keys.RIGHT)
    screen.handle(keys.RIGHT)  # Z -> space -> A: round both ways
    assert screen.initials() == "AAA"
    screen.handle(keys.UP)  # UP and DOWN do what NEXT and PREV do, where a board has them
    screen.handle(keys.DOWN)
    assert screen.initials() == "AAA"


def test_two_initials_end_with_a_space():
    typed = []
    screen = _screen(typed)
    assert _type(screen, "JO ") == "after" and typed == ["JO "]


def test_back_steps_back_and_on_the_first_place_leaves_without_an_entry():
    typed = []
    screen = _screen(typed, initials="BOB")  # the last initials entered on this device
    assert screen.handle(keys.OK) is None and screen.cursor == 1
    screen.handle(keys.RIGHT)  # O -> P
    assert screen.handle(keys.BACK) is None and screen.cursor == 0
    screen.handle(keys.LEFT)  # B -> A
    assert screen.initials() == "APB"
    assert screen.handle(keys.BACK) == "before" and typed == []


def test_three_spaces_are_not_initials():
    typed = []
    screen = _screen(typed, initials="   ")
    screen.handle(keys.OK)
    screen.handle(keys.OK)
    assert screen.handle(keys.OK) is None and typed == []  # stays on the last place
    assert screen.cursor == 2
    screen.handle(keys.RIGHT)
    assert screen.handle(keys.OK) == "after" and typed == ["  A"]
    assert valid_initials(typed[0])


def test_unknown_letters_start_at_a():
    screen = _screen([], initials="a?")
    assert screen.initials() == "AAA"


def test_it_draws_the_places_and_the_cursor():
    shown = []

    class Draw:
        def message(self, fb, width, height, title, lines, footer=""):
            shown.append((title, lines, footer))

    real = initials_ui.draw
    initials_ui.draw = Draw()
    try:
        screen = _screen([], initials="JO ")
        screen.handle(keys.OK)
        screen.draw(None, 296, 128)
    finally:
        initials_ui.draw = real
    title, lines, footer = shown[0]
    assert title == "New high score" and lines[0] == "Gang of Dice: 41 dice, 2nd place"
    assert " J [O] _ " in lines and "done" in footer
    for width, height in ((296, 128), (400, 300)):  # and the real drawing does not fail
        buffer = bytearray(width * height // 8)
        fb = framebuf.FrameBuffer(buffer, width, height, framebuf.MONO_HLSB)
        screen.draw(fb, width, height)
        assert max(buffer) > 0
