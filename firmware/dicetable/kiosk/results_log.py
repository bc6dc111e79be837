"""The results log: every finished or abandoned kiosk game as one line on flash, bounded, and
never damaged by a power cut.

A record is canonical JSON (core.journal.canonical_json) sealed with the journal's CRC-16:

    {"actions":212,"device":"e66038b7...","ended":"finished","game":"cybo","number":17,
     "params":{...},"seats":[{"bot":false,"breakdown":[["Trinity x3",9]],"name":"P1",
     "score":9},...],"seconds":734,"winners":[0]} 3f2a

`device` (machine.unique_id() in hex) and `number` (1, 2, 3... per device, never reused, not
even after `clear`) identify a game for the host's de-duplication (tools/collect.py).

The log is a ring of SEGMENTS files, results.0 .. results.N, each at most SEGMENT_BYTES long
(one record always fits, however long). Each starts with a header line

    DTR1 {"dropped":0,"next":17,"seq":4} 91c0

`seq` orders the segments (the highest is the newest), `next` is the number of the segment's
first record and `dropped` counts the records that rotations threw away before this segment
began (since the last clear). Every change is one `store.write_atomic` of one segment (a
temporary file renamed over the old one), so a power cut at any step leaves either the old
or the new version: a record is appended by rewriting the newest segment, and when that is
full the oldest segment is replaced by a new one holding the record alone, dropping the oldest
results in one step. Only one segment is ever in RAM.

What a rotation may drop: an empty segment is taken first, then the oldest segment that holds
only abandoned games; a finished result leaves the log only when every segment holds one (the
log is full of finished results: `nearly_full` warns the teacher before). An abandoned game
that would push out a finished one is counted instead (`unrecorded`). A segment whose header
cannot be read is damaged: it is kept as it is (its readable records still count) and never
taken. The next game's number is also kept in its own file (NUMBER_FILE, written after the
segment), and a scan takes the largest of it, the newest header's and the records behind a
damaged header, so no number comes twice whatever was damaged. An append first ends a last
line that lost only its newline, or cuts it off when it is torn, and reads the segment back
after writing it.

The kiosk's small files (high scores, teacher lock, kiosk settings, the number file) are one
sealed line each, written the same way and twice: `write_document` writes a copy (NAME.2)
first and then the file itself, `read_document` reads the file and, when it is damaged or
missing, the copy. One flipped bit or torn write cannot lose what such a file guards.

PURE: files only through the injected store (drivers.storage.Store on the device).
"""

import binascii
import json

from micropython import const

from dicetable.core.journal import seal, unseal, canonical_json

FINISHED = "finished"
ABANDONED = "abandoned"
FORMAT_TAG = "DTR1"
PREFIX = "results."  # segment k is the file "results.k" in the store's folder
# Defaults: 12 segments of 4 KB hold 30-90 games (a record is 0.5-1.7 KB, the longest being a
# six-player Trek 12), and an append never holds more than one segment in RAM.
SEGMENTS = const(12)
SEGMENT_BYTES = const(4096)
_NONE = const(-1)  # seq of an empty segment
_DAMAGED = const(-2)  # seq of a segment with data but no readable header: kept, never taken
NUMBER_FILE = "numbers.dat"  # {"next": n, "unrecorded": k}, see above (not a segment's name)
_NUMBER_TAG = "DTN1"
_ABANDONED_MARK = b'"ended":"abandoned"'  # how a record line says it, canonical JSON


class DocumentError(ValueError):
    """A kiosk file that exists but cannot be read (damaged, or of another format)."""


# --- single-document files ----------------------------------------------------------------
COPY_SUFFIX = ".2"


def write_document(store, name, tag, value, essential=False):
    """One sealed line `TAG json crc` written atomically, to the copy and then to the file
    (OSError if the flash refuses). `essential`: may use the flash kept in reserve
    (drivers.storage: the teacher lock's count of wrong PINs)."""
    data = seal(tag + " " + canonical_json(value)).encode()
    store.write_atomic(name + COPY_SUFFIX, data, essential)
    store.write_atomic(name, data, essential)


def read_document(store, name, tag):
    """The value `write_document` stored: the file's, or its copy's when the file is damaged
    or missing; None if neither exists; DocumentError if what exists is damaged or of another
    format; OSError if the flash cannot be read."""
    try:
        value = _read_one(store, name, tag)
    except DocumentError:
        value = _read_one(store, name + COPY_SUFFIX, tag)
        if value is None:
            raise
        return value
    if value is None:
        return _read_one(store, name + COPY_SUFFIX, tag)
    return value


