"""The simulator's terminal front end (CPython only), built on `blessed`.

`TerminalView` shows the e-ink panel as Unicode braille (2x4 pixels per cell, black ink on a
paper-coloured background), the LED matrix as coloured dots and a status area with a key legend.
The panel is on the left and the LEDs and status on the right, or the LEDs and status side by
side below the panel when the terminal is too narrow. If even that does not fit, the panel is
shrunk by an integer factor, but only as far as its text stays legible (`legible_scale`, which
the front end works out from the board's fonts); `downscale` keeps thin strokes in ink on paper
and in paper on ink (title bars, the row under the cursor) alike. A terminal too small for that
shows the text view instead: the panel's text as lines of text (hostsim.screen_text), the LEDs
beside it, and a first line saying what the picture needs ("the picture needs 179×32 or
149×41"). The v key switches between the two (the picture then shrinks as far as `MAX_SCALE`
and says it is too small to read). Every layout keeps the first status lines, where the front
end puts the screen's prompt, wrapped rather than cut. Below `TEXT_MIN` the view only says
"terminal too small". Only rows whose content changed are rewritten, and the screen is cleared
only when the layout changes (resize, v), so nothing flickers. `screen_text()` gives the
screen as plain text (captures, tests).

Keys (data: `KEY_BINDINGS`; `read_key` returns the logical name, or None):

| keys                  | logical               | notes                                     |
|-----------------------|-----------------------|-------------------------------------------|
| Up, Down, Left, Right | UP, DOWN, LEFT, RIGHT | the arrow keys                            |
| Enter, Space          | OK                    |                                           |
| Backspace, Esc        | BACK                  | a lone Esc arrives after blessed's delay  |
| p, n                  | LEFT, RIGHT           | PREV/NEXT on 3-button boards              |
| t                     | TEACHER               | the teacher chord: BACK held, OK pressed  |
| v                     | VIEW                  | picture or text view (handled here)       |
| h                     | HELP                  | toggles the key table in the status area  |
| q                     | QUIT                  |                                           |

Letters match in either case. Any other key returns None and the status area shows
"unknown key: X (press h for help)". Ctrl-C raises KeyboardInterrupt as usual; `session()`
restores the terminal whatever ends it.

    view = TerminalView()
    with view.session():
        view.show_panel(296, 128, fb.pixel, legible_scale=1)
        view.show_text(text_layer.snapshot())
        view.show_leds(8, 8, led_bytes)
        view.set_status("Seat 1 to play", "rolled 3 + 5")
        view.render()
        key = view.read_key(0.05)
"""

import contextlib
import unicodedata

import blessed

from hostsim.braille import LED_OFF, bitmap_pixel, braille_rows, led_cells

MAX_SCALE = 4  # coarsest panel downscale the v key can ask for; beyond 4 nothing is legible
AUTO, PICTURE, TEXT = "auto", "picture", "text"  # what the v key chose
TEXT_MIN = (40, 10)  # the smallest terminal the text view uses
PAPER = (236, 233, 220)  # off-white, like an e-ink panel's white
INK = (24, 24, 24)
_LED_OFF_COLOUR = (90, 90, 90)
_GAP = 2  # columns between the panel and the LEDs/status column
_SIDE_MIN_COLS = 28  # narrowest useful status column
_STATUS_MIN_ROWS = 5  # three status lines (the prompt first), the notice, the legend
_STATUS_MAX_ROWS = 12
_TEXT_STATUS_LINES = 3  # status lines under the text view (the prompt first)
_TEXT_MIN_COLS = 40  # the text view puts the LEDs beside the text only if this much is left
_RULE = "\u2500"  # ─, between the panel's text and the status
_TRUECOLOUR = 1 << 24
_COLOUR_CACHE_SIZE = 1024

