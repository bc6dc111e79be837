"""Render time per whole sheet: the portable framebuf (firmware/circuitpython/framebuf.py, what
CircuitPython boards run) against MicroPython's built-in one, both under the MicroPython unix
port on this machine. A proxy: it says how many times slower the pure-Python module is, not
what a board takes.

    .venv/bin/python tools/bench_framebuf_portable.py   (runs itself under .venv/bin/micropython)
    .venv/bin/python tools/bench_framebuf_portable.py --instructions

Wall-clock times swing on a busy machine; --instructions counts the machine instructions per
sheet instead (valgrind's cachegrind, 3 sheets minus 1, halved: setup cancels out), which do
not depend on what else the machine runs.
"""

import sys

GAMES = ("cybo", "gang", "trek12")
PANELS = ((296, 128, 0), (400, 300, 3))  # MagTag's MONO_VLSB, the 4.2" MONO_HLSB
REPEAT = 20  # best of many: the machine may be busy with other work


def sheets_only(game_id, panel, count, which):
    """Draw `count` sheets of one game with one module, nothing else (under valgrind)."""
    import framebuf as builtin
    from bot_games import play_on
    from circuitpython import framebuf as portable

    from dicetable.core.session import Session
    from dicetable.games import load
    from dicetable.ui.screens import sheet_module

    module = portable if which == "portable" else builtin
    for name in list(sys.modules):
        if name.startswith("dicetable") and getattr(sys.modules[name], "framebuf", 0) is builtin:
            sys.modules[name].framebuf = module
    session = Session.start(load(game_id), {"players": 2}, 77, lambda line: None, False)
    play_on(session, 40)
    view = {"seat": 0, "prompt": "P0: choose", "choices": ["a", "b"], "cursor": 0}
    view["note"] = "note"
    width, height, fmt = panel
    fb = module.FrameBuffer(bytearray(width * height // 8), width, height, fmt)
    for _ in range(count):
        fb.fill(0)
        sheet_module(game_id).draw(fb, width, height, session.state, view)


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
    import re
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, MICROPYPATH=".frozen:firmware:hostsim/shims:tests/portable:.")
    micropython = os.path.join(root, ".venv", "bin", "micropython")
    if "--instructions" not in sys.argv:
        cmd = [micropython, "tools/bench_framebuf_portable.py"]
        subprocess.run(cmd, cwd=root, env=env, check=True)
        return

    def instructions(*args):
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no"]
        cmd += ["--cachegrind-out-file=/dev/null"]
        cmd += [micropython, "tools/bench_framebuf_portable.py"] + [str(a) for a in args]
        done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, check=True)
        return int(re.search(r"I\s+refs:\s+([\d,]+)", done.stderr).group(1).replace(",", ""))

    print("million instructions per whole sheet (valgrind), MicroPython unix port")
    print("game      panel     built-in  portable  ratio")
    for game_id in GAMES:
        for width, height, fmt in PANELS:
            panel = "%d,%d,%d" % (width, height, fmt)
            per = []
            for which in ("builtin", "portable"):
                counts = [instructions("sheets", game_id, panel, n, which) for n in (1, 3)]
                per.append((counts[1] - counts[0]) / 2e6)
            print(
                "%-9s %dx%-5d %8.1f  %8.1f  %5.1f"
                % (game_id, width, height, per[0], per[1], per[1] / per[0])
            )


if sys.implementation.name == "micropython":
    if len(sys.argv) > 1 and sys.argv[1] == "sheets":
        panel = tuple(int(v) for v in sys.argv[3].split(","))
        sheets_only(sys.argv[2], panel, int(sys.argv[4]), sys.argv[5])
    else:
        on_micropython()
elif __name__ == "__main__":
    main()
