"""The interactive simulator (`make sim`) walked through by a person's keys on every simulator
board: for every game its setup, every how-to page, play, the pause screen (resume, then end
the game, which asks first) and, for one game per board, a whole game to its results and back
to the menu; then the kiosk's screens (the teacher chord, a PIN, kiosk mode on, the attract
loop after the idle time, back to a game's setup). Keys go in where a person types them (the
fake terminal's `read_key`) and through the front end's own key queue to the buttons; the
checks read what the front end shows (status lines and the panel's text).

Time is the device's virtual clock, so the walk takes seconds, not the minutes the wall clock
would: the front end's loop is the real `_interactive`, with its frame pause set to a yield.
"""

import asyncio
import contextlib

import pytest

from dicetable.ui import keys
from hostsim import interactive
from hostsim.autopilot import Autopilot
from hostsim.device import CHORD_HOLD_MS, RELEASE_MS, SimDevice

BOARDS = ("sim296", "sim296_3btn", "sim400", "sim_badger")
# (game, setup options): a person and bots, so both a person's turns and bots' moves show.
GAMES = (
    ("cybo", {"players": 2, "bots": 1}),
    ("trek12", {"players": 2, "bots": 1}),
    ("gang", {"players": 2, "bots": 1}),
    ("ontrack", {"players": 2, "bots": 1}),
    ("dicetrip", {"players": 2, "bots": 1}),
)
SETTLE_MS = 150  # device time after a typed key's press and release before the next one
MOVES_BEFORE_PAUSE = 6
MAX_KEYS = 4000  # a walk that types more is going round in circles


class WalkView:
    """A fake terminal whose keys come from `walk(view)`, a generator of key names (None:
    nothing yet). The next key is typed once the device is idle after the last one. Keeps
    the status lines, the panel's text and every screen seen."""

    def __init__(self, walk):
        self.device = None
        self.status = ()
        self.text = ""
        self.screens = []
        self._walk = walk(self)
        self._typed_at = None  # device time from which the next key may be typed
        self.typed = 0

    @property
    def shell(self):
        return self.device.app.shell

    def session(self):
        return contextlib.nullcontext(self)

    def read_key(self, timeout_s=None):
        device = self.device
        if device is None or device.app is None:
            return None
        if not _idle(device):
            return None
        if self._typed_at is not None and device.clock.now < self._typed_at:
            return None  # the last key is still being pressed (a long press is 1 s)
        try:
            name = next(self._walk)
        except StopIteration:
            return "QUIT"
        if name is not None:
            self._typed_at = device.clock.now + _press_ms(device, name) + SETTLE_MS
            self.typed += 1
            assert self.typed <= MAX_KEYS, "%d keys typed; the walk is stuck at %r" % (
                self.typed,
                self.status,
            )
        return name

    def show_panel(self, width, height, pixel, legible_scale=1):
        pass

    def show_text(self, text):
        rows = text.lines(200)
        self.text = "\n".join(" ".join(shown for _column, shown, _inv in row) for row in rows)

    def show_leds(self, width, height, rgb):
        pass

    def set_status(self, *lines):
        self.status = lines
        name = lines[-2]
        if not self.screens or self.screens[-1] != name:
            self.screens.append(name)

    def render(self):
        pass


def _press_ms(device, name):
    """How long the device takes to press and release the key named `name` (the front end
    makes the teacher's key a chord: BACK held, OK pressed)."""
    if name == "TEACHER":
        _names, hold = device._physical(keys.OK)
        return CHORD_HOLD_MS + hold + 2 * RELEASE_MS
    _names, hold = device._physical(keys.key_from_name(name))
    return hold + RELEASE_MS


def _idle(device):
    app = device.app
    return app.idle() and (device.panel.asleep or not app.display.busy())


def _until(view, test, limit=5000):
    """Nothing typed until `test()` holds (bots move, a page refreshes)."""
    for _ in range(limit):
        if test():
            return
        yield None
    raise AssertionError("waited in vain; the front end shows %r" % (view.status,))


def _screen(view, kind):
    # By name: the app drops screen modules it no longer needs (issue 14), and a module
    # imported again has new classes.
    return type(view.shell.screen).__name__ == kind


def _key(key):
    return keys.NAMES[key]


def _to_setup(view, game_id, options):
    pilot = Autopilot(game_id, options)
    yield from _until(view, lambda: _screen(view, "MenuScreen"))
    while not _screen(view, "SetupScreen"):
        yield _key(pilot.next_key(view.shell))
        yield from _until(view, lambda: True, 1)
    return pilot


def _on_page(view, screen, page):
    return lambda: screen.page == page and "screen: HowTo" in view.status


