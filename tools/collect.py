"""Collect kiosk results from DiceTables over USB: `make collect [PORTS="..."] [OUT=dir]`.

    python tools/collect.py [--port PORT ...] [--out DIR] [--timeout S]

1. Read: one mpremote session per port runs a snippet on the board that prints every segment
   of the results log (/data/results.*, kiosk/results_log.py) between two markers, the last
   one with the number of lines sent. Nothing on the board is changed: clearing the log is the
   teacher's, on the device, behind the PIN.
2. Check: every line carries its CRC, so a transfer cut short (a cable pulled) still yields
   every complete record before the cut; the device is reported as interrupted and the run
   fails, and running it again fetches the rest.
3. Merge: records join those of earlier runs in OUT/records.jsonl, de-duplicated by device id
   and game number. The same key with other content (a device whose flash was wiped starts
   at game 1 again) is kept twice and reported.
4. Write OUT/results.csv (one row per seat), OUT/summary.md (per class code and per table:
   games, best scores, averages) and OUT/scores-CLASS.png (score distributions, matplotlib).

docs/kiosk.md describes the formats; tests/tools/test_collect.py runs this against pretend boards.
"""

import argparse
import csv
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _sub in ("firmware", "hostsim/shims"):  # the firmware's own record parser, on CPython
    if os.path.join(ROOT, _sub) not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, _sub))

from dicetable.core.journal import canonical_json  # noqa: E402
from dicetable.games import title  # noqa: E402
from dicetable.kiosk import high_scores, results_csv, results_log  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # tools/, run or imported
import usb_ports  # noqa: E402

MPREMOTE = (sys.executable, "-m", "mpremote")
# A whole log is under 50 KB; a Pico sends ~10 KB/s over USB, connecting takes a few seconds.
TIMEOUT_S = 60
RECORDS = "records.jsonl"
NO_CODE = results_csv.NO_CODE

_BEGIN = "<<results"
_END = "results>>"
# Runs on the board (MicroPython), in its root folder: "F name" before each segment's lines,
# then the end marker with the count of lines sent, so a short transfer cannot pass as whole.
READ_RESULTS = """\
import os
def _send():
 try:
  names=[n for n in os.listdir('data') if n.startswith('%s') and not n.endswith('.tmp')]
 except OSError:
  names=[]
 names.sort()
 sent=0
 for n in names:
  print('F',n)
  with open('data/'+n) as f:
   for line in f:
    print(line.rstrip('\\n'))
    sent+=1
 return sent
print('%s')
print('%s',_send())
""" % (results_log.PREFIX, _BEGIN, _END)

CSV_COLUMNS = results_csv.COLUMNS


# --- reading a board --------------------------------------------------------------------------
def read_board(port, timeout=TIMEOUT_S):
    """(output so far, problem or "") of the snippet on the board at `port`."""
    cmd = list(MPREMOTE) + ["connect", port, "exec", READ_RESULTS]
    try:
        result = subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        return _text(expired.stdout), "no end of transfer within %d s" % timeout
    except OSError as error:
        return "", "cannot run mpremote (%s)" % error
    output = _text(result.stdout)
    if result.returncode:
        last = _text(result.stderr).strip().split("\n")[-1:]
        return output, "mpremote failed: %s" % (last[0] if last else result.returncode)
    return output, ""


def _text(data):
    if data is None:
        return ""
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else data


def parse_transfer(output):
    """{"records", "damaged" (lines), "dropped" (by the board's log since its last clear),
    "complete"} from the snippet's output. Records are those whose line arrived whole with a
    good CRC; `complete` only with the end marker and every announced line."""
    # The last piece is "" after a final newline, or a line the transfer cut: never trusted.
    lines = output.replace("\r", "").split("\n")[:-1]
    found = {"records": [], "damaged": 0, "dropped": 0, "complete": False}
    if _BEGIN not in lines:
        return found
    segments = []
    received = 0
    announced = None
    for line in lines[lines.index(_BEGIN) + 1 :]:
        if line.startswith(_END + " "):
            announced = line[len(_END) + 1 :]
            break
        if line.startswith("F "):
            segments.append([])
        elif segments and line:
            segments[-1].append(line)
            received += 1
    for segment in segments:
        header, records, bad = results_log.parse_segment("\n".join(segment) + "\n")
        usable = [record for record in records if _usable(record)]
        found["records"].extend(usable)
        found["damaged"] += bad + len(records) - len(usable)
        if isinstance(header, dict) and type(header.get("dropped")) is int:
            found["dropped"] = max(found["dropped"], header["dropped"])
    found["complete"] = announced == str(received)
    return found


