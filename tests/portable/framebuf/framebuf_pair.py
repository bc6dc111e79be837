"""What the portable framebuf tests share: both modules, pairs of equal buffers, and
pointing the firmware's drawing modules at one module or the other."""

import gc
import sys

import framebuf as reference
from bot_games import play_on
from circuitpython import framebuf as portable

from dicetable.core.session import Session
from dicetable.games import load
from dicetable.ui import draw
from dicetable.ui.screens import sheet_module

MODULES = (reference, portable)
# (format, ink, paper) for the formats the firmware draws in
FORMATS = ((0, 1, 0), (3, 1, 0), (6, 0x5A, 0xC3), (1, 0xF81F, 0x07E0))
_SEED = [12345]


def random_below(n):
    """A small LCG, the same numbers on both interpreters."""
    _SEED[0] = (_SEED[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (_SEED[0] >> 8) % n


def pattern(size, seed):
    return bytearray(((i + seed) * 2654435761 >> 11) & 0xFF for i in range(size))


def size_of(fmt, width, height, stride):
    if fmt == 0:
        return stride * ((height + 7) // 8)
    if fmt == 3:
        return (stride + 7) // 8 * height
    return stride * height * (2 if fmt == 1 else 1)


def pair(fmt, width, height, stride=None, seed=7, extra=5):
    """The same buffer (plus a tail past the image) as a FrameBuffer of each module."""
    size = size_of(fmt, width, height, stride or width) + extra
    made = []
    for module in MODULES:
        buf = pattern(size, seed)
        if stride is None:
            made.append((buf, module.FrameBuffer(buf, width, height, fmt)))
        else:
            made.append((buf, module.FrameBuffer(buf, width, height, fmt, stride)))
    return made


def same(made, what):
    assert made[0][0] == made[1][0], what


def use(module):
    """Point the firmware's drawing modules at `module` and forget fonts built on the other."""
    for name in list(sys.modules):
        loaded = sys.modules[name]
        if name.startswith("dicetable") and getattr(loaded, "framebuf", None) in MODULES:
            loaded.framebuf = module
    draw._fonts.clear()
    draw._looks.clear()


# Two frames big enough for the 400x300 panel, made once, first thing in a sheets test (while
# the heap is still in one piece).
_POOLS = []


def _equal(size):
    """The first `size` bytes of both pools are equal (compared a slice at a time: no copy
    of a whole frame on a device-sized heap)."""
    for start in range(0, size, 500):
        end = min(size, start + 500)
        if _POOLS[0][start:end] != _POOLS[1][start:end]:
            return False
    return True


def _sheets_match(game_id, width, height):
    """A bot-played game's sheet at several moments is drawn alike by both modules; returns
    a checksum per moment (to see the game moved on)."""
    session = Session.start(load(game_id), {"players": 2}, 77, lambda line: None, False)
    sheet = sheet_module(game_id)
    fmt = 0 if width == 296 else 3
    size = size_of(fmt, width, height, width)
    sums = []
    for moment in range(4):
        play_on(session, 6 + 9 * moment)
        state = session.state
        seat = state.turn_seat() if session.actors() else 0
        view = {"seat": seat, "prompt": "P%d: choose" % seat, "choices": ["a", "b"]}
        view.update({"cursor": moment % 2, "note": "note %d" % moment})
        view.update({"show_pool": moment & 1 == 1, "passing": False})
        for index in (0, 1):
            use(MODULES[index])
            fb = MODULES[index].FrameBuffer(memoryview(_POOLS[index])[:size], width, height, fmt)
            fb.fill(0)
            sheet.draw(fb, width, height, state, view)
        assert _equal(size), (game_id, width, moment)
        sums.append(sum(_POOLS[0][:size]))
    return sums


def check_games(games):
    """Every game's sheets match on both panels (296x128 MONO_VLSB, 400x300 MONO_HLSB)."""
    if not _POOLS:
        _POOLS.extend((bytearray(50 * 300), bytearray(50 * 300)))
    try:
        for game_id in games:
            gc.collect()
            for width, height in ((296, 128), (400, 300)):
                sums = _sheets_match(game_id, width, height)
                assert sums[0] != sums[-1], (game_id, width)  # the game moved on: a real check
    finally:
        use(reference)
