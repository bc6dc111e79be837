"""The attract loop's title dice: every pip stands apart from the frame and from the other
pips, at the sizes both panels use (issue 16: a corner pip merged into the frame, so a 2 read
as a 1). Both runtimes."""

import framebuf

from dicetable.kiosk import attract


def _ink(fb, x, y):
    return fb.pixel(x, y) == 1


def test_pips_never_touch_the_frame_or_each_other():
    for size in (12, 14, 33):  # the smallest drawn, then 296x128 and 400x300
        places, pip = attract.pip_places(size)
        assert places[0] >= 2 and places[2] + pip <= size - 2, size
        assert places[1] - places[0] > pip and places[2] - places[1] > pip, size
        for face in range(1, 7):
            buffer = bytearray(((size + 2 + 7) // 8) * (size + 2))
            fb = framebuf.FrameBuffer(buffer, size + 2, size + 2, framebuf.MONO_HLSB)
            attract._die(fb, 0, 0, size, face)
            # Inside the frame, the ring next to it is paper all round.
            for i in range(1, size - 1):
                for x, y in ((1, i), (size - 2, i), (i, 1), (i, size - 2)):
                    assert not _ink(fb, x, y), (size, face, x, y)
            inked = sum(
                1 for y in range(2, size - 2) for x in range(2, size - 2) if _ink(fb, x, y)
            )
            assert inked == face * pip * pip, (size, face)
