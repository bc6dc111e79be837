"""Fake `microcontroller`: Pin, cpu (uid, reset_reason), watchdog, reset, on the fake machine."""

import machine

_claimed = {}  # pin ident -> what holds it (CircuitPython: "pin in use")


class Pin:
    def __init__(self, ident):
        self.id = ident  # the fake machine's line

    def __repr__(self):
        return "board.%s" % (self.id,)


class ResetReason:
    POWER_ON = "POWER_ON"
    WATCHDOG = "WATCHDOG"
    SOFTWARE = "SOFTWARE"
    RESET_PIN = "RESET_PIN"
    UNKNOWN = "UNKNOWN"


class _Processor:
    uid = bytearray(b"\xd1\xce\x7a\xb1\xe0\x00\x00\x02")  # fixed: reproducible runs

    @property
    def reset_reason(self):
        if machine.reset_cause() == machine.WDT_RESET:
            return ResetReason.WATCHDOG
        return ResetReason.POWER_ON


cpu = _Processor()


class _WatchDogTimer:
    """microcontroller.watchdog: armed by setting `mode`, reported by the fake machine's WDT."""

    def __init__(self):
        self.timeout = 0.0
        self._mode = None
        self._wdt = None

    @property
    def mode(self):
        return self._mode

    @mode.setter
    def mode(self, value):
        if value is None:  # CircuitPython's way to stop it
            machine.mem32[machine._WATCHDOG_CTRL_CLEAR] = machine._WATCHDOG_ENABLE
            self._mode = self._wdt = None
            return
        self._mode = value
        self._wdt = machine.WDT(timeout=int(self.timeout * 1000))

    def feed(self):
        if self._wdt is None:
            raise RuntimeError("watchdog not started")
        self._wdt.feed()


watchdog = _WatchDogTimer()


def reset():
    raise SystemExit("microcontroller.reset()")


# ---- simulator side ----
def _claim(pin, owner):
    if pin.id in _claimed:
        raise ValueError("%r in use" % (pin,))
    _claimed[pin.id] = owner


def _release(pin):
    _claimed.pop(pin.id, None)


def _reset_sim():
    _claimed.clear()
    watchdog.__init__()
