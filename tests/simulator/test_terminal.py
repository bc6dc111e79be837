"""The simulator's terminal front end: braille encoding, LED cells, keys, layout and rendering."""

import framebuf
import pytest
from blessed.keyboard import Keystroke
from sized_terminal import SizedTerminal

from dicetable.ui import draw, text
from hostsim.braille import LED_OFF, LED_ON, braille_rows, downscale, led_cells
from hostsim.terminal import KEY_BINDINGS, LEGEND, TerminalView

FULL = "\u28ff"
BLANK = "\u2800"


def image(width, height, inked):
    return lambda x, y: 1 if (x, y) in inked else 0


# -- braille -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "x, y, code",
    [
        (0, 0, 0x2801),
        (0, 1, 0x2802),
        (0, 2, 0x2804),
        (1, 0, 0x2808),
        (1, 1, 0x2810),
        (1, 2, 0x2820),
        (0, 3, 0x2840),
        (1, 3, 0x2880),
    ],
)
def test_single_pixel_gives_its_braille_dot(x, y, code):
    assert braille_rows(2, 4, image(2, 4, {(x, y)})) == [chr(code)]


def test_black_block_is_all_dots_and_white_is_blank():
    assert braille_rows(2, 4, lambda x, y: 1) == [FULL]
    assert braille_rows(2, 4, lambda x, y: 0) == [BLANK]


def test_cell_grid_size_and_partial_cells():
    assert [len(r) for r in braille_rows(296, 128, lambda x, y: 0)] == [148] * 32
    assert len(braille_rows(400, 300, lambda x, y: 0)) == 75
    # 3x5 pixels need 2x2 cells; pixels outside the image are never asked for.
    asked = []
    rows = braille_rows(3, 5, lambda x, y: asked.append((x, y)) or 1)
    assert rows == [
        FULL + chr(0x2800 + 0x01 + 0x02 + 0x04 + 0x40),
        chr(0x2800 + 0x01 + 0x08) + chr(0x2801),
    ]
    assert all(x < 3 and y < 5 for x, y in asked)


def test_downscale_ors_pixels():
    # One inked pixel anywhere in a 2x2 block inks the dot for that block.
    for x, y in ((0, 0), (1, 0), (0, 1), (1, 1)):
        assert braille_rows(4, 8, image(4, 8, {(x, y)}), scale=2) == [chr(0x2801)]
    assert braille_rows(4, 8, image(4, 8, {(3, 7)}), scale=2) == [chr(0x2880)]
    assert braille_rows(8, 16, lambda x, y: (x + y) % 3 == 0, scale=2) == [FULL * 2] * 2
    assert [len(r) for r in braille_rows(296, 128, lambda x, y: 0, scale=3)] == [50] * 11
    with pytest.raises(ValueError):
        braille_rows(2, 4, lambda x, y: 0, scale=0)


# -- LEDs ----------------------------------------------------------------------------------------


def test_led_cells_carry_colours_row_major():
    rgb = bytes([255, 0, 0, 0, 0, 0, 1, 2, 3, 0, 255, 0])
    assert led_cells(2, 2, rgb) == [
        [(LED_ON, (255, 0, 0)), (LED_OFF, (0, 0, 0))],
        [(LED_ON, (1, 2, 3)), (LED_ON, (0, 255, 0))],
    ]
    assert len(led_cells(16, 16, bytearray(16 * 16 * 3))) == 16


def test_led_frame_of_wrong_length_is_refused():
    with pytest.raises(ValueError):
        led_cells(8, 8, bytes(8 * 8 * 3 - 1))
    with pytest.raises(ValueError):
        TerminalView(SizedTerminal()).show_leds(8, 8, bytes(10))


# -- keys ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, logical",
    [
        (Keystroke("\x1b[A", code=259, name="KEY_UP"), "UP"),
        (Keystroke("\x1b[B", code=258, name="KEY_DOWN"), "DOWN"),
        (Keystroke("\x1b[D", code=260, name="KEY_LEFT"), "LEFT"),
        (Keystroke("\x1b[C", code=261, name="KEY_RIGHT"), "RIGHT"),
        (Keystroke("\r", code=343, name="KEY_ENTER"), "OK"),
        (Keystroke(" "), "OK"),
        (Keystroke("\x7f", code=263, name="KEY_BACKSPACE"), "BACK"),
        (Keystroke("\x1b", code=361, name="KEY_ESCAPE"), "BACK"),
        (Keystroke("q"), "QUIT"),
        (Keystroke("Q"), "QUIT"),
        (Keystroke("p"), "LEFT"),
        (Keystroke("n"), "RIGHT"),
        (Keystroke("h"), "HELP"),
    ],
)
def test_keys_map_to_logical_buttons(key, logical):
    view = TerminalView(SizedTerminal())
    assert view.translate(key) == logical
    assert view._notice == ""