def _read_one(store, name, tag):
    data = store.read(name)
    if data is None:
        return None
    try:
        payload = unseal(data.decode())
    except UnicodeError:
        payload = None
    if payload is None or not payload.startswith(tag + " "):
        raise DocumentError("%s is damaged or not a %s file" % (name, tag))
    try:
        return json.loads(payload[len(tag) + 1 :])
    except ValueError:
        raise DocumentError("%s is not readable" % name)


# --- records ----------------------------------------------------------------------------------
def device_id(unique):
    """machine.unique_id() (bytes) as the lower-case hex text records carry."""
    return binascii.hexlify(unique).decode()


def seconds_between(clock, started_ms, now_ms):
    """Whole seconds from one tick count to a later one (wrap-safe, never negative)."""
    return max(0, clock.ticks_diff(now_ms, started_ms)) // 1000


def game_record(session, ended, device, number, seconds):
    """The record of a game that ended: FINISHED (its state is over) or ABANDONED (the kiosk
    reset it after idle; scores so far, no winners). `number` is ResultsLog.next_number()."""
    state = session.state
    if ended == FINISHED:
        if not state.is_terminal():
            raise ValueError("a game still in play cannot be recorded as finished")
        winners = list(state.winners())
    elif ended == ABANDONED:
        winners = []
    else:
        raise ValueError("ended must be %r or %r" % (FINISHED, ABANDONED))
    totals = state.scores()
    seats = []
    for seat in range(len(totals)):
        items = [[label, points] for label, points in state.breakdown(seat)]
        seats.append(
            {
                "name": state.seat_name(seat),
                "bot": session.is_bot(seat),
                "score": totals[seat],
                "breakdown": items,
            }
        )
    return {
        "device": device,
        "number": number,
        "game": session.module.GAME_ID,
        "params": session.params,
        "ended": ended,
        "seconds": seconds,
        "actions": state.action_count,
        "seats": seats,
        "winners": winners,
    }


def record_line(record):
    return seal(canonical_json(record))


def parse_segment(data):
    """(header dict or None, [record, ...], damaged line count) from a segment's bytes (or
    text). Lines that do not decode, are incomplete or fail their checksum are counted, never
    trusted: each line on its own, so one damaged byte costs one record, not the segment."""
    if isinstance(data, str):
        data = data.encode()
    header = None
    records = []
    damaged = 0
    first = True
    for raw in data.split(b"\n"):
        if not raw:
            continue
        try:
            line = raw.decode()
        except UnicodeError:
            damaged += 1
            first = False
            continue
        payload = unseal(line + "\n")
        if first and payload is not None and payload.startswith(FORMAT_TAG + " "):
            header = _json_or_none(payload[len(FORMAT_TAG) + 1 :])
            first = False
            continue
        first = False
        value = None if payload is None else _json_or_none(payload)
        if isinstance(value, dict):
            records.append(value)
        else:
            damaged += 1
    return header, records, damaged


def _json_or_none(text):
    try:
        return json.loads(text)
    except ValueError:
        return None


def _largest_number(data):
    """The highest record number in a segment's bytes, 0 if none can be read."""
    _header, records, _damaged = parse_segment(data)
    largest = 0
    for record in records:
        number = record.get("number")
        if type(number) is int and number > largest:
            largest = number
    return largest


def _mend_tail(data):
    """A segment's bytes whose last line has no newline: the newline added when the line is
    whole and intact (only the newline was lost; it reads as a record), else the line cut off
    (torn), so the next record never runs into it."""
    cut = data.rfind(b"\n") + 1
    try:
        whole = unseal(data[cut:].decode() + "\n") is not None
    except UnicodeError:
        whole = False
    return data + b"\n" if whole else data[:cut]


def _header_line(seq, first_number, dropped):
    body = canonical_json({"dropped": dropped, "next": first_number, "seq": seq})
    return seal(FORMAT_TAG + " " + body)


def _read_header(data):
    """(seq, next, dropped) from a segment's first line; seq _NONE if it has none."""
    end = data.find(b"\n")
    try:
        payload = unseal(data[: end + 1].decode()) if end >= 0 else None
    except UnicodeError:
        payload = None
    if payload is not None and payload.startswith(FORMAT_TAG + " "):
        header = _json_or_none(payload[len(FORMAT_TAG) + 1 :])
        if isinstance(header, dict):
            seq, first, dropped = header.get("seq"), header.get("next"), header.get("dropped")
            if type(seq) is int and type(first) is int and type(dropped) is int:
                return seq, first, dropped
    return _NONE, 0, 0


