"""Press classifier, event ring, scanner and logical keys: CPython and MicroPython alike."""

import asyncio

import micropython

from dicetable.drivers.button_scanner import ButtonScanner, LoopFlag
from dicetable.drivers.event_ring import EventRing
from dicetable.drivers.press_classifier import PressClassifier
from dicetable.ui import keys
from dicetable.ui.keys import BACK, DOUBLE, LEFT, LONG, OK, PRESS, RELEASE, REPEAT, RIGHT, STUCK
from hostsim.vclock import VirtualClock

_PERIOD = 1 << 30  # MicroPython's ticks period on the device


class _Clock:
    """Wrap-safe tick arithmetic like the device's, plus a virtual time for the scanner."""

    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now % _PERIOD

    def ticks_diff(self, later, earlier):
        diff = (later - earlier) % _PERIOD
        return diff - _PERIOD if diff >= _PERIOD // 2 else diff

    async def sleep_ms(self, ms):
        self.now += ms
        await asyncio.sleep(0)


class _Pin:
    def __init__(self):
        self.level = 1  # pull-up: released

    def value(self):
        return self.level


def _classifier(keymap=(OK,), **options):
    return PressClassifier(_Clock(), keymap, **options)


def _hold(classifier, start, end, pressed, step=5):
    """Sample `pressed` from start to end (exclusive) every `step` ms, ticks wrapped."""
    t = start
    while t < end:
        classifier.update(t % _PERIOD, pressed)
        t += step
    return end


def _drain(classifier):
    events = []
    event = classifier.get()
    while event is not None:
        events.append(event)
        event = classifier.get()
    return events


def _timed(classifier, start, end, pressed):
    """Sample every ms; return [(ms after start, event), ...]."""
    out = []
    for t in range(start, end):
        classifier.update(t % _PERIOD, pressed)
        for event in _drain(classifier):
            out.append((t - start, event))
    return out


def test_press_is_reported_at_once_and_release_follows():
    c = _classifier()
    c.update(0, 1)
    assert _drain(c) == [(PRESS, OK)]
    _hold(c, 5, 300, 1)
    assert _drain(c) == []
    c.update(300, 0)
    assert _drain(c) == [(RELEASE, OK)]


def test_bounces_within_debounce_give_one_press():
    c = _classifier()
    # Contact bounce on press: levels change every few ms for 30 ms, then stay down.
    for t, level in ((0, 1), (3, 0), (7, 1), (12, 0), (20, 1), (24, 0), (30, 1)):
        c.update(t, level)
    _hold(c, 31, 400, 1, step=1)
    for t, level in ((400, 0), (404, 1), (409, 0), (415, 1), (421, 0)):
        c.update(t, level)
    _hold(c, 422, 600, 0, step=1)
    assert _drain(c) == [(PRESS, OK), (RELEASE, OK)]


def test_tap_shorter_than_debounce_still_presses_and_releases():
    c = _classifier()
    c.update(0, 1)
    c.update(10, 0)  # released while the press is still settling
    _hold(c, 15, 200, 0)
    assert _drain(c) == [(PRESS, OK), (RELEASE, OK)]


def test_long_press():
    c = _classifier()
    timeline = _timed(c, 0, 1500, 1)
    c.update(1500, 0)
    assert timeline == [(0, (PRESS, OK)), (1000, (LONG, OK))]
    assert _drain(c) == [(RELEASE, OK)]


def test_auto_repeat_timing_on_arrows():
    c = _classifier((RIGHT,))
    timeline = _timed(c, 0, 1000, 1)
    assert timeline == [
        (0, (PRESS, RIGHT)),
        (500, (REPEAT, RIGHT)),
        (650, (REPEAT, RIGHT)),
        (800, (REPEAT, RIGHT)),
        (950, (REPEAT, RIGHT)),
    ]  # no LONG for arrows


def test_repeat_resumes_from_now_after_a_sampling_gap():
    c = _classifier((RIGHT,))
    c.update(0, 1)
    c.update(2000, 1)  # the loop was busy for two seconds
    c.update(2100, 1)
    c.update(2150, 1)
    assert _drain(c) == [(PRESS, RIGHT), (REPEAT, RIGHT), (REPEAT, RIGHT)]


