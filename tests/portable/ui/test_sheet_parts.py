"""dicetable.ui.sheet_parts on both runtimes: the round counter, the note at a column's foot,
the prompt and the boxed choices that the game sheets share (each sheet's own tests check them
in place)."""

import framebuf

from dicetable.ui import draw
from dicetable.ui import sheet_parts as parts

WIDTH = 120
HEIGHT = 64


def _frame():
    buffer = bytearray(WIDTH * HEIGHT // 8)
    return buffer, framebuf.FrameBuffer(buffer, WIDTH, HEIGHT, framebuf.MONO_HLSB)


def _rows_inked(buffer):
    """The rows of the frame with at least one ink pixel."""
    stride = WIDTH // 8
    return [row for row in range(HEIGHT) if max(buffer[row * stride : (row + 1) * stride])]


class _Text:
    """Stands in for ui.text: records (label, x, y, colour) and fits nothing."""

    def __init__(self):
        self.drawn = []

    def draw(self, fb, fnt, s, x, y, color=1):
        self.drawn.append((s, x, y, color))

    def fit(self, fnt, s, width):
        return s


def _boxes(choices, cursor, bottom, first=0, up="", down="", inset=2):
    recorder = _Text()
    real = parts.text
    parts.text = recorder
    try:
        _buffer, fb = _frame()
        fnt = draw.look(296).dense
        parts.choice_boxes(fb, fnt, 4, 0, 80, bottom, choices, cursor, first, inset, up, down)
    finally:
        parts.text = real
    return recorder.drawn


def test_round_text_puts_the_class_code_first_else_the_word():
    assert parts.round_text({}, 4, 19) == "5/19"
    assert parts.round_text({"code": "MATH"}, 4, 19) == "MATH 5/19"
    assert parts.round_text({}, 4, 20, "turn ") == "turn 5/20"
    assert parts.round_text({"code": "ART"}, 4, 20, "turn ") == "ART 5/20"
    assert parts.round_text({}, 19, 19) == "19/19"  # a finished game stays on its last round


def test_no_note_draws_nothing_and_keeps_the_bottom():
    buffer, fb = _frame()
    fnt = draw.look(296).dense
    assert parts.note(fb, fnt, 0, WIDTH, HEIGHT, fnt.height + 1, "") == HEIGHT
    assert max(buffer) == 0


def test_a_long_note_takes_two_lines_at_the_foot():
    buffer, fb = _frame()
    fnt = draw.look(296).dense
    pitch = fnt.height + 1
    words = "saving stopped: the flash is full, so this game is no longer saved at all"
    top = parts.note(fb, fnt, 0, WIDTH, HEIGHT, pitch, words)
    assert top == HEIGHT - 2 * pitch - 1
    rows = _rows_inked(buffer)
    assert rows and rows[0] >= HEIGHT - 2 * pitch and rows[-1] < HEIGHT
    assert parts.note(fb, fnt, 0, WIDTH, HEIGHT, pitch, words, 0) == HEIGHT - 2 * pitch


def test_the_prompt_keeps_above_the_bottom():
    buffer, fb = _frame()
    fnt = draw.look(296).dense
    pitch = fnt.height + 1
    words = "Ann: choose a result for the circle under the cursor, then OK"
    assert parts.prompt(fb, fnt, 0, 10, WIDTH, 10 + pitch - 1, pitch, words) == 10
    assert max(buffer) == 0  # not a whole line of room: nothing drawn
    assert parts.prompt(fb, fnt, 0, 10, WIDTH, HEIGHT, pitch, words) == 10 + 2 * pitch
    assert _rows_inked(buffer)[-1] < 10 + 2 * pitch


def test_choice_boxes_invert_the_cursor_and_stop_at_the_bottom():
    fnt = draw.look(296).dense
    step = fnt.height + 2 + 1
    drawn = _boxes(["a", "b", "c", "d"], 1, 3 * step - 1)
    assert [label for label, _x, _y, _c in drawn] == ["a", "b", "c"]
    assert [color for _label, _x, _y, color in drawn] == [1, 0, 1]
    assert [y for _label, _x, y, _c in drawn] == [1, 1 + step, 1 + 2 * step]
    assert drawn[0][1] == 4 + 2
    assert _boxes(["a"], 0, 30, inset=3)[0][1] == 4 + 3


def test_choice_boxes_mark_hidden_rows_above_and_below():
    fnt = draw.look(296).dense
    step = fnt.height + 2 + 1
    choices = ["c0", "c1", "c2", "c3", "c4", "c5"]
    drawn = _boxes(choices, 3, 2 * step - 1, 2, "^ ", "v ")
    assert [label for label, _x, _y, _c in drawn] == ["^ c2", "v c3"]
    last = _boxes(choices, 5, 2 * step - 1, 4, "^ ", "v ")
    assert [label for label, _x, _y, _c in last] == ["^ c4", "c5"]  # nothing below the last
    top = _boxes(choices, 0, 2 * step - 1, 0, "^ ", "v ")
    assert [label for label, _x, _y, _c in top] == ["c0", "v c1"]  # nothing above the first
    plain = _boxes(choices, 0, 2 * step - 1)
    assert [label for label, _x, _y, _c in plain] == ["c0", "c1"]  # no marks asked for


def _rewritten_after(first_choices, then_choices, first_cursor=0, then_cursor=0, top=0):
    """What a second draw of the boxes notes as rewritten (sections.take_rewritten)."""
    from dicetable.ui import sections as sections_module
    from dicetable.ui.sections import Sections

    _buffer, fb = _frame()
    fnt = draw.look(296).dense
    sections = Sections()
    sections.begin(fb)
    parts.choice_boxes(fb, fnt, 4, 0, 80, HEIGHT, first_choices, first_cursor, sections=sections)
    sections_module.track()
    sections.begin(fb)
    parts.choice_boxes(fb, fnt, 4, top, 80, HEIGHT, then_choices, then_cursor, sections=sections)
    return sections_module.take_rewritten()


def test_choice_boxes_note_a_new_list_over_the_last_as_rewritten():
    box = draw.look(296).dense.height + 2
    # A cursor move redraws two boxes with their own labels: nothing rewritten.
    assert _rewritten_after(["a", "b", "c"], ["a", "b", "c"], 0, 1) is None
    # The next question's choices: the whole list is cleared, two rows were rewritten.
    assert _rewritten_after(["a", "b", "c"], ["x", "y"]) == ((4, 0, 80, HEIGHT), 2 * 80 * box)
    # One label changed in place (a count): one row.
    assert _rewritten_after(["a", "b (3)"], ["a", "b (2)"])[1] == 80 * box
    # The same list moved down a line: every row lands on another's trace.
    assert _rewritten_after(["a", "b"], ["a", "b"], top=10) == (
        (4, 10, 80, HEIGHT - 10),
        2 * 80 * box,
    )
