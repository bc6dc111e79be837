"""The results log as the CSV `make collect` writes (docs/kiosk.md): one row per seat.

tools/collect.py takes its rows from here and the browser port (ports/web.py) its download,
so a class's results read the same whichever way they left the device. The text is what
CPython's csv.writer makes of the rows (comma, CRLF, quotes only where a field needs them);
MicroPython has no csv module, and tests/kiosk/test_results_csv.py holds the two together.

Never loaded on a device: nothing on the device asks for a CSV.
"""

from dicetable.core.journal import canonical_json
from dicetable.kiosk import high_scores, results_log

COLUMNS = (
    "device", "number", "game", "table", "code", "ended", "seconds", "actions",
    "seat", "name", "bot", "score", "winner", "breakdown",
)  # fmt: skip
NO_CODE = "no code"


def usable(record):
    """A record with what a row needs (a readable line may still hold something else)."""
    return (
        isinstance(record.get("device"), str)
        and type(record.get("number")) is int
        and isinstance(record.get("game"), str)
        and isinstance(record.get("params"), dict)
        and isinstance(record.get("seats"), list)
    )


def records_of(segments):
    """The usable records of a log's segments (bytes or text each), each distinct record once,
    in the order collect gives them: by device and number, then as they came."""
    seen = set()
    found = []
    for segment in segments:
        for record in results_log.parse_segment(segment)[1]:
            text = canonical_json(record)
            if usable(record) and text not in seen:
                seen.add(text)
                found.append((record["device"], record["number"], len(found), record))
    found.sort()  # the third item is unique: records themselves are never compared
    return [entry[3] for entry in found]


def class_code(record):
    return record["params"].get("code") or NO_CODE


def table_of(record):
    """The high-score table key ("trek12/dunai"), or the game and "dice-only" when the device
    kept no scores."""
    key = high_scores.table_key(record["game"], record["params"])
    return key if key is not None else record["game"] + "/dice-only"


def _yes(flag):
    return "yes" if flag else "no"


def rows(records):
    """Each seat of each record as a list of fields, the columns' order (the header not
    included)."""
    found = []
    for record in records:
        winners = record.get("winners") or []
        for seat in range(len(record["seats"])):
            entry = record["seats"][seat]
            parts = ["%s: %s" % (label, points) for label, points in entry["breakdown"]]
            row = [record["device"], record["number"], record["game"], table_of(record)]
            row += [class_code(record), record.get("ended"), record.get("seconds")]
            row += [record.get("actions"), seat + 1, entry["name"], _yes(entry.get("bot"))]
            row += [entry["score"], _yes(seat in winners), "; ".join(parts)]
            found.append(row)
    return found


def _field(value):
    if value is None:
        return ""
    text = str(value)
    for mark in ',"\r\n':
        if mark in text:
            return '"' + text.replace('"', '""') + '"'
    return text


def text(records):
    """The whole CSV file, header first, as csv.writer writes it."""
    lines = [",".join(_field(value) for value in row) for row in [COLUMNS] + rows(records)]
    return "".join(line + "\r\n" for line in lines)
