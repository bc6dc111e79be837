"""Sections that remember which were drawn: for tests of what a press redraws."""

from dicetable.ui.sections import Sections


class CountingSections(Sections):
    """Sections that remember which were drawn in the last frame (`drawn`, in order), and
    the rectangles drawn outside any section's (`touched`, in order)."""

    def __init__(self):
        Sections.__init__(self)
        self.drawn = []
        self.touched_rects = []

    def touched(self, x, y, w, h):
        self.touched_rects.append((x, y, w, h))
        Sections.touched(self, x, y, w, h)

    def stale(self, fb, name, key, x, y, w, h):
        fresh = Sections.stale(self, fb, name, key, x, y, w, h)
        if fresh:
            self.drawn.append(name)
        return fresh
