"""boot.take_name_pool on MicroPython's unix port: boot interns throwaway names until the next pool
of names (qstrs) is taken, so that a game never needs that pool's kilobytes in one piece from a
heap it has fragmented (docs/device.md, "Time and memory on the chip")."""

import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

_CODE = """
import micropython
from dicetable import boot
micropython.qstr_info()
print("TAKEN", boot.take_name_pool())
micropython.qstr_info()
print("AGAIN", boot.take_name_pool())
"""


def _run():
    done = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=190wK", "-c", _CODE],
        capture_output=True,
        text=True,
        env=dict(os.environ, MICROPYPATH=".frozen:" + os.path.join(ROOT, "firmware")),
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_boot_takes_the_next_pool_of_names_then_stops():
    out = _run()
    pools = [int(n) for n in re.findall(r"n_pool=(\d+)", out)]
    names = [int(n) for n in re.findall(r"n_qstr=(\d+)", out)]
    taken = int(re.search(r"TAKEN (\d+)", out).group(1))
    # A pool came, within the names it interned (it checks every 32), and no more than that.
    assert pools[1] == pools[0] + 1
    assert 0 < taken <= 384 and names[1] - names[0] >= taken
    # The pool after that one is twice as far: not within reach, so nothing is found (0),
    # and the throwaway names stop at the limit.
    assert int(re.search(r"AGAIN (\d+)", out).group(1)) == 0


def test_on_cpython_there_is_no_heap_to_weigh():
    from dicetable import boot

    assert boot.take_name_pool() == 0
