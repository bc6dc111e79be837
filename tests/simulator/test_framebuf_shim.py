"""The CPython framebuf shim must draw exactly the bytes MicroPython's built-in framebuf draws.

Every scene is a short framebuf program. It runs here on the shim (hostsim/shims/framebuf.py)
and, for all scenes at once, in one `.venv/bin/micropython` process on the real module; each
`emit()`ed buffer or value must match. Buffers start with a byte pattern rather than zeros so
that bits a call must leave alone (neighbouring pixels, stride padding, bytes past the image)
are checked too.
"""

import os
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
SEPARATOR = "\t"

# Runs unchanged on both interpreters; `run_scene` returns what the scene emitted.
HARNESS = r"""
import framebuf
from array import array


def pattern(n, seed=7):
    return bytearray(((i + seed) * 2654435761 >> 11) & 0xFF for i in range(n))


def attempt(function):
    try:
        function()
    except Exception as error:
        return type(error).__name__
    return "ok"


def run_scene(code):
    out = []

    def emit(*items):
        for item in items:
            if isinstance(item, (bytes, bytearray)):
                out.append(bytes(item).hex())
            else:
                out.append(repr(item))

    space = {"framebuf": framebuf, "array": array, "emit": emit, "attempt": attempt,
             "pattern": pattern}
    try:
        exec(code, space)
    except Exception as error:
        out.append("raised " + type(error).__name__)
    return out
"""

# name, format constant, two colours that mean something in that format
FORMATS = [
    ("MONO_VLSB", 0, 1, 0),
    ("MONO_HLSB", 3, 1, 0),
    ("MONO_HMSB", 4, 1, 0),
    ("GS2_HMSB", 5, 3, 1),
    ("GS4_HMSB", 2, 0xA, 0x5),
    ("GS8", 6, 0x5A, 0xC3),
    ("RGB565", 1, 0xF81F, 0x07E0),
]
PALETTE_SIZES = {0: 2, 3: 2, 4: 2, 5: 4, 2: 16, 6: 256}  # colours a source format can hold


def prelude(fmt, colour, colour2, width=21, height=13, stride=None, seed=7):
    """A framebuffer `fb` over `buf`, with room to spare after the image."""
    size = (max(width, stride or 0) + 8) * (height + 8) * 2
    extra = "" if stride is None else ", %d" % stride
    return (
        "W, H, FMT, C, C2 = %d, %d, %d, %d, %d\n"
        "buf = pattern(%d, %d)\n"
        "fb = framebuf.FrameBuffer(buf, W, H, FMT%s)\n"
        % (width, height, fmt, colour, colour2, size, seed, extra)
    )


DRAWING = {
    "fill": """
fb.fill(C); emit(buf)
fb.fill(0); emit(buf)
fb.fill(C2); emit(buf)
fb.fill(-1); emit(buf)
fb.fill(0x10000); emit(buf)
fb.fill(0x1235); emit(buf)
""",
    "fill_rect": """
fb.fill_rect(2, 3, 7, 5, C)
fb.fill_rect(-3, -2, 6, 5, C2)
fb.fill_rect(W - 4, H - 3, 10, 10, C)
fb.fill_rect(5, 1, 0, 4, C2)
fb.fill_rect(5, 1, 4, -1, C2)
fb.fill_rect(W, 0, 3, 3, C)
fb.fill_rect(0, H, 3, 3, C)
fb.fill_rect(-5, -5, 5, 5, C)
emit(buf)
for x in range(-2, 19):
    fb.fill_rect(x, x % 11 - 1, 1 + x % 9, 1 + x % 4, C if x % 2 else C2)
emit(buf)
fb.fill_rect(-100, -100, 1000, 1000, C2)
emit(buf)
""",
    "pixel": """
for i in range(60):
    fb.pixel(i * 3 % (W + 4) - 2, i * 5 % (H + 4) - 2, C if i % 3 else C2)
fb.pixel(0, 0, -1)
fb.pixel(1, 0, 0x10000)
fb.pixel(2, 0, 0x12345)
emit(buf)
emit([fb.pixel(x, y) for x in range(-1, W + 1) for y in (-1, 0, 3, H - 1, H)])
""",
    "hline_vline": """
for i in range(-3, W + 3):
    fb.hline(i - 4, i % (H + 2) - 1, i % 7 - 2, C if i % 2 else C2)
    fb.vline(i, i % 5 - 3, i % 9 - 1, C2 if i % 3 else C)
emit(buf)
fb.hline(-10, 2, 100, C); fb.vline(3, -10, 100, C)
fb.hline(0, -1, 5, C); fb.vline(W, 0, 5, C); fb.hline(W, 0, 5, C); fb.vline(0, H, 5, C)
emit(buf)
""",
    "rect": """
fb.rect(1, 1, 8, 6, C)
fb.rect(3, 2, 1, 1, C2)
fb.rect(-2, -2, 6, 6, C2)
fb.rect(W - 3, H - 3, 9, 9, C)
fb.rect(10, 3, 5, 4, C, True)
fb.rect(12, 8, 6, 3, C2, 1)
fb.rect(14, 0, 3, 3, C, 0)
fb.rect(6, 6, -3, 4, C)
fb.rect(6, 6, 4, 0, C)
fb.rect(0, 0, W, H, C2)
emit(buf)
""",
    "line": """
cx, cy = W // 2, H // 2
for dx in range(-15, 16, 3):
    for dy in (-12, -5, 0, 5, 12):
        fb.line(cx, cy, cx + dx, cy + dy, C if (dx + dy) % 2 else C2)
emit(buf)
fb.fill(0)
for dy in range(-15, 16, 3):
    for dx in (-12, 12):
        fb.line(cx + dx, cy + dy, cx, cy, C)
fb.line(3, 3, 3, 3, C2)
fb.line(-20, -5, W + 20, H + 5, C2)
fb.line(-20, H + 3, -3, -9, C)
fb.line(0, -1, W - 1, -1, C)
fb.line(W - 1, H - 1, 0, 0, C2)
emit(buf)
""",
    "ellipse": """
fb.ellipse(10, 6, 8, 5, C)
fb.ellipse(10, 6, 4, 3, C2, True)
fb.ellipse(0, 0, 5, 7, C, True)
fb.ellipse(W, H, 6, 3, C2)
fb.ellipse(5, 5, 0, 0, C)
fb.ellipse(7, 2, 0, 3, C2)
fb.ellipse(12, 9, 4, 0, C, True)
fb.ellipse(15, 4, 1, 1, C)
fb.ellipse(-3, 6, 2, 9, C2, True)
fb.ellipse(10, 6, 30, 20, C)
fb.ellipse(9, 5, -3, 2, C)
emit(buf)
for xr in range(13):
    for yr in range(11):
        fb.fill(0)
        fb.ellipse(W // 2, H // 2, xr, yr, C, (xr + yr) % 2)
        emit(buf)
""",
    "ellipse_masks": """
for m in range(-1, 20):
    fb.fill(0)
    fb.ellipse(10, 6, 7, 5, C, False, m)
    fb.ellipse(10, 6, 3, 2, C2, True, m)
    emit(buf)
fb.ellipse(3, 3, 0, 0, C, False, 0)
fb.ellipse(4, 4, 0, 0, C, True, 0x10)
emit(buf)
""",
    "poly": """
star = array('h', [10, 0, 12, 5, 18, 5, 13, 8, 15, 13, 10, 10, 5, 13, 7, 8, 2, 5, 8, 5])
fb.poly(0, 0, star, C)
emit(buf)
fb.poly(1, -1, star, C2, True)
emit(buf)
zig = array('b', [0, 0, 4, 9, 8, 1, 12, 9, 16, 0, 16, 12, 0, 12])
fb.poly(-3, 2, zig, C, True)
fb.poly(W - 6, -4, zig, C2)
emit(buf)
fb.poly(2, 2, array('i', [0, 0, 6, 0, 6, 4, 3, 1, 0, 4]), C, 1)
fb.poly(5, 5, array('h', [3, 3]), C2, True)
fb.poly(5, 5, array('h', [1, 1, 6, 1]), C, True)
fb.poly(5, 5, array('h', [1, 1, 6, 1, 9]), C2)
fb.poly(5, 5, array('h'), C)
fb.poly(4, 4, b'\\x00\\x00\\x08\\x02\\x03\\x07', C2, True)
fb.poly(-40, -40, array('h', [0, 0, 100, 0, 100, 100, 0, 100]), C2, True)
emit(buf)
""",
    "text": """
fb.fill(C2)
fb.text("Hi!", 0, 0, C)
fb.text("clip", -5, 4)
fb.text("edge", W - 12, H - 5, C)
fb.text("up", 3, -6, C)
fb.text("\\x01\\x1f \\x7f\\x80\\xe9~", -1, 7, C)
fb.text("a\\x00b", 10, 0, C)
fb.text(b"by", 13, 5, C)
fb.text("", 0, 0, C)
fb.text("far", W, 0, C)
fb.text("far", 0, H, C)
fb.text("far", -24, 0, C)
emit(buf)
fb.text("0", 2, 2, 0)
fb.text("Mm", 4, 3, -1)
emit(buf)
""",
    "scroll": """
fb.text("Ab", 1, 1, C)
fb.line(0, H - 1, W - 1, 0, C2)
emit(buf)
for dx, dy in ((1, 0), (-2, 0), (0, 3), (0, -1), (3, -2), (-1, 2), (0, 0),
               (W - 1, 0), (-(W - 1), 1), (0, H - 1), (2, -(H - 1))):
    fb.scroll(dx, dy)
    emit(buf)
fb.scroll(W, 0); fb.scroll(-W, 0); fb.scroll(0, H); fb.scroll(0, -H); fb.scroll(100, -100)
emit(buf)
""",
    "blit_self": """
fb.blit(fb, 2, 1)
emit(buf)
fb.blit(fb, -3, -1, C)
emit(buf)
fb.blit(fb, 3, 0)
emit(buf)
fb.blit(fb, -2, 0, C2)
emit(buf)
other = framebuf.FrameBuffer(buf, 8, 5, FMT)
fb.blit(other, 4, 3)
emit(buf)
""",
    "sheet": """
fb.fill(0)
fb.rect(0, 0, W, H, C)
for i in range(0, H - 8, 9):
    fb.text("Player %d: %d pts ~~ ABCxyz" % (i, i * 7), 2 + i % 5, 2 + i, C)
    fb.hline(1, 11 + i, W - 2, C)
fb.fill_rect(W // 2, 3, 17, 20, C)
fb.text("inverted", W // 2 + 1, 7, 0)
emit(buf)
""",
}


