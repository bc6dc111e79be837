"""dicetable.games.ontrack.play and games.ontrack.choice on both runtimes: the staged choice (die,
pencil and shape, tile, way; merges and stars) driven by logical keys, BACK stepping back with
nothing applied before the last choice, the 2-D tile cursor, hints, hot-seat turns, bots and
dice-only mode."""

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.ontrack import bot as ontrack_bot
from dicetable.games.ontrack import data as ontrack_data
from dicetable.games.ontrack import rules as ontrack
from dicetable.games.ontrack.choice import (
    DIE,
    MERGE,
    PASS,
    PIECE,
    SPEND,
    STAR,
    TILE,
    USE,
    VALUE,
    WAY,
)
from dicetable.games.ontrack.play import PAPER, ROLL, WAIT, OnTrackPlayScreen, way_words
from dicetable.ui import keys
from dicetable.ui.screens import PauseScreen, ResultsScreen

from ontrack_helpers import GREEN, RED, connection, layout


class _Store:
    def clear(self):
        pass


class _Shell:
    def __init__(self):
        self.store = _Store()
        self.notice = ""


def _screen(players=1, bots=0, hints=False, seed=3, **options):
    options.update({"players": players, "bots": bots, "hints": hints})
    session = Session.start(load("ontrack"), options, seed)
    return OnTrackPlayScreen(_Shell(), session)


def _roll(screen, red, green, white):
    screen.session.apply(CHANCE, ontrack.roll_action(red, green, white))
    screen.view()  # the screen takes up the new roll


def _press(screen, *names):
    for name in names:
        result = screen.handle(keys.key_from_name(name))
        if result is not None:
            return result
    return None


def _bot_turns(screen, turns):
    """Every seat plays the bot's moves for `turns` turns of the live dice."""
    session = screen.session
    for _turn in range(turns):
        session.roll()
        while session.actors() and session.actors() != [CHANCE]:
            seat = session.actors()[0]
            session.apply(seat, session.bot_action(seat))
    screen.view()


def test_a_person_presses_ok_to_roll_for_the_table():
    screen = _screen()
    assert screen.person_asked() == (0, True) and screen.stage == ROLL
    assert "OK rolls the dice" in screen.view()["prompt"]
    # Before the first roll the screen says what is a guess (DECISIONS.md).
    assert screen.view()["detail"] == list(ontrack_data.HOUSE_RULES)
    _press(screen, "DOWN", "LEFT")
    assert not screen.session.state.roll
    _press(screen, "OK")
    assert screen.session.state.roll and screen.take_roll() and not screen.take_roll()
    assert screen.stage == DIE and screen.view()["choosing"]


def test_a_piece_is_die_then_tile_then_way_and_only_the_last_choice_applies():
    screen = _screen()
    _roll(screen, 5, 6, 6)  # red 5: only a red straight, so no pencil question
    state = screen.session.state
    assert [row for row in screen.choice.rows] == [(USE, 0), (USE, 1), (USE, 2), (MERGE, 12)]
    count = state.action_count
    _press(screen, "OK")
    assert screen.stage == TILE and screen.view()["tile"] == 0
    _press(screen, "RIGHT", "OK")
    assert screen.stage == WAY and len(screen.choice.ways) == 8  # the straights, all free
    view = screen.view()
    assert view["tile"] == 1 and view["preview"] == (1, screen.choice.ways[0], RED)
    assert view["detail"][0] == "A2: red track (straight)"
    assert view["detail"][1].startswith("way 1 of 8: ")
    _press(screen, "DOWN")
    assert screen.view()["preview"] == (1, screen.choice.ways[1], RED)
    assert state.action_count == count  # nothing applied yet
    way = screen.choice.ways[1]
    _press(screen, "OK")
    assert state.history[-1] == (0, ontrack.place_action(0, RED, 1, way))
    assert screen.stage == DIE and "(2nd piece)" in screen.view()["prompt"]
    assert screen.choice.rows == [(USE, 1), (USE, 2)]


