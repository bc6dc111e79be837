# ruff: noqa: F821
# mypy: ignore-errors
"""What every DiceTable firmware image freezes: the dicetable package and the `board` module.

Included by boards/manifests/NAME.py as include("_dicetable.py", board="NAME"). MicroPython's
build runs each manifest from the manifest's own folder, so relative paths start here.
main.py is not frozen: a frozen main.py would win over the one on flash (pyexec runs frozen
first), and main.py stays on the filesystem so it can be replaced without a new image.
"""

import importlib.util
import os

options.defaults(board=None)
if not options.board:
    raise ValueError('name the board: include("_dicetable.py", board="NAME")')

# opt=1 as `make deploy` builds: asserts go, line numbers stay in tracebacks (STYLE.md rule 13).
package("dicetable", base_path="../../firmware", opt=1)

# main.py imports `board`: boards/NAME.py as one dict, written by tools/deploy.py into
# build/deploy/NAME/board.py, the same file `make deploy` compiles.
_spec = importlib.util.spec_from_file_location(
    "dicetable_deploy", os.path.abspath(os.path.join("..", "..", "tools", "deploy.py"))
)
_deploy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_deploy)
module("board.py", base_path=_deploy.write_board_module(options.board), opt=1)
