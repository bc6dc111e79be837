"""Flash storage for the running game's journal and for settings, power-cut safe.

The journal is append-only: each action is one line written and closed at once (on littlefs a
closed file is committed), so a power cut can only tear the last line, which replay drops. The
app has the lines written behind (`write_behind`): a press's lines wait until its picture is on
the way to the panel, and are written while the panel refreshes (`flush`), see `write_behind`.
Whole-file writes (settings, a journal cut back after a torn tail) go to a temporary file that
is then renamed over the old one: littlefs renames atomically, so either version survives.

A full flash must not stop the game (nor the next boot): a cut-back that finds no room leaves
the journal as it is and refuses later appends with that error, which the session reports as
"saving stopped" (a record appended after a torn line would be lost with every one after it).
"""

import os

from micropython import const

from dicetable.core.journal import MAX_LINE

_JOURNAL = "game.jnl"
_PREVIOUS = "last.jnl"  # the finished game, kept for replay and bug reports
_QUARANTINE = "bad.jnl"  # an unreadable save, moved aside so it cannot cause a crash loop
_TEMPORARY = ".tmp"
# How many times the saved game ran out of memory in a row (boot.py): part of the save, so it
# goes when the save goes.
_MEMORY_STRIKES = "oom"
# Flash kept free for the writes that guard the classroom (the teacher lock's count of wrong
# PINs, `essential`): journals, logs and settings stop short of it, so a full flash can never
# stop the lock from counting. Three littlefs blocks of the RP2040 port.
RESERVE_BYTES = const(12288)
# statvfs on littlefs walks the whole file system (about 20 ms on an RP2040): it is asked again
# only when the free space, counted down by what was written since, comes this near the reserve.
_RECOUNT_NEAR = const(32768)
_ENOSPC = const(28)


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


