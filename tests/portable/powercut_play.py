"""Whole games on the fake flash (powercut_fs.py), through the device's shell: play until the
power dies, boot again, and check what the resumed device shows against what was in RAM.

Every seat is a bot, so a game needs no key presses and is the same on every run: a resumed
game that went on must write the very journal an uncut run wrote. Both runtimes.
"""

from dicetable.drivers.storage import Store
from dicetable.ui import keys
from dicetable.ui.screens import MenuScreen, MessageScreen
from dicetable.ui.shell import Shell

import powercut_fs

FOLDER = "/data"
JOURNAL = FOLDER + "/game.jnl"
LAST = FOLDER + "/last.jnl"
BAD = FOLDER + "/bad.jnl"
_WIDTH = 296
_HEIGHT = 128
# The Store the device opens at boot: a test of another file system swaps in its own.
STORE = [Store]
# True: the store keeps each step's journal lines and writes them after the step, as the app
# does while the panel refreshes (Store.write_behind); a test sets it and puts it back.
BEHIND = [False]


def boot(seed=1):
    """Power up on the installed flash: the shell, with the saved game resumed or the menu."""
    seeds = [seed]

    def seed_source():
        seeds[0] += 1
        return seeds[0] - 1

    # No reserve: these flashes are a few hundred bytes, and what is under test is the
    # journal on a full flash (tests/portable/kiosk/test_flash_reserve.py tests the reserve).
    store = STORE[0](FOLDER, reserve=0)
    if BEHIND[0]:
        store.write_behind()
    return Shell(_WIDTH, _HEIGHT, store, seed_source)


def settle(shell):
    """After a step, what the app does once its picture is on the way to the panel: write the
    lines kept behind, and tell the game when that was refused (app.App._write_behind)."""
    error = shell.store.flush() if BEHIND[0] else None
    if error is not None:
        shell.saving_failed(error)


class Life:
    """What the device held in RAM, to compare with the flash after the power died."""

    def __init__(self):
        self.game = -1  # index of the game being started or played
        self.session = None  # that game's session, once started
        self.saved_moves = None  # moves on flash when saving stopped (-1: not even the header)
        self.journals = []  # last.jnl after each game that ended


def play(flash, games, life, last_moves=-1):
    """Power up and play `games` ((game_id, options), every seat a bot) one after another
    through the shell; the last one stops after `last_moves` moves (-1: at its end)."""
    shell = boot()
    for index in range(len(games)):
        life.game = index
        life.session = None
        life.saved_moves = None
        game_id, options = games[index]
        shell.start_game(game_id, options)
        settle(shell)
        session = life.session = shell.screen.session
        if session.save_error:
            life.saved_moves = -1
        moves = 0
        while shell.wants_step() and not (index == len(games) - 1 and moves == last_moves):
            shell.step()
            settle(shell)
            moves += 1
            if session.save_error and life.saved_moves is None:
                life.saved_moves = session.state.action_count - 1
        if session.state.is_terminal():
            life.journals.append(flash.read(LAST))
    return shell


def resumed_session(shell):
    """The session on screen after power-up (also behind a "Game resumed" message), or None."""
    screen = shell.screen
    session = getattr(screen, "session", None)
    if session is None and hasattr(screen, "after"):
        session = getattr(screen.after, "session", None)
    return session


def finish(shell):
    """Play the resumed game to its end (past a message screen); returns its session."""
    if getattr(shell.screen, "session", None) is None:
        shell.handle(keys.OK)
        settle(shell)
    while shell.wants_step():
        shell.step()
        settle(shell)
    return shell.screen.session


def reference(mode, games, last_moves):
    """An uncut run: (write steps of the run stopped after `last_moves` moves of the last
    game, the finished journal of each game played to its end)."""
    flash = powercut_fs.FakeFlash(mode)
    undo = powercut_fs.install(flash)
    try:
        life = Life()
        play(flash, games, life)
        flash = powercut_fs.FakeFlash(mode)
        powercut_fs.install(flash)
        play(flash, games, Life(), last_moves)
        return flash.steps, life.journals
    finally:
        undo()


def check_after_cut(flash, life, journals):
    """Power up on `flash` (installed) after a cut: the game in RAM minus at most the action
    in flight, never a crash. Returns which case it was."""
    shell = boot()
    session = resumed_session(shell)
    if life.session is None:  # the cut hit the start of game `life.game`
        if session is not None:
            # Starting may move at once (Gang of Dice's dice deal the cards): what is on flash
            # is that start, and the resumed game goes on exactly as the uncut one.
            if life.game > 0:
                assert flash.read(LAST) == journals[life.game - 1]
            finish(shell)
            assert flash.read(LAST) == journals[life.game]
            return "start"
        if isinstance(shell.screen, MessageScreen):  # a torn header: moved aside, explained
            assert shell.screen.heading == "Save could not be restored"
            assert flash.read(BAD) is not None
            assert isinstance(boot().screen, MenuScreen)  # no crash loop
            return "torn header"
        else:
            assert isinstance(shell.screen, MenuScreen)
        if life.game > 0:  # the game before is kept whole
            assert flash.read(LAST) == journals[life.game - 1]
        return "start"
    in_ram = life.session.state.action_count
    assert session is not None, "game %d lost (%d moves in RAM)" % (life.game, in_ram)
    kept = session.state.action_count
    if kept > in_ram:
        # The resumed screen moved at once (Gang of Dice's dice deal the card of the round the
        # last saved move ended): chance moves only, after the ones kept.
        records = flash.read(JOURNAL).split(b"\n")[1 + in_ram : 1 + kept]
        assert all(record.startswith(b"[-1,") for record in records), records
        kept = in_ram
    assert in_ram - 1 <= kept <= in_ram, (in_ram, kept)
    # The resumed game goes on exactly as the uncut one: same moves, same rolls, same journal.
    finish(shell)
    assert flash.read(LAST) == journals[life.game]
    return "lost one" if kept < in_ram else "kept all"


def cut_everywhere(mode, games, last_moves, keep=powercut_fs.half):
    """Cut the power at each write step of the run in turn and check each boot after it.
    Returns (steps, {case: count})."""
    steps, journals = reference(mode, games, last_moves)
    outcomes = {}
    for cut_at in range(1, steps + 1):
        flash = powercut_fs.FakeFlash(mode, cut_at, keep)
        undo = powercut_fs.install(flash)
        life = Life()
        try:
            try:
                play(flash, games, life, last_moves)
            except powercut_fs.PowerCut:
                pass
            else:
                raise AssertionError("no power cut at step %d of %d" % (cut_at, steps))
            flash = flash.reboot()
            powercut_fs.install(flash)
            outcome = check_after_cut(flash, life, journals)
        finally:
            undo()
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return steps, outcomes
