"""The simulator's terminal front end (CPython only), built on `blessed`.

`TerminalView` shows the e-ink panel as Unicode braille (2x4 pixels per cell, black ink on a
paper-coloured background), the LED matrix as coloured dots and a status area with a key legend.
The panel is on the left and the LEDs and status on the right, or below the panel when the
terminal is too narrow. If even that does not fit, the panel is shrunk by an integer factor
(a cell dot is inked when any pixel it covers is inked), up to `MAX_SCALE`; past that the view
says "terminal too small: need N×M, have A×B". Only rows whose content changed are rewritten,
and the screen is cleared only when the layout changes (resize), so nothing flickers.

Keys (data: `KEY_BINDINGS`; `read_key` returns the logical name, or None):

| keys                  | logical               | notes                                     |
|-----------------------|-----------------------|-------------------------------------------|
| Up, Down, Left, Right | UP, DOWN, LEFT, RIGHT | the arrow keys                            |
| Enter, Space          | OK                    |                                           |
| Backspace, Esc        | BACK                  | a lone Esc arrives after blessed's delay  |
| p, n                  | LEFT, RIGHT           | PREV/NEXT on 3-button boards              |
| t                     | TEACHER               | the teacher chord: BACK held, OK pressed  |
| h                     | HELP                  | toggles the key table in the status area  |
| q                     | QUIT                  |                                           |

Letters match in either case. Any other key returns None and the status area shows
"unknown key: X (press h for help)". Ctrl-C raises KeyboardInterrupt as usual; `session()`
restores the terminal whatever ends it.

    view = TerminalView()
    with view.session():
        view.show_panel(296, 128, fb.pixel)
        view.show_leds(8, 8, led_bytes)
        view.set_status("Seat 1 to play", "rolled 3 + 5")
        view.render()
        key = view.read_key(0.05)
"""

import contextlib

import blessed

MAX_SCALE = 4  # coarsest panel downscale before giving up; beyond 4 nothing is legible
PAPER = (236, 233, 220)  # off-white, like an e-ink panel's white
INK = (24, 24, 24)
LED_ON = "\u25cf"  # ●
LED_OFF = "\u00b7"  # ·, so an unlit matrix still shows its grid
_LED_OFF_COLOUR = (90, 90, 90)
_GAP = 2  # columns between the panel and the LEDs/status column
_SIDE_MIN_COLS = 28  # narrowest useful status column
_STATUS_MIN_ROWS = 3  # one text line, the notice line, the legend
_STATUS_MAX_ROWS = 12
_TRUECOLOUR = 1 << 24
_COLOUR_CACHE_SIZE = 1024

# Braille dot bits, by the dot's (x, y) inside the 2x4 cell (Unicode braille patterns block).
_DOTS = (
    (0, 0, 0x01),
    (0, 1, 0x02),
    (0, 2, 0x04),
    (1, 0, 0x08),
    (1, 1, 0x10),
    (1, 2, 0x20),
    (0, 3, 0x40),
    (1, 3, 0x80),
)
_BRAILLE_BLANK = 0x2800

# (blessed key names or characters, label for the help, logical key)
KEY_BINDINGS = (
    (("KEY_UP",), "Up", "UP"),
    (("KEY_DOWN",), "Down", "DOWN"),
    (("KEY_LEFT", "p"), "Left, p (prev)", "LEFT"),
    (("KEY_RIGHT", "n"), "Right, n (next)", "RIGHT"),
    (("KEY_ENTER", " "), "Enter, Space", "OK"),
    (("KEY_BACKSPACE", "KEY_ESCAPE"), "Backspace, Esc", "BACK"),
    (("t",), "t (teacher)", "TEACHER"),
    (("h",), "h", "HELP"),
    (("q",), "q", "QUIT"),
)
_KEYMAP = {key: logical for keys, _, logical in KEY_BINDINGS for key in keys}
LEGEND = "arrows p/n move \u00b7 enter/space OK \u00b7 bksp/esc back \u00b7 h help \u00b7 q quit"
_LEGEND_SHORT = "h help \u00b7 q quit"
_HELP_LINES = ("keys:",) + tuple(f"  {label:<16} {logical}" for _, label, logical in KEY_BINDINGS)