def test_every_binding_is_a_logical_button():
    logical = {row[2] for row in KEY_BINDINGS}
    assert logical == {
        "UP",
        "DOWN",
        "LEFT",
        "RIGHT",
        "OK",
        "BACK",
        "QUIT",
        "HELP",
        "TEACHER",
        "VIEW",
    }


def test_unknown_key_returns_none_and_says_so():
    term = SizedTerminal()
    view = TerminalView(term)
    assert view.translate(Keystroke("x")) is None
    view.render()
    assert "unknown key: x (press h for help)" in term.output()
    assert view.translate(Keystroke("\x1bOP", code=265, name="KEY_F1")) is None
    assert view._notice == "unknown key: F1 (press h for help)"
    # A known key clears the notice; timeouts and non-key events say nothing.
    assert view.translate(Keystroke("\r", code=343, name="KEY_ENTER")) == "OK"
    assert view.translate(Keystroke("")) is None
    assert view.translate(Keystroke("\x1b[I", name="FOCUS_IN")) is None
    assert view._notice == ""


def test_read_key_reads_the_terminal():
    term = SizedTerminal()
    view = TerminalView(term)
    term.ungetch("\x1b[A")
    assert view.read_key(0) == "UP"
    term.ungetch("z")
    assert view.read_key(0) is None
    assert "unknown key: z" in term.output()  # shown at once, without a render call
    assert view.read_key(0) is None


def test_help_key_toggles_the_key_table():
    term = SizedTerminal()
    view = TerminalView(term)
    view.set_status("Seat 1 to play")
    assert view.translate(Keystroke("h")) == "HELP"
    view.render()
    assert "Backspace, Esc" in term.output()
    assert view.translate(Keystroke("h")) == "HELP"
    assert not view._help


# -- rendering -----------------------------------------------------------------------------------


def checker_view(term, width=296, height=128):
    view = TerminalView(term)
    view.show_panel(width, height, lambda x, y: x < 2 and y < 4)  # one full cell top-left
    view.show_leds(8, 8, bytes([0, 0, 255]) * 64)
    view.set_status("Seat 2 to play", "rolled 3 + 5")
    return view


def test_render_draws_panel_leds_and_status_side_by_side():
    term = SizedTerminal(220, 50)
    view = checker_view(term)
    assert view.render()
    out = term.output()
    assert FULL + BLANK * 147 in out
    assert term.reverse in out  # 256 colours: paper by reverse video
    assert LED_ON in out and "\x1b[38;5;21m" in out  # blue, as the nearest 256-colour
    assert "Seat 2 to play" in out and "rolled 3 + 5" in out and LEGEND in out
    assert term.move_xy(150, 0) in out  # LEDs right of the 148-column panel
    assert term.move_xy(0, 31) in out and term.move_xy(0, 32) not in out


def test_truecolour_terminal_uses_paper_colours():
    term = SizedTerminal(220, 50)
    term.number_of_colors = 1 << 24
    checker_view(term).render()
    assert "\x1b[48;2;236;233;220m" in term.output()
    assert "\x1b[38;2;0;0;255m" in term.output()


def test_unchanged_inputs_write_nothing_and_changes_only_their_rows():
    term = SizedTerminal(220, 50)
    view = checker_view(term)
    view.render()
    size = len(term.output())
    view.show_panel(296, 128, lambda x, y: x < 2 and y < 4)  # same image again
    view.show_leds(8, 8, bytes([0, 0, 255]) * 64)
    assert not view.render()
    assert len(term.output()) == size
    view.show_panel(296, 128, lambda x, y: y == 20)  # a line in cell row 5 only
    assert view.render()
    new = term.output()[size:]
    assert term.clear not in new
    assert term.move_xy(0, 0) in new and term.move_xy(0, 5) in new  # old and new ink
    assert term.move_xy(0, 1) not in new and term.move_xy(150, 0) not in new


