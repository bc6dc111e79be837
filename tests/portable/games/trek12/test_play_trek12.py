"""dicetable.games.trek12.play on both runtimes: the staged choice (operation, circle, rope) driven
by logical keys, with BACK stepping back and nothing applied before the last choice."""

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.trek12 import bot as trek12_bot
from dicetable.games.trek12 import rules as trek12
from dicetable.games.trek12.play import CIRCLE, LINK, OPERATION, ROLL, Trek12PlayScreen
from dicetable.ui import keys
from dicetable.ui.screens import PauseScreen, ResultsScreen

HIGH = 2  # trek12's op number for the higher die
PROD = 5


class _Store:
    def clear(self):
        pass


class _Shell:
    def __init__(self):
        self.store = _Store()
        self.notice = ""


def _screen(players=1, bots=0, map_id="dunai", seed=3, **more):
    options = {"players": players, "bots": bots, "map": map_id}
    options.update(more)
    session = Session.start(load("trek12"), options, seed)
    return Trek12PlayScreen(_Shell(), session)


def _roll(screen, red, yellow):
    screen.session.apply(CHANCE, trek12.roll_action(red, yellow))


def _place(screen, seat, op, circle):
    """Write `op`'s result in `circle` for `seat`, with the first legal link choice."""
    for action in screen.session.state.legal_actions(seat):
        if trek12.decode(action)[:2] == (op, circle):
            screen.session.apply(seat, action)
            return action
    raise AssertionError("op %d in circle %d is not legal" % (op, circle))


def _triangle(board):
    """(a, b, c): three circles adjacent to one another."""
    for a in range(board.size):
        for b in board.neighbours[a]:
            for c in board.neighbours[b]:
                if a < b < c and c in board.neighbours[a]:
                    return a, b, c
    raise AssertionError("no triangle on %s" % board.id)


def test_a_person_presses_ok_to_roll_for_the_table():
    screen = _screen()
    state = screen.session.state
    assert screen.person_asked() == (0, True)
    assert "OK rolls the dice" in screen.view()["prompt"]
    screen.handle(keys.DOWN)
    assert not state.roll
    screen.handle(keys.OK)
    assert state.roll and screen.take_roll()
    assert screen.stage == OPERATION


def test_back_steps_back_one_choice_and_nothing_is_applied_before_the_last():
    screen = _screen()
    screen.handle(keys.OK)  # roll
    count = screen.session.state.action_count
    screen.handle(keys.OK)  # the operation
    assert screen.stage == CIRCLE
    screen.handle(keys.DOWN)
    screen.handle(keys.BACK)
    assert screen.stage == OPERATION
    assert screen.session.state.action_count == count
    assert isinstance(screen.handle(keys.BACK), PauseScreen)
    assert screen.session.state.action_count == count


def test_the_circle_cursor_visits_only_legal_circles_and_previews_the_number():
    screen = _screen()
    _roll(screen, 5, 0)
    _place(screen, 0, HIGH, 7)
    _roll(screen, 6, 1)
    state = screen.session.state
    screen.view()  # the screen takes up the new roll
    screen.op = 0  # low: 1
    screen.handle(keys.OK)
    assert screen.view()["op"] == 0
    legal = screen.session.state.open_circles(0)
    seen = []
    for _ in range(len(legal)):
        view = screen.view()
        assert view["circle"] in legal and view["candidates"] == tuple(screen.circles)
        seen.append(view["circle"])
        screen.handle(keys.RIGHT)
    assert sorted(seen) == sorted(legal)
    assert state.values[0][seen[0]] == trek12.EMPTY  # only a preview: the sheet is unchanged


def test_used_up_operations_are_skipped_by_the_cursor():
    screen = _screen()
    board = screen.session.state.board
    circle = 0
    for _ in range(4):
        _roll(screen, 3, 0)
        _place(screen, 0, HIGH, circle)
        circle = [c for c in screen.session.state.open_circles(0)][0]
    _roll(screen, 4, 1)
    assert screen.session.state.ticks[0][HIGH - 1] == board.limits[HIGH - 1]
    view = screen.view()
    assert HIGH - 1 not in view["ops"]
    for _ in range(6):
        assert screen.op != HIGH - 1
        screen.handle(keys.DOWN)


def test_a_result_too_high_while_another_fits_is_marked_unusable():
    # Dunai, 5/5: the product's 25 fits no circle while 5, 0 and 10 do.
    screen = _screen(hints=False)
    _roll(screen, 5, 5)
    view = screen.view()
    assert view["ops"] == [0, 1, 2, 3] and "choose a result" in view["prompt"]
    for _ in range(6):
        assert screen.op != PROD - 1
        screen.handle(keys.DOWN)
    # Only the product left: its 25 is the only choice, and the prompt says why.
    screen = _screen(hints=False)
    for op in (1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4):
        _roll(screen, 2, 1)
        state = screen.session.state
        _place(screen, 0, op, trek12.decode(state.legal_actions(0)[0])[1])
    _roll(screen, 5, 5)
    view = screen.view()
    assert view["ops"] == [PROD - 1] and "no result fits: choose the frown" in view["prompt"]
    screen.handle(keys.OK)
    assert screen.view()["candidates"] == tuple(screen.circles) and len(screen.circles) > 1


