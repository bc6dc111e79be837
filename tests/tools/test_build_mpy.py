"""tools/build_mpy.py: what the device imports is compiled with the options the build says, and a
change of options reaches every module (issue 14: -O3 leaves the line-number tables out); a
module's bytecode names its file by its import name, which the device interns anyway."""

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


def _traceback(out, module="faulty"):
    code = "import sys, %s as faulty\ntry:\n    faulty.outer()\nexcept Exception as e:\n" % module
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
    assert (out / ".options").read_text() == "-march=armv6m -O3 -s import-name"
    text = _traceback(out)
    assert 'File "faulty", line 1, in inner' in text
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
    assert 'File "faulty", line 3, in inner' in _traceback(out)
    assert (out / "faulty.mpy").stat().st_size > small  # the line table is what -O3 saves
    assert "2 compiled" in _build(src, out)  # and back


def _qstrs_after_import(path, module):
    code = "import micropython, %s\nmicropython.qstr_info()" % module
    done = subprocess.run(
        [os.path.join(BIN, "micropython"), "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ, MICROPYPATH=str(path)),
    )
    return int(done.stdout.split("n_qstr=")[1].split(",")[0])


def test_a_module_is_named_by_its_import_name_and_interns_no_path(tmp_path):
    src, out, paths = tmp_path / "src", tmp_path / "out", tmp_path / "paths"
    (src / "games" / "cards").mkdir(parents=True)
    (src / "games" / "__init__.py").write_text("")
    (src / "games" / "cards" / "__init__.py").write_text("")
    (src / "games" / "cards" / "faulty.py").write_text(FAULTY)
    _build(src, out)
    assert 'File "games.cards.faulty", line 1, in inner' in _traceback(out, "games.cards.faulty")
    assert 'File "games.cards"' not in _traceback(out, "games.cards.faulty")
    # The same modules named by their paths, as mpy-cross names them by default: one more
    # interned string per module, which a device's heap keeps for good.
    mpy_cross = os.path.join(BIN, "mpy-cross")
    for rel in ("games/__init__.py", "games/cards/__init__.py", "games/cards/faulty.py"):
        (paths / rel).parent.mkdir(parents=True, exist_ok=True)
        target = str(paths / rel)[:-3] + ".mpy"
        subprocess.run([mpy_cross, "-O3", "-s", rel, "-o", target, str(src / rel)], check=True)
    by_name = _qstrs_after_import(out, "games.cards.faulty")
    assert _qstrs_after_import(paths, "games.cards.faulty") == by_name + 3
