"""SSD1680 driver and controller model on CPython: properties, exact traffic, the model itself.

The scenarios shared with MicroPython live in tests/portable/simulator/test_ssd1680_model.py;
this file adds what needs pytest, hypothesis or Pillow.
"""

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicetable.drivers.panel_bus import PanelTimeout
from hostsim.vclock import VirtualClock

from test_ssd1680_model import Rig, aligned, bytes_per_show, raw, refresh_each, run

SIZES = [(296, 128), (400, 300)]


def regions(width, height):
    """Regions that overlap the glass, some hanging over its edges (an empty one is an error,
    tested in the portable file)."""
    return st.tuples(
        st.integers(-8, width - 1),
        st.integers(-8, height - 1),
        st.integers(1, width // 2),
        st.integers(1, height // 2),
    ).filter(lambda region: region[0] + region[2] > 0 and region[1] + region[3] > 0)


@pytest.mark.parametrize("width,height", SIZES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_sequence_of_partials_keeps_glass_equal_to_what_was_refreshed(width, height, data):
    steps = data.draw(st.lists(st.tuples(regions(width, height), st.booleans()), max_size=4))

    async def scenario(rig):
        await refresh_each(rig, steps)

    rig = run(scenario, width, height)
    assert rig.model.violations == []
    assert rig.model.partial_refreshes == len(steps)


@pytest.mark.parametrize(
    "width,height,full_bytes", [(296, 128, 2 * 4736 + 36), (400, 300, 2 * 15000 + 36)]
)
def test_traffic_is_two_planes_for_full_and_twice_the_window_for_partial(
    width, height, full_bytes
):
    shows = [("full", None)]
    for w in (8, 40, 96):
        for h in (8, 16, 40):
            shows += [((16, 16, w, h), (16, 16, w, h))]
    counts = bytes_per_show(lambda scenario: run(scenario, width, height), shows)
    assert counts.pop("full") == full_bytes
    for (x, y, w, h), sent in counts.items():
        window = aligned((x, y, w, h), width, height)
        window_bytes = window[2] * window[3] // 8
        # 0x24 gets the window before the refresh, 0x26 once it has ended (the old image
        # brought up to the glass); 36 bytes of commands and addresses.
        assert sent == 2 * window_bytes + 36, (w, h)


def test_reported_numbers_for_the_296x128_panel():
    shows = (("full", None), ("first 40x16", (40, 32, 40, 16)), ("40x16", (40, 32, 40, 16)))
    sent = bytes_per_show(run, shows)
    # A partial sends its window twice, the first after a full too: 0x26 follows the glass
    # once each refresh has ended (SSD1680._refreshed).
    assert sent == {"full": 9508, "first 40x16": 196, "40x16": 196}


def counter_order(entry, x_start, x_end, y_start, y_end):
    """RAM addresses in the order the datasheet's data entry mode visits them."""
    xs = range(x_start, x_end + 1) if entry & 1 else range(x_start, x_end - 1, -1)
    ys = range(y_start, y_end + 1) if entry & 2 else range(y_start, y_end - 1, -1)
    if entry & 4:
        return [(x, y) for x in xs for y in ys]
    return [(x, y) for y in ys for x in xs]


@pytest.mark.parametrize("entry", range(8))
def test_model_moves_the_address_counter_per_entry_mode_and_wraps(entry):
    rig = Rig(VirtualClock())
    model = rig.model
    model.clock.advance(100)
    raw(rig, 0x12)  # SW reset
    model.clock.advance(100)
    x_start, x_end = (2, 4) if entry & 1 else (4, 2)
    y_start, y_end = (10, 13) if entry & 2 else (13, 10)
    raw(rig, 0x11, [entry])
    raw(rig, 0x44, [x_start, x_end])
    raw(rig, 0x45, [y_start, 0, y_end, 0])
    raw(rig, 0x4E, [x_start])
    raw(rig, 0x4F, [y_start, 0])
    order = counter_order(entry, x_start, x_end, y_start, y_end)
    raw(rig, 0x24, range(1, len(order) + 4))  # three more than the window: it wraps
    for index, (x, y) in enumerate(order):
        value = index + 1 + (len(order) if index < 3 else 0)
        assert model.ram_new[y * model.x_bytes + x] == value, (x, y)
    assert (model.x, model.y) == order[3]
    assert model.violations == []


def test_model_reports_protocol_mistakes():
    rig = Rig(VirtualClock())
    model = rig.model
    raw(rig, 0x12)
    model.clock.advance(100)
    raw(rig, 0x3C, [0x80, 0x01])  # one byte too many
    raw(rig, 0x99)  # no such command
    raw(rig, 0x44, [0, 40])  # past the 16 bytes of a 128-source glass
    raw(rig, 0x01, [0x27, 0x01, 0x04])  # gate scan flags
    raw(rig, 0x22, [0x04])  # display stage without analog power
    raw(rig, 0x20)
    raw(rig, 0x21, [0x02, 0x80])  # an update control 1 option not modelled
    raw(rig, 0x22, [0xF7])
    raw(rig, 0x20)
    rig.driver._rst(0)
    raw(rig, 0x12)  # while RES# is low
    rig.driver._rst(1)
    messages = " | ".join(model.violations)
    for words in (
        "extra data byte",
        "unknown command 0x99",
        "beyond the glass",
        "gate scan",
        "without analog power",
        "not modelled",
        "RES# is low",
    ):
        assert words in messages
    assert model.full_refreshes == 1  # the mistakes did not stop the valid refresh


def test_model_deep_sleep_mode_2_loses_ram_and_inverse_option_inverts():
    rig = Rig(VirtualClock())
    model = rig.model
    raw(rig, 0x12)
    model.clock.advance(100)
    raw(rig, 0x10, [0x03])
    assert model.asleep and not any(model.ram_new) and not any(model.ram_old)
    rig.driver._rst(0)
    rig.driver._rst(1)
    raw(rig, 0x12)
    model.clock.advance(100)
    raw(rig, 0x21, [0x08, 0x80])  # B/W RAM read inverted: all-black RAM shows white
    raw(rig, 0x22, [0xF7])
    raw(rig, 0x20)
    assert model.ink(0, 0) == 0 and model.violations == []


def test_timeout_message_names_the_stage():
    async def scenario(rig):
        rig.model.stuck_busy = True
        with pytest.raises(PanelTimeout, match="reset deadline"):
            await rig.driver.init()

    run(scenario)


def test_virtual_time_only_moves_while_waiting_for_busy():
    clock = VirtualClock()

    async def main():
        rig = Rig(clock)
        keeper = asyncio.create_task(clock.keeper())
        await rig.driver.init()
        after_init = clock.now
        rig.driver.start_refresh(rig.buf)
        assert clock.now == after_init  # start_refresh does not wait
        await rig.driver.finish()
        clock.running = False
        await keeper
        return after_init

    after_init = asyncio.run(main())
    assert 20 <= after_init <= 60  # two 10 ms reset phases and the SW reset's BUSY
    assert clock.now - after_init >= 1400


def test_save_png_shows_the_glass(tmp_path):
    from PIL import Image

    async def scenario(rig):
        await rig.driver.init()
        rig.set_ink(rig.buf, 3, 100, 1)
        await rig.driver.show(rig.buf)

    rig = run(scenario)
    path = tmp_path / "panel.png"
    rig.model.save_png(str(path), scale=2)
    image = Image.open(path)
    assert image.size == (592, 256)
    assert image.getpixel((6, 200)) == 0 and image.getpixel((8, 200)) == 255
