"""Replaying journals written on CPython under the real MicroPython, for every game's tests.

The MicroPython side rebuilds each game from its journal text through Session.resume, as the
device's shell does (no history of actions in memory: the journal is it), and prints the final
to_data() as JSON; the caller compares it with CPython's. Games are loaded by module
name, so a game can be checked before it is listed in the menu.
"""

import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

_REPLAY = """
import json, sys
from dicetable.core.session import Session


def load(game_id):
    return __import__("dicetable.games." + game_id, None, None, (game_id,))


for text in sys.stdin.read().split("\\x00"):
    if not text:
        continue
    lines = [line + "\\n" for line in text.split("\\n") if line]
    session, report = Session.resume(lines, load, keep_history=False)  # as the shell resumes
    print(json.dumps([report.applied, report.dropped, session.state.to_data()]))
"""


def load_game(game_id):
    return __import__("dicetable.games." + game_id, None, None, (game_id,))


def assert_micropython_replays(journals, heap="190wK"):
    """journals: [(journal lines, CPython to_data()), ...]; each must replay under MicroPython
    with nothing dropped and to exactly the same data (compared in JSON form, where tuples and
    lists are the same)."""
    stdin = "\x00".join("".join(lines) for lines, _data in journals)
    env = dict(os.environ, MICROPYPATH=".frozen:firmware:hostsim/shims")
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=" + heap, "-c", _REPLAY],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    outputs = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(outputs) == len(journals)
    for (lines, data), (applied, dropped, replayed) in zip(journals, outputs):
        assert dropped == 0 and applied == len(lines) - 1
        assert replayed == json.loads(json.dumps(data))
