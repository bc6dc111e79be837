"""The high-score initials screen: three letters typed with the buttons.

PURE. Works with the smallest button set, like the class-code screen: the arrows (PREV/NEXT on
three buttons) change the letter under the cursor, OK moves on to the next place and on the
last place confirms; BACK moves back a place, and on the first place leaves without an entry.
Letters run A..Z and then a space (core.high_scores.LETTERS), round in both directions; three
spaces are not initials, so OK stays on the last place until there is a letter.
"""

from dicetable.core.high_scores import INITIALS_LENGTH, LETTERS, valid_initials
from dicetable.ui import draw, keys
from dicetable.ui.screens import Screen


class InitialsScreen(Screen):
    """`done(initials)` is called with three letters and returns the screen to go to; BACK on
    the first place returns `back`. `lines` say what was achieved ("87 points: 2nd place")."""

    def __init__(self, shell, heading, lines, done, back, initials="AAA"):
        super().__init__(shell)
        self.heading = heading
        self.lines = list(lines)
        self.done = done
        self.back = back
        self.places = []
        for index in range(INITIALS_LENGTH):
            char = initials[index] if index < len(initials) else "A"
            self.places.append(LETTERS.index(char) if char in LETTERS else 0)
        self.cursor = 0

    def initials(self):
        return "".join([LETTERS[index] for index in self.places])

    def handle(self, key):
        step = 0
        if key in (keys.UP, keys.RIGHT):
            step = 1
        elif key in (keys.DOWN, keys.LEFT):
            step = -1
        if step:
            self.places[self.cursor] = (self.places[self.cursor] + step) % len(LETTERS)
        elif key == keys.OK:
            if self.cursor < INITIALS_LENGTH - 1:
                self.cursor += 1
            elif valid_initials(self.initials()):
                return self.done(self.initials())
        elif key == keys.BACK:
            if self.cursor == 0:
                return self.back
            self.cursor -= 1
        return None

    def draw(self, fb, width, height):
        shown = ""
        for index in range(INITIALS_LENGTH):
            char = LETTERS[self.places[index]]
            mark = "_" if char == " " else char
            shown += ("[%s]" if index == self.cursor else " %s ") % mark
        lines = self.lines + ["", shown, "", "Arrows change the letter, OK next, BACK back."]
        footer = "OK on the last letter: done"
        draw.message(fb, width, height, self.heading, lines, footer)
