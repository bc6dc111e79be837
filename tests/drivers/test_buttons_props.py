"""Properties of the press classifier under random presses with contact bounce, sampled on a
fixed period and through the interrupt-driven scanner (CPython)."""

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.drivers.button_scanner import ButtonScanner, LoopFlag
from dicetable.drivers.press_classifier import PressClassifier
from dicetable.ui.keys import BACK, LEFT, OK, PRESS, RELEASE, RIGHT
from hostsim.vclock import VirtualClock, WrappingTicks

_PERIOD = 1 << 30
_DEBOUNCE_MS = 50


class _Clock:
    def ticks_diff(self, later, earlier):
        diff = (later - earlier) % _PERIOD
        return diff - _PERIOD if diff >= _PERIOD // 2 else diff


_TickClock = WrappingTicks  # the classifier needs only ticks_diff


# One clean segment: the level changes, bounces (pairs of toggles, every run shorter than the
# debounce time, the whole burst too), then stays clean for `steady` ms.
_bounce = st.lists(st.integers(1, 11), max_size=4).map(lambda gaps: gaps[: len(gaps) // 2 * 2])
_segment = st.tuples(_bounce, st.integers(1, 1500))
_segments = st.lists(_segment, min_size=1, max_size=25)


def _timeline(segments, start):
    """Raw (time, level) changes of one button: segments alternate pressed/released, starting
    pressed at `start`, and end released and quiet for long enough to settle."""
    changes = []
    t = start
    level = 1
    for gaps, steady in segments:
        changes.append((t, level))
        toggled = level
        for gap in gaps:
            t += gap
            toggled ^= 1
            changes.append((t, toggled))
        t += steady
        level ^= 1
    if level == 0:  # the last segment was a press: release it cleanly
        changes.append((t, 0))
        t += 1
    presses = (len(segments) + 1) // 2
    return changes, t + 2000, presses


def _run(classifier, timelines, end, start, period):
    """Sample all buttons every `period` ms (and at every raw change) until `end`."""
    times = sorted(
        {t for changes, _ in timelines for t, _ in changes} | set(range(start, end, period))
    )
    levels = [0] * len(timelines)
    cursors = [0] * len(timelines)
    events = []
    for t in times:
        for index, (changes, _) in enumerate(timelines):
            while cursors[index] < len(changes) and changes[cursors[index]][0] <= t:
                levels[index] = changes[cursors[index]][1]
                cursors[index] += 1
        classifier.update(t % _PERIOD, sum(level << i for i, level in enumerate(levels)))
        event = classifier.get()
        while event is not None:
            events.append(event)
            event = classifier.get()
    assert classifier.events.dropped == 0
    return events


def _check_pairs(events):
    """Per logical key: PRESS, RELEASE, PRESS, ... and nothing left pressed at the end."""
    down = set()
    for kind, key in events:
        if kind == PRESS:
            assert key not in down, events
            down.add(key)
        elif kind == RELEASE:
            assert key in down, events
            down.remove(key)
        else:
            assert key in down, events  # LONG, REPEAT, DOUBLE only while pressed
    assert not down, events


def _presses(events):
    return sum(1 for kind, _ in events if kind == PRESS)


@settings(max_examples=300, deadline=None)
@given(
    _segments,
    st.integers(0, _PERIOD - 1),
    st.integers(1, 10),
    st.sampled_from(("plain", "arrow", "long-mapped")),
)
def test_bounces_never_add_presses_and_release_follows_press(segments, start, period, kind):
    keymap, long_map = {
        "plain": ((OK,), ()),
        "arrow": ((RIGHT,), ()),
        "long-mapped": ((OK,), ((0, BACK),)),
    }[kind]
    classifier = PressClassifier(
        _Clock(), keymap, long_map=long_map, capacity=4096, debounce_ms=_DEBOUNCE_MS
    )
    changes, end, presses = _timeline(segments, start)
    events = _run(classifier, [(changes, None)], end, start, period)
    assert _presses(events) <= presses
    _check_pairs(events)


@settings(max_examples=200, deadline=None)
@given(_segments, _segments, st.integers(0, 300), st.integers(0, _PERIOD - 1), st.integers(1, 10))
def test_chords_never_add_presses_and_release_follows_press(first, second, offset, start, period):
    classifier = PressClassifier(
        _Clock(),
        (LEFT, OK, RIGHT),
        long_map=((1, BACK),),
        chords=((0, 2, BACK),),
        capacity=4096,
        debounce_ms=_DEBOUNCE_MS,
    )
    left, left_end, left_presses = _timeline(first, start)
    right, right_end, right_presses = _timeline(second, start + offset)
    end = max(left_end, right_end)
    events = _run(classifier, [(left, None), ([], None), (right, None)], end, start, period)
    assert _presses(events) <= left_presses + right_presses
    _check_pairs(events)


# --- the same properties through the interrupt-driven scanner ---------------------------------
class _IrqPin:
    """Active-low input: its edges call the IRQ handler; reads are counted."""

    def __init__(self):
        self.level = 1
        self.handler = None
        self.reads = 0

    def value(self):
        self.reads += 1
        return self.level

    def irq(self, handler=None, trigger=0):
        self.handler = handler

    def drive(self, pressed):
        level = 0 if pressed else 1
        if level != self.level:
            self.level = level
            if self.handler is not None:
                self.handler(self)


def _run_irq(classifier, timelines, end, start):
    """Drive the pins through `timelines` on virtual time with an interrupt-driven scanner.
    Returns (events, pin reads after `end`, pin reads after twice as long idle)."""
    clock = VirtualClock(start)
    pins = [_IrqPin() for _ in timelines]
    scanner = ButtonScanner(pins, classifier, clock, irq_trigger=12, flag_class=LoopFlag)
    changes = sorted(
        (t, index, level) for index, (steps, _) in enumerate(timelines) for t, level in steps
    )
    events = []
    reads = []

    async def collect():
        while True:
            events.append(await scanner.get())

    async def main():
        keeper = asyncio.create_task(clock.keeper())
        scanner.start()
        collector = asyncio.create_task(collect())
        for t, index, level in changes:
            await clock.sleep_ms(t - clock.now)
            pins[index].drive(level)
        for wait in (end - clock.now, end - start):
            await clock.sleep_ms(wait)
            reads.append(sum(pin.reads for pin in pins))
        scanner.deinit()
        collector.cancel()
        clock.running = False
        await keeper

    asyncio.run(main())
    assert classifier.events.dropped == 0
    return events, reads


@settings(max_examples=150, deadline=None)
@given(_segments, st.integers(0, 10**6), st.sampled_from(("plain", "arrow", "long-mapped")))
def test_interrupt_scanner_never_adds_presses_and_sleeps_when_idle(segments, start, kind):
    keymap, long_map = {
        "plain": ((OK,), ()),
        "arrow": ((RIGHT,), ()),
        "long-mapped": ((OK,), ((0, BACK),)),
    }[kind]
    classifier = PressClassifier(
        _TickClock(), keymap, long_map=long_map, capacity=4096, debounce_ms=_DEBOUNCE_MS
    )
    changes, end, presses = _timeline(segments, start)
    events, reads = _run_irq(classifier, [(changes, None)], end, start)
    assert _presses(events) <= presses
    assert presses == 0 or _presses(events) >= 1  # a press held past debounce is never lost
    _check_pairs(events)
    assert reads[1] == reads[0]  # quiet buttons: no pin is read at all


@settings(max_examples=100, deadline=None)
@given(_segments, _segments, st.integers(0, 300), st.integers(0, 10**6))
def test_interrupt_scanner_chords_never_add_presses(first, second, offset, start):
    classifier = PressClassifier(
        _TickClock(),
        (LEFT, OK, RIGHT),
        long_map=((1, BACK),),
        chords=((0, 2, BACK),),
        capacity=4096,
        debounce_ms=_DEBOUNCE_MS,
    )
    left, left_end, left_presses = _timeline(first, start)
    right, right_end, right_presses = _timeline(second, start + offset)
    end = max(left_end, right_end)
    events, reads = _run_irq(classifier, [(left, None), ([], None), (right, None)], end, start)
    assert _presses(events) <= left_presses + right_presses
    _check_pairs(events)
    assert reads[1] == reads[0]
