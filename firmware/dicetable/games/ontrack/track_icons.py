"""Christmas On Track's pictures for one-bit panels: buildings and stars as pixel art.

PURE. Each picture is rows of bits (one int per row, the leftmost pixel in the highest bit),
turned at import into runs of ink, each drawn as one rectangle of whole-pixel squares: it
scales to any tile, with no per-pixel loop. Buildings are solid for the red pencil and outlined
for the green one, as the track is (track_grid.py): a house is the Workshop, a parcel the Gift
Wrap, a sleigh the Sleigh. A map star is large on a tile no track has claimed, and small in the
tile's corner after.
"""

from micropython import const

from dicetable.games.ontrack import track

_INK = const(1)
_ART = const(15)  # icons are 15 x 15 pixel art
_SMALL_STAR = const(5)  # the corner star is 5 x 5
_SPARK_SIZE = const(3)
_WIDE_TILE = const(30)  # tiles this wide and more get the 5 x 5 corner star

# Pixel art, one int per row, the leftmost pixel in the highest of _ART bits. Solid shapes:
# the green (outlined) version keeps only their edge pixels.
# fmt: off
_WORKSHOP = (
    0b000000010000000,
    0b000000111011000,
    0b000001111111000,
    0b000011111111000,
    0b000111111111000,
    0b001111111111100,
    0b011111111111110,
    0b111111111111111,
    0b001111111111100,
    0b001111111111100,
    0b001111000111100,
    0b001111000111100,
    0b001111000111100,
    0b001111000111100,
    0b001111000111100,
)
_GIFT_WRAP = (
    0b001110000011100,
    0b010001000100010,
    0b010000101000010,
    0b001110010011100,
    0b111111111111111,
    0b111111101111111,
    0b011111101111110,
    0b011111101111110,
    0b011111101111110,
    0b010000000000010,
    0b011111101111110,
    0b011111101111110,
    0b011111101111110,
    0b011111101111110,
    0b011111101111110,
)
_SLEIGH = (
    0b100000000000000,
    0b110000000000000,
    0b111000000000000,
    0b111100000000000,
    0b111100000000110,
    0b111111111111110,
    0b111111111111110,
    0b111111111111100,
    0b011111111111000,
    0b001111111110000,
    0b000100000100000,
    0b000100000100001,
    0b000100000100001,
    0b111111111111110,
    0b011111111111100,
)
_BIG_STAR = (
    0b000000010000000,
    0b000000010000000,
    0b000000111000000,
    0b000000111000000,
    0b000001111100000,
    0b111111111111111,
    0b011111111111110,
    0b001111111111100,
    0b000111111111000,
    0b000111111111000,
    0b001111101111100,
    0b001111000111100,
    0b011100000001110,
    0b011000000000110,
    0b100000000000001,
)
_STAR = (
    0b00100,
    0b01110,
    0b11111,
    0b01110,
    0b01010,
)
_SPARK = (
    0b010,
    0b111,
    0b010,
)
# fmt: on


def outline(art):
    """The edge pixels of a solid shape: those with a side not touching the shape."""
    rows = []
    last = len(art) - 1
    for index in range(len(art)):
        row = art[index]
        above = art[index - 1] if index else 0
        below = art[index + 1] if index < last else 0
        rows.append(row & ~(above & below & (row << 1) & (row >> 1)))
    return rows


def runs(rows, width):
    """Pixel art as bytes of (row, first column, length) per run of ink, so that drawing it
    is one rectangle per run: worked out once, at import."""
    found = bytearray()
    top = 1 << (width - 1)
    for index in range(len(rows)):
        row = rows[index]
        column = 0
        while row:
            if not row & (top >> column):
                column += 1
                continue
            start = column
            while row & (top >> column):
                row &= ~(top >> column)
                column += 1
            found.append(index)
            found.append(start)
            found.append(column - start)
    return bytes(found)


def art(fb, drawn, x, y, scale, color=_INK):
    """Pixel art as `runs` at (x, y), each pixel a `scale` x `scale` square."""
    for index in range(0, len(drawn), 3):
        left = x + drawn[index + 1] * scale
        fb.fill_rect(left, y + drawn[index] * scale, drawn[index + 2] * scale, scale, color)


# By building kind: solid (red) and outlined (green).
ICONS = tuple([runs(icon, _ART) for icon in (_WORKSHOP, _GIFT_WRAP, _SLEIGH)])
OUTLINED = tuple([runs(outline(icon), _ART) for icon in (_WORKSHOP, _GIFT_WRAP, _SLEIGH)])
_BIG_STAR_RUNS = runs(outline(_BIG_STAR), _ART)
_STAR_RUNS = runs(_STAR, _SMALL_STAR)
_SPARK_RUNS = runs(_SPARK, _SPARK_SIZE)


def _icon_place(size, pixels):
    """(scale, inset) of `pixels`-wide art centred in a tile `size` pixels across."""
    scale = max(1, (size - 3) // pixels)
    return scale, (size + 1 - pixels * scale) // 2


def building(fb, ox, oy, size, colour, kind, color=_INK):
    """A building of `colour` on the tile at (ox, oy): solid red or outlined green."""
    drawn = OUTLINED[kind] if colour == track.GREEN else ICONS[kind]
    scale, inset = _icon_place(size, _ART)
    art(fb, drawn, ox + inset, oy + inset, scale, color)


def star_tile(fb, ox, oy, size, claimed, color=_INK):
    """A map star: large on an unclaimed tile, small in the corner once track is there."""
    if claimed:
        # Track never comes nearer a corner than a third of the edge, less its width.
        if size >= _WIDE_TILE:
            art(fb, _STAR_RUNS, ox + 3, oy + 3, 1, color)
        else:
            art(fb, _SPARK_RUNS, ox + 2, oy + 2, 1, color)
        return
    scale, inset = _icon_place(size, _ART)
    art(fb, _BIG_STAR_RUNS, ox + inset, oy + inset, scale, color)


def small_star(fb, x, y, scale=1, color=_INK):
    """The 5 x 5 star (the STARS area uses it too)."""
    art(fb, _STAR_RUNS, x, y, scale, color)
