"""Press classifier, event ring, scanner and logical keys: CPython and MicroPython alike."""

import asyncio

import micropython

from dicetable.drivers.buttons import ButtonScanner, EventRing, PressClassifier
from dicetable.ui import keys
from dicetable.ui.keys import BACK, DOUBLE, LEFT, LONG, OK, PRESS, RELEASE, REPEAT, RIGHT, STUCK

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
