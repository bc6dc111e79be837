"""Finding text on the simulated panel: render a string with the firmware's own fonts and look
for its exact pixels in the glass image the controller model holds (ink on paper, or paper on
ink for an inverted row)."""

import framebuf

from dicetable.ui import draw, text

FONTS = ("small", "medium", "large")


def _bitmap_rows(font, string, invert):
    width = text.measure(font, string)
    height = font.height
    buffer = bytearray(((width + 7) // 8) * height)
    fb = framebuf.FrameBuffer(buffer, width, height, framebuf.MONO_HLSB)
    fb.fill(1 if invert else 0)
    text.draw(fb, font, string, 0, 0, 0 if invert else 1)
    return [bytes(fb.pixel(x, y) for x in range(width)) for y in range(height)]


def find_text(rows, string):
    """[(x, y, font name, inverted), ...] where `string` appears on the panel."""
    hits = []
    for name in FONTS:
        font = draw.font(name)
        for invert in (False, True):
            needle = _bitmap_rows(font, string, invert)
            first = needle[0]
            for y in range(len(rows) - len(needle) + 1):
                start = rows[y].find(first)
                while start >= 0:
                    if all(
                        rows[y + k][start : start + len(first)] == needle[k]
                        for k in range(1, len(needle))
                    ):
                        hits.append((start, y, name, invert))
                    start = rows[y].find(first, start + 1)
    return hits


def panel_rows(model):
    return [bytes(row) for row in model.image_rows()]


def same_line(rows, left, right):
    """True if `right` is drawn to the right of `left` on the same text line, same font."""
    for x1, y1, font1, inv1 in find_text(rows, left):
        for x2, y2, font2, inv2 in find_text(rows, right):
            if y1 == y2 and font1 == font2 and inv1 == inv2 and x2 > x1:
                return True
    return False
