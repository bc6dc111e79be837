"""Fake `keypad.Keys`: scans its pins (fake machine lines) at most once per `interval` of the
simulator's clock, when events are read, and queues an event per change; a key already down
at the first scan gives a press, as on the device."""

import machine
import microcontroller


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, keys, max_events):
        self._keys = keys
        self._queue = []
        self._max = max_events
        self.overflowed = False

    def _put(self, number, pressed, now):
        if len(self._queue) >= self._max:
            self.overflowed = True
            return
        self._queue.append((number, pressed, now))

    def get(self):
        self._keys._scan()
        if not self._queue:
            return None
        number, pressed, now = self._queue.pop(0)
        return Event(number, pressed, now)

    def get_into(self, event):
        self._keys._scan()
        if not self._queue:
            return False
        event.key_number, event.pressed, event.timestamp = self._queue.pop(0)
        return True

    def clear(self):
        self._queue = []
        self.overflowed = False

    def __len__(self):
        self._keys._scan()
        return len(self._queue)

    def __bool__(self):
        return len(self) > 0


class Keys:
    def __init__(
        self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64, debounce=None
    ):
        for pin in pins:
            microcontroller._claim(pin, self)
        pull_mode = machine.Pin.PULL_DOWN if value_when_pressed else machine.Pin.PULL_UP
        self._board_pins = list(pins)
        pull_mode = pull_mode if pull else 0
        self._pins = [machine.Pin(pin.id, machine.Pin.IN, pull_mode) for pin in pins]
        self._pressed_level = 1 if value_when_pressed else 0
        self._interval_ms = int(interval * 1000)
        self._state = [False] * len(pins)
        self._last_scan = None
        self.key_count = len(pins)
        self.events = EventQueue(self, max_events)

    def _scan(self):
        if self._pins is None:
            raise ValueError("Object has been deinitialized and can no longer be used.")
        now = machine._now()
        if self._last_scan is not None and now - self._last_scan < self._interval_ms:
            return
        self._last_scan = now
        for number in range(len(self._pins)):
            down = self._pins[number].value() == self._pressed_level
            if down != self._state[number]:
                self._state[number] = down
                self.events._put(number, down, now)

    def reset(self):
        self._state = [False] * len(self._state)
        self._last_scan = None

    def deinit(self):
        if self._pins is not None:
            for pin in self._board_pins:
                microcontroller._release(pin)
            self._pins = None
