"""A virtual millisecond clock for running the firmware's asyncio code faster than real time.

It has the device clock's interface (`ticks_ms`, `ticks_add`, `ticks_diff`, `sleep_ms`) with
MicroPython's tick arithmetic (wraps at 2**30). Time moves only when `advance` is called, or when
`keeper()` runs as a task: it lets every runnable task reach its next await, then jumps straight
to the earliest pending wake-up. Runs on CPython and on the MicroPython unix port.
"""

import asyncio

_PERIOD = 1 << 30
_MASK = _PERIOD - 1
_HALF = _PERIOD >> 1
# Yields the keeper grants the other tasks before it moves time on: enough for an event set in
# one task to wake another and for that one to reach its next sleep.
_SETTLE_YIELDS = 8


class WrappingTicks:
    """MicroPython's tick arithmetic over a millisecond count `now` the subclass provides."""

    def ticks_ms(self):
        return self.now & _MASK

    def ticks_add(self, ticks, delta):
        return (ticks + delta) & _MASK

    def ticks_diff(self, later, earlier):
        diff = (later - earlier) & _MASK
        return diff - _PERIOD if diff >= _HALF else diff


class VirtualClock(WrappingTicks):
    def __init__(self, start_ms=0):
        self.now = start_ms
        self._wakeups = []
        self.running = True

    def advance(self, ms):
        self.now += ms

    async def sleep_ms(self, ms):
        target = self.now + max(0, ms)
        self._wakeups.append(target)
        try:
            while self.now < target:
                await asyncio.sleep(0)
        finally:
            self._wakeups.remove(target)
        # Always yield at least once, as a real sleep does.
        await asyncio.sleep(0)

    async def settle(self):
        for _ in range(_SETTLE_YIELDS):
            await asyncio.sleep(0)

    async def keeper(self):
        """Drive time while `running`: settle, then jump to the next wake-up."""
        while self.running:
            await self.settle()
            if self._wakeups:
                nearest = min(self._wakeups)
                if nearest > self.now:
                    self.now = nearest
