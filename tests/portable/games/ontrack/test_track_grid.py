"""dicetable.games.ontrack.track_grid and .track_icons on both runtimes: the tiles fit both panels,
every piece runs from dot to dot inside its tile, red and green stay apart in one-bit pixels,
buildings and stars show, and the dead ends ringed are exactly those the score counts."""

from test_draw import Frame

from dicetable.games.ontrack import track, track_grid, track_icons
from dicetable.games.ontrack.moves import BUILDING_PART
from dicetable.games.ontrack.score import Score

from ontrack_helpers import GREEN, RED, WORKSHOP, connection, layout, new, run_bots, sheet

SIZES = (18, 34)  # the tiles of the 296x128 and 400x300 sheets
_ROOM = 6  # paper round a lone tile in its test frame


def _tile_frame(size):
    """A frame holding one tile at (_ROOM, _ROOM) and paper round it."""
    return Frame(size + 1 + 2 * _ROOM, size + 1 + 2 * _ROOM)


def _piece(size, part, colour):
    frame = _tile_frame(size)
    track_grid.piece(frame.fb, _ROOM, _ROOM, size, part, colour)
    return frame


def _ink_points(frame):
    points = []
    for y in range(frame.height):
        for x in range(frame.width):
            if frame.fb.pixel(x, y):
                points.append((x, y))
    return points


def test_the_grid_fits_its_rectangle_with_dots_a_third_along_each_edge():
    sheet_layout = layout(7, 7)
    grid = track_grid.Grid(sheet_layout, 0, 0, 128, 128)
    assert grid.tile == 18 and grid.width == grid.height == 127
    assert grid.offsets == (6, 12)
    assert grid.origin(0) == (0, 0) and grid.origin(8) == (18, 18)
    assert grid.origin(48) == (108, 108)
    wide = track_grid.Grid(layout(3, 5), 10, 20, 200, 300)
    assert wide.tile == 39 and wide.width == 196 and wide.height == 118
    assert wide.origin(7) == (10 + 2 * 39, 20 + 39)
    for size in SIZES:
        near, far = track_grid.offsets_for(size)
        assert near + far == size and 0 < near < far < size
    # Dot d faces dot d ^ 4 of the neighbour: the same pixel.
    point = track_grid.dot_point
    assert point(0, 0, 18, (6, 12), 3) == point(18, 0, 18, (6, 12), 7)
    assert point(0, 18, 18, (6, 12), 1) == point(0, 0, 18, (6, 12), 5)


def test_every_piece_runs_from_its_dots_and_stays_in_its_tile():
    for size in SIZES:
        offsets = track_grid.offsets_for(size)
        for part in range(len(track.CONNECTIONS)):
            for colour in (RED, GREEN):
                frame = _piece(size, part, colour)
                points = _ink_points(frame)
                assert points, (size, part)
                for x, y in points:  # the spread of a line may reach 2 pixels past the edge
                    assert _ROOM - 2 <= x <= _ROOM + size + 2, (size, part, colour, x)
                    assert _ROOM - 2 <= y <= _ROOM + size + 2, (size, part, colour, y)
                for dot in track.CONNECTIONS[part]:
                    x, y = track_grid.dot_point(_ROOM, _ROOM, size, offsets, dot)
                    assert frame.ink(x - 2, y - 2, 5, 5) > 0, (size, part, colour, dot)
                # Nothing reaches the two dots the piece does not use on the other edges.
                a, b = track.CONNECTIONS[part]
                for dot in range(track.DOTS):
                    if dot >> 1 in (a >> 1, b >> 1):
                        continue
                    x, y = track_grid.dot_point(_ROOM, _ROOM, size, offsets, dot)
                    assert not frame.fb.pixel(x, y), (size, part, dot)


