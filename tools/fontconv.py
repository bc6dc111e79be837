"""Convert the BDF bitmap fonts in tools/fonts/ into the firmware's font modules.

Usage:
    python tools/fontconv.py                regenerate firmware/dicetable/ui/fonts/*.py
    python tools/fontconv.py --check        exit 1 if a committed module differs from the output
    python tools/fontconv.py --out DIR      write (or --check) DIR instead of the firmware tree

Each module holds one font as a single MONO_HLSB bytes strip, the format that
firmware/dicetable/ui/text.py draws from (described in the generated fonts/__init__.py). A strip
in one bytes object costs one object in flash instead of one per glyph, and framebuf can blit out
of it directly, so drawing text needs no RAM copy of the font.

Pillow's BdfFontFile parses the BDF files. Its FontFile has only 256 code slots (0-255), so the
few wanted symbols above U+00FF are first moved into the control slots 1-31 by rewriting their
ENCODING lines, and nothing else; the font's own control-code glyphs are dropped (ENCODING -1),
as none of them is printable. Every other step (bitmap decoding, metrics) is Pillow's.
"""

import argparse
import io
import os
import sys

from PIL import BdfFontFile, Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE_DIR = os.path.join(ROOT, "tools", "fonts")
OUTPUT_DIR = os.path.join(ROOT, "firmware", "dicetable", "ui", "fonts")
COMMAND = "python tools/fontconv.py"

_MISC_FIXED = 'public domain ("Public domain font.  Share and enjoy.")'

# (module name, BDF file in tools/fonts, font name, licence, what the size is for)
FONTS = (
    (
        "small",
        "5x8.bdf",
        "X11 misc-fixed 5x8",
        _MISC_FIXED,
        "for dense 296x128 sheets: 16 lines of 59 characters",
    ),
    (
        "medium",
        "6x13.bdf",
        "X11 misc-fixed 6x13",
        _MISC_FIXED,
        "for body text: 9 lines of 49 characters on 296x128",
    ),
    (
        "large",
        "10x20.bdf",
        "X11 misc-fixed 10x20",
        _MISC_FIXED,
        "for titles, and big numbers on the 400x300 panel",
    ),
)

FIRST = 32  # the ASCII run: printable characters 32..126, glyph i is chr(FIRST + i)
ASCII_COUNT = 95

# Symbols after the ASCII run: (character the firmware writes, source glyphs tried in order).
# A font that has none of the candidates leaves the symbol out, and text.py draws a box for it.
SYMBOLS = (
    ("\u00b0", "\u00b0"),  # degree sign
    ("\u00d7", "\u00d7"),  # multiplication sign: "x2" bonuses
    ("\u00b7", "\u00b7"),  # middle dot: separators in score lines
    ("\u2190", "\u2190"),  # arrows: button hints
    ("\u2191", "\u2191"),
    ("\u2192", "\u2192"),
    ("\u2193", "\u2193"),
    # Check mark; 5x8 has none, and its square root sign reads as one at that size.
    ("\u2713", "\u2713\u221a"),
    ("\u2717", "\u2717\u00d7"),  # ballot x; else the multiplication sign
    ("\u2026", "\u2026"),  # ellipsis: text.fit() ends truncated text with it
    ("\u2022", "\u2022"),  # bullet
)

_BYTES_PER_LINE = 20  # 4 source characters per byte: lines stay under 99 columns


def _symbol_slots():
    """Map every candidate code point of SYMBOLS to its own control slot, 1..31."""
    code_points = sorted({ord(c) for _symbol, candidates in SYMBOLS for c in candidates})
    if len(code_points) > 31:
        raise ValueError("more than 31 symbol glyphs: they no longer fit the control slots")
    return {cp: slot for slot, cp in enumerate(code_points, 1)}


def load_bdf(path):
    """Parse a BDF file with Pillow; return ({code point: glyph}, [(symbol, glyph)]).

    A glyph is Pillow's FontFile tuple: ((dx, dy), dst box, src box, image), where dst is the
    image's box relative to the origin on the baseline (y grows down, so the top is negative).
    """
    slots = _symbol_slots()
    lines = []
    with open(path, "rb") as file:
        for line in file:
            if line.startswith(b"ENCODING "):
                code = int(line.split()[1])
                if code in slots:
                    line = b"ENCODING %d\n" % slots[code]
                elif 0 <= code < 32:
                    line = b"ENCODING -1\n"
            lines.append(line)
    font = BdfFontFile.BdfFontFile(io.BytesIO(b"".join(lines)))
    ascii_glyphs = {}
    for code in range(FIRST, FIRST + ASCII_COUNT):
        if font.glyph[code] is None:
            raise ValueError("%s has no glyph for %r" % (path, chr(code)))
        ascii_glyphs[code] = font.glyph[code]
    symbols = []
    for symbol, candidates in SYMBOLS:
        for candidate in candidates:
            glyph = font.glyph[slots[ord(candidate)]]
            if glyph is not None:
                symbols.append((symbol, glyph))
                break
    return ascii_glyphs, symbols


