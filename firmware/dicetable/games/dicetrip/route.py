"""Dice Trip's map as a graph, and the scoring that walks it: bonus ticks, crosses, the longest
ascending route, the (optional) chains of directly successive numbers, and the tie-break.

A sheet is a list of values by city: EMPTY, CROSSED or the number written (11..66). Numbers are
unique on a sheet, so every road between two written cities rises one way: routes are paths in
a directed acyclic graph, and the longest one is found in one pass over the cities in ascending
number order (rules reference 2.5): best[v] = 1 + the best of v's lower neighbours.
"""

from micropython import const

from dicetable.games.dicetrip import data

EMPTY = const(0)
CROSSED = const(-1)

_TOP = const(66)  # the largest number a sheet holds


class Board:
    """A map module (see dicetrip_map) compiled for the rules.

    names, rings, xy    per city: name, index of the ring's die colour (-1: no ring), layout
    neighbours          per city: ids of the cities one road away, ascending
    placeholder, notice whether the map is a stand-in, and the sentence the UI shows for it
    """

    def __init__(self, module, colours):
        cities = module.CITIES
        size = len(cities)
        names = []
        rings = []
        xy = []
        for index in range(size):
            city, name, ring, x, y = cities[index]
            if city != index:
                raise ValueError("map city %d is listed as %r" % (index, city))
            if ring is not None and ring not in colours:
                raise ValueError("map city %s has a ring of unknown colour %r" % (name, ring))
            names.append(name)
            rings.append(-1 if ring is None else colours.index(ring))
            xy.append((x, y))
        self.size = size
        self.name = module.NAME
        self.names = tuple(names)
        self.rings = tuple(rings)
        self.xy = tuple(xy)
        self.neighbours = neighbours(size, module.ROADS)
        self.roads = tuple(module.ROADS)
        self.placeholder = module.PLACEHOLDER
        self.notice = module.NOTICE if module.PLACEHOLDER else ""


def neighbours(size, roads):
    """Per city, the ascending tuple of cities one road away; ValueError on a bad road."""
    lists = [[] for _ in range(size)]
    for a, b in roads:
        if not (0 <= a < size and 0 <= b < size) or a == b or b in lists[a]:
            raise ValueError("bad road %r" % ((a, b),))
        lists[a].append(b)
        lists[b].append(a)
    out = []
    for items in lists:
        items.sort()
        out.append(tuple(items))
    return tuple(out)


def _ascending(values):
    """Keys number x size + city of the cities holding a number, ascending (one C-level sort of
    small ints): key % size is the city."""
    size = len(values)
    keys = []
    for city in range(size):
        if values[city] > 0:
            keys.append(values[city] * size + city)
    keys.sort()
    return keys


def longest_route(neighbours, values):
    """The cities of the longest strictly ascending route, lowest number first ([] if none).

    Ties go to the route whose top number is lowest, and at each step to the lowest city id
    among equally long ways in, so the answer is the same on every runtime.
    """
    size = len(values)
    best = [0] * size
    back = [-1] * size
    top = -1
    top_length = 0
    for key in _ascending(values):
        city = key % size
        number = values[city]
        length = 0
        via = -1
        for other in neighbours[city]:
            held = values[other]
            if 0 < held < number and best[other] > length:
                length = best[other]
                via = other
        length += 1
        best[city] = length
        back[city] = via
        if length > top_length:
            top = city
            top_length = length
    route = []
    while top >= 0:
        route.append(top)
        top = back[top]
    route.reverse()
    return route


def ascending_lengths(neighbours, values):
    """(ending, starting): per city, the cities in the longest ascending route that ends there
    (the city is its top) and in the longest that starts there; 0 for cities with no number."""
    size = len(values)
    ending = [0] * size
    starting = [0] * size
    order = _ascending(values)
    for index in range(len(order)):
        city = order[index] = order[index] % size
        number = values[city]
        length = 0
        for other in neighbours[city]:
            held = values[other]
            if 0 < held < number and ending[other] > length:
                length = ending[other]
        ending[city] = length + 1
    for index in range(len(order) - 1, -1, -1):
        city = order[index]
        number = values[city]
        length = 0
        for other in neighbours[city]:
            if values[other] > number and starting[other] > length:
                length = starting[other]
        starting[city] = length + 1
    return ending, starting


def successor(number):
    """The next number in the list of the 36 (16 is followed by 21), or 0 after 66."""
    if number >= _TOP:
        return 0
    return number + 1 if number % 10 < 6 else number + 5


def chains(neighbours, values, shortest=2):
    """Chains of directly successive numbers in cities joined by roads, each as its cities from
    the lowest number, at least `shortest` cities long, in ascending order of their first
    number. Numbers are unique, so every city has at most one link up and one link down."""
    where = [-1] * (_TOP + 1)
    for city in range(len(values)):
        if values[city] > 0:
            where[values[city]] = city
    found = []
    for number in range(11, _TOP + 1):
        city = where[number]
        if city < 0:
            continue
        below = number - 1 if number % 10 > 1 else number - 5
        if below >= 11 and where[below] >= 0 and where[below] in neighbours[city]:
            continue  # not the start of its chain
        chain = [city]
        while True:
            following = successor(values[city])
            if not following or where[following] < 0:
                break
            if where[following] not in neighbours[city]:
                break
            city = where[following]
            chain.append(city)
        if len(chain) >= shortest:
            found.append(chain)
    return found


def score_sheet(board, values, ticks, with_chains):
    """[total, breakdown [(label, points), ...], longest route] of one sheet."""
    crosses = 0
    for value in values:
        if value == CROSSED:
            crosses += 1
    path = longest_route(board.neighbours, values)
    items = [
        ("Bonus cities", sum(ticks) * data.TICK_POINTS),
        ("Crossed cities", crosses * data.CROSS_POINTS),
        ("Longest route", len(path) * data.ROUTE_POINTS_PER_CITY),
    ]
    if with_chains:
        points = 0
        for chain in chains(board.neighbours, values, data.CHAIN_MIN_CITIES):
            points += (len(chain) - 1) * data.CHAIN_POINTS_PER_LINK
        items.append(("Chains", points))
    total = 0
    for _label, points in items:
        total += points
    return [total, items, path]


def tie_break(entries):
    """The winning seats from [(total, crosses, route length), ...] by seat: the best total;
    among equal totals fewer crosses, then the longer route; still equal seats share
    (DECISIONS.md, Dice Trip)."""
    best = None
    winners = []
    for seat in range(len(entries)):
        total, crosses, length = entries[seat]
        key = (total, -crosses, length)
        if best is None or key > best:
            best = key
            winners = [seat]
        elif key == best:
            winners.append(seat)
    return winners
