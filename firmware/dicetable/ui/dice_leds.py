"""Dice on the LED matrix: draws into a logical RGB frame for any W x H matrix (8x8 and up).

A frame is a bytearray of width*height*3 bytes, RGB, row-major, top-left origin, on a
perceptual 0..255 scale (the LED driver applies gamma and the current cap). `DiceCanvas` keeps a
reference to one frame passed in and redraws it in place: nothing is allocated per frame.

- d6 faces as pips on a 3x3 grid inside a dim body of the die's colour. Face 0 of a PIPS die is
  Trek 12's yellow zero: a ring of eight pips, a count no d6 has. For GANG dice face 0 is the
  gangster (as in the game core): a face under a fedora, drawn from pixel art.
- One die fills the largest centred square. Several dice share the matrix as square tiles
  (4x4 tiles give 2x2 dice on 8x8); more than fit go on pages: `dice()` returns the page count.
- The d12 (Cybo) is a grid of cells, by default 4 rows of 3 (1 2 3 / 4 5 6 / 7 8 9 / 10 11 12):
  earlier rolls dim, the latest bright, or in red when it failed.
- `roll(step, seed, ...)` draws frame `step` of the tumble animation (ROLL_FRAMES frames, paced
  by ROLL_FRAME_MS); the same step and seed always give the same frame.
- `turn()` lights one edge in a seat's colour; `idle(step)` is a dim light running round the rim.

PURE: integers only (framebuf only clears and fills the frame's bytes in C), no hardware or
clock; identical on CPython and MicroPython.
"""

import framebuf
from micropython import const

# Colour ids (public: games and the app choose die and seat colours with them).
RED = const(0)
YELLOW = const(1)
GREEN = const(2)
BLUE = const(3)
WHITE = const(4)
ORANGE = const(5)
PURPLE = const(6)
CYAN = const(7)
PINK = const(8)
COLOUR_NAMES = ("red", "yellow", "green", "blue", "white", "orange", "purple", "cyan", "pink")
_SKIN = const(9)  # gangster art only
# R, G, B per colour id. Yellow and orange carry less green than on a screen: WS2812 green is
# the strongest channel, and (255, 255, 0) reads lime.
# fmt: off
_PALETTE = bytes((
    255, 0, 0,  # red
    255, 170, 0,  # yellow
    0, 220, 0,  # green
    0, 60, 255,  # blue
    255, 255, 255,  # white
    255, 80, 0,  # orange
    160, 0, 255,  # purple
    0, 200, 200,  # cyan
    255, 40, 120,  # pink
    255, 150, 90,  # skin
))
# fmt: on

# Die kinds: which picture face 0 gets.
PIPS = const(0)  # faces 1-6, 0 = Trek 12's yellow zero
GANG = const(1)  # faces 1-5, 0 = the gangster (Gang of Dice)

# Pips as 9-bit masks over the 3x3 grid, read like the die: top row first, left to right.
_FACE_PIPS = (
    0b111101111,  # 0: ring of eight, unlike any d6 face
    0b000010000,  # 1: centre
    0b100000001,  # 2: top left, bottom right
    0b100010001,  # 3: diagonal
    0b101000101,  # 4: corners
    0b101010101,  # 5: corners and centre
    0b101101101,  # 6: two columns
)

# Gangster pixel art. Inks: 0 off, 1 the die's colour (hat), 2 white (hat band), 3 skin,
# 4 red (mouth). 8x8 for tiles of 8 and up; 3x3 (hat over face, 7 cells) for small tiles.
_GANGSTER_8 = (
    b"00111100"
    b"00111100"
    b"01222210"
    b"11111111"
    b"03033030"  # eyes in the shadow of the brim
    b"03333330"
    b"03344330"
    b"00333300"
)
_GANGSTER_3 = b"010111333"
_INK_COLOUR = (0, 0, WHITE, _SKIN, RED)  # colour per ink; ink 1 uses the die's colour
_INK_LEVEL = (0, 255, 200, 200, 255)

# The d12 as data: (column, row) of faces 1..12, laid out as on Cybo's sheet.
# fmt: off
D12_GRID = (
    (0, 0), (1, 0), (2, 0),
    (0, 1), (1, 1), (2, 1),
    (0, 2), (1, 2), (2, 2),
    (0, 3), (1, 3), (2, 3),
)
# fmt: on

