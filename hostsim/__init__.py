"""The DiceTable simulator: the firmware tree running on the host with fake hardware.

Importing the package puts the firmware, the host shims (machine, neopixel, framebuf,
micropython) and the repository root on sys.path, so `python -m hostsim` and every
`hostsim.*` module can import `dicetable` and `boards` directly.
"""

from hostsim import paths  # noqa: F401
