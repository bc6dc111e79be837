"""Text over leftover content: what a person would read as two layers on the glass.

A partial refresh leaves a light trace where it took ink away (hostsim/devices/ghosting.py).
One trace alone is a faint tint. It becomes a problem when the screen writes new text on top of
the trace of old text ("Thedevice0iskplaying"), which happens when a region's content is
replaced by partial refreshes. `Check` looks at the glass after every refresh, in cells of 16x16
pixels of the glass's own layout, and flags a cell that has both:
- leftover that reads as strokes: at least MIN_LEFTOVER pixels, of which fewer than a quarter
  lie inside a filled area (a trace of a moved highlight bar is a flat tint, not content);
- dark text on it: at least MIN_INK pixels of ink, but not more than half the cell (inside a
  black bar the trace is the bar's own white text, which reads as it should).
A digit changed in place leaves a few pixels (below MIN_LEFTOVER): that is how partial refresh
looks on every e-ink device and is not flagged.
"""

CELL = 16
MIN_LEFTOVER = 16
MIN_INK = 8


def _rows(data, row_bytes):
    return [
        int.from_bytes(data[start : start + row_bytes], "big")
        for start in range(0, len(data), row_bytes)
    ]


def flagged_cells(model):
    """[(cell x, cell y, leftover pixels, ink pixels)] in the glass's own layout."""
    row_bytes, ink_bytes, leftover_bytes = model.leftover_rows()
    leftover, ink = _rows(leftover_bytes, row_bytes), _rows(ink_bytes, row_bytes)
    count = len(leftover)
    bits = row_bytes * 8
    inside = []
    for row in range(count):
        here = leftover[row]
        above = leftover[row - 1] if row else 0
        below = leftover[row + 1] if row + 1 < count else 0
        inside.append(here & (here << 1) & (here >> 1) & above & below)
    found = []
    for top in range(0, count, CELL):
        rows = range(top, min(count, top + CELL))
        for left in range(0, bits, CELL):
            mask = ((1 << CELL) - 1) << max(0, bits - left - CELL)
            trace = sum(bin(leftover[row] & mask).count("1") for row in rows)
            if trace < MIN_LEFTOVER:
                continue
            filled = sum(bin(inside[row] & mask).count("1") for row in rows)
            if filled * 4 >= trace:
                continue
            inked = sum(bin(ink[row] & mask).count("1") for row in rows)
            if MIN_INK <= inked and inked * 2 <= len(rows) * CELL:
                found.append((left // CELL, top // CELL, trace, inked))
    return found


class Check:
    """An app's on_refresh hook: records each refresh that leaves text on readable leftover
    (refresh number, screen, cells), and saves a picture of the first one when asked."""

    def __init__(self, model, picture=None):
        self.model = model
        self.picture = picture
        self.refreshes = 0
        self.problems = []

    def __call__(self, app):
        self.refreshes += 1
        cells = flagged_cells(self.model)
        if cells:
            if not self.problems and self.picture:
                self.model.save_png(self.picture, 2)
            self.problems.append((app.refreshes, type(app.shell.screen).__name__, cells[:4]))
