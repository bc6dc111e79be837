"""Portable test runner: imports tests/portable/test_*.py and calls every test_* function.

Runs under MicroPython (where pytest cannot) and under CPython alike. Usage:
    micropython tools/mptest.py DIR [LABEL] [-k SUBSTRING] [--module NAME]
-k is matched in "module.test_name"; --module imports that one test module only
(tools/mptest_each.py runs every module so, each in its own process).
Prints one line per failure, then "N passed, N failed"; exits 1 on any failure and also when no
test ran at all, so an empty or broken path can never pass silently.
"""

import gc
import sys

try:
    import os
except ImportError:  # pragma: no cover - every port we use has os
    os = None


def _test_modules(folder):
    names = [n[:-3] for n in os.listdir(folder) if n.startswith("test_") and n.endswith(".py")]
    names.sort()
    return names


def _print_exception(exc):
    if hasattr(sys, "print_exception"):
        sys.print_exception(exc)
    else:
        import traceback

        traceback.print_exception(type(exc), exc, exc.__traceback__)


def _unload_since(loaded_before):
    for name in list(sys.modules):
        if name in loaded_before:
            continue
        del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot]) if dot > 0 else None
        if parent is not None:
            try:
                delattr(parent, name[dot + 1 :])
            except (AttributeError, TypeError):
                pass


def main(argv):
    # Collect after every 16 KB allocated, not only when an allocation finds no room: garbage
    # left to pile up gets interleaved with what lives on, and the heap then fails a 1-4 KB
    # allocation with a hundred KB free. Whether it did was a lottery of code layout, not of
    # memory use (one sheet's test failed at 170, 190 and 200wK and passed at 180, 185, 195
    # and 210wK; a renamed local flipped another). MicroPython's docs advise the same on
    # devices. The heap stays RP2040-sized; only when it is collected changes.
    if hasattr(gc, "threshold"):
        gc.threshold(16384)
    folder = argv[1] if len(argv) > 1 else "tests/portable"
    label = argv[2] if len(argv) > 2 and not argv[2].startswith("-") else "portable"
    pattern = argv[argv.index("-k") + 1] if "-k" in argv else ""
    only = argv[argv.index("--module") + 1] if "--module" in argv else ""
    if folder not in sys.path:
        sys.path.append(folder)
    passed = failed = 0
    for module_name in _test_modules(folder):
        if only and module_name != only:
            continue
        loaded_before = list(sys.modules)
        try:
            module = __import__(module_name)
        except Exception as exc:  # an import error fails every test of that module
            failed += 1
            print("FAIL %s (import): %r" % (module_name, exc))
            _print_exception(exc)
            continue
        # -k matches "module.test_name", so it can pick a whole file or one test.
        full = module_name + "."
        names = [n for n in dir(module) if n.startswith("test_") and pattern in full + n]
        names.sort()
        for name in names:
            function = getattr(module, name)
            if not callable(function):
                continue
            try:
                function()
            except Exception as exc:
                failed += 1
                print("FAIL %s.%s: %r" % (module_name, name, exc))
                _print_exception(exc)
            else:
                passed += 1
        # Forget the test module and everything it imported before the next one: the heap is
        # RP2040-sized, and later tests need the room (and unfragmented space) it used.
        module = function = None
        _unload_since(loaded_before)
        gc.collect()
    implementation = sys.implementation.name
    print(
        "%s tests (%s, %s): %d passed, %d failed" % (label, implementation, folder, passed, failed)
    )
    print("%d passed, %d failed" % (passed, failed))
    if failed or not passed:
        if not passed:
            print("no test ran: failing the run")
        sys.exit(1)


main(sys.argv)