_usable = results_csv.usable


# --- merging ----------------------------------------------------------------------------------
class Collection:
    """Records by (device, number); each distinct content once."""

    def __init__(self):
        self.by_key = {}  # (device, number) -> [canonical text, ...]
        self.conflicts = []  # keys seen with different contents

    def add(self, record):
        """True if the record is new, False for a duplicate."""
        key = (record["device"], record["number"])
        text = canonical_json(record)
        known = self.by_key.setdefault(key, [])
        if text in known:
            return False
        if known:
            self.conflicts.append(key)
        known.append(text)
        return True

    def records(self):
        found = []
        for key in sorted(self.by_key):
            found.extend(json.loads(text) for text in self.by_key[key])
        return found

    def load(self, path):
        if not os.path.exists(path):
            return
        with open(path) as file:
            for line in file:
                if line.strip():
                    self.add(json.loads(line))

    def save(self, path):
        temporary = path + ".tmp"
        with open(temporary, "w") as file:
            for key in sorted(self.by_key):
                for text in self.by_key[key]:
                    file.write(text + "\n")
        os.replace(temporary, path)


# --- outputs ----------------------------------------------------------------------------------
class_code = results_csv.class_code
table_of = results_csv.table_of


def table_title(key):
    game, _, variant = key.partition("/")
    return title(game) + (" (%s)" % variant if variant else "")


