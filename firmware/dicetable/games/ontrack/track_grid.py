"""A Christmas On Track sheet drawn from its tiles: track, buildings, stars and dead ends.

PURE. `Grid(layout, x, y, width, height)` fits the sheet's square tiles into a rectangle; `draw`
paints one sheet. One-bit e-ink has no colours, so the two pencils are two styles, chosen to
stay apart at the 18-pixel tiles of a 296x128 panel:
    red track       a solid bar three pixels wide
    green track     two thin rails with paper between them (hollow)
    building        an icon filling its tile, solid for red and outlined for green, like the
                    track (games.ontrack.track_icons)
    star tile       a large star while the tile is empty; once track claims it, a small star in
                    the tile's corner, where no track passes
    dead end        an open ring on the track end, astride the tile edge
    dots            a tick across the tile edge at each place a piece can end (two per edge)
    cursor          the tile inverted, with the piece it would get drawn in it
Straights are lines between two dots; curves are quarter ellipses round the corner their two
edges share, so every piece ends exactly where a neighbour's piece can meet it. Integer
arithmetic only.
"""

from micropython import const

from dicetable.games.ontrack import data
from dicetable.games.ontrack import track
from dicetable.games.ontrack.moves import BUILDING_PART
from dicetable.games.ontrack.track_icons import building, star_tile

_INK = const(1)
_PAPER = const(0)
_RING = const(2)  # radius of a dead end's ring
_WIDE_RING = const(4)

# The quadrant of a quarter ellipse that lies inside the tile, by the corner it is centred on
# (framebuf's mask bits: 0 top right, 1 top left, 2 bottom left, 3 bottom right).
_NE_INSIDE = const(0b0100)
_SE_INSIDE = const(0b0010)
_SW_INSIDE = const(0b0001)
_NW_INSIDE = const(0b1000)

# Offsets across a line's direction at which it is drawn: a solid bar, or two rails with paper
# between them; wider on tiles of _WIDE_TILE pixels and more.
_SOLID = (-1, 0, 1)
_RAILS = (-1, 1)
_WIDE_SOLID = (-2, -1, 0, 1, 2)
_WIDE_RAILS = (-2, -1, 1, 2)
_WIDE_TILE = const(30)
_THIN = (0,)  # track already on a zoomed tile
_HALO = (-4, -3, 3, 4)  # paper either side of a zoomed preview


