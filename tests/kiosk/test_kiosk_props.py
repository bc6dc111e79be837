"""Property tests (CPython, hypothesis) for the kiosk's screens: random buttons never change a
setting or clear a table without the right PIN, and never write the PIN; random gaps between
presses reset a game exactly when one gap reaches the idle time, never before; random games
give high-score tables ordered as the rules say (higher first, a tie below the older ones,
ten at most); the kiosk's files come out byte for byte the same under MicroPython; and the
attract loop's pages draw on the 400x300 panel (the portable test keeps to 296x128)."""

import os
import subprocess

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicetable.games import load
from dicetable.kiosk.attract import AttractScreen
from dicetable.kiosk.high_scores import SIZE
from dicetable.ui import keys
from dicetable.ui.screens import ResultsScreen

from kiosk_helpers import PIN, Rig, finished_session, scenario
from test_kiosk_attract import draw_every_page

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
_IDLE_S = 30
_SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# A button event: a key pressed alone, or the teacher chord.
_CHORD = -1
# OK and RIGHT weigh more: they are what types digits and moves on, so PIN screens are reached
# and wrong PINs entered (the rate limit then shows).
_WEIGHTED = list(range(keys.KEY_COUNT)) + [keys.OK, keys.OK, keys.RIGHT, _CHORD, _CHORD]
presses = st.lists(st.sampled_from(_WEIGHTED), min_size=10, max_size=150)


@_SLOW
@given(presses)
def test_random_buttons_never_change_settings_or_tables_without_the_pin(sequence):
    rig = Rig({"enabled": True})
    try:
        kiosk = rig.kiosk
        kiosk.scores.insert("gang", "ANN", 40)
        before = kiosk.settings.values()
        opened = []
        real_unlock = kiosk.lock.unlock

        def unlock(pin, now_ms):
            result = real_unlock(pin, now_ms)
            opened.append(result and pin == PIN)
            return result

        kiosk.lock.unlock = unlock
        for key in sequence:
            if key == _CHORD:
                rig.chord()
            else:
                rig.press(key)
        if not any(opened):
            assert kiosk.settings.values() == before
            assert kiosk.scores.table("gang") == [("ANN", 40)]
        for path in rig.flash.files:
            assert PIN.encode() not in bytes(rig.flash.files[path])
    finally:
        rig.close()


gaps = st.lists(st.integers(1, 2 * _IDLE_S * 1000), min_size=1, max_size=12)


@_SLOW
@given(gaps)
def test_a_game_is_reset_exactly_when_a_gap_reaches_the_idle_time(pauses):
    rig = Rig({"enabled": True, "idle_s": _IDLE_S})
    try:
        rig.shell.start_game("cybo", {"players": 2, "bots": 0})
        session = rig.screen.session
        for gap in pauses:
            playing = getattr(rig.screen, "session", None) is session
            rig.press(keys.DOWN, gap=gap)
            if not playing:
                break
            if gap >= _IDLE_S * 1000:
                # The game went at the deadline; this press only left the attract loop.
                assert rig.kiosk.log.count() == 1
                record = next(iter(rig.kiosk.log.entries()))
                assert record["ended"] == "abandoned"
                break
            assert getattr(rig.screen, "session", None) is session
            assert rig.kiosk.log.count() == 0
        else:
            rig.wait(_IDLE_S * 1000)
            assert isinstance(rig.screen, AttractScreen) and rig.kiosk.log.count() == 1
    finally:
        rig.close()


games = st.lists(
    st.tuples(st.integers(0, 10**6), st.integers(1, 4), st.booleans()), min_size=1, max_size=6
)


@_SLOW
@given(games)
def test_high_score_tables_follow_the_rules(played):
    rig = Rig({"enabled": True})
    model = []  # (score, order of entry): what the table must hold
    entries = 0
    try:
        for seed, people, with_bot in played:
            bots = [people] if with_bot else []
            options = {"players": people + len(bots), "bots": bots, "level": "beginner"}
            if options["players"] < 2:
                options["players"] = 2
                options["bots"] = [1]
            session = finished_session(load("cybo"), options, seed)
            totals = session.state.scores()
            rig.shell.show(ResultsScreen(rig.shell, session))
            while not isinstance(rig.screen, ResultsScreen):
                seat = int(rig.screen.lines[0].split(":")[0][1:]) - 1
                assert not session.is_bot(seat)
                rig.press(keys.OK)
                rig.press(keys.OK)
                rig.press(keys.OK)
                entries += 1
                model.append((-totals[seat], entries))
                model.sort()
                del model[SIZE:]
        table = rig.kiosk.scores.table("cybo/beginner")
        assert [score for _initials, score in table] == [-score for score, _order in model]
        scores = [score for _initials, score in table]
        assert scores == sorted(scores, reverse=True) and len(scores) <= SIZE
    finally:
        rig.close()


# The heap is not under test here (the portable tests run at the device size): room to spare.
_SCENARIO = """
import sys
sys.path.append("tests/portable/kiosk")
sys.path.append("tests/portable")
from kiosk_helpers import scenario
for name, data in scenario():
    print(name, data)
"""


def test_the_kiosk_files_are_the_same_bytes_under_micropython():
    found = scenario()
    assert [name for name, _data in found] == [
        "/data/kiosk.dat",
        "/data/kiosk.dat.2",
        "/data/lock.dat",
        "/data/lock.dat.2",
        "/data/numbers.dat",
        "/data/numbers.dat.2",
        "/data/results.0",
        "/data/scores.dat",
        "/data/scores.dat.2",
    ]
    expected = ["%s %s" % (name, data) for name, data in found]
    env = dict(
        os.environ,
        MICROPYPATH=".frozen:firmware:hostsim/shims:tests/portable:tests/portable/kiosk:.",
    )
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=512wK", "-c", _SCENARIO],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert result.stdout.splitlines() == expected


def test_every_attract_page_draws_on_the_large_panel_too():
    draw_every_page(((400, 300),))