# --- the log ----------------------------------------------------------------------------------
class ResultsLog:
    """The ring of segments in `store`'s folder. Reads the segment headers once, on first use;
    the device has one ResultsLog, the only writer of these files."""

    def __init__(self, store, segments=SEGMENTS, segment_bytes=SEGMENT_BYTES):
        if segments < 2:
            raise ValueError("a ring needs two segments at least")
        self.store = store
        self.segments = segments
        self.segment_bytes = segment_bytes
        self.error = ""  # why the last append or clear failed, "" if it did not
        self._seq = None  # per segment: seq (_NONE: empty, _DAMAGED: unreadable header)
        self._count = None  # per segment: record lines
        self._abandoned = None  # per segment: lines of abandoned games
        self._next = 1  # the next game's number
        self._dropped = 0  # records dropped by rotations since the last clear
        self._unrecorded = 0  # abandoned games counted instead of recorded since the last clear

    def name(self, index):
        return PREFIX + str(index)

    def _scan(self):
        if self._seq is not None:
            return
        seqs = []
        counts = []
        abandoned = []
        newest = _NONE
        largest = 0
        for index in range(self.segments):
            data = self.store.read(self.name(index)) or b""
            seq, first, dropped = _read_header(data)
            lines = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
            if seq == _NONE and data:
                seq = _DAMAGED
            seqs.append(seq)
            counts.append(lines - 1 if seq >= 0 else lines)
            abandoned.append(data.count(_ABANDONED_MARK))
            if seq > newest:
                newest = seq
                self._next = first + counts[index]
                self._dropped = dropped
            if seq == _DAMAGED:
                # Records behind a damaged header: their numbers must not come again.
                largest = max(largest, _largest_number(data))
        self._next = max(self._next, largest + 1)
        try:
            kept = read_document(self.store, NUMBER_FILE, _NUMBER_TAG)
        except DocumentError:
            kept = None  # the headers and records above still say where numbering is
        if isinstance(kept, dict):
            number, unrecorded = kept.get("next"), kept.get("unrecorded")
            if type(number) is int and number > self._next:
                self._next = number
            if type(unrecorded) is int and unrecorded > 0:
                self._unrecorded = unrecorded
        self._seq = seqs
        self._count = counts
        self._abandoned = abandoned

    def _newest(self):
        """Index of the newest segment, or _NONE when the log has none."""
        best = _NONE
        for index in range(self.segments):
            if self._seq[index] >= 0 and (best == _NONE or self._seq[index] > self._seq[best]):
                best = index
        return best

    def _free(self, newest):
        """The segment a new one may replace without dropping a finished result: an empty
        one, else the oldest holding only abandoned games; _NONE if there is none."""
        best = _NONE
        for index in range(self.segments):
            seq = self._seq[index]
            if index == newest or seq == _DAMAGED:
                continue
            if seq == _NONE:
                return index
            if self._abandoned[index] >= self._count[index]:
                if best == _NONE or seq < self._seq[best]:
                    best = index
        return best

    def _oldest(self, newest):
        """The oldest readable segment but the newest: what a log full of finished results
        drops. _NONE when every other segment is damaged."""
        best = _NONE
        for index in range(self.segments):
            seq = self._seq[index]
            if index != newest and seq >= 0 and (best == _NONE or seq < self._seq[best]):
                best = index
        return best

    # --- reading ------------------------------------------------------------------------
    def next_number(self):
        """The number the next recorded game must carry (see game_record). Like every reader
        here, OSError if the flash cannot be read."""
        self._scan()
        return self._next

    def count(self):
        """Records on flash (damaged lines included: they are rare and still take room)."""
        self._scan()
        total = 0
        for count in self._count:
            total += count
        return total

    def dropped(self):
        """Records the log had to drop since it was last cleared (the teacher is told)."""
        self._scan()
        return self._dropped

    def unrecorded(self):
        """Abandoned games counted but not recorded since the last clear (the log had no room
        for them without dropping a finished result)."""
        self._scan()
        return self._unrecorded

    def nearly_full(self):
        """True when the next rotation could have to drop finished results: at most one
        segment is left that is empty or holds only abandoned games (the teacher is told, so
        the log can be exported first)."""
        self._scan()
        free = 0
        for index in range(self.segments):
            seq = self._seq[index]
            if seq == _NONE or (seq >= 0 and self._abandoned[index] >= self._count[index]):
                free += 1
        return free <= 1 and self.count() > 0

    def entries(self):
        """Every readable record, oldest first. A generator reading one segment at a time, so
        the whole log is never in RAM at once."""
        self._scan()
        order = [index for index in range(self.segments) if self._count[index]]
        order.sort(key=lambda index: self._seq[index])
        for index in order:
            data = self.store.read(self.name(index)) or b""
            _header, records, _damaged = parse_segment(data)
            data = None
            for record in records:
                yield record

    def last(self):
        """The newest readable record, or None: after a power cut between recording a game
        and clearing its journal, the resumed game can be checked against it."""
        self._scan()
        newest = self._newest()
        if newest == _NONE:
            return None
        _header, records, _damaged = parse_segment(self.store.read(self.name(newest)) or b"")
        return records[-1] if records else None

    # --- writing ------------------------------------------------------------------------
    def _keep_number(self, number, unrecorded, essential=False):
        value = {"next": number, "unrecorded": unrecorded}
        write_document(self.store, NUMBER_FILE, _NUMBER_TAG, value, essential)

    def _write_checked(self, index, data):
        """Replace segment `index` with `data` and read it back (OSError if it differs)."""
        name = self.name(index)
        self.store.write_atomic(name, data)
        if self.store.read(name) != data:
            raise OSError("the results segment did not read back as written")

    def append(self, record):
        """(ok, dropped_oldest): ok is False when the flash refused (`error` says why; the log
        is as it was). dropped_oldest counts finished results this append pushed out (only
        when every segment held some). An abandoned game that would push one out is counted
        instead of recorded: ok, nothing dropped."""
        try:
            self._scan()
        except OSError as exc:
            self.error = "results not saved: %s" % (exc,)
            return False, 0
        if record.get("number") != self._next:
            raise ValueError("record number %r, expected %d" % (record.get("number"), self._next))
        abandoned = record.get("ended") == ABANDONED
        line = record_line(record).encode()
        newest = self._newest()
        dropped = finished_dropped = 0
        try:
            data = None if newest == _NONE else (self.store.read(self.name(newest)) or b"")
            if data and not data.endswith(b"\n"):
                data = _mend_tail(data)
                self._count[newest] = data.count(b"\n") - 1
                self._abandoned[newest] = data.count(_ABANDONED_MARK)
            fits = data and (
                self._count[newest] == 0 or len(data) + len(line) <= self.segment_bytes
            )
            target = newest if fits else self._free(newest)
            if target == _NONE:
                if abandoned:  # no room without dropping a finished result: count it
                    self._keep_number(self._next + 1, self._unrecorded + 1)
                    self._unrecorded += 1
                    self._next += 1
                    self.error = ""
                    return True, 0
                target = self._oldest(newest)
                if target == _NONE:
                    self.error = "results not saved: the results log is damaged; export it"
                    return False, 0
            if target == newest:
                self._write_checked(target, data + line)
                seq = self._seq[target]
            else:
                dropped = self._count[target]
                finished_dropped = dropped - self._abandoned[target]
                seq = 0 if newest == _NONE else self._seq[newest] + 1
                header = _header_line(seq, self._next, self._dropped + dropped)
                data = None
                self._write_checked(target, header.encode() + line)
                self._count[target] = 0
                self._abandoned[target] = 0
        except OSError as exc:
            self.error = "results not saved: %s" % (exc,)
            self._seq = None  # read the ring again: the write may have half happened
            return False, 0
        self.error = ""
        self._seq[target] = seq
        self._count[target] += 1
        self._abandoned[target] += 1 if abandoned else 0
        self._dropped += dropped
        self._next += 1
        try:  # after the record: a number file behind by one is made good by the headers
            self._keep_number(self._next, self._unrecorded)
        except OSError:
            pass
        return True, finished_dropped

    def clear(self):
        """Empty the log (after the teacher collected it); numbers go on where they were.

        The number file and the newest segment are written first, a header holding the next
        number, then the others are emptied: a cut in between leaves some older records, never
        a number that could come again. Damaged segments go too (the teacher exported what
        could be read). Returns False (and sets `error`) if the flash refused.
        """
        try:
            self._scan()
            self._keep_number(self._next, 0, True)
            newest = self._newest()
            seq = 0 if newest == _NONE else self._seq[newest] + 1
            first = 0 if newest == _NONE else newest
            # Essential: clearing is how a teacher frees a full flash, so it may use the reserve.
            header = _header_line(seq, self._next, 0).encode()
            self.store.write_atomic(self.name(first), header, True)
            self._seq[first] = seq
            self._count[first] = 0
            self._abandoned[first] = 0
            self._dropped = 0
            self._unrecorded = 0
            for index in range(self.segments):
                if index != first and (self._count[index] or self._seq[index] != _NONE):
                    self.store.write_atomic(self.name(index), b"", True)
                    self._seq[index] = _NONE
                    self._count[index] = 0
                    self._abandoned[index] = 0
        except OSError as exc:
            self.error = "results not cleared: %s" % (exc,)
            return False
        self.error = ""
        return True
