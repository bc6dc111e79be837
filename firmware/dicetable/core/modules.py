"""Letting go of imported modules, so that a device holds one game's code at a time (app.py
drops a game's modules at the menu; the kiosk drops its settings code when kiosk mode is off).

PURE: only `sys.modules` and the package objects.
"""

import sys


def forget_modules(names):
    """Drop modules from sys.modules and from their package, so that their code is collected
    once nothing else refers to it; the next import loads them again. Only for modules whose
    objects are all gone (or that are pure functions and constants)."""
    for name in names:
        if sys.modules.pop(name, None) is None:
            continue
        parts = name.rsplit(".", 1)
        package = sys.modules.get(parts[0]) if len(parts) == 2 else None
        if package is not None and hasattr(package, parts[1]):
            delattr(package, parts[1])
