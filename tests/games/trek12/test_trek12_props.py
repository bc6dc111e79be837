"""Property tests (CPython, hypothesis) for Trek 12: sheet invariants after every legal action,
refusals that change nothing, scores against an independent scorer, the greedy policy's local
gains against a whole-sheet recomputation, and replay on both runtimes."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.trek12 import bot as trek12_bot
from dicetable.games.trek12 import maps as trek12_maps
from dicetable.games.trek12 import rules as trek12
from dicetable.games.trek12.bot import Greedy
from dicetable.games.trek12.rules import NO_LINK
from dicetable.games.trek12.score import EMPTY, SAD, Score, bonus
from dicetable.games.trek12.special import STAR, WATER

from cross_runtime import assert_micropython_replays
from props_common import (
    assert_breakdown_adds_up,
    assert_refused_unchanged,
    assert_replay_reproduces,
    index_draw,
    micropython_bot_games,
    play,
    played_journal,
    random_action,
    step_random,
)
from trek12_helpers import map_data

options = st.fixed_dictionaries(
    {"players": st.integers(1, 6), "map": st.sampled_from(list(trek12_maps.MAP_IDS))}
)


def load_trek12(game_id):
    # Only Trek 12 here: any other game in a journal is an error.
    assert game_id == "trek12"
    return load(game_id)


def new(opts):
    return trek12.new_state(trek12.make_params(opts))


def check_invariants(state):
    board = state.board
    for seat in range(state.players):
        values, up, down = state.values[seat], state.up[seat], state.down[seat]
        filled = 0
        for circle in range(board.size):
            value = values[circle]
            if value == EMPTY or value == SAD or board.marks[circle] & WATER:
                assert up[circle] == -1 and down[circle] == -1
            if value >= 0:
                assert value <= board.caps[circle]
            if value != EMPTY:
                filled += 1
            if up[circle] != -1:
                other = up[circle]
                assert other in board.neighbours[circle]
                assert values[other] == value + 1 and down[other] == circle
            if down[circle] != -1:
                other = down[circle]
                assert other in board.neighbours[circle]
                assert values[other] == value - 1 and up[other] == circle
            # Links are mandatory: two touching consecutive numbers with both slots free
            # would mean a link was skipped when the second of them was written.
            if value >= 0 and up[circle] == -1 and not board.marks[circle] & WATER:
                for other in board.neighbours[circle]:
                    if board.marks[other] & WATER:
                        continue
                    assert not (values[other] == value + 1 and down[other] == -1)
        # A pre-linked pair holding two numbers is linked (the second written would have been
        # a frown otherwise).
        for a, b in board.prelinked:
            if values[a] >= 0 and values[b] >= 0:
                assert up[a] == b or down[a] == b
        if board.starts and filled:
            assert [c for c in board.starts if values[c] != EMPTY]
        assert sum(state.ticks[seat]) == filled
        if state.lost[seat]:
            assert SAD in values and filled <= state.round + 1
            assert seat not in state.actors() and state.legal_actions(seat) == []
        else:
            assert filled == state.round + (1 if state.roll and state.placed[seat] else 0)
        for index in range(len(board.limits)):
            assert 0 <= state.ticks[seat][index] <= board.limits[index]
        if state.star[seat]:
            star = [c for c in range(board.size) if board.marks[c] & STAR][0]
            assert values[star] >= 0


def reference_score(data, values, up, down, star=False, lost=False):
    """An independent scorer, from the raw map data: paths as components of the link graph,
    zones by union-find, the special hooks read straight from the tags and balls."""
    size = len(values)
    scoring = data["scoring"]
    hooks = scoring["hooks"]
    if lost:
        return scoring["lossScore"]
    tags = [set(circle["tags"]) for circle in data["circles"]]
    balls = [circle.get("ball") for circle in data["circles"]]
    neighbours = [data["adjacency"][str(c)] for c in range(size)]
    parent = list(range(size))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for circle in range(size):
        if up[circle] != -1:
            parent[find(circle)] = find(up[circle])
    groups = {}
    for circle in range(size):
        groups.setdefault(find(circle), []).append(circle)
    total = 0
    longest = 0
    linked = set()
    for members in groups.values():
        if len(members) > 1:
            numbers = [values[c] for c in members]
            points = max(numbers) + len(members) - 1
            found = set().union(*[tags[c] for c in members])
            if "fridgeSofa" in hooks and "fridge" in found and "sofa" in found:
                points *= 2
            if "garland" in hooks:
                table = scoring["garlandBonus"]
                count = len(set(balls[c] for c in members if balls[c]))
                points += table[min(count, len(table) - 1)]
            if "entrance" in hooks and "sink" not in found:
                points -= sum(values[c] for c in members if "entrance" in tags[c])
            total += points
            longest = max(longest, len(members))
            linked.update(members)
    zone_parent = list(range(size))

    def zfind(x):
        while zone_parent[x] != x:
            x = zone_parent[x]
        return x

    for circle in range(size):
        for other in neighbours[circle]:
            if values[circle] >= 0 and values[circle] == values[other]:
                zone_parent[zfind(circle)] = zfind(other)
    zones = {}
    for circle in range(size):
        if values[circle] >= 0:
            zones.setdefault(zfind(circle), []).append(circle)
    largest = 0
    zoned = set()
    for members in zones.values():
        if len(members) > 1:
            value = values[members[0]]
            if "desk" in hooks and [c for c in members if "desk" in tags[c]]:
                points = value * len(members)
            else:
                points = value + len(members) - 1
            if "gift" in hooks and not [c for c in members if balls[c]]:
                points *= 2
            total += points
            largest = max(largest, len(members))
            zoned.update(members)
    sad = values.count(SAD)
    orphans = [c for c in range(size) if values[c] >= 0 and c not in linked and c not in zoned]
    if "entrance" in hooks:
        # An entrance off the sink's path counts its number negative, once: also when it is
        # alone, it is not charged again as an orphan (DECISIONS.md).
        for circle in range(size):
            if "entrance" in tags[circle] and values[circle] >= 0 and circle not in linked:
                total -= values[circle]
                if circle in orphans and values[circle]:
                    orphans.remove(circle)
    if "orphanValue" in hooks:
        total -= sum(values[c] for c in orphans)
    else:
        total -= scoring["orphanPenalty"] * len(orphans)
    if star:
        total += scoring["starBonus"]
    return total + bonus(longest) + bonus(largest) - scoring["sadPenalty"] * sad


def estimate(board, values, up, down, star=False):
    """The greedy policy's whole-sheet estimate, recomputed from scratch (twelfths of a point)."""
    score = Score(board, values, up, down, star)
    result = 12 * score.total
    for circle in range(board.size):
        value = values[circle]
        if value < 0:
            continue
        empties = sum(1 for other in board.neighbours[circle] if values[other] == EMPTY)
        if not empties:
            continue
        if circle in score.orphans:
            result += 24 if empties == 1 else 30
        if board.marks[circle] & WATER:
            continue
        if up[circle] == -1:
            result += 2 * min(12 - value, 6)
        if down[circle] == -1:
            result += 2 * min(value, 6)
    # A pre-linked circle whose partner is still empty: a partner that can never link to it
    # will be a frown; one that still can is a risk.
    for circle, other in list(board.prelinked) + [(b, a) for a, b in board.prelinked]:
        value = values[circle]
        if value == EMPTY or values[other] != EMPTY:
            continue
        cap = board.caps[other]
        takes = []
        if value >= 0 and up[circle] == -1:
            takes.append(value + 1)
        if value >= 0 and down[circle] == -1:
            takes.append(value - 1)
        if not [v for v in takes if 0 <= v <= min(cap, 12)]:
            result -= 12 * board.sad_penalty
        else:
            result -= 24  # it may yet get a frown
    return result


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_every_legal_action_keeps_the_invariants(opts, data):
    state = new(opts)
    draw = index_draw(data)
    while state.actors():
        seat, _action = step_random(state, draw)
        check_invariants(state)
        if seat == CHANCE:
            for index in range(state.players):
                legal = state.legal_actions(index)
                if state.lost[index]:
                    assert legal == []
                else:
                    assert legal and legal == sorted(set(legal))
    board = state.board
    for seat in range(state.players):
        if state.lost[seat]:
            assert state.scores()[seat] == board.loss_score
            continue
        assert EMPTY not in state.values[seat]
        assert sum(state.ticks[seat]) == board.size
        for index in range(len(board.limits)):
            assert state.ticks[seat][index] <= board.limits[index]


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_illegal_placements_are_refused_and_change_nothing(opts, data):
    state = new(opts)
    draw = index_draw(data)
    while state.actors():
        if state.actors() != [CHANCE]:
            seat = data.draw(st.sampled_from([CHANCE, -7, 0, opts["players"] - 1, 6]))
            legal = state.legal_actions(seat) if seat >= 0 else []
            if legal and data.draw(st.booleans()):
                # A near miss: a legal action with one field changed.
                op, circle, down, up = trek12.decode(legal[draw(len(legal))])
                field = draw(4)
                change = data.draw(st.sampled_from([1, -1, 7, NO_LINK]))
                fields = [op, circle, down, up]
                fields[field] = max(0, min(99, fields[field] + change))
                if field > 0 and change == NO_LINK:
                    fields[field] = NO_LINK
                action = trek12.encode(fields[0], fields[1], fields[2], fields[3])
            else:
                action = data.draw(
                    st.one_of(st.integers(-10, 7000000), st.sampled_from(["x", None, [1]]))
                )
            if seat in state.actors() and action in legal:
                assert state.explain_illegal(seat, action) == "that move is allowed"
            else:
                assert_refused_unchanged(state, seat, action)
        step_random(state, draw)


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_scores_agree_with_an_independent_scorer(opts, data):
    state = new(opts)
    draw = index_draw(data)
    steps = data.draw(st.integers(1, 150))
    while state.actors() and steps:
        step_random(state, draw)
        steps -= 1
    check_scores(state)


