"""Loading a board data file (boards/NAME.py) by name, with a clear error for a missing one."""

from hostsim import paths


class BoardError(ValueError):
    pass


def available():
    import os

    names = []
    for name in sorted(os.listdir(paths.BOARDS)):
        if name.endswith(".py") and not name.startswith("_"):
            names.append(name[:-3])
    return names


def load_board(name):
    if name not in available():
        raise BoardError(
            "no board file boards/%s.py (known boards: %s)" % (name, ", ".join(available()))
        )
    module = __import__("boards." + name, None, None, ("BOARD",))
    board = module.BOARD
    for section in ("panel", "matrix", "buttons", "led_budget_ma"):
        if section not in board:
            raise BoardError("board %s has no %r entry" % (name, section))
    return board