def test_back_steps_back_one_choice_and_never_applies():
    screen = _screen()
    _roll(screen, 3, 4, 1)  # white 1: either pencil, track or Workshop
    count = screen.session.state.action_count
    _press(screen, "DOWN", "DOWN", "OK")
    assert screen.stage == PIECE and len(screen.choice.pieces) == 4
    _press(screen, "OK", "OK")
    assert screen.stage == WAY
    for stage in (TILE, PIECE, DIE):
        assert _press(screen, "BACK") is None and screen.stage == stage
    assert isinstance(_press(screen, "BACK"), PauseScreen)
    assert screen.session.state.action_count == count
    # A die whose only piece skips the pencil question: BACK from the tile goes to the die.
    _press(screen, "UP", "OK")  # green 4: a green curve, nothing else
    assert screen.choice.die == 1 and screen.stage == TILE
    _press(screen, "BACK")
    assert screen.stage == DIE


def test_the_white_die_asks_for_the_pencil_and_a_building_goes_on_its_tile_at_once():
    screen = _screen()
    _roll(screen, 3, 4, 1)
    _press(screen, "DOWN", "DOWN", "OK")
    words = screen.view()["choices"]
    assert words == [
        "red track (straight)",
        "red Workshop",
        "green track (straight)",
        "green Workshop",
    ]
    _press(screen, "DOWN", "OK")  # red Workshop
    assert screen.view()["preview"] == (0, ontrack.BUILDING_PART, RED)
    assert screen.view()["detail"][1] == "OK draws it here"
    _press(screen, "DOWN", "OK")  # the row below: tile 7
    state = screen.session.state
    assert state.history[-1] == (0, ontrack.place_action(2, RED, 7, ontrack.BUILDING_PART))
    assert state.sites[0][0] == 7


def test_the_tile_cursor_moves_in_rows_and_columns():
    screen = _screen()
    _roll(screen, 5, 6, 6)
    _press(screen, "OK")
    choice = screen.choice
    assert choice.tiles == list(range(49))
    seen = []
    for name in ("DOWN", "RIGHT", "RIGHT", "UP", "LEFT", "LEFT", "LEFT", "UP", "DOWN"):
        _press(screen, name)
        seen.append(choice.tiles[choice.tile])
    assert seen == [7, 8, 9, 2, 1, 0, 48, 41, 48]
    # Sparse tiles: UP and DOWN go to the closest row that has one, nearest column first.
    choice.tiles = [2, 5, 20, 30, 46]
    choice.tile = 0
    assert choice.tiles[choice.tile_after(keys.DOWN)] == 20  # row 2 (row 1 has none)
    choice.tile = 2
    assert choice.tiles[choice.tile_after(keys.UP)] == 5  # column 5 is nearer 6 than 2 is
    assert choice.tiles[choice.tile_after(keys.DOWN)] == 30
    choice.tile = 4
    assert choice.tiles[choice.tile_after(keys.DOWN)] == 5  # round to the top
    assert choice.tiles[choice.tile_after(keys.OK)] == 46


def test_doubles_merge_into_the_value_chosen():
    screen = _screen()
    _roll(screen, 4, 4, 2)
    rows = screen.choice.rows
    assert rows[-1] == (MERGE, 1) and screen.view()["choices"][-1] == "merge red+green (4s)"
    _press(screen, "UP", "OK")
    assert screen.stage == VALUE and screen.choice.value == 3  # starts on the dice's value
    assert screen.view()["choices"][0] == "1: Workshop or straight"
    _press(screen, "DOWN", "DOWN", "BACK")
    assert screen.stage == DIE and screen.session.state.hand[0] == [4, 4, 2]
    _press(screen, "OK", "DOWN", "DOWN", "OK")
    state = screen.session.state
    assert state.history[-1] == (0, ontrack.merge_action(0, 1, 6))
    assert state.hand[0] == [6, 0, 2] and state.pencils[0][0] == 3
    assert screen.choice.rows == [(USE, 0), (USE, 2)]  # merged once per turn
    _press(screen, "OK")
    assert screen.stage == PIECE and len(screen.choice.pieces) == 2  # either pencil


