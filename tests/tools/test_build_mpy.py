"""tools/build_mpy.py: what the device imports is compiled with the options the build says, and a
change of options reaches every module (issue 14: -O3 leaves the line-number tables out)."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, ".venv", "bin")
BUILD_MPY = os.path.join(ROOT, "tools", "build_mpy.py")

FAULTY = "def inner(items):\n    x = 1\n    return items[5]\n\n\n"
FAULTY += "def outer():\n    return inner([])\n"


def _build(src, out, *extra):
    done = subprocess.run(
        [sys.executable, BUILD_MPY, "--mpy-cross", os.path.join(BIN, "mpy-cross")]
        + ["--src", str(src), "--out", str(out)]
        + list(extra),
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def _traceback(out):
    code = "import sys, faulty\ntry:\n    faulty.outer()\nexcept Exception as e:\n"
    code += "    sys.print_exception(e)\n"
    done = subprocess.run(
        [os.path.join(BIN, "micropython"), "-c", code],
        capture_output=True,
        text=True,
        env=dict(os.environ, MICROPYPATH=str(out)),
    )
    return done.stdout


def test_default_build_drops_line_numbers_and_keeps_names(tmp_path):
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "faulty.py").write_text(FAULTY)
    assert "1 compiled" in _build(src, out)
    assert (out / ".options").read_text() == "-march=armv6m -O3"
    text = _traceback(out)
    assert 'File "faulty.py", line 1, in inner' in text
    assert "in outer" in text and "IndexError" in text


def test_line_numbers_option_rebuilds_everything_and_keeps_lines(tmp_path):
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "faulty.py").write_text(FAULTY)
    (src / "other.py").write_text("VALUE = 1\n")
    _build(src, out)
    small = (out / "faulty.mpy").stat().st_size
    assert "0 compiled" in _build(src, out)  # nothing changed: nothing compiled
    assert "2 compiled" in _build(src, out, "--line-numbers")  # new options: all of it
    assert 'File "faulty.py", line 3, in inner' in _traceback(out)
    assert (out / "faulty.mpy").stat().st_size > small  # the line table is what -O3 saves
    assert "2 compiled" in _build(src, out)  # and back
