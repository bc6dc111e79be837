"""A journal recorded under the old rule, where a frown could be chosen while a result fitted
(issue 17, item 1), on both runtimes. Replay goes through the rules, which now refuse that
record: the game resumes before it with the device's "could not be restored" message (the
file kept aside as bad.jnl), and the player chooses again from the same roll. No crash and no
second rule kept alive for old saves."""

import os

from dicetable.core import journal
from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.drivers.storage import Store
from dicetable.games import load
from dicetable.games.trek12 import rules as trek12
from dicetable.games.trek12.score import EMPTY
from dicetable.ui import keys


def _old_journal():
    """Header, roll 5/5, then seat 0's product 25 as a frown in circle 7 (5, 0 and 10 fit)."""
    lines = []
    session = Session.start(load("trek12"), {"players": 1, "map": "dunai"}, 7, lines.append)
    session.apply(CHANCE, trek12.roll_action(5, 5))
    frown = trek12.encode(trek12.PROD, 7)
    lines.append(journal.record_line(0, frown, journal.line_crc(lines[-1])))
    return lines


def test_an_old_unforced_frown_ends_the_trusted_part():
    lines = _old_journal()
    resumed, report = Session.resume(lines, load, None, False)
    assert report.applied == 1 and report.dropped == 1 and "legal" in report.reason
    state = resumed.state
    assert state.roll == trek12.roll_action(5, 5) and state.actors() == [0]
    assert trek12.encode(trek12.PROD, 7) not in state.legal_actions(0)


def test_the_device_says_the_frown_could_not_be_restored():
    from dicetable.ui.screens import MessageScreen
    from dicetable.ui.shell import Shell

    lines = _old_journal()
    store = Store("/tmp/dicetable-t12-old-%d" % (os.getpid() if hasattr(os, "getpid") else 0))
    for name in ("game.jnl", "bad.jnl", "game.jnl.tmp"):
        try:
            os.remove(store.path(name))
        except OSError:
            pass
    with open(store.path("game.jnl"), "w") as file:
        for line in lines:
            file.write(line)
    shell = Shell(296, 128, store, lambda: 1)
    screen = shell.screen
    assert isinstance(screen, MessageScreen) and screen.heading == "Game resumed"
    assert "could not be restored" in screen.lines[0]
    assert store.read("bad.jnl") == "".join(lines).encode()
    assert store.read("game.jnl") == "".join(lines[:2]).encode()
    shell.handle(keys.OK)
    state = shell.game_state()
    assert state.roll == trek12.roll_action(5, 5) and state.values[0][7] == EMPTY
