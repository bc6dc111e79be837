"""`python -m hostsim run` refuses what it cannot do, at once and in the device's words (issue
16, item 2): before, a value the setup screen does not offer (`--map bogus`, `--players 9`,
more bots than players) left the autopilot cycling the setup row for ever at 50 % CPU, and an
option of another game was silently ignored."""

import asyncio
import os
import subprocess
import sys

import pytest

from dicetable.core.errors import IllegalAction
from dicetable.ui.shell import Shell
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import AutopilotStuck, play

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize(
    "args, said",
    [
        ("--game trek12 --map bogus", "Map must be one of dunai"),
        ("--players 9", "Players must be 2 to 6"),
        ("--players 0 --bots 0", "Players must be 2 to 6"),
        ("--game gang --players 2 --bots 4", "Bots must be 0 to 2"),
        ("--game cybo --players 2 --bots 3", "Bots must be 0 to 2"),
        ("--game trek12 --level master", "--level does not apply to Trek 12"),
        ("--game cybo --map dunai", "--map does not apply to Cybo"),
    ],
)
def test_options_it_cannot_set_are_refused_with_exit_2(args, said):
    done = subprocess.run(
        [sys.executable, "-m", "hostsim", "run"] + args.split(),
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, ROOT + "/firmware"])),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert said in done.stderr and done.stdout == ""


def test_an_autopilot_going_round_in_circles_stops_and_says_where(tmp_path, monkeypatch):
    def refused(self, game_id, options):
        raise IllegalAction("the table is closed")

    monkeypatch.setattr(Shell, "start_game", refused)
    device = SimDevice("sim296", str(tmp_path), seed=1)
    with pytest.raises(AutopilotStuck) as stuck:
        asyncio.run(play(device, [], Autopilot("cybo", {"players": 2, "bots": 1})))
    assert "SetupScreen: the table is closed" in str(stuck.value)