def test_new_led_size_redraws_the_whole_screen():
    term = SizedTerminal(220, 50)
    view = checker_view(term)
    view.render()
    size = len(term.output())
    view.show_leds(16, 16, bytes(16 * 16 * 3))
    view.render()
    new = term.output()[size:]
    assert term.clear in new and FULL in new
    assert term.move_xy(150, 17) in new  # status moved below the taller matrix


def test_narrow_terminal_puts_leds_below_the_panel():
    term = SizedTerminal(160, 60)
    checker_view(term).render()
    out = term.output()
    assert FULL + BLANK * 147 in out
    assert term.move_xy(0, 33) in out and term.move_xy(150, 0) not in out


def test_small_terminal_downscales_the_panel_while_it_stays_legible():
    term = SizedTerminal(100, 30)
    view = checker_view(term)
    view.show_panel(296, 128, lambda x, y: x < 4 and y < 8, legible_scale=2)
    view.render()
    assert view._layout[0][:2] == ("below", 2)
    assert FULL + BLANK * 73 in term.output()
    assert term.move_xy(0, 17) in term.output()  # the LEDs under the panel, the status beside
    assert term.move_xy(18, 17) + "Seat 2 to play" in term.output()


def test_too_small_terminal_says_what_it_needs():
    term = SizedTerminal(30, 8)
    view = checker_view(term)
    view.render()
    assert "terminal too small: need 40×10, have 30×8" in term.output()
    assert "(the picture needs 179×32 or 149×41)" in term.output()
    assert FULL not in term.output()
    term.cols, term.rows = 220, 50  # resized: read_key notices and draws everything again
    assert view.read_key(0) is None
    assert FULL in term.output()


def test_large_panel_fits_its_own_size():
    term = SizedTerminal(240, 80)
    view = checker_view(term, 400, 300)
    view.render()
    assert view._layout[0][:2] == ("beside", 1)
    assert FULL + BLANK * 199 in term.output()


# -- session -------------------------------------------------------------------------------------


@pytest.mark.parametrize("error", [RuntimeError, KeyboardInterrupt])
def test_session_restores_the_terminal_on_errors(error):
    term = SizedTerminal()
    view = TerminalView(term)
    with pytest.raises(error):
        with view.session():
            view.render()
            raise error()
    out = term.output()
    assert out.index(term.enter_fullscreen) < out.index(term.hide_cursor)
    assert out.rindex(term.normal_cursor) < out.rindex(term.exit_fullscreen)


# -- downscaling keeps text, black on white and white on black ----------------------------------


