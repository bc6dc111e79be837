"""Wall-clock time with the device clock's interface, for the interactive simulator."""

import asyncio
import time

_PERIOD = 1 << 30
_MASK = _PERIOD - 1
_HALF = _PERIOD >> 1


class RealClock:
    running = True

    def __init__(self):
        self._start = time.monotonic_ns()

    @property
    def now(self):
        return (time.monotonic_ns() - self._start) // 1_000_000

    def ticks_ms(self):
        return self.now & _MASK

    def ticks_add(self, ticks, delta):
        return (ticks + delta) & _MASK

    def ticks_diff(self, later, earlier):
        diff = (later - earlier) & _MASK
        return diff - _PERIOD if diff >= _HALF else diff

    async def sleep_ms(self, ms):
        await asyncio.sleep(max(0, ms) / 1000)

    async def keeper(self):
        """Real time needs no keeper (the virtual clock's counterpart)."""
