"""firmware/circuitpython/framebuf.py (the framebuf CircuitPython lacks) draws the bytes the
reference draws: on MicroPython the real built-in module, on CPython hostsim's shim (itself
checked against the built-in by tests/simulator/test_framebuf_shim.py).

Plain test functions with bare asserts (no pytest features). Every scene runs on both modules
over buffers that start with the same byte pattern (so bits a call must leave alone are
checked too) and the buffers must be equal byte for byte.
"""

from framebuf_pair import FORMATS, MODULES, pair, pattern, random_below, reference, same, use

from dicetable.ui import text
from dicetable.ui.fonts import medium, small


def test_drawing_calls_match_on_every_format_with_clipping():
    for fmt, ink, paper in FORMATS:
        for width, height, stride in ((21, 13, None), (16, 16, None), (19, 11, 27), (1, 9, None)):
            made = pair(fmt, width, height, stride)
            for step in range(120):
                kind = random_below(8)
                x, y = random_below(width + 12) - 6, random_below(height + 12) - 6
                w, h = random_below(width + 8) - 2, random_below(height + 8) - 2
                col = (ink, paper, 0, -1, 0x12345)[random_below(5)]
                for _buf, fb in made:
                    if kind == 0:
                        fb.fill_rect(x, y, w, h, col)
                    elif kind == 1:
                        fb.rect(x, y, w, h, col, step & 1 == 0)
                    elif kind == 2:
                        fb.hline(x, y, w, col)
                    elif kind == 3:
                        fb.vline(x, y, h, col)
                    elif kind == 4:
                        fb.line(x, y, x + w - 3, y + h - 5, col)
                    elif kind == 5:
                        fb.pixel(x, y, col)
                    elif kind == 6:
                        fb.ellipse(x, y, w // 2, h // 3, col, step & 1 == 1, step & 15)
                    elif step % 30 == 7:
                        fb.fill(col)
                same(made, (fmt, width, height, stride, step, kind, x, y, w, h, col))
                probe = [fb.pixel(x, y) for _buf, fb in made]
                assert probe[0] == probe[1], (fmt, x, y, probe)


def _source(fmt, width, height, stride, seed):
    """(reference source, portable source) over equal buffers: FrameBuffers, or the tuple form."""
    made = pair(fmt, width, height, stride, seed, 0)
    if seed & 1:
        return tuple(
            (buf, width, height, fmt) if stride is None else (buf, width, height, fmt, stride)
            for buf, _fb in made
        )
    return tuple(fb for _buf, fb in made)


def _palette(fmt, seed):
    """A palette for a source of format `fmt` (2 colours for mono, 256 for GS8), as RGB565
    or GS8 FrameBuffers of both modules."""
    count = 256 if fmt == 6 else 2
    pal_fmt = 6 if (fmt == 6 and seed & 2) else 1
    made = pair(pal_fmt, count, 1, None, seed + 3, 0)
    return tuple(fb for _buf, fb in made)


def test_blits_with_keys_and_palettes_clipped_at_every_edge():
    pairs = ((3, 3), (0, 0), (3, 0), (0, 3), (6, 6), (1, 1), (3, 6), (6, 0), (1, 3), (0, 1))
    for target_fmt, source_fmt in pairs:
        for width, height, stride in ((23, 17, None), (20, 16, 29)):
            made = pair(target_fmt, width, height, stride, 11)
            for step in range(60):
                sw, sh = 1 + random_below(13), 1 + random_below(11)
                sources = _source(source_fmt, sw, sh, None if step & 4 else sw + 5, step)
                # Every edge: fully outside, straddling and inside, on both axes.
                x = (-sw, -sw + 1, -2, 0, 3, width - sw, width - 2, width - 1, width)[step % 9]
                y = (-sh, -sh + 1, -1, 0, 2, height - sh, height - 1, height)[(step // 3) % 8]
                palettes = (None, None)
                if step % 3 == 1 and source_fmt != 1:  # an RGB565 source has no palette
                    palettes = _palette(source_fmt, step)
                key = (-1, 0, 1, 0x5A, 0xC3, 0xF81F)[random_below(6)]
                for index in (0, 1):
                    made[index][1].blit(sources[index], x, y, key, palettes[index])
                same(made, (target_fmt, source_fmt, step, sw, sh, x, y, key))


def test_blits_between_views_of_one_frame_with_strides():
    # As the LED and panel drivers do: GS8 windows onto memoryviews of a larger buffer.
    for step in range(20):
        frames = []
        for module in MODULES:
            frame = pattern(300, step)
            other = pattern(300, step + 1)
            table = bytearray((7 * i + step) & 0xFF for i in range(256))
            start, count, rows, stride = 3 + step, 4 + step % 5, 1 + step % 7, 13 + step % 3
            view = memoryview(frame)
            source = module.FrameBuffer(memoryview(other)[start:], count, rows, module.GS8, stride)
            target = module.FrameBuffer(view[start + 1 :], count, rows, module.GS8, stride)
            palette = module.FrameBuffer(table, 256, 1, module.GS8)
            target.blit(source, 0, 0, -1, palette if step & 1 else None)
            target.fill_rect(1, 0, 1, rows, step)
            frames.append(frame)
        assert frames[0] == frames[1], step


def test_the_projects_text_matches_in_every_font_format_and_colour():
    strings = ("Hello, 42!", "Ag|_\u2190\u2713\u4e00", "\u2026 WWW mmm")
    try:
        for fmt, ink, paper in FORMATS:
            made = pair(fmt, 61, 29, None, 5)
            for index in (0, 1):
                use(MODULES[index])
                fonts = (text.Font(small), text.Font(medium))
                fb = made[index][1]
                for step in range(24):
                    font = fonts[step % 2]
                    colour = (ink, paper, 1, 0)[step % 4]
                    x, y = (step * 7) % 70 - 12, (step * 5) % 36 - 8
                    text.draw(fb, font, strings[step % 3], x, y, colour)
            same(made, fmt)
    finally:
        use(reference)