def test_red_track_is_a_solid_bar_and_green_track_two_rails():
    for size in SIZES:
        near = track_grid.offsets_for(size)[0]
        across = connection("W0", "E0")
        x = _ROOM + size // 2
        y = _ROOM + near
        red = _piece(size, across, RED)
        green = _piece(size, across, GREEN)
        assert [red.fb.pixel(x, y + d) for d in (-1, 0, 1)] == [1, 1, 1]
        assert [green.fb.pixel(x, y + d) for d in (-1, 0, 1)] == [1, 0, 1]
        down = connection("N1", "S1")
        red = _piece(size, down, RED)
        green = _piece(size, down, GREEN)
        x, y = _ROOM + size - near, _ROOM + size // 2
        assert [red.fb.pixel(x + d, y) for d in (-1, 0, 1)] == [1, 1, 1]
        assert [green.fb.pixel(x + d, y) for d in (-1, 0, 1)] == [1, 0, 1]


def test_the_two_pencils_never_look_alike():
    for size in SIZES:
        for part in range(len(track.CONNECTIONS)):
            red = _piece(size, part, RED)
            red_rows = red.snapshot()
            red_ink = len(_ink_points(red))
            green = _piece(size, part, GREEN)
            assert green.snapshot() != red_rows, (size, part)
            # Hollow: green leaves paper where red is solid, and uses less ink.
            assert len(_ink_points(green)) < red_ink, (size, part)


def test_buildings_are_solid_in_red_outlined_in_green_and_differ_by_kind():
    for size in SIZES:
        seen = []
        for kind in range(3):
            solid = _tile_frame(size)
            track_icons.building(solid.fb, _ROOM, _ROOM, size, RED, kind)
            outlined = _tile_frame(size)
            track_icons.building(outlined.fb, _ROOM, _ROOM, size, GREEN, kind)
            solid_points = _ink_points(solid)
            outline_points = _ink_points(outlined)
            assert 0 < len(outline_points) < len(solid_points), (size, kind)
            for point in outline_points:  # the outline is the solid shape's edge
                assert point in solid_points
            for x, y in solid_points:  # inside the tile, off its edges
                assert _ROOM < x < _ROOM + size and _ROOM < y < _ROOM + size
            seen.append(solid.snapshot())
        assert seen[0] != seen[1] and seen[1] != seen[2] and seen[0] != seen[2]


def test_art_draws_each_pixel_as_a_square_of_the_scale():
    frame = Frame(12, 6)
    drawn = track_icons.runs((0b101, 0b011), 3)
    assert drawn == bytes((0, 0, 1, 0, 2, 1, 1, 1, 2))
    track_icons.art(frame.fb, drawn, 1, 1, 2)
    assert _ink_points(frame) == [
        (1, 1), (2, 1), (5, 1), (6, 1),
        (1, 2), (2, 2), (5, 2), (6, 2),
        (3, 3), (4, 3), (5, 3), (6, 3),
        (3, 4), (4, 4), (5, 4), (6, 4),
    ]  # fmt: skip


def test_a_star_tile_shows_a_large_star_until_track_claims_it():
    for size in SIZES:
        open_star = _tile_frame(size)
        track_icons.star_tile(open_star.fb, _ROOM, _ROOM, size, False)
        claimed = _tile_frame(size)
        track_icons.star_tile(claimed.fb, _ROOM, _ROOM, size, True)
        large = len(_ink_points(open_star))
        small = _ink_points(claimed)
        assert large > 3 * len(small) > 0
        # The small star sits in the top left corner, where no track passes.
        near = track_grid.offsets_for(size)[0]
        for x, y in small:
            assert x <= _ROOM + near - 2 and y <= _ROOM + near - 2
        for part in range(len(track.CONNECTIONS)):
            for colour in (RED, GREEN):
                frame = _piece(size, part, colour)
                for x, y in small:
                    assert not frame.fb.pixel(x, y), (size, part, colour)


def _sheet_frame(sheet_layout, tile):
    grid = track_grid.Grid(sheet_layout, 0, 0, sheet_layout.columns * tile + 1, 200)
    return grid, Frame(grid.width + 4, grid.height + 4)


