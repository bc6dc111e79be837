"""What a person sees on a modelled e-ink glass, ghosting included; shared by the controller
models (ssd1680.py, uc8151.py).

A partial refresh drives a pixel with a short waveform: the pixel lands near its new colour but
keeps a trace of the old one, and the traces add up until a full refresh flashes the glass
clean. The models keep one ghost bit per pixel, set when a partial refresh changed the pixel and
cleared by a full refresh of it. What a person sees in `image()` and `save_png()` is a light tint
where a partial took ink away (and ink a shade short of black where it added some): on a real
panel a ghost is a faint grey, visible but not a second layer of text unless content is written
over content, which is what the play screens prevent (a full refresh when a region's content is
replaced) and `leftover_rows()` lets tests check. The terminal's 1-bit view (`seen()`), `ink()`,
`image_row()` and `image_rows()` stay exact.

A model using `GhostingGlass` has `width`, `height`, `ink(x, y)` and `_locate(x, y)` giving
(byte index, bit mask) of a pixel in its glass; it calls `_init_ghosts(glass bytes)` once and
`_add_ghosts(index, changed bits)` / `_clear_ghosts(start, end)` from its refreshes. The ghost
bits are laid out like the glass, in 256-byte pieces made when a partial first marks them and
dropped by a full refresh: one more frame-sized buffer per model would not fit the fragmented
heap of the MicroPython test runs.
"""

from micropython import const

# Grey levels a person sees (0 black .. 255 white): a ghosted pixel sits between the two.
PAPER = const(255)
INK = const(0)
# Grey levels of a ghost: measured panels keep a few percent of the old tone after a partial
# (GoodDisplay's notes on partial refresh), so the tint is light, not a half-tone.
GHOST_PAPER = const(228)  # turned white by partials: a faint trace of the old ink
GHOST_INK = const(40)  # turned black by partials: not quite black

_PIECE_SHIFT = const(8)  # 256-byte pieces
_PIECE_MASK = const(0xFF)
_BITS = bytes(bin(value).count("1") for value in range(256))  # set bits per byte value


class GhostingGlass:
    def _init_ghosts(self, size):
        self._ghost_size = size
        self._ghosts = [None] * ((size + _PIECE_MASK) >> _PIECE_SHIFT)  # None: no ghosts there

    def _add_ghosts(self, index, changed):
        number = index >> _PIECE_SHIFT
        piece = self._ghosts[number]
        if piece is None:
            piece = self._ghosts[number] = bytearray(_PIECE_MASK + 1)
        piece[index & _PIECE_MASK] |= changed

    def _clear_ghosts(self, start=0, end=None):
        size = self._ghost_size
        end = size if end is None else end
        pieces = self._ghosts
        for number in range(start >> _PIECE_SHIFT, (end + _PIECE_MASK) >> _PIECE_SHIFT):
            piece = pieces[number]
            if piece is None:
                continue
            first = number << _PIECE_SHIFT
            after = min(first + _PIECE_MASK + 1, size)
            if start <= first and after <= end:
                pieces[number] = None  # the whole piece is clean
                continue
            for index in range(max(start, first), min(end, after)):
                piece[index & _PIECE_MASK] = 0

    def ghosted(self, x, y):
        """1 if a partial refresh changed the pixel at landscape (x, y) since its last full one."""
        index, mask = self._locate(x, y)
        piece = self._ghosts[index >> _PIECE_SHIFT]
        return 1 if piece is not None and piece[index & _PIECE_MASK] & mask else 0

    def ghosted_pixels(self):
        """How many pixels show ghosting now (0 right after a full refresh)."""
        bits, count = _BITS, 0
        for piece in self._ghosts:
            if piece is not None:
                for value in piece:
                    count += bits[value]
        return count

    def tone(self, x, y):
        """Grey level a person sees at landscape (x, y)."""
        if self.ink(x, y):
            return GHOST_INK if self.ghosted(x, y) else INK
        return GHOST_PAPER if self.ghosted(x, y) else PAPER

    def image(self):
        """The glass as a person sees it: landscape rows of grey levels, top row first."""
        tone = self.tone
        return [bytes(tone(x, y) for x in range(self.width)) for y in range(self.height)]

    def seen(self, x, y):
        """Ink for a 1-bit view (the terminal): a 1-bit dot cannot show a faint tint, so it is
        the ink itself (a speckle pattern read as content: issue 16)."""
        return self.ink(x, y)

    def leftover_rows(self):
        """For tests: the glass in its own byte layout as (row bytes, ink bytes, leftover bytes),
        leftover being paper a partial refresh left where there was ink (ghosted and white)."""
        ink = self.ink_plane()
        leftover = bytearray(len(ink))
        for number, piece in enumerate(self._ghosts):
            if piece is None:
                continue
            first = number << _PIECE_SHIFT
            for offset in range(min(_PIECE_MASK + 1, len(ink) - first)):
                leftover[first + offset] = piece[offset] & ~ink[first + offset] & 0xFF
        return self.ROW_BYTES, bytes(ink), bytes(leftover)

    def image_row(self, y):
        """Landscape row `y` of the glass as a bytearray of 0/1 ink values (no ghosting)."""
        ink = self.ink
        return bytearray(ink(x, y) for x in range(self.width))

    def image_rows(self):
        """The glass as landscape rows of 0/1 ink values, top row first."""
        return [self.image_row(y) for y in range(self.height)]

    def save_png(self, path, scale=1):
        from PIL import Image  # CPython only; not needed to run the model

        image = Image.new("L", (self.width, self.height))
        image.putdata([level for row in self.image() for level in row])
        if scale != 1:
            image = image.resize((self.width * scale, self.height * scale), Image.NEAREST)
        image.save(path)
