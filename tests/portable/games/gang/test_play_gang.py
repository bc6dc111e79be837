"""dicetable.games.gang.play on both runtimes: the Gang of Dice play screen driven by logical keys.

The screen is given a real Session (no journal sink) and a minimal shell; tests press keys and
read the screen's view, the way the sheet would show it.
"""

from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.gang.play import GangPlayScreen
from dicetable.ui import keys
from dicetable.ui.screens import PauseScreen, ResultsScreen


class _Store:
    def __init__(self):
        self.cleared = 0

    def clear(self):
        self.cleared += 1


class _Shell:
    def __init__(self):
        self.store = _Store()
        self.notice = ""


def _screen(players=2, bots=0, seed=5):
    session = Session.start(load("gang"), {"players": players, "bots": bots}, seed)
    return GangPlayScreen(_Shell(), session)


def _run_steps(screen):
    """Let the device do its automatic moves (cards, bots) until a person must press."""
    guard = 0
    while screen.wants_step():
        screen.step()
        guard += 1
        assert guard < 10000


def _choose(screen, label):
    """Move the cursor to the choice labelled `label` and press OK."""
    view = screen.view()
    assert label in view["choices"], (label, view["choices"])
    while screen.view()["choices"][screen.view()["cursor"]] != label:
        screen.handle(keys.DOWN)
    return screen.handle(keys.OK)


def _at_first_choice(players=2, bots=0, seed=5):
    screen = _screen(players, bots, seed)
    _run_steps(screen)
    return screen


def test_the_first_person_chooses_how_many_dice_and_sees_only_their_pool():
    screen = _at_first_choice()
    state = screen.session.state
    view = screen.view()
    seat = state.turn_seat()
    assert view["seat"] == seat and view["show_pool"] and not view["passing"]
    assert view["choices"][0] == "roll 1 die"
    assert len(view["choices"]) == state.pools[seat]
    assert view["cursor"] == 0


def test_one_ok_rolls_every_committed_die():
    screen = _at_first_choice()
    state = screen.session.state
    seat = state.turn_seat()
    _choose(screen, "roll 4 dice")
    assert screen.person_asked() == (seat, True)
    assert "press OK to roll 4 dice" in screen.view()["prompt"]
    other_keys = (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT)
    for key in other_keys:  # only OK rolls
        screen.handle(key)
    assert state.dice_pending() == 4
    screen.handle(keys.OK)
    assert screen.take_roll()
    assert state.dice_pending() == 0
    # Either the dice landed and the player decides, or a yellow card ended the turn.
    assert sum(state.dice) == 4 or state.turns[-1][0] == seat


def test_choosing_reroll_dice_keeps_the_cursor_and_the_reroll_resets_it():
    for seed in range(1, 40):
        screen = _at_first_choice(seed=seed)
        state = screen.session.state
        seat = state.turn_seat()
        _choose(screen, "roll 5 dice")
        screen.handle(keys.OK)
        if state.turn_seat() != seat or state.rerolls_left() == 0:
            continue  # a yellow card ended the turn: try another seed
        choices = screen.view()["choices"]
        select = [c for c in choices if c.startswith("reroll ") and "chosen" not in c]
        _choose(screen, select[0])
        cursor = screen.view()["cursor"]
        assert cursor == choices.index(select[0])
        assert sum(state.selected) > 0
        label = "reroll the %d chosen" % sum(state.selected)
        _choose(screen, label)
        assert screen.person_asked() == (seat, True) and screen.cursor == 0
        return
    raise AssertionError("no seed gave a turn with a reroll")


def test_the_device_is_passed_between_people_before_anything_hidden_shows():
    screen = _at_first_choice(players=2)
    state = screen.session.state
    first = state.turn_seat()
    _choose(screen, "roll 1 die")
    screen.handle(keys.OK)
    if state.turn_seat() == first:
        _choose(screen, "stop")
    _run_steps(screen)
    second = state.turn_seat()
    assert second != first
    view = screen.view()
    assert view["passing"] and not view["show_pool"]
    assert view["prompt"] == "Pass the device to %s" % state.seat_name(second)
    assert view["choices"] == []
    before = state.action_count
    screen.handle(keys.DOWN)
    screen.handle(keys.UP)
    assert screen.view()["passing"] and state.action_count == before
    screen.handle(keys.OK)  # the next person takes the device
    view = screen.view()
    assert not view["passing"] and view["show_pool"] and view["seat"] == second
    assert state.action_count == before


def test_bot_turns_are_automatic_steps_and_no_pass_screen_for_one_person():
    screen = _at_first_choice(players=3, bots=2)
    state = screen.session.state
    human = 0
    for _round in range(3):
        assert screen.person_asked()[0] == human
        _choose(screen, "roll 1 die")
        screen.handle(keys.OK)
        if state.turn_seat() == human and not state.is_terminal():
            _choose(screen, "stop")
        _run_steps(screen)
        assert not screen.view()["passing"]


def test_back_pauses_and_the_finished_game_shows_results_and_clears_the_save():
    screen = _screen(players=2, bots=2)
    assert screen.person_asked() is None
    assert isinstance(screen.handle(keys.BACK), PauseScreen)
    # With only bots, automatic steps play the whole game; the last one returns the results.
    result = None
    guard = 0
    while result is None:
        assert screen.wants_step()
        result = screen.step()
        guard += 1
        assert guard < 20000
    assert isinstance(result, ResultsScreen)
    assert screen.session.state.is_terminal()
    assert screen.shell.store.cleared == 1