def fuzz(seed, steps=160):
    """Random calls of every kind, from a generator both interpreters compute alike."""
    return """
s = [%d]
def rnd(n):
    s[0] = (s[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (s[0] >> 8) %% n
cols = [0, C, C2, -1, 0x1234, 256, 7, 1]
keys = [-1, 0, 1, 3, 0xA, 0x5A, C]
chars = ['a', 'Z', '0', ' ', '~', '\\x7f', '\\x01', '\\xe9', '\\x00', '!', 'W', '@']
def col():
    return cols[rnd(len(cols))]
def cx():
    return rnd(W + 16) - 8
def cy():
    return rnd(H + 16) - 8
sprites = [framebuf.FrameBuffer(pattern(120, f), 7, 5, f) for f in range(7)]
palette = framebuf.FrameBuffer(pattern(16, 99), 4, 1, FMT)
for step in range(%d):
    op = rnd(15)
    if op == 0:
        fb.pixel(cx(), cy(), col())
    elif op == 1:
        fb.fill_rect(cx(), cy(), rnd(W + 4) - 2, rnd(H + 4) - 2, col())
    elif op == 2:
        fb.hline(cx(), cy(), rnd(2 * W) - W // 2, col())
    elif op == 3:
        fb.vline(cx(), cy(), rnd(2 * H) - H // 2, col())
    elif op == 4:
        fb.rect(cx(), cy(), rnd(W + 4) - 2, rnd(H + 4) - 2, col(), rnd(2))
    elif op == 5:
        fb.line(cx() * 2 - W // 2, cy() * 2 - H // 2, cx(), cy(), col())
    elif op == 6:
        fb.ellipse(cx(), cy(), rnd(12), rnd(10), col(), rnd(2), rnd(16))
    elif op == 7:
        k = 1 + rnd(6)
        points = array('h', [rnd(24) - 6 for _ in range(2 * k)])
        fb.poly(cx(), cy(), points, col(), rnd(2))
    elif op == 8:
        fb.text(''.join([chars[rnd(len(chars))] for _ in range(rnd(6))]), cx(), cy(), col())
    elif op == 9:
        fb.scroll(rnd(7) - 3, rnd(7) - 3)
    elif op == 10:
        fb.blit(sprites[rnd(7)], cx(), cy(), keys[rnd(len(keys))])
    elif op == 11:
        fb.blit(sprites[(0, 3, 4, 5)[rnd(4)]], cx(), cy(), keys[rnd(len(keys))], palette)
    elif op == 12:
        emit(fb.pixel(cx(), cy()))
    elif op == 13 and rnd(8) == 0:
        fb.fill(col())
    elif op == 14:
        fb.blit((pattern(48, step), 6, 4, (0, 3, 4, 5, 2, 6, 1)[rnd(7)]), cx(), cy())
    if step %% 20 == 19:
        emit(buf)
emit(buf)
""" % (seed, steps)


