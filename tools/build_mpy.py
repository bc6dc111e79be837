"""Compile every module under firmware/ to .mpy bytecode for the RP2040 (-march=armv6m).

Bytecode runs on any MicroPython; the native code of a viper module runs only on its CPU, so a
PC's MicroPython cannot import those modules from this build (ui/text.py then draws with
blits). `--march x86` builds for the 32-bit unix MicroPython of the heap guard.

Only files whose source is newer than their .mpy are recompiled; a .mpy whose source is gone
(a module moved or deleted) is removed, so the build holds exactly the firmware. Exits non-zero,
naming the file, if mpy-cross rejects anything (that is how CPython-only syntax is caught).

Each module's bytecode names its file by the module's import name (`module_name`).

Optimisation level 3 by default: it leaves out the line-number tables, which a device loads
into RAM with the bytecode (5-6 KB of the RP2040's heap in every game, issue 14). Tracebacks
on the device then say "line 1" but still name each file and function; `--line-numbers`
builds with -O1 instead (asserts still out) for chasing a fault on a board. A change of
options rebuilds everything (the options are kept in `out/.options`).
"""

import argparse
import os
import subprocess
import sys


def _remove_stale(src, out):
    """Delete .mpy files in `out` without a .py in `src`, and the folders that leaves empty."""
    for root, _dirs, files in os.walk(out, topdown=False):
        for name in files:
            built = os.path.join(root, name)
            rel = os.path.relpath(built, out)
            if name.endswith(".mpy") and not os.path.exists(os.path.join(src, rel[:-4] + ".py")):
                os.remove(built)
        if root != out and not os.listdir(root):
            os.rmdir(root)


# -O1: asserts compiled out; -O3: line-number tables too (see above).
OPTIMISE = "-O3"
OPTIMISE_WITH_LINES = "-O1"


# The RP2040's Cortex-M0+: the native code of the viper modules (dicetable/loops.py) is for it.
MARCH = "armv6m"
# What marks a module of native code: the web page leaves such modules out (no native
# emitter there), and the Pico bench counts their size as the RP2040's heap counts it.
NATIVE_MARKS = ("@micropython.viper", "@micropython.native")


def has_native_code(source):
    """Whether a module's source text compiles to native code."""
    return any(mark in source for mark in NATIVE_MARKS)


def module_name(rel):
    """The name a module's bytecode gives as its file in tracebacks: its import name
    ("dicetable.ui.text" for dicetable/ui/text.py, "dicetable.ui" for its __init__.py). The
    device interns that name anyway when it imports the module, where a path would be one more
    interned string per module that the heap keeps for good (issue 14: about 50 of them, 1.9 KB,
    in a game of Christmas On Track)."""
    parts = rel[:-3].replace(os.sep, "/").split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def options(line_numbers=False, march=MARCH):
    """The mpy-cross options every firmware module is compiled with."""
    return ["-march=" + march, OPTIMISE_WITH_LINES if line_numbers else OPTIMISE]


def _options_changed(out, wanted):
    """Whether `out` was built with other options (then every module is compiled again)."""
    path = os.path.join(out, ".options")
    try:
        with open(path) as file:
            if file.read() == wanted:
                return False
    except OSError:
        pass
    os.makedirs(out, exist_ok=True)
    with open(path, "w") as file:
        file.write(wanted)
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mpy-cross", default="mpy-cross")
    parser.add_argument("--src", default="firmware")
    parser.add_argument("--out", default="build/mpy")
    parser.add_argument(
        "--line-numbers", action="store_true", help="keep line numbers (-O1), for debugging"
    )
    parser.add_argument(
        "--march",
        default=MARCH,
        help="CPU of the native code (x86 for the 32-bit heap guard's unix build)",
    )
    args = parser.parse_args()
    compiled = failed = total_bytes = 0
    flags = options(args.line_numbers, args.march)
    # "-s import-name": builds from before that naming are rebuilt too.
    rebuild = _options_changed(args.out, " ".join(flags + ["-s", "import-name"]))
    _remove_stale(args.src, args.out)
    for root, _dirs, files in sorted(os.walk(args.src)):
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            src = os.path.join(root, name)
            rel = os.path.relpath(src, args.src)
            dst = os.path.join(args.out, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            stale = not os.path.exists(dst) or os.path.getmtime(dst) < os.path.getmtime(src)
            if rebuild or stale:
                cmd = [args.mpy_cross] + flags + ["-s", module_name(rel), "-o", dst, src]
                result = subprocess.run(cmd, capture_output=True, text=True)
                if result.returncode:
                    failed += 1
                    sys.stderr.write("mpy-cross rejected %s:\n%s" % (src, result.stderr))
                    continue
                compiled += 1
            total_bytes += os.path.getsize(dst)
    print(
        "build: %d compiled, %d failed, %d bytes of .mpy in %s"
        % (compiled, failed, total_bytes, args.out)
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
