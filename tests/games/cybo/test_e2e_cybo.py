"""End to end: whole Cybo games played only through simulated button presses on the simulated
board; the sheet on the modelled panel must show the engine's scores; power cuts resume."""

import asyncio
import os
import signal
import subprocess
import sys
import time

import pytest

from dicetable.ui.play import PlayScreen
from dicetable.ui.screens import MenuScreen, MessageScreen
from hostsim import script
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play
from hostsim.replay import replay_file

from e2e_common import assert_scores_on_panel, play_game, replayed_last_game
from panel_text import find_text, panel_rows

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def _play(device, steps=(), options=None, game="cybo"):
    autopilot = Autopilot(game, options) if options is not None else None
    asyncio.run(play(device, list(steps), autopilot))


@pytest.mark.parametrize(
    "board, players, bots, level",
    [
        ("sim296", 3, 2, "advanced"),
        ("sim296", 2, 0, "beginner"),
        ("sim400", 4, 3, "master"),
        ("sim296_3btn", 2, 1, "grandmaster"),
    ],
)
def test_whole_game_through_buttons_matches_the_panel(tmp_path, board, players, bots, level):
    options = {"players": players, "bots": bots, "level": level}
    device, _presses = play_game(tmp_path, board, "cybo", options, 11)
    assert_scores_on_panel(device)
    session = device.app.shell.screen.session
    assert session.params["level"] == level and session.bots == tuple(
        range(players - bots, players)
    )
    # Every human decision came from a button: the journal holds the whole game, and replaying
    # it from the file gives the same scores as the engine the panel was drawn from.
    replayed = replayed_last_game(tmp_path)
    assert replayed.is_terminal() and replayed.scores() == session.state.scores()
    assert device.panel.full_refreshes >= 1 and device.panel.partial_refreshes >= 1


def _mid_game(tmp_path, presses=40):
    """A 2-player game (one human) stopped after some presses; returns the journal lines."""
    device = SimDevice("sim296", str(tmp_path), seed=5)
    steps = script.parse("OK OK") + script.parse("OK") * presses  # menu, start, rolls
    _play(device, steps)
    assert isinstance(device.app.shell.screen, PlayScreen)
    with open(os.path.join(str(tmp_path), "game.jnl"), "rb") as file:
        lines = file.read().decode().splitlines(keepends=True)
    return device, lines


def test_journal_cut_at_every_byte_of_its_last_record_resumes(tmp_path):
    device, lines = _mid_game(tmp_path / "first")
    complete, last = lines[:-1], lines[-1]
    expected = replay_file_from_lines(tmp_path / "expected", complete)
    for cut in range(len(last) + 1):
        folder = tmp_path / ("cut%d" % cut)
        folder.mkdir()
        with open(folder / "game.jnl", "wb") as file:
            file.write("".join(complete).encode() + last[:cut].encode())
        resumed = SimDevice("sim296", str(folder), seed=99)
        _play(resumed)
        screen = resumed.app.shell.screen
        if 0 < cut < len(last):
            # A torn record is reported, then the game goes on.
            assert isinstance(screen, MessageScreen) and screen.heading == "Game resumed"
            _play(resumed, script.parse("OK"))
            screen = resumed.app.shell.screen
        assert isinstance(screen, PlayScreen)
        want = device.app.shell.screen.session.state if cut == len(last) else expected
        assert screen.session.state.to_data() == want.to_data()
        # The torn tail is gone from the file, so new moves append after good lines only.
        with open(folder / "game.jnl", "rb") as file:
            kept = file.read().decode()
        assert kept == "".join(complete + ([last] if cut == len(last) else []))


def replay_file_from_lines(folder, lines):
    folder.mkdir()
    path = folder / "game.jnl"
    path.write_text("".join(lines))
    return replay_file(str(path))[0].state


def test_resumed_game_continues_through_buttons_to_the_end(tmp_path):
    _device, _lines = _mid_game(tmp_path, presses=25)
    resumed = SimDevice("sim296", str(tmp_path), seed=123)
    _play(resumed, options={"players": 2, "bots": 1})
    assert_scores_on_panel(resumed)


def test_unreadable_save_gives_a_clear_screen_not_a_crash_loop(tmp_path):
    (tmp_path / "game.jnl").write_text("DTJ1 {this is not json} 0000\n[-1,3] 1234\n")
    for _boot in range(2):  # a second boot must not meet the bad file again
        device = SimDevice("sim296", str(tmp_path), seed=1)
        _play(device)
        screen = device.app.shell.screen
        if _boot == 0:
            assert isinstance(screen, MessageScreen)
            assert screen.heading == "Save could not be restored"
            assert find_text(panel_rows(device.panel), "Save could not be restored")
            _play(device, script.parse("OK"))
            assert isinstance(device.app.shell.screen, MenuScreen)
        else:
            assert isinstance(screen, MenuScreen)
    assert (tmp_path / "bad.jnl").exists() and not (tmp_path / "game.jnl").exists()


def test_presses_during_a_refresh_are_queued_not_lost(tmp_path):
    device = SimDevice("sim296", str(tmp_path), seed=3)
    # Menu OK, then setup "Start" while the panel is still busy with the menu's refresh.
    _play(device, script.parse("BUSY:OK BUSY:OK WAIT:3000"))
    assert isinstance(device.app.shell.screen, PlayScreen)
    assert device.panel.violations == []


def test_long_press_pauses_on_the_three_button_board(tmp_path):
    device = SimDevice("sim296_3btn", str(tmp_path), seed=3)
    _play(device, script.parse("OK OK LONG:OK"))
    screen = device.app.shell.screen
    assert type(screen).__name__ == "PauseScreen"
    _play(device, script.parse("OK"))
    assert isinstance(device.app.shell.screen, PlayScreen)


