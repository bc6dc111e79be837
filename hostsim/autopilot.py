"""Plays the person's part in the headless simulator by choosing which button to press next.

It reads what the screens show (cursor, options, whose turn) and answers with one logical key,
so a whole game - menu, setup, every human turn, results - goes through the same button path a
person uses. Human choices follow the game's bot policy.
"""

import sys

from dicetable.ui import keys
from dicetable.ui.play import PlayScreen
from dicetable.ui.screens import MenuScreen, MessageScreen, PauseScreen, ResultsScreen


def _is_setup(screen):
    # ui.setup is loaded only on the way into a game (the app drops it while one is played, and
    # a new import is a new class): look its class up where it is now.
    module = sys.modules.get("dicetable.ui.setup")
    return module is not None and isinstance(screen, module.SetupScreen)


class Autopilot:
    def __init__(self, game_id, options):
        self.game_id = game_id
        self.options = options  # wanted setup values, e.g. {"players": 3, "bots": 2}
        self.finished = False

    def next_key(self, shell):
        """The key to press now, or None when the game is over and its results are shown."""
        screen = shell.screen
        if isinstance(screen, ResultsScreen):
            self.finished = True
            return None
        if isinstance(screen, MessageScreen):
            return keys.OK
        if isinstance(screen, PauseScreen):
            return keys.OK if screen.cursor == 0 else keys.UP
        if isinstance(screen, MenuScreen):
            ids = [item[0] for item in screen.items]
            return self._towards(screen.cursor, ids.index(self.game_id), len(ids))
        if _is_setup(screen):
            return self._setup_key(screen)
        if isinstance(screen, PlayScreen) or hasattr(screen, "person_asked"):
            return self._play_key(screen)
        raise RuntimeError("autopilot does not know the screen %r" % (screen,))

    @staticmethod
    def _towards(cursor, target, count):
        """OK on the target, else the shorter way round (every list's cursor wraps)."""
        if cursor == target:
            return keys.OK
        down = (target - cursor) % count
        return keys.DOWN if down <= count - down else keys.UP

    def _setup_key(self, screen):
        """Rows top to bottom (the rows above win, so a row set stays set): UP/DOWN move
        between them (PREV/NEXT on 3-button boards, which the device presses for UP/DOWN);
        LEFT/RIGHT change a value where the board has UP and DOWN, else OK."""
        rows = screen.row_count()  # the options, "Start game", "How to play"
        for row, (key, _label, values, _titles) in enumerate(screen.options):
            if key not in self.options or screen.values[key] == self.options[key]:
                continue
            if screen.cursor != row or values is None or not screen.shell.up_down:
                return self._towards(screen.cursor, row, rows)
            if values.index(self.options[key]) > values.index(screen.values[key]):
                return keys.RIGHT
            return keys.LEFT
        return self._towards(screen.cursor, len(screen.options), rows)

    def _play_key(self, screen):
        session = screen.session
        if getattr(screen, "passing", False):
            return keys.OK  # "pass the device to ...": the next person takes it
        asked = screen.person_asked()
        if asked is None:
            return None  # a bot is moving: wait
        seat, is_roll = asked
        if is_roll:
            return keys.OK
        state = session.state
        if hasattr(screen, "key_towards"):
            # A screen with staged choices (Trek 12) knows its own way to an action.
            return screen.key_towards(session.bot_action(seat))
        if hasattr(screen, "menu_actions"):
            choices = screen.menu_actions()
        else:
            choices = state.legal_actions(seat)
        wanted = session.bot_action(seat)
        count = len(choices)
        return self._towards(screen.cursor % count, choices.index(wanted), count)
