"""The whole device (app loop, refresh planner, modelled panel) at a Gang of Dice round change:
the card draw is the device's move, made at once, so the round a person starts opens on that
person's choice and the card drawn, never on "P1 is playing..." and a bot's pause."""

import asyncio

import pytest

from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice

from panel_text import find_text, panel_rows

_ROUNDS = 4  # P1 starts rounds 1 and 3 of a two-seat game


async def _play_rounds(device, autopilot, rounds):
    device.start()
    try:
        await device.wait_idle()
        for _ in range(2000):
            state = device.app.shell.game_state()
            if state is not None and state.round >= rounds:
                break
            key = autopilot.next_key(device.app.shell)
            if key is None:
                await device.wait_idle()
            else:
                await device.press(key)
        else:
            raise AssertionError("the rounds were not played")
        await device.wait_idle()
    finally:
        await device.stop()


@pytest.mark.parametrize("board", ["sim296", "sim400"])
def test_a_round_p1_starts_opens_on_p1s_choice_and_the_card_drawn(tmp_path, board):
    device = SimDevice(board, str(tmp_path), seed=11)
    shown = []  # per refresh of a game sheet: (round, start seat, prompt, note, on the panel)

    def on_refresh(app):
        screen = app.shell.screen
        if not hasattr(screen, "person_asked"):
            return
        state = screen.session.state
        view = screen.view()
        first = not shown or shown[-1][0] != state.round
        on_panel = first and bool(find_text(panel_rows(device.panel), "Card drawn:"))
        shown.append((state.round, state.start, view["prompt"], view["note"], on_panel))

    device.app.on_refresh = on_refresh
    asyncio.run(_play_rounds(device, Autopilot("gang", {"players": 2, "bots": 1}), _ROUNDS))
    firsts = {}
    for entry in shown:
        assert entry[2] != "P1 is playing...", entry
        firsts.setdefault(entry[0], entry)
    opened = [firsts[r] for r in range(_ROUNDS) if r in firsts and firsts[r][1] == 0]
    assert len(opened) >= 2
    for _round, _start, prompt, note, on_panel in opened:
        assert prompt == "P1: choose"
        assert note.startswith("Card drawn: GD") and on_panel
