"""dicetable.games.gang.play on both runtimes: the Gang of Dice play screen driven by logical keys.

The screen is given a real Session (no journal sink) and a minimal shell; tests press keys and
read the screen's view, the way the sheet would show it.
"""

from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.gang import data
from dicetable.games.gang import rules as gang
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


def _card_words(state):
    card = gang.card(state.card_number())
    return "Card drawn: %s %s" % (card[0], card[7])


def test_people_alone_never_wait_for_the_device_and_see_each_card_drawn():
    # The cards are the device's moves, made at once: nobody is shown "playing" while the
    # device puts cards away or reveals the round's card, and no automatic step is left over
    # (the app would wait its bot pause before it). OK alone plays: 1 die, then stop.
    screen = _screen(players=2, bots=0)
    state = screen.session.state
    rounds = 0
    result = None
    guard = 0
    while result is None:
        assert not screen.wants_step(), str(state)
        view = screen.view()
        assert "is playing" not in view["prompt"], view["prompt"]
        if not state.turns and not state.committed and not view["passing"]:
            assert view["note"] == _card_words(state)
            rounds += 1 if state.round == rounds else 0
        result = screen.handle(keys.OK)
        guard += 1
        assert guard < 1000
    assert rounds == data.ROUNDS and state.is_terminal()


def test_a_bots_last_move_of_a_round_leaves_the_person_asked_at_once():
    starts = 0
    for seed in range(1, 6):
        screen = _at_first_choice(players=3, bots=2, seed=seed)
        state = screen.session.state
        guard = 0
        while not state.is_terminal() and state.round < 6:
            if screen.wants_step():
                before = state.round
                screen.step()
                if state.round != before and state.turn_seat() == 0:
                    # The step that ended the round also drew the card: P1 chooses now.
                    starts += 1
                    assert screen.person_asked() == (0, False) and not screen.wants_step()
                    view = screen.view()
                    assert view["prompt"] == "P1: choose"
                    assert view["note"] == _card_words(state)
            else:
                screen.handle(keys.OK)
            assert "P1 is playing" not in screen.view()["prompt"]
            guard += 1
            assert guard < 5000
    assert starts > 0


def test_the_card_note_stays_through_a_bots_turn_and_leaves_a_persons_rerolls_their_room():
    screen = _at_first_choice(players=2, bots=1, seed=3)
    state = screen.session.state
    assert state.turn_seat() == 0 and screen.view()["note"] == _card_words(state)
    _choose(screen, "roll 3 dice")
    assert screen.view()["note"] == ""  # pressing OK to roll, then the reroll list
    screen.handle(keys.OK)
    assert screen.view()["note"] == ""
    guard = 0
    while state.round == 0 or state.turns:  # on to round 2, which the bot starts
        if screen.wants_step():
            screen.step()
        else:
            screen.handle(keys.OK)
        guard += 1
        assert guard < 1000
    assert state.turn_seat() == 1 and not state.turns
    while not state.turns:  # the bot's whole turn shows the card drawn
        assert screen.view()["note"] == _card_words(state)
        assert screen.view()["prompt"] == "Bot2 is playing..."
        screen.step()
    assert screen.view()["note"] == ""
