"""The journal: checksummed lines, replay, torn and corrupt tails, bad headers, resume."""

from dicetable.core import journal
from dicetable.core.errors import JournalError
from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load


def _played_session(lines, rolls=40, seed=3):
    session = Session.start(load("cybo"), {"players": 3, "bots": 2}, seed, sink=lines.append)
    for _ in range(rolls):
        actors = session.actors()
        if actors == [CHANCE]:
            session.roll()
        elif actors:
            session.apply(actors[0], session.bot_action(actors[0]))
    return session


def _resume(lines):
    return Session.resume(lines, load)


def test_crc16_check_value():
    # The standard check value of CRC-16/CCITT-FALSE for "123456789".
    assert journal.crc16("123456789") == 0x29B1


def _crc16_bit_by_bit(text, crc):
    # The definition: each byte into the top, eight shifts by the polynomial 0x1021.
    for byte in text.encode():
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def test_crc16_table_steps_equal_the_bit_by_bit_definition():
    # Chained from many CRCs, over ASCII and UTF-8 of two and three bytes.
    texts = ("", "[-1,5]", "[0,2305]", "DTJ2 {}", "Zo\u00eb \u2713", "\x7f\x80\xff")
    for start in range(0, 0x10000, 0x0FFF):
        for text in texts:
            assert journal.crc16(text, start) == _crc16_bit_by_bit(text, start), (text, start)


def test_a_record_is_the_sealed_line_and_its_crc():
    # Session.apply keeps the CRC record() returns instead of reading it back from the line.
    chain = journal.line_crc(journal.header_line("cybo", {"players": 2}, 7))
    for seat in (CHANCE, 0, 1, 5):
        for action in (0, 1, 9, 10, 99, 100, 4095, 65535):
            line, crc = journal.record(seat, action, chain)
            payload = "[%d,%d]" % (seat, action)
            assert line == journal.seal(payload, chain)
            assert line == journal.record_line(seat, action, chain)
            assert crc == journal.line_crc(line) == journal.crc16(payload, chain)
            assert journal.parse_record(line, chain) == (seat, action)
            chain = crc


def test_lines_round_trip():
    header = journal.header_line("cybo", {"players": 2}, 9)
    assert header.startswith("DTJ2 ") and header.endswith("\n")
    assert journal.parse_header(header) == ("cybo", {"players": 2}, 9, True)
    chain = journal.line_crc(header)
    record = journal.record_line(-1, 12, chain)
    assert record.startswith("[-1,12] ")
    assert journal.parse_record(record, chain) == (-1, 12)
    assert journal.parse_record(record) is None  # bound to the line before it
    assert journal.parse_record(journal.record_line(2, 1234567, 7), 7) == (2, 1234567)


def test_replay_reproduces_the_state():
    lines = []
    session = _played_session(lines)
    resumed, report = _resume(lines)
    assert report.applied == len(lines) - 1 and report.dropped == 0 and report.reason == ""
    assert resumed.state.to_data() == session.state.to_data()
    assert resumed.state.history == session.state.history
    assert report.good_length == len("".join(lines).encode())


def test_resumed_dice_continue_the_same_sequence():
    lines = []
    session = _played_session(lines, rolls=25)
    resumed, _report = _resume(list(lines))
    for _ in range(30):
        actors = session.actors()
        if actors == [CHANCE]:
            assert session.roll() == resumed.roll()
        elif actors:
            action = session.bot_action(actors[0])
            assert resumed.bot_action(actors[0]) == action
            session.apply(actors[0], action)
            resumed.apply(actors[0], action)
    assert resumed.state.to_data() == session.state.to_data()


def test_torn_last_record_is_dropped_at_every_byte():
    lines = []
    _played_session(lines, rolls=12)
    complete = lines[:-1]
    expected, _ = _resume(complete)
    last = lines[-1]
    for cut in range(len(last)):
        torn = complete + [last[:cut]] if cut else complete
        resumed, report = _resume(torn)
        assert resumed.state.to_data() == expected.state.to_data()
        assert report.applied == len(complete) - 1
        assert report.dropped == (1 if cut else 0)


def test_corrupt_record_drops_the_rest_and_says_so():
    lines = []
    _played_session(lines, rolls=10)
    bad = list(lines)
    bad[4] = bad[4].replace("[", "{", 1)
    resumed, report = _resume(bad)
    assert report.applied == 3
    assert report.dropped == len(lines) - 4
    assert "record 4" in report.reason


def test_illegal_record_is_treated_as_corrupt():
    lines = []
    _played_session(lines, rolls=3)
    lines.append(journal.record_line(CHANCE, 99, journal.line_crc(lines[-1])))
    resumed, report = _resume(lines)
    assert report.dropped == 1 and "not a legal move" in report.reason


def test_bad_headers_give_clear_errors():
    good = journal.header_line("cybo", {"players": 2}, 1)
    cases = [
        [],
        [good[:10]],
        [good.replace("cybo", "cyba")],
        [journal.seal('DTJ9 {"game":"cybo","params":{},"seed":1}')],
        [journal.seal("DTJ1 [1, 2]")],
        [journal.header_line("chess", {}, 1)],
        [journal.header_line("cybo", {"players": 9}, 1)],
    ]
    for lines in cases:
        try:
            _resume(lines)
        except JournalError as exc:
            assert exc.reason
        except Exception as exc:  # a bad save must never surface as another error
            raise AssertionError("%r gave %r" % (lines, exc))
        else:
            raise AssertionError("accepted %r" % (lines,))


def test_failing_sink_keeps_the_game_and_reports():
    written = []

    def sink(line):
        if len(written) >= 3:
            raise OSError(28)  # ENOSPC: the flash is full
        written.append(line)

    session = Session.start(load("cybo"), {"players": 2}, 5, sink=sink)
    for _ in range(6):
        session.roll()
    assert len(written) == 3
    assert session.save_error.startswith("saving stopped")
    assert len(session.state.history) == 6


def test_device_sessions_keep_no_history_in_ram():
    lines = []
    session = Session.start(load("cybo"), {"players": 2, "bots": 2}, 4, lines.append, False)
    for _ in range(30):
        actors = session.actors()
        if actors == [CHANCE]:
            session.roll()
        elif actors:
            session.apply(actors[0], session.bot_action(actors[0]))
    assert session.state.history is None
    assert session.state.action_count == len(lines) - 1 == 30
    resumed, _report = Session.resume(lines, load, None, False)
    assert resumed.state.history is None and resumed.state.action_count == 30
    assert resumed.state.to_data() == session.state.to_data()