class Grid:
    """Pixel geometry of a sheet in a rectangle: `tile` (pitch in pixels), `x`, `y` (the top
    left grid line), `width` and `height` (grid lines included), and `offsets`: where the two
    dots of an edge lie along it (slot 0, slot 1), a third of the way in from each end."""

    def __init__(self, layout, x, y, width, height):
        self.columns = layout.columns
        self.rows = layout.rows
        tile = min((width - 1) // layout.columns, (height - 1) // layout.rows)
        self.tile = tile
        self.x = x
        self.y = y
        self.width = tile * layout.columns + 1
        self.height = tile * layout.rows + 1
        self.offsets = offsets_for(tile)

    def origin(self, tile):
        """(x, y) of a tile's top left corner (on the grid lines)."""
        return (
            self.x + tile % self.columns * self.tile,
            self.y + tile // self.columns * self.tile,
        )


def offsets_for(size):
    """(slot 0, slot 1): where an edge's two dots lie along a tile `size` pixels across."""
    near = (size + 1) // 3
    return (near, size - near)


def dot_point(ox, oy, size, offsets, dot):
    """The pixel of a dot of the tile whose top left corner is (ox, oy)."""
    edge = dot >> 1
    along = offsets[dot & 1]
    if edge == track.NORTH:
        return ox + along, oy
    if edge == track.EAST:
        return ox + size, oy + along
    if edge == track.SOUTH:
        return ox + along, oy + size
    return ox, oy + along


# --- pieces -----------------------------------------------------------------------------------
def piece(fb, ox, oy, size, connection, colour, color=_INK, spread=None):
    """One track piece of `colour` (the pencil) on the tile at (ox, oy); `spread` (offsets
    across the line) overrides the colour's style."""
    offsets = offsets_for(size)
    a, b = track.CONNECTIONS[connection]
    if spread is None:
        wide = size >= _WIDE_TILE
        if colour == track.GREEN:
            spread = _WIDE_RAILS if wide else _RAILS
        else:
            spread = _WIDE_SOLID if wide else _SOLID
    if track.FAMILY[connection] == data.STRAIGHT:
        x1, y1 = dot_point(ox, oy, size, offsets, a)
        x2, y2 = dot_point(ox, oy, size, offsets, b)
        if abs(x2 - x1) >= abs(y2 - y1):  # across: the offsets move it up and down
            for d in spread:
                fb.line(x1, y1 + d, x2, y2 + d, color)
        else:
            for d in spread:
                fb.line(x1 + d, y1, x2 + d, y2, color)
        return
    if (a >> 1) & 1:  # a on the east or west edge: swap, so a is on north or south
        a, b = b, a
    north = a >> 1 == track.NORTH
    east = b >> 1 == track.EAST
    cx = ox + size if east else ox
    cy = oy if north else oy + size
    if north:
        mask = _NE_INSIDE if east else _NW_INSIDE
    else:
        mask = _SE_INSIDE if east else _SW_INSIDE
    xr = abs(ox + offsets[a & 1] - cx)
    yr = abs(oy + offsets[b & 1] - cy)
    for d in spread:
        fb.ellipse(cx, cy, xr + d, yr + d, color, False, mask)
    if len(spread) & 1 and len(spread) > 1:
        # Concentric arcs leave pinholes on the diagonal: arcs squashed by one fill them.
        for d in spread[1:]:
            fb.ellipse(cx, cy, xr + d - 1, yr + d, color, False, mask)


def dead_end(fb, ox, oy, size, dot):
    """An open ring on the track end at `dot`: paper inside, so it shows on any background
    (the inverted cursor tile included)."""
    x, y = dot_point(ox, oy, size, offsets_for(size), dot)
    radius = _RING if size < _WIDE_TILE else _WIDE_RING
    fb.ellipse(x, y, radius - 1, radius - 1, _PAPER, True)
    fb.ellipse(x, y, radius, radius, _INK)


def dead_ends(layout, cells, pieces):
    """[(tile, dot, colour), ...] of every track end that faces neither more track of its
    colour nor a building of its colour (reference B6): what ontrack_score counts as -1 each,
    found piece by piece, without walking the chains."""
    found = []
    across = layout.across
    for code in pieces:
        tile, connection, colour = track.piece_parts(code)
        for dot in track.CONNECTIONS[connection]:
            other = across[tile * 4 + (dot >> 1)]
            if other >= 0:
                cell = cells[other]
                if cell < 0:
                    if track.cell_building(cell)[0] == colour:
                        continue
                elif track.dot_colour(cell, dot ^ 4) == colour:
                    continue
            found.append((tile, dot, colour))
    return found


# --- the sheet --------------------------------------------------------------------------------
def _lines(fb, grid):
    """Tile edges, and a tick across them at every dot."""
    tile = grid.tile
    x0, y0 = grid.x, grid.y
    near, far = grid.offsets
    for row in range(grid.rows + 1):
        y = y0 + row * tile
        fb.hline(x0, y, grid.width, _INK)
        for column in range(grid.columns):
            x = x0 + column * tile
            fb.vline(x + near, y - 1, 3, _INK)
            fb.vline(x + far, y - 1, 3, _INK)
    for column in range(grid.columns + 1):
        x = x0 + column * tile
        fb.vline(x, y0, grid.height, _INK)
        for row in range(grid.rows):
            y = y0 + row * tile
            fb.hline(x - 1, y + near, 3, _INK)
            fb.hline(x - 1, y + far, 3, _INK)


def _tile_base(fb, grid, layout, cells, tile, color):
    """What fills a tile before its track: a building, or a map star."""
    ox, oy = grid.origin(tile)
    cell = cells[tile]
    if cell < 0:
        colour, kind = track.cell_building(cell)
        building(fb, ox, oy, grid.tile, colour, kind, color)
    elif tile in layout.stars:
        star_tile(fb, ox, oy, grid.tile, cell > 0, color)


def draw(fb, grid, layout, cells, pieces, dead=(), cursor=-1, preview=None):
    """Paint one sheet. `dead` lists (tile, dot, colour) of track ends to ring (dead_ends);
    `preview` is (tile, part, colour) of a piece not drawn yet, `part` as in a place action (a
    connection, or BUILDING_PART + a building kind): it is shown in the inverted cursor tile."""
    _lines(fb, grid)
    size = grid.tile
    stars = layout.stars
    for tile in range(len(cells)):
        if tile != cursor and (cells[tile] < 0 or tile in stars):
            _tile_base(fb, grid, layout, cells, tile, _INK)
    for code in pieces:
        tile, connection, colour = track.piece_parts(code)
        if tile != cursor:
            ox, oy = grid.origin(tile)
            piece(fb, ox, oy, size, connection, colour)
    if cursor >= 0:
        _cursor_tile(fb, grid, layout, cells, pieces, cursor, preview)
    rings(fb, grid, dead)


def ring_spill(grid):
    """How far a dead end's ring reaches past its tile's edge, in pixels (with a margin)."""
    return (_RING if grid.tile < _WIDE_TILE else _WIDE_RING) + 1


def rings(fb, grid, dead):
    """The dead ends' rings, drawn over everything else."""
    size = grid.tile
    for tile, dot, _colour in dead:
        ox, oy = grid.origin(tile)
        dead_end(fb, ox, oy, size, dot)


def _cursor_tile(fb, grid, layout, cells, pieces, cursor, preview):
    """Paper on ink: the tile's own contents, and the preview, in paper."""
    size = grid.tile
    ox, oy = grid.origin(cursor)
    fb.fill_rect(ox + 1, oy + 1, size - 1, size - 1, _INK)
    shown = preview is not None and preview[0] == cursor
    if shown and preview[1] >= BUILDING_PART:
        building(fb, ox, oy, size, preview[2], preview[1] - BUILDING_PART, _PAPER)
    elif shown and cursor in layout.stars:  # track there would claim the star
        star_tile(fb, ox, oy, size, True, _PAPER)
    else:
        _tile_base(fb, grid, layout, cells, cursor, _PAPER)
    for code in pieces:
        tile, connection, colour = track.piece_parts(code)
        if tile == cursor:
            piece(fb, ox, oy, size, connection, colour, _PAPER)
    if shown and preview[1] < BUILDING_PART:
        piece(fb, ox, oy, size, preview[1], preview[2], _PAPER)


def draw_tile(fb, grid, layout, cells, pieces, tile, cursor=-1, preview=None):
    """Draw one tile again over its cleared inside (the rings go after, with `rings`): its four
    edges with the ticks' pixels inside it, then its contents, inverted when it is the
    `cursor`. Nothing else reaches inside a tile, and only the cursor's paper reaches its
    edges (the cursor's tile is drawn after the tile it left), so the frame is the one `draw`
    gives."""
    size = grid.tile
    ox, oy = grid.origin(tile)
    fb.hline(ox, oy, size + 1, _INK)
    fb.hline(ox, oy + size, size + 1, _INK)
    fb.vline(ox, oy, size + 1, _INK)
    fb.vline(ox + size, oy, size + 1, _INK)
    for along in grid.offsets:  # the ticks across the edges reach one pixel in
        fb.pixel(ox + along, oy + 1, _INK)
        fb.pixel(ox + along, oy + size - 1, _INK)
        fb.pixel(ox + 1, oy + along, _INK)
        fb.pixel(ox + size - 1, oy + along, _INK)
    if tile == cursor:
        _cursor_tile(fb, grid, layout, cells, pieces, tile, preview)
        return
    if cells[tile] < 0 or tile in layout.stars:
        _tile_base(fb, grid, layout, cells, tile, _INK)
    for code in pieces:
        where, connection, colour = track.piece_parts(code)
        if where == tile:
            piece(fb, ox, oy, size, connection, colour)


def changed_tiles(layout, old_cells, cells, old_dead, dead):
    """The tiles `draw_tile` must draw again so the grid shows `cells` and `dead` where it
    showed `old_cells` and `old_dead`: the tiles whose cell changed (a piece, a building, a
    star claimed) and, for every ring that came or went, its tile and the one across its
    edge, where the ring spills."""
    tiles = [tile for tile in range(len(cells)) if cells[tile] != old_cells[tile]]
    across = layout.across
    for rings_now, rings_then in ((dead, old_dead), (old_dead, dead)):
        for ring in rings_now:
            if ring in rings_then:
                continue
            tile, dot = ring[0], ring[1]
            for near in (tile, across[tile * 4 + (dot >> 1)]):
                if near >= 0 and near not in tiles:
                    tiles.append(near)
    return tiles


def zoom(fb, x, y, size, layout, cells, pieces, tile, preview=None):
    """One tile enlarged to `size` pixels at (x, y): its dots, building or star, its track as
    thin lines, and the preview piece in its full style on a paper halo, so it stands out."""
    fb.rect(x, y, size + 1, size + 1, _INK)
    near, far = offsets_for(size)
    for along in (near, far):  # the dots, as ticks into the tile
        fb.vline(x + along, y + 1, 2, _INK)
        fb.vline(x + along, y + size - 2, 2, _INK)
        fb.hline(x + 1, y + along, 2, _INK)
        fb.hline(x + size - 2, y + along, 2, _INK)
    shown = preview is not None and preview[0] == tile
    cell = cells[tile]
    if shown and preview[1] >= BUILDING_PART:
        building(fb, x, y, size, preview[2], preview[1] - BUILDING_PART)
        return
    if cell < 0:
        colour, kind = track.cell_building(cell)
        building(fb, x, y, size, colour, kind)
    elif tile in layout.stars:
        star_tile(fb, x, y, size, cell > 0 or shown)
    for code in pieces:
        where, connection, colour = track.piece_parts(code)
        if where == tile:
            piece(fb, x, y, size, connection, colour, _INK, _THIN)
    if shown:
        piece(fb, x, y, size, preview[1], preview[2], _PAPER, _HALO)
        piece(fb, x, y, size, preview[1], preview[2])
