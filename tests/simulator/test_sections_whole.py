"""Drawing only what changed gives the frame a whole redraw gives: whole games of every title
on every simulated panel, played by the autopilot through the buttons, and at every refresh the
frame the app sends is compared with the same screen drawn whole into a fresh buffer (its
sections set aside for that draw). A section that draws outside its rectangle or leaves
something out of its key shows up here as the first refresh and the bytes that differ.
The refresh planner searches only the rectangles of the sections a press redrew: at every plan,
that search must find what a search of the whole frame finds."""

import asyncio

import framebuf
import pytest

from dicetable.ui import refresh
from dicetable.ui import sections as sections_module
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

# (board, game, setup options): every sheet and mode, the most seats, special maps' layouts,
# on every panel format (sim296 MONO_VLSB, sim400 and sim_badger MONO_HLSB).
RUNS = (
    ("sim296", "cybo", {"players": 3, "bots": 2, "level": "beginner"}),
    ("sim400", "cybo", {"players": 6, "bots": 5, "level": "grandmaster"}),
    ("sim_badger", "cybo", {"players": 2, "bots": 1, "level": "master", "grid": "columns"}),
    ("sim296", "trek12", {"players": 2, "bots": 1, "map": "zen"}),
    ("sim400", "trek12", {"players": 2, "bots": 1, "map": "containment"}),
    ("sim_badger", "trek12", {"players": 1, "bots": 0, "mode": "dice"}),
    ("sim296", "gang", {"players": 4, "bots": 3}),
    ("sim_badger", "gang", {"players": 2, "bots": 1}),
    ("sim400", "ontrack", {"players": 6, "bots": 5}),
    ("sim296", "ontrack", {"players": 1, "bots": 0, "mode": "dice"}),
    ("sim296", "ontrack", {"players": 3, "bots": 2}),
    ("sim_badger", "ontrack", {"players": 2, "bots": 1}),
    ("sim296", "dicetrip", {"players": 4, "bots": 3}),
    ("sim400", "dicetrip", {"players": 1, "bots": 0, "mode": "dice"}),
)


def _drawn_in_sections(screen):
    """The screen (or the play screen it wraps) that keeps sections, or None."""
    for candidate in (screen, getattr(screen, "inner", None)):
        if getattr(candidate, "sections", None) is not None:
            return candidate
    return None


class WholeCheck:
    def __init__(self):
        self.compared = 0
        self.first_difference = None

    def __call__(self, app):
        screen = app.shell.screen
        holder = _drawn_in_sections(screen)
        if holder is None or self.first_difference is not None:
            return
        width, height = app.shell.width, app.shell.height
        whole = bytearray(len(app.frame))
        fb = framebuf.FrameBuffer(whole, width, height, app.display.FORMAT)
        kept = holder.sections
        holder.sections = sections_module.WHOLE
        try:
            screen.draw(fb, width, height)
        finally:
            holder.sections = kept
        self.compared += 1
        if whole != app.frame:
            differ = [i for i in range(len(whole)) if whole[i] != app.frame[i]]
            self.first_difference = (app.refreshes, type(screen).__name__, differ[:8])


class WithinCheck:
    """Wraps the app's planner: the changed rectangle found inside what the sections redrew
    is the one a search of the whole frame finds."""

    def __init__(self, planner):
        self.planner = planner
        self.plan = planner.plan
        self.searched_within = 0
        self.first_difference = None
        planner.plan = self

    def __call__(self, shown, frame, within=None, rewritten=None):
        planner = self.planner
        if within is not None and self.first_difference is None:
            self.searched_within += 1
            size = (planner.width, planner.height, planner.vertical_bytes)
            whole = refresh.changed_rect(shown, frame, *size)
            found = refresh.changed_rect(shown, frame, *size, within)
            if found != whole:
                self.first_difference = (within, found, whole)
        return self.plan(shown, frame, within, rewritten)


@pytest.mark.parametrize("board,game_id,options", RUNS)
def test_sections_draw_what_a_whole_redraw_draws(tmp_path, board, game_id, options):
    device = SimDevice(board, str(tmp_path), seed=11)
    check = WholeCheck()
    device.app.on_refresh = check
    within = WithinCheck(device.app.planner)
    asyncio.run(play(device, [], Autopilot(game_id, options)))
    assert check.first_difference is None, check.first_difference
    assert check.compared > 20  # the game was played on its sheet, not refused at setup
    assert within.first_difference is None, within.first_difference
    assert within.searched_within > 10  # most presses redraw a few sections
