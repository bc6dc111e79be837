"""tools/fontconv.py: the committed font modules are its output, and they hold the BDF's glyphs.

The converter reads the BDF files with Pillow's BdfFontFile; these tests render the same files
through Pillow's other loader, FreeType, so the two paths check each other.
"""

import os
import shutil
import subprocess
import sys

import pytest
from PIL import Image, ImageDraw, ImageFont

from dicetable.ui.fonts import large, medium, small

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOOL = os.path.join(ROOT, "tools", "fontconv.py")
FONT_DIR = os.path.join(ROOT, "tools", "fonts")
MODULES = {"small": small, "medium": medium, "large": large}
SOURCES = {"small": "5x8.bdf", "medium": "6x13.bdf", "large": "10x20.bdf"}
# The symbols' sources, as tools/fontconv.py's SYMBOLS table chooses them (first one present).
SYMBOL_SOURCES = {"\u2713": "\u2713\u221a", "\u2717": "\u2717\u00d7"}


def _run(*args):
    return subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True)


def _cell(module, index):
    """Glyph `index` of a generated module as rows of '#' and '.'."""
    strip = Image.frombytes("1", (module.STRIP_WIDTH, module.HEIGHT), module.BITMAP)
    x0 = index * module.WIDTH
    return [
        "".join("#" if strip.getpixel((x0 + x, y)) else "." for x in range(module.WIDTH))
        for y in range(module.HEIGHT)
    ]


def _freetype_cell(path, module, ch):
    """ch rendered by FreeType from the BDF file into one cell, its top at the font's ascender."""
    font = ImageFont.truetype(path, module.HEIGHT)
    image = Image.new("1", (module.WIDTH, module.HEIGHT), 0)
    ImageDraw.Draw(image).text((0, 0), ch, font=font, fill=1, anchor="la")
    return [
        "".join("#" if image.getpixel((x, y)) else "." for x in range(module.WIDTH))
        for y in range(module.HEIGHT)
    ]


def _encodings(path):
    with open(path, "rb") as file:
        return {int(line.split()[1]) for line in file if line.startswith(b"ENCODING ")}


def test_check_passes_on_the_committed_modules():
    result = _run("--check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "up to date" in result.stdout


def test_check_fails_on_a_stale_or_missing_module(tmp_path):
    assert _run("--out", str(tmp_path)).returncode == 0
    assert _run("--check", "--out", str(tmp_path)).returncode == 0
    path = tmp_path / "small.py"
    path.write_text(path.read_text().replace("HEIGHT = const(8)", "HEIGHT = const(9)"))
    result = _run("--check", "--out", str(tmp_path))
    assert result.returncode == 1
    assert "small.py" in result.stdout
    shutil.copy(os.path.join(ROOT, "firmware", "dicetable", "ui", "fonts", "small.py"), path)
    (tmp_path / "large.py").unlink()
    result = _run("--check", "--out", str(tmp_path))
    assert result.returncode == 1
    assert "large.py" in result.stdout and "small.py" not in result.stdout


@pytest.mark.parametrize("name", sorted(MODULES))
def test_metrics_match_the_bdf(name):
    module = MODULES[name]
    font = ImageFont.truetype(os.path.join(FONT_DIR, SOURCES[name]), module.HEIGHT)
    assert font.getmetrics() == (module.ASCENT, module.HEIGHT - module.ASCENT)
    assert module.FIRST == 32 and module.ASCII_COUNT == 95
    assert len(module.ADVANCES) == module.ASCII_COUNT + len(module.EXTRA)
    assert set(module.ADVANCES) == {module.WIDTH}  # misc-fixed is a fixed-width font
    assert module.STRIP_WIDTH % 8 == 0
    assert module.STRIP_WIDTH >= len(module.ADVANCES) * module.WIDTH
    assert len(module.BITMAP) == module.STRIP_WIDTH // 8 * module.HEIGHT


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_glyph_matches_freetype(name):
    module = MODULES[name]
    path = os.path.join(FONT_DIR, SOURCES[name])
    present = _encodings(path)
    characters = [chr(code) for code in range(32, 127)] + list(module.EXTRA)
    for index, ch in enumerate(characters):
        source = ch
        for candidate in SYMBOL_SOURCES.get(ch, ch):
            if ord(candidate) in present:
                source = candidate
                break
        assert _cell(module, index) == _freetype_cell(path, module, source), (name, ch)


def test_the_small_a_is_the_bdf_a():
    # BITMAP rows of ENCODING 65 in tools/fonts/5x8.bdf: 00 60 90 90 F0 90 90 00.
    expected = [".....", ".##..", "#..#.", "#..#.", "####.", "#..#.", "#..#.", "....."]
    assert _cell(small, ord("A") - 32) == expected


def test_fallback_symbols_where_the_font_lacks_them():
    assert 0x2713 not in _encodings(os.path.join(FONT_DIR, "5x8.bdf"))
    assert "\u2713" in small.EXTRA  # drawn with the square root sign instead
    assert small.EXTRA == medium.EXTRA == large.EXTRA