def write_csv(records, path):
    """One row per seat; the rows are the firmware's (kiosk/results_csv.py), so the browser
    port's download of the same log is this file byte for byte."""
    with open(path, "w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(CSV_COLUMNS)
        writer.writerows(results_csv.rows(records))


def _scored(record):
    """Scores of the people (not bots) in a finished game the device scored."""
    if record.get("ended") != results_log.FINISHED:
        return []
    if high_scores.table_key(record["game"], record["params"]) is None:
        return []
    return [(entry["score"], entry["name"]) for entry in record["seats"] if not entry.get("bot")]


def summarise(records):
    """{class: {table: {...figures...}}}, both levels sorted."""
    classes = {}
    for record in records:
        tables = classes.setdefault(class_code(record), {})
        figures = tables.setdefault(
            table_of(record),
            {"games": 0, "abandoned": 0, "seconds": 0, "scores": []},
        )
        figures["games"] += 1
        figures["abandoned"] += record.get("ended") == results_log.ABANDONED
        figures["seconds"] += record.get("seconds") or 0
        figures["scores"].extend(_scored(record))
    return {code: dict(sorted(classes[code].items())) for code in sorted(classes)}


def _minutes(seconds):
    return "%d:%02d" % (seconds // 60, seconds % 60)


def write_summary(summary, records, devices, folder):
    """summary.md, and one plot per class with scores; returns the plot file names."""
    lines = ["# DiceTable kiosk results", ""]
    abandoned = sum(1 for record in records if record.get("ended") == results_log.ABANDONED)
    lines.append(
        "%d games from %d devices (%d finished, %d abandoned). Scores: people only, finished "
        "games only." % (len(records), len(devices), len(records) - abandoned, abandoned)
    )
    plots = []
    for code in summary:
        lines += ["", "## Class %s" % code, ""]
        lines.append("| table | games | abandoned | players | best | average | average time |")
        lines.append("|---|---:|---:|---:|---|---:|---:|")
        for key, figures in summary[code].items():
            scores = sorted(figures["scores"], key=lambda entry: -entry[0])
            best = ", ".join("%d %s" % entry for entry in scores[:3]) or "-"
            average = "%.1f" % (sum(s for s, _ in scores) / len(scores)) if scores else "-"
            cells = [table_title(key), figures["games"], figures["abandoned"], len(scores)]
            cells += [best, average, _minutes(figures["seconds"] // figures["games"])]
            lines.append("| %s | %d | %d | %d | %s | %s | %s |" % tuple(cells))
        name = plot_scores(code, summary[code], folder)
        if name:
            plots.append(name)
            lines += ["", "![Score distributions, class %s](%s)" % (code, name)]
    with open(os.path.join(folder, "summary.md"), "w") as file:
        file.write("\n".join(lines) + "\n")
    return plots


def plot_scores(code, tables, folder):
    """scores-CODE.png: a histogram of scores per table of one class; None without scores."""
    scored = [(key, [s for s, _ in figures["scores"]]) for key, figures in tables.items()]
    scored = [(key, scores) for key, scores in scored if scores]
    if not scored:
        return None
    import matplotlib

    matplotlib.use("Agg")  # files only, no display
    from matplotlib import pyplot
    from matplotlib.ticker import MaxNLocator

    columns = min(3, len(scored))
    rows = (len(scored) + columns - 1) // columns
    figure, axes = pyplot.subplots(rows, columns, figsize=(4 * columns, 3 * rows), squeeze=False)
    for index, (key, scores) in enumerate(scored):
        axis = axes[index // columns][index % columns]
        low, high = min(scores), max(scores)
        width = (high - low) // 20 + 1  # about twenty bars at most
        axis.hist(scores, bins=range(low, high + width + 1, width), align="left", color="#4a7ab5")
        axis.set_xlim(low - 1.5, high + 1.5)  # a lone score still shows as a bar, not a block
        axis.xaxis.set_major_locator(MaxNLocator(integer=True))
        axis.yaxis.set_major_locator(MaxNLocator(integer=True))
        axis.set_title("%s (%d)" % (table_title(key), len(scores)))
        axis.set_xlabel("score")
        axis.set_ylabel("players")
    for index in range(len(scored), rows * columns):
        axes[index // columns][index % columns].set_visible(False)
    figure.suptitle("Class %s: score distributions" % code)
    figure.tight_layout()
    name = "scores-%s.png" % code.replace(" ", "-")
    figure.savefig(os.path.join(folder, name), dpi=100)
    pyplot.close(figure)
    return name


# --- the whole run ----------------------------------------------------------------------------
def collect(ports, folder, timeout=TIMEOUT_S):
    """Reads every port, merges, writes the outputs; returns a report dict."""
    os.makedirs(folder, exist_ok=True)
    collection = Collection()
    collection.load(os.path.join(folder, RECORDS))
    known_conflicts = len(collection.conflicts)
    boards = []
    for port in ports:
        output, problem = read_board(port, timeout)
        found = parse_transfer(output)
        records = found["records"]
        new = sum(1 for record in records if collection.add(record))
        if not found["complete"] and not problem:
            problem = "the transfer ended early"
        found.update(
            port=port,
            devices=sorted(set(record["device"] for record in records)),
            records=len(records),
            new=new,
            duplicates=len(records) - new,
            problem=problem,
        )
        boards.append(found)
    collection.save(os.path.join(folder, RECORDS))
    records = collection.records()
    devices = sorted(set(record["device"] for record in records))
    write_csv(records, os.path.join(folder, "results.csv"))
    plots = write_summary(summarise(records), records, devices, folder)
    return {
        "boards": boards,
        "games": len(records),
        "devices": devices,
        "conflicts": collection.conflicts[known_conflicts:],
        "plots": plots,
        "folder": folder,
    }


def print_report(report, out=None):
    out = out or sys.stdout
    for board in report["boards"]:
        state = "complete" if board["complete"] else "INTERRUPTED (%s)" % board["problem"]
        counts = "%(records)d records (%(new)d new, %(duplicates)d duplicates, %(damaged)d bad)"
        devices = ", ".join(board["devices"]) or "no device id"
        out.write("%s: %s from %s: %s\n" % (board["port"], counts % board, devices, state))
        if board["dropped"]:
            out.write(
                "  its log was full: %d older results were dropped before this collection\n"
                % board["dropped"]
            )
        if not board["complete"]:
            out.write("  plug it in again and rerun: what arrived is kept, nothing is doubled\n")
    for device, number in report["conflicts"]:
        out.write("warning: game %s-%d came with two contents; both kept\n" % (device, number))
    files = ", ".join(["results.csv", "summary.md"] + report["plots"])
    found = (report["games"], len(report["devices"]), report["folder"], files)
    out.write("%d games from %d devices in %s: %s\n" % found)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ports = "serial port of a device; repeat for more (default: the first USB one)"
    parser.add_argument("--port", action="append", help=ports)
    parser.add_argument("--out", default=os.path.join("out", "collect"), help="output folder")
    parser.add_argument("--timeout", type=int, default=TIMEOUT_S, help="seconds per device")
    args = parser.parse_args(argv)
    ports = args.port or ["auto"]
    absent = [usb_ports.missing(port) for port in ports]
    if all(absent):  # nothing to read: say so, and write no (empty) results
        for problem in absent:
            sys.stderr.write("collect: %s\n" % problem)
        return 2
    report = collect(ports, args.out, args.timeout)
    print_report(report)
    return 0 if all(board["complete"] for board in report["boards"]) else 1


if __name__ == "__main__":
    sys.exit(main())