def check_greedy(state, seat=0, every=1):
    """`seat` to act: the policy's gain of every `every`-th legal action equals the change of
    the whole-sheet estimate; the hint is legal and never loses when something else does."""
    board = state.board
    star = state.star[seat]
    args = (board, state.values[seat], state.up[seat], state.down[seat])
    before = estimate(*args, star)
    policy = Greedy(*args, state.score(seat), state.star_open(seat))
    legal = state.legal_actions(seat)
    numbers = trek12.results(state.roll)
    safe = False
    for action in legal:
        op, circle, _down, _up = trek12.decode(action)
        if state.outcome(seat, circle, numbers[op - 1]) != trek12.LOST:
            safe = True
    for action in legal[::every]:
        op, circle, down, up = trek12.decode(action)
        written = state.outcome(seat, circle, numbers[op - 1])
        if written == trek12.LOST:
            continue  # the player is out: no estimate, the hint ranks it last
        down = -1 if down == NO_LINK else down
        up = -1 if up == NO_LINK else up
        values = list(state.values[seat])
        ups, downs = list(state.up[seat]), list(state.down[seat])
        values[circle] = written
        if written >= 0:
            if down >= 0:
                downs[circle], ups[down] = down, circle
            if up >= 0:
                ups[circle], downs[up] = up, circle
        claims = written >= 0 and board.marks[circle] & STAR and state.star_open(seat)
        after = estimate(board, values, ups, downs, star or bool(claims))
        assert policy.gain(circle, written, down, up) == after - before
    hint = trek12_bot.hint(state, seat)
    assert hint in legal
    op, circle, _down, _up = trek12.decode(hint)
    assert state.outcome(seat, circle, numbers[op - 1]) != trek12.LOST or not safe