def braille_rows(width, height, pixel, scale=1):
    """Encode a 1-bit image as braille text: one str per row of cells.

    `pixel(x, y)` is truthy for ink. With `scale` > 1 each dot covers a scale x scale block and
    is inked when any pixel in it is, so thin lines survive the downscale.
    """
    if scale < 1:
        raise ValueError("scale must be >= 1")
    span_x, span_y = 2 * scale, 4 * scale
    rows = []
    for top in range(0, height, span_y):
        cells = []
        for left in range(0, width, span_x):
            code = 0
            for dx, dy, bit in _DOTS:
                x0, y0 = left + dx * scale, top + dy * scale
                if x0 < width and y0 < height and _inked(pixel, x0, y0, scale, width, height):
                    code |= bit
            cells.append(chr(_BRAILLE_BLANK + code))
        rows.append("".join(cells))
    return rows


def _inked(pixel, x0, y0, scale, width, height):
    if scale == 1:
        return pixel(x0, y0)
    for y in range(y0, min(y0 + scale, height)):
        for x in range(x0, min(x0 + scale, width)):
            if pixel(x, y):
                return True
    return False


def led_cells(width, height, rgb):
    """Rows of (char, (r, g, b)) for an LED frame in row-major RGB order."""
    if len(rgb) != width * height * 3:
        raise ValueError(
            f"need {width * height * 3} bytes for {width}x{height} LEDs, got {len(rgb)}"
        )
    rows = []
    for y in range(height):
        row = []
        for i in range((y * width) * 3, (y * width + width) * 3, 3):
            colour = (rgb[i], rgb[i + 1], rgb[i + 2])
            row.append((LED_ON if any(colour) else LED_OFF, colour))
        rows.append(row)
    return rows