class Store:
    """Files in one folder (the device's /data, a temporary folder in tests)."""

    def __init__(self, folder, reserve=RESERVE_BYTES):
        """`reserve`: bytes of free flash that only essential writes may use."""
        self.folder = folder.rstrip("/")
        self.reserve = reserve
        # Made once: every action appends to it, and on MicroPython a new str costs a search
        # of all the interned names (0.15-0.25 ms on an RP2040).
        self._journal = self.path(_JOURNAL)
        self._free = None  # free bytes as last counted, less what was written since
        self._refused = None  # args of the error that stopped a cut-back: appends raise it
        self._behind = None  # the journal's lines not written yet (write_behind), or None
        try:
            os.mkdir(self.folder)
        except OSError:
            pass  # already there

    def path(self, name):
        return self.folder + "/" + name

    # --- the journal ------------------------------------------------------------------------
    def load_lines(self, limit=MAX_LINE):
        """The journal's lines (the last may be torn), or None when no game is saved. No line
        is read whole if it is longer than `limit` bytes (the journal's MAX_LINE): its first
        `limit` + 1 bytes stand for it, which fail as too long, and reading stops there
        (nothing after a damaged line is trusted), so a damaged file cannot exhaust the heap."""
        self.flush()
        path = self.path(_JOURNAL)
        if not _exists(path):
            return None
        lines = []
        with open(path, "rb") as file:
            while True:
                raw = file.readline(limit + 1)
                if not raw:
                    break
                # Decoding per line keeps a torn multi-byte character from hiding the lines
                # before it; a line that does not decode fails its checksum like any other.
                try:
                    lines.append(raw.decode())
                except UnicodeError:
                    lines.append("")
                if len(raw) > limit:
                    break
        return lines

    def free_bytes(self):
        """Free bytes on the folder's file system, or None where that cannot be known."""
        statvfs = getattr(os, "statvfs", None)
        if statvfs is None:
            return None
        try:
            info = statvfs(self.folder)
        except OSError:
            return None
        return info[1] * info[4]  # fragment size * fragments free to anyone

    def count_free(self):
        """Count the free bytes now when they are not known, so that the next write need not:
        statvfs walks littlefs's blocks, 32 ms on an RP2040 (the setup screen calls this while
        the panel refreshes, ahead of a game's first save)."""
        if self._free is None:
            self._free = self.free_bytes()

    def _make_room(self, size, essential):
        """OSError(ENOSPC) when writing `size` bytes would eat into the reserve."""
        free = self._free
        if free is None or free - size < self.reserve + _RECOUNT_NEAR:
            free = self.free_bytes()  # far from the reserve, a count down is close enough
            if free is not None and self._behind:
                for line in self._behind:  # kept, not written yet: the count has not seen them
                    free -= len(line)
        if free is not None and not essential and free - size < self.reserve:
            self._free = free
            raise OSError(_ENOSPC)
        self._free = None if free is None else free - size

    def append(self, line):
        """Append one line to the journal: written now, or kept for `flush` (`write_behind`).
        A full flash raises here either way: the room is counted at once."""
        if self._refused is not None:
            raise OSError(*self._refused)  # a new one: re-raising would grow its traceback
        self._make_room(len(line), False)
        behind = self._behind
        if behind is None:
            self._write_lines((line,))
        else:
            behind.append(line)

    def _write_lines(self, lines):
        with open(self._journal, "a") as file:
            for line in lines:
                file.write(line)

    def write_behind(self):
        """From now on keep appended lines until `flush` (the app calls it once a press's
        picture is handed to the panel, while the panel refreshes, and before it waits for a
        key). Saving costs 1-9 ms on the RP2040's littlefs, a fifth of a press in the map and
        track titles; during a refresh the CPU only waits. A power cut before the flush loses
        those lines, as one a moment earlier lost them before: the glass had not changed yet,
        and the resumed game is the one last shown. Every other use of the journal flushes
        first, so nothing reads or moves it with lines missing."""
        if self._behind is None:
            self._behind = []

    def flush(self):
        """Write the lines kept behind. None, or the OSError that stopped them: the journal may
        then end in a torn line (replay drops it), and later appends raise it, so the game
        says saving stopped. A MemoryError (opening a littlefs file takes a 1.1 KB block) is
        raised with the lines still kept: nothing was written."""
        behind = self._behind
        if not behind:
            return None
        try:
            self._write_lines(behind)
        except OSError as exc:
            self._behind = []
            self._refused = exc.args
            return exc
        self._behind = []
        return None

    def truncate(self, length):
        """Keep only the first `length` bytes of the journal (its trusted part). Never raises
        OSError: without room for the rewrite (flash full) the journal stays as it is and
        appends are refused until `clear` or `quarantine` moves it away."""
        self.flush()
        try:
            with open(self.path(_JOURNAL), "rb") as file:
                data = file.read(length)
            self.write_atomic(_JOURNAL, data, True)  # it only shrinks: the reserve may help
        except OSError as exc:
            self._refused = exc.args

    def clear(self):
        """End the saved game: it stays readable as last.jnl until the next one ends."""
        self.flush()
        path = self.path(_JOURNAL)
        _remove(self.path(_MEMORY_STRIKES))  # first: the rename is what ends the save
        if _exists(path):
            _remove(self.path(_PREVIOUS))
            os.rename(path, self.path(_PREVIOUS))
        self._refused = None

    def keep_aside(self):
        """Copy the journal to bad.jnl (for a bug report) before its damaged tail is cut off;
        copied in small pieces, so a huge damaged file costs no heap. False when there was no
        room: the cut-back goes on, as the game matters more than the report."""
        self.flush()
        path = self.path(_JOURNAL)
        target = self.path(_QUARANTINE)
        piece = bytearray(256)
        try:
            with open(path, "rb") as source, open(target, "wb") as copy:
                while True:
                    count = source.readinto(piece)
                    if not count:
                        break
                    copy.write(piece if count == len(piece) else piece[:count])
        except OSError:
            _remove(target)
            return False
        return True

    def quarantine(self):
        self.flush()
        path = self.path(_JOURNAL)
        _remove(self.path(_MEMORY_STRIKES))
        if _exists(path):
            _remove(self.path(_QUARANTINE))
            os.rename(path, self.path(_QUARANTINE))
        self._refused = None

    # --- out of memory ----------------------------------------------------------------------
    def memory_strikes(self):
        """How many times in a row the saved game ran out of memory (boot.py)."""
        try:
            data = self.read(_MEMORY_STRIKES)
            return 0 if data is None else int(data.decode())
        except (OSError, ValueError):  # UnicodeError is a ValueError
            return 1

    def strike_memory(self):
        """Count one more time the saved game ran out of memory. Never raises: the count is
        what keeps a game that does not fit from a loop of restarts, but a flash that refuses
        it must not stop the crash screen. Only a saved game is counted against."""
        try:
            self.flush()
        except MemoryError:
            pass  # lines kept behind: the game they belong to is counted against all the same
        if not _exists(self.path(_JOURNAL)):
            return
        try:
            self.write_atomic(_MEMORY_STRIKES, str(self.memory_strikes() + 1).encode())
        except OSError:
            pass

    def forget_memory_strikes(self):
        _remove(self.path(_MEMORY_STRIKES))

    # --- whole files ------------------------------------------------------------------------
    def write_atomic(self, name, data, essential=False):
        """Replace file `name` with `data`: all of it or none (temporary file + rename).
        `essential` writes may use the reserve (RESERVE_BYTES)."""
        self._make_room(len(data), essential)
        temporary = self.path(name + _TEMPORARY)
        try:
            with open(temporary, "wb") as file:
                file.write(data)
        except OSError:
            _remove(temporary)  # a partial copy would only hold on to flash that is short
            raise
        os.rename(temporary, self.path(name))

    def read(self, name):
        """A whole file's bytes, or None if it does not exist."""
        path = self.path(name)
        if not _exists(path):
            return None
        with open(path, "rb") as file:
            return file.read()