def _three_button(**options):
    # PREV, OK, NEXT: BACK is a long OK or PREV+NEXT together.
    return _classifier(
        (keys.PREV, OK, keys.NEXT), long_map=((1, BACK),), chords=((0, 2, BACK),), **options
    )


def test_chord_gives_its_key_only():
    c = _three_button()
    _hold(c, 0, 40, 0b001)
    _hold(c, 40, 300, 0b101)
    assert _drain(c) == [(PRESS, BACK)]
    _hold(c, 300, 400, 0b001)  # NEXT up first: the chord ends
    assert _drain(c) == [(RELEASE, BACK)]
    _hold(c, 400, 500, 0)  # PREV up: ignored, no PREV press appears
    assert _drain(c) == []


def test_chord_member_alone_presses_after_the_window():
    c = _three_button()
    timeline = _timed(c, 0, 300, 0b001)
    assert timeline == [(100, (PRESS, LEFT))]
    c.update(300, 0)
    assert _drain(c) == [(RELEASE, LEFT)]
    _hold(c, 301, 400, 0)
    _hold(c, 400, 440, 0b100)  # a tap shorter than the window
    _hold(c, 440, 600, 0)
    assert _drain(c) == [(PRESS, RIGHT), (RELEASE, RIGHT)]


def test_chord_too_slow_gives_two_presses():
    c = _three_button()
    _hold(c, 0, 150, 0b001)
    _hold(c, 150, 400, 0b101)
    assert _drain(c) == [(PRESS, LEFT), (PRESS, RIGHT)]


def test_long_press_mapping():
    c = _three_button()
    timeline = _timed(c, 0, 300, 0b010)
    assert timeline == []  # OK waits: it may become BACK
    c.update(300, 0)
    assert _drain(c) == [(PRESS, OK), (RELEASE, OK)]
    _hold(c, 301, 500, 0)
    timeline = _timed(c, 500, 2000, 0b010)
    assert timeline == [(1000, (PRESS, BACK))]  # no LONG after a mapping
    c.update(2000, 0)
    assert _drain(c) == [(RELEASE, BACK)]


def test_double_press():
    c = _classifier()
    for start in (0, 200, 400):
        _hold(c, start, start + 80, 1)
        _hold(c, start + 80, start + 200, 0)
    assert _drain(c) == [
        (PRESS, OK),
        (RELEASE, OK),
        (PRESS, OK),
        (DOUBLE, OK),
        (RELEASE, OK),
        (PRESS, OK),
        (RELEASE, OK),
    ]
    _hold(c, 2000, 2080, 1)  # long after: a single press again
    _hold(c, 2080, 2200, 0)
    assert _drain(c) == [(PRESS, OK), (RELEASE, OK)]


def test_stuck_button_reported_once_then_ignored():
    c = _classifier((OK, RIGHT))
    _hold(c, 0, 30000, 0b01)
    assert _drain(c) == [(PRESS, OK), (LONG, OK), (RELEASE, OK), (STUCK, OK)]
    _hold(c, 30000, 30100, 0b11)  # the other button still works
    _hold(c, 30100, 30200, 0b01)
    assert _drain(c) == [(PRESS, RIGHT), (RELEASE, RIGHT)]
    _hold(c, 30200, 30300, 0)  # stuck one released: silently
    assert _drain(c) == []
    _hold(c, 30300, 30400, 0b01)  # and it works again
    _hold(c, 30400, 30500, 0)
    assert _drain(c) == [(PRESS, OK), (RELEASE, OK)]


def test_stuck_chord_ends_the_chord_once():
    c = _three_button()
    _hold(c, 0, 20000, 0b101)
    assert _drain(c) == [
        (PRESS, BACK),
        (LONG, BACK),
        (RELEASE, BACK),
        (STUCK, LEFT),
        (STUCK, RIGHT),
    ]


def test_ticks_wrap_around_2_to_the_30():
    start = _PERIOD - 300
    c = _classifier()
    timeline = _timed(c, start, start + 1500, 1)
    assert timeline == [(0, (PRESS, OK)), (1000, (LONG, OK))]
    c = _classifier((RIGHT,))
    timeline = _timed(c, start, start + 700, 1)
    assert timeline == [(0, (PRESS, RIGHT)), (500, (REPEAT, RIGHT)), (650, (REPEAT, RIGHT))]
    # Debounce across the wrap: bounce at the boundary is still one press.
    c = _classifier()
    _hold(c, start, start + 290, 0)
    for offset, level in ((290, 1), (295, 0), (301, 1), (305, 0), (312, 1)):
        c.update((start + offset) % _PERIOD, level)
    _hold(c, start + 313, start + 400, 1)
    assert _drain(c) == [(PRESS, OK)]


