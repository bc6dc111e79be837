"""The class-code screen: a short code typed with the buttons, so every device given the same
code (and game) rolls the same dice in the same order (core.rng.code_to_seed).

PURE. Works with the smallest button set (ui.wheel_entry): the arrows (PREV/NEXT on three
buttons) change the character under the cursor, OK moves on to the next place and, on the last
place, confirms; BACK moves back a place, and on the first place leaves the code as it was. A
blank place ends the code, so "AB  " is "AB"; an all-blank code switches class codes off.
"""

from micropython import const

from dicetable.ui import draw
from dicetable.ui.wheel_entry import WheelEntryScreen

CHARACTERS = " ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: read aloud in a classroom
LENGTH = const(4)


def normalise(code):
    """The code as stored: upper case, blanks cut at the first blank, "" for none."""
    code = (code or "").upper()
    end = code.find(" ")
    return code if end < 0 else code[:end]


class CodeEntryScreen(WheelEntryScreen):
    """`done(code)` is called with the new code ("" = off) and returns the screen to go to."""

    alphabet = CHARACTERS

    def __init__(self, shell, code, done, back):
        places = [CHARACTERS.index(c) if c in CHARACTERS else 0 for c in normalise(code)]
        while len(places) < LENGTH:
            places.append(0)
        super().__init__(shell, places, done, back)

    def code(self):
        return normalise(self.text())

    def confirm(self):
        if self.cursor == LENGTH - 1 or self.places[self.cursor] == 0:
            return self.done(self.code())
        self.cursor += 1
        return None

    def draw(self, fb, width, height):
        lines = [
            "Same code, same dice: every device with this code rolls the same numbers.",
            "",
            self.shown(LENGTH),  # a longer code set by the teacher shows its first places
            "",
            "Arrows change, OK next, a blank ends the code.",
        ]
        draw.message(fb, width, height, "Class code", lines, "OK on the last place: done")
