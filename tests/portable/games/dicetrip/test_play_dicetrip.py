"""dicetable.games.dicetrip.play on both runtimes: the roll, the roller's keep or reroll, the
staged placement (number, twice power, city or cross) driven by logical keys, BACK stepping
back with nothing applied before the last choice, hot-seat turns, hints, dice-only mode, and
the LED view of the four dice."""

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.dicetrip import bot as dicetrip_bot
from dicetable.games.dicetrip import data
from dicetable.games.dicetrip import leds as dicetrip_leds
from dicetable.games.dicetrip import options as dicetrip_options
from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.dicetrip import sheet as sheet_dicetrip
from dicetable.games.dicetrip.play import (
    CITY,
    CROSS,
    NUMBER,
    POWER,
    REROLL,
    ROLL,
    TWICE,
    WAIT,
    DiceTripPlayScreen,
)
from dicetable.ui import dice_leds, keys, led_views
from dicetable.ui.screens import PauseScreen, ResultsScreen

from dicetrip_helpers import BLUE, GREEN, RED, YELLOW, roll, write


class _Store:
    def clear(self):
        pass


class _Shell:
    def __init__(self):
        self.store = _Store()
        self.notice = ""


def _screen(players=1, bots=0, seed=3, hints=True, **options):
    options["players"] = players
    options["bots"] = bots
    options["hints"] = hints
    session = Session.start(load("dicetrip"), options, seed)
    return DiceTripPlayScreen(_Shell(), session)


def _shown(screen):
    """The screen's view with the sheet's words for it (prompt, choices, info)."""
    view = screen.view()
    view["prompt"], view["choices"], view["info"] = sheet_dicetrip.words(_state(screen), view)
    return view


def _state(screen):
    return screen.session.state


def _roll_kept(screen, faces):
    """Land `faces` and keep them through the roller's menu (no hint moves the cursor)."""
    state = _state(screen)
    roll(state, faces)
    if dicetrip.KEEP in state.legal_actions(state.roller()):
        state.apply(state.roller(), dicetrip.KEEP)


def _press_until(screen, action, limit=80):
    """Press the keys key_towards names until `action` (or its equal-faces twin) is applied."""
    state = _state(screen)
    count = state.action_count
    presses = 0
    while state.action_count == count:
        screen.handle(screen.key_towards(action))
        presses += 1
        assert presses < limit, (action, screen.stage)
    return presses


def test_the_roller_presses_ok_and_four_dice_land_for_the_table():
    screen = _screen()
    state = _state(screen)
    assert screen.person_asked() == (0, True)
    screen.view()
    assert screen.stage == ROLL
    assert "OK rolls the dice" in _shown(screen)["prompt"]
    assert _shown(screen)["info"] == [state.board.notice]  # the placeholder map, round 1
    screen.handle(keys.DOWN)
    assert state.dice == [0, 0, 0, 0]
    screen.handle(keys.OK)
    assert 0 not in state.dice and screen.take_roll() and not screen.take_roll()
    assert screen.stage == POWER and _shown(screen)["choices"][0] == "Keep these dice"


def test_keep_then_the_number_list_is_the_engines_options_and_a_cross():
    screen = _screen(hints=False)
    state = _state(screen)
    roll(state, (2, 5, 3, 6))
    screen.view()
    screen.cursor = 0
    screen.handle(keys.OK)  # keep
    assert state.history[-1] == (0, dicetrip.KEEP) and screen.stage == NUMBER
    options = state.number_options(0)
    assert len(options) == 12 and screen.items[:-1] == options
    view = _shown(screen)
    assert view["choices"][-1] == "Cross out a city" and len(view["choices"]) == 13
    assert view["choices"][0].startswith("23 red+green")
    assert view["items"][view["cursor"]][1:3] == (RED, GREEN)


