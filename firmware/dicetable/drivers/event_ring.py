"""A bounded FIFO of button events, allocated once (drivers/press_classifier.py fills it,
drivers/button_scanner.py hands its events to the app)."""

from micropython import const

# Queue depth: a person cannot get 16 events ahead of a screen that answers in 25 ms.
QUEUE_LEN = const(16)


class EventRing:
    """Bounded FIFO of events, allocated once.

    When full, `put` drops the oldest event and counts it in `dropped`: a screen that fell
    behind should act on the newest presses, and the counter shows that it happened.
    """

    def __init__(self, capacity=QUEUE_LEN):
        if capacity < 1:
            raise ValueError("event queue capacity must be at least 1")
        self._slots: list = [None] * capacity
        self._head = 0
        self.count = 0
        self.dropped = 0

    def __len__(self):
        return self.count

    def put(self, event):
        size = len(self._slots)
        if self.count == size:
            self._head = (self._head + 1) % size
            self.count -= 1
            self.dropped += 1
        self._slots[(self._head + self.count) % size] = event
        self.count += 1

    def get(self):
        """The oldest event, or None when empty."""
        if not self.count:
            return None
        event = self._slots[self._head]
        self._head = (self._head + 1) % len(self._slots)
        self.count -= 1
        return event

    def clear(self):
        self._head = self.count = 0
