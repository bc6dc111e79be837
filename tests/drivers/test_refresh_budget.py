"""The refresh budget shared by the panel drivers, on a fake clock with MicroPython's tick
arithmetic (wraps at 2**30). Both drivers are also run with it against their controller models
(tests/portable/simulator/test_uc8151_model.py), on CPython and under the MicroPython port."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicetable.drivers.refresh_budget import RefreshBudget
from hostsim.vclock import WrappingTicks

PERIOD = 1 << 30


class FakeClock(WrappingTicks):
    def __init__(self, now=0):
        self.now = now


def budget(partials, interval, clock=None):
    return RefreshBudget((clock or FakeClock()).ticks_diff, partials, interval)


def test_full_comes_due_after_n_partials_and_a_full_resets_the_count():
    rule = budget(3, 0)
    kinds = []
    for step in range(9):
        full = rule.full_due()
        kinds.append("F" if full else "p")
        rule.started(step * 1000, full)
    assert "".join(kinds) == "pppFpppFp"
    rule.started(9000, True)  # a full asked for by the app also resets the count
    assert rule.partials == 0 and not rule.full_due()


def test_zero_partials_makes_every_refresh_full():
    rule = budget(0, 0)
    for step in range(3):
        assert rule.full_due()
        rule.started(step, True)


def test_interval_counts_from_the_start_of_the_last_refresh():
    clock = FakeClock(5000)
    rule = budget(12, 500, clock)
    assert rule.wait_ms(clock.ticks_ms()) == 0  # nothing refreshed yet
    rule.started(clock.ticks_ms(), False)
    assert rule.wait_ms(clock.ticks_ms()) == 500
    clock.now += 320
    assert rule.wait_ms(clock.ticks_ms()) == 180
    clock.now += 180
    assert rule.wait_ms(clock.ticks_ms()) == 0
    clock.now += 10_000
    assert rule.wait_ms(clock.ticks_ms()) == 0


def test_zero_interval_never_waits():
    rule = budget(12, 0)
    rule.started(100, True)
    assert rule.wait_ms(100) == 0


def test_interval_across_the_tick_wrap():
    clock = FakeClock(PERIOD - 100)
    rule = budget(12, 500, clock)
    rule.started(clock.ticks_ms(), True)
    clock.now += 300  # ticks wrapped to 200
    assert clock.ticks_ms() == 200
    assert rule.wait_ms(clock.ticks_ms()) == 200


def test_days_of_idle_never_block_a_refresh():
    clock = FakeClock(0)
    rule = budget(12, 500, clock)
    rule.started(0, True)
    # More than half the tick period later, ticks_diff comes out negative: long past.
    for idle in (PERIOD // 2 + 1, PERIOD - 1):
        clock.now = idle
        assert rule.wait_ms(clock.ticks_ms()) == 0, idle
    # A whole period (12 days) later looks like 100 ms: the limit of 30-bit ticks, harmless.
    clock.now = PERIOD + 100
    assert rule.wait_ms(clock.ticks_ms()) == 400


@pytest.mark.parametrize("partials, interval", [(-1, 0), (0, -5)])
def test_negative_settings_raise(partials, interval):
    with pytest.raises(ValueError):
        budget(partials, interval)


@given(
    partials=st.integers(0, 5),
    interval=st.integers(0, 3000),
    start=st.integers(0, PERIOD - 1),
    requests=st.lists(st.tuples(st.integers(0, 4000), st.booleans()), max_size=40),
)
def test_a_driver_obeying_the_budget_never_breaks_it(partials, interval, start, requests):
    """Requests (ms since the last one, full asked) through the driver's order of use: wait
    until allowed, then let the budget decide. No run of partials is longer than the budget,
    and no two refreshes start closer than the interval."""
    clock = FakeClock(start)
    rule = budget(partials, interval, clock)
    starts, run = [], 0
    for gap, asked in requests:
        clock.now += gap
        clock.now += rule.wait_ms(clock.ticks_ms())
        assert rule.wait_ms(clock.ticks_ms()) == 0
        full = asked or rule.full_due()
        run = 0 if full else run + 1
        assert run <= partials
        assert full or not asked
        starts.append(clock.now)
        rule.started(clock.ticks_ms(), full)
    assert all(later - earlier >= interval for earlier, later in zip(starts, starts[1:]))
