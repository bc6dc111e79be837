"""The guided first round of Dice Trip on both runtimes: following the hint line alone plays
the first round (keep the roll, two numbers in two cities, for two people), then the wrapper
steps aside. A module of its own: Dice Trip's screens fill much of a device-sized heap."""

from dicetable.games.dicetrip import play as play_dicetrip  # noqa: F401
from dicetable.games.dicetrip import rules as dicetrip  # noqa: F401  (compiled first: the test heap is small)

from kiosk_helpers import Rig, follow_the_guide


def test_following_the_hints_plays_the_first_round_of_dice_trip():
    rig = Rig({"enabled": True})
    try:
        _guide, presses = follow_the_guide(rig, "dicetrip", {"players": 2, "bots": 0})
        assert presses >= 1 + 2 * 2 * 2  # the roll, then a number and a city twice each
    finally:
        rig.close()
