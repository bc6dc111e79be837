"""Dice Trip's first roller is a setup option (issue 17, item 8; DECISIONS.md: default player
1, then the roll passes clockwise): the setup offers only seats that exist, the chosen seat rolls
round 1, the journal keeps it so a resumed game rolls in the same order, a save from before the
option (no "first" in its header) resumes with player 1, and a seat that does not exist is
refused in the words the device shows."""

from dicetable.core import journal
from dicetable.core.errors import IllegalAction, JournalError
from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.dicetrip.rules import KEEP, cross_action
from dicetable.ui import keys
from dicetable.ui.setup import SetupScreen


def _go_to(setup, key):
    row = [option[0] for option in setup.options].index(key)
    while setup.cursor != row:
        setup.handle(keys.DOWN)


def _only_dicetrip(game_id):
    assert game_id == "dicetrip"
    return load(game_id)


def _play_rounds(session, rounds):
    """Roll, keep, and let every seat cross out two cities, `rollers` in the order seen."""
    rollers = []
    for _ in range(rounds):
        while session.actors() == [CHANCE]:
            session.roll()
        roller = session.state.roller()
        rollers.append(roller)
        assert session.actors() == [roller]  # the roller alone decides about the reroll
        session.apply(roller, KEEP)
        for seat in range(session.state.players):
            empty = session.state.cross_options(seat)
            session.apply(seat, cross_action(empty[0]))
            session.apply(seat, cross_action(empty[1]))
    return rollers


def test_the_setup_offers_the_seats_that_exist_and_the_chosen_one_rolls_first():
    setup = SetupScreen(None, "dicetrip")
    assert setup.values["first"] == 0 and setup.values["players"] == 2
    _go_to(setup, "first")
    titles = setup.options[setup.cursor][3]
    assert titles[0] == "Player 1"
    setup.handle(keys.RIGHT)
    assert setup.values["first"] == 1
    setup.handle(keys.RIGHT)
    assert setup.values["first"] == 1  # two players: no player 3 to offer
    options = setup.chosen_options()
    assert options["first"] == 1
    session = Session.start(load("dicetrip"), options, 5)
    assert session.params["first"] == 1
    assert _play_rounds(session, 3) == [1, 0, 1]  # then clockwise, round the table
    # Fewer players take the first roller down with them to a seat that exists.
    _go_to(setup, "players")
    setup.handle(keys.LEFT)
    assert setup.values["players"] == 1 and setup.values["first"] == 0


def test_the_default_is_player_1():
    session = Session.start(load("dicetrip"), {"players": 3}, 5)
    assert session.params["first"] == 0
    assert _play_rounds(session, 4) == [0, 1, 2, 0]


def test_a_journal_keeps_the_first_roller_and_replays_with_it():
    lines = []
    session = Session.start(load("dicetrip"), {"players": 3, "first": 2}, 9, lines.append)
    assert _play_rounds(session, 2) == [2, 0]
    assert journal.parse_header(lines[0])[1]["first"] == 2
    resumed, report = Session.resume(lines, _only_dicetrip)
    assert report.dropped == 0 and resumed.params["first"] == 2
    assert resumed.state.to_data() == session.state.to_data()
    assert _play_rounds(resumed, 1) == [1]


def test_a_save_from_before_the_option_resumes_with_player_1():
    params = load("dicetrip").make_params({"players": 2})
    del params["first"]
    lines = [journal.header_line("dicetrip", params, 3)]
    resumed, report = Session.resume(lines, _only_dicetrip)
    assert report.dropped == 0 and resumed.params["first"] == 0
    assert _play_rounds(resumed, 2) == [0, 1]


def test_a_seat_that_does_not_exist_is_refused_in_the_devices_words():
    module = load("dicetrip")
    for options, words in (
        ({"players": 2, "first": 2}, "the first roller must be player 1 to 2"),
        ({"players": 4, "first": -1}, "the first roller must be player 1 to 4"),
        ({"first": True}, "the first roller must be player 1 to 1"),
        ({"players": 3, "first": "2"}, "the first roller must be player 1 to 3"),
    ):
        try:
            module.make_params(options)
        except IllegalAction as exc:
            assert exc.reason == words, (options, exc.reason)
        else:
            raise AssertionError("accepted %r" % (options,))
    params = module.make_params({"players": 2})
    params["first"] = 5
    try:
        Session.resume([journal.header_line("dicetrip", params, 3)], _only_dicetrip)
    except JournalError as exc:
        assert exc.reason.endswith("the first roller must be player 1 to 2"), exc.reason
    else:
        raise AssertionError("a save with a seat that does not exist was resumed")