def _cells(width, height, scale):
    return -(-width // (2 * scale)), -(-height // (4 * scale))


class TerminalView:
    """Draws panel, LEDs and status on a `blessed.Terminal` and reads logical keys from it."""

    def __init__(self, term=None):
        self.term = term if term is not None else blessed.Terminal()
        self._panel = None  # (width, height, bitmap bytes, one byte per pixel)
        self._panel_version = 0
        self._braille = (None, [])  # ((version, scale), rows)
        self._leds = None  # (width, height, rgb bytes)
        self._status = ()
        self._notice = ""
        self._help = False
        self._layout = None  # (layout, panel size, LED size) of the screen as drawn
        self._size = None  # terminal (columns, rows) at the last render
        self._drawn = {}  # (region, row) -> (x, y, text) last written there
        self._fg = {}  # rgb -> foreground sequence

    # -- inputs ---------------------------------------------------------------------------------

    def show_panel(self, width, height, pixel):
        """Take a copy of the panel image; `pixel(x, y)` is truthy for black ink."""
        bitmap = bytes(1 if pixel(x, y) else 0 for y in range(height) for x in range(width))
        panel = (width, height, bitmap)
        if panel != self._panel:
            self._panel = panel
            self._panel_version += 1

    def show_leds(self, width, height, rgb):
        """Take a copy of the LED frame: width * height * 3 bytes, row-major RGB."""
        if len(rgb) != width * height * 3:
            raise ValueError(
                f"need {width * height * 3} bytes for {width}x{height} LEDs, got {len(rgb)}"
            )
        self._leds = (width, height, bytes(rgb))

    def set_status(self, *lines):
        """Replace the status text (whose turn, last message...)."""
        self._status = tuple(str(line) for line in lines)

    # -- keys -----------------------------------------------------------------------------------

    def translate(self, key):
        """Map a `blessed` Keystroke to a logical key name, or None.

        Unknown keys set the "unknown key" notice; non-key events (mouse, focus, resize,
        key releases) are ignored silently.
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
        return logical

    def read_key(self, timeout_s=None):
        """Wait up to `timeout_s` seconds (None: forever) for a key; return its logical name.

        Redraws by itself when the notice or help changed, or when the terminal was resized.
        """
        before = (self._notice, self._help)
        logical = self.translate(self.term.inkey(timeout=timeout_s))
        if (self._notice, self._help) != before or self._size != self._term_size():
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
            out.append(term.normal + term.home + term.clear)
        if layout[0] == "small":
            self._put(out, "small", [(0, y, line) for y, line in enumerate(layout[1:])])
        else:
            _, scale, side_x, side_y, side_w, side_h = layout
            self._put(out, "panel", self._panel_rows(scale))
            led_rows = self._led_rows(side_x, side_y)
            status_y = side_y + (len(led_rows) + 1 if led_rows else 0)
            self._put(out, "leds", led_rows)
            self._put(
                out,
                "status",
                self._status_rows(side_x, status_y, side_w, side_y + side_h - status_y),
            )
        if not out:
            return False
        term.stream.write("".join(out))
        term.stream.flush()
        return True

    def _term_size(self):
        return self.term.width, self.term.height

    def _put(self, out, region, rows):
        move_xy = self.term.move_xy
        for i, (x, y, text) in enumerate(rows):
            if self._drawn.get((region, i)) != (x, y, text):
                self._drawn[(region, i)] = (x, y, text)
                out.append(move_xy(x, y) + text)

    def _plan(self, width, height):
        """Pick the layout: (kind, scale, side x, side y, side width, side height).

        Panel on the left and the side column (LEDs over status) on its right, else the side
        column below the panel; each at the finest scale that fits. When nothing fits, the
        result is ("small", message lines...).
        """
        panel_w, panel_h = self._panel[:2] if self._panel else (0, 0)
        leds_w, leds_h = self._leds[:2] if self._leds else (0, 0)
        side_min_w = max(2 * leds_w, _SIDE_MIN_COLS)
        side_min_h = (leds_h + 1 if leds_h else 0) + _STATUS_MIN_ROWS
        needs = []
        for scale in range(1, MAX_SCALE + 1):
            cols, rows = _cells(panel_w, panel_h, scale)
            beside = (cols + _GAP if cols else 0) + side_min_w, max(rows, side_min_h)
            below = max(cols, side_min_w), (rows + 1 if rows else 0) + side_min_h
            if beside[0] < width and beside[1] <= height:
                side_x = beside[0] - side_min_w
                return ("beside", scale, side_x, 0, width - side_x - 1, height)
            if below[0] < width and below[1] <= height:
                side_y = below[1] - side_min_h
                return ("below", scale, 0, side_y, width - 1, height - side_y)
            needs.append(beside)
        need_w, need_h = needs[-1]
        return (
            "small",
            f"terminal too small: need {need_w + 1}×{need_h}, have {width}×{height}",
            f"(full size needs {needs[0][0] + 1}×{needs[0][1]})",
        )

    def _panel_rows(self, scale):
        if self._panel is None:
            return []
        key = (self._panel_version, scale)
        if self._braille[0] != key:
            width, height, bitmap = self._panel
            rows = braille_rows(width, height, lambda x, y: bitmap[y * width + x], scale)
            self._braille = (key, rows)
        term = self.term
        if term.number_of_colors == _TRUECOLOUR:
            paper = term.on_color_rgb(*PAPER) + term.color_rgb(*INK)
        else:
            paper = term.reverse  # ink = the terminal's background colour, paper = its text
        return [(0, y, paper + row + term.normal) for y, row in enumerate(self._braille[1])]

    def _led_rows(self, x, y0):
        if self._leds is None:
            return []
        term = self.term
        dark = term.on_color_rgb(0, 0, 0) if term.number_of_colors >= 256 else ""
        rows = []
        for y, cells in enumerate(led_cells(*self._leds)):
            parts = [dark]
            for char, colour in cells:
                parts.append(self._colour(_LED_OFF_COLOUR if char == LED_OFF else colour))
                parts.append(char + " ")
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

    def _status_rows(self, x, y0, width, rows):
        rows = min(rows, _STATUS_MAX_ROWS)
        text = _HELP_LINES if self._help else self._status
        lines = [text[i] if i < len(text) else "" for i in range(rows - 2)]
        lines += [self._notice, LEGEND if len(LEGEND) <= width else _LEGEND_SHORT]
        term = self.term
        return [
            (x, y0 + i, term.ljust(term.truncate(line, width), width))
            for i, line in enumerate(lines)
        ]
