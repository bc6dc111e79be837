"""pytest setup: the firmware tree, the host shims and the portable tests on the path."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", "hostsim/shims", "tests/portable", ""):
    path = os.path.join(ROOT, sub)
    if path not in sys.path:
        sys.path.insert(0, path)
