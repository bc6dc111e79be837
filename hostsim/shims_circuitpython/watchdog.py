"""Fake `watchdog`: the mode names microcontroller.watchdog takes."""


class WatchDogMode:
    RAISE = "RAISE"
    RESET = "RESET"


class WatchDogTimeout(Exception):
    pass
