"""Wall-clock time with the device clock's interface, for the interactive simulator."""

import asyncio
import time

from hostsim.vclock import WrappingTicks


class RealClock(WrappingTicks):
    running = True

    def __init__(self):
        self._start = time.monotonic_ns()

    @property
    def now(self):
        return (time.monotonic_ns() - self._start) // 1_000_000

    async def sleep_ms(self, ms):
        await asyncio.sleep(max(0, ms) / 1000)

    async def keeper(self):
        """Real time needs no keeper (the virtual clock's counterpart)."""
