"""Fake `displayio`: only release_displays(), counted (the port must call it before it drives
the board's own panel)."""

released = [0]


def release_displays():
    released[0] += 1
