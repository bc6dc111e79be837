"""The simulator's command line: `python -m hostsim [run|replay|play] ...` (hostsim/__main__.py
acts on it; the interactive front end's bot demo parses its options the same way).
"""

import argparse

_DESCRIPTION = """DiceTable simulator.

python -m hostsim                 the device in this terminal (a bot demo without a terminal)
python -m hostsim run [options]   a headless game through simulated button presses
python -m hostsim replay JOURNAL [--json]
"""


def _parser():
    parser = argparse.ArgumentParser(
        prog="python -m hostsim",
        description=_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command")
    run = commands.add_parser("run", help="play headless through simulated button presses")
    run.add_argument(
        "--game", default="cybo", choices=["cybo", "gang", "trek12", "ontrack", "dicetrip"]
    )
    run.add_argument("--map", help="Trek 12's map (dunai, kagkot, ...)")
    run.add_argument(
        "--mode",
        choices=["sheets", "play", "dice"],
        help="dice: the device only rolls (Dice Trip calls sheets mode play)",
    )
    run.add_argument("--players", type=int, default=3)
    run.add_argument("--bots", type=int, default=2)
    run.add_argument("--level", choices=["beginner", "advanced", "master", "grandmaster"])
    run.add_argument("--grid", choices=["rows", "columns"])
    run.add_argument(
        "--first", type=int, metavar="SEAT", help="Dice Trip: the player who rolls first, from 1"
    )
    run.add_argument("--seed", type=int, default=7)
    run.add_argument("--board", default="sim296")
    run.add_argument("--script", default="", help='keys to press first, e.g. "DOWN OK LONG:OK"')
    run.add_argument(
        "--no-autopilot",
        action="store_true",
        help="press only the script's keys (the game may stay unfinished)",
    )
    run.add_argument("--png", metavar="DIR", help="write panel and LED images after each refresh")
    run.add_argument(
        "--data", metavar="DIR", help="the device's flash folder (default: temporary)"
    )
    replay = commands.add_parser("replay", help="final state and scores of a saved game")
    replay.add_argument("journal")
    replay.add_argument("--json", action="store_true")
    interactive = commands.add_parser("play", help="the device in this terminal")
    interactive.add_argument("--board", default="sim296")
    interactive.add_argument("--data", metavar="DIR", default=None)
    interactive.add_argument("--seed", type=int, default=None)
    return parser


def parse_args(argv=None):
    return _parser().parse_args(argv)