def _bar_dots(string, inverted, scale, width=120, height=40, top=8):
    """Dots of `string` in the medium font at `top`: as a title bar (paper on ink, as
    draw.bar draws it) or as plain ink on paper in the same place."""
    fb = framebuf.FrameBuffer(
        bytearray((width + 7) // 8 * height), width, height, framebuf.MONO_HLSB
    )
    font = draw.font("medium")
    if inverted:
        draw.bar(fb, 0, top, width, font, string)  # 2 pixels of bar above and below the text
    else:
        text.draw(fb, font, string, draw.INSET, top + 2)
    bitmap = bytes(fb.pixel(x, y) for y in range(height) for x in range(width))
    dots = downscale(width, height, bitmap, scale)
    columns = -(-width // scale)
    rows = range((top + 2) // scale, (top + 2 + font.height) // scale)
    return [dots[y * columns : (y + 1) * columns] for y in rows]


@pytest.mark.parametrize("string", ["P1", "Round 1/13", "Cybo Advanced"])
@pytest.mark.parametrize("scale", [2, 3])
def test_white_on_black_text_survives_downscaling(string, scale):
    # The text rows of a title bar are the exact negative of the same text in ink on paper:
    # every stroke that shows black on white shows white on black. (Inking a dot when any pixel
    # under it was ink turned the bar solid: "Cybo Advanced" and "P1" vanished on sim400.)
    inverted = _bar_dots(string, True, scale)
    plain = _bar_dots(string, False, scale)
    assert any(0 in row for row in inverted)
    for ink_row, paper_row in zip(plain, inverted):
        assert bytes(1 - dot for dot in ink_row) == paper_row


def test_downscale_keeps_thin_lines_and_whole_blocks():
    # A one-pixel rule on paper and a one-pixel gap in a black block both stay at scale 2.
    width, height = 16, 16
    rule = bytes(1 if y == 5 else 0 for y in range(height) for x in range(width))
    assert downscale(width, height, rule, 2)[2 * 8 : 3 * 8] == b"\x01" * 8
    gap = bytes(0 if x == 9 else 1 for y in range(height) for x in range(width))
    assert downscale(width, height, gap, 2)[:8] == b"\x01\x01\x01\x01\x00\x01\x01\x01"


# -- the text view -------------------------------------------------------------------------------


class FakeText:
    """The panel's text as hostsim.screen_text.Snapshot gives it, for a fixed set of lines."""

    def __init__(self, rows):
        self.rows = rows

    def lines(self, columns):
        return self.rows


SHEET = FakeText(
    [
        [(0, " Cybo Advanced ", True), (40, " Round 1/13 ", True)],
        [(0, "Rd R1 R2 R3", False), (30, " P1 ", True), (50, "12", False)],
    ]
)


@pytest.mark.parametrize(
    "panel, leds, legible, beside, below",
    [
        ((296, 128), (8, 8), 1, (179, 32), (149, 41)),  # sim296, sim296_3btn, sim_badger
        ((400, 300), (16, 16), 2, (135, 38), (101, 55)),  # sim400, at half size
        ((400, 300), (16, 16), 1, (235, 75), (201, 92)),  # sim400, full size
    ],
)
def test_the_picture_needs_these_terminals(panel, leds, legible, beside, below):
    view = TerminalView(SizedTerminal())
    view.show_panel(*panel, lambda x, y: 0, legible_scale=legible)
    view.show_leds(*leds, bytes(leds[0] * leds[1] * 3))
    assert view.needs() == (beside, below)
    for cols, rows in (beside, below):
        assert view._plan(cols, rows)[:2] in (("beside", legible), ("below", legible))
        assert view._plan(cols - 1, rows)[0] == "text" or view._plan(cols, rows - 1)[0] == "text"
    assert view._plan(beside[0] - 1, below[1] - 1)[0] == "text"


def test_a_small_terminal_shows_the_text_and_what_the_picture_needs():
    term = SizedTerminal(80, 24)
    view = checker_view(term)
    view.show_text(SHEET)
    view.set_status("P1: press OK to roll", "screen: Play", "Simulator: a board")
    assert view.render()
    screen = view.screen_text()
    assert len(screen) == 24 and all(len(row) < 80 for row in screen)
    assert screen[0] == "the picture needs 179×32 or 149×41; showing the text view (v: picture)"
    assert screen[1].startswith("[Cybo Advanced]") and "[Round 1/13]" in screen[1]
    leds = " ".join([LED_ON] * 8)  # right of the text, two columns an LED
    assert screen[2] == "Rd R1 R2 R3" + " " * 19 + "[P1]" + " " * 16 + "12" + " " * 11 + leds
    assert screen[19:] == [
        "\u2500" * 79,
        "P1: press OK to roll",
        "screen: Play",
        "Simulator: a board",
        LEGEND,
    ]
    assert term.reverse + " P1 " + term.normal in term.output()  # the inverted text
    assert FULL not in term.output()


def test_v_switches_between_picture_and_text():
    term = SizedTerminal(80, 24)
    view = checker_view(term)
    view.show_text(SHEET)
    view.render()
    term.ungetch("v")  # the picture, as small as it must be, with the prompt still shown
    assert view.read_key(0) == "VIEW"
    assert view._layout[0][:2] == ("below", 3)
    screen = view.screen_text()
    assert screen[0][0] == "\u2803" and "Seat 2 to play" in "\n".join(screen)
    assert "picture at 1/3, too small to read" in "\n".join(screen)
    term.ungetch("v")
    assert view.read_key(0) == "VIEW"
    assert view.screen_text()[0] == "text view (v: picture)"
    # In a big terminal the text view stays until v asks for the picture again.
    term.cols, term.rows = 220, 50
    view.read_key(0)
    assert view.screen_text()[0] == "text view (v: picture)"
    term.ungetch("v")
    view.read_key(0)
    assert view._layout[0][:2] == ("beside", 1)


def test_a_long_prompt_is_wrapped_not_cut():
    term = SizedTerminal(179, 32)
    view = checker_view(term)
    view.set_status("P1: write one result on paper, then press OK for the next roll", "screen: X")
    view.render()
    status = [row[150:] for row in view.screen_text()[9:12]]
    assert status == ["P1: write one result on", "paper, then press OK for the", "next roll"]
