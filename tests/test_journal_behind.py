"""The journal written behind (storage.Store.write_behind): on the simulated board the app writes
a move's line while the panel refreshes the picture of that move, never inside the press, and
never later than the wait for the next key; a write refused then is on the sheet at once."""

import asyncio
import gc
import os

from dicetable.drivers.storage import Store
from dicetable.ui.play import PlayScreen
from hostsim import script
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

_CYBO = {"players": 2, "bots": 1, "level": "beginner"}


def _journal_lines(device):
    path = os.path.join(device.store.folder, "game.jnl")
    if not os.path.exists(path):
        return 0
    with open(path) as file:
        return len(file.readlines())


def test_a_moves_line_is_written_while_its_picture_refreshes(tmp_path, monkeypatch):
    device = SimDevice("sim296", str(tmp_path), seed=3)
    writes = []
    playing = []
    write_lines = Store._write_lines

    def noted(store, lines):
        # A game's last move is written when its journal is moved aside, in that press.
        over = bool(playing) and playing[0].state.is_terminal()
        writes.append(device.panel.busy() or over)
        write_lines(store, lines)

    monkeypatch.setattr(Store, "_write_lines", noted)
    seen = []

    async def game():
        device.start()
        try:
            await device.wait_idle()
            for key in script.parse("OK OK"):  # the game starts
                await device.press(key[1])
            session = device.app.shell.screen.session
            playing.append(session)
            pilot = Autopilot("cybo", _CYBO)
            for _ in range(60):  # a person's presses, and the bot's moves waited out
                key = pilot.next_key(device.app.shell)
                if key is None:
                    if pilot.finished:
                        break
                    await device.wait_idle()
                else:
                    await device.press(key)
                # Nothing is left behind once the device waits: the flash has every move.
                count = session.state.action_count
                seen.append((list(device.store._behind), _journal_lines(device), count))
        finally:
            await device.stop()

    asyncio.run(game())
    for behind, lines, count in seen:
        assert behind == []
        assert lines in (0, 1 + count)  # 0: the game is over, its journal moved aside
    assert seen[-1][1] == 0 and seen[-2][1] > 40  # a whole game
    assert len(writes) > 40 and all(writes), writes
    assert not device.app.shell.screen.session.save_error  # the results: all was saved


def test_a_refused_write_behind_is_on_the_sheet_at_once(tmp_path, monkeypatch):
    device = SimDevice("sim296", str(tmp_path), seed=3)
    asyncio.run(play(device, script.parse("OK OK"), None))
    session = device.app.shell.screen.session
    saved = _journal_lines(device)
    write_lines = Store._write_lines

    def flash_died(store, lines):
        raise OSError(5, "EIO")

    monkeypatch.setattr(Store, "_write_lines", flash_died)
    refreshes = device.app.refreshes
    asyncio.run(play(device, script.parse("OK"), None))  # a roll: its line is refused
    screen = device.app.shell.screen
    assert session.save_error.startswith("saving stopped"), session.save_error
    assert isinstance(screen, PlayScreen) and screen.view()["note"] == session.save_error
    # The roll's picture, then the sheet again with the note: no key was needed for it.
    assert device.app.refreshes >= refreshes + 2
    monkeypatch.setattr(Store, "_write_lines", write_lines)
    asyncio.run(play(device, script.parse("OK OK OK"), None))
    assert _journal_lines(device) == saved  # nothing more is appended after a refusal
    assert session.state.action_count > saved  # the game went on


def test_a_heap_too_fragmented_to_open_the_journal_is_collected_and_the_lines_written(
    tmp_path, monkeypatch
):
    device = SimDevice("sim296", str(tmp_path), seed=3)
    asyncio.run(play(device, script.parse("OK OK"), None))
    session = device.app.shell.screen.session
    write_lines = Store._write_lines
    failures = [1]
    collected = []

    def fragmented(store, lines):
        if failures[0]:
            failures[0] -= 1
            raise MemoryError("memory allocation failed, allocating 1148 bytes")
        write_lines(store, lines)

    monkeypatch.setattr(Store, "_write_lines", fragmented)
    monkeypatch.setattr(gc, "collect", lambda: collected.append(True))
    asyncio.run(play(device, script.parse("OK"), None))  # a roll
    assert collected and failures == [0]
    assert not session.save_error
    assert _journal_lines(device) == 1 + session.state.action_count
    # Twice in a row: the lines wait, the game goes on, the next chance writes them.
    failures[0] = 2
    asyncio.run(play(device, script.parse("OK"), None))
    assert _journal_lines(device) == 1 + session.state.action_count
    assert not session.save_error
