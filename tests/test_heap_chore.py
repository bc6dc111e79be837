"""The app's heap chore on the simulated board: while the panel refreshes, the app collects
when the free heap is below app.TIDY_BELOW, and only then (App._tidy_heap). CPython has no
gc.mem_free, so the figure MicroPython would give is stood in for here."""

import asyncio
import gc

from dicetable import app as app_module
from hostsim import script
from hostsim.device import SimDevice
from hostsim.drive import play


def _collections_per_refresh(tmp_path, monkeypatch, free):
    device = SimDevice("sim296", str(tmp_path))
    asyncio.run(play(device, script.parse("DOWN"), None))  # booted, a first press done
    collected = []
    monkeypatch.setattr(gc, "mem_free", lambda: free, raising=False)
    monkeypatch.setattr(gc, "collect", lambda: collected.append(device.panel.busy()))
    refreshes = device.app.refreshes
    asyncio.run(play(device, script.parse("DOWN UP DOWN"), None))
    assert device.panel.violations == []
    return device.app.refreshes - refreshes, collected


def test_low_heap_is_collected_once_a_refresh_while_the_panel_is_busy(tmp_path, monkeypatch):
    refreshes, collected = _collections_per_refresh(
        tmp_path, monkeypatch, app_module.TIDY_BELOW - 1
    )
    assert refreshes == 3
    assert collected == [True] * refreshes  # each one while the glass was refreshing


def test_enough_heap_is_left_alone(tmp_path, monkeypatch):
    refreshes, collected = _collections_per_refresh(tmp_path, monkeypatch, app_module.TIDY_BELOW)
    assert refreshes == 3 and collected == []