def test_the_reroll_marks_dice_and_lands_them_at_once_for_everybody():
    screen = _screen(players=2)
    state = _state(screen)
    roll(state, (1, 1, 1, 1))
    screen.view()
    screen.cursor = 1
    screen.handle(keys.OK)
    assert screen.stage == REROLL
    screen.marked = [False] * 4
    screen.cursor = 4
    count = state.action_count
    screen.handle(keys.OK)  # nothing marked: refused on the note line
    assert state.action_count == count and "mark" in _shown(screen)["note"]
    screen.cursor = 1
    screen.handle(keys.OK)  # yellow
    screen.handle(keys.DOWN)
    screen.handle(keys.DOWN)
    screen.handle(keys.OK)  # blue
    assert _shown(screen)["items"][:4] == [False, True, False, True]
    assert _shown(screen)["choices"][4] == "Reroll 2 dice"
    screen.handle(keys.DOWN)
    screen.handle(keys.OK)
    assert state.history[count] == (0, dicetrip.reroll_action([YELLOW, BLUE]))
    assert state.rerolled[0] == 1 and 0 not in state.dice and screen.take_roll()
    assert [seat for seat, _action in state.history[count + 1 :]] == [CHANCE, CHANCE]
    assert screen.stage == NUMBER and state.actors() == [0, 1]


def test_back_steps_back_one_choice_and_nothing_is_applied_before_the_last():
    screen = _screen()
    state = _state(screen)
    screen.handle(keys.OK)  # roll
    screen.cursor = 1
    screen.handle(keys.OK)  # reroll menu
    assert screen.stage == REROLL
    screen.handle(keys.BACK)
    assert screen.stage == POWER and screen.cursor == 1
    screen.cursor = 0
    screen.handle(keys.OK)  # keep
    count = state.action_count
    screen.cursor = 0
    screen.handle(keys.OK)
    assert screen.stage == CITY
    screen.handle(keys.RIGHT)
    screen.handle(keys.BACK)
    assert screen.stage == NUMBER and screen.cursor == 0
    screen.cursor = len(screen.items) - 1
    screen.handle(keys.OK)
    assert screen.stage == CROSS and _shown(screen)["city"] == screen.city >= 0
    screen.handle(keys.BACK)
    assert screen.stage == NUMBER and screen.cursor == len(screen.items) - 1
    assert state.action_count == count
    assert isinstance(screen.handle(keys.BACK), PauseScreen)
    assert state.action_count == count


def test_the_city_cursor_steps_west_to_east_and_north_to_south_and_previews():
    screen = _screen(hints=False)
    state = _state(screen)
    _roll_kept(screen, (4, 5, 1, 2))
    screen.view()
    screen.handle(keys.OK)  # the first number
    assert screen.stage == CITY
    xy = state.board.xy
    seen = []
    for _ in range(state.board.size):
        view = _shown(screen)
        assert view["items"][view["cursor"]] == screen.option and view["city"] == screen.city
        seen.append(screen.city)
        screen.handle(keys.RIGHT)
    assert sorted(seen) == list(range(state.board.size))
    assert [xy[city][0] for city in seen] == sorted([xy[city][0] for city in seen])
    north = []
    for _ in range(state.board.size):
        north.append(xy[screen.city][1])
        screen.handle(keys.DOWN)
    start = north.index(min(north))
    assert north[start:] + north[:start] == sorted(north)
    assert state.values[0] == [0] * state.board.size  # only previews


def test_a_bonus_city_says_so_before_the_number_is_written():
    screen = _screen(hints=False)
    state = _state(screen)
    _roll_kept(screen, (4, 5, 1, 2))  # red 4, yellow 5, green 1, blue 2
    screen.view()
    wanted = [option for option in screen.items if option[:3] == (15, GREEN, YELLOW)][0]
    screen.cursor = screen.items.index(wanted)
    screen.handle(keys.OK)
    brugge = 1  # a yellow ring
    while screen.city != brugge:
        screen.handle(keys.RIGHT)
    view = _shown(screen)
    assert "15 in the black box +1 bonus" in view["prompt"]  # the cursor on Brugge
    screen.handle(keys.OK)
    assert state.values[0][brugge] == 15 and state.ticks[0][brugge] == 1


