"""Fake `digitalio`: DigitalInOut on the fake machine's lines."""

import machine
import microcontroller


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class Pull:
    UP = "UP"
    DOWN = "DOWN"


class DriveMode:
    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


class DigitalInOut:
    def __init__(self, pin):
        microcontroller._claim(pin, self)
        self._board_pin = pin
        self._pin = machine.Pin(pin.id)
        self._direction = Direction.INPUT
        self._pull = None
        self._pin.init(machine.Pin.IN, -1)

    def _live(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used.")
        return self._pin

    def deinit(self):
        if self._pin is not None:
            microcontroller._release(self._board_pin)
            self._pin = None

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self._live().init(machine.Pin.OUT, value=1 if value else 0)
        self._direction = Direction.OUTPUT

    def switch_to_input(self, pull=None):
        pulls = {None: 0, Pull.UP: machine.Pin.PULL_UP, Pull.DOWN: machine.Pin.PULL_DOWN}
        self._live().init(machine.Pin.IN, pulls[pull])
        self._direction, self._pull = Direction.INPUT, pull

    @property
    def direction(self):
        return self._direction

    @direction.setter
    def direction(self, value):
        if value == Direction.OUTPUT:
            self.switch_to_output()
        else:
            self.switch_to_input()

    @property
    def value(self):
        return bool(self._live().value())

    @value.setter
    def value(self, level):
        if self._direction != Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        self._live().value(1 if level else 0)

    @property
    def pull(self):
        return self._pull
