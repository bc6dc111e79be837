"""`make bench`, Cybo: heap for whole games with UI, work per action, sheet render time and
e-ink traffic (the figures of the foundation issue).

    .venv/bin/python tools/bench_cybo.py [--parts heap,work,panel] [--build DIR]
"""

import bench_common  # first: it puts the firmware and the simulator on the path

# isort: split
import os
import subprocess
import time

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.cybo import sheet as sheet_cybo

from bench_common import (
    DEVICE_PER_CPYTHON,
    MICROPYTHON,
    ROOT,
    LineCounter,
    Section,
    describe,
    heap_pair,
    refreshes_by_round,
    scripted_refreshes,
)


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
from dicetable.games.cybo import sheet as sheet_cybo
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
    env = dict(os.environ, MICROPYPATH=".frozen:%s" % bench_common.BUILD)
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
    # Three cursor moves on the setup screen.
    cursor = scripted_refreshes("sim296", "OK UP UP DOWN", 7)[-3:]
    options = {"players": 3, "bots": 2}
    rounds = refreshes_by_round("sim296", "cybo", options, 7, lambda state: state.round)
    # Round 2 (index 1): round 1 begins with the new screen's full refresh.
    round_two = rounds.get(1, [])
    _count, _full, move_bytes, move_region = describe(cursor)
    round_refreshes, round_full, _sent, _region = describe(round_two)
    return {
        "move_bytes": move_bytes,
        "move_region": move_region,
        "move_kinds": sorted(set("partial" if item[0] == 1 else "full" for item in cursor)),
        "round_refreshes": round_refreshes,
        "round_full": round_full,
        "round_bytes": sum(item[2] for item in round_two),
        "round_region": sum(item[1][2] * item[1][3] // 8 for item in round_two),
        "full_frame": 296 * 128 // 8,
    }


# --- the report ---------------------------------------------------------------------------------
def heap_lines():
    lines = [
        "  smallest heap for a whole game with UI, panel driver and simulator models:",
        "    (plain K: conservative bound for the 32-bit device; wK: pointer-size scaled)",
    ]
    for board, players, bots in (("sim296", 3, 2), ("sim296", 6, 5), ("sim400", 4, 3)):
        lines.append(
            "    %-8s %d players: %5sK plain, %5swK"
            % ((board, players) + heap_pair(board, players, bots))
        )
    return lines


def work_lines():
    work = work_per_action()
    lines = [
        "  work per action, 6 players (%d actions), firmware lines executed:" % work["actions"],
        "    rules (legal + apply + scores): mean %d, max %d  (~%.2f ms on device)"
        % (work["rules_mean"], work["rules_max"], work["rules_ms_device"]),
        "    full sheet render 296x128:      mean %d, max %d"
        % (work["render_mean"], work["render_max"]),
    ]
    for (width, height), micros in sorted(render_times().items()):
        lines.append(
            "    sheet render %dx%d, unix port: %d us  (~%.0f ms on device)"
            % (width, height, micros, micros * 65 / 1000)
        )
    lines.append("    final scoring, all seats:       %d" % work["scoring"])
    return lines


def panel_lines():
    traffic = panel_traffic()
    return [
        "  e-ink, 296x128 (full frame %d bytes of image per plane):" % traffic["full_frame"],
        "    cursor move: %d bytes sent (%s) for a %d-byte changed region"
        % (traffic["move_bytes"], "/".join(traffic["move_kinds"]), traffic["move_region"]),
        "    one round, 3 players: %d refreshes (%d full), %d bytes sent for %d bytes of"
        " changed regions"
        % (
            traffic["round_refreshes"],
            traffic["round_full"],
            traffic["round_bytes"],
            traffic["round_region"],
        ),
    ]


# The work part times the sheet render on the .mpy build as well.
SECTION = Section("Cybo", heap_lines, work_lines, panel_lines, builds=("heap", "work"))
report = SECTION.report  # what `make bench` calls

if __name__ == "__main__":
    SECTION.main()
