"""Runtime ports other than MicroPython on the RP2040 (that one is dicetable/hardware.py)."""
