"""Property tests (CPython, hypothesis) for Christmas On Track: sheet invariants after every
legal action (no dot is ever used twice), refusals that change nothing and say why, the UI's
staged queries against legal_actions, scores against an independent scorer on played and on
random hand-built sheets, replay of every state on both runtimes, and the bot: identical games
under MicroPython and a floor on its average score."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.ontrack import bot as ontrack_bot
from dicetable.games.ontrack import rules as ontrack
from dicetable.games.ontrack import track
from dicetable.games.ontrack.score import Score

from cross_runtime import assert_micropython_replays
from ontrack_helpers import layout, placements
from props_common import (
    assert_breakdown_adds_up,
    assert_refused_unchanged,
    assert_replay_reproduces,
    index_draw,
    micropython_bot_games,
    play,
    played_journal,
)

options = st.fixed_dictionaries(
    {"players": st.integers(1, 6), "buildings": st.sampled_from(["123", "135"])}
)


def new(opts):
    return ontrack.new_state(ontrack.make_params(opts))


def step_random(state, draw):
    """One random legal action by CHANCE or any seat still drawing. A third of the time a
    merge, star spend or pass when there is one; otherwise a placement picked stage by stage
    as the UI offers it (die, piece, tile, connection)."""
    actors = state.actors()
    seat = actors[draw(len(actors))]
    if seat == CHANCE:
        outcomes = state.chance_outcomes()
        action = outcomes[draw(len(outcomes))][0]
    else:
        others = state.legal_merges(seat) + state.legal_spends(seat)
        dice = state.legal_dice(seat)
        if not dice:
            others.append(ontrack.PASS)
        if others and (not dice or not draw(3)):
            action = others[draw(len(others))]
        else:
            die = dice[draw(len(dice))]
            codes = state.legal_pieces(seat, die)
            code = codes[draw(len(codes))]
            tiles = state.legal_tiles(seat, code)
            tile = tiles[draw(len(tiles))]
            parts = state.legal_connections(seat, code, tile)
            _die, colour, _shape = ontrack.piece_fields(code)
            action = ontrack.place_action(die, colour, tile, parts[draw(len(parts))])
    state.apply(seat, action)
    return seat, action


def check_invariants(state):
    size = state.layout.size
    for seat in range(state.players):
        cells, pieces, sites = state.cells[seat], state.pieces[seat], state.sites[seat]
        used = [0] * size
        green = [0] * size
        for piece in pieces:
            tile, connection, colour = track.piece_parts(piece)
            mask = track.MASKS[connection]
            assert cells[tile] >= 0, "track on a building"
            assert not used[tile] & mask, "a dot used twice"
            used[tile] |= mask
            if colour == track.GREEN:
                green[tile] |= mask
        for tile in range(size):
            if cells[tile] < 0:
                colour, kind = track.cell_building(cells[tile])
                assert sites[colour * 3 + kind] == tile and not used[tile]
            else:
                assert cells[tile] == used[tile] | (green[tile] << 8)
        for code in range(6):
            if sites[code] >= 0:
                assert track.cell_building(cells[sites[code]]) == (code // 3, code % 3)
        assert 0 <= state.bank[seat] <= state.earned[seat] <= state.layout.star_slots
        for tile in state.claimed[seat]:
            assert tile in state.layout.stars
        assert 0 <= state.placed[seat] <= 2
        for value in state.hand[seat]:
            assert 0 <= value <= 6


@settings(max_examples=30, deadline=None)
@given(options, st.data())
def test_every_legal_action_keeps_the_invariants_and_never_reuses_a_dot(opts, data):
    state = new(opts)
    draw = index_draw(data)
    checks = 0
    while state.actors():
        seat, _action = step_random(state, draw)
        check_invariants(state)
        if seat != CHANCE and checks < 6 and state.asks(seat):
            checks += 1
            legal = state.legal_actions(seat)
            assert legal == sorted(set(legal))
            assert placements(state, seat) == [a for a in legal if a >= ontrack.PLACE_BASE]
            dice = [die for die in range(3) if state.legal_pieces(seat, die)]
            assert state.legal_dice(seat) == dice
    assert state.turn == 20
    for seat in range(state.players):
        assert state.earned[seat] >= 4  # the four turn stars at least


def _near_miss(legal, draw, data):
    """A legal place action with one field changed."""
    die, colour, tile, part = ontrack.place_parts(legal[draw(len(legal))])
    fields = [die, colour, tile, part]
    field = draw(4)
    fields[field] = max(0, fields[field] + data.draw(st.sampled_from([1, -1, 5, 20, 48])))
    return ontrack.place_action(fields[0], fields[1], fields[2] % 100, fields[3] % 100)


@settings(max_examples=30, deadline=None)
@given(options, st.data())
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(opts, data):
    state = new(opts)
    draw = index_draw(data)
    probes = 0
    while state.actors() and probes < 40:
        if state.actors() != [CHANCE]:
            probes += 1
            seat = data.draw(st.sampled_from([CHANCE, -7, 0, opts["players"] - 1, 6]))
            legal = state.legal_actions(seat) if seat >= 0 else []
            kind = draw(3)
            if legal and legal[-1] >= ontrack.PLACE_BASE and kind == 0:
                places = [a for a in legal if a >= ontrack.PLACE_BASE]
                action = _near_miss(places, draw, data)
            elif kind == 1:
                action = data.draw(
                    st.sampled_from(
                        [1999, 2000, 2013, 2026, 2117, 3000, 3001, 3021, 3022, 4000, 5000, 111]
                    )
                )
            else:
                action = data.draw(
                    st.one_of(st.integers(-10, 3000000), st.sampled_from(["x", None, True, 1.5]))
                )
            if seat in state.actors() and seat != CHANCE and action in legal:
                assert state.explain_illegal(seat, action) == "that move is allowed"
            else:
                assert_refused_unchanged(state, seat, action, explains=True)
        step_random(state, draw)


# --- an independent scorer --------------------------------------------------------------------
def _neighbour(rows, columns, tile, edge):
    row, column = divmod(tile, columns)
    row += (-1, 0, 1, 0)[edge]
    column += (0, 1, 0, -1)[edge]
    if 0 <= row < rows and 0 <= column < columns:
        return row * columns + column
    return None


def reference_score(sheet_layout, cells, pieces, stars):
    """Scores from a graph of dots: a piece joins its two dots, facing dots of one colour join
    across an edge; a component's ends are its dots with one link."""
    rows, columns = sheet_layout.rows, sheet_layout.columns
    colour_of = {}
    links = {}
    for piece in pieces:
        tile, connection, colour = track.piece_parts(piece)
        a, b = track.CONNECTIONS[connection]
        for node, other in ((tile * 8 + a, tile * 8 + b), (tile * 8 + b, tile * 8 + a)):
            colour_of[node] = colour
            links.setdefault(node, []).append(other)
    for node in list(colour_of):
        tile, dot = divmod(node, 8)
        edge, slot = divmod(dot, 2)
        other_tile = _neighbour(rows, columns, tile, edge)
        if other_tile is None:
            continue
        facing = other_tile * 8 + ((edge + 2) % 4) * 2 + slot
        if colour_of.get(facing) == colour_of[node]:
            links[node].append(facing)
    seen = set()
    total = stars
    for colour in (0, 1):
        best = [0, 0]
        dead = 0
        for start in sorted(colour_of):
            if start in seen or colour_of[start] != colour:
                continue
            component = [start]
            seen.add(start)
            for node in component:
                for other in links[node]:
                    if other not in seen:
                        seen.add(other)
                        component.append(other)
            ends = []
            for node in component:
                if len(links[node]) == 1:
                    tile, dot = divmod(node, 8)
                    other_tile = _neighbour(rows, columns, tile, dot // 2)
                    kind = None
                    if other_tile is not None and cells[other_tile] < 0:
                        code = -1 - cells[other_tile]
                        if code // 3 == colour:
                            kind = code % 3
                    ends.append(kind)
            dead += sum(1 for kind in ends if kind is None)
            tiles = len(set(node // 8 for node in component))
            if sorted(ends, key=str) == [0, 1]:
                best[0] = max(best[0], tiles)
            if sorted(ends, key=str) == [1, 2]:
                best[1] = max(best[1], tiles)
        total += best[0] + best[1] - dead
    return total


@settings(max_examples=30, deadline=None)
@given(options, st.data())
def test_played_sheets_score_as_the_independent_scorer_says(opts, data):
    state = new(opts)
    draw = index_draw(data)
    for _ in range(data.draw(st.integers(1, 120))):
        if not state.actors():
            break
        step_random(state, draw)
    for seat in range(state.players):
        args = (state.layout, state.cells[seat], state.pieces[seat], state.bank[seat])
        assert state.scores()[seat] == reference_score(*args)
        assert_breakdown_adds_up(state, seat)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.data())
def test_random_hand_built_sheets_score_as_the_independent_scorer_says(rows, columns, data):
    """Dense random sheets: loops, crossings, tiles crossed twice, buildings anywhere."""
    sheet_layout = layout(rows, columns)
    size = sheet_layout.size
    cells = [0] * size
    for code in range(6):
        if data.draw(st.booleans()):
            tile = data.draw(st.integers(0, size - 1))
            if cells[tile] == 0:
                cells[tile] = -1 - code
    pieces = []
    for _ in range(data.draw(st.integers(0, 4 * size))):
        tile = data.draw(st.integers(0, size - 1))
        connection = data.draw(st.integers(0, 19))
        colour = data.draw(st.integers(0, 1))
        if track.fits(cells[tile], connection):
            cells[tile] = track.with_track(cells[tile], connection, colour)
            pieces.append(track.piece_code(tile, connection, colour))
    stars = data.draw(st.integers(0, 9))
    found = Score(sheet_layout, cells, pieces, stars)
    assert found.total == reference_score(sheet_layout, cells, pieces, stars)
    assert sum(points for _label, points in found.breakdown()) == found.total
    for colour in (0, 1):
        for section in (0, 1):
            route = found.routes[colour][section]
            tiles = set(track.piece_parts(pieces[i])[0] for i in route)
            assert len(tiles) == found.points[colour][section]


# --- replay -----------------------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(options, st.integers(0, 2**30 - 1), st.integers(0, 300))
def test_replay_reproduces_every_state(opts, seed, steps):
    lines = []
    session = Session.start(load("ontrack"), dict(opts, bots=opts["players"]), seed, lines.append)
    datas = play(session, steps, -1)
    # The resumed game rolls and decides exactly as the uninterrupted one would have.
    play_on = lambda going: play(going, 30, -1)
    assert_replay_reproduces(session, lines, datas, play_on, game=ontrack)


def _journals(count):
    journals = []
    for index in range(count):
        lines = []
        players = 1 + index % 6
        opts = {"players": players, "bots": players, "buildings": ("123", "135")[index % 2]}
        if index == count - 1:
            opts = {"players": 2, "mode": "dice"}  # dice-only: rolls and `next` only
        session = Session.start(load("ontrack"), opts, 4000 + index, lines.append)
        while session.actors():
            actors = session.actors()
            if actors == [CHANCE]:
                session.roll()
            else:
                session.apply(actors[0], ontrack_bot.hint(session.state, actors[0]))
        journals.append((lines, session.state.to_data()))
    return journals


def test_micropython_replays_cpython_journals_identically():
    journals = _journals(7)
    # A few games per MicroPython run: one run compiles the game from source and then holds
    # each replayed game with its whole history, which is more than a device ever keeps.
    for first in range(0, len(journals), 3):
        assert_micropython_replays(journals[first : first + 3])


def test_bot_games_are_identical_on_both_runtimes():
    opts = {"players": 4, "bots": 4}
    session, lines = played_journal(load("ontrack"), opts, 77, -1)
    assert micropython_bot_games("ontrack", [(opts, 77)], actor=-1) == "".join(lines)
    assert session.state.is_terminal() and len(lines) > 1 + 20 * (1 + 4 * 2)


def test_bot_scores_well_on_average():
    """A floor on the bot's play (its mean is about 28 on the default sheet): it builds both
    sections in both colours most of the time and keeps its dead ends few."""
    totals = []
    sections = 0
    for seed in range(40):
        session = Session.start(load("ontrack"), {"players": 1, "bots": 1}, 9000 + seed)
        play(session, 100000, -1)
        score = session.state.score(0)
        totals.append(score.total)
        for colour in (0, 1):
            sections += (score.points[colour][0] > 0) + (score.points[colour][1] > 0)
    assert sum(totals) / len(totals) >= 22
    assert sections >= 40 * 3