def test_queue_overflow_drops_oldest_and_counts():
    c = _classifier(capacity=4)
    for start in (0, 1000, 2000):  # 6 events, no DOUBLE (far apart)
        _hold(c, start, start + 100, 1)
        _hold(c, start + 100, start + 200, 0)
    assert c.events.dropped == 2
    assert _drain(c) == [(PRESS, OK), (RELEASE, OK), (PRESS, OK), (RELEASE, OK)]
    ring = EventRing(2)
    assert ring.get() is None
    ring.put(1)
    ring.put(2)
    ring.put(3)
    assert len(ring) == 2 and ring.dropped == 1
    assert ring.get() == 2 and ring.get() == 3 and ring.get() is None


def test_update_allocates_nothing():
    if not hasattr(micropython, "heap_lock"):  # CPython: nothing to measure
        return
    c = _three_button()
    levels = (0b001, 0b101, 0b101, 0b000, 0b010, 0b010, 0b000, 0b100, 0b000)
    micropython.heap_lock()
    try:
        t = 0
        for pressed in levels:
            end = t + 1200
            while t < end:
                c.update(t, pressed)
                t += 5
    finally:
        micropython.heap_unlock()
    assert len(c.events) > 4


def test_bad_configurations_raise():
    for options in (
        {"keymap": ()},
        {"keymap": (9,)},
        {"long_map": ((3, BACK),)},
        {"chords": ((0, 0, BACK),)},
        {"capacity": 0},
    ):
        keymap = options.pop("keymap", (OK, BACK))
        try:
            _classifier(keymap, **options)
        except ValueError:
            pass
        else:
            raise AssertionError("accepted %r" % (options,))
    try:
        ButtonScanner((_Pin(),), _classifier((OK, BACK)), _Clock())
    except ValueError as exc:
        assert "1 pins for 2 buttons" in str(exc)
    else:
        raise AssertionError("pin count not checked")


def test_scanner_queues_events_from_active_low_pins():
    pins = (_Pin(), _Pin())
    clock = _Clock()
    got = []

    async def main():
        scanner = ButtonScanner(pins, PressClassifier(clock, (OK, RIGHT)), clock).start()
        await asyncio.sleep(0)  # the task takes its first sample: nothing held
        pins[1].level = 0
        while clock.now < 100:
            await asyncio.sleep(0)
        pins[1].level = 1
        got.append(await scanner.get())
        got.append(await scanner.get())
        assert scanner.get_nowait() is None and scanner.dropped == 0
        scanner.deinit()
        await asyncio.sleep(0)

    asyncio.run(main())
    assert got == [(PRESS, RIGHT), (RELEASE, RIGHT)]


def test_key_names():
    assert len(keys.NAMES) == keys.KEY_COUNT == 6
    for key in range(keys.KEY_COUNT):
        assert keys.key_from_name(keys.NAMES[key]) == key
    assert keys.key_from_name("prev") == LEFT and keys.key_from_name("NEXT") == RIGHT
    assert keys.kind_from_name("long") == LONG
    assert keys.event_name((LONG, OK)) == "LONG OK"
    for bad, function in (("SELECT", keys.key_from_name), ("TAP", keys.kind_from_name)):
        try:
            function(bad)
        except ValueError as exc:
            assert bad in str(exc) and "expected one of" in str(exc)
        else:
            raise AssertionError("accepted %r" % bad)


# --- the scanner on pin interrupts -------------------------------------------------------------
_EDGES = 4 | 8  # IRQ_FALLING | IRQ_RISING, as hardware.build_buttons asks for


class _IrqPin:
    """An active-low input whose edges call the IRQ handler, counting reads."""

    def __init__(self):
        self.level = 1
        self.handler = None
        self.trigger = 0
        self.reads = 0

    def value(self):
        self.reads += 1
        return self.level

    def irq(self, handler=None, trigger=0):
        self.handler = handler
        if handler is not None:
            self.trigger = trigger

    def drive(self, level):
        if level != self.level:
            self.level = level
            if self.handler is not None:
                self.handler(self)


