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


# Runtimes the simulator runs the firmware under (None: MicroPython, the device's), and where
# a board of another runtime runs instead.
SIMULATED_RUNTIMES = (None, "circuitpython")
ELSEWHERE = {"web": "it runs in a web page: make web-serve, then open the address (docs/web.md)"}


def simulated():
    """The boards the simulator can run: those of a runtime it simulates."""
    return [name for name in available() if load_board(name).get("runtime") in SIMULATED_RUNTIMES]


def check_simulated(name, board):
    """BoardError, saying where the board runs, for a board the simulator cannot run."""
    runtime = board.get("runtime")
    if runtime not in SIMULATED_RUNTIMES:
        where = ELSEWHERE.get(runtime, "the simulator has no %r runtime" % runtime)
        raise BoardError(
            "board %s is not for the simulator: %s (the simulator's boards: %s)"
            % (name, where, ", ".join(simulated()))
        )


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
