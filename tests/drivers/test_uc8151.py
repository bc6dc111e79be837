"""UC8151 driver on CPython: properties, exact traffic, board wiring (panel choice, active-high
buttons), a whole game on the simulated Badger 2040, the ghosting in the PNG.

The scenarios shared with MicroPython live in tests/portable/simulator/test_uc8151_model.py;
this file adds what needs pytest, hypothesis or Pillow.
"""

import asyncio
import os

import machine
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicetable.drivers.ssd1680 import SSD1680
from dicetable.drivers.uc8151 import UC8151
from dicetable.hardware import build_buttons, build_display
from dicetable.ui.keys import OK, PRESS
from hostsim.autopilot import Autopilot
from hostsim.boards import load_board
from hostsim.device import SimDevice
from hostsim.devices import ghosting
from hostsim.drive import play
from hostsim.replay import replay_file
from hostsim.vclock import VirtualClock

from panel_text import find_text, panel_rows, same_line
from test_ssd1680_model import bytes_per_show, refresh_each
from test_uc8151_model import run


def regions():
    """Regions that overlap the glass, some hanging over its edges."""
    return st.tuples(
        st.integers(-8, 295), st.integers(-8, 127), st.integers(1, 148), st.integers(1, 64)
    ).filter(lambda region: region[0] + region[2] > 0 and region[1] + region[3] > 0)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_sequence_of_partials_keeps_glass_equal_to_what_was_refreshed(data):
    steps = data.draw(st.lists(st.tuples(regions(), st.booleans()), max_size=5))

    async def scenario(rig):
        await refresh_each(rig, steps)

    rig = run(scenario)
    assert rig.model.violations == []
    assert rig.model.partial_refreshes == len(steps)
    assert rig.model.bytes_received == rig.driver.bytes_sent