def test_dead_ends_are_exactly_what_the_score_counts():
    row = layout(1, 3)
    cases = [
        ([(0, "W0", "E0", RED)], []),
        ([(0, "W0", "E0", RED), (1, "W0", "E1", RED)], []),
        ([(0, "W0", "E0", RED), (1, "W0", "E0", GREEN)], []),
        ([(1, "W0", "E0", RED)], [(0, RED, WORKSHOP)]),
        ([(1, "W0", "E0", RED)], [(0, GREEN, WORKSHOP)]),
        ([(1, "W1", "E0", GREEN), (2, "W0", "E1", GREEN)], [(0, GREEN, WORKSHOP)]),
    ]
    for tracks, buildings in cases:
        cells, pieces = sheet(row.size, tracks, buildings)
        found = track_grid.dead_ends(row, cells, pieces)
        counted = Score(row, cells, pieces, 0).dead
        assert [len([end for end in found if end[2] == c]) for c in (RED, GREEN)] == counted
    cells, pieces = sheet(row.size, [(0, "W0", "E0", RED), (1, "W0", "E0", GREEN)])
    assert track_grid.dead_ends(row, cells, pieces) == [
        (0, 2, RED),
        (0, 6, RED),
        (1, 2, GREEN),
        (1, 6, GREEN),
    ]
    for seed in (3, 8, 21):
        state = run_bots(new(2), seed)
        for seat in range(2):
            found = track_grid.dead_ends(state.layout, state.cells[seat], state.pieces[seat])
            counted = state.score(seat).dead
            assert [len([end for end in found if end[2] == c]) for c in (RED, GREEN)] == counted


def test_a_dead_end_is_an_open_ring_on_the_track_end():
    row = layout(1, 2)
    cells, pieces = sheet(row.size, [(0, "W0", "E0", RED), (1, "W0", "E0", RED)])
    for size in SIZES:
        grid, plain = _sheet_frame(row, size)
        track_grid.draw(plain.fb, grid, row, cells, pieces)
        before = plain.snapshot()
        grid, ringed = _sheet_frame(row, size)
        dead = track_grid.dead_ends(row, cells, pieces)
        assert len(dead) == 2
        track_grid.draw(ringed.fb, grid, row, cells, pieces, dead)
        x, y = grid.origin(0)
        dot_x, dot_y = track_grid.dot_point(x, y, size, grid.offsets, 6)
        assert plain.fb.pixel(dot_x, dot_y) == 1  # the solid track reached the border
        assert ringed.fb.pixel(dot_x, dot_y) == 0  # paper inside the ring
        assert ringed.snapshot() != before
        # An ink ring of radius 2 to 4 round it, where the solid bar was ink.
        assert ringed.fb.pixel(dot_x + 1, dot_y) == 0 and ringed.ink(dot_x + 2, dot_y, 3, 1) > 0
        assert ringed.ink(dot_x, dot_y - 4, 1, 3) > 0
        # The join between the two tiles is not a dead end: no ring there.
        join_x, join_y = track_grid.dot_point(x, y, size, grid.offsets, 2)
        assert ringed.fb.pixel(join_x, join_y) == 1


