"""The text on the simulated panel, as text: what the terminal shows when it is too small for a
legible picture, and what a text dump of the screen holds (CPython only).

Every string the firmware puts on the panel goes through `dicetable.ui.text.draw`. While
`TextLayer.recording()` is active, each such call on a frame buffer of the panel's size is
noted with its box, its font height and whether it is paper on ink (inverted: a title bar, the
row under the cursor). A fill over a string's middle forgets it, as the pixels are gone (a
section cleared to paper, a row filled to be inverted); a thin line across its middle marks it
struck through (a Trek 12 result the player cannot use). A string drawn over another replaces
it. A `Snapshot` of that text then lays it out as lines from top to bottom, each string at the
column its x gives, so the columns of a score table stay roughly in line.

The firmware is not changed for this: the layer wraps `text.draw` and the framebuf shim's fills
for as long as it records, and puts them back afterwards.
"""

import contextlib
import weakref

import framebuf

from dicetable.ui import text

STRIKE = "\u0336"  # combining long stroke overlay: struck-through text in a terminal


class Fragment:
    """One string on the panel: its box in pixels, inverted (paper on ink), struck through."""

    __slots__ = ("x", "y", "width", "height", "string", "inverted", "struck")

    def __init__(self, x, y, width, height, string, inverted):
        self.x, self.y, self.width, self.height = x, y, width, height
        self.string = string
        self.inverted = inverted
        self.struck = False

    def centre(self):
        return self.x + self.width // 2, self.y + self.height // 2