def test_the_twice_power_is_its_own_menu_on_the_second_number():
    screen = _screen(hints=False)
    state = _state(screen)
    _roll_kept(screen, (1, 2, 3, 4))
    write(state, 0, RED, YELLOW, 0)  # 12 in Oostende
    screen.view()
    assert screen.stage == NUMBER
    plain = [option for option in screen.items if option[1] >= 0]
    assert [option[0] for option in plain] == [34, 43]  # green and blue only
    words = _shown(screen)["choices"]
    assert words[-2] == "Use a die twice..." and words[-1] == "Cross out a city"
    screen.cursor = len(screen.items) - 2
    screen.handle(keys.OK)
    assert screen.stage == TWICE and screen.twice_items == [
        option for option in state.number_options(0) if option[3]
    ]
    assert "once a game" in _shown(screen)["prompt"]
    screen.cursor = 0
    option = screen.twice_items[0]
    screen.handle(keys.OK)
    assert screen.stage == CITY
    screen.handle(keys.BACK)
    assert screen.stage == TWICE and screen.cursor == 0
    screen.handle(keys.OK)
    screen.handle(keys.OK)
    assert state.twice[0] == 1 and option[0] in state.values[0]
    screen.view()
    assert _state(screen).round == 1 and screen.stage == ROLL


def test_key_towards_reaches_every_legal_placement_through_the_buttons():
    for index in range(0, 90, 7):
        screen = _screen(seed=11)
        state = _state(screen)
        _roll_kept(screen, (3, 3, 5, 2))
        write(state, 0, RED, BLUE, 4)  # 32 in Gent: the second may reuse red or blue
        legal = state.legal_actions(0)
        target = legal[(index * 13) % len(legal)]
        _press_until(screen, target)
        seat, applied = state.history[-1]
        assert seat == 0
        if applied != target:  # equal faces: the same number from the same two dice
            assert dicetrip.write_parts(applied)[2] == dicetrip.write_parts(target)[2]
            assert state.values[0][dicetrip.write_parts(target)[2]] == 33


def test_key_towards_reaches_keep_and_every_reroll():
    for mask in (0, 1, 6, 9, 15):
        screen = _screen(seed=5)
        state = _state(screen)
        roll(state, (2, 2, 5, 6))
        action = dicetrip.KEEP if not mask else dicetrip.REROLL_BASE + mask
        presses = 0
        while dicetrip.KEEP in state.legal_actions(0):  # the roller's choice
            screen.handle(screen.key_towards(action))
            presses += 1
            assert presses < 20
        assert (0, action) in state.history
        assert 0 not in state.dice


def test_the_hint_is_where_each_cursor_starts():
    screen = _screen(seed=5)
    state = _state(screen)
    _roll_kept(screen, (6, 1, 4, 3))
    screen.view()
    hint = dicetrip_bot.hint(state, 0)
    assert "(hint)" in _shown(screen)["prompt"]
    item = screen.items[screen.cursor]
    parts = dicetrip.write_parts(hint)
    if parts is None:
        assert item[1] < 0
        screen.handle(keys.OK)
        assert screen.city == hint - dicetrip.CROSS_BASE
    else:
        assert state.number(item[1], item[2]) == state.number(parts[0], parts[1])
        screen.handle(keys.OK)
        assert screen.stage == CITY and screen.city == parts[2]
    # Another number's city starts where the bot's planner would put it.
    screen.handle(keys.BACK)
    screen.cursor = 0 if screen.cursor else 1
    other = screen.items[screen.cursor]
    screen.handle(keys.OK)
    assert screen.city == dicetrip_bot.best_city(state, 0, other[1], other[2])


