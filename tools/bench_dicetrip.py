"""`make bench`, Dice Trip: Belgium: the careful bot's scores, heap for a whole 4-player game
with UI, work per action (the legal options a person is offered, apply, route scoring, the hint,
a sheet render) and e-ink refreshes per cursor move, per placement and per round (the figures of
issue 5).

The hint is the careful bot's move (the play screen's cursors start on it, and bots play it), so
its work is given per kind of decision, worst case included, next to the one-off plan of the map
that the play screen works out when a game starts. Device times are rough: TOOLCHAIN.md's 170 x
CPython, the fastest of a few runs of each call.

Refreshes are told apart by what changed since the one before: a new round, the sheet of another
person (a hand-over), a number or cross placed by the person whose sheet is shown, or a choice.

    .venv/bin/python tools/bench_dicetrip.py [--parts strength,heap,work,panel] [--build DIR]
"""

import bench_common  # first: it puts the firmware and the simulator on the path

# isort: split
import asyncio
import os
import subprocess
import tempfile
import time

from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.dicetrip import belgium as dicetrip_map
from dicetable.games.dicetrip import data, route
from dicetable.games.dicetrip import plan as dicetrip_plan
from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.dicetrip import sheet as sheet_dicetrip
from dicetable.games.dicetrip.play import CITY, NUMBER, DiceTripPlayScreen
from dicetable.ui import keys, refresh
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

from bench_common import (
    DEVICE_PER_CPYTHON,
    ROOT,
    Explorer,
    LineCounter,
    Section,
    bot_game,
    bot_turns,
    describe,
    explored_refreshes,
    heap_pair,
    mean,
    per_action_lines,
    score_summary,
)

_SEED = 7
_PANEL = (296, 128)
_TABLE = {"players": 3, "bots": 1}  # 2 people and a bot share each roll
SOLO_GAMES = 1000
TABLE_GAMES = 250  # of 4 bots: the reroll power is weighed by each roller in turn
FIRST_SEED = 500000  # away from the seeds the bot was tuned on
THRESHOLDS = (20, 25, 30)
_TIMING_RUNS = 3
_UNIX_PORT_FACTOR = 65  # TOOLCHAIN.md: device time ~ 65 x the MicroPython unix port's
# The hints of whole 4-bot games timed under the MicroPython unix port (the device's own
# interpreter, so closer to its costs than CPython): "mean worst" microseconds.
_UNIX_PORT_HINTS = """
import time
from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.dicetrip import plan as dicetrip_plan
dicetrip_plan.plan_for(dicetrip.default_board())
times = []
for seed in %r:
    s = Session.start(load("dicetrip"), {"players": 4, "bots": 4}, seed)
    s.state.history = None
    while s.actors():
        seat = s.actors()[0]
        if seat == CHANCE:
            s.roll()
            continue
        best = None
        for _ in range(%d):
            t = time.ticks_us()
            action = dicetrip_bot.hint(s.state, seat)
            t = time.ticks_diff(time.ticks_us(), t)
            best = t if best is None or t < best else best
        times.append(best)
        s.apply(seat, action)
print(sum(times) // len(times), max(times))
"""
_CAUSES = ("round", "hand-over", "placement", "choice")


# --- the bot ----------------------------------------------------------------------------------
def _bot_game(players, seed):
    return bot_game(load("dicetrip"), {"players": players, "bots": players}, seed).state.scores()


def strength_lines():
    solo = [_bot_game(1, FIRST_SEED + index)[0] for index in range(SOLO_GAMES)]
    average, median, shares = score_summary(solo, THRESHOLDS)
    table = []
    for index in range(TABLE_GAMES):
        table += _bot_game(4, FIRST_SEED + SOLO_GAMES + index)
    return [
        "  careful bot, %d seeded solo games: mean %.2f, median %.1f, %s"
        % (len(solo), average, median, shares),
        "  careful bot, %d seeded games of 4 bots: mean %.2f a seat"
        % (TABLE_GAMES, mean_of(table)),
    ]


def mean_of(values):
    return sum(values) / max(1, len(values))


