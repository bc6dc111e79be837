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
from dicetable.ui.screen_base import find_session
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
        # Issue 17, item 8: the first roller is checked like every option, seats from 1.
        (
            "--game dicetrip --players 2 --bots 1 --first 3",
            "The first roller must be player 1 to 2",
        ),
        ("--game dicetrip --players 4 --bots 1 --first 5", "First roller must be player 1 to 4"),
        ("--game cybo --first 2", "--first does not apply to Cybo"),
        # Issue 19: the browser's board is not the simulator's; it says where it runs.
        ("--board web", "board web is not for the simulator: it runs in a web page: make web"),
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


def test_the_simulators_boards_leave_out_the_browsers():
    from hostsim import boards

    simulated = boards.simulated()
    assert "web" in boards.available() and "web" not in simulated
    assert {"sim296", "magtag", "pico_circuitpython"} <= set(simulated)  # CircuitPython runs


def test_an_autopilot_going_round_in_circles_stops_and_says_where(tmp_path, monkeypatch):
    def refused(self, game_id, options):
        raise IllegalAction("the table is closed")

    monkeypatch.setattr(Shell, "start_game", refused)
    device = SimDevice("sim296", str(tmp_path), seed=1)
    with pytest.raises(AutopilotStuck) as stuck:
        asyncio.run(play(device, [], Autopilot("cybo", {"players": 2, "bots": 1})))
    assert "SetupScreen: the table is closed" in str(stuck.value)


async def _autopilot_until_the_game_starts(device, autopilot):
    device.start()
    try:
        await device.wait_idle()
        for _ in range(200):
            session = find_session(device.app.shell.screen)
            if session is not None:
                return session
            await device.press(autopilot.next_key(device.app.shell))
        raise AssertionError("the game did not start")
    finally:
        await device.stop()


@pytest.mark.parametrize("board", ["sim296", "sim296_3btn", "sim_badger"])
@pytest.mark.parametrize(
    "game_id, options",
    [
        ("gang", {"players": 2, "bots": 2, "strength": "random"}),
        ("trek12", {"players": 3, "bots": 0, "mode": "dice", "map": "zen"}),
        ("cybo", {"players": 6, "bots": 5, "level": "master"}),
        ("dicetrip", {"players": 3, "bots": 1, "first": 2}),
    ],
)
def test_the_autopilot_sets_the_options_with_each_boards_keys(tmp_path, board, game_id, options):
    # Issue 16, item 5: LEFT/RIGHT change a value where the board has UP/DOWN, OK on three
    # buttons; the rows above win, so the autopilot sets the rows from the top.
    device = SimDevice(board, str(tmp_path), seed=1)
    session = asyncio.run(_autopilot_until_the_game_starts(device, Autopilot(game_id, options)))
    params = session.params
    for key in options:
        wanted = options[key]
        if key == "bots":
            wanted = list(range(options["players"] - wanted, options["players"]))
        elif key == "strength":
            key, wanted = "strengths", [wanted] * options["players"]
        assert params[key] == wanted, (key, params)
