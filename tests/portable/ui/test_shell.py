"""dicetable.ui.shell on both runtimes: a flash that refuses to remove a save never crashes the
device, and a new game is then not appended to the old save."""

import errno

from dicetable.core.session import Session
from dicetable.games import load
from dicetable.ui.screens import ResultsScreen
from dicetable.ui.shell import Shell

# MicroPython's errno has no ENOSPC (its littlefs still raises OSError(28)).
_ENOSPC = getattr(errno, "ENOSPC", 28)


class _RefusingStore:
    """Holds journal lines in memory; clear() fails as a full or worn flash may."""

    def __init__(self, lines=()):
        self.lines = list(lines)

    def load_lines(self):
        return list(self.lines)

    def append(self, line):
        self.lines.append(line)

    def truncate(self, length):
        pass

    def quarantine(self):
        pass

    def clear(self):
        raise OSError(_ENOSPC)


def test_a_new_game_is_not_saved_over_a_save_that_cannot_be_removed():
    store = _RefusingStore()
    shell = Shell(296, 128, store, lambda: 5)
    shell.start_game("cybo", {"players": 2, "bots": 1})
    session = shell.screen.session
    assert session.save_error.startswith("saving stopped")
    assert "could not remove" in shell.notice
    assert store.lines == []  # nothing appended to what was there
    session.roll()  # the game goes on unsaved
    assert store.lines == []


def test_a_finished_game_whose_save_cannot_be_removed_still_shows_its_results():
    lines = []
    session = Session.start(load("cybo"), {"players": 2, "bots": 2}, 9, lines.append)
    while session.actors():
        seat = session.actors()[0]
        if seat < 0:
            session.roll()
        else:
            session.apply(seat, session.bot_action(seat))
    shell = Shell(296, 128, _RefusingStore(lines), lambda: 5)
    assert isinstance(shell.screen, ResultsScreen)
    assert "could not remove" in shell.notice