def test_a_star_moves_a_die_by_one():
    screen = _screen(seed=9)
    _bot_turns(screen, 5)
    state = screen.session.state
    assert state.bank[0] >= 1
    assert screen.stage == ROLL and screen.view()["detail"] == []
    _press(screen, "OK")  # roll
    rows = screen.choice.rows
    assert (STAR, 0) in rows
    while screen.choice.rows[screen.choice.row] != (STAR, 0):
        _press(screen, "DOWN")
    bank = state.bank[0]
    assert screen.view()["choices"][screen.choice.row] == "fill in a star (%d left)" % bank
    _press(screen, "OK")
    spends = screen.choice.spends
    assert screen.stage == SPEND and spends == state.legal_spends(0)
    words = screen.view()["choices"]
    assert len(words) == len(spends) and " to " in words[0]
    _press(screen, "DOWN", "OK")
    assert state.history[-1] == (0, spends[1]) and state.bank[0] == bank - 1


def test_nothing_fits_so_the_only_row_passes():
    screen = _screen()
    session = screen.session
    session.state = ontrack.OnTrackState(session.params, layout(1, 1))  # one tile
    session.state.apply(CHANCE, ontrack.roll_action(5, 5, 5))
    screen.view()
    _press(screen, "OK", "OK", "OK")  # red 5 on the only tile, the first way
    assert session.state.placed[0] == 1
    assert screen.choice.rows == [(PASS, 0)]
    assert screen.view()["choices"] == ["pass: nothing fits"]
    _press(screen, "OK")
    assert session.state.history[-1] == (0, ontrack.PASS) and session.state.turn == 1


def _reach(screen, target, limit=80):
    """Press key_towards(target) until the seat's action count moves; returns presses."""
    state = screen.session.state
    count = state.action_count
    presses = 0
    while state.action_count == count:
        key = screen.key_towards(target)
        assert key is not None
        screen.handle(key)
        presses += 1
        assert presses < limit, (target, screen.stage)
    assert state.history[-1] == (0, target)
    return presses