# (blessed key names or characters, label for the help, logical key)
KEY_BINDINGS = (
    (("KEY_UP",), "Up", "UP"),
    (("KEY_DOWN",), "Down", "DOWN"),
    (("KEY_LEFT", "p"), "Left, p (prev)", "LEFT"),
    (("KEY_RIGHT", "n"), "Right, n (next)", "RIGHT"),
    (("KEY_ENTER", " "), "Enter, Space", "OK"),
    (("KEY_BACKSPACE", "KEY_ESCAPE"), "Backspace, Esc", "BACK"),
    (("t",), "t (teacher)", "TEACHER"),
    (("v",), "v (view)", "VIEW"),
    (("h",), "h", "HELP"),
    (("q",), "q", "QUIT"),
)
_KEYMAP = {key: logical for keys, _, logical in KEY_BINDINGS for key in keys}
LEGEND = (
    "arrows \u00b7 enter/space OK \u00b7 bksp/esc back \u00b7 v view \u00b7 h help \u00b7 q quit"
)
_LEGEND_SHORT = "v view \u00b7 h help \u00b7 q quit"
_HELP_LINES = ("keys:",) + tuple(f"  {label:<16} {logical}" for _, label, logical in KEY_BINDINGS)


def _cells(width, height, scale):
    return -(-width // (2 * scale)), -(-height // (4 * scale))


class TerminalView:
    """Draws panel, LEDs and status on a `blessed.Terminal` and reads logical keys from it."""

    def __init__(self, term=None):
        self.term = term if term is not None else blessed.Terminal()
        self._panel = None  # (width, height, bitmap bytes, one byte per pixel)
        self._panel_version = 0
        self._legible = 1  # the coarsest scale at which the panel's text still reads
        self._braille = (None, [])  # ((version, scale), rows)
        self._leds = None  # (width, height, rgb bytes)
        self._text = None  # the panel's text: anything with lines(columns), see screen_text
        self._status = ()
        self._notice = ""
        self._help = False
        self._choice = AUTO  # the v key: AUTO, PICTURE or TEXT
        self._layout = None  # (layout, panel size, LED size) of the screen as drawn
        self._size = None  # terminal (columns, rows) at the last render
        self._drawn = {}  # (region, row) -> (x, y, text) last written there
        self._plain = {}  # (region, row) -> (x, y, the same without colours), for `screen_text`
        self._fg = {}  # rgb -> foreground sequence

    # -- inputs ---------------------------------------------------------------------------------

    def show_panel(self, width, height, pixel, legible_scale=1):
        """Take a copy of the panel image; `pixel(x, y)` is truthy for black ink.

        `legible_scale`: the coarsest downscale at which the panel's smallest text still reads;
        a terminal that cannot show the picture at least that fine shows the text view.
        """
        bitmap = bytes(1 if pixel(x, y) else 0 for y in range(height) for x in range(width))
        panel = (width, height, bitmap)
        self._legible = max(1, min(legible_scale, MAX_SCALE))
        if panel != self._panel:
            self._panel = panel
            self._panel_version += 1

    def show_text(self, text):
        """Take the panel's text for the text view: an object whose `lines(columns)` gives
        rows of (column, string, inverted) (hostsim.screen_text.Snapshot)."""
        self._text = text

    def show_leds(self, width, height, rgb):
        """Take a copy of the LED frame: width * height * 3 bytes, row-major RGB."""
        if len(rgb) != width * height * 3:
            raise ValueError(
                f"need {width * height * 3} bytes for {width}x{height} LEDs, got {len(rgb)}"
            )
        self._leds = (width, height, bytes(rgb))

    def set_status(self, *lines):
        """Replace the status text, most important line first (the prompt): a status area too
        small for all of it keeps the first lines."""
        self._status = tuple(str(line) for line in lines)

    # -- keys -----------------------------------------------------------------------------------

    def translate(self, key):
        """Map a `blessed` Keystroke to a logical key name, or None.

        Unknown keys set the "unknown key" notice; non-key events (mouse, focus, resize,
        key releases) are ignored silently. HELP and VIEW are handled here as well.
        """
        if not key or key.released:
            return None
        name = key.name
        if name is not None and not name.startswith("KEY_") and name != "CSI":
            if name == "RESIZE_EVENT":
                self._layout = None
            return None
        logical = _KEYMAP.get(name) if name else _KEYMAP.get(str(key).lower())
        if logical is None:
            text = str(key)
            if name:
                label = name[4:] if name.startswith("KEY_") else name
            else:
                label = text if text.isprintable() else repr(text)
            self._notice = f"unknown key: {label} (press h for help)"
            return None
        self._notice = ""
        self._help = not self._help if logical == "HELP" else False
        if logical == "VIEW":
            showing_text = self._layout is not None and self._layout[0][0] == "text"
            self._choice = PICTURE if showing_text else TEXT
        return logical

    def read_key(self, timeout_s=None):
        """Wait up to `timeout_s` seconds (None: forever) for a key; return its logical name.

        Redraws by itself when the notice, help or view changed, or when the terminal was
        resized.
        """
        before = (self._notice, self._help, self._choice)
        logical = self.translate(self.term.inkey(timeout=timeout_s))
        if (self._notice, self._help, self._choice) != before or self._size != self._term_size():
            self.render()
        return logical

    # -- output ---------------------------------------------------------------------------------

    @contextlib.contextmanager
    def session(self):
        """Fullscreen, cbreak, hidden cursor; the terminal is restored however the body ends."""
        term = self.term
        with term.fullscreen(), term.cbreak(), term.hidden_cursor():
            self._layout = None  # the alternate screen starts blank: draw everything
            try:
                yield self
            finally:
                term.stream.write(term.normal)
                term.stream.flush()

    def render(self):
        """Write what changed since the last render; return True if anything was written."""
        term = self.term
        out = []
        self._size = self._term_size()
        layout = self._plan(*self._size)
        geometry = (layout, self._panel and self._panel[:2], self._leds and self._leds[:2])
        if geometry != self._layout:
            # New size or new panel/LED dimensions: the only time the screen is cleared.
            self._layout = geometry
            self._drawn = {}
            self._plain = {}
            out.append(term.normal + term.home + term.clear)
        kind = layout[0]
        if kind == "small":
            self._put(out, "small", [(0, y, line) for y, line in enumerate(layout[1:])])
        elif kind == "text":
            leds, rows = self._text_screen(layout[1], *self._size)
            self._put(out, "leds", leds)
            self._put(out, "text", rows)
        else:
            _, scale, leds_x, leds_y, status_x, status_y, status_w, status_h = layout
            self._put(out, "panel", self._panel_rows(scale))
            self._put(out, "leds", self._led_rows(leds_x, leds_y))
            note = ""
            if scale > self._legible:
                note = "picture at 1/%d, too small to read (needs %s): v shows the text" % (
                    scale,
                    self._needs_text(),
                )
            self._put(
                out, "status", self._status_rows(status_x, status_y, status_w, status_h, note)
            )
        if not out:
            return False
        term.stream.write("".join(out))
        term.stream.flush()
        return True

    def screen_text(self):
        """The terminal's screen as plain text, one str per row (the text view's inverted
        strings in [ ], struck ones with a combining stroke): a capture for notes and tests."""
        width, height = self._size or self._term_size()
        grid = [[" "] * width for _ in range(height)]
        for x, y, plain in self._plain.values():
            if not 0 <= y < height:
                continue
            row = grid[y]
            for ch in plain:
                if unicodedata.combining(ch) and 0 < x <= width:
                    row[x - 1] += ch
                    continue
                if 0 <= x < width:
                    row[x] = ch
                x += 1
        return ["".join(row).rstrip() for row in grid]

    def _term_size(self):
        return self.term.width, self.term.height

    def _put(self, out, region, rows):
        """Write the rows that changed: (x, y, text) or (x, y, text, plain text)."""
        move_xy = self.term.move_xy
        for i, row in enumerate(rows):
            x, y, text = row[:3]
            if self._drawn.get((region, i)) != (x, y, text):
                self._drawn[(region, i)] = (x, y, text)
                plain = row[3] if len(row) > 3 else self.term.strip_seqs(text)
                self._plain[(region, i)] = (x, y, plain)
                out.append(move_xy(x, y) + text)

    # -- layout ---------------------------------------------------------------------------------

    def _plan(self, width, height):
        """Pick the layout for a terminal `width` x `height`.

        A picture: ("beside" or "below", scale, LEDs x, y, status x, y, width, height), the
        panel on the left and a side column (LEDs over status) right of it, else the LEDs and
        the status side by side below it; at the finest scale that fits, no coarser than the
        legible scale (or than MAX_SCALE once v asked for the picture). Else the text view,
        ("text", header), or, in a terminal too small even for that, ("small", lines...).
        """
        if self._choice != TEXT:
            coarsest = MAX_SCALE if self._choice == PICTURE else self._legible
            for scale in range(1, coarsest + 1):
                layout = self._picture(scale, width, height)
                if layout is not None:
                    return layout
        if width < TEXT_MIN[0] or height < TEXT_MIN[1]:
            return (
                "small",
                f"terminal too small: need {TEXT_MIN[0]}×{TEXT_MIN[1]}, have {width}×{height}",
                f"(the picture needs {self._needs_text()})",
            )
        if self._choice == TEXT:
            return ("text", "text view (v: picture)")
        if self._choice == PICTURE:
            return (
                "text",
                f"the picture does not fit even at 1/{MAX_SCALE}; showing the text view",
            )
        return (
            "text",
            f"the picture needs {self._needs_text()}; showing the text view (v: picture)",
        )

    def _sizes(self, scale):
        """((columns, rows) side by side, (columns, rows) below) the picture needs at `scale`,
        the column the terminal never writes in included."""
        panel_w, panel_h = self._panel[:2] if self._panel else (0, 0)
        leds_w, leds_h = self._leds[:2] if self._leds else (0, 0)
        cols, rows = _cells(panel_w, panel_h, scale)
        side_w = max(2 * leds_w, _SIDE_MIN_COLS)
        beside = (
            (cols + _GAP if cols else 0) + side_w + 1,
            max(rows, (leds_h + 1 if leds_h else 0) + _STATUS_MIN_ROWS),
        )
        under_w = (2 * leds_w + _GAP if leds_w else 0) + _SIDE_MIN_COLS
        below = (max(cols, under_w) + 1, (rows + 1 if rows else 0) + max(leds_h, _STATUS_MIN_ROWS))
        return beside, below

    def needs(self):
        """(beside, below): the smallest terminals, as (columns, rows), that show the picture
        at the legible scale with the LEDs beside it or below it."""
        return self._sizes(self._legible)

    def _needs_text(self):
        beside, below = self.needs()
        return "%d×%d or %d×%d" % (beside + below)

    def _picture(self, scale, width, height):
        beside, below = self._sizes(scale)
        cols, rows = _cells(*(self._panel[:2] if self._panel else (0, 0)), scale)
        leds_w = self._leds[0] if self._leds else 0
        leds_h = self._leds[1] if self._leds else 0
        if beside[0] <= width and beside[1] <= height:
            x = cols + _GAP if cols else 0
            status_y = leds_h + 1 if leds_h else 0
            return ("beside", scale, x, 0, x, status_y, width - x - 1, height - status_y)
        if below[0] <= width and below[1] <= height:
            y = rows + 1 if rows else 0
            x = 2 * leds_w + _GAP if leds_w else 0
            return ("below", scale, 0, y, x, y, width - x - 1, height - y)
        return None

    # -- the picture ----------------------------------------------------------------------------

    def _panel_rows(self, scale):
        if self._panel is None:
            return []
        key = (self._panel_version, scale)
        if self._braille[0] != key:
            width, height, bitmap = self._panel
            rows = braille_rows(width, height, bitmap_pixel(bitmap, width), scale)
            self._braille = (key, rows)
        term = self.term
        if term.number_of_colors == _TRUECOLOUR:
            paper = term.on_color_rgb(*PAPER) + term.color_rgb(*INK)
        else:
            paper = term.reverse  # ink = the terminal's background colour, paper = its text
        return [(0, y, paper + row + term.normal) for y, row in enumerate(self._braille[1])]

    def _led_rows(self, x, y0, narrow=False):
        if self._leds is None:
            return []
        term = self.term
        dark = term.on_color_rgb(0, 0, 0) if term.number_of_colors >= 256 else ""
        gap = "" if narrow else " "
        rows = []
        for y, cells in enumerate(led_cells(*self._leds)):
            parts = [dark]
            for char, colour in cells:
                parts.append(self._colour(_LED_OFF_COLOUR if char == LED_OFF else colour))
                parts.append(char + gap)
            parts.append(term.normal)
            rows.append((x, y0 + y, "".join(parts)))
        return rows

    def _colour(self, rgb):
        seq = self._fg.get(rgb)
        if seq is None:
            if len(self._fg) >= _COLOUR_CACHE_SIZE:  # fades can make many colours
                self._fg.clear()
            # blessed picks the nearest 256 (or 16) colour when there is no 24-bit colour.
            seq = self._fg[rgb] = str(self.term.color_rgb(*rgb))
        return seq

    def _status_rows(self, x, y0, width, rows, note=""):
        """The status lines word-wrapped to `width` (the first ones kept when they do not all
        fit), then the notice (or `note`), then the key legend."""
        rows = min(rows, _STATUS_MAX_ROWS)
        if self._help:
            text = list(_HELP_LINES)
        else:
            text = self._wrapped(self._status, width)
        lines = [text[i] if i < len(text) else "" for i in range(rows - 2)]
        lines += [self._notice or note, self._legend(width)]
        term = self.term
        return [
            (x, y0 + i, term.ljust(term.truncate(line, width), width))
            for i, line in enumerate(lines)
        ]

    def _wrapped(self, lines, width):
        wrapped = []
        for line in lines:
            wrapped.extend(self.term.wrap(line, width) or [""])
        return wrapped

    def _legend(self, width):
        return LEGEND if len(LEGEND) <= width else _LEGEND_SHORT

    # -- the text view --------------------------------------------------------------------------

    def _text_screen(self, header, width, height):
        """The text view: (LED rows, text rows). A header saying why; the panel's text, the
        LEDs on its right when there is room; a rule; the status lines (the prompt first) and
        the notice or the key legend."""
        term = self.term
        usable = width - 1  # the last column is never written: some terminals scroll there
        status = self._wrapped(self._status, usable)[:_TEXT_STATUS_LINES]
        status.append(self._notice or self._legend(usable))
        heading = self._wrapped((header,), usable)[:2]
        body_top, rule_y = len(heading), height - len(status) - 1
        body_rows = rule_y - body_top
        leds = []
        columns = usable
        if self._leds is not None and not self._help:
            leds_w, leds_h = self._leds[:2]
            for cell in (2, 1):  # two columns an LED, else one
                if leds_h <= body_rows and usable - cell * leds_w - _GAP >= _TEXT_MIN_COLS:
                    columns = usable - cell * leds_w - _GAP
                    leds = self._led_rows(columns + _GAP, body_top, narrow=cell == 1)
                    break
        if self._help:
            body = [[(0, line, False)] for line in _HELP_LINES]
        elif self._text is None:
            body = [[(0, "(no text on the panel yet)", False)]]
        else:
            body = self._text.lines(columns)
        if len(body) > body_rows:
            more = len(body) - body_rows + 1
            body = body[: body_rows - 1]
            body.append([(0, f"... {more} more lines: a taller terminal shows them", False)])
        rows = [self._line(y, line, usable) for y, line in enumerate(heading)]
        for i in range(body_rows):
            styled, plain = self._text_line(body[i] if i < len(body) else [])
            rows.append(
                (
                    0,
                    body_top + i,
                    term.ljust(term.truncate(styled, columns), columns),
                    term.ljust(term.truncate(plain, columns), columns),
                )
            )
        rows.append(self._line(rule_y, _RULE * usable, usable))
        for i, line in enumerate(status):
            rows.append(self._line(rule_y + 1 + i, line, usable))
        return leds, rows

    def _line(self, y, text, width):
        term = self.term
        return (0, y, term.ljust(term.truncate(text, width), width))

    def _text_line(self, fragments):
        """(styled, plain) for one line of the panel's text: inverted strings in reverse
        video, and in [ ] in the plain text."""
        term = self.term
        styled, plain, end = [], [], 0
        for column, shown, inverted in fragments:
            pad = " " * max(0, column - end)
            styled.append(pad + (term.reverse + shown + term.normal if inverted else shown))
            plain.append(pad + ("[" + shown[1:-1] + "]" if inverted else shown))
            end = max(column, end) + term.length(shown)
        return "".join(styled), "".join(plain)
