"""Power cuts and a full flash, the long way (CPython): every tear of a write, a Gang of Dice
game, a second cut while the first is being repaired, and hypothesis mixing a full flash with a
cut anywhere. The portable half (tests/portable/drivers/test_storage.py) runs the same helpers
on both runtimes; the fake flash is tests/portable/powercut_fs.py."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import powercut_fs
import powercut_play
from powercut_fs import LITTLEFS, TORN

_CYBO = (("cybo", {"players": 2, "bots": 2, "level": "master"}),)
_TWO_CYBO = _CYBO + (("cybo", {"players": 3, "bots": 3, "level": "grandmaster"}),)
_GANG = (("gang", {"players": 2, "bots": 2}),)

# How much of a write lands when the power dies in it (torn mode).
_TEARS = {
    "nothing": lambda length: 0,
    "one byte": lambda length: min(1, length),
    "all but the newline": lambda length: max(0, length - 1),
}


@pytest.mark.parametrize("tear", sorted(_TEARS))
def test_every_cut_with_every_tear(tear):
    steps, outcomes = powercut_play.cut_everywhere(TORN, _TWO_CYBO, 6, _TEARS[tear])
    assert steps > 150
    assert outcomes.get("lost one") and outcomes.get("kept all"), outcomes


def test_every_cut_in_a_gang_of_dice_game():
    steps, outcomes = powercut_play.cut_everywhere(TORN, _GANG, -1)
    assert steps > 300 and outcomes.get("lost one"), outcomes


def _recover(life):
    """Boot after a cut and play the resumed game to its end (a second cut may hit any of
    it); `life.session` becomes the resumed game once the boot has restored it."""
    shell = powercut_play.boot()  # may be cut while it cuts the journal back
    session = powercut_play.resumed_session(shell)
    if session is None:
        return
    life.session = session  # from here RAM holds the resumed game
    powercut_play.finish(shell)


@pytest.mark.parametrize("mode", [TORN, LITTLEFS])
def test_a_second_cut_while_recovering(mode):
    steps, journals = powercut_play.reference(mode, _CYBO, -1)
    second_cuts = 0
    for first in range(1, steps + 1):
        for second in range(1, 9):
            flash = powercut_fs.FakeFlash(mode, first)
            undo = powercut_fs.install(flash)
            life = powercut_play.Life()
            try:
                with pytest.raises(powercut_fs.PowerCut):
                    powercut_play.play(flash, _CYBO, life)
                flash = flash.reboot()
                flash.cut_at = second
                powercut_fs.install(flash)
                try:
                    _recover(life)
                except powercut_fs.PowerCut:
                    second_cuts += 1
                else:
                    if life.session is not None and life.session.state.is_terminal():
                        # The recovery outran the second cut: the game ended, saved whole.
                        assert flash.read(powercut_play.LAST) == journals[0]
                        continue
                flash = flash.reboot()
                powercut_fs.install(flash)
                powercut_play.check_after_cut(flash, life, journals)
            finally:
                undo()
    assert second_cuts > steps * 4


@settings(max_examples=120, deadline=None)
@given(
    mode=st.sampled_from([TORN, LITTLEFS]),
    capacity=st.one_of(st.none(), st.integers(0, 1200)),
    cut_at=st.integers(1, 260),
    tear=st.sampled_from(sorted(_TEARS)),
)
def test_full_flash_and_a_cut_anywhere(mode, capacity, cut_at, tear):
    """Whatever fills up and wherever the power dies: the next boot shows every move that was
    saved (all but the one in flight, or all up to where saving stopped), and the game can be
    played to its end."""
    flash = powercut_fs.FakeFlash(mode, cut_at, _TEARS[tear], capacity)
    undo = powercut_fs.install(flash)
    life = powercut_play.Life()
    try:
        try:
            powercut_play.play(flash, _CYBO, life)
        except powercut_fs.PowerCut:
            pass
        flash = flash.reboot()
        powercut_fs.install(flash)
        shell = powercut_play.boot()
        session = powercut_play.resumed_session(shell)
        if life.session is None or life.saved_moves == -1:
            # Cut or full while starting: nothing was played, nothing to show.
            assert session is None or session.state.action_count == 0
            return
        in_ram = life.session.state.action_count
        if session is None:  # only a finished game leaves no save behind
            assert life.session.state.is_terminal()
            return
        kept = session.state.action_count
        if life.saved_moves is not None:
            assert kept == life.saved_moves
        else:
            assert in_ram - 1 <= kept <= in_ram
        powercut_play.finish(shell)
        assert session.state.is_terminal()
    finally:
        undo()
