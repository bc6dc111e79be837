"""The journal: a saved game as text lines, each ending in its own checksum.

    DTJ1 {"game": "cybo", "params": {...}, "seed": 7} 3f2a
    [-1, 5] 91c0
    [0, 20] 0b7e

Line 1 is the header (format tag, game, parameters, seed); every further line is one applied
action as [seat, action] (seat -1 is the dice). Each line ends with a space and the CRC-16/CCITT
of everything before that space, in four hex digits. A journal is only ever appended to, one
whole line per action, so after a power cut only the last line can be incomplete.

Reading stops at the first line that is incomplete, fails its checksum or is not a legal action:
that record and everything after it are dropped and reported, never trusted. A header that
cannot be read is a JournalError: the game it described cannot be restored.
See docs/journal.md for the format and each game's action vocabulary.
"""

import json

from micropython import const

from dicetable.core.errors import IllegalAction, JournalError
from dicetable.core.protocol import CHANCE

FORMAT_TAG = "DTJ1"
_CRC_POLY = const(0x1021)
_CRC_INIT = const(0xFFFF)
_LOW16 = const(0xFFFF)


def crc16(text):
    """CRC-16/CCITT-FALSE of a str (as UTF-8): small ints only, same on every runtime."""
    crc = _CRC_INIT
    for byte in text.encode():
        crc ^= byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ _CRC_POLY) & _LOW16
            else:
                crc = (crc << 1) & _LOW16
    return crc


def seal(payload):
    return "%s %04x\n" % (payload, crc16(payload))


def unseal(line):
    """The payload of a complete, intact line, or None."""
    if not line.endswith("\n"):
        return None
    line = line[:-1]
    cut = line.rfind(" ")
    if cut < 0 or len(line) - cut != 5:
        return None
    payload = line[:cut]
    try:
        crc = int(line[cut + 1 :], 16)
    except ValueError:
        return None
    return payload if crc == crc16(payload) else None


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


def record_line(seat, action):
    return seal(canonical_json([seat, action]))


def parse_header(line):
    """(game_id, params, seed) from the first line, or JournalError saying what is wrong."""
    payload = unseal(line)
    if payload is None:
        raise JournalError("the save's header is damaged")
    if not payload.startswith(FORMAT_TAG + " "):
        raise JournalError("the save has an unknown format (expected %s)" % FORMAT_TAG)
    try:
        header = json.loads(payload[len(FORMAT_TAG) + 1 :])
        game_id = header["game"]
        params = header["params"]
        seed = header["seed"]
    except (ValueError, KeyError, TypeError):
        raise JournalError("the save's header is not readable")
    if not isinstance(game_id, str) or not isinstance(params, dict):
        raise JournalError("the save's header is not readable")
    return game_id, params, seed


def parse_record(line):
    """(seat, action) from a record line, or None if the line is incomplete or damaged."""
    payload = unseal(line)
    if payload is None:
        return None
    try:
        record = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(record, list) or len(record) != 2 or not isinstance(record[0], int):
        return None
    return record[0], record[1]


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
        # Bytes of the journal that are trusted: a resumed game truncates the file here
        # before appending, so a torn tail never sits in front of new records.
        self.good_length = 0


def replay(lines, new_state, before_chance=None):
    """Rebuild a game from journal lines (each ending in '\\n' except maybe a torn last one).

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
    game_id, params, seed = parse_header(first)
    state = new_state(game_id, params, seed)
    good_length = len(first.encode())
    applied = dropped = 0
    reason = ""
    for line in lines:
        if dropped:
            dropped += 1
            continue
        record = parse_record(line)
        if record is None:
            dropped = 1
            reason = "record %d is incomplete or damaged" % (applied + 1)
            continue
        try:
            if before_chance is not None and record[0] == CHANCE and CHANCE in state.actors():
                before_chance(state)
            state.apply(record[0], record[1])
        except IllegalAction as exc:
            dropped = 1
            reason = "record %d is not a legal move: %s" % (applied + 1, exc.reason)
            continue
        applied += 1
        good_length += len(line.encode())
    result = Replay(game_id, params, seed, state, applied, dropped, reason)
    result.good_length = good_length
    return result