def test_flash_full_keeps_the_game_and_says_so(tmp_path):
    device = SimDevice("sim296", str(tmp_path), seed=3)
    _play(device, script.parse("OK OK"))
    session = device.app.shell.screen.session

    def full(_line):
        raise OSError(28, "No space left on device")

    session.sink = full
    _play(device, script.parse("OK OK OK"))
    screen = device.app.shell.screen
    assert session.save_error.startswith("saving stopped")
    assert session.state.action_count >= 3
    assert isinstance(screen, PlayScreen) and screen.view()["note"] == session.save_error


def _cli(*args, timeout=120):
    return subprocess.run(
        [sys.executable, "-m", "hostsim", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_make_sim_without_a_terminal_plays_the_bot_demo():
    """`make sim` as the README gives it, with no terminal: the bot demo, its scores, exit 0.
    Run through make itself, so a demo that lost step with `run`'s options cannot hide."""
    result = subprocess.run(
        ["make", "--no-print-directory", "sim"],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "bot demo" in result.stdout and "Final scores (Cybo, seed 7)" in result.stdout
    assert "0 protocol problems" in result.stdout


def test_cli_bad_input_gets_one_clear_line(tmp_path):
    bad_script = _cli("run", "--script", "OK JUMP")
    assert bad_script.returncode == 2 and "JUMP" in bad_script.stderr
    assert "Traceback" not in bad_script.stderr
    no_board = _cli("run", "--board", "nosuchboard")
    assert no_board.returncode == 2 and "no board file" in no_board.stderr
    broken = tmp_path / "broken.jnl"
    broken.write_text("garbage\n")
    replayed = _cli("replay", str(broken), "--json")
    assert replayed.returncode == 2 and "cannot restore" in replayed.stderr
    missing = _cli("replay", str(tmp_path / "none.jnl"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_cli_run_and_replay_json(tmp_path):
    data = tmp_path / "flash"
    result = _cli(
        "run",
        "--players",
        "3",
        "--bots",
        "2",
        "--seed",
        "7",
        "--data",
        str(data),
        "--png",
        str(tmp_path / "png"),
    )
    assert result.returncode == 0, result.stderr
    assert "Final scores" in result.stdout
    assert any(name.startswith("panel-") for name in os.listdir(tmp_path / "png"))
    replayed = _cli("replay", str(data / "last.jnl"), "--json")
    assert replayed.returncode == 0
    import json

    summary = json.loads(replayed.stdout)
    assert summary["finished"] and len(summary["seats"]) == 3
    for seat in summary["seats"]:
        assert seat["score"] == sum(points for _label, points in seat["breakdown"])
        assert "%-6s %4d" % (seat["name"], seat["score"]) in result.stdout


def _lines(path):
    try:
        with open(path, "rb") as file:
            return file.read().count(b"\n")
    except OSError:
        return 0


def test_killed_process_resumes_at_the_last_complete_action(tmp_path):
    """Power cuts at arbitrary moments: kill -9 the simulator mid-game, then boot again. The
    kill comes once the journal holds a given number of records (not after a fixed time, which
    depends on the machine's speed), so it always lands inside the game, at whatever byte of
    whatever write the simulator is busy with."""
    resumed_games = 0
    for records in (3, 17, 40, 71):
        data = tmp_path / ("kill%d" % records)
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "hostsim",
                "run",
                "--players",
                "2",
                "--bots",
                "2",
                "--seed",
                "3",
                "--data",
                str(data),
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 120
        while process.poll() is None and time.monotonic() < deadline:
            if _lines(data / "game.jnl") >= records:
                break
            time.sleep(0.002)
        process.send_signal(signal.SIGKILL)
        process.wait()
        journal = data / "game.jnl"
        if not journal.exists():
            continue  # killed before the game started, or after it ended
        session, report = replay_file(str(journal))
        device = SimDevice("sim296", str(data), seed=1)
        _play(device, options={"players": 2, "bots": 2})
        assert_scores_on_panel(device)
        # The resumed game is the killed game: its first moves are the journal's.
        finished, _ = replay_file(str(data / "last.jnl"))
        assert finished.state.history[: report.applied] == session.state.history
        resumed_games += 1
    assert resumed_games >= 3, "the kills missed the game: the journal counts need adjusting"


def test_stuck_button_is_reported_on_the_sheet_and_ignored(tmp_path):
    import machine

    from dicetable.app import STUCK_NOTICE

    device = SimDevice("sim296", str(tmp_path), seed=3)
    _play(device, script.parse("OK OK"))  # into a game: P1 is asked to roll
    actions = device.app.shell.screen.session.state.action_count

    async def hold_down_pin():
        device.start()
        try:
            await device.wait_idle()
            pin = device.board["buttons"]["pins"]["DOWN"]
            machine._drive(pin, 0)
            await device.clock.sleep_ms(12_000)  # past the 10 s stuck limit
            await device.wait_idle()
            rows = panel_rows(device.panel)
            machine._drive(pin, None)
            await device.wait_idle()
            return rows
        finally:
            await device.stop()

    rows = asyncio.run(hold_down_pin())
    assert find_text(rows, STUCK_NOTICE)
    screen = device.app.shell.screen
    assert isinstance(screen, PlayScreen)
    assert screen.session.state.action_count == actions  # nothing happened to the game
    # The next real press works and clears the notice.
    _play(device, script.parse("OK"))
    assert device.app.shell.screen.session.state.action_count > actions
    assert device.app.shell.notice == ""
