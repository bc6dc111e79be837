"""Puts the firmware tree and the host shims on sys.path (CPython), once.

Under the MicroPython unix port MICROPYPATH does this job (it has no os.path), so this module
then only names the folders relative to the working directory.
"""

import os
import sys

if hasattr(os, "path"):
    ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    FIRMWARE = os.path.join(ROOT, "firmware")
    SHIMS = os.path.join(ROOT, "hostsim", "shims")
    BOARDS = os.path.join(ROOT, "boards")
    for _path in (SHIMS, FIRMWARE, ROOT):
        if _path not in sys.path:
            sys.path.insert(0, _path)
else:  # MicroPython, run from the repository root
    ROOT = "."
    FIRMWARE = "firmware"
    SHIMS = "hostsim/shims"
    BOARDS = "boards"
