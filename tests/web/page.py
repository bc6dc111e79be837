"""Driving DiceTable's page in the browser tests: open it, press its keys as a person does,
wait until the firmware waits for a person, read back what the canvas shows and what the page
saved; and the simulator's side of the same game for comparison."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from dicetable.ui import keys
from hostsim.device import PRESS_MS, SimDevice

# Device time runs this many times faster in the page under test (?speed=N, ports/web.py):
# bots' pauses and refreshes shrink. A test's press holds the page's clock (held_press), so
# its length in device time is the simulator's PRESS_MS whatever the speed and the load.
SPEED = 4
SETTLE_MS = 30_000
# The seed of new games, in the page (?seed=N) and in the simulator alike.
SEED = 5
# The keyboard keys the page maps to the board's buttons (web/dicetable.js).
KEYBOARD = {
    keys.UP: "ArrowUp",
    keys.DOWN: "ArrowDown",
    keys.LEFT: "ArrowLeft",
    keys.RIGHT: "ArrowRight",
    keys.OK: "Enter",
    keys.BACK: "Escape",
}


def open_page(context, site, seed, more=""):
    """A new tab on the page; `more`: further URL parameters ("&kiosk=1")."""
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(page_url(site, seed, more))
    settle(page)
    return page


def page_url(site, seed, more=""):
    return "%s?seed=%d&speed=%d%s" % (site, seed, SPEED, more)


def settle(page):
    """Until the firmware waits for a person (DiceTable's settled hook)."""
    page.wait_for_function(
        "window.dicetable && (window.dicetable.error || window.dicetable.settled())",
        timeout=SETTLE_MS,
        polling=10,
    )
    error = page.evaluate("window.dicetable.error || null")
    assert error is None, error
    assert page.errors == [], page.errors


def press(page, key, keyboard=KEYBOARD, sim=None):
    """One press of `key` on the keyboard (held_press), then until it is handled; `sim` (a
    Lockstep): the simulator makes the same press while the page handles it."""
    name = keyboard[key]
    held_press(page, lambda: page.keyboard.down(name), lambda: page.keyboard.up(name))
    pressed = None if sim is None else sim.begin(sim.device.press(key))
    settle(page)
    if pressed is not None:
        pressed.result()


def held_press(page, down, up):
    """A person's press by the page's real events (`down`, `up`: a key's or the mouse's) that
    lasts the simulator's PRESS_MS of device time. At the test's speed a press timed in real
    time does not: on a loaded machine the down and the up reach the page 40 to 250 ms apart
    for 30 asked (through Playwright's driver and Chromium's input pipeline; the page handles
    the press in ~5 ms), up to 1 s of device time at speed 4, and the arrows auto-repeat after
    500 ms. The page's clock stands still instead from the arming to the release but for
    PRESS_MS after the down is read (ports/web.py WebPort.hold_press)."""
    assert page.evaluate("window.dicetable.port.hold_press(%d)" % PRESS_MS)
    down()
    page.wait_for_function("window.dicetable.port.press_seen()", timeout=SETTLE_MS, polling=5)
    up()


def canvas_frame(page):
    """The canvas read back as the firmware's frame bytes (what a person sees)."""
    return bytes.fromhex(page.evaluate("window.dicetable.canvasFrame()"))


def stored(page, name):
    """A file the page saved (localStorage), or None."""
    value = page.evaluate("localStorage.getItem('dicetable/' + %r)" % name)
    return None if value is None else bytes.fromhex(value)


def store(page, name, data):
    page.evaluate("localStorage.setItem('dicetable/' + %r, %r)" % (name, data.hex()))


_REVERSED = bytes(int("{:08b}".format(value)[::-1], 2) for value in range(256))


def sim_frame(device):
    """What the simulator's modelled glass shows, packed as the 296x128 frame (MONO_VLSB). The
    2.9in glass is mounted rotated: each landscape column is one gate, its pixels the sources
    top down, most significant bit first (hostsim/devices/ssd1680.py `_locate`)."""
    panel = device.panel
    width, height = device.board["panel"]["width"], device.board["panel"]["height"]
    assert panel.rotated and (width, height) == (296, 128)
    plane = panel.ink_plane()
    pages = height // 8
    out = bytearray(width * pages)
    for x in range(width):
        for page in range(pages):
            out[page * width + x] = _REVERSED[plane[x * pages + page]]
    return bytes(out)


class Lockstep:
    """The simulator's device, stepped one coroutine at a time on its own loop in a thread of
    its own (Playwright's sync API holds the main thread's loop). Between steps the loop stands
    still, and so does the simulator's virtual time."""

    def __init__(self, folder):
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.thread = ThreadPoolExecutor(max_workers=1)
        self.device = None

    def power_on(self):
        if self.device is not None:
            self.run(self.device.stop())
        self.device = SimDevice("sim296", self.folder, seed=SEED)
        self.run(self._start())

    async def _start(self):
        self.device.start()
        await self.device.wait_idle()

    def run(self, coroutine):
        return self.begin(coroutine).result()

    def begin(self, coroutine):
        """Run `coroutine` on the simulator's thread while the caller drives the page (the
        future's result() waits for it)."""
        return self.thread.submit(self.loop.run_until_complete, coroutine)

    def close(self):
        if self.device is not None:
            self.run(self.device.stop())
        self.thread.submit(self.loop.close).result()
        self.thread.shutdown()


def same_picture(page, sim, moment):
    shown = canvas_frame(page)
    if shown != sim_frame(sim.device):
        raise AssertionError("canvas and simulator differ %s" % moment)
    assert shown == bytes.fromhex(page.evaluate("window.dicetable.port.frame_hex()"))
