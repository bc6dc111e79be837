"""The base of every screen: what the shell asks a screen, with the defaults of a screen outside
a game. PURE. Its own module so that the screens ui.screens opens (how-to pages, letter wheels)
derive from it without importing ui.screens back.
"""

# Where a screen keeps the game or the screen it stands in front of (find_session looks there).
_HOLDERS = ("session", "play", "inner", "after", "back")


class Screen:
    """What every screen answers; the defaults suit screens outside a game."""

    def __init__(self, shell):
        self.shell = shell

    def handle(self, key):
        return None

    def wants_step(self):
        return False

    def step(self):
        return None

    def take_natural_break(self):
        return False

    def game_state(self):
        return None

    def take_roll(self):
        return False

    def prefetch(self):
        """Work the screen can do ahead while the panel refreshes (the app calls it then, when
        the CPU only waits): importing what its likely next screen needs. Nothing by default."""
        return None

    def key_text(self, words):
        """`words` (a footer, a line of help) with BACK named as this board makes it: "hold
        OK" where no button is BACK (ui.keys.back_word)."""
        back = getattr(self.shell, "back_word", "BACK")
        return words if back == "BACK" else words.replace("BACK", back)


def find_session(screen, depth=3):
    """The Session of the game a screen belongs to, or None."""
    if screen is None or depth == 0:
        return None
    for name in _HOLDERS:
        held = getattr(screen, name, None)
        if held is None:
            continue
        if name == "session":
            return held
        found = find_session(held, depth - 1)
        if found is not None:
            return found
    return None
