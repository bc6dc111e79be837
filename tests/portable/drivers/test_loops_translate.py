"""loops.translate_rows turns a window into RAM bytes exactly as the GS8 palette blit does.

Plain test functions with bare asserts: pytest on CPython, tools/mptest.py on real MicroPython
(from source; an .mpy built for the RP2040 cannot load it on a PC).
"""

import framebuf

from dicetable.drivers.panel_bus import byte_table

try:
    from dicetable.loops import copy_rows, translate_rows
except ValueError:  # the RP2040's .mpy on a PC
    copy_rows = translate_rows = None


def test_translate_rows_as_the_blit():
    if translate_rows is None:
        import dicetable.drivers.panel_bus as bus

        assert getattr(bus, "__file__", "").endswith(".mpy")
        return
    frame = bytearray((index * 37 + 11) & 0xFF for index in range(296 * 16))
    for reverse in (True, False):
        table = byte_table(reverse, True)
        palette = framebuf.FrameBuffer(table, 256, 1, framebuf.GS8)
        for start, count, rows, stride in ((0, 296, 4, 296), (305, 17, 9, 296), (3, 25, 40, 50)):
            fast = bytearray(count * rows)
            translate_rows(fast, frame, table, start, count, rows, stride)
            slow = bytearray(count * rows)
            source = framebuf.FrameBuffer(
                memoryview(frame)[start:], count, rows, framebuf.GS8, stride
            )
            framebuf.FrameBuffer(slow, count, rows, framebuf.GS8).blit(source, 0, 0, -1, palette)
            assert fast == slow, (reverse, start, count, rows, stride)


def test_copy_rows_copies_the_window_and_nothing_else():
    if copy_rows is None:
        return  # the RP2040's .mpy on a PC: test_translate_rows_as_the_blit owns up to it
    source = bytearray((index * 29 + 5) & 0xFF for index in range(50 * 40))
    for start, count, rows, stride in ((0, 50, 3, 50), (107, 9, 30, 50), (49, 1, 40, 50)):
        dest = bytearray(len(source))
        copy_rows(dest, source, start, count, rows, stride)
        expected = bytearray(len(source))
        for row in range(rows):
            at = start + row * stride
            expected[at : at + count] = source[at : at + count]
        assert dest == expected, (start, count, rows, stride)
