"""Figures of DiceTable in a browser (docs/web.md): the page's load time to its first screen and
the time from a key going down to the frame it changed being handed to the canvas, measured by
the page itself (performance.now()) in headless Chromium at real speed.

The keys are those the simulator's autopilot presses in the first moves of a Cybo game (same
seed, so the page plays the same game). Run after `make web`:
  .venv/bin/python tools/bench_web.py [--keys 20] [--loads 3]
"""

import argparse
import asyncio
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for folder in ("firmware", "hostsim/shims", "", "tools", "tests/web"):
    sys.path.insert(0, os.path.join(ROOT, folder))

import serve_web  # noqa: E402

from hostsim.autopilot import Autopilot  # noqa: E402
from hostsim.device import SimDevice  # noqa: E402

SEED = 5
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def autopilot_keys(count, folder):
    """The first `count` keys the autopilot presses in a 2-seat Cybo game (one bot)."""
    device = SimDevice("sim296", folder, seed=SEED)
    pilot = Autopilot("cybo", {"players": 2, "bots": 1})
    pressed = []

    async def run():
        device.start()
        try:
            await device.wait_idle()
            while len(pressed) < count:
                key = pilot.next_key(device.app.shell)
                if key is None:
                    break
                pressed.append(key)
                await device.press(key)
        finally:
            await device.stop()

    asyncio.run(run())
    return pressed


def main(argv=None):
    from dicetable.ui import keys

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--loads", type=int, default=3)
    args = parser.parse_args(argv)
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        sequence = autopilot_keys(args.keys, folder)
    names = {keys.UP: "ArrowUp", keys.DOWN: "ArrowDown", keys.LEFT: "ArrowLeft"}
    names.update({keys.RIGHT: "ArrowRight", keys.OK: "Enter", keys.BACK: "Escape"})
    from playwright.sync_api import sync_playwright

    server = serve_web.serve(os.path.join(ROOT, "build", "web"))
    url = "http://127.0.0.1:%d/?seed=%d" % (server.server_address[1], SEED)
    settled = "window.dicetable && window.dicetable.settled()"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        for _ in range(args.loads):  # a new browser profile each time: nothing cached
            context = browser.new_context()
            page = context.new_page()
            page.goto(url)
            page.wait_for_function(settled, timeout=60_000)
            figures = page.evaluate(
                "[window.dicetable.loadMs, window.dicetable.firstFrameMs,"
                " window.dicetable.firstScreenMs]"
            )
            print(
                "load (ms from navigation): runtime + firmware files %.0f, first frame to the"
                " canvas %.0f, its refresh animation over %.0f" % tuple(figures)
            )
            context.close()
        context = browser.new_context()
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(settled, timeout=60_000)
        for key in sequence:
            page.keyboard.down(names[key])
            page.wait_for_timeout(100)
            page.keyboard.up(names[key])
            page.wait_for_function(settled, timeout=60_000)
        times = page.evaluate("window.dicetable.keyToFrame")
        browser.close()
    server.shutdown()
    times = sorted(times)
    print(
        "key down -> frame to the canvas over %d presses: mean %.1f ms, median %.1f, worst %.1f"
        " (a press counts at its first edge: debounce only holds off the next change)"
        % (len(times), sum(times) / len(times), times[len(times) // 2], times[-1])
    )


if __name__ == "__main__":
    main()
