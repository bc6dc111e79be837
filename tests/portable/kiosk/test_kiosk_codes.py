"""Class codes on both runtimes: two simulated devices given the same code roll the same dice
in the same order in every shared-roll game (Trek 12, Christmas On Track, Dice Trip), however
differently their players play and however many sit at each; different codes differ. Sessions
are used directly here; test_kiosk_menu.py starts two kiosks with the teacher's code."""

from dicetable.core.protocol import CHANCE
from dicetable.core.rng import code_to_seed
from dicetable.core.session import Session
from dicetable.games import load
from dicetable.games.dicetrip import rules as dicetrip
from dicetable.games.ontrack import rules as ontrack

_ROLLS = 12  # chance actions compared per game: several rounds


def _rolls(module, options, code, policy):
    """The first _ROLLS chance actions of a game seeded from `code`, its seats played by
    `policy(session, seat)`."""
    options = dict(options)
    options["code"] = code
    session = Session.start(module, options, code_to_seed(code), None, keep_history=False)
    assert session.params["code"] == code
    rolls = []
    while len(rolls) < _ROLLS and session.actors():
        seat = session.actors()[0]
        if seat == CHANCE:
            rolls.append(session.roll())
        else:
            session.apply(seat, policy(session, seat))
    return rolls


def _bot(session, seat):
    return session.bot_action(seat)


def _plain(session, seat):
    """Another way to play: the last legal choice, but never a reroll (a reroll is a roll
    for the whole table, the one thing a class shares by agreement)."""
    state = session.state
    if session.module.GAME_ID == "ontrack":
        # Staged, as its play screen asks: listing every placement at once is too big for
        # a device-sized heap.
        dice = state.legal_dice(seat)
        if not dice:
            return ontrack.PASS
        code = state.legal_pieces(seat, dice[-1])[-1]
        tile = state.legal_tiles(seat, code)[-1]
        part = state.legal_connections(seat, code, tile)[-1]
        return ontrack.place_action(dice[-1], ontrack.piece_fields(code)[1], tile, part)
    legal = state.legal_actions(seat)
    if session.module.GAME_ID == "dicetrip" and dicetrip.KEEP in legal:
        return dicetrip.KEEP
    return legal[-1]


_GAMES = (
    (load("trek12"), {"players": 1}, {"players": 4, "map": "kagkot"}),
    (load("ontrack"), {"players": 1}, {"players": 3}),
    (load("dicetrip"), {"players": 1}, {"players": 2}),
)


def test_the_same_code_rolls_the_same_dice_in_every_shared_roll_game():
    for module, first, second in _GAMES:
        one = _rolls(module, first, "MATH", _bot)
        other = _rolls(module, second, "MATH", _plain)
        assert len(one) == _ROLLS, module.GAME_ID
        assert one == other, module.GAME_ID


def test_different_codes_roll_differently():
    for module, first, _second in _GAMES:
        math = _rolls(module, first, "MATH", _bot)
        art = _rolls(module, first, "ART", _bot)
        assert math != art, module.GAME_ID
