"""Journals damaged after their checksums were right: lines lost, repeated or moved, values of
the wrong type behind a good checksum, huge lines, the CRC's spelling, CRLF endings, the old
DTJ1 format. Every case resumes the good prefix exactly or refuses the save with a
JournalError; nothing else escapes. Both runtimes.

Each of these failed before the journal bound records to their place (DTJ2): a dropped,
repeated or swapped line replayed to another game without a word; a header value of the wrong
type raised TypeError; a 150 KB line ran the heap out at boot; "ABCD" passed as "abcd"; a
CRLF journal was refused whole."""

import gc
import os
import sys

from bot_games import journal_of, play_on

from dicetable.core import journal
from dicetable.core.errors import JournalError
from dicetable.core.modules import forget_modules
from dicetable.core.session import Session
from dicetable.drivers.storage import Store
from dicetable.games import load, seats
from dicetable.ui import keys

# Every title, at a seat count with bots so that the whole game plays itself.
_GAMES = (
    ("cybo", {"players": 3, "bots": 3}),
    ("trek12", {"players": 2, "bots": 2, "map": "zen"}),
    ("gang", {"players": 3, "bots": 3}),
    ("ontrack", {"players": 2, "bots": 2}),
    ("dicetrip", {"players": 2, "bots": 2}),
)


def _games():
    """Every title in turn. Under MicroPython each game's modules are dropped after its turn,
    as the device does at the menu: five games' code compiled from source does not fit the
    test's RP2040-sized heap together."""
    for game_id, options in _GAMES:
        yield game_id, options
        if sys.implementation.name == "micropython":
            prefix = "dicetable.games." + game_id
            forget_modules([name for name in sys.modules if name.startswith(prefix)])
            gc.collect()


def _journal(game_id, options, actions=40, seed=11):
    return journal_of(game_id, options, actions, seed)


def _resumes_to_prefix(lines, states, expected_applied):
    """The journal resumes to exactly the state after `expected_applied` records."""
    resumed, report = Session.resume(lines, load, None, False)
    assert report.applied == expected_applied, (report.applied, expected_applied, report.reason)
    if expected_applied:
        assert resumed.state.to_data() == states[expected_applied - 1]
    return report


def test_a_lost_line_is_found_where_it_was_lost_in_every_game():
    for game_id, options in _games():
        lines, states = _journal(game_id, options, actions=24)
        for lost in range(1, len(lines) - 1):
            damaged = lines[:lost] + lines[lost + 1 :]
            report = _resumes_to_prefix(damaged, states, lost - 1)
            assert "out of place" in report.reason, (game_id, lost, report.reason)
            assert not report.torn


def test_a_repeated_line_is_found_in_every_game():
    for game_id, options in _games():
        lines, states = _journal(game_id, options, actions=24)
        for repeated in range(1, len(lines)):
            damaged = lines[: repeated + 1] + [lines[repeated]] + lines[repeated + 1 :]
            _resumes_to_prefix(damaged, states, repeated)


def test_two_lines_swapped_are_found_in_every_game():
    for game_id, options in _games():
        lines, states = _journal(game_id, options, actions=24)
        for first in range(1, len(lines) - 1):
            if lines[first].split(" ")[0] == lines[first + 1].split(" ")[0]:
                continue  # the same record twice: swapping them changes nothing
            damaged = list(lines)
            damaged[first], damaged[first + 1] = damaged[first + 1], damaged[first]
            _resumes_to_prefix(damaged, states, first - 1)


def test_a_first_format_journal_still_resumes_and_goes_on_unchained():
    lines, states = _journal("cybo", {"players": 2, "bots": 2}, actions=12)
    old = [journal.seal(lines[0].rsplit(" ", 1)[0].replace("DTJ2 ", "DTJ1 ", 1))]
    for line in lines[1:]:
        old.append(journal.seal(line.rsplit(" ", 1)[0]))
    written = list(old)
    resumed, report = Session.resume(old, load, written.append, False)
    assert report.applied == 12 and report.dropped == 0 and report.chain is None
    assert resumed.state.to_data() == states[-1]
    play_on(resumed, 1)
    assert written[-1] == journal.unchained_record_line(*journal.parse_record(written[-1]))
    again, report = Session.resume(written, load, None, False)
    assert report.applied == 13 and again.state.to_data() == resumed.state.to_data()


