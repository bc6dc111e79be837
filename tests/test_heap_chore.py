"""The app's heap chore on the simulated board: while the panel refreshes, the app collects
when the free heap is below app.TIDY_BELOW, and only then (App._tidy_heap). CPython has no
gc.mem_free, so the figure MicroPython would give is stood in for here."""

import asyncio
import gc

from dicetable import app as app_module
from hostsim import script
from hostsim.device import SimDevice
from hostsim.drive import play


class _FakeHeap:
    """gc.mem_free as MicroPython would answer it: `free` once a key or a bot's move made
    garbage, and plenty again after a collection."""

    def __init__(self, device, free):
        self.device = device
        self.free = free
        self.dirty = False
        self.collected = []  # the panel was busy, for each collection

    def mem_free(self):
        return self.free if self.dirty else 200_000

    def collect(self):
        self.collected.append(self.device.panel.busy())
        self.dirty = False

    def install(self, monkeypatch):
        monkeypatch.setattr(gc, "mem_free", self.mem_free, raising=False)
        monkeypatch.setattr(gc, "collect", self.collect)
        shell = self.device.app.shell
        for name in ("handle", "step"):
            act = getattr(shell, name)

            def acted(*args, act=act):
                self.dirty = True
                return act(*args)

            monkeypatch.setattr(shell, name, acted)


def _collections_per_refresh(tmp_path, monkeypatch, free, steps="DOWN UP DOWN"):
    device = SimDevice("sim296", str(tmp_path))
    asyncio.run(play(device, script.parse("DOWN"), None))  # booted, a first press done
    heap = _FakeHeap(device, free)
    heap.install(monkeypatch)
    refreshes = device.app.refreshes
    asyncio.run(play(device, script.parse(steps), None))
    assert device.panel.violations == []
    return device.app.refreshes - refreshes, heap.collected


def test_low_heap_is_collected_once_a_refresh_while_the_panel_is_busy(tmp_path, monkeypatch):
    refreshes, collected = _collections_per_refresh(
        tmp_path, monkeypatch, app_module.TIDY_BELOW - 1
    )
    assert refreshes == 3
    assert collected == [True] * refreshes  # each one while the glass was refreshing


def test_enough_heap_is_left_alone(tmp_path, monkeypatch):
    refreshes, collected = _collections_per_refresh(tmp_path, monkeypatch, app_module.TIDY_BELOW)
    assert refreshes == 3 and collected == []


def test_a_press_that_refreshes_nothing_is_tidied_before_the_next_wait(tmp_path, monkeypatch):
    """Bots moving unseen (Christmas On Track's, on the emulated RP2040) left their garbage
    to the next bot's decision, which then collected inside itself: the app tidies before it
    waits for a key as it does during a refresh."""
    refreshes, collected = _collections_per_refresh(
        tmp_path, monkeypatch, app_module.TIDY_BELOW - 1, "BACK BACK"
    )
    assert refreshes == 0  # BACK on the main menu changes nothing
    assert collected == [False, False]  # one a press, while nothing refreshed
