"""Fake `supervisor`: ticks_ms from the simulator's clock (wrapping at 2**29, as on the device),
reload() ends the run like machine.soft_reset()."""

import machine


def ticks_ms():
    return machine._now() & ((1 << 29) - 1)


def reload():
    raise SystemExit("supervisor.reload()")


class _Runtime:
    usb_connected = True
    serial_connected = False


runtime = _Runtime()