def _sealed_header(game_id, params, seed=1):
    return journal.seal(
        "DTJ2 " + journal.canonical_json({"game": game_id, "params": params, "seed": seed})
    )


def test_header_values_of_the_wrong_type_are_refused_as_a_damaged_save():
    wrong = (None, 1.5, True, -1, 10**12, "", "x" * 300, [], [1, [2]], {}, {"a": 1})
    for game_id, options in _games():
        params = Session.start(load(game_id), options, 1).params
        for key in params:
            for value in wrong:
                changed = dict(params)
                changed[key] = value
                line = _sealed_header(game_id, changed)
                try:
                    Session.resume([line], load)
                except JournalError as exc:
                    assert exc.reason
                # A value the game accepts as it is (a level name it ignores) may resume.
    for seed in (None, 1.5, "7", [7], True):
        try:
            Session.resume([_sealed_header("cybo", {"players": 2}, seed)], load)
        except JournalError:
            continue
        raise AssertionError("seed %r accepted" % (seed,))


def test_deeply_nested_or_huge_headers_are_refused():
    nested = "DTJ2 " + "[" * 400 + "]" * 400
    huge = '{"game":"cybo","params":{"names":["%s"]},"seed":1}' % ("x" * 2000)
    for payload in (nested, "DTJ2 " + huge, "DTJ2 " + '{"game":' * 150):
        try:
            Session.resume([journal.seal(payload)], load)
        except JournalError as exc:
            assert exc.reason
        else:
            raise AssertionError("accepted %r..." % (payload[:40],))


def test_records_that_are_not_exactly_two_integers_end_the_trusted_part():
    lines, states = _journal("cybo", {"players": 2, "bots": 2}, actions=10)
    chain = journal.line_crc(lines[5])
    for payload in (
        '[0,"x"]',
        "[0,1.5]",
        "[0,[1]]",
        "[0, 5]",
        "[00,5]",
        "[-0,5]",
        "[+1,5]",
        "[1_0,5]",
        "[0,5,6]",
        "[0]",
        "{}",
        "[0,99999999999]",
        "[\u0661,5]",
    ):
        damaged = lines[:6] + [journal.seal(payload, chain)] + lines[6:]
        report = _resumes_to_prefix(damaged, states, 5)
        assert report.dropped == len(lines) - 5, payload


def test_integers_the_rules_never_offer_end_the_trusted_part_without_an_error():
    for game_id, options in _games():
        lines, states = _journal(game_id, options, actions=8)
        chain = journal.line_crc(lines[-1])
        for seat in (-1, 0, 1, 7, -9):
            for action in (-1, 0, 1, 99, 1000, 99999, 1999999, 9999999, 123456789):
                line = journal.record_line(seat, action, chain)
                resumed, report = Session.resume(lines + [line], load, None, False)
                # Either a legal move (then it is applied) or the prefix, never an error.
                assert report.applied in (len(states), len(states) + 1)
                if report.applied == len(states):
                    assert resumed.state.to_data() == states[-1]


def test_the_checksum_has_one_spelling():
    lines, states = _journal("cybo", {"players": 2, "bots": 2}, actions=6)
    upper = lines[3][:-5] + lines[3][-5:].upper()
    if upper != lines[3]:
        _resumes_to_prefix(lines[:3] + [upper] + lines[4:], states, 2)
    header = lines[0][:-5] + lines[0][-5:].upper()
    if header != lines[0]:
        try:
            Session.resume([header] + lines[1:], load)
        except JournalError:
            pass
        else:
            raise AssertionError("an upper-case header CRC was accepted")