def convert(path):
    """Return the font's cells: a dict of metrics, the EXTRA string, advances and the strip."""
    ascii_glyphs, symbols = load_bdf(path)
    glyphs = [ascii_glyphs[code] for code in sorted(ascii_glyphs)]
    glyphs += [glyph for _symbol, glyph in symbols]
    # The cell is the union of the glyph boxes: for these fonts it is the font's bounding box,
    # FONT_ASCENT above the baseline and FONT_DESCENT below (tests check it with FreeType).
    ascent = max(-dst[1] for _d, dst, _s, _im in glyphs)
    descent = max(dst[3] for _d, dst, _s, _im in glyphs)
    width = max(max(d[0], dst[2]) for d, dst, _s, _im in glyphs)
    for (dx, dy), dst, _src, _im in glyphs:
        if dy or dst[0] < 0 or dx <= 0 or dx > 255:
            raise ValueError(
                "%s: a glyph leaves its cell (dwidth %d %d, box %r)" % (path, dx, dy, dst)
            )
    height = ascent + descent
    strip_width = (len(glyphs) * width + 7) & ~7
    strip = Image.new("1", (strip_width, height), 0)
    for index, (_d, dst, _src, image) in enumerate(glyphs):
        strip.paste(image, (index * width + dst[0], ascent + dst[1]))
    return {
        "height": height,
        "ascent": ascent,
        "width": width,
        "strip_width": strip_width,
        "extra": "".join(symbol for symbol, _glyph in symbols),
        "advances": bytes(d[0] for d, _dst, _src, _im in glyphs),
        # Pillow packs mode "1" rows most significant bit first, padded to whole bytes:
        # exactly framebuf's MONO_HLSB with a stride of strip_width.
        "bitmap": strip.tobytes(),
    }


def _bytes_literal(name, data):
    lines = ["%s = (" % name]
    for start in range(0, len(data), _BYTES_PER_LINE):
        chunk = data[start : start + _BYTES_PER_LINE]
        lines.append('    b"%s"' % "".join("\\x%02x" % byte for byte in chunk))
    lines.append(")")
    return lines


def _str_literal(text):
    return '"%s"' % "".join(
        c if " " <= c <= "~" and c not in '"\\' else "\\u%04x" % ord(c) for c in text
    )


def module_source(name, bdf, font_name, licence, purpose):
    font = convert(os.path.join(SOURCE_DIR, bdf))
    lines = [
        "# Generated by tools/fontconv.py from tools/fonts/%s: do not edit." % bdf,
        "# Font: %s, %s." % (font_name, licence),
        "# Regenerate: %s (make fonts). Verify: %s --check." % (COMMAND, COMMAND),
        '"""%s font (%s), %s.' % (name.capitalize(), font_name, purpose),
        "",
        "Format: see dicetable/ui/fonts/__init__.py. Extra glyphs: %s." % " ".join(font["extra"]),
        '"""',
        "",
        "from micropython import const",
        "",
        "HEIGHT = const(%d)  # rows in a line: ascent + descent" % font["height"],
        "ASCENT = const(%d)  # rows above the baseline" % font["ascent"],
        "WIDTH = const(%d)  # cell pitch in BITMAP: the widest glyph" % font["width"],
        "FIRST = const(%d)  # glyph i < ASCII_COUNT is chr(FIRST + i)" % FIRST,
        "ASCII_COUNT = const(%d)" % ASCII_COUNT,
        "STRIP_WIDTH = const(%d)  # BITMAP is a MONO_HLSB image this wide" % font["strip_width"],
        "",
        "# Glyph ASCII_COUNT + k draws EXTRA[k].",
        "EXTRA = %s" % _str_literal(font["extra"]),
        "",
        "# Pixels to advance after each glyph.",
    ]
    lines += _bytes_literal("ADVANCES", font["advances"])
    lines += ["", "# The glyph cells, side by side: glyph i at x = i * WIDTH."]
    lines += _bytes_literal("BITMAP", font["bitmap"])
    return "\n".join(lines) + "\n"


def package_source():
    lines = [
        "# Generated by tools/fontconv.py: do not edit. Regenerate: %s (make fonts)." % COMMAND,
        '"""Bitmap fonts for the e-ink sheets, converted from the BDF files in tools/fonts/.',
        "",
    ]
    for name, _bdf, font_name, _licence, purpose in FONTS:
        lines.append("%-7s %s, %s" % (name, font_name, purpose))
    lines += [
        "",
        "Importing this package loads no font; wrap a module with dicetable.ui.text.Font.",
        "Each module has HEIGHT and ASCENT (the line cell and its baseline), and its glyphs as",
        "one bytes strip BITMAP: a framebuf MONO_HLSB image STRIP_WIDTH x HEIGHT (bit 7 of a byte",
        "is its leftmost pixel, rows padded to whole bytes, 1 = ink) holding WIDTH-pixel cells",
        "side by side, glyph i at x = i * WIDTH. Glyphs 0..ASCII_COUNT-1 are chr(FIRST + i), then",
        "glyph ASCII_COUNT + k is the symbol EXTRA[k]; ADVANCES[i] is glyph i's advance width.",
        '"""',
    ]
    return "\n".join(lines) + "\n"


def outputs():
    """Every generated file: [(file name, source text)]."""
    files = [("__init__.py", package_source())]
    for spec in FONTS:
        files.append((spec[0] + ".py", module_source(*spec)))
    return files


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="compare with the files on disk instead of writing them",
    )
    parser.add_argument("--out", default=OUTPUT_DIR, help="folder of the font modules")
    args = parser.parse_args(argv)
    stale = []
    for file_name, text in outputs():
        path = os.path.join(args.out, file_name)
        if args.check:
            try:
                with open(path, encoding="utf-8", newline="") as file:
                    current = file.read()
            except OSError:
                current = None
            if current != text:
                stale.append(path)
        else:
            os.makedirs(args.out, exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as file:
                file.write(text)
            print("wrote %s (%d bytes of source)" % (os.path.relpath(path), len(text)))
    if stale:
        for path in stale:
            print("out of date: %s" % os.path.relpath(path))
        print("run `%s` to regenerate" % COMMAND)
        return 1
    if args.check:
        print("fonts up to date in %s" % os.path.relpath(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