def test_traffic_is_one_plane_for_full_and_twice_the_window_for_partial():
    shows = [("full", None)]
    for x, w in ((0, 8), (100, 40), (0, 296)):
        for y, h in ((0, 8), (16, 16), (0, 128)):
            shows.append(((x, y, w, h), (x, y, w, h)))
    counts = bytes_per_show(run, shows)
    # The new image only (4736 bytes); PSR, CDI, PTOUT, DTM2, DSP, DRF, PON, POF: 10 bytes.
    assert counts.pop("full") == 4736 + 10
    for (x, y, w, h), sent in counts.items():
        # Old and new data for the window; 19 bytes of commands (PTL takes 7 arguments).
        assert sent == 2 * (w * h // 8) + 19, (x, y, w, h)


def test_reported_numbers_for_the_badger_panel():
    shows = (("full", None), ("quarter panel", (74, 32, 148, 64)), ("40x16", (40, 32, 40, 16)))
    sent = bytes_per_show(run, shows)
    assert sent == {"full": 4746, "quarter panel": 2387, "40x16": 179}


# --- board wiring -----------------------------------------------------------------------------


def _display(board, **panel):
    machine._reset_sim()
    board = dict(board, panel=dict(board["panel"], **panel))
    return build_display(board, VirtualClock())


def test_board_files_choose_the_panel_driver_and_budget():
    badger = load_board("sim_badger")
    display = _display(badger)
    assert isinstance(display, UC8151)
    assert display.budget.partials_per_full == UC8151.PARTIALS_PER_FULL
    assert display.budget.min_interval_ms == UC8151.MIN_INTERVAL_MS
    display = _display(badger, partials_per_full=4, min_interval_ms=1500)
    assert (display.budget.partials_per_full, display.budget.min_interval_ms) == (4, 1500)
    for name in ("sim296", "sim400"):
        assert isinstance(_display(load_board(name)), SSD1680)
    display = _display(load_board("sim400"), driver="ssd1683")
    assert isinstance(display, SSD1680) and display.width == 400
    assert display.budget.partials_per_full == SSD1680.PARTIALS_PER_FULL
    with pytest.raises(ValueError, match="unknown panel driver"):
        _display(badger, driver="il0373")
    with pytest.raises(ValueError, match="no panel of 400x300"):
        _display(badger, width=400, height=300)


def test_active_high_buttons_use_pull_downs_and_press_on_a_high_level():
    board = load_board("sim_badger")
    clock = VirtualClock()
    machine._reset_sim()
    scanner = build_buttons(board, clock)
    pin = board["buttons"]["pins"]["B"]
    assert machine._level(pin) == 0  # released: the pull-down holds it low

    async def press():
        keeper = asyncio.create_task(clock.keeper())
        scanner.start()
        await clock.sleep_ms(50)
        assert scanner.get_nowait() is None
        machine._drive(pin, 1)
        await clock.sleep_ms(80)
        machine._drive(pin, None)
        await clock.sleep_ms(80)
        scanner.deinit()
        clock.running = False
        await keeper

    asyncio.run(press())
    assert scanner.get_nowait() == (PRESS, OK)  # B is OK (short press of a long-mapped key)
    with pytest.raises(ValueError, match="active"):
        build_buttons(dict(board, buttons=dict(board["buttons"], active="sideways")), clock)
    machine._reset_sim()


# --- the whole badge --------------------------------------------------------------------------


def test_whole_game_on_the_badger_through_its_buttons(tmp_path):
    device = SimDevice("sim_badger", str(tmp_path), seed=11)
    ghosts = []
    device.app.on_refresh = lambda app: ghosts.append(device.panel.ghosted_pixels())
    asyncio.run(play(device, [], Autopilot("cybo", {"players": 3, "bots": 2})))
    screen = device.app.shell.screen
    state = screen.session.state
    rows = panel_rows(device.panel)
    for seat, total in enumerate(state.scores()):
        name = state.seat_name(seat)
        assert same_line(rows, name, str(total)), "%s's total %d is not drawn" % (name, total)
    panel = device.panel
    assert panel.violations == []
    assert panel.full_refreshes >= 1 and panel.partial_refreshes >= 1
    assert panel.bytes_received == device.app.display.bytes_sent
    # Partials leave ghosts behind, and full refreshes (budget, new screens) clean them.
    assert max(ghosts) > 0 and 0 in ghosts[1:]
    replayed, report = replay_file(os.path.join(str(tmp_path), "last.jnl"))
    assert report.dropped == 0 and replayed.state.scores() == state.scores()
    assert find_text(rows, state.seat_name(0))


def test_save_png_shows_ghosts_in_grey(tmp_path):
    from PIL import Image

    async def scenario(rig):
        await rig.driver.init()
        rig.set_ink(rig.buf, 3, 100, 1)
        await rig.driver.show(rig.buf)
        rig.set_ink(rig.buf, 3, 100, 0)
        rig.set_ink(rig.buf, 20, 100, 1)
        await rig.driver.show(rig.buf, (0, 96, 32, 8))

    rig = run(scenario)
    path = tmp_path / "panel.png"
    rig.model.save_png(str(path), scale=2)
    image = Image.open(path)
    assert image.size == (592, 256)
    assert image.getpixel((6, 200)) == ghosting.GHOST_PAPER  # ink taken away by a partial
    assert image.getpixel((40, 200)) == ghosting.GHOST_INK  # ink added by a partial
    assert image.getpixel((8, 200)) == ghosting.PAPER


def test_a_board_with_a_power_hold_pin_drives_it_high_and_others_touch_nothing():
    import machine

    from dicetable.hardware import hold_power

    machine._reset_sim()
    badger = load_board("badger2040")
    hold_power(badger)
    pin = machine.Pin(badger["power_hold_pin"])
    assert pin.value() == 1
    machine._reset_sim()
    hold_power(load_board("sim296"))  # no such pin: nothing is configured
    assert machine._lines == {}
