"""DiceTable simulator: `python -m hostsim [run|replay|play]` (hostsim/cli.py has the options)."""

import sys

from hostsim.cli import parse_args


def _framebuf_for(name):
    """A CircuitPython board draws with the portable framebuf, as on the device (this must
    come before anything imports framebuf)."""
    from hostsim.boards import BoardError, load_board

    try:
        board = load_board(name)
    except BoardError:
        return  # reported where the board is built
    if board.get("runtime") == "circuitpython":
        from hostsim import circuitpython

        circuitpython.use_portable_framebuf()


def main(argv=None):
    args = parse_args(argv)
    try:
        if getattr(args, "board", None):
            _framebuf_for(args.board)
        if args.command == "run":
            from hostsim.run import run

            return run(args)
        if args.command == "replay":
            from hostsim.replay import main as replay_main

            return replay_main(args.journal, args.json)
        if args.command in (None, "play"):
            for name, default in (("board", "sim296"), ("data", None), ("seed", None)):
                if not hasattr(args, name):
                    setattr(args, name, default)
            from hostsim.interactive import main as interactive_main

            return interactive_main(args)
    except (ValueError, OSError) as exc:
        # Bad scripts, unknown boards, unreadable files: one clear line, no traceback.
        print("hostsim: %s" % exc, file=sys.stderr)
        return 2
    return 2


if __name__ == "__main__":
    sys.exit(main())
