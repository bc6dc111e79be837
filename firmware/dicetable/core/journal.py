"""The journal: a saved game as text lines, each ending in a checksum chained to the line before.

    DTJ2 {"game": "cybo", "params": {...}, "seed": 7} 3f2a
    [-1,5] 91c0
    [0,20] 0b7e

Line 1 is the header (format tag, game, parameters, seed); every further line is one applied
action as [seat,action], two integers (seat -1 is the dice). Each line ends with a space and a
CRC-16/CCITT in four lowercase hex digits. The header's CRC covers its payload; a record's CRC
continues from the CRC of the line before it, so a record is bound to its place: a line lost,
repeated or moved breaks the chain at that point (DTJ1, the first format, had no chain; it is
still read). A journal is only ever appended to, one whole line per action, so after a power
cut only the last line can be incomplete.

Reading stops at the first line that is incomplete, longer than MAX_LINE, fails its checksum,
is not exactly the canonical [int,int] or is not a legal action: that record and everything
after it are dropped and reported, never trusted. A header that cannot be read is a
JournalError: the game it described cannot be restored.
See docs/journal.md for the format and each game's action vocabulary.
"""

import json

from micropython import const

from dicetable.core.errors import IllegalAction, JournalError
from dicetable.core.protocol import CHANCE

FORMAT_TAG = "DTJ2"
_UNCHAINED_TAG = "DTJ1"  # the first format: the same lines, each record's CRC on its own
# No line of a journal is longer (the longest header, six names of 40 characters, is under
# 512 bytes); a longer one is damage, and reading never holds more than this of it.
MAX_LINE = const(1024)
_CRC_INIT = const(0xFFFF)
_LOW16 = const(0xFFFF)
_CRC_DIGITS = const(4)


# The CRC of each 4-bit value shifted in (polynomial 0x1021): crc16 takes a byte in two table
# steps instead of eight shifts, about 3 times faster on an RP2040 (a record line is 0.65 ms
# bit by bit, and a resumed game checks every line of its journal).
_NIBBLE_CRC = (
    0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
    0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF,
)  # fmt: skip


def crc16(text, crc=_CRC_INIT):
    """CRC-16/CCITT-FALSE of a str (as UTF-8): small ints only, same on every runtime. `crc`
    continues a CRC: that of the line before, for a chained record."""
    return _crc16(text.encode(), crc)


def _crc16(data, crc):
    table = _NIBBLE_CRC
    for byte in data:
        crc = ((crc << 4) & _LOW16) ^ table[(crc >> 12) ^ (byte >> 4)]
        crc = ((crc << 4) & _LOW16) ^ table[(crc >> 12) ^ (byte & 15)]
    return crc


def seal(payload, crc=_CRC_INIT):
    return "%s %04x\n" % (payload, crc16(payload, crc))


def _body(line):
    """A complete line without its line ending ("\n", or "\r\n" from a copy made on
    Windows), or None if it is incomplete."""
    if line.endswith("\r\n"):
        return line[:-2]
    if line.endswith("\n"):
        return line[:-1]
    return None


def unseal(line, crc=_CRC_INIT):
    """The payload of a complete, intact line (its CRC continuing from `crc`), or None. The
    CRC must be written as `seal` writes it (four lowercase hex digits), so one text has one
    meaning."""
    line = _body(line)
    if line is None:
        return None
    cut = len(line) - _CRC_DIGITS - 1
    if cut < 0 or line[cut] != " ":
        return None
    payload = line[:cut]
    if line[cut + 1 :] != "%04x" % crc16(payload, crc):
        return None
    return payload


def line_crc(line):
    """The CRC at the end of an intact line: where the next record's chain starts."""
    line = _body(line)
    return int(line[-_CRC_DIGITS:], 16)


def canonical_json(value):
    """JSON with dict keys sorted and no spaces: the same text on every runtime (MicroPython's
    dicts do not keep insertion order and its json.dumps cannot sort keys)."""
    if isinstance(value, dict):
        keys = sorted(value)
        parts = []
        for key in keys:
            parts.append(json.dumps(str(key)) + ":" + canonical_json(value[key]))
        return "{" + ",".join(parts) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join([canonical_json(item) for item in value]) + "]"
    return json.dumps(value)


def header_line(game_id, params, seed):
    body = canonical_json({"game": game_id, "params": params, "seed": seed})
    return seal(FORMAT_TAG + " " + body)


def record(seat, action, chain):
    """(line, crc): the line of one action, `chain` being the CRC of the line before it
    (`line_crc`), and its own CRC, where the next record's chain starts. One str is made: on
    MicroPython every new str is first looked for among the interned names, a search through
    all of them (0.15-0.25 ms on an RP2040 with a game loaded); bytes are not."""
    crc = _crc16(b"[%d,%d]" % (seat, action), chain)
    return "[%d,%d] %04x\n" % (seat, action, crc), crc


def record_line(seat, action, chain):
    """The line of one action; `chain` is the CRC of the line before it (`line_crc`)."""
    return record(seat, action, chain)[0]


def unchained_record_line(seat, action):
    """The line of one action in a DTJ1 journal (resumed from a save of the first format)."""
    return seal("[%d,%d]" % (seat, action))


