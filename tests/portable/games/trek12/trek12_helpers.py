"""Helpers shared by the Trek 12 tests: states on real or synthetic sheets, rolls that give a
wanted result, and placements checked against the rules' own link choice."""

from dicetable.core.dice import D6, YELLOW_D6
from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.games.trek12 import bot as trek12_bot
from dicetable.games.trek12 import mountain as trek12_mountain
from dicetable.games.trek12 import rules as trek12
from dicetable.games.trek12.maps import Board
from dicetable.games.trek12.rules import DIFF, HIGH, LOW, NO_LINK, PROD, SUM

# Ops tried, in order, when a test does not say which one makes a value: SUM and PROD last,
# since 7, 11 and 12 can come only from them.
_PREFERENCE = (LOW, HIGH, DIFF, PROD, SUM)


def new(map_id="dunai", players=1):
    return trek12.new_state(trek12.make_params({"players": players, "map": map_id}))


def graph_data(size, edges, dangerous=(), limit=4, limits=None):
    """A sheet in the A12 schema from an edge list (layout: a row of circles); `limits` (a
    dict by operation name) overrides `limit` for the operations it names."""
    adjacency = {}
    for circle in range(size):
        adjacency[str(circle)] = []
    for a, b in edges:
        adjacency[str(a)].append(b)
        adjacency[str(b)].append(a)
    circles = []
    for circle in range(size):
        cap = 6 if circle in dangerous else 12
        circles.append(
            {"id": circle, "xy": [circle * 100, 0], "cap": cap, "tags": [], "region": None,
             "ball": None}
        )  # fmt: skip
    given = limits or {}
    limits = {}
    for name in ("LOW", "HIGH", "DIFF", "SUM", "PROD"):
        limits[name] = limit
    limits.update(given)
    return {
        "id": "test",
        "name": "Test",
        "summit": 0,
        "opLimits": limits,
        "circles": circles,
        "adjacency": adjacency,
        "prelinked": [],
        "scoring": {"orphanPenalty": 3, "sadPenalty": 3, "bonusTable": "standard", "hooks": []},
        "rules": {"linkRule": "mandatory", "sadCountsAsFilled": True, "allowVoluntarySad": True},
    }


def graph_state(size, edges, dangerous=(), players=1, limits=None):
    return data_state(graph_data(size, edges, dangerous, limits=limits), players)


def data_state(data, players=1):
    """A game on a sheet given as A12 data (a synthetic or edited map)."""
    params = trek12.make_params({"players": players})
    return trek12.Trek12State(params, Board(data))


def map_data(map_id):
    """A fresh copy of a map file's data, to edit in a test."""
    name = "dicetable.games.trek12.maps." + map_id
    module = __import__(name, None, None, (map_id,))
    return _copy(module.MAP)


def product_only(map_id, players=1):
    """A game on `map_id` edited to tick only the product (enough ticks for every circle): a
    product over 12 is then too high everywhere, so a test can write a forced frown at once."""
    data = map_data(map_id)
    data["opLimits"] = {"LOW": 0, "HIGH": 0, "DIFF": 0, "SUM": 0, "PROD": len(data["circles"])}
    return data_state(data, players)


def spend(state, plans, red=2, yellow=1):
    """Rounds of one small roll each (every result fits any circle), in which seat i writes
    with plans[i][round], on the first circle the rules list: to reach a sheet where only the
    ticks a test wants are left."""
    for round_ in range(len(plans[0])):
        roll(state, red, yellow)
        for seat in range(len(plans)):
            op = plans[seat][round_]
            state.apply(seat, [a for a in state.legal_actions(seat) if a // 1000000 == op][0])


def _copy(value):
    if isinstance(value, dict):
        return dict([(key, _copy(value[key])) for key in value])
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def refused(state, seat, action, words=""):
    """`action` is refused with a reason holding `words`, and nothing changes."""
    before = state.to_data()
    history = list(state.history)
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        if words not in exc.reason:
            raise AssertionError("reason %r lacks %r" % (exc.reason, words))
    else:
        raise AssertionError("accepted %r" % ((seat, action),))
    assert state.to_data() == before
    assert state.history == history


def line_edges(circles):
    return [(circles[i], circles[i + 1]) for i in range(len(circles) - 1)]


def roll_for(op, value):
    """The first roll action (in die order) whose `op` result is `value`, or None."""
    for red in D6:
        for yellow in YELLOW_D6:
            action = trek12.roll_action(red, yellow)
            if trek12.results(action)[op - 1] == value:
                return action
    return None


def roll(state, red, yellow):
    state.apply(CHANCE, trek12.roll_action(red, yellow))


def place(state, seat, op, circle, down=NO_LINK, up=NO_LINK):
    action = trek12.encode(op, circle, down, up)
    state.apply(seat, action)
    return action


def options(state, seat, op, circle):
    """The legal actions of `seat` that write `op`'s result in `circle` (its link choices)."""
    prefix = op * 100 + circle
    return [a for a in state.legal_actions(seat) if a // 10000 == prefix]


def write(state, circle, value, op=None, down=NO_LINK, up=NO_LINK, seat=0):
    """Solo play: roll dice giving `value` with `op` (or the first op in _PREFERENCE with ticks
    left that can), then write it in `circle`. The links given must be the only legal choice."""
    if op is None:
        for candidate in _PREFERENCE:
            if state.ticks_left(seat, candidate, circle) > 0:
                if roll_for(candidate, value) is not None:
                    op = candidate
                    break
    if op is None:
        raise AssertionError("no operation left makes %d" % value)
    state.apply(CHANCE, roll_for(op, value))
    action = trek12.encode(op, circle, down, up)
    choices = options(state, seat, op, circle)
    if choices != [action]:
        raise AssertionError("writing %d in %d: rules allow %r" % (value, circle, choices))
    state.apply(seat, action)
    return action


def run_bots(state):
    """Play to the end: every roll in turn from a fixed cycle, every seat by the bot."""
    count = 0
    while state.actors():
        actors = state.actors()
        if actors == [CHANCE]:
            outcomes = state.chance_outcomes()
            state.apply(CHANCE, outcomes[(count * 7 + 3) % len(outcomes)][0])
            count += 1
        else:
            for seat in actors:
                state.apply(seat, trek12_bot.bot_action(state, seat, None))
    return state


def path_ink(frame, layout, first, second):
    """Ink pixels on the path of a line from circle `first` to `second`: every pixel within 2
    of the segment between the two rims."""
    frame._check()  # a big test frame shares its buffer with the next one made
    x1, y1, x2, y2 = trek12_mountain._edge_points(layout, first, second)
    steps = max(abs(x2 - x1), abs(y2 - y1)) or 1
    seen = {}
    for step in range(steps + 1):
        x = x1 + (x2 - x1) * step // steps
        y = y1 + (y2 - y1) * step // steps
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                seen[(x + dx, y + dy)] = True
    count = 0
    for x, y in seen:
        if frame.fb.pixel(x, y):
            count += 1
    return count
