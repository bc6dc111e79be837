"""The device clock: MicroPython's wrap-safe ticks plus an asyncio sleep.

Drivers and the app take a clock object instead of reading `time` themselves, so the simulator
can hand them a virtual clock (hostsim/vclock.py) with the same four methods.
"""

import asyncio
import time


class Clock:
    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_add(self, ticks, delta):
        return time.ticks_add(ticks, delta)

    def ticks_diff(self, later, earlier):
        return time.ticks_diff(later, earlier)

    def sleep_ms(self, ms):
        # Hand back asyncio's own awaitable: an `async def` wrapper would allocate a new
        # coroutine on every call, and the button scan sleeps every few milliseconds.
        return asyncio.sleep_ms(ms)