def blit_scene(src, dst):
    """Blit from one format into another: plain, keyed, clipped, as a tuple, with a palette."""
    _, sfmt, scol, _ = src
    _, dfmt, dcol, dcol2 = dst
    code = prelude(dfmt, dcol, dcol2, seed=dfmt) + (
        "sbuf = pattern(400, %d)\n"
        "src = framebuf.FrameBuffer(sbuf, 9, 7, %d)\n"
        "src.text('x', 1, 0, %d)\n"
        "fb.blit(src, 3, 2); emit(buf)\n"
        "fb.blit(src, -2, -3, src.pixel(0, 0)); emit(buf)\n"
        "fb.blit(src, W - 4, H - 3, src.pixel(1, 1)); emit(buf)\n"
        "fb.blit(src, -9, 0); fb.blit(src, 0, -7); fb.blit(src, W, 0); fb.blit(src, 0, H)\n"
        "fb.blit((sbuf, 9, 7, %d), 5, 5); emit(buf)\n"
        "fb.blit([sbuf, 8, 6, %d, 9], 12, 1, -1); emit(buf)\n" % (sfmt, sfmt, scol, sfmt, sfmt)
    )
    if sfmt in PALETTE_SIZES:
        size = PALETTE_SIZES[sfmt]
        code += (
            "pal = framebuf.FrameBuffer(pattern(%d, 5), %d, 1, FMT)\n"
            "fb.blit(src, 1, 1, -1, pal); emit(buf)\n"
            "fb.blit(src, 0, 4, pal.pixel(1, 0), pal); emit(buf)\n"
            "fb.blit(src, 6, -2, -1, (pattern(%d, 3), %d, 1, 1)); emit(buf)\n"
            % (size * 2 + 8, size, size * 2, size)
        )
    return code


