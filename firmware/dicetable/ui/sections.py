"""Draw only what changed: a sheet as sections, each redrawn only when what it shows changed.

PURE. A sheet used to clear and redraw the whole frame on every press, and on an RP2040 that is
60-100 ms of glyph blits for a press that changes one row. Now the sheet hands every section a
key: the values its pixels depend on (strings, numbers, tuples; never a list the game mutates
in place). `Sections.stale` compares it with the key drawn last time; only a section whose key
changed is cleared to paper and drawn again. The frame is the same as a whole redraw would give,
so every section must draw inside its own rectangle and its key must hold all it shows;
tests/portable/ui/test_sections.py and the whole-game tests compare with whole redraws.

A section inside another (a choice box inside the turn block) puts `since(parent)` into its
key: when the parent is redrawn, and so cleared, the child's key changes with it.

The frame is drawn whole (cleared by the caller first) when it holds something else: a new
frame buffer, or another screen drew into it since (the shell calls `new_epoch` when the screen
on the panel changes). `WHOLE` stands in where a sheet is drawn without sections (the attract
loop, tests, the simulator's pictures): every section is stale.

A new mode (a hand-over message instead of the sheet, and back) replaces the screen's content:
partial refreshes would leave the old content's trace under the new one, which reads as two
layers of text on the glass (issue 16), so `take_replaced()` tells the screen to ask for a
full refresh.

Text written where other text was (a list of choices replaced by the next question's) would
land on the old text's trace on the glass. A section that knows its text changed
calls `rewritten(x, y, w, h)`; after the draw, `take_rewritten()` gives the app the rectangle
and how much of it is rewritten, and when that is a region's worth the app sends a clearing
pass over it before the new picture (app.py, ui/refresh.py).

The app learns where a press can have changed the frame: between `track()` and `take_drawn()`,
a draw by one Sections that was not whole changed pixels only inside the rectangles of the
sections it redrew, so the refresh planner searches only their union (ui/refresh.py). Any
other draw leaves it unknown: the planner searches the whole frame.
"""

from micropython import const

_PAPER = const(0)

# Bumped by the shell whenever a different screen draws into the frame.
_epoch = 0

# What the draws since track() changed: _FRESH (nothing drawn yet), _KNOWN (only sections
# redrawn: the union of their rectangles, left, top, right, bottom, empty when right <= left)
# or _UNKNOWN (anything may have changed).
_UNKNOWN = const(0)
_FRESH = const(1)
_KNOWN = const(2)
_tracking = _UNKNOWN
_union = [0, 0, 0, 0]
# Text rewritten since track(): the union's left, top, right, bottom and the sum of the areas.
_rewritten = [0, 0, 0, 0, 0]


def track():
    """Start noting what the next draws change (take_drawn says)."""
    global _tracking
    _tracking = _FRESH
    _union[0] = _union[1] = 0x7FFF
    _union[2] = _union[3] = 0
    _rewritten[0] = _rewritten[1] = 0x7FFF
    _rewritten[2] = _rewritten[3] = _rewritten[4] = 0


def _extend(x, y, w, h, union=_union):
    union[0], union[1] = min(union[0], x), min(union[1], y)
    union[2], union[3] = max(union[2], x + w), max(union[3], y + h)


def take_drawn():
    """(x, y, w, h) outside which the draws since `track()` changed nothing (w is 0 when they
    changed nothing at all), or None when that is not known; tracking stops."""
    global _tracking
    known, _tracking = _tracking == _KNOWN, _UNKNOWN
    if not known:
        return None
    left, top, right, bottom = _union
    if right <= left:
        return (0, 0, 0, 0)
    return (left, top, right - left, bottom - top)


def take_rewritten():
    """((x, y, w, h), area) of the text rewritten since `track()` (the rectangle around it and
    the sum of the sections' areas), or None when no section rewrote its text."""
    left, top, right, bottom, area = _rewritten
    _rewritten[4] = 0
    if area == 0:
        return None
    return (left, top, right - left, bottom - top), area


def new_epoch():
    """The frame no longer holds what any Sections drew: every one draws whole next time."""
    global _epoch
    _epoch += 1


class Sections:
    """The keys of the sections drawn into one frame buffer by one screen."""

    def __init__(self):
        self._fb = None
        self._replaced = False
        self._epoch = -1
        self._keys = {}
        self._drawn_at = {}
        self._serial = 0
        self._mode = None
        self._whole = True
        # Positions a section worked out, for the sections after it when it is not redrawn.
        self.places = {}

    def begin(self, fb, mode=None):
        """Start a frame in fb. True when it must be drawn whole: the caller clears it, and
        every section is then stale. `mode` is what decides the layout of the whole sheet (a
        hand-over message instead of the sheet): a new mode draws whole."""
        global _tracking
        whole = fb is not self._fb or self._epoch != _epoch or mode != self._mode
        if whole and fb is self._fb and self._epoch == _epoch:
            self._replaced = True  # the same screen, another layout (a hand-over message)
        if whole:
            self._fb = fb
            self._epoch = _epoch
            self._mode = mode
            self._keys.clear()
            self._drawn_at.clear()
            _tracking = _UNKNOWN  # the whole frame is drawn
        elif _tracking == _FRESH:
            _tracking = _KNOWN  # only the sections redrawn from here on change it
        self._whole = whole
        return whole

    def stale(self, fb, name, key, x, y, w, h):
        """True when section `name` (with the rectangle x, y, w, h) must be drawn now, which is
        when `key` differs from the key drawn last; its rectangle is then cleared to paper."""
        keys = self._keys
        if name in keys and keys[name] == key:
            return False
        keys[name] = key
        self._serial += 1
        self._drawn_at[name] = self._serial
        if not self._whole:
            fb.fill_rect(x, y, w, h, _PAPER)
            if _tracking == _KNOWN:
                _extend(x, y, w, h)
        return True

    def touched(self, x, y, w, h):
        """Note pixels drawn outside the rectangles of the sections redrawn (a mark that
        spills over its neighbours), so the planner searches there too."""
        if not self._whole and _tracking == _KNOWN:
            _extend(x, y, w, h)

    def key(self, name):
        """The key section `name` was last drawn with, or None."""
        return self._keys.get(name)

    def rewritten(self, x, y, w, h, area=0):
        """Note that text in (x, y, w, h) was replaced by other text in this draw (not a
        highlight moved or a section redrawn as it was), over `area` pixels (0: all of it):
        see take_rewritten. A whole draw is a new screen or mode, which the planner refreshes
        in full anyway."""
        if not self._whole and _tracking == _KNOWN:
            _extend(x, y, w, h, _rewritten)
            _rewritten[4] += area or w * h

    def take_replaced(self):
        """True once after a draw in a new mode (the same screen, another layout): the screen
        asks for a full refresh."""
        replaced = self._replaced
        self._replaced = False
        return replaced

    def since(self, name):
        """A number that changes each time section `name` is drawn: for the keys of the
        sections inside it."""
        return self._drawn_at.get(name, -1)


class _Whole:
    """Sections for a frame drawn whole every time."""

    def __init__(self):
        self.places = {}

    def begin(self, fb, mode=None):
        global _tracking
        _tracking = _UNKNOWN
        return True

    def stale(self, fb, name, key, x, y, w, h):
        return True

    def touched(self, x, y, w, h):
        pass

    def key(self, name):
        return None

    def rewritten(self, x, y, w, h, area=0):
        pass

    def since(self, name):
        return 0


WHOLE = _Whole()
