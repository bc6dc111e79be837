"""Properties of the press classifier under random presses with contact bounce (CPython)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.drivers.buttons import PressClassifier
from dicetable.ui.keys import BACK, LEFT, OK, PRESS, RELEASE, RIGHT

_PERIOD = 1 << 30
_DEBOUNCE_MS = 50


class _Clock:
    def ticks_diff(self, later, earlier):
        diff = (later - earlier) % _PERIOD
        return diff - _PERIOD if diff >= _PERIOD // 2 else diff


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