def parse_header(line):
    """(game_id, params, seed, chained) from the first line, or JournalError saying what is
    wrong. `chained`: the records' CRCs continue from the line before (DTJ2)."""
    if len(line) > MAX_LINE:
        raise JournalError("the save's header is damaged")
    payload = unseal(line)
    if payload is None:
        raise JournalError("the save's header is damaged")
    tag = payload[: len(FORMAT_TAG) + 1]
    if tag not in (FORMAT_TAG + " ", _UNCHAINED_TAG + " "):
        raise JournalError("the save has an unknown format (expected %s)" % FORMAT_TAG)
    try:
        header = json.loads(payload[len(tag) :])
        game_id = header["game"]
        params = header["params"]
        seed = header["seed"]
    except (ValueError, KeyError, TypeError, IndexError, RuntimeError):
        # RuntimeError: nesting deeper than the parser's recursion limit (CPython).
        raise JournalError("the save's header is not readable")
    if not isinstance(game_id, str) or not isinstance(params, dict):
        raise JournalError("the save's header is not readable")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise JournalError("the save's seed is not a number")
    return game_id, params, seed, tag == FORMAT_TAG + " "


def _integer(text):
    """The int written canonically as `text` (digits, an optional minus, no leading zero), or
    None: `int()` would also take spaces, "+", "_" and other digit sets."""
    digits = text[1:] if text.startswith("-") else text
    if not digits or len(digits) > 9 or (digits[0] == "0" and text != "0"):
        return None  # "-0" and "007" are other spellings of 0 and 7
    for ch in digits:
        if not "0" <= ch <= "9":
            return None
    return int(text)


def _record_of(payload):
    """(seat, action) from a payload that is exactly `[int,int]`, else None."""
    if payload[:1] != "[" or payload[-1:] != "]":
        return None
    parts = payload[1:-1].split(",")
    if len(parts) != 2:
        return None
    seat = _integer(parts[0])
    action = _integer(parts[1])
    if seat is None or action is None:
        return None
    return seat, action


def parse_record(line, chain=_CRC_INIT):
    """(seat, action) from a record line whose CRC continues from `chain`, or None if the line
    is incomplete, too long or damaged, or is not exactly `[int,int]`."""
    if len(line) > MAX_LINE:
        return None
    payload = unseal(line, chain)
    return None if payload is None else _record_of(payload)


class Replay:
    """The outcome of reading a journal: the restored state and what had to be dropped."""

    def __init__(self, game_id, params, seed, state, applied, dropped, reason):
        self.game_id = game_id
        self.params = params
        self.seed = seed
        self.state = state
        self.applied = applied  # records replayed
        self.dropped = dropped  # lines dropped at the tail (0 when the journal was clean)
        self.reason = reason  # why the tail was dropped, or ""
        # True when what was dropped is only an incomplete last line: a power cut, not damage.
        self.torn = False
        # Bytes of the journal that are trusted: a resumed game truncates the file here
        # before appending, so a torn tail never sits in front of new records.
        self.good_length = 0
        # Where the next record's CRC starts: the last trusted line's CRC (DTJ2), or None
        # when the journal is DTJ1 and new records must not be chained either.
        self.chain = None


def replay(lines, new_state, before_chance=None):
    """Rebuild a game from journal lines (each ending in '\n' except maybe a torn last one).

    `new_state(game_id, params, seed)` builds the starting state (and raises JournalError for an
    unknown game or bad parameters). Records are applied through the normal rules, so a journal
    can never put a game in a state the rules would not allow. `before_chance(state)` is called
    before each dice record (a live session uses it to move its random source past that roll).
    """
    lines = iter(lines)
    try:
        first = next(lines)
    except StopIteration:
        raise JournalError("the save is empty")
    game_id, params, seed, chained = parse_header(first)
    state = new_state(game_id, params, seed)
    good_length = len(first.encode())
    chain = line_crc(first) if chained else _CRC_INIT
    applied = dropped = 0
    reason = ""
    torn = False
    for line in lines:
        if dropped:
            dropped += 1
            torn = False
            continue
        record = parse_record(line, chain)
        if record is None:
            dropped = 1
            torn = _body(line) is None and len(line) <= MAX_LINE
            reason = "record %d is %s" % (applied + 1, _what_is_wrong(line, chained))
            continue
        try:
            if before_chance is not None and record[0] == CHANCE and CHANCE in state.actors():
                before_chance(state)
            state.apply(record[0], record[1])
        except IllegalAction as exc:
            dropped = 1
            reason = "record %d is not a legal move: %s" % (applied + 1, exc.reason)
            continue
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            # The rules check a person's choices, which come from lists of legal moves; an
            # integer from a file can be anything, and must never become a crash at boot.
            dropped = 1
            reason = "record %d is not a legal move" % (applied + 1)
            continue
        applied += 1
        good_length += len(line.encode())
        if chained:
            chain = line_crc(line)
    result = Replay(game_id, params, seed, state, applied, dropped, reason)
    result.good_length = good_length
    result.torn = torn
    result.chain = chain if chained else None
    return result


def _what_is_wrong(line, chained):
    """Why a record line was refused, in the words of the resume message."""
    if len(line) > MAX_LINE:
        return "too long"
    body = _body(line)
    if body is None:
        return "incomplete"
    cut = len(body) - _CRC_DIGITS - 1
    if chained and cut > 0 and body[cut] == " " and _record_of(body[:cut]) is not None:
        # A well-formed record whose CRC does not continue the chain: a line before it was
        # lost, or it is repeated or moved (or its checksum itself was damaged).
        return "out of place or damaged"
    return "damaged"