def test_the_cursor_tile_is_inverted_and_shows_its_preview_in_paper():
    sheet_layout = layout(2, 2, stars=((0, 1),))
    cells, pieces = sheet(sheet_layout.size, [(0, "W0", "E0", RED)])
    for size in SIZES:
        grid, frame = _sheet_frame(sheet_layout, size)
        track_grid.draw(frame.fb, grid, sheet_layout, cells, pieces, (), 3)
        x, y = grid.origin(3)
        assert frame.ink(x + 1, y + 1, size - 1, size - 1) == (size - 1) * (size - 1)
        # The tile's own track is drawn in paper on the inverted cursor tile.
        grid, frame = _sheet_frame(sheet_layout, size)
        track_grid.draw(frame.fb, grid, sheet_layout, cells, pieces, (), 0)
        x, y = grid.origin(0)
        middle = y + grid.offsets[0]
        assert frame.fb.pixel(x + size // 2, middle) == 0
        assert frame.fb.pixel(x + size // 2, middle + 3) == 1
        # A preview: a green straight down on the star tile, in paper; the star is claimed.
        down = connection("N0", "S0")
        grid, frame = _sheet_frame(sheet_layout, size)
        track_grid.draw(frame.fb, grid, sheet_layout, cells, pieces, (), 1, (1, down, GREEN))
        x, y = grid.origin(1)
        rail_x = x + grid.offsets[0]
        assert [frame.fb.pixel(rail_x + d, y + size // 2) for d in (-1, 0, 1)] == [0, 1, 0]
        # A building preview fills the tile with its icon instead.
        grid, frame = _sheet_frame(sheet_layout, size)
        shop = BUILDING_PART + WORKSHOP
        track_grid.draw(frame.fb, grid, sheet_layout, cells, pieces, (), 3, (3, shop, RED))
        x, y = grid.origin(3)
        inside = frame.ink(x + 1, y + 1, size - 1, size - 1)
        assert (size - 1) * (size - 1) // 3 < inside < (size - 1) * (size - 1)


def test_the_zoomed_tile_shows_its_track_thin_and_the_preview_bold():
    sheet_layout = layout(1, 1)
    cells, pieces = sheet(1, [(0, "W0", "E0", GREEN)])
    size = 60
    frame = Frame(size + 8, size + 8)
    down = connection("N1", "S1")
    track_grid.zoom(frame.fb, 2, 2, size, sheet_layout, cells, pieces, 0, (0, down, RED))
    near, far = track_grid.offsets_for(size)
    # The old green track: one line (no rails); the red preview: a bar 5 pixels wide.
    assert [frame.fb.pixel(2 + near // 2, 2 + near + d) for d in (-1, 0, 1)] == [0, 1, 0]
    assert [frame.fb.pixel(2 + far + d, 2 + size // 4) for d in range(-2, 3)] == [1] * 5
    # Where they cross, the preview's paper halo keeps it clear of the old line.
    assert frame.fb.pixel(2 + far - 4, 2 + near) == 0


def test_drawing_the_changed_tiles_again_gives_the_grid_drawn_whole():
    # What the sheet does at a placement (sheet._draw_tiles): the tiles whose cell changed,
    # and those a ring that came or went spills into, drawn again, then every ring.
    row = layout(1, 4)
    steps = (
        [(1, "W0", "E0", RED)],
        [(1, "W0", "E0", RED), (2, "W0", "E0", RED)],  # closes the ring at tile 1's east end
        [(1, "W0", "E0", RED), (2, "W0", "E0", RED), (0, "W0", "E0", GREEN)],
    )
    for size in SIZES:
        for before, after in ((steps[0], steps[1]), (steps[1], steps[2])):
            cells, pieces = sheet(row.size, before)
            dead = track_grid.dead_ends(row, cells, pieces)
            new_cells, new_pieces = sheet(row.size, after)
            new_dead = track_grid.dead_ends(row, new_cells, new_pieces)
            tiles = track_grid.changed_tiles(row, cells, new_cells, dead, new_dead)
            if before is steps[0]:
                # The new piece's tile; tile 1, whose east ring went; tile 3, where the new
                # ring at tile 2's east end spills.
                assert sorted(tiles) == [1, 2, 3]
            grid, frame = _sheet_frame(row, size)
            track_grid.draw(frame.fb, grid, row, cells, pieces, dead)
            for tile in tiles:
                x, y = grid.origin(tile)
                frame.fb.fill_rect(x + 1, y + 1, size - 1, size - 1, 0)
                track_grid.draw_tile(frame.fb, grid, row, new_cells, new_pieces, tile)
            track_grid.rings(frame.fb, grid, new_dead)
            redrawn = frame.snapshot()
            _grid, whole = _sheet_frame(row, size)
            track_grid.draw(whole.fb, grid, row, new_cells, new_pieces, new_dead)
            assert redrawn == whole.snapshot()
