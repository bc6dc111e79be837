"""Dice pictures for the LED matrix: faces, zero and gangster, d12 grid, pages, animations."""

import micropython

from dicetable.ui import dice_leds
from dicetable.ui.dice_leds import (
    BLUE,
    D12_GRID,
    EDGE_BOTTOM,
    EDGE_LEFT,
    EDGE_RIGHT,
    EDGE_TOP,
    GANG,
    PIPS,
    RED,
    ROLL_FRAME_MS,
    ROLL_FRAMES,
    WHITE,
    YELLOW,
    DiceCanvas,
)

_SIZES = ((8, 8), (16, 16), (8, 16))


def _canvas(width=8, height=8):
    return DiceCanvas(bytearray(3 * width * height), width, height)


def _bright(canvas):
    """Pixels at full red: the pips of a RED die (its body is dim)."""
    frame = canvas.frame
    return [i for i in range(0, len(frame), 3) if frame[i] == 255]


def _lit(canvas):
    frame = canvas.frame
    return [i // 3 for i in range(0, len(frame), 3) if frame[i] or frame[i + 1] or frame[i + 2]]


def test_every_d6_face_has_its_pip_count():
    for width, height in _SIZES:
        canvas = _canvas(width, height)
        pip = min(width, height) // 4
        for face in range(7):
            canvas.die(face, RED)
            pips = 8 if face == 0 else face  # face 0: Trek 12's zero, a ring of eight
            assert len(_bright(canvas)) == pips * pip * pip, (width, height, face)
        for face in range(1, 6):  # Gang of Dice faces 1-5 are ordinary pips
            canvas.die(face, RED, GANG)
            assert len(_bright(canvas)) == face * pip * pip


def test_pips_in_tiles_count_too():
    canvas = _canvas()
    for first in (1, 3):
        faces = [first, first + 1, first + 2, first + 3 if first + 3 <= 6 else 0]
        canvas.dice(faces, RED)
        expected = sum(face if face else 8 for face in faces)
        assert len(_bright(canvas)) == expected  # 1-pixel pips in 4x4 tiles


def _pictures(canvas, tiles):
    """Frames of PIPS faces 0-6 and the gangster, all yellow, single die or 2x2 tiles."""
    pictures = []
    for kind, face in [(PIPS, f) for f in range(7)] + [(GANG, 0)]:
        if tiles:
            canvas.dice([face, 1, 1, 1], YELLOW, kind)
        else:
            canvas.die(face, YELLOW, kind)
        pictures.append((bytes(canvas.frame), _lit(canvas), _bright(canvas)))
    return pictures


def test_zero_and_gangster_are_distinct_from_every_face():
    for width, height in _SIZES:
        for tiles in (False, True):
            pictures = _pictures(_canvas(width, height), tiles)
            for i in range(len(pictures)):
                for j in range(i + 1, len(pictures)):
                    assert pictures[i][0] != pictures[j][0], (width, height, tiles, i, j)
            # Not only by colour: the gangster's shape differs from every pip face's, and the
            # zero's pips differ from every other face's pips.
            zero_pips = pictures[0][2]
            gangster_shape = pictures[-1][1]
            for _, shape, pips in pictures[1:-1]:
                assert shape != gangster_shape and pips != zero_pips


def test_gangster_has_the_hat_in_the_die_colour():
    canvas = _canvas()
    canvas.die(0, BLUE, GANG)
    frame = canvas.frame
    brim = [frame[3 * (3 * 8 + x) + 2] for x in range(8)]  # row 3 is the brim
    assert min(brim) == 255
    face = [3 * (5 * 8 + x) for x in range(1, 7)]
    assert any(frame[i] > frame[i + 2] for i in face)  # skin tones, not blue


def test_d12_lights_exactly_the_rolled_cells():
    for width, height in ((8, 8), (16, 16)):
        canvas = _canvas(width, height)
        cell_w = (width + 1) // 3 - 1
        cell_h = (height + 1) // 4 - 1
        left = (width - 3 * (cell_w + 1) + 1) // 2
        top = (height - 4 * (cell_h + 1) + 1) // 2
        cells = []
        for face in range(1, 13):
            canvas.d12([face])
            column, row = D12_GRID[face - 1]
            expected = [
                (top + row * (cell_h + 1) + dy) * width + left + column * (cell_w + 1) + dx
                for dy in range(cell_h)
                for dx in range(cell_w)
            ]
            expected.sort()
            assert _lit(canvas) == expected, (width, face)
            cells.append(expected[0])
        assert len(set(cells)) == 12
        assert cells == sorted(cells)  # reading order: 1 2 3 / 4 5 6 / 7 8 9 / 10 11 12


def test_d12_latest_bright_earlier_dim_failure_red():
    canvas = _canvas()
    canvas.d12([2, 9, 12])
    frame = canvas.frame
    lit = _lit(canvas)
    # Cells are 2x1 at x = 0, 3, 6 and y = 0, 2, 4, 6: 2 -> (3, 0), 9 -> (6, 4), 12 -> (6, 6).
    assert lit == [3, 4, 38, 39, 54, 55]
    assert frame[3 * 54 : 3 * 54 + 3] == b"\xff\xff\xff"  # 12, the latest: bright white
    assert 0 < frame[3 * 3] < 255 and 0 < frame[3 * 38] < 255  # earlier rolls dim
    canvas.d12([2, 9, 9], failed=True)
    assert frame[3 * 38 : 3 * 38 + 3] == b"\xff\x00\x00"  # the repeat that failed: red
    assert _lit(canvas) == [3, 4, 38, 39]


def test_d12_grid_is_data():
    # A 6 x 2 layout passed in instead of the sheet's 3 x 4.
    grid = tuple((face % 6, face // 6) for face in range(12))
    canvas = _canvas()
    canvas.d12([1, 7], grid=grid)
    # Six 1-pixel columns (no room for gaps) from x = 1; two rows of 3 pixels at y = 0, 4.
    assert _lit(canvas) == [1, 9, 17, 33, 41, 49]
    try:
        canvas.d12([1], grid=tuple((face, 0) for face in range(12)))
    except ValueError as exc:
        assert "does not fit" in str(exc)
    else:
        raise AssertionError("a 12-wide grid on 8 LEDs was accepted")


def test_pagination_counts():
    canvas = _canvas()
    for count, pages in ((0, 0), (1, 1), (4, 1), (5, 2), (8, 2), (9, 3), (48, 12)):
        assert canvas.pages(count) == pages
        assert canvas.dice([1] * count, RED) == pages
    big = _canvas(16, 16)
    for count, pages in ((4, 1), (16, 1), (17, 2), (48, 3)):
        assert big.pages(count) == pages
    assert canvas.dice([1, 2, 3, 4, 5], RED, PIPS, 1) == 2
    assert len(_bright(canvas)) == 5  # page 1 holds only the fifth die
    try:
        canvas.dice([1, 2, 3, 4, 5], RED, PIPS, 2)
    except ValueError as exc:
        assert "page" in str(exc)
    else:
        raise AssertionError("page out of range accepted")


def test_few_dice_get_bigger_tiles_on_big_matrices():
    canvas = _canvas(16, 16)
    canvas.dice([6, 6, 6], RED)  # 8x8 tiles with 1-pixel pips (7-pixel dice)
    assert len(_bright(canvas)) == 18
    canvas.dice([6] * 5, RED)  # five need the next size down
    assert len(_bright(canvas)) == 30


def test_roll_animation_is_deterministic():
    canvas = _canvas()
    assert len(ROLL_FRAME_MS) == ROLL_FRAMES
    first = []
    for step in range(ROLL_FRAMES):
        canvas.roll(step, 1234, 1, RED)
        first.append(bytes(canvas.frame))
    for step in range(ROLL_FRAMES):
        canvas.roll(step, 1234, 1, RED)
        assert bytes(canvas.frame) == first[step]
    for step in range(1, ROLL_FRAMES):
        assert first[step] != first[step - 1]  # it always moves
    other = []
    for step in range(ROLL_FRAMES):
        canvas.roll(step, 99, 1, RED)
        other.append(bytes(canvas.frame))
    assert other != first
    for step in (ROLL_FRAMES - 2, ROLL_FRAMES - 1):  # settled: a whole, centred die
        canvas.roll(step, 1234, 1, RED)
        assert len(_bright(canvas)) in (4, 8, 12, 16, 20, 24)
    for step in range(ROLL_FRAMES):  # several dice and gang dice tumble too
        canvas.roll(step, 7, 3, (RED, YELLOW, BLUE))
        assert _lit(canvas)
        canvas.roll(step, 7, 40, WHITE, GANG)
        assert _lit(canvas)


def test_turn_lights_one_edge():
    canvas = _canvas(8, 16)
    for edge, expected in (
        (EDGE_TOP, list(range(8))),
        (EDGE_RIGHT, [y * 8 + 7 for y in range(16)]),
        (EDGE_BOTTOM, list(range(120, 128))),
        (EDGE_LEFT, [y * 8 for y in range(16)]),
    ):
        canvas.clear()
        canvas.turn(BLUE, edge)
        assert _lit(canvas) == expected
    try:
        canvas.turn(BLUE, 4)
    except ValueError:
        pass
    else:
        raise AssertionError("edge 4 accepted")


def test_idle_is_gentle_and_runs_round_the_rim():
    canvas = _canvas()
    rim = 28
    rim_pixels = [i for i in range(64) if i % 8 in (0, 7) or i // 8 in (0, 7)]
    heads = []
    for step in range(3, 3 + rim):
        canvas.idle(step)
        lit = _lit(canvas)
        assert len(lit) == 4 and all(p in rim_pixels for p in lit)
        assert max(canvas.frame) <= 96
        heads.append(max(range(64), key=lambda p: sum(canvas.frame[3 * p : 3 * p + 3])))
    assert sorted(heads) == rim_pixels  # the head visits every rim pixel once per lap
    canvas.idle(5)
    again = bytes(canvas.frame)
    canvas.idle(5)
    assert bytes(canvas.frame) == again


def test_drawing_allocates_nothing():
    if not hasattr(micropython, "heap_lock"):  # CPython: nothing to measure
        return
    canvas = _canvas(16, 16)
    faces = [1, 2, 3, 4, 5, 0] * 8
    two = faces[:2]
    colours = (RED, YELLOW)
    rolls = [1, 5, 12]
    micropython.heap_lock()
    try:
        canvas.die(0, RED, GANG)
        canvas.die(0, YELLOW)
        pages = canvas.dice(faces, WHITE, GANG, 2)
        canvas.dice(two, colours)
        canvas.d12(rolls, WHITE, True)
        canvas.roll(3, 77, 2, colours)
        canvas.turn(RED, EDGE_LEFT)
        canvas.idle(41)
    finally:
        micropython.heap_unlock()
    assert pages == 3


def test_bad_arguments_raise():
    canvas = _canvas()
    for bad in (
        lambda: DiceCanvas(bytearray(10), 8, 8),
        lambda: canvas.die(7, RED),
        lambda: canvas.die(6, RED, GANG),
        lambda: canvas.die(1, 42),
        lambda: canvas.d12([13]),
        lambda: canvas.d12([0]),
    ):
        try:
            bad()
        except ValueError:
            pass
        else:
            raise AssertionError("accepted a bad argument")
    assert len(dice_leds.COLOUR_NAMES) == 9


_SEED = [2468]


def _random(limit):
    # A small LCG: the same numbers on both runtimes.
    _SEED[0] = (_SEED[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (_SEED[0] >> 8) % limit


def _reference_die(frame, width, height, x, y, side, face, colour):
    """A d6 drawn pixel by pixel from the rule the canvas keeps: a body at 64/255, pips a
    quarter of the side on a 3x3 grid, everything clipped to the frame."""

    def rectangle(left, top, size, rgb):
        for row in range(max(top, 0), min(top + size, height)):
            for column in range(max(left, 0), min(left + size, width)):
                at = 3 * (row * width + column)
                frame[at : at + 3] = rgb

    def level(value):
        return bytes(channel * value // 255 for channel in dice_leds._PALETTE[3 * colour :][:3])

    rectangle(x, y, side, level(64))
    pip = max(1, side // 4)
    step = (side - pip) // 2
    inset = (side - 2 * step - pip) // 2
    for cell in range(9):
        if (dice_leds._FACE_PIPS[face] >> (8 - cell)) & 1:
            left = x + inset + (cell % 3) * step
            rectangle(left, y + inset + (cell // 3) * step, pip, level(255))


def test_a_die_is_the_same_picture_inside_or_over_the_edge():
    # Inside the frame the pips are filled straight into the channels; over an edge each is
    # clipped: both must be the rule's picture.
    for width, height in ((4, 4), (8, 8), (16, 16), (5, 9), (12, 7)):
        for side in (3, 4, 5, 7, 8, 15, 16):
            for face in range(7):
                x = _random(width + side) - side // 2
                y = _random(height + side) - side // 2
                colour = _random(9)
                drawn = bytearray(b"\x07" * (3 * width * height))  # dice draw over what is there
                dice_leds.DiceCanvas(drawn, width, height)._die(x, y, side, face, colour, 0)
                expected = bytearray(b"\x07" * (3 * width * height))
                _reference_die(expected, width, height, x, y, side, face, colour)
                assert drawn == expected, (width, height, side, face, x, y)
