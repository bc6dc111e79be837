"""Fake `busio.SPI`: writes reach the fake machine's SPI listeners of the bus named by its clock
pin (hostsim attaches the panel model there). Like CircuitPython, use needs the lock."""

import machine
import microcontroller


class SPI:
    def __init__(self, clock, MOSI=None, MISO=None, half_duplex=False):
        for pin in (clock, MOSI, MISO):
            if pin is not None:
                microcontroller._claim(pin, self)
        self._pins = [pin for pin in (clock, MOSI, MISO) if pin is not None]
        self.bus = clock.id
        self._locked = False
        self.frequency = 250_000

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def configure(self, *, baudrate=100_000, polarity=0, phase=0, bits=8):
        if not self._locked:
            raise RuntimeError("Function requires lock")
        self.frequency = baudrate

    def write(self, buffer, *, start=0, end=None):
        if not self._locked:
            raise RuntimeError("Function requires lock")
        data = buffer if start == 0 and end is None else memoryview(buffer)[start:end]
        for listener in machine._buses.get(self.bus, ()):
            listener(data)

    def deinit(self):
        for pin in self._pins:
            microcontroller._release(pin)
        self._pins = []