def test_with_hints_off_no_hint_is_worked_out_and_each_cursor_starts_on_the_first_item():
    lines = []
    session = Session.start(load("dicetrip"), {"players": 1, "hints": False}, 5, lines.append)
    assert '"hints":false' in lines[0]  # the journal's header keeps the setting
    screen = DiceTripPlayScreen(_Shell(), session)
    assert not screen.hints
    asked = []
    real = dicetrip_bot.hint
    dicetrip_bot.hint = lambda state, seat: asked.append(seat)
    try:
        screen.handle(keys.OK)  # roll
        assert screen.stage == POWER and screen.cursor == 0
        screen.handle(keys.OK)  # keep
        view = _shown(screen)
        assert screen.stage == NUMBER and view["cursor"] == 0 and "(hint)" not in view["prompt"]
        screen.handle(keys.OK)
        assert screen.stage == CITY and screen.city == screen.cities[0]  # the westernmost
        screen.handle(keys.OK)
        assert screen.stage == NUMBER and screen.cursor == 0
        screen.cursor = len(screen.items) - 1  # "Cross out a city"
        screen.handle(keys.OK)
        assert screen.stage == CROSS and screen.city == screen.cities[0]
    finally:
        dicetrip_bot.hint = real
    assert not asked
    resumed = Session.resume(lines, load)[0]
    assert resumed.params["hints"] is False and not DiceTripPlayScreen(_Shell(), resumed).hints


def test_the_setup_screen_has_a_hints_row_on_by_default():
    rows = [row for row in dicetrip_options.OPTIONS if row[0] == "hints"]
    assert len(rows) == 1 and rows[0][2] == (True, False)
    assert dicetrip_options.DEFAULTS["hints"] is True
    assert dicetrip.make_params(dicetrip_options.DEFAULTS)["hints"] is True


def test_a_full_refresh_when_the_sheet_passes_to_another_person_not_between_own_numbers():
    screen = _screen(players=2, hints=False)
    state = _state(screen)
    screen.view()
    assert not screen.take_natural_break()
    screen.handle(keys.OK)  # P1 rolls
    screen.handle(keys.OK)  # and keeps: P1's sheet stays up
    screen.view()
    assert not screen.take_natural_break()
    for seat in (0, 1):
        for number in range(2):
            assert screen.view()["seat"] == seat
            broke = screen.take_natural_break()
            assert broke == (seat == 1 and number == 0), (seat, number)
            screen.handle(keys.OK)  # the first number
            screen.handle(keys.OK)  # in the first city
    assert state.round == 1
    screen.view()
    assert screen.take_natural_break()  # a new round, P2's sheet stays up for the roll
    assert screen.view()["seat"] == 1 and not screen.take_natural_break()


def test_each_person_places_on_their_own_sheet_in_turn_then_bots():
    screen = _screen(players=3, bots=1)
    screen.handle(keys.OK)  # P1 rolls
    state = _state(screen)
    screen.handle(screen.key_towards(dicetrip.KEEP))
    assert _shown(screen)["seat"] == 0 and _shown(screen)["prompt"].startswith("P1:")
    while state.placements_left(0):
        screen.handle(screen.key_towards(dicetrip_bot.hint(state, 0)))
    view = _shown(screen)
    assert view["seat"] == 1 and view["prompt"].startswith("P2:") and screen.stage == NUMBER
    while state.placements_left(1):
        screen.handle(screen.key_towards(dicetrip_bot.hint(state, 1)))
    assert screen.person_asked() is None and screen.wants_step() and screen.stage == WAIT
    assert "Bot3 is playing" in _shown(screen)["prompt"]
    assert _shown(screen)["seat"] == 1  # the last person's sheet stays up
    screen.step()
    screen.step()
    assert state.round == 1 and screen.take_natural_break()
    # Round 2: P2 rolls (the roller turns clockwise).
    assert screen.person_asked() == (1, True)


def test_a_bot_roller_rolls_and_answers_by_itself():
    screen = _screen(players=2, bots=2)
    state = _state(screen)
    assert screen.person_asked() is None and screen.wants_step()
    screen.step()
    assert 0 not in state.dice and screen.take_roll()
    screen.step()  # keep, or a reroll whose dice land in the same step
    assert state.placements_left(0) == 2 and 0 not in state.dice