class TextLayer:
    """The strings on each frame buffer `width` x `height` pixels (the panel's size)."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self._texts = weakref.WeakKeyDictionary()  # frame buffer -> [Fragment], oldest first
        self._latest = None  # weak reference to the frame buffer drawn into last

    # -- recording --------------------------------------------------------------------------------

    @contextlib.contextmanager
    def recording(self):
        """Note every string drawn on a panel-sized frame buffer until the block ends."""
        layer = self
        cls = framebuf.FrameBuffer
        draw, fill, fill_rect, hline, rect = (
            text.draw,
            cls.fill,
            cls.fill_rect,
            cls.hline,
            cls.rect,
        )

        def draw_noted(fb, font, s, x, y, color=1):
            end = draw(fb, font, s, x, y, color)
            layer._drew(fb, x, y, end - x, font.height, s, color == 0)
            return end

        def fill_noted(fb, c):
            fill(fb, c)
            layer._filled(fb, 0, 0, layer.width, layer.height)

        def fill_rect_noted(fb, x, y, w, h, c):
            fill_rect(fb, x, y, w, h, c)
            layer._filled(fb, x, y, w, h)

        def hline_noted(fb, x, y, w, c):
            hline(fb, x, y, w, c)
            layer._filled(fb, x, y, w, 1)

        def rect_noted(fb, x, y, w, h, c, f=False):
            rect(fb, x, y, w, h, c, f)
            if f:
                layer._filled(fb, x, y, w, h)

        text.draw = draw_noted
        cls.fill, cls.fill_rect, cls.hline, cls.rect = (
            fill_noted,
            fill_rect_noted,
            hline_noted,
            rect_noted,
        )
        try:
            yield self
        finally:
            text.draw = draw
            cls.fill, cls.fill_rect, cls.hline, cls.rect = fill, fill_rect, hline, rect

    def _ours(self, fb):
        return getattr(fb, "_width", 0) == self.width and getattr(fb, "_height", 0) == self.height

    def _drew(self, fb, x, y, width, height, string, inverted):
        if not string.strip() or not self._ours(fb):
            return
        texts = self._texts.get(fb)
        if texts is None:
            texts = self._texts[fb] = []
        new = Fragment(x, y, width, height, string, inverted)
        # A string drawn over another replaces it (no clearing pass between them).
        texts[:] = [old for old in texts if not (_inside(old, new) or _inside(new, old))]
        texts.append(new)
        self._latest = weakref.ref(fb)

    def _filled(self, fb, x, y, w, h):
        texts = self._texts.get(fb)
        if texts is None:
            return  # not a frame buffer text was ever drawn on (a driver's buffer)
        if x <= 0 and y <= 0 and x + w >= self.width and y + h >= self.height:
            self._latest = weakref.ref(fb)  # a new screen, maybe without any text
        kept = []
        for old in texts:
            cx, cy = old.centre()
            if x <= cx < x + w and y <= cy < y + h:
                if 2 * h < old.height and 2 * w >= old.width:
                    old.struck = True  # a thin line across its middle
                else:
                    continue  # its pixels are gone
            kept.append(old)
        texts[:] = kept

    # -- reading ----------------------------------------------------------------------------------

    def snapshot(self, fb=None):
        """The text on `fb` now (default: the frame buffer drawn into last), as a `Snapshot`."""
        if fb is None:
            fb = self._latest() if self._latest is not None else None
        texts = self._texts.get(fb, []) if fb is not None else []
        return Snapshot(self.width, texts)


class Snapshot:
    """The strings on a panel `width` pixels wide at one moment, top to bottom; compares equal
    to another snapshot of the same text."""

    def __init__(self, width, fragments):
        self.width = width
        self.fragments = tuple(
            sorted(
                (f.y, f.x, f.width, f.height, f.string, f.inverted, f.struck) for f in fragments
            )
        )

    def __eq__(self, other):
        return isinstance(other, Snapshot) and (self.width, self.fragments) == (
            other.width,
            other.fragments,
        )

    def __hash__(self):
        return hash((self.width, self.fragments))

    def lines(self, columns):
        """The text as lines for a view `columns` wide: [[(column, shown, inverted), ...]].

        Strings that share most of the height of a line's first string are on that line; each
        is placed at the column its x gives (x * columns / panel width), else just after the
        one before it, else as far right as it fits (right-aligned numbers); one that still
        does not fit starts a new line, indented two columns. An inverted string is shown with
        a space either side (its bar, or [ ] in `plain`), and inverted strings close together
        as one run (a table's header); a struck string has a combining stroke.
        """
        rows = []
        line = []
        for fragment in self.fragments:
            if line and not _same_line(line[0], fragment):
                rows.extend(self._place(line, columns))
                line = []
            line.append(fragment)
        if line:
            rows.extend(self._place(line, columns))
        return rows

    def _place(self, line, columns):
        rows = [[]]
        end = 0
        right = None  # right edge in pixels of the string before, if it was inverted
        for _y, x, width, height, string, inverted, struck in sorted(line, key=lambda f: f[1]):
            shown = _struck(string) if struck else string
            if inverted and right is not None and 2 * (x - right) <= height:
                if end + 1 + len(string) <= columns:  # one bar (a table's header): one run
                    column, before, _ = rows[-1][-1]
                    rows[-1][-1] = (column, before + shown + " ", True)
                    end += 1 + len(string)
                    right = x + width
                    continue
            length = len(string) + (2 if inverted else 0)
            after = end + 1 if end else 0
            column = max(x * columns // self.width, after)
            if column + length > columns:
                column = max(columns - length, after)
            if column + length > columns and rows[-1]:
                rows.append([])
                column = min(2, max(0, columns - length))
            rows[-1].append((column, " " + shown + " " if inverted else shown, inverted))
            end = column + length
            right = x + width if inverted else None
        return rows

    def plain(self, columns):
        """The text as plain lines for a view `columns` wide: inverted strings in [ ]."""
        out = []
        for row in self.lines(columns):
            line = ""
            end = 0
            for column, shown, inverted in row:
                if inverted:
                    shown = "[" + shown[1:-1] + "]"
                line += " " * (column - end) + shown
                end = column + len(shown) - shown.count(STRIKE)
            out.append(line)
        return out


def _struck(string):
    return "".join(ch if ch == " " else ch + STRIKE for ch in string)


def _same_line(first, fragment):
    """True when `fragment` shares most of the height of `first`, a line's first string."""
    top, height = first[0], first[3]
    overlap = min(top + height, fragment[0] + fragment[3]) - max(top, fragment[0])
    return 2 * overlap > min(height, fragment[3])


def _inside(inner, outer):
    cx, cy = inner.centre()
    return outer.x <= cx < outer.x + outer.width and outer.y <= cy < outer.y + outer.height