def test_crlf_line_endings_are_read_as_the_same_journal():
    lines, states = _journal("trek12", {"players": 1, "bots": 1, "map": "zen"}, actions=15)
    crlf = [line[:-1] + "\r\n" for line in lines]
    report = _resumes_to_prefix(crlf, states, 15)
    assert report.dropped == 0


_counter = [0]


def _store():
    _counter[0] += 1
    folder = "/tmp/dicetable-damage-%d-%d" % (
        os.getpid() if hasattr(os, "getpid") else 0,
        _counter[0],
    )
    store = Store(folder)
    for name in ("game.jnl", "bad.jnl", "game.jnl.tmp"):
        try:
            os.remove(store.path(name))
        except OSError:
            pass
    return store


def _write(store, parts):
    with open(store.path("game.jnl"), "w") as file:
        for part in parts:
            file.write(part)


def test_a_huge_line_is_read_in_a_bounded_piece_and_the_prefix_resumes():
    lines, states = _journal("cybo", {"players": 2, "bots": 2}, actions=20)
    store = _store()
    # 150 KB of one line in the middle, written in pieces (no 150 KB string on the heap).
    with open(store.path("game.jnl"), "w") as file:
        for line in lines[:9]:
            file.write(line)
        piece = "7" * 1000
        for _ in range(150):
            file.write(piece)
        file.write("\n")
        for line in lines[9:]:
            file.write(line)
    read = store.load_lines()
    assert len(read) == 10 and len(read[-1]) == journal.MAX_LINE + 1
    report = _resumes_to_prefix(read, states, 8)
    assert "too long" in report.reason


def test_a_huge_header_is_refused_without_reading_it_whole():
    store = _store()
    with open(store.path("game.jnl"), "w") as file:
        file.write('DTJ2 {"game":"cybo","params":{"names":["')
        for _ in range(150):
            file.write("x" * 1000)
        file.write('"]},"seed":1} 0000\n')
    read = store.load_lines()
    assert len(read) == 1 and len(read[0]) == journal.MAX_LINE + 1
    try:
        Session.resume(read, load)
    except JournalError as exc:
        assert "damaged" in exc.reason
    else:
        raise AssertionError("a huge header was accepted")


def test_every_legal_header_fits_in_a_line():
    for game_id, options in _games():
        params = dict(Session.start(load(game_id), options, 1).params)
        params["names"] = ["W" * seats.NAME_LENGTH] * len(params["names"])
        line = journal.header_line(game_id, params, 2**30 - 1)
        assert len(line) < journal.MAX_LINE // 2, (game_id, len(line))


def _boot(store):
    from dicetable.ui.shell import Shell

    return Shell(296, 128, store, lambda: 1)


def test_a_damaged_tail_is_kept_aside_and_the_game_resumes_before_it():
    from dicetable.ui.screens import MessageScreen

    lines, states = _journal("cybo", {"players": 2, "bots": 2}, actions=20)
    store = _store()
    damaged = lines[:8] + lines[9:]  # one line lost
    _write(store, damaged)
    shell = _boot(store)
    screen = shell.screen
    assert isinstance(screen, MessageScreen) and screen.heading == "Game resumed"
    assert "could not be restored" in screen.lines[0]
    assert "bad.jnl" in screen.lines[-1]
    assert store.read("bad.jnl") == "".join(damaged).encode()
    assert store.read("game.jnl") == "".join(lines[:8]).encode()
    shell.handle(keys.OK)
    assert shell.game_state().to_data() == states[6]


def test_a_torn_last_line_is_a_power_cut_not_damage():
    lines, states = _journal("cybo", {"players": 2, "bots": 2}, actions=20)
    store = _store()
    _write(store, lines[:-1] + [lines[-1][:4]])
    shell = _boot(store)
    assert store.read("bad.jnl") is None
    assert "bad.jnl" not in " ".join(shell.screen.lines)
    shell.handle(keys.OK)
    assert shell.game_state().to_data() == states[-2]