def test_the_last_round_asks_for_one_number_without_the_twice_item():
    screen = _screen(hints=False)
    state = _state(screen)
    for _ in range(data.ROUNDS - 1):
        _roll_kept(screen, (1, 2, 3, 4))
        while state.placements_left(0):
            state.apply(0, dicetrip.cross_action(state.cross_options(0)[0]))
    _roll_kept(screen, (1, 2, 3, 4))
    view = _shown(screen)
    assert screen.stage == NUMBER and "the last number" in view["prompt"]
    assert "Use a die twice..." not in view["choices"]
    screen.handle(keys.OK)
    result = screen.handle(keys.OK)
    assert isinstance(result, ResultsScreen) and state.is_terminal()


def test_dice_only_mode_rolls_and_goes_on_with_next_round():
    screen = _screen(players=2, mode="dice")
    state = _state(screen)
    screen.handle(keys.OK)
    assert screen.stage == POWER
    view = _shown(screen)
    assert view["choices"] == ["Next round", "Reroll power..."] and "paper" in view["prompt"]
    screen.handle(screen.key_towards(dicetrip.NEXT))
    assert state.round == 1 and screen.person_asked() == (1, True)
    screen.handle(keys.OK)
    _press_until(screen, dicetrip.REROLL_BASE + 15)
    assert state.rerolled[1] == 2 and _shown(screen)["choices"] == ["Next round"]


def test_the_leds_show_the_four_dice_in_their_colours_and_whose_turn_it_is():
    colours = [dice_leds.COLOUR_NAMES.index(name) for name in data.DICE_COLOURS]
    assert tuple(colours) == dicetrip_leds.COLOURS
    state = _state(_screen(players=2))
    assert led_views.roll_look(state) == (4, dicetrip_leds.COLOURS, dice_leds.PIPS)
    frame = bytearray(8 * 8 * 3)
    canvas = dice_leds.DiceCanvas(frame, 8, 8)
    led_views.draw(canvas, state)
    dark = bytes(frame)
    roll(state, (1, 2, 3, 4))
    led_views.draw(canvas, state)
    lit = bytes(frame)
    assert lit != dark
    expected = bytearray(8 * 8 * 3)
    check = dice_leds.DiceCanvas(expected, 8, 8)
    check.dice([1, 2, 3, 4], dicetrip_leds.COLOURS)
    check.turn(led_views.SEAT_COLOURS[0], dice_leds.EDGE_BOTTOM)  # the roller
    assert bytes(expected) == lit
    state.apply(0, dicetrip.KEEP)
    state.apply(0, dicetrip.cross_action(0))
    state.apply(0, dicetrip.cross_action(1))
    led_views.draw(canvas, state)
    check.dice([1, 2, 3, 4], dicetrip_leds.COLOURS)
    check.turn(led_views.SEAT_COLOURS[1], dice_leds.EDGE_BOTTOM)  # seat 1 still places
    assert bytes(expected) == bytes(frame)


def test_the_bots_city_for_any_number_and_cross_is_an_empty_one():
    screen = _screen()
    state = _state(screen)
    _roll_kept(screen, (1, 2, 3, 4))
    city = dicetrip_bot.best_city(state, 0, RED, GREEN)
    assert city in state.cross_options(0)
    cross = dicetrip_bot.best_cross(state, 0)
    assert cross in state.cross_options(0)
    # With one empty city left, both name it; with none, both say -1.
    for other in state.cross_options(0)[:-1]:
        state.values[0][other] = dicetrip.route.CROSSED
    last = state.cross_options(0)[0]
    assert dicetrip_bot.best_city(state, 0, RED, GREEN) == last
    assert dicetrip_bot.best_cross(state, 0) == last
    state.values[0][last] = dicetrip.route.CROSSED
    assert dicetrip_bot.best_city(state, 0, RED, GREEN) == -1
    assert dicetrip_bot.best_cross(state, 0) == -1
