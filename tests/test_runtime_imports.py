"""Runtime-specific modules (MicroPython's `machine`, CircuitPython's `board`, `keypad`, ...)
are imported only by the ports (dicetable/hardware.py, dicetable/ports/) and the entry points:
the pure layers, the app, the boot steps and the drivers take hardware already built, so the
same code runs on MicroPython, CircuitPython and in the simulator (issue 18)."""

import os

from test_layout import FIRMWARE, _all_imports, _modules, _starts

RUNTIME = (
    "machine",
    "rp2",
    "neopixel",
    "network",
    "board",
    "digitalio",
    "busio",
    "keypad",
    "neopixel_write",
    "supervisor",
    "microcontroller",
    "watchdog",
    "storage",
    "displayio",
    "adafruit_pixelbuf",
    "adafruit_ticks",
    "dicetable.hardware",
    "dicetable.ports",
)
PORTS = ("dicetable.hardware", "dicetable.ports")


def runtime_breaches(imports):
    """[(module, runtime module)] for every module outside the ports that imports one."""
    breaches = []
    for module, names in imports.items():
        if _starts(module, PORTS):
            continue
        for name in names:
            if _starts(name, RUNTIME):
                breaches.append((module, name))
    return sorted(breaches)


def test_only_the_ports_import_runtime_modules():
    sources = _modules(os.path.join(FIRMWARE, "dicetable"), "dicetable")
    assert "dicetable.ports.circuitpython" in sources and "dicetable.app" in sources
    assert runtime_breaches(_all_imports(sources)) == []


def test_the_guard_sees_a_runtime_import():
    imports = {
        "dicetable.ui.draw": {"board"},
        "dicetable.app": {"dicetable.ports.circuitpython"},
        "dicetable.drivers.leds": {"keypad"},
        "dicetable.games.cybo.rules": {"supervisor"},
        "dicetable.kiosk.attract": {"microcontroller"},
        "dicetable.core.rng": {"machine"},
        "dicetable.ports.circuitpython": {"board", "keypad"},  # a port may
        "dicetable.hardware": {"machine"},
    }
    assert runtime_breaches(imports) == [
        ("dicetable.app", "dicetable.ports.circuitpython"),
        ("dicetable.core.rng", "machine"),
        ("dicetable.drivers.leds", "keypad"),
        ("dicetable.games.cybo.rules", "supervisor"),
        ("dicetable.kiosk.attract", "microcontroller"),
        ("dicetable.ui.draw", "board"),
    ]
