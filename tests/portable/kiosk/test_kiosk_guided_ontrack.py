"""The guided first round of Christmas On Track on both runtimes: following the hint line
alone plays the first turn (two pieces on two squares), then the wrapper steps aside. A module
of its own: On Track's screens fill most of a device-sized heap."""

from dicetable.games.ontrack import play as play_ontrack  # noqa: F401
from dicetable.games.ontrack import rules as ontrack  # noqa: F401  (compiled first: the test heap is small)

from kiosk_helpers import Rig, follow_the_guide


def test_following_the_hints_plays_the_first_turn_of_christmas_on_track():
    rig = Rig({"enabled": True})
    try:
        _guide, presses = follow_the_guide(rig, "ontrack", {"players": 1, "bots": 0})
        assert presses >= 3  # the roll and at least an OK for each of the two pieces
    finally:
        rig.close()
