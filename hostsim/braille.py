"""Pictures as text (CPython only): a 1-bit image as Unicode braille, scaled down so that its
strokes survive, and an LED frame as coloured dots. hostsim.terminal draws with these."""

LED_ON = "\u25cf"  # ●
LED_OFF = "\u00b7"  # ·, so an unlit matrix still shows its grid

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
# How far around a mixed block `downscale` looks for its background, in blocks each way: two
# keeps a title bar's text row (13-20 pixels) ink-dominated at scale 2 and a one-pixel rule
# paper-dominated.
_REACH = 2


def braille_rows(width, height, pixel, scale=1):
    """Encode a 1-bit image as braille text: one str per row of cells.

    `pixel(x, y)` is truthy for ink. With `scale` > 1 each dot stands for a scale x scale block,
    decided by `downscale` so that thin strokes survive, ink on paper and paper on ink alike.
    """
    if scale < 1:
        raise ValueError("scale must be >= 1")
    if scale > 1:
        bitmap = bytes(1 if pixel(x, y) else 0 for y in range(height) for x in range(width))
        dots = downscale(width, height, bitmap, scale)
        width, height = -(-width // scale), -(-height // scale)
        pixel = bitmap_pixel(dots, width)
    rows = []
    for top in range(0, height, 4):
        cells = []
        for left in range(0, width, 2):
            code = 0
            for dx, dy, bit in _DOTS:
                x, y = left + dx, top + dy
                if x < width and y < height and pixel(x, y):
                    code |= bit
            cells.append(chr(_BRAILLE_BLANK + code))
        rows.append("".join(cells))
    return rows


def bitmap_pixel(bitmap, width):
    return lambda x, y: bitmap[y * width + x]


def downscale(width, height, bitmap, scale):
    """One dot per scale x scale block of a 1-bit image (`bitmap`: one byte per pixel, rows top
    first); returns the dots the same way, ceil(width / scale) to a row.

    A block all ink or all paper gives that. A mixed block takes the colour that is not the
    background around it (the majority in a window `_REACH` blocks further each way): on paper
    any ink inks the dot, so a one-pixel line or stroke stays; on ink (a title bar, the row under
    the cursor) any paper clears it, so white-on-black text keeps its strokes too.
    """
    stride = width + 1
    sums = [0] * (stride * (height + 1))  # sums[(y * stride) + x]: ink above and left of (x, y)
    for y in range(height):
        run = 0
        row, above = y * width, y * stride
        for x in range(width):
            run += bitmap[row + x]
            sums[above + stride + x + 1] = sums[above + x + 1] + run

    def ink(x0, y0, x1, y1):
        return (
            sums[y1 * stride + x1]
            - sums[y0 * stride + x1]
            - sums[y1 * stride + x0]
            + sums[y0 * stride + x0]
        )

    dots_w, dots_h = -(-width // scale), -(-height // scale)
    reach = scale * _REACH
    dots = bytearray(dots_w * dots_h)
    for dot_y in range(dots_h):
        y0 = dot_y * scale
        y1 = min(y0 + scale, height)
        wy0, wy1 = max(0, y0 - reach), min(height, y1 + reach)
        for dot_x in range(dots_w):
            x0 = dot_x * scale
            x1 = min(x0 + scale, width)
            count = ink(x0, y0, x1, y1)
            if count == 0:
                continue
            if count < (x1 - x0) * (y1 - y0):
                wx0, wx1 = max(0, x0 - reach), min(width, x1 + reach)
                if 2 * ink(wx0, wy0, wx1, wy1) > (wx1 - wx0) * (wy1 - wy0):
                    continue  # paper in an inked neighbourhood: a white stroke
            dots[dot_y * dots_w + dot_x] = 1
    return bytes(dots)


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
