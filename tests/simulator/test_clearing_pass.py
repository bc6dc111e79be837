"""The clearing pass (issue 16, item 3): where a press writes a new list of choices over the
last one, the app first shows that region in solid ink by a partial refresh, then the new
picture by another. Played through the buttons on the 2.9" panel, where Christmas On Track's
narrow column replaces one list with the next at almost every decision: each pass sends the
region all ink, the glass ends showing exactly the frame, and the frame is as drawn."""

import asyncio

from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play


def _all_ink(fb, rect):
    x, y, w, h = rect
    return all(fb.pixel(x + dx, y + dy) for dy in range(h) for dx in range(w))


def test_a_new_list_over_the_last_goes_through_solid_ink_first(tmp_path):
    device = SimDevice("sim296", str(tmp_path), seed=11)
    app = device.app
    sent = []  # (full, the clearing rectangle or None, that rectangle was all ink)
    show = app.display.show

    async def recording_show(buf, rect, full=False):
        clear = app.planner.clear
        sent.append((full, clear, clear is not None and _all_ink(app.fb, clear)))
        await show(buf, rect, full)

    app.display.show = recording_show
    checked = []

    def after_refresh(app):
        if len(sent) >= 2 and sent[-2][1] is not None:  # the press sent a clearing pass
            checked.append(device.panel.image_rows() == _frame_rows(app))

    app.on_refresh = after_refresh
    asyncio.run(play(device, [], Autopilot("ontrack", {"players": 6, "bots": 5})))
    assert device.app.shell.screen.__class__.__name__ == "ResultsScreen"
    passes = [entry for entry in sent if entry[1] is not None]
    assert len(passes) >= 10  # one at most decisions of the person's seat
    assert all(not full and inked for full, _clear, inked in passes)
    assert len(checked) == len(passes) and all(checked)


def _frame_rows(app):
    width, height = app.shell.width, app.shell.height
    return [bytearray(app.fb.pixel(x, y) for x in range(width)) for y in range(height)]


def test_without_heap_for_the_pass_the_refresh_goes_ahead_and_the_game_goes_on(
    tmp_path, monkeypatch
):
    """A heap with no room to keep the cleared region's bytes (App._clearing_pass) costs the
    glass its clearing pass, never the game: one partial shows the new picture."""
    from dicetable import app as app_module

    device = SimDevice("sim296", str(tmp_path), seed=11)
    app = device.app
    sent = []

    def no_heap(_size):
        raise MemoryError("memory allocation failed, allocating 256 bytes")

    monkeypatch.setattr(app_module, "bytearray", no_heap, raising=False)
    show = app.display.show

    async def recording_show(buf, rect, full=False):
        sent.append(app.planner.clear)
        await show(buf, rect, full)

    app.display.show = recording_show
    checked = []
    app.on_refresh = lambda app: checked.append(device.panel.image_rows() == _frame_rows(app))
    asyncio.run(play(device, [], Autopilot("ontrack", {"players": 6, "bots": 5})))
    assert device.app.shell.screen.__class__.__name__ == "ResultsScreen"
    assert app.clearings_skipped >= 10  # the passes the first test sees
    assert sent and all(clear is None for clear in sent)  # no region ever went to ink
    assert all(checked)  # and the glass shows each frame as drawn
