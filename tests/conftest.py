"""pytest setup: the firmware tree, the host shims and every test folder on the path (the tests
mirror the firmware's folders and import their helpers by bare name)."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")
folders = [os.path.join(ROOT, sub) for sub in ("firmware", "hostsim/shims", "")]
for where, dirs, _files in os.walk(TESTS):
    dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
    folders.append(where)
for path in folders:
    if path not in sys.path:
        sys.path.insert(0, path)