def _some_move(state, seat, index):
    """A legal move picked by `index` through the staged queries (legal_actions would list
    some 2000 placements: more heap than a test should take on the device's runtime)."""
    merges = state.legal_merges(seat)
    if merges and index % 4 == 0:
        return merges[index // 4 % len(merges)]
    dice = state.legal_dice(seat)
    die = dice[index % len(dice)]
    pieces = state.legal_pieces(seat, die)
    code = pieces[index // 3 % len(pieces)]
    tiles = state.legal_tiles(seat, code)
    tile = tiles[index * 7 % len(tiles)]
    parts = state.legal_connections(seat, code, tile)
    _die, colour, _shape = ontrack.piece_fields(code)
    return ontrack.place_action(die, colour, tile, parts[index % len(parts)])


def test_key_towards_reaches_every_kind_of_move_through_the_buttons():
    for index in range(13):
        screen = _screen(hints=True, seed=11)
        _roll(screen, 4, 4, 1)
        _reach(screen, _some_move(screen.session.state, 0, index))
    # From a wrong turn: the keys back out of a stage that chose otherwise.
    screen = _screen(seed=11)
    _roll(screen, 2, 3, 1)
    _press(screen, "DOWN", "DOWN", "OK", "OK", "OK")  # white die, red track, tile 0: the way
    assert screen.stage == WAY
    target = ontrack.place_action(1, GREEN, 30, connection("N0", "S1"))
    assert screen.key_towards(target) == keys.BACK
    _reach(screen, target)
    session = screen.session
    while 0 in session.actors():
        session.apply(0, session.bot_action(0))
    _bot_turns(screen, 4)
    screen.handle(keys.OK)
    spends = screen.session.state.legal_spends(0)
    if spends:
        _reach(screen, spends[-1])


def test_the_hint_is_where_each_cursor_starts():
    screen = _screen(hints=True, seed=5)
    _press(screen, "OK")
    hint = ontrack_bot.hint(screen.session.state, 0)
    assert hint >= ontrack.PLACE_BASE and "hint shown" in screen.view()["prompt"]
    die, colour, tile, part = ontrack.place_parts(hint)
    assert screen.choice.rows[screen.choice.row] == (USE, die)
    _press(screen, "OK")
    if screen.stage == PIECE:
        _press(screen, "OK")
    assert screen.stage == TILE
    assert screen.view()["tile"] == tile and screen.view()["preview"] == (tile, part, colour)
    _press(screen, "OK")
    if screen.stage == WAY:
        _press(screen, "OK")
    assert screen.session.state.history[-1] == (0, hint)


def test_each_person_gets_their_own_sheet_in_turn():
    screen = _screen(players=2, hints=True)
    _press(screen, "OK")
    assert screen.view()["seat"] == 0 and screen.view()["prompt"].startswith("P1:")
    while 0 in screen.session.state.actors():
        screen.handle(screen.key_towards(ontrack_bot.hint(screen.session.state, 0)))
    view = screen.view()
    assert view["seat"] == 1 and view["prompt"].startswith("P2:") and screen.stage == DIE
    assert screen.session.state.placed[0] == 2


def test_a_full_refresh_comes_at_each_hand_over_and_new_turn_only():
    screen = _screen(players=2, hints=True)
    screen.view()
    assert not screen.take_natural_break()  # the first sheet: the app's new screen does it
    breaks = []
    presses = 0
    while screen.session.state.turn < 2:
        _press(screen, "OK")  # rolls, or takes the hinted choice the cursor starts on
        presses += 1
        view = screen.view()  # as the app does: draw, then ask for a break
        if screen.take_natural_break():
            breaks.append((screen.session.state.turn, view["seat"], screen.stage))
    assert presses > 8  # a roll and two pieces each, twice
    # P2's sheet after P1's second piece; P1's again on the new turn, before the roll.
    assert breaks == [(0, 1, DIE), (1, 0, ROLL), (1, 1, DIE), (2, 0, ROLL)]


def test_dice_only_breaks_once_a_turn():
    screen = _screen(players=3, mode="dice")
    breaks = 0
    for _press_count in range(10):  # the first roll, then "drawn, roll again" nine times
        _press(screen, "OK")
        screen.view()
        breaks += screen.take_natural_break()
    assert screen.session.state.turn == 9 and breaks == 9


def test_only_bots_roll_and_play_by_themselves():
    screen = _screen(players=2, bots=2)
    assert screen.person_asked() is None and screen.wants_step() and screen.stage == WAIT
    assert screen.view()["prompt"] == "The device is playing..."
    screen.step()
    assert screen.session.state.roll and screen.take_roll()
    screen.step()
    assert screen.session.state.action_count == 2


def test_a_bot_game_ends_on_the_results_with_a_break_each_turn():
    screen = _screen(players=1, bots=1)
    breaks = 0
    result = None
    while result is None:
        result = screen.step()
        breaks += screen.take_natural_break()
    assert isinstance(result, ResultsScreen) and screen.session.state.is_terminal()
    assert breaks == 20


def test_dice_only_ok_rolls_then_each_ok_means_drawn_and_rolls_again():
    screen = _screen(players=3, mode="dice", hints=True)
    assert screen.stage == ROLL
    _press(screen, "OK")
    state = screen.session.state
    assert screen.stage == PAPER and screen.choice is None
    assert screen.view()["prompt"] == "Draw on your sheets, then OK to roll again"
    assert screen.key_towards(ontrack.NEXT) == keys.OK
    _press(screen, "DOWN", "BACK")  # BACK pauses; arrows do nothing
    assert state.action_count == 1
    result = None
    presses = 0
    while result is None:
        result = _press(screen, "OK")
        presses += 1
    assert isinstance(result, ResultsScreen) and presses == 20
    assert [seat for seat, _action in state.history] == [CHANCE, 0] * 20
    assert state.history[1] == (0, ontrack.NEXT)


def test_way_words_name_the_dots_joined():
    assert way_words(connection("N0", "E1")) == "top left - right bottom"
    assert way_words(connection("W0", "S1")) == "bottom right - left top"
    assert DIE == 1 and TILE == 5  # the view's stage numbers
