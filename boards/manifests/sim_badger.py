# ruff: noqa: F821
# mypy: ignore-errors
"""Firmware image with DiceTable frozen in, for boards/sim_badger.py (docs/deploy.md, route 2).

In MicroPython's tree: make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=<this file's path>
"""

include("$(PORT_DIR)/boards/manifest.py")
include("_dicetable.py", board="sim_badger")
