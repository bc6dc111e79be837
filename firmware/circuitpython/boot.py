"""CircuitPython's boot.py (deployed as /boot.py; runs once at power-on, before USB starts).

The drive can be written by the computer over USB or by the code, never both. By default the
code gets it, so games are saved; the board's "boot_usb" button held at power-on leaves it to
the computer (to deploy or copy files) and code.py then does not start the app.
"""

import digitalio
import storage

import board
from board_data import BOARD

_READS = 3


def _usb_held(data):
    buttons = data["buttons"]
    name = buttons.get("boot_usb")
    if name is None:
        return False
    high = buttons.get("active", "low") == "high"
    io = digitalio.DigitalInOut(getattr(board, buttons["pins"][name]))
    io.switch_to_input(pull=digitalio.Pull.DOWN if high else digitalio.Pull.UP)
    held = all(io.value == high for _ in range(_READS))
    io.deinit()
    return held


if not _usb_held(BOARD):
    storage.remount("/", readonly=False)
