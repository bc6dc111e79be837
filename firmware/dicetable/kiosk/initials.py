"""The high-score initials screen: three letters typed with the buttons.

PURE. Works with the smallest button set, like the class-code screen (ui.wheel_entry): the
arrows (PREV/NEXT on three buttons) change the letter under the cursor, OK moves on to the next
place and on the last place confirms; BACK moves back a place, and on the first place leaves
without an entry.
Letters run A..Z and then a space (kiosk.high_scores.LETTERS), round in both directions; three
spaces are not initials, so OK stays on the last place until there is a letter.
"""

from dicetable.kiosk.high_scores import INITIALS_LENGTH, LETTERS, valid_initials
from dicetable.ui import draw
from dicetable.ui.wheel_entry import WheelEntryScreen


class InitialsScreen(WheelEntryScreen):
    """`done(initials)` is called with three letters and returns the screen to go to; BACK on
    the first place returns `back`. `lines` say what was achieved ("87 points: 2nd place")."""

    alphabet = LETTERS

    def __init__(self, shell, heading, lines, done, back, initials="AAA"):
        places = []
        for index in range(INITIALS_LENGTH):
            char = initials[index] if index < len(initials) else "A"
            places.append(LETTERS.index(char) if char in LETTERS else 0)
        super().__init__(shell, places, done, back)
        self.heading = heading
        self.lines = list(lines)

    def initials(self):
        return self.text()

    def confirm(self):
        if self.cursor < INITIALS_LENGTH - 1:
            self.cursor += 1
        elif valid_initials(self.initials()):
            return self.done(self.initials())
        return None

    def draw(self, fb, width, height):
        help_line = self.key_text("Arrows change the letter, OK next, BACK back.")
        lines = self.lines + ["", self.shown(), "", help_line]
        draw.message(fb, width, height, self.heading, lines, "OK on the last letter: done")
