"""A short text typed one place at a time with the buttons: what the class-code, high-score
initials and teacher PIN screens share (ui.code_entry, kiosk.initials, kiosk.lock_screens).

PURE. Works with the smallest button set: the arrows (PREV/NEXT on three buttons) turn the
character under the cursor round the screen's alphabet, both ways; BACK moves back a place, and
on the first place leaves; OK is the screen's own (`confirm`): each screen has its own ending
rule. A blank (" ") shows as "_", so an empty place can be seen.
"""

from dicetable.ui import keys
from dicetable.ui.screen_base import Screen


class WheelEntryScreen(Screen):
    """`places` holds an index into the subclass's `alphabet` per place. A subclass answers OK
    with `confirm()`, which moves on or calls `done(...)` for the next screen; BACK on the first
    place returns `back`."""

    alphabet = " "

    def __init__(self, shell, places, done, back):
        super().__init__(shell)
        self.places = places
        self.cursor = 0
        self.done = done
        self.back = back

    def text(self):
        """Every place's character, blanks included."""
        return "".join([self.alphabet[index] for index in self.places])

    def turn(self, step):
        """The character under the cursor one step on (+1) or back (-1), round the alphabet."""
        self.places[self.cursor] = (self.places[self.cursor] + step) % len(self.alphabet)

    def handle(self, key):
        if key in (keys.UP, keys.RIGHT):
            self.turn(1)
        elif key in (keys.DOWN, keys.LEFT):
            self.turn(-1)
        elif key == keys.OK:
            return self.confirm()
        elif key == keys.BACK:
            if self.cursor == 0:
                return self.back
            self.cursor -= 1
        return None

    def place_text(self, index, mark):
        """How a place off the cursor shows: its character (`mark`) between spaces."""
        return " %s " % mark

    def shown(self, count=-1):
        """The first `count` places (all by default) in a row, the cursor's in brackets, a blank
        as "_": " J [O] _ "."""
        row = ""
        for index in range(len(self.places) if count < 0 else count):
            mark = self.alphabet[self.places[index]]
            if mark == " ":
                mark = "_"
            if index == self.cursor:
                row += "[%s]" % mark
            else:
                row += self.place_text(index, mark)
        return row
