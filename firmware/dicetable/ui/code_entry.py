"""The class-code screen: a short code typed with the buttons, so every device given the same
code (and game) rolls the same dice in the same order (core.rng.code_to_seed).

PURE. Works with the smallest button set: the arrows (PREV/NEXT on three buttons) change the
character under the cursor, OK moves on to the next place and, on the last place, confirms;
BACK moves back a place, and on the first place leaves the code as it was. A blank place ends
the code, so "AB  " is "AB"; an all-blank code switches class codes off.
"""

from micropython import const

from dicetable.ui import draw, keys
from dicetable.ui.screens import Screen

CHARACTERS = " ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: read aloud in a classroom
LENGTH = const(4)


def normalise(code):
    """The code as stored: upper case, blanks cut at the first blank, "" for none."""
    code = (code or "").upper()
    end = code.find(" ")
    return code if end < 0 else code[:end]


class CodeEntryScreen(Screen):
    """`done(code)` is called with the new code ("" = off) and returns the screen to go to."""

    def __init__(self, shell, code, done, back):
        super().__init__(shell)
        self.places = [CHARACTERS.index(c) if c in CHARACTERS else 0 for c in normalise(code)]
        while len(self.places) < LENGTH:
            self.places.append(0)
        self.cursor = 0
        self.done = done
        self.back = back

    def code(self):
        return normalise("".join([CHARACTERS[index] for index in self.places]))

    def handle(self, key):
        step = 0
        if key in (keys.UP, keys.RIGHT):
            step = 1
        elif key in (keys.DOWN, keys.LEFT):
            step = -1
        if step:
            self.places[self.cursor] = (self.places[self.cursor] + step) % len(CHARACTERS)
        elif key == keys.OK:
            if self.cursor == LENGTH - 1 or self.places[self.cursor] == 0:
                return self.done(self.code())
            self.cursor += 1
        elif key == keys.BACK:
            if self.cursor == 0:
                return self.back
            self.cursor -= 1
        return None

    def draw(self, fb, width, height):
        shown = ""
        for index in range(LENGTH):
            character = CHARACTERS[self.places[index]]
            mark = "_" if character == " " else character
            shown += ("[%s]" if index == self.cursor else " %s ") % mark
        lines = [
            "Same code, same dice: every device with this code rolls the same numbers.",
            "",
            shown,
            "",
            "Arrows change, OK next, a blank ends the code.",
        ]
        draw.message(fb, width, height, "Class code", lines, "OK on the last place: done")
