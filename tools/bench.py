"""`make bench`: DiceTable's budgets, measured and printed (numbers, never pass/fail timings).

One section per game or part (tools/bench_<part>.py); this file builds what they need and runs
them in order. The measures:
- heap: the smallest plain `-X heapsize=NK` (no `w`: conservative for the 32-bit RP2040, see
  TOOLCHAIN.md) under which a whole game - UI, panel driver, LEDs, buttons, journal on flash -
  completes under the MicroPython unix port, found by bisection. The simulated panel model, fake
  pins and autopilot share that heap, so the figure is an upper bound.
- work: Python lines executed in firmware code per action (deterministic; sys.settrace on
  CPython, firmware files only), next to an estimated device time (TOOLCHAIN.md: ~170 x CPython).
- e-ink and LEDs: bytes sent per cursor move, per round, per roll.
- size: total .mpy bytes of the firmware built with mpy-cross -march=armv6m.
- pico: the device figures, measured on MicroPython's own RP2040 firmware in an emulator and on a
  32-bit build with RP2040 object sizes, when the team's ../shared/pico/ is beside the clone
  (tools/bench_pico.py; it says so in one line and is skipped otherwise). Every figure above is
  a host proxy; these are the device's.

    python tools/bench.py [SECTION ...]     (default: every section)
"""

import os
import sys

from bench_common import BUILD, build_host_modules

SECTIONS = ("cybo", "gang", "trek12", "leds", "ontrack", "dicetrip", "device", "pico")


def mpy_bytes():
    total = 0
    for folder, _dirs, files in os.walk(BUILD):
        for name in files:
            if name.endswith(".mpy"):
                total += os.path.getsize(os.path.join(folder, name))
    return total


def main(argv):
    chosen = argv[1:] or list(SECTIONS)
    for name in chosen:
        if name not in SECTIONS:
            print("bench: unknown section %r (known: %s)" % (name, " ".join(SECTIONS)))
            return 2
    build_host_modules()
    print("DiceTable bench")
    print("  .mpy total (armv6m, -O3):        %7d bytes" % mpy_bytes())
    for name in chosen:
        module = __import__("bench_" + name)
        module.report()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
