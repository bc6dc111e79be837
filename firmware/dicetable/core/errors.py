"""Errors the game core raises. Each carries a sentence a player can read."""


class IllegalAction(Exception):
    """An action that the rules do not allow now. The state is left exactly as it was."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class JournalError(Exception):
    """A saved game that cannot be read (bad header, unknown game or version)."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason
