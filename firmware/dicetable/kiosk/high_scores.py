"""High-score tables for the kiosk: the best ten per game, per Trek 12 map and per Cybo level,
with three-letter initials, kept on flash across power cuts.

Ordering: higher scores first. Ties: a new score equal to older ones goes below them (who got
there first keeps the place), so a table full of 50s is not entered with another 50. All
tables live in one file, scores.dat, one sealed line (results_log.write_document) replaced
atomically on every change: a power cut leaves the old tables or the new ones.

Only finished games with a score kept on the device count (`table_key` is None for the
dice-only modes, whose sheets are on paper); the kiosk offers the entry to people, not bots.

PURE: files only through the injected store.
"""

from micropython import const

from dicetable.kiosk.results_log import DocumentError, read_document, write_document

FILE = "scores.dat"
FORMAT_TAG = "DTH1"
SIZE = const(10)  # entries per table
INITIALS_LENGTH = const(3)
# Letters for initials: the space lets "JO " stand for two initials.
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ "

# Parameters that make a separate table: (game, parameter, value or None). With None every
# value has its own table ("trek12/dunai"); with a value only that one does ("dicetrip/on"
# for the successive-numbers house rule, which changes what a score means).
_VARIANTS = (
    ("trek12", "map", None),
    ("cybo", "level", None),
    ("dicetrip", "chains", "on"),
)


def table_key(game_id, params):
    """ "trek12/dunai", "cybo/master", "gang", ...; None when the device keeps no score."""
    if params.get("mode") == "dice":
        return None
    key = game_id
    for game, name, only in _VARIANTS:
        if game == game_id and name in params and (only is None or params[name] == only):
            key += "/" + str(params[name])
    return key


def valid_initials(initials):
    if not isinstance(initials, str) or len(initials) != INITIALS_LENGTH:
        return False
    if initials == " " * INITIALS_LENGTH:
        return False
    for char in initials:
        if char not in LETTERS:
            return False
    return True


class HighScores:
    """Every table, read from flash on first use. A missing or damaged file reads as empty
    tables (`problem` says which); a flash that refuses a write leaves `error` set."""

    def __init__(self, store):
        self.store = store
        self.problem = ""
        self.error = ""
        self._tables = None  # {key: [[initials, score], ...]}, best first

    def _load(self):
        if self._tables is not None:
            return self._tables
        tables = {}
        try:
            stored = read_document(self.store, FILE, FORMAT_TAG)
        except (OSError, DocumentError) as exc:
            stored = None
            self.problem = "high scores could not be read: %s" % (exc,)
        if isinstance(stored, dict):
            for key in stored:
                rows = _clean_rows(stored[key])
                if rows:
                    tables[key] = rows
        self._tables = tables
        return tables

    def release(self):
        """Forget the tables until the next use reads them again (a game is on: nothing needs
        them, and a kiosk with many tables holds a few KB). Kept while the last write failed:
        the flash does not have them yet."""
        if not self.error:
            self._tables = None

    def _save(self):
        try:
            write_document(self.store, FILE, FORMAT_TAG, self._tables)
        except OSError as exc:
            self.error = "high scores not saved: %s" % (exc,)
            return False
        self.error = ""
        return True

    def keys(self):
        """Keys of the tables that have entries, sorted (for the attract loop)."""
        keys = list(self._load())
        keys.sort()
        return keys

    def table(self, key):
        """[(initials, score), ...], best first."""
        return [(row[0], row[1]) for row in self._load().get(key, ())]

    def qualifies(self, key, score):
        if key is None or type(score) is not int:
            return False
        rows = self._load().get(key, ())
        return len(rows) < SIZE or score > rows[-1][1]

    def insert(self, key, initials, score):
        """The new entry's place (0 = best), or -1 if the score does not make the table.
        ValueError for initials that are not three of LETTERS."""
        if not valid_initials(initials):
            raise ValueError("initials are %d of %r" % (INITIALS_LENGTH, LETTERS))
        if not self.qualifies(key, score):
            return -1
        rows = self._load().setdefault(key, [])
        place = 0
        while place < len(rows) and rows[place][1] >= score:
            place += 1
        rows.insert(place, [initials, score])
        del rows[SIZE:]
        self._save()
        return place

    def clear(self, key=None):
        """Empty one table, or every table (key None); False if the flash refused."""
        tables = self._load()
        if key is None:
            tables.clear()
        elif key in tables:
            del tables[key]
        return self._save()


def _clean_rows(rows):
    """The valid rows of a stored table, best first (a hand-edited file cannot break it)."""
    if not isinstance(rows, list):
        return []
    clean = []
    for row in rows:
        if (
            isinstance(row, list)
            and len(row) == 2
            and valid_initials(row[0])
            and type(row[1]) is int
        ):
            clean.append((-row[1], len(clean), row))
    # Sorted by score, equal scores in their stored order (older first): MicroPython's sort
    # is not stable, hence the index in the key.
    clean.sort()
    return [entry[2] for entry in clean[:SIZE]]
