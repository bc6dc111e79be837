"""The pause menu asks before it ends a game (issue 16): OK on "End this game" used to remove
the save at once. Both runtimes."""

from dicetable.ui import keys
from dicetable.ui.screens import MenuScreen, PauseScreen
from dicetable.ui.shell import Shell


class _Store:
    def __init__(self):
        self.lines = []
        self.cleared = 0

    def load_lines(self):
        return list(self.lines)

    def append(self, line):
        self.lines.append(line)

    def truncate(self, length):
        pass

    def quarantine(self):
        pass

    def clear(self):
        self.cleared += 1
        self.lines = []


def _paused():
    store = _Store()
    shell = Shell(296, 128, store, lambda: 5)
    shell.start_game("cybo", {"players": 2, "bots": 1})
    play = shell.screen
    shell.handle(keys.BACK)
    assert isinstance(shell.screen, PauseScreen)
    return shell, store, play


def test_ending_a_game_asks_first_and_no_is_the_default():
    shell, store, play = _paused()
    before = store.cleared
    shell.handle(keys.DOWN)  # "End this game"
    shell.handle(keys.OK)
    assert shell.screen.confirming and shell.screen.cursor == 0 and store.cleared == before
    shell.handle(keys.OK)  # "No, keep playing"
    assert shell.screen is play and store.lines


def test_yes_ends_it_and_back_keeps_it():
    shell, store, play = _paused()
    shell.handle(keys.DOWN)
    shell.handle(keys.OK)
    shell.handle(keys.BACK)  # BACK on the question: back to the game
    assert shell.screen is play
    shell.handle(keys.BACK)
    shell.handle(keys.DOWN)
    shell.handle(keys.OK)
    shell.handle(keys.DOWN)  # "Yes, end it"
    shell.handle(keys.OK)
    assert isinstance(shell.screen, MenuScreen) and store.lines == []
