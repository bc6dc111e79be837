"""The CircuitPython side of the simulator: the CircuitPython port of the firmware on fakes of
CircuitPython's modules (hostsim/shims_circuitpython) and the real Adafruit libraries
(.cpylib, from requirements-circuitpython.txt). CPython only.

`port()` gives dicetable.ports.circuitpython with its `neopixel_module` pointed at the real
Adafruit `neopixel` library: the MicroPython fake of the same name (hostsim/shims) stays what
`import neopixel` gives the rest of the process. `pin_id(name)` is the fake machine's line of
a pin a board file names, where the simulator drives buttons and attaches its models.

`use_portable_framebuf()` makes `import framebuf` give the firmware's portable framebuf
(firmware/circuitpython/framebuf.py, lib/framebuf.py on a real drive), as on a CircuitPython
board; it must come before anything imports framebuf, so it takes a fresh process
(`python -m hostsim ... --board sim_magtag` does it). Without it the CircuitPython boards draw
with the simulator's framebuf (hostsim/shims), which the MicroPython boards share.
"""

import importlib.util
import os
import sys

from hostsim import paths

SHIMS = os.path.join(paths.ROOT, "hostsim", "shims_circuitpython")
LIBS = os.path.join(paths.ROOT, ".cpylib")
PORTABLE_FRAMEBUF = os.path.join(paths.FIRMWARE, "circuitpython", "framebuf.py")
_loaded = {}


def enable():
    """Put the fakes and the libraries on the path (after everything already there: .cpylib
    holds an `asyncio` that must not shadow CPython's)."""
    if not os.path.exists(os.path.join(LIBS, "neopixel.py")):
        raise RuntimeError(
            "the CircuitPython libraries are missing: make .cpylib/.installed "
            "(requirements-circuitpython.txt)"
        )
    for folder in (SHIMS, LIBS):
        if folder not in sys.path:
            sys.path.append(folder)


def use_portable_framebuf():
    """`import framebuf` gives the portable framebuf from now on; returns the module. Refused
    once another framebuf was imported: modules already holding it would keep drawing with it."""
    module = sys.modules.get("framebuf")
    if module is not None:
        if getattr(module, "__file__", None) == PORTABLE_FRAMEBUF:
            return module
        raise RuntimeError("framebuf was imported already (%s): start a fresh process" % module)
    spec = importlib.util.spec_from_file_location("framebuf", PORTABLE_FRAMEBUF)
    module = importlib.util.module_from_spec(spec)
    sys.modules["framebuf"] = module
    spec.loader.exec_module(module)
    return module


def adafruit_neopixel():
    """The real Adafruit `neopixel` module, loaded from .cpylib under its own name."""
    module = _loaded.get("neopixel")
    if module is None:
        enable()
        spec = importlib.util.spec_from_file_location(
            "adafruit_neopixel_library", os.path.join(LIBS, "neopixel.py")
        )
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _loaded["neopixel"] = module
    return module


def port():
    enable()
    from dicetable.ports import circuitpython

    circuitpython.neopixel_module = adafruit_neopixel
    return circuitpython


def reset_sim():
    """A fresh board: no pin claimed, the watchdog stopped, the drive the code's."""
    enable()
    import microcontroller
    import storage

    microcontroller._reset_sim()
    storage.remount("/", readonly=False)


def pin_id(name):
    enable()
    import board

    return getattr(board, name).id