CHECKS = {
    "constructor_errors": """
b = bytearray(2000)
for args in ((b, 0, 8, 0), (b, 8, 0, 0), (b, 8, 8, 7), (b, 8, 8, -1), (b, 8, 8, 0, 4),
             (b, 0x10000, 1, 6), (b, 8, 8, 0, 0x10000), (b'\\x00' * 64, 8, 8, 0),
             ([0] * 64, 8, 8, 0), (b, 8.0, 8, 0), (b, 8, 8), (b, 8, 8, 0, 8, 1),
             ([0] * 64, 0, 8, 0), (bytearray(10), 8, 8, 9), (array('H', [0] * 32), 8, 8, 1),
             (memoryview(b)[5:70], 8, 8, 0)):
    emit(attempt(lambda: framebuf.FrameBuffer(*args)))
emit(attempt(lambda: framebuf.FrameBuffer(b, 8, 8, 0, stride=8)))
""",
    "smallest_buffers": """
for fmt in range(7):
    for w, h, stride in ((1, 1, 1), (8, 8, 8), (13, 11, 13), (13, 11, 20), (3, 17, 5),
                         (17, 3, 17), (9, 9, 16)):
        n = 0
        while attempt(lambda: framebuf.FrameBuffer(bytearray(n), w, h, fmt, stride)) != "ok":
            n += 1
        emit(fmt, w, h, stride, n)
""",
    "method_errors": """
fb = framebuf.FrameBuffer(bytearray(64), 8, 8, 0)
emit(attempt(lambda: fb.blit(5, 0, 0)))
emit(attempt(lambda: fb.blit((bytearray(8), 8, 8), 0, 0)))
emit(attempt(lambda: fb.blit((bytearray(8), 8, 8, 0, 8, 0), 0, 0)))
emit(attempt(lambda: fb.blit((bytearray(2), 8, 8, 0), 0, 0)))
emit(attempt(lambda: fb.blit((b'\\xff' * 8, 8, 8, 0), 0, 0)))
emit(attempt(lambda: fb.blit(fb, 0, 0, -1, 7)))
emit(attempt(lambda: fb.blit(fb, 0, 0, -1, None)))
emit(attempt(lambda: fb.text(5, 0, 0)))
emit(attempt(lambda: fb.text(bytearray(b'x'), 0, 0)))
emit(attempt(lambda: fb.text('x', 0, 0, 1, 2)))
emit(attempt(lambda: fb.poly(0, 0, [0, 0, 3, 3], 1)))
emit(attempt(lambda: fb.poly(0, 0, array('f', [0, 0, 3, 3]), 1)))
emit(attempt(lambda: fb.pixel(1, 1, 1, 1)))
emit(attempt(lambda: fb.pixel(1.5, 1)))
emit(attempt(lambda: fb.pixel(1, 1, None)))
emit(attempt(lambda: fb.rect(0, 0, 2, 2)))
emit(attempt(lambda: fb.rect(0, 0, 2, 2, 1, fill=True)))
emit(attempt(lambda: fb.ellipse(4, 4, 2, 2, 1, True, 15, 0)))
emit(attempt(lambda: fb.scroll(1)))
emit(attempt(lambda: fb.fill('x')))
emit(attempt(lambda: fb.line(0, 0, 1, 1, True)))
emit(bytes(fb.pixel(x, y) or 0 for x in range(8) for y in range(8)))
""",
    "blit_edges": """
mb = bytearray(40)
mono = framebuf.FrameBuffer(mb, 16, 16, framebuf.MONO_HLSB)
wide = framebuf.FrameBuffer(bytearray(64), 8, 4, framebuf.RGB565)
for i, value in enumerate((0x0100, 0xFF00, 0x0001, 0, 0xFFFF, 0x8000, 0x00FF, 0x0100)):
    wide.vline(i, 0, 4, value)
mono.blit(wide, 1, 1)
mono.blit(wide, 5, 9, 0xFFFF)
mono.blit(wide, 9, 3, 0x10000FFFF)
mono.blit(wide, 0, 12, -1 << 16)
emit(mb)
small = framebuf.FrameBuffer(bytearray(64), 8, 4, framebuf.RGB565)
for i in range(8):
    small.vline(i, 0, 4, i % 4)
for fmt in range(7):
    out = framebuf.FrameBuffer(pattern(200, fmt), 12, 6, fmt)
    out.blit(small, 2, 1, -1, framebuf.FrameBuffer(pattern(16, 9), 4, 1, fmt))
    out.blit(small, -3, 3, 2, framebuf.FrameBuffer(pattern(16, 8), 4, 1, framebuf.RGB565))
    source = framebuf.FrameBuffer(pattern(100, fmt), 9, 5, framebuf.GS8)
    out.blit(source, 1, 0, -1, framebuf.FrameBuffer(pattern(600, fmt), 4, 1, fmt))
    emit([out.pixel(x, y) for y in range(6) for x in range(12)])
""",
    "blit_shared_buffer": """
store = pattern(300, 1)
big = framebuf.FrameBuffer(store, 24, 12, framebuf.MONO_HLSB)
part = framebuf.FrameBuffer(store, 16, 6, framebuf.MONO_HLSB, 24)
big.blit(part, 3, 2)
emit(store)
big.blit((store, 8, 8, framebuf.MONO_HLSB, 24), 1, 0, 1)
emit(store)
""",
    "subclass_and_legacy": """
class Canvas(framebuf.FrameBuffer):
    def __init__(self, w, h):
        self.store = bytearray(w * h // 8 + 8)
        super().__init__(self.store, w, h, framebuf.MONO_HLSB)

    def cross(self, c):
        self.line(0, 0, 15, 9, c)
        self.line(15, 0, 0, 9, c)

canvas = Canvas(16, 10)
canvas.cross(1)
emit(canvas.store)
legacy = framebuf.FrameBuffer1(bytearray(40), 10, 12)
legacy.text('L', 1, 2)
legacy2 = framebuf.FrameBuffer1(bytearray(60), 10, 12, 14)
legacy2.blit(canvas, -3, 1)
emit(legacy2.pixel(2, 3), legacy.pixel(3, 4))
dest = framebuf.FrameBuffer(bytearray(400), 20, 20, framebuf.GS8)
dest.blit(canvas, 2, 2, 0)
dest.blit(legacy, 0, 0, -1, framebuf.FrameBuffer(bytearray(b'\\x11\\x22'), 2, 1, 6))
emit(dest.pixel(5, 5), dest.pixel(2, 2))
emit(framebuf.MONO_VLSB, framebuf.MVLSB, framebuf.MONO_HLSB, framebuf.MONO_HMSB,
     framebuf.RGB565, framebuf.GS2_HMSB, framebuf.GS4_HMSB, framebuf.GS8)
""",
}


