"""Christmas On Track scoring (reference B6 dead ends, B7 routes) for one sheet.

Per colour the track is walked into chains (ontrack_track.Chains). A chain whose two ends face
that colour's Workshop and Gift Wrap is a Workshop-Gift Wrap route, likewise Gift Wrap-Sleigh;
each section scores the distinct tiles of its longest route, 0 without one. Every chain end
that does not face a building of its own colour is a dead end, -1.

    TOTAL = red W-G + red G-S + green W-G + green G-S + unused stars
            - red dead ends - green dead ends

Two chains never share a piece, so the two sections of a colour are disjoint by construction;
if junction pieces are ever added, the section choice below must enforce it instead.
"""

from dicetable.games.ontrack import data
from dicetable.games.ontrack import track

# Sections as (building kind at one end, at the other): Workshop-Gift Wrap, Gift Wrap-Sleigh.
SECTIONS = ((0, 1), (1, 2))


def _labels():
    routes = []
    for colour in range(2):
        for first, second in SECTIONS:
            name = data.COLOUR_LABELS[colour]
            routes.append("%s %s-%s" % (name, data.BUILDINGS[first], data.BUILDINGS[second]))
    dead = tuple(["%s dead ends" % name for name in data.COLOUR_LABELS])
    return tuple(routes), dead


# The score box's lines, as on the playsheet: routes by colour and section, then dead ends.
ROUTE_LABELS, DEAD_END_LABELS = _labels()


class Score:
    """One sheet's score with every part the results screen shows.

    routes[colour][section]   the scored chain's piece indices (double-lined on the sheet), or
                              [] when the section scores 0
    points[colour][section]   distinct tiles of that route
    dead[colour]              dead ends of that colour
    stars                     circled stars not filled in
    total
    """

    def __init__(self, layout, cells, pieces, stars):
        self.routes = []
        self.points = []
        self.dead = []
        self.stars = stars
        total = stars
        owners = track.dot_owners(layout, pieces)
        for colour in (track.RED, track.GREEN):
            chains = track.Chains(layout, cells, pieces, colour, owners)
            best = [None, None]
            best_tiles = [0, 0]
            dead = 0
            for ends, tiles, order in chains.chains:
                if not ends:
                    continue  # a loop: no ends, so no dead end and no route
                kinds = []
                for end in ends:
                    kind = chains.end_facing(end)
                    if kind < 0:
                        dead += 1
                    kinds.append(kind)
                for section in range(len(SECTIONS)):
                    first, second = SECTIONS[section]
                    joins = (kinds[0] == first and kinds[1] == second) or (
                        kinds[0] == second and kinds[1] == first
                    )
                    if joins and len(tiles) > best_tiles[section]:
                        best[section] = order
                        best_tiles[section] = len(tiles)
            self.routes.append([best[0] or [], best[1] or []])
            self.points.append(best_tiles)
            self.dead.append(dead)
            total += best_tiles[0] + best_tiles[1] - dead
        self.total = total

    def breakdown(self):
        """[(label, points), ...] in the order of the sheet's score box; sums to total."""
        points = self.points
        items = [
            (ROUTE_LABELS[0], points[0][0]),
            (ROUTE_LABELS[1], points[0][1]),
            (ROUTE_LABELS[2], points[1][0]),
            (ROUTE_LABELS[3], points[1][1]),
            ("Unused stars", self.stars),
        ]
        for colour in (track.RED, track.GREEN):
            items.append((DEAD_END_LABELS[colour], -self.dead[colour]))
        return items
