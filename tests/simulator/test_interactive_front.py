"""The interactive simulator (`make sim`) driven through a fake terminal: the keys a person
types, the panel and status it would show. Dice Trip is started from the menu (it crashed the
front end: `KeyError: 'prompt'`), a game of another title after a finished one (the fresh
start gives the device a new app, which the front end must follow), and an error in the front
end itself ends the session with the save kept, and the next start offers to start fresh with
the old save moved aside (before, every later `make sim` crashed on the same save)."""

import asyncio
import contextlib
import os

from hostsim.interactive import FRONTEND_CRASH, _interactive, offer_fresh_start


class FakeView:
    """Plays `keys`: logical names, None (nothing this frame), or ("until", text): nothing
    until a status line holds `text` (a refresh on the wall clock takes seconds). Keeps what
    was shown."""

    def __init__(self, keys, fail_at=None):
        self.keys = list(keys)
        self.fail_at = fail_at
        self.status = ()
        self.panels = 0
        self.waited = 0

    @contextlib.contextmanager
    def session(self):
        yield self

    def read_key(self, timeout_s=None):
        if not self.keys:
            return "QUIT"
        if isinstance(self.keys[0], tuple):
            text = self.keys[0][1]
            if any(text in line for line in self.status):
                self.keys.pop(0)
                self.waited = 0
            else:
                self.waited += 1
                assert self.waited < 1000, "waited 20 s for %r: %r" % (text, self.status)
            return None
        return self.keys.pop(0)

    def show_panel(self, width, height, pixel, legible_scale=1):
        self.panels += 1
        if self.panels == self.fail_at:
            raise RuntimeError("the terminal went away")

    def show_text(self, text):
        pass

    def show_leds(self, width, height, rgb):
        pass

    def set_status(self, *lines):
        self.status = lines

    def render(self):
        pass


def _pause(frames):
    return [None] * frames


def test_dice_trip_from_the_menu_plays_in_the_terminal(tmp_path):
    # DOWN x4 to Dice Trip, OK (setup), OK (start), then let it draw.
    keys = [("until", "screen: Menu")] + ["DOWN", None, None] * 4 + ["OK"]
    keys += [("until", "screen: Setup"), "OK", ("until", "screen: DiceTripPlay")] + _pause(20)
    view = FakeView(keys)
    assert asyncio.run(_interactive("sim296", str(tmp_path), 3, view)) == 0
    assert "screen: DiceTripPlay" in view.status, view.status
    assert os.path.exists(os.path.join(str(tmp_path), "game.jnl"))


def test_an_error_in_the_front_end_keeps_the_save_and_offers_a_fresh_start(tmp_path, capsys):
    folder = str(tmp_path / "sim-data")
    keys = [("until", "screen: Menu"), "OK", ("until", "screen: Setup"), "OK"]
    keys += [("until", "screen: Play")]
    assert asyncio.run(_interactive("sim296", folder, 3, FakeView(keys))) == 0
    saved = open(os.path.join(folder, "game.jnl")).read()
    # The front end fails while drawing: the session ends with a word, the save stays.
    assert asyncio.run(_interactive("sim296", folder, 3, FakeView(_pause(30), 2))) == 1
    said = capsys.readouterr().out
    assert "The simulator stopped: RuntimeError: the terminal went away" in said
    assert "offers to start fresh" in said
    assert os.path.exists(os.path.join(folder, FRONTEND_CRASH))
    assert open(os.path.join(folder, "game.jnl")).read() == saved
    # "No": the game resumes (and the question comes again only after another error).
    assert offer_fresh_start(folder, lambda prompt: "n") is None
    assert not os.path.exists(os.path.join(folder, FRONTEND_CRASH))
    assert offer_fresh_start(folder, lambda prompt: "y") is None  # nothing to offer now
    # Another error, then "yes": the whole folder goes aside, and the device starts fresh.
    assert asyncio.run(_interactive("sim296", folder, 3, FakeView(_pause(30), 2))) == 1
    questions = []
    aside = offer_fresh_start(folder, lambda prompt: questions.append(prompt) or "y")
    assert aside == folder + "-aside-1" and "Start fresh?" in questions[0]
    assert open(os.path.join(aside, "game.jnl")).read() == saved
    view = FakeView([("until", "screen: Menu")])
    assert asyncio.run(_interactive("sim296", folder, 3, view)) == 0