# Roll animation: frame count and the delay after each frame; it slows down like a real die.
ROLL_FRAMES = const(10)
ROLL_FRAME_MS = (40, 40, 50, 50, 60, 70, 80, 100, 120, 150)
IDLE_FRAME_MS = const(120)

# Edges for turn().
EDGE_TOP = const(0)
EDGE_RIGHT = const(1)
EDGE_BOTTOM = const(2)
EDGE_LEFT = const(3)

_BODY_LEVEL = const(64)  # die body: dim enough for pips to stand out
_DIM_LEVEL = const(96)  # earlier d12 rolls
_TURN_LEVEL = const(192)
_IDLE_TAIL = b"\x60\x40\x28\x18"  # brightness of the idle light's head and tail: gentle
_IDLE_COLOURS = (BLUE, PURPLE, CYAN, GREEN)
_MIN_TILE = const(4)  # 3x3 pips plus a 1-pixel gap


class DiceCanvas:
    def __init__(self, frame, width, height):
        if width < _MIN_TILE or height < _MIN_TILE:
            raise ValueError("matrix must be at least 4x4, got %dx%d" % (width, height))
        if len(frame) != width * height * 3:
            raise ValueError(
                "frame must be %d bytes for %dx%d, got %d"
                % (width * height * 3, width, height, len(frame))
            )
        self.frame = frame
        self.width = width
        self.height = height
        # The frame's bytes as one GS8 row (cleared by a fill in C, not a loop per byte), and
        # each channel as a GS8 column, one pixel per LED: a rectangle is a fill per row.
        self._paper = framebuf.FrameBuffer(frame, len(frame), 1, framebuf.GS8)
        view = memoryview(frame)
        self._channels = tuple(
            framebuf.FrameBuffer(view[channel:], 1, width * height, framebuf.GS8, 3)
            for channel in range(3)
        )
        # Tile layout of the last _layout() call (attributes, not a tuple: no allocation).
        self._tile = self._columns = _MIN_TILE

    def clear(self):
        self._paper.fill(0)

    def die(self, face, colour, kind=PIPS):
        """One die, as large as the matrix allows."""
        self.clear()
        side = min(self.width, self.height)
        self._die((self.width - side) // 2, (self.height - side) // 2, side, face, colour, kind)

    def pages(self, count):
        """Pages needed to show `count` dice."""
        per_page = self._layout(count)
        return (count + per_page - 1) // per_page

    def dice(self, faces, colours, kind=PIPS, page=0):
        """Page `page` of the dice `faces`; `colours` is one colour or one per die.

        Returns the number of pages (0 for no dice)."""
        count = len(faces)
        if count == 1:
            self.die(faces[0], _colour_of(colours, 0), kind)
            return 1
        self.clear()
        if not count:
            return 0
        per_page = self._layout(count)
        pages = (count + per_page - 1) // per_page
        if not 0 <= page < pages:
            raise ValueError("page %r out of range 0..%d" % (page, pages - 1))
        first = page * per_page
        shown = min(per_page, count - first)
        for slot in range(shown):
            index = first + slot
            self._tile_die(slot, shown, 0, faces[index], _colour_of(colours, index), kind)
        return pages

    def roll(self, step, seed, count, colours, kind=PIPS):
        """Frame `step` (0..ROLL_FRAMES-1) of `count` dice tumbling; `seed` is a small int.

        Deterministic: faces come from mixing seed, step and die index, never twice the same
        face in a row; the dice wobble by a pixel until the last two frames."""
        self.clear()
        shown = min(count, self._layout(count))
        low = 0 if kind == GANG else 1  # the gangster tumbles too
        for slot in range(shown):
            face = _mix(seed, step, slot) % 6
            if step and face == _mix(seed, step - 1, slot) % 6:
                face = (face + 1) % 6
            wobble = _mix(seed, step, slot + 8) & 3 if step < ROLL_FRAMES - 2 else 0
            colour = _colour_of(colours, slot)
            if shown == 1:  # shifted right/down, clipped: it bounces
                side = min(self.width, self.height)
                self._die(
                    (self.width - side) // 2 + (wobble & 1),
                    (self.height - side) // 2 + (wobble >> 1),
                    side,
                    low + face,
                    colour,
                    kind,
                )
            else:
                self._tile_die(slot, shown, wobble, low + face, colour, kind)

    def d12(self, rolls, colour=WHITE, failed=False, grid=D12_GRID):
        """Cybo's d12: the cells of `rolls` (faces 1..12, oldest first) lit; the last one
        bright, or red if `failed`. `grid` gives (column, row) per face, see D12_GRID."""
        self.clear()
        columns = rows = 0
        for column, row in grid:
            columns = max(columns, column + 1)
            rows = max(rows, row + 1)
        # Cells with 1-pixel gaps, or touching when the gaps would not fit.
        gap_x = 1 if self.width >= 2 * columns - 1 else 0
        gap_y = 1 if self.height >= 2 * rows - 1 else 0
        cell_w = (self.width + gap_x) // columns - gap_x
        cell_h = (self.height + gap_y) // rows - gap_y
        if cell_w < 1 or cell_h < 1:
            raise ValueError(
                "a %dx%d grid does not fit %dx%d LEDs" % (columns, rows, self.width, self.height)
            )
        pitch_x = cell_w + gap_x
        pitch_y = cell_h + gap_y
        left = (self.width - columns * pitch_x + gap_x) // 2
        top = (self.height - rows * pitch_y + gap_y) // 2
        count = len(rolls)
        for i in range(count):
            face = rolls[i]
            if not 1 <= face <= len(grid):
                raise ValueError("d12 face %r out of range 1..%d" % (face, len(grid)))
            last = i == count - 1
            column, row = grid[face - 1]
            self._rect(
                left + column * pitch_x,
                top + row * pitch_y,
                cell_w,
                cell_h,
                RED if last and failed else colour,
                255 if last else _DIM_LEVEL,
            )

    def turn(self, colour, edge):
        """Light one edge (EDGE_TOP...) in a seat's colour, over whatever is drawn."""
        width = self.width
        height = self.height
        if edge == EDGE_TOP:
            self._rect(0, 0, width, 1, colour, _TURN_LEVEL)
        elif edge == EDGE_RIGHT:
            self._rect(width - 1, 0, 1, height, colour, _TURN_LEVEL)
        elif edge == EDGE_BOTTOM:
            self._rect(0, height - 1, width, 1, colour, _TURN_LEVEL)
        elif edge == EDGE_LEFT:
            self._rect(0, 0, 1, height, colour, _TURN_LEVEL)
        else:
            raise ValueError("edge must be 0..3, got %r" % (edge,))

    def idle(self, step):
        """Attract/idle frame `step`: a dim light with a tail runs round the rim, one colour
        per lap. Pace it with IDLE_FRAME_MS."""
        self.clear()
        width = self.width
        rim = 2 * (width + self.height) - 4
        colour = _IDLE_COLOURS[(step // rim) % len(_IDLE_COLOURS)]
        for back in range(len(_IDLE_TAIL)):
            pixel = self._rim_pixel((step - back) % rim)
            self._rect(pixel % width, pixel // width, 1, 1, colour, _IDLE_TAIL[back])

    def _rim_pixel(self, position):
        """Pixel index of rim position 0.. clockwise from the top-left corner."""
        width = self.width
        height = self.height
        if position < width:
            return position
        position -= width - 1
        if position < height:
            return position * width + width - 1
        position -= height - 1
        if position < width:
            return (height - 1) * width + width - 1 - position
        position -= width - 1
        return (height - 1 - position) * width

    def _layout(self, count):
        """Choose the tiles for `count` dice: the biggest that show them all at once, else the
        smallest, with pages. Sets _tile and _columns; returns the tiles per page."""
        side = min(self.width, self.height)
        split = 2
        tile = side // split
        while tile > _MIN_TILE and (self.width // tile) * (self.height // tile) < count:
            split += 1
            tile = side // split
        tile = max(tile, _MIN_TILE)
        self._tile = tile
        self._columns = self.width // tile
        return self._columns * (self.height // tile)

    def _tile_die(self, slot, shown, wobble, face, colour, kind):
        """Die `slot` of the `shown` on this page, rows centred; the die is tile-1 square so
        neighbours keep a 1-pixel gap. `wobble` bits shift it right/down by one pixel."""
        tile = self._tile
        columns = self._columns
        row = slot // columns
        rows = (shown + columns - 1) // columns
        in_row = min(columns, shown - row * columns)
        left = (self.width - in_row * tile + 1) // 2
        top = (self.height - rows * tile + 1) // 2
        self._die(
            left + (slot % columns) * tile + (wobble & 1),
            top + row * tile + (wobble >> 1),
            tile - 1,
            face,
            colour,
            kind,
        )

    def _die(self, x, y, side, face, colour, kind):
        if kind == GANG:
            if not 0 <= face <= 5:
                raise ValueError("gang die face %r out of range 0..5 (0 = gangster)" % (face,))
            if not face:
                self._gangster(x, y, side, colour)
                return
        elif not 0 <= face <= 6:
            raise ValueError("d6 face %r out of range 0..6 (0 = Trek 12 zero)" % (face,))
        self._fill(x, y, side, side, _rgb(colour, _BODY_LEVEL))
        pip = max(1, side // 4)
        step = (side - pip) // 2
        x += (side - 2 * step - pip) // 2
        y += (side - 2 * step - pip) // 2
        pips = _FACE_PIPS[face]
        rgb = _rgb(colour, 255)
        width = self.width
        span = 2 * step + pip  # the pips' square
        if x < 0 or y < 0 or x + span > width or y + span > self.height:
            for cell in range(9):  # a die bouncing over the edge: each pip clipped
                if (pips >> (8 - cell)) & 1:
                    self._fill(x + (cell % 3) * step, y + (cell // 3) * step, pip, pip, rgb)
            return
        # All inside: each pip's rows straight into the channels, three fills in C a row (a
        # call per pip cost ~170 us on the chip, which made a roll of four dice 5-10 ms).
        red = rgb >> 16
        green = (rgb >> 8) & 0xFF
        blue = rgb & 0xFF
        reds, greens, blues = self._channels
        for cell in range(9):
            if (pips >> (8 - cell)) & 1:
                index = (y + (cell // 3) * step) * width + x + (cell % 3) * step
                for _ in range(pip):
                    reds.fill_rect(0, index, 1, pip, red)
                    greens.fill_rect(0, index, 1, pip, green)
                    blues.fill_rect(0, index, 1, pip, blue)
                    index += width

    def _gangster(self, x, y, side, colour):
        art = _GANGSTER_8 if side >= 8 else _GANGSTER_3
        size = 8 if side >= 8 else 3
        scale = side // size
        x += (side - size * scale) // 2
        y += (side - size * scale) // 2
        for cell in range(size * size):
            ink = art[cell] - 48  # ASCII digit
            if ink:
                self._rect(
                    x + (cell % size) * scale,
                    y + (cell // size) * scale,
                    scale,
                    scale,
                    colour if ink == 1 else _INK_COLOUR[ink],
                    _INK_LEVEL[ink],
                )

    def _rect(self, x, y, width, height, colour, level):
        """Fill a rectangle, clipped to the frame, with `colour` at `level`/255."""
        self._fill(x, y, width, height, _rgb(colour, level))

    def _fill(self, x, y, width, height, rgb):
        # A rectangle clipped to the frame, in rgb (0xRRGGBB).
        row_width = self.width
        left = max(x, 0)
        count = min(x + width, row_width) - left
        first = max(y, 0)
        rows = min(y + height, self.height) - first
        if count <= 0 or rows <= 0:
            return
        index = first * row_width + left
        reds, greens, blues = self._channels
        for _ in range(rows):
            # Each channel's run of the row at once (a fill in C), not three stores a pixel.
            reds.fill_rect(0, index, 1, count, rgb >> 16)
            greens.fill_rect(0, index, 1, count, (rgb >> 8) & 0xFF)
            blues.fill_rect(0, index, 1, count, rgb & 0xFF)
            index += row_width


def _rgb(colour, level):
    """`colour` at `level`/255 as 0xRRGGBB."""
    if not 0 <= colour < len(_PALETTE) // 3:
        raise ValueError("colour %r out of range 0..%d" % (colour, len(_PALETTE) // 3 - 1))
    base = 3 * colour
    return (
        (_PALETTE[base] * level // 255) << 16
        | (_PALETTE[base + 1] * level // 255) << 8
        | _PALETTE[base + 2] * level // 255
    )


def _colour_of(colours, index):
    return colours if isinstance(colours, int) else colours[index]


def _mix(seed, step, index):
    """A 16-bit hash of (seed, step, index): two rounds of the ZX81 generator. Products stay
    below 2**23, so no big ints on the device."""
    value = (seed ^ (step * 1031) ^ (index * 8191)) & 0xFFFF
    value = (value * 75 + 74) % 65537
    return (value * 75 + 74) % 65537