def _irq_run(keymap, timeline, end, pins=None, flag_class=LoopFlag, **options):
    """Run an interrupt-driven scanner on virtual time. `timeline`: (ms, pin, level) changes in
    time order. Returns ([(ms, event)], pins, reads per pin at each change and at `end`)."""
    pins = pins or [_IrqPin() for _ in keymap]
    clock = VirtualClock()
    classifier = PressClassifier(clock, keymap, **options)
    scanner = ButtonScanner(pins, classifier, clock, irq_trigger=_EDGES, flag_class=flag_class)
    got = []
    reads = []

    async def collect():
        while True:
            event = await scanner.get()
            got.append((clock.now, event))

    async def main():
        keeper = asyncio.create_task(clock.keeper())
        scanner.start()
        collector = asyncio.create_task(collect())
        for at, index, level in timeline:
            await clock.sleep_ms(at - clock.now)
            reads.append(sum(pin.reads for pin in pins))
            pins[index].drive(level)
        await clock.sleep_ms(end - clock.now)
        reads.append(sum(pin.reads for pin in pins))
        scanner.deinit()
        collector.cancel()
        clock.running = False
        await asyncio.sleep(0)
        await keeper

    asyncio.run(main())
    return got, pins, reads


def test_an_idle_scanner_reads_no_pin_until_an_edge():
    got, pins, reads = _irq_run((OK, RIGHT), [(60_000, 0, 0), (60_080, 0, 1)], 120_000)
    assert [event for _ms, event in got] == [(PRESS, OK), (RELEASE, OK)]
    assert got[0][0] == 60_000 and got[1][0] in (60_080, 60_085)
    # One read of each pin at start (was anything held?), none in the idle minute; then
    # samples every 5 ms while the button is down and until the release has settled.
    assert reads[0] == 2
    assert 2 * 80 // 5 <= reads[1] - reads[0] <= 2 * (80 // 5 + 2)
    assert 2 * 50 // 5 <= reads[2] - reads[1] <= 2 * (50 // 5 + 3)
    # and nothing after that, however long the device stays idle:
    got, _pins, longer = _irq_run((OK, RIGHT), [(60_000, 0, 0), (60_080, 0, 1)], 600_000)
    assert longer == reads
    assert pins[0].handler is None and pins[0].trigger == _EDGES  # deinit detached the IRQs


def test_bounces_on_interrupts_give_one_press():
    timeline = [(1000, 0, 0), (1003, 0, 1), (1007, 0, 0), (1012, 0, 1), (1020, 0, 0)]
    timeline += [(1400, 0, 1), (1404, 0, 0), (1409, 0, 1)]
    got, _pins, _reads = _irq_run((OK,), timeline, 3000)
    assert [event for _ms, event in got] == [(PRESS, OK), (RELEASE, OK)]


def test_long_press_and_auto_repeat_on_interrupts():
    # A press from idle is seen at its edge; while sampling, a change waits for the next
    # sample (at most 5 ms).
    got, _pins, _reads = _irq_run((OK,), [(100, 0, 0), (1600, 0, 1)], 2000)
    assert got == [(100, (PRESS, OK)), (1100, (LONG, OK)), (1605, (RELEASE, OK))]
    got, _pins, _reads = _irq_run((RIGHT,), [(100, 0, 0), (1000, 0, 1)], 2000)
    assert got == [
        (100, (PRESS, RIGHT)),
        (600, (REPEAT, RIGHT)),
        (750, (REPEAT, RIGHT)),
        (900, (REPEAT, RIGHT)),
        (1005, (RELEASE, RIGHT)),
    ]


def test_chord_and_long_mapping_on_interrupts():
    options = {"long_map": ((1, BACK),), "chords": ((0, 2, BACK),)}
    keymap = (keys.PREV, OK, keys.NEXT)
    got, _pins, _reads = _irq_run(keymap, [(100, 0, 0), (140, 2, 0), (400, 2, 1)], 1000, **options)
    assert [event for _ms, event in got] == [(PRESS, BACK), (RELEASE, BACK)]
    got, _pins, _reads = _irq_run(keymap, [(100, 1, 0), (1300, 1, 1)], 2000, **options)
    assert got == [(1100, (PRESS, BACK)), (1305, (RELEASE, BACK))]