def test_two_equal_neighbours_ask_which_rope_and_the_choice_is_applied():
    screen = _screen(map_id="dunai")
    board = screen.session.state.board
    a, b, c = _triangle(board)
    _roll(screen, 5, 0)
    _place(screen, 0, HIGH, a)
    _roll(screen, 5, 0)
    _place(screen, 0, HIGH, b)
    _roll(screen, 6, 0)  # high 6 in c links down to a 5: a or b
    screen.view()
    screen.op = HIGH - 1
    screen.handle(keys.OK)
    while screen.circles[screen.circle_cursor] != c:
        screen.handle(keys.DOWN)
    screen.handle(keys.OK)
    assert screen.stage == LINK
    view = screen.view()
    # The labels number the ropes; the map (view["ropes"], bold for "candidates") shows them.
    assert view["choices"] == ["rope 1 of 2", "rope 2 of 2"]
    for words in view["choices"]:
        for direction in ("down", "up", "left", "right", "above", "below"):
            assert direction not in words, words
    assert sorted(view["ropes"]) == sorted([a, b]) and view["circle"] == c
    first = view["candidates"]
    assert len(first) == 1 and first[0] in (a, b)
    assert first == (trek12.decode(screen.links[0])[2],)
    screen.handle(keys.DOWN)
    chosen = screen.links[screen.link_cursor]
    target = trek12.decode(chosen)[2]
    assert target in (a, b) and screen.view()["candidates"] == (target,) != first
    assert screen.view()["ropes"] == view["ropes"]
    screen.handle(keys.OK)
    state = screen.session.state
    assert state.values[0][c] == 6 and state.down[0][c] == target and state.up[0][target] == c


def test_key_towards_reaches_every_legal_placement_through_the_buttons():
    for action_index in range(0, 40, 3):
        screen = _screen(seed=11)
        _roll(screen, 4, 2)
        _place(screen, 0, 4, 9)  # sum 6 in circle 9
        _roll(screen, 3, 3)
        legal = screen.session.state.legal_actions(0)
        target = legal[action_index % len(legal)]
        count = screen.session.state.action_count
        presses = 0
        while screen.session.state.action_count == count:
            screen.handle(screen.key_towards(target))
            presses += 1
            assert presses < 60
        assert screen.session.state.history[-1] == (0, target)


def test_each_person_gets_their_own_sheet_in_turn():
    screen = _screen(players=2)
    screen.handle(keys.OK)  # roll
    assert screen.view()["seat"] == 0
    assert screen.view()["prompt"].startswith("P1:")
    hint = trek12_bot.hint(screen.session.state, 0)
    while screen.session.state.placed[0] is False:
        screen.handle(screen.key_towards(hint))
    view = screen.view()
    assert view["seat"] == 1 and view["prompt"].startswith("P2:")
    assert screen.stage == OPERATION


def test_the_hint_is_where_each_cursor_starts():
    screen = _screen(seed=5)
    screen.handle(keys.OK)
    hint = trek12_bot.hint(screen.session.state, 0)
    op, circle, _down, _up = trek12.decode(hint)
    assert screen.op == op - 1
    screen.handle(keys.OK)
    assert screen.circles[screen.circle_cursor] == circle
    assert screen.stage == CIRCLE and screen.view()["circle"] == circle


def test_only_bots_roll_and_play_by_themselves():
    screen = _screen(players=2, bots=2)
    assert screen.person_asked() is None and screen.wants_step()
    screen.step()
    assert screen.session.state.roll and screen.stage not in (ROLL, OPERATION)


def test_with_hints_off_the_cursor_starts_on_the_first_usable_operation():
    for seed in range(1, 30):
        screen = _screen(seed=seed, hints=False)
        screen.handle(keys.OK)
        hint = trek12_bot.hint(screen.session.state, 0)
        if trek12.decode(hint)[0] != 1:
            assert screen.op == screen.view()["ops"][0] != trek12.decode(hint)[0] - 1
            assert "hint" not in screen.view()["prompt"]
            return
    raise AssertionError("every seed hinted the first operation")


def test_dice_only_mode_is_ok_to_roll_then_ok_for_the_next_round_to_the_end():
    screen = _screen(mode="dice", map_id="kagkot")
    state = screen.session.state
    result = None
    for round_index in range(19):
        assert screen.view()["prompt"].startswith("Round %d" % (round_index + 1))
        screen.handle(keys.DOWN)  # nothing but OK does anything
        assert not state.roll
        screen.handle(keys.OK)
        assert state.roll and "paper" in screen.view()["prompt"]
        assert screen.key_towards(trek12.NEXT) == keys.OK
        result = screen.handle(keys.OK)
    assert isinstance(result, ResultsScreen) and state.is_terminal()
    assert state.values[0] == [trek12.EMPTY] * 19


def test_the_results_page_through_each_seats_whole_breakdown():
    screen = _screen(players=2, bots=2, seed=4)
    result = None
    while result is None:
        result = screen.step()
    assert isinstance(result, ResultsScreen)
    standings = result.standings()
    assert result.page == 0
    result.handle(keys.DOWN)
    assert result.page == 1
    name, total, items, _winner = standings[0]
    assert sum([points for _label, points in items]) == total
    result.handle(keys.RIGHT)
    result.handle(keys.DOWN)
    assert result.page == 0  # wraps: cards, seat 1, seat 2, cards
    result.handle(keys.UP)
    assert result.page == 2