# --- work per action --------------------------------------------------------------------------
def _listing(state, seat):
    """What the screen asks the engine for one placement: the numbers, then the cities of the
    first (the legal_actions listing is measured apart)."""
    options = state.number_options(seat)
    if options:
        state.city_options(seat, options[0][1], options[0][2])
    return options


def _decision(state, seat):
    """The kind of decision a hint makes: the roller's keep or reroll, a round's first number
    (with or without the twice power to weigh), or one number."""
    left = state.placements_left(seat)
    if not left:
        return "power"
    if state.moves[seat] or left == 1:
        return "single"
    return "first+twice" if "twice" in state.powers(seat) else "first"


def _device_ms(function, *args):
    best = None
    for _ in range(_TIMING_RUNS):
        started = time.perf_counter()
        function(*args)
        elapsed = time.perf_counter() - started
        best = elapsed if best is None else min(best, elapsed)
    return 1000 * DEVICE_PER_CPYTHON * best


def work_per_action(players=4, seeds=(_SEED, _SEED + 1, _SEED + 2)):
    """Firmware lines per legal listing, staged listing, apply, hint and sheet render over games
    of bots, the hint by kind of decision, and scoring a full sheet from scratch."""
    import framebuf  # the shim, on the path once hostsim is imported

    counter = LineCounter()
    work = {"legal": [], "staged": [], "apply": [], "hint": [], "render": []}
    kinds = {}
    hint_ms = []
    worst = (0, "", 0)
    width, height = _PANEL
    buffer = bytearray((width + 7) // 8 * height)
    fb = framebuf.FrameBuffer(buffer, width, height, framebuf.MONO_HLSB)
    view = {"seat": 0, "prompt": "P1: number 1 of 2", "choices": ["12 red+yellow"] * 8}
    # The plan of the map is worked out once, when the play screen starts a game.
    work["plan"] = counter.measure(
        dicetrip_plan.plan_for, route.Board(dicetrip_map, data.DICE_COLOURS)
    )[0]
    dicetrip_plan.plan_for(dicetrip.default_board())
    for seed in seeds:
        session = Session.start(load("dicetrip"), {"players": players, "bots": players}, seed)
        for seat in bot_turns(session):
            state = session.state
            work["legal"].append(counter.measure(state.legal_actions, seat)[0])
            if state.placements_left(seat):
                work["staged"].append(counter.measure(_listing, state, seat)[0])
            kind = _decision(state, seat)
            lines, action = counter.measure(dicetrip.hint, state, seat)
            work["hint"].append(lines)
            kinds.setdefault(kind, []).append(lines)
            if lines > worst[0]:
                worst = (lines, kind, state.round + 1)
            hint_ms.append(_device_ms(dicetrip.hint, state, seat))
            view["seat"] = seat
            work["render"].append(
                counter.measure(sheet_dicetrip.draw, fb, width, height, state, view)[0]
            )
            work["apply"].append(counter.measure(session.apply, seat, action)[0])
    state = session.state
    board = state.board
    lines, _ = counter.measure(
        route.score_sheet, board, state.values[0], state.ticks[0], state.chains
    )
    work["scoring"] = lines
    work["scoring_ms_device"] = _device_ms(
        route.score_sheet, board, state.values[0], state.ticks[0], state.chains
    )
    work["kinds"] = kinds
    work["worst"] = worst
    work["hint_ms_mean"] = mean_of(hint_ms)
    work["hint_ms_max"] = max(hint_ms)
    return work


def unix_port_hint_us(seeds=(_SEED, _SEED + 1, _SEED + 2)):
    """(mean, worst) microseconds of a hint under the MicroPython unix port, or None."""
    env = dict(os.environ, MICROPYPATH=".frozen:firmware:hostsim/shims")
    script = _UNIX_PORT_HINTS % (tuple(seeds), _TIMING_RUNS)
    result = subprocess.run(
        [bench_common.MICROPYTHON, "-X", "heapsize=190wK", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if result.returncode:
        return None
    mean_us, worst_us = result.stdout.split()
    return int(mean_us), int(worst_us)


def work_lines():
    work = work_per_action()
    names = (
        ("legal", "legal_actions"),
        ("staged", "number+city options"),
        ("apply", "apply"),
        ("hint", "hint (bot)"),
        ("render", "sheet render"),
    )
    lines = per_action_lines(work, names)
    for kind in ("power", "first", "first+twice", "single"):
        values = work["kinds"].get(kind, [])
        if values:
            lines.append(
                "    hint, %-12s %4d decisions: mean %d, max %d lines"
                % (kind, len(values), mean(values), max(values))
            )
    lines.append(
        "    worst hint: %d lines (%s, round %d); from CPython, ~%.1f ms on device (mean ~%.1f)"
        % (work["worst"] + (work["hint_ms_max"], work["hint_ms_mean"]))
    )
    timed = unix_port_hint_us()
    if timed:
        lines.append(
            "    hint under the MicroPython unix port: mean %d us, worst %d us (~%.1f and ~%.1f "
            "ms on device)"
            % (timed + (timed[0] * _UNIX_PORT_FACTOR / 1000, timed[1] * _UNIX_PORT_FACTOR / 1000))
        )
    lines.append("  the map's plan, once a game: %d lines" % work["plan"])
    lines.append(
        "  route scoring, one full sheet: %d lines (~%.2f ms on device)"
        % (work["scoring"], work["scoring_ms_device"])
    )
    return lines


# --- heap -------------------------------------------------------------------------------------
def heap_lines():
    return [
        "  smallest heap, whole 4-player game with UI (1 person, sim296): %sK plain, %swK"
        % heap_pair("sim296", 4, 3, game="dicetrip", level="-")
    ]


# --- the panel --------------------------------------------------------------------------------
def game_refreshes(board, options=_TABLE, seed=_SEED):
    """[(kind, bytes sent, cause), ...] over a whole autopilot game: the cause of a refresh is
    what changed since the refresh before (see the module's docstring)."""
    found = []
    last = [None]
    with tempfile.TemporaryDirectory() as folder:
        device = SimDevice(board, folder, seed=seed)

        def on_refresh(app):
            state = app.shell.game_state()
            seat = getattr(app.shell.screen, "shown_seat", None)
            if state is None or seat is None:
                last[0] = None
                return
            sheet = (state.round, seat, state.values[seat].count(route.EMPTY))
            before = last[0]
            if before is None or before[0] != sheet[0]:
                cause = "round"
            elif before[1] != sheet[1]:
                cause = "hand-over"
            elif before[2] != sheet[2]:
                cause = "placement"
            else:
                cause = "choice"
            kind, _rect, sent = app.last_refresh
            found.append((kind, sent, cause))
            last[0] = sheet

        device.app.on_refresh = on_refresh
        asyncio.run(play(device, [], Autopilot("dicetrip", options)))
    return found


def cursor_refreshes(board):
    """Refreshes after labelled cursor moves (2 people and a bot)."""
    explorer = Explorer(
        "dicetrip",
        _TABLE,
        DiceTripPlayScreen,
        {
            NUMBER: (("number", keys.DOWN), ("number", keys.DOWN)),
            CITY: (("city", keys.RIGHT), ("city", keys.RIGHT)),
        },
    )
    return explored_refreshes(board, explorer, ("number", "city"), _SEED)


def panel_lines():
    lines = []
    for board in ("sim296", "sim400"):
        moves = cursor_refreshes(board)
        for name in ("number", "city"):
            count, full, sent, region = describe(moves[name])
            lines.append(
                "  e-ink %s, %s cursor move: %d bytes sent for a %d-byte changed region "
                "(%d moves, %d full)" % (board, name, sent, region, count, full)
            )
        found = game_refreshes(board)
        words = []
        for cause in _CAUSES:
            items = [item for item in found if item[2] == cause]
            full = [item for item in items if item[0] == refresh.FULL]
            words.append("%s %d/%d" % (cause, len(full), len(items)))
        sent = sum([item[1] for item in found])
        lines.append(
            "  e-ink %s, a game of 2 people and a bot: full/all refreshes by cause: %s; %d bytes"
            % (board, ", ".join(words), sent)
        )
    return lines


# --- the report -------------------------------------------------------------------------------
SECTION = Section("Dice Trip: Belgium", strength_lines, heap_lines, work_lines, panel_lines)
report = SECTION.report  # what `make bench` calls

if __name__ == "__main__":
    SECTION.main()
