"""No region of the sheet is written over the trace of its old content (issue 16, item 3).

Whole games of all five titles on both panel sizes, played by the autopilot through the buttons.
After every refresh the modelled glass is checked (tests/ghost_check.py) for text on
stroke-shaped leftover (the trace a partial refresh leaves where it took ink away). A run fails
- at a new page as a player sees it (another player's sheet, a new round, a new warning card,
  a hand-over, a how-to page turned) when any text sits on a trace: those must come up on
  clean glass;
- at any refresh that leaves text on traces over at least an eighth of the panel, the size of
  a region of the sheet (a page of choices written over the last one).
Smaller traces (a digit changed in place, the next line of a prompt) are how partial refresh
looks on any e-ink device: a faint tint, cleaned at the next full refresh. A new list of
choices over the last one gets a clearing pass (tests/simulator/test_clearing_pass.py), which
leaves an even tint over the list's region.
"""

import asyncio

import ghost_check
import pytest

from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice
from hostsim.drive import play

RUNS = (
    ("sim296", "cybo", {"players": 3, "bots": 2}),
    ("sim400", "cybo", {"players": 3, "bots": 2}),
    ("sim296", "trek12", {"players": 2, "bots": 1}),
    ("sim400", "trek12", {"players": 2, "bots": 1}),
    ("sim296", "gang", {"players": 4, "bots": 3}),
    ("sim400", "gang", {"players": 4, "bots": 3}),
    ("sim296", "ontrack", {"players": 6, "bots": 5}),
    ("sim400", "ontrack", {"players": 6, "bots": 5}),
    ("sim296", "dicetrip", {"players": 4, "bots": 3}),
    ("sim400", "dicetrip", {"players": 4, "bots": 3}),
)


class RegionCheck:
    """An on_refresh hook. It records the refreshes that left region-sized text on traces, and
    the moments the issue names (another player's sheet, a new round, a new warning card, a
    hand-over, a how-to page turned) that left any text on traces at all."""

    def __init__(self, model):
        self.model = model
        self.region = None
        self.before = set()
        self.moment = None
        self.problems = []
        self.moments = 0
        self.partials = 0

    def _moment(self, app):
        """What the screen shows, in terms a player sees: a change of it is a new page."""
        screen = app.shell.screen
        if hasattr(screen, "page"):  # how-to pages
            return ("page", screen.page)
        session = getattr(screen, "session", None)
        if session is None:
            return None
        state = session.state
        card = state.card_number() if hasattr(state, "card_number") else None
        view = screen.view()
        count = getattr(state, "round", getattr(state, "turn", None))  # On Track counts turns
        return (view.get("seat"), count, card, view.get("passing"))

    def __call__(self, app):
        cells = {(cell[0], cell[1]) for cell in ghost_check.flagged_cells(self.model)}
        if self.region is None:
            row_bytes, ink, _ = self.model.leftover_rows()
            across = row_bytes * 8 // ghost_check.CELL
            self.region = across * (len(ink) // row_bytes // ghost_check.CELL) // 8
        new = cells - self.before
        self.before = cells
        if app.last_refresh[0] == 1:
            self.partials += 1
        where = (app.refreshes, type(app.shell.screen).__name__, len(new))
        if len(new) >= self.region:
            self.problems.append(("region",) + where)
        moment = self._moment(app)
        if moment != self.moment and moment is not None and self.moment is not None:
            self.moments += 1
            if cells:
                self.problems.append(("new page %r" % (moment,),) + where)
        self.moment = moment


@pytest.mark.parametrize("board,game_id,options", RUNS)
def test_no_region_is_written_over_its_old_content(tmp_path, board, game_id, options):
    device = SimDevice(board, str(tmp_path), seed=11)
    check = RegionCheck(device.panel)
    device.app.on_refresh = check
    asyncio.run(play(device, [], Autopilot(game_id, options)))
    assert device.app.shell.screen.__class__.__name__ == "ResultsScreen"
    assert check.partials > 20  # played on partial refreshes, not flashed clean at every press
    assert check.moments > 10
    assert check.problems == []


def test_the_check_sees_text_written_over_a_trace():
    """The check itself: a block of text erased by a partial refresh and other text written
    there by the next partial is flagged; the same with a full refresh between is not."""
    from hostsim.devices.ssd1680 import SSD1680Model
    from hostsim.vclock import VirtualClock

    model = SSD1680Model(VirtualClock())
    rows = model.ROW_BYTES

    def show(lines, partial):
        # lines: (first gate, pattern byte) filling 40 gates of the 16 bytes of each.
        model.ram_old[:] = model.glass
        for index in range(len(model.ram_new)):
            model.ram_new[index] = 0xFF
        for first, pattern in lines:
            for gate in range(first, first + 40):
                for column in range(rows):
                    model.ram_new[gate * rows + column] = pattern ^ 0xFF
        model._refresh(partial)

    show([(0, 0x24)], partial=True)  # "text": two thin strokes per byte
    show([(0, 0x81)], partial=True)  # other text in the same place
    assert len(ghost_check.flagged_cells(model)) >= 10
    show([(0, 0x24)], partial=True)
    show([(0, 0x81)], partial=False)
    assert ghost_check.flagged_cells(model) == []


@pytest.mark.parametrize("board", ("sim296", "sim400"))
def test_how_to_pages_turn_on_clean_glass(tmp_path, board):
    """Every game's how-to pages, turned with the buttons: each new page comes up with no text
    on the last page's trace (a full refresh), and turning back does too."""
    from dicetable.games import GAMES
    from dicetable.ui import keys
    from dicetable.ui.howto import HowToScreen

    device = SimDevice(board, str(tmp_path), seed=11)
    check = RegionCheck(device.panel)
    device.app.on_refresh = check

    async def read_all():
        device.start()
        await device.wait_idle()
        for game_id, _ in GAMES:
            shell = device.app.shell
            screen = HowToScreen(shell, game_id, shell.screen)
            shell.show(screen)
            await device.press(keys.RIGHT)  # the first page is a new screen; then turn
            await device.press(keys.LEFT)
            for _ in range(len(screen.pages) - 1):
                await device.press(keys.RIGHT)
            await device.press(keys.BACK)
        await device.stop()

    asyncio.run(read_all())
    assert check.moments >= 10
    assert check.problems == []
