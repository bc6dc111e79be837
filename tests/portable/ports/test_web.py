"""The browser port's own parts (dicetable/ports/web.py) with a fake page: the Store mirrored to
the browser's storage, and the canvas panel's refresh cycle. The page itself is tested in a
real browser (tests/web). Both runtimes."""

import asyncio
import binascii
import os

from dicetable.ports.web import WebPanel, WebStore
from hostsim.vclock import VirtualClock

_PANEL = {"width": 296, "height": 128, "full_ms": 600, "partial_ms": 120}
_counter = [0]


class _Page:
    """The host functions of web/dicetable.js over a dict (its localStorage) and a list."""

    def __init__(self):
        self.saved = {}
        self.draws = []
        self.refuse = False

    def store_names(self):
        return "\n".join(sorted(self.saved))

    def store_get(self, name):
        return self.saved.get(name)

    def store_set(self, name, hex_bytes):
        if self.refuse:
            raise RuntimeError("QuotaExceededError")  # what a JsException stands for
        self.saved[name] = hex_bytes

    def store_remove(self, name):
        self.saved.pop(name, None)

    def draw(self, hex_frame, x, y, w, h, full, ms, frame_format):
        self.draws.append((binascii.unhexlify(hex_frame), (x, y, w, h), full, ms, frame_format))


def _folder():
    # No tempfile on MicroPython: a fresh folder per test from the process id and a counter.
    _counter[0] += 1
    return "/tmp/dicetable-web-%d-%d" % (os.getpid() if hasattr(os, "getpid") else 0, _counter[0])


def _saved(page, name):
    hex_bytes = page.saved.get(name)
    return None if hex_bytes is None else binascii.unhexlify(hex_bytes)


def test_every_change_reaches_the_browser_storage():
    page = _Page()
    store = WebStore(page, _folder())
    store.append("header 0000\n")
    store.append("[1,2] abcd\n")
    assert _saved(page, "game.jnl") == b"header 0000\n[1,2] abcd\n"
    store.write_atomic("settings.json", b'{"a":1}')
    assert _saved(page, "settings.json") == b'{"a":1}'
    assert "settings.json.tmp" not in page.saved  # never the half-written copy
    store.clear()
    assert "game.jnl" not in page.saved
    assert _saved(page, "last.jnl") == b"header 0000\n[1,2] abcd\n"


def test_a_reloaded_page_reads_its_saves_back_torn_tail_and_all():
    page = _Page()
    store = WebStore(page, _folder())
    store.append("header 0000\n")
    store.append("[1,2] ab")  # as if damaged outside the page: the journal judges it
    again = WebStore(page, _folder())
    assert again.load_lines() == ["header 0000\n", "[1,2] ab"]
    again.truncate(len("header 0000\n"))
    assert _saved(page, "game.jnl") == b"header 0000\n"


def test_a_refused_browser_write_is_a_full_flash():
    page = _Page()
    store = WebStore(page, _folder())
    page.refuse = True
    try:
        store.append("header 0000\n")
    except OSError as exc:
        assert exc.args[0] == 28  # ENOSPC: the session says "saving stopped"
    else:
        raise AssertionError("the refused write went unnoticed")


def test_the_panel_refreshes_in_panel_bus_cycle_and_hands_the_frame_to_the_page():
    page = _Page()
    clock = VirtualClock()
    panel = WebPanel(page, clock, _PANEL)
    asyncio.run(panel.init())
    first = bytearray(panel.BUFFER_SIZE)
    for index in range(len(first)):
        first[index] = index & 0xFF
    assert panel.start_refresh(first, (10, 3, 20, 10)) == (0, 0, 296, 128)  # first: full
    assert page.draws[-1][1:] == ((0, 0, 296, 128), True, 600, 0)
    assert panel.busy()
    assert panel.start_refresh(first, (10, 3, 20, 10)) is None  # busy: nothing sent
    clock.advance(600)
    asyncio.run(panel.finish())
    second = bytearray(b"\xff" * panel.BUFFER_SIZE)
    window = panel.start_refresh(second, (10, 3, 20, 10))
    assert window == (10, 0, 20, 16)  # whole 8-pixel pages along y
    frame, drawn, full, ms, _format = page.draws[-1]
    assert (drawn, full, ms) == (window, False, 120)
    assert frame == bytes(panel.shown)
    for page_row in range(16):
        for x in range(296):
            at = page_row * 296 + x
            inside = page_row < 2 and 10 <= x < 30
            assert panel.shown[at] == (0xFF if inside else first[at])