def check_scores(state):
    data = map_data(state.board.id)
    for seat in range(state.players):
        args = (data, state.values[seat], state.up[seat], state.down[seat])
        expected = reference_score(*args, state.star[seat], state.lost[seat])
        assert state.scores()[seat] == expected
        assert_breakdown_adds_up(state, seat)


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_greedy_gain_equals_the_change_of_the_whole_estimate(opts, data):
    state = new(dict(opts, players=1))
    draw = index_draw(data)
    while state.actors():
        if state.actors() != [CHANCE]:
            legal = state.legal_actions(0)
            check_greedy(state, 0, max(1, len(legal) // 8))
        step_random(state, draw)


def test_seeded_random_games_on_every_map_keep_every_property():
    # Hypothesis's draws lean towards the first legal action; uniform draws from a seeded
    # generator reach the special rules' corners (pairs, water, stars, losses) in every game.
    for map_id in trek12_maps.MAP_IDS:
        for seed in range(6):
            rng = random.Random(seed)
            players = 1 + seed % 3
            state = new({"players": players, "map": map_id})
            board = state.board
            stars = [c for c in range(board.size) if board.marks[c] & STAR]
            star_rounds = [None] * players  # when each seat wrote a number in the star circle
            out = [None] * players  # each lost sheet as it was when the player went out
            while state.actors():
                actors = state.actors()
                if actors != [CHANCE]:
                    check_greedy(state, actors[0])
                numbers = trek12.results(state.roll) if state.roll else ()
                seat, action = step_random(state, rng.randrange)
                if seat != CHANCE and board.loss_score is not None:
                    assert state.lost[seat] == (numbers[action // 1000000 - 1] > 12)
                check_invariants(state)
                check_scores(state)
                for index in range(players):
                    if out[index] is not None:
                        assert state.values[index] == out[index]
                    elif state.lost[index]:
                        out[index] = list(state.values[index])
                    if stars and star_rounds[index] is None and state.values[index][stars[0]] >= 0:
                        star_rounds[index] = state.round - (0 if state.roll else 1)
            if stars:
                first = min([r for r in star_rounds if r is not None] or [None])
                assert state.star == [r is not None and r == first for r in star_rounds]


@settings(max_examples=25, deadline=None)
@given(options, st.integers(0, 2**30 - 1), st.integers(0, 150))
def test_replay_reproduces_every_state(opts, seed, steps):
    lines = []
    session = Session.start(load("trek12"), dict(opts, bots=opts["players"]), seed, lines.append)
    datas = play(session, steps, -1)
    # The resumed game rolls and decides exactly as the uninterrupted one would have.
    play_on = lambda going: play(going, 20, -1)
    assert_replay_reproduces(session, lines, datas, play_on, game=trek12, load=load_trek12)


def _journals(count):
    journals = []
    for index in range(count):
        players = 1 + index % 6
        map_id = trek12_maps.MAP_IDS[index % len(trek12_maps.MAP_IDS)]
        opts = {"players": players, "bots": players, "map": map_id}
        session, lines = played_journal(load("trek12"), opts, 2000 + index, -1, 1000)
        assert session.state.is_terminal()
        journals.append((lines, session.state.to_data()))
    return journals


def test_micropython_replays_cpython_journals_identically():
    assert_micropython_replays(_journals(14))


def _bot_games(specs):
    """The journals of bot games (map, players, seed) on CPython and on MicroPython."""
    expected = []
    games = []
    for map_id, players, seed in specs:
        opts = {"players": players, "bots": players, "map": map_id}
        expected += played_journal(load("trek12"), opts, seed, -1, 1000)[1]
        games.append((opts, seed))
    got = micropython_bot_games("trek12", games, actor=-1)
    return "".join(expected), got, expected


def test_bot_games_are_identical_on_both_runtimes():
    expected, got, lines = _bot_games([("kagkot", 3, 77)])
    assert got == expected
    assert len(lines) == 1 + 19 * 4


def test_bot_games_on_special_maps_are_identical_on_both_runtimes():
    specs = [("jampa", 2, 5), ("christmas", 3, 6), ("zen", 2, 7), ("containment", 4, 8)]
    expected, got, lines = _bot_games(specs)
    assert got == expected
    # Each game is a header, then one roll and one record per seat still in, every round.
    assert len(lines) == 4 + (19 * 3) + (19 * 4) + (20 * 3) + (19 * 5)


# --- a frown only when forced (DECISIONS.md, revised) --------------------------------------------
def _sheet_facts(data):
    """From the raw map data: (caps, neighbours, table per circle, limits per table, whether
    a result over 12 puts the player out, the start circles)."""
    circles = data["circles"]
    caps = [circle["cap"] for circle in circles]
    neighbours = [data["adjacency"][str(circle["id"])] for circle in circles]
    names = ("LOW", "HIGH", "DIFF", "SUM", "PROD")
    regions = data.get("regions")
    if regions:
        ids = [region["id"] for region in regions]
        table = [ids.index(circle["region"]) for circle in circles]
        limits = [[region["opLimits"][name] for name in names] for region in regions]
    else:
        table = [0] * len(circles)
        limits = [[data["opLimits"][name] for name in names]]
    loses = data.get("rules", {}).get("overTwelve") == "lose"
    starts = [circle["id"] for circle in circles if "start" in circle.get("tags", [])]
    return caps, neighbours, table, limits, loses, starts


def _placements(facts, values, ticks, roll):
    """Every (op, circle, value, excess) open to a sheet now, found afresh: excess 0 fits the
    circle, 1 is over its cap, 2 is over 12 where that puts the player out."""
    caps, neighbours, table, limits, loses, starts = facts
    filled = [c for c in range(len(values)) if values[c] != EMPTY]
    if not filled:
        open_ = starts or list(range(len(values)))
    else:
        open_ = [
            c
            for c in range(len(values))
            if values[c] == EMPTY and [o for o in neighbours[c] if values[o] != EMPTY]
        ]
    red, yellow = roll // 10, roll % 10
    numbers = (min(red, yellow), max(red, yellow), abs(red - yellow), red + yellow, red * yellow)
    found = []
    for op in range(5):
        for circle in open_:
            if ticks[table[circle] * 5 + op] >= limits[table[circle]][op]:
                continue
            value = numbers[op]
            excess = 2 if loses and value > 12 else (1 if value > caps[circle] else 0)
            found.append((op + 1, circle, value, excess))
    return found


def _check_forced(state, facts, seat):
    """The rules offer the placements of the lowest excess found afresh, and only those."""
    found = _placements(facts, state.values[seat], state.ticks[seat], state.roll)
    least = min([excess for _op, _circle, _value, excess in found])
    offered = sorted(set([trek12.decode(a)[:2] for a in state.legal_actions(seat)]))
    assert offered == sorted([(op, c) for op, c, _v, excess in found if excess == least])
    return found, least


@settings(max_examples=40, deadline=None)
@given(options, st.data())
def test_a_frown_is_applied_only_when_no_result_fits(opts, data):
    # Random play that also tries a random too-high placement at every turn: it is accepted
    # only when no placement of a lower excess exists (then it is a frown, or the player out).
    state = new(opts)
    facts = _sheet_facts(map_data(opts["map"]))
    draw = index_draw(data)
    while state.actors():
        actors = state.actors()
        if actors == [CHANCE]:
            step_random(state, draw)
            continue
        seat = actors[draw(len(actors))]
        found, least = _check_forced(state, facts, seat)
        high = [(op, c, excess) for op, c, _value, excess in found if excess]
        if high and data.draw(st.booleans()):
            op, circle, excess = high[draw(len(high))]
            before = state.to_data()
            try:
                state.apply(seat, trek12.encode(op, circle))
            except IllegalAction:
                assert excess > least and state.to_data() == before
                continue
            assert excess == least and state.values[seat][circle] == SAD
            assert state.lost[seat] == (excess == 2)
            continue
        action = random_action(state, seat, draw)
        op, circle, _down, _up = trek12.decode(action)
        state.apply(seat, action)
        if [1 for o, c, _v, excess in found if (o, c) == (op, circle) and excess]:
            assert least > 0 and state.values[seat][circle] == SAD


def test_the_bot_never_frowns_by_choice():
    # Seeded bot games on every map: each time the bot writes a too-high result, nothing with
    # a lower excess was open to it (checked afresh from the map data).
    forced = 0
    for map_id in trek12_maps.MAP_IDS:
        facts = _sheet_facts(map_data(map_id))
        for seed in range(8):
            state = new({"players": 2, "map": map_id})
            rng = random.Random(seed)
            while state.actors():
                actors = state.actors()
                if actors == [CHANCE]:
                    state.apply(CHANCE, rng.choice(state.chance_outcomes())[0])
                    continue
                for seat in actors:
                    found, least = _check_forced(state, facts, seat)
                    action = trek12_bot.bot_action(state, seat, None)
                    op, circle, _down, _up = trek12.decode(action)
                    excess = [e for o, c, _v, e in found if (o, c) == (op, circle)][0]
                    assert excess == least
                    forced += excess > 0
                    state.apply(seat, action)
    assert forced  # the games do reach forced frowns