def _how_to_pages(view):
    """The setup's last row opens the how-to pages; every page is turned to and shown."""
    setup = view.shell.screen
    while setup.cursor != setup.row_count() - 1:
        yield "DOWN"
        yield None
    yield "OK"
    yield from _until(view, lambda: _screen(view, "HowToScreen"))
    screen = view.shell.screen
    texts = []
    for page in range(len(screen.pages)):
        yield from _until(view, _on_page(view, screen, page))
        yield from _until(view, lambda: view.text and view.text not in texts)
        texts.append(view.text)
        if page < len(screen.pages) - 1:
            yield "RIGHT"
    assert len(texts) == len(screen.pages) >= 2
    yield "BACK"
    yield from _until(view, lambda: _screen(view, "SetupScreen"))


def _play_until(view, pilot, done):
    while not done():
        key = pilot.next_key(view.shell)
        yield None if key is None else _key(key)


def _pause_and_resume(view):
    """BACK (again where a game steps back first) shows the pause screen; Resume returns."""
    while not _screen(view, "PauseScreen"):
        yield "BACK"
        yield None
    assert "Resume" in view.text or "Paused" in view.text
    play = view.shell.screen.play
    yield "OK"
    yield from _until(view, lambda: view.shell.screen is play)


def _end_game(view):
    """Pause, "End this game", "No, keep playing" first, then "Yes, end it": the menu."""
    while not _screen(view, "PauseScreen"):
        yield "BACK"
        yield None
    yield "DOWN"
    yield "OK"
    yield from _until(view, lambda: "End this game?" in view.text)
    assert view.shell.screen.cursor == 0  # "No" first
    yield "DOWN"
    yield "OK"
    yield from _until(view, lambda: _screen(view, "MenuScreen"))


def _game(view, game_id, options, whole):
    pilot = yield from _to_setup(view, game_id, options)
    yield from _how_to_pages(view)
    moves = [0]

    def started():
        moves[0] += 1
        name = type(view.shell.screen).__name__
        return moves[0] > MOVES_BEFORE_PAUSE and "Play" in name

    yield from _play_until(view, pilot, started)
    yield from _pause_and_resume(view)
    if whole:
        yield from _play_until(view, pilot, lambda: _screen(view, "ResultsScreen"))
        assert "Final scores" in view.text or "Game over" in view.text, view.text
        yield "OK"
        yield from _until(view, lambda: _screen(view, "MenuScreen"))
    else:
        yield from _end_game(view)


def _kiosk(view):
    """The teacher chord, a PIN set (typed twice), kiosk mode on, leave, idle until the
    attract loop, a key back, a game's setup and back."""
    yield from _until(view, lambda: _screen(view, "MenuScreen"))
    yield "TEACHER"
    for _ in range(2):
        for digit in "2468":
            for _ in range(" 0123456789".index(digit)):
                yield "RIGHT"
            yield "OK"
        yield "OK"
    yield from _until(view, lambda: "Kiosk mode: Off" in view.text)
    yield "OK"  # the first row: kiosk mode on
    yield from _until(view, lambda: "Kiosk mode: On" in view.text)
    yield "BACK"  # leave the teacher's menu: the kiosk's menu, locked
    yield from _until(view, lambda: "screen: TeacherMenu" not in view.status)
    clock = view.device.clock
    idle_from = clock.now
    yield from _until(view, lambda: clock.now - idle_from > 3 * 61_000, 10**6)
    assert "screen: Attract" in view.status, (view.status, view.screens[-12:], view.text)
    for name in ("OK", "DOWN", "OK"):
        yield name
    yield from _until(view, lambda: _screen(view, "SetupScreen"))
    yield "BACK"
    yield from _until(view, lambda: not _screen(view, "SetupScreen"))


@pytest.mark.parametrize("board", BOARDS)
def test_every_screen_of_every_game_through_the_terminal(tmp_path, monkeypatch, board):
    whole = BOARDS.index(board)  # each board plays one whole game (the rest are ended)
    walked = []

    def walk(view):
        for index, (game_id, options) in enumerate(GAMES):
            yield from _game(view, game_id, options, index in (whole, whole + 4))
            walked.append(game_id)
        yield from _kiosk(view)
        walked.append("kiosk")

    view = WalkView(walk)

    def device(*args, **kwargs):
        kwargs.pop("clock")  # the device's virtual clock instead of the wall clock
        view.device = SimDevice(*args, **kwargs)
        return view.device

    monkeypatch.setattr(interactive, "SimDevice", device)
    monkeypatch.setattr(interactive, "_FRAME_S", 0)
    code = asyncio.run(interactive._interactive(board, str(tmp_path), 5, view))
    crash = tmp_path / interactive.FRONTEND_CRASH
    assert code == 0, crash.read_text() if crash.exists() else view.status
    assert walked == [game_id for game_id, _options in GAMES] + ["kiosk"]
    for name in ("Menu", "Setup", "HowTo", "Pause", "Results", "Attract"):
        assert "screen: " + name in view.screens, (name, view.screens)
