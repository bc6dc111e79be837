"""The interactive simulator (`make sim`) in terminals of every size, through its real terminal
view on a fake terminal: keys typed as keystrokes, the screen read back as text. At 80x24 and
120x40 the 2.9in sheet used to be drawn at a third or half of its size, unreadable, and the
status lines lost the prompt; on sim400 at 200x60 the half-size picture lost every
white-on-black string ("Cybo Advanced  Round 1/13", the "P1" row). Now a terminal too small
for a legible picture shows the panel's text and says what the picture needs, the prompt is
always on screen, and inverted text keeps its strokes when the picture is scaled down."""

import asyncio

from sized_terminal import SizedTerminal

from hostsim.interactive import _interactive, legible_scale
from hostsim.terminal import TerminalView

_TYPED = {"UP": "\x1b[A", "DOWN": "\x1b[B", "OK": " ", "BACK": "\x7f", "VIEW": "v", "QUIT": "q"}
FULL = "\u28ff"
_AT_ONCE = ("size", "capture")  # script steps that take no frame


class ScriptedView(TerminalView):
    """The real terminal view on a SizedTerminal, fed a script: a logical key (typed into the
    terminal), None (a frame without a key), ("until", text) (frames until a status line holds
    text), ("size", columns, rows) (the terminal is resized) or ("capture", name) (the screen
    as text goes into `captures`)."""

    def __init__(self, steps, cols=200, rows=60):
        super().__init__(SizedTerminal(cols, rows))
        self.steps = list(steps)
        self.captures = {}
        self.waited = 0

    def read_key(self, timeout_s=None):
        while self.steps and isinstance(self.steps[0], tuple) and self.steps[0][0] in _AT_ONCE:
            step = self.steps.pop(0)
            if step[0] == "size":
                self.term.cols, self.term.rows = step[1], step[2]
            else:
                self.render()
                self.captures[step[1]] = (self._layout[0], self.screen_text())
        step = self.steps.pop(0) if self.steps else "QUIT"
        if isinstance(step, tuple):  # ("until", text)
            if not any(step[1] in line for line in self._status):
                self.waited += 1
                assert self.waited < 1000, "waited 20 s for %r: %r" % (step[1], self._status)
                self.steps.insert(0, step)
            step = None
        if step is not None:
            self.term.ungetch(_TYPED[step])
        return super().read_key(0)


SIZES = ((80, 24), (120, 40), (200, 60))


def _cybo_at_every_size(board, folder):
    steps = [("until", "screen: Menu"), "OK", ("until", "screen: Setup"), "OK"]
    steps += [("until", "P1: press OK to roll")]
    for cols, rows in SIZES:
        steps += [("size", cols, rows), None, ("capture", (cols, rows))]
    view = ScriptedView(steps)
    assert asyncio.run(_interactive(board, folder, 3, view)) == 0
    return view.captures


def test_sim296_small_terminals_show_the_text_and_the_prompt(tmp_path):
    captures = _cybo_at_every_size("sim296", str(tmp_path))
    for size in ((80, 24), (120, 40)):
        layout, screen = captures[size]
        said = "\n".join(screen)
        assert layout[0] == "text", size
        assert (
            screen[0] == "the picture needs 179×32 or 149×41; showing the text view (v: picture)"
        )
        assert "[Cybo Advanced]" in screen[1] and "[Round 1/13]" in screen[1]  # the title bar
        assert "[P1]" in said and "Bot2" in said  # the player rows, P1's inverted
        assert "P1: press OK to roll" in said
        assert FULL not in said
    layout, screen = captures[(200, 60)]
    assert layout[:2] == ("beside", 1)  # the picture at full size, the prompt beside it
    assert any("P1: press OK to roll" in row[150:] for row in screen)
    assert any(FULL in row for row in screen[:32])


def test_sim400_small_terminals_show_the_text_and_half_size_keeps_white_on_black(tmp_path):
    assert legible_scale(400) == 2 and legible_scale(296) == 1
    captures = _cybo_at_every_size("sim400", str(tmp_path))
    for size in ((80, 24), (120, 40)):
        layout, screen = captures[size]
        said = "\n".join(screen)
        assert layout[0] == "text", size
        assert "the picture needs 135×38 or 101×55" in said
        # The 4.2" Cybo bar reads "Advanced" (the title gave way to a wider card).
        assert "[Advanced]" in said and "[Round 1/13]" in said and "[P1]" in said
        assert "P1: press OK to roll" in said
    layout, screen = captures[(200, 60)]
    assert layout[:2] == ("beside", 2)
    assert any("P1: press OK to roll" in row[100:] for row in screen)
    # The title bar (the right half's top two rows of cells) keeps its white strokes: with a
    # dot inked wherever any pixel was, these cells were all full.
    title = "".join(row[50:100] for row in screen[:2])
    assert FULL in title and len(set(title)) > 10


def test_v_shows_the_text_in_a_big_terminal_and_the_picture_in_a_small_one(tmp_path):
    steps = [("until", "screen: Menu"), "VIEW", None, ("capture", "text")]
    steps += [("size", 80, 24), None, "VIEW", None, ("capture", "picture")]
    view = ScriptedView(steps)
    assert asyncio.run(_interactive("sim296", str(tmp_path), 3, view)) == 0
    layout, screen = view.captures["text"]
    assert layout == ("text", "text view (v: picture)") and "[Cybo]" in "\n".join(screen)
    layout, screen = view.captures["picture"]
    assert layout[:2] == ("below", 3)  # as small as it must be, and it says so
    assert "picture at 1/3, too small to read" in "\n".join(screen)
    assert "screen: Menu" in "\n".join(screen)