def _scenes():
    scenes = []
    for name, fmt, colour, colour2 in FORMATS:
        for drawing, body in DRAWING.items():
            if drawing == "sheet":
                continue
            scenes.append(("%s/%s" % (drawing, name), prelude(fmt, colour, colour2) + body))
        strided = prelude(fmt, colour, colour2, width=13, height=10, stride=22, seed=3)
        scenes.append(("strided/%s" % name, strided + DRAWING["fill_rect"] + DRAWING["text"]))
        for index, (width, height, stride) in enumerate(((21, 13, None), (16, 9, 19), (6, 4, 6))):
            seed = 1000 * fmt + index
            code = prelude(fmt, colour, colour2, width, height, stride, seed) + fuzz(seed)
            scenes.append(("fuzz%d/%s" % (index, name), code))
    for source in FORMATS:
        for target in FORMATS:
            scenes.append(("blit/%s->%s" % (source[0], target[0]), blit_scene(source, target)))
    for name, fmt, colour, _ in FORMATS[:3]:
        for width, height in ((296, 128), (400, 300)):
            code = prelude(fmt, colour, 0, width, height) + DRAWING["sheet"]
            scenes.append(("sheet%dx%d/%s" % (width, height, name), code))
    scenes.extend(CHECKS.items())
    return scenes


SCENES = _scenes()
_HERE = {}
exec(HARNESS, _HERE)


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    """Every scene's output from the real framebuf, in one micropython run."""
    if not os.access(MICROPYTHON, os.X_OK):
        pytest.fail("MicroPython unix port not found at %s (see TOOLCHAIN.md)" % MICROPYTHON)
    script = HARNESS + (
        "\nSCENES = %r\n"
        "for name, code in SCENES:\n"
        "    print(name + %r + %r.join(run_scene(code)))\n" % (SCENES, SEPARATOR, SEPARATOR)
    )
    path = tmp_path_factory.mktemp("framebuf") / "scenes.py"
    path.write_text(script, encoding="utf-8")
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=64M", str(path)], capture_output=True, text=True, timeout=600
    )
    if result.returncode:
        pytest.fail("micropython failed (%d):\n%s" % (result.returncode, result.stderr[-2000:]))
    outputs = {}
    for line in result.stdout.splitlines():
        name, *items = line.split(SEPARATOR)
        outputs[name] = items
    return outputs


def _first_difference(expected, actual):
    """Where two scene outputs part (hex digit and byte), with a little context."""
    for index, (want, got) in enumerate(zip(expected, actual)):
        if want != got:
            at = 0
            while at < min(len(want), len(got)) and want[at] == got[at]:
                at += 1
            around = slice(max(0, at - 16), at + 48)
            return "emit #%d differs at char %d (byte %d):\n  micropython %s\n  shim        %s" % (
                (index, at, at // 2, want[around], got[around])
            )
    return "micropython emitted %d items, the shim %d" % (len(expected), len(actual))


@pytest.mark.parametrize("name, code", SCENES, ids=[name for name, _ in SCENES])
def test_scene_matches_micropython(name, code, device):
    assert name in device, "scene %s produced no output under micropython" % name
    expected, actual = device[name], _HERE["run_scene"](code)
    if actual != expected:
        difference = _first_difference(expected, actual)
        pytest.fail("scene %s: %s\n--- scene code ---\n%s" % (name, difference, code))


def test_scene_names_are_unique():
    names = [name for name, _ in SCENES]
    assert len(names) == len(set(names))
