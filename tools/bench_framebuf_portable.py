"""Render time per whole sheet: the portable framebuf (firmware/circuitpython/framebuf.py, what
CircuitPython boards run) against MicroPython's built-in one, both under the MicroPython unix
port on this machine. A proxy: it says how many times slower the pure-Python module is, not
what a board takes.

    .venv/bin/python tools/bench_framebuf_portable.py   (runs itself under .venv/bin/micropython)
"""

import sys

GAMES = ("cybo", "gang", "trek12")
PANELS = ((296, 128, 0), (400, 300, 3))  # MagTag's MONO_VLSB, the 4.2" MONO_HLSB
REPEAT = 20  # best of many: the machine may be busy with other work


def on_micropython():
    import time

    import framebuf as builtin
    from bot_games import play_on
    from circuitpython import framebuf as portable

    from dicetable.core.session import Session
    from dicetable.games import load
    from dicetable.ui import draw
    from dicetable.ui.screens import sheet_module

    def use(module):
        for name in list(sys.modules):
            loaded = sys.modules[name]
            if name.startswith("dicetable") and getattr(loaded, "framebuf", None) in (
                builtin,
                portable,
            ):
                loaded.framebuf = module
        draw._fonts.clear()
        draw._looks.clear()

    print("ms per whole sheet (fill + draw), MicroPython unix port, best of %d" % REPEAT)
    print("game      panel     built-in  portable  ratio")
    for game_id in GAMES:
        session = Session.start(load(game_id), {"players": 2}, 77, lambda line: None, False)
        play_on(session, 40)
        state = session.state
        view = {"seat": 0, "prompt": "P0: choose", "choices": ["a", "b"], "cursor": 0}
        view["note"] = "note"
        sheet = sheet_module(game_id)
        for width, height, fmt in PANELS:
            size = width * height // 8
            buf = bytearray(size)
            times = []
            for module in (builtin, portable):
                use(module)
                fb = module.FrameBuffer(buf, width, height, fmt)
                best = None
                for _ in range(REPEAT):
                    start = time.ticks_us()
                    fb.fill(0)
                    sheet.draw(fb, width, height, state, view)
                    spent = time.ticks_diff(time.ticks_us(), start)
                    best = spent if best is None or spent < best else best
                times.append(best / 1000)
            print(
                "%-9s %dx%-5d %8.1f  %8.1f  %5.1f"
                % (game_id, width, height, times[0], times[1], times[1] / times[0])
            )
        use(builtin)


def main():
    import os
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = ".frozen:firmware:hostsim/shims:tests/portable:."
    subprocess.run(
        [os.path.join(root, ".venv", "bin", "micropython"), "tools/bench_framebuf_portable.py"],
        cwd=root,
        env=dict(os.environ, MICROPYPATH=path),
        check=True,
    )


if sys.implementation.name == "micropython":
    on_micropython()
elif __name__ == "__main__":
    main()
