"""Puts the firmware tree and the host shims on sys.path (CPython), once."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
SHIMS = os.path.join(ROOT, "hostsim", "shims")
BOARDS = os.path.join(ROOT, "boards")

for _path in (SHIMS, FIRMWARE, ROOT):
    if _path not in sys.path:
        sys.path.insert(0, _path)