def test_a_stuck_button_is_reported_then_not_sampled_until_released():
    timeline = [(100, 0, 0), (60_000, 1, 0), (60_100, 1, 1), (120_000, 0, 1)]
    timeline += [(121_000, 0, 0), (121_100, 0, 1)]
    got, _pins, reads = _irq_run((OK, RIGHT), timeline, 125_000)
    assert [event for _ms, event in got] == [
        (PRESS, OK),
        (LONG, OK),
        (RELEASE, OK),
        (STUCK, OK),
        (PRESS, RIGHT),  # the other button still works
        (RELEASE, RIGHT),
        (PRESS, OK),  # released and pressed again: it works again
        (RELEASE, OK),
    ]
    assert got[3][0] == 10_100
    # Stuck and reported: no sampling from then on (two pins, a sample reads both).
    stuck_reads = reads[1] - reads[0]
    assert stuck_reads <= 2 * (10_000 + 60) // 5
    assert reads[3] - reads[2] <= 2 * (100 + 60) // 5


def test_a_button_held_when_the_scanner_starts_is_ignored_until_released():
    pins = [_IrqPin(), _IrqPin()]
    pins[0].level = 0  # held through power-on: it chose the boot mode
    got, _pins, reads = _irq_run((OK, RIGHT), [(30_000, 0, 1), (31_000, 0, 0)], 32_000, pins)
    assert [event for _ms, event in got] == [(PRESS, OK)]
    assert got[0][0] == 31_000
    assert reads[0] == 2  # held but ignored: not sampled, no STUCK either


def test_wait_returns_on_an_event_or_after_its_timeout():
    pins = [_IrqPin()]
    clock = VirtualClock()
    scanner = ButtonScanner(
        pins, PressClassifier(clock, (OK,)), clock, irq_trigger=_EDGES, flag_class=LoopFlag
    )
    seen = []

    async def main():
        keeper = asyncio.create_task(clock.keeper())
        scanner.start()
        seen.append((await scanner.wait(250), clock.now))
        await clock.sleep_ms(50)
        pins[0].drive(0)
        seen.append((await scanner.wait(10_000), clock.now))
        scanner.deinit()
        clock.running = False
        await keeper

    asyncio.run(main())
    assert seen == [(0, 250), (1, 300)]


def test_a_failed_scanner_task_is_raised_in_the_app():
    class _Broken(_IrqPin):
        def value(self):
            if self.level == 0:
                raise OSError(5, "pin read failed")
            return 1

    pins = [_Broken()]
    clock = VirtualClock()
    scanner = ButtonScanner(
        pins, PressClassifier(clock, (OK,)), clock, irq_trigger=_EDGES, flag_class=LoopFlag
    )
    raised = []

    async def main():
        keeper = asyncio.create_task(clock.keeper())
        scanner.start()
        await clock.sleep_ms(10)
        pins[0].drive(0)
        await scanner.wait(1000)  # woken by the failure, not by the timeout
        try:
            scanner.check()
        except OSError as exc:
            raised.append((exc.args[0], clock.now))
        scanner.deinit()
        clock.running = False
        await keeper

    asyncio.run(main())
    assert raised == [(5, 10)]


def test_the_default_flag_is_micropythons_thread_safe_one():
    """On MicroPython the scanner uses asyncio.ThreadSafeFlag, which an IRQ may set."""
    flag_class = getattr(asyncio, "ThreadSafeFlag", None)
    pins = [_IrqPin()]
    clock = VirtualClock()
    scanner = ButtonScanner(pins, PressClassifier(clock, (OK,)), clock, irq_trigger=_EDGES)
    if flag_class is None:  # CPython: the loop-thread flag
        assert isinstance(scanner._flag, LoopFlag)
        return
    assert isinstance(scanner._flag, flag_class)
    got, _pins, _reads = _irq_run((OK,), [(20, 0, 0), (120, 0, 1)], 300, None, None)
    assert [event for _ms, event in got] == [(PRESS, OK), (RELEASE, OK)]
