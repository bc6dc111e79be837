"""Buttons, the device part: the task that samples the button pins, woken by their interrupts
through an asyncio.ThreadSafeFlag, feeding a PressClassifier (drivers/press_classifier.py,
where the timing table is) and handing its events to the app.
"""

from micropython import const
import asyncio

# Sampling period: well inside the debounce time, and a negligible load on the loop.
_SCAN_MS = const(5)


class LoopFlag:
    """asyncio.ThreadSafeFlag's contract (set, self-clearing wait) for pins whose "interrupts"
    run in the event loop's own thread: CPython (which has no ThreadSafeFlag), a browser, the
    simulator's fake pins. A real IRQ must use ThreadSafeFlag."""

    def __init__(self):
        self._event = asyncio.Event()

    def set(self):
        self._event.set()

    async def wait(self):
        await self._event.wait()
        self._event.clear()


def _flag_class(chosen):
    if chosen is not None:
        return chosen
    return getattr(asyncio, "ThreadSafeFlag", LoopFlag)


class ButtonScanner:
    """Samples the board's button pins and queues the classifier's events for the app.

    pins: objects with `value()`, one per physical button in the classifier's order, built by
    the caller from the board data (inputs with pull-ups: a pressed button reads 0 when
    `active_low`). The scanner keeps them for its lifetime.

    Interrupts (`irq_trigger` non-zero: the pins' IRQ_FALLING | IRQ_RISING): every edge sets a
    flag from the pin's IRQ: asyncio.ThreadSafeFlag unless `flag_class` says otherwise (see
    LoopFlag). The task sleeps on that flag while no button is down
    and no timer (debounce, chord, long press, repeat, stuck) runs, so an idle device makes no
    wake-ups at all; from the first edge on it samples every `period_ms` (5 ms) until the
    classifier is quiet again. A stuck button, once reported, is not sampled either: its
    release is an edge. With `irq_trigger` 0 (pins without interrupts) it samples every
    `period_ms` all the time. Buttons already down when the task starts are ignored until
    released (they chose the boot mode).

    Events wait in the classifier's EventRing; when it is full the oldest is dropped (`dropped`
    counts them). `start()` runs `run()` as a task (call it inside the running event loop);
    `deinit()` stops it and detaches the IRQs. The app awaits `get()` (as with an
    asyncio.Queue) or `wait(timeout_ms)`, then takes events with `get_nowait()`. If the task
    fails, `check()` raises its error in the app, so a dead scanner is a crash, not a deaf
    device.
    """

    def __init__(
        self,
        pins,
        classifier,
        clock,
        active_low=True,
        period_ms=_SCAN_MS,
        irq_trigger=0,
        flag_class=None,
    ):
        if len(pins) != classifier.count:
            raise ValueError("%d pins for %d buttons" % (len(pins), classifier.count))
        self._pins = tuple(pins)
        self._classifier = classifier
        self._clock = clock
        self._pressed_level = 0 if active_low else 1
        self._period_ms = period_ms
        self._trigger = irq_trigger
        self._flag_class = _flag_class(flag_class)
        self._flag = self._flag_class()
        self._on_edge = self._edge  # bound once: the IRQ handler must not allocate
        self._ready = asyncio.Event()
        self._task = None
        self.error = None

    @property
    def dropped(self):
        return self._classifier.events.dropped

    def pending(self):
        """Number of events waiting."""
        return self._classifier.events.count

    def start(self):
        if self._task is None:
            self.error = None
            # New each time: on CPython an Event belongs to the loop that first waited on it.
            self._flag = self._flag_class()
            self._ready = asyncio.Event()
            if self._trigger:
                for pin in self._pins:
                    pin.irq(handler=self._on_edge, trigger=self._trigger)
            self._task = asyncio.create_task(self.run())
        return self

    def deinit(self):
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self._trigger:
            for pin in self._pins:
                pin.irq(handler=None)

    def _edge(self, pin):
        # Runs in IRQ context: set the flag, nothing else.
        self._flag.set()

    def read(self):
        """Bit i set while button i reads pressed now (raw, no debounce)."""
        pins = self._pins
        level = self._pressed_level
        pressed = 0
        for i in range(len(pins)):
            if pins[i].value() == level:
                pressed |= 1 << i
        return pressed

    async def run(self):
        """The sampling loop; never returns (cancel its task, or call deinit())."""
        try:
            await self._loop()
        except Exception as exc:  # handed to the app by check()
            self.error = exc
            self._ready.set()

    async def _loop(self):
        clock = self._clock
        classifier = self._classifier
        update = classifier.update
        events = classifier.events
        wait_for_edge = self._flag.wait
        classifier.ignore_held(clock.ticks_ms(), self.read())
        while True:
            if self._trigger and not classifier.timed:
                await wait_for_edge()
            update(clock.ticks_ms(), self.read())
            if events.count:
                self._ready.set()
            if classifier.timed or not self._trigger:
                await clock.sleep_ms(self._period_ms)

    def check(self):
        """Raise the error that stopped the sampling task, if any."""
        if self.error is not None:
            raise self.error

    def get_nowait(self):
        """The oldest event `(kind, key)`, or None."""
        return self._classifier.events.get()

    async def get(self):
        """Wait for the next event `(kind, key)`."""
        events = self._classifier.events
        while not events.count:
            self._ready.clear()
            await self._ready.wait()
            self.check()
        return events.get()

    async def wait(self, timeout_ms=-1):
        """Until an event is queued, the task failed, or `timeout_ms` passed on the injected
        clock (-1: no limit). Returns the number of events waiting."""
        events = self._classifier.events
        if events.count or self.error is not None:
            return events.count
        self._ready.clear()
        alarm = None
        if timeout_ms >= 0:
            alarm = asyncio.create_task(self._alarm(timeout_ms))
        try:
            await self._ready.wait()
        finally:
            if alarm is not None:
                alarm.cancel()
        return events.count

    async def _alarm(self, ms):
        await self._clock.sleep_ms(ms)
        self._ready.set()
