"""The firmware's CSV of the results log (kiosk/results_csv.py, the browser's download) is what
CPython's csv.writer writes for collect's rows, byte for byte, whatever the names, codes and
labels hold; and its reading of a log's segments gives collect's records in collect's order
(duplicates once, damaged lines and unusable records left out). The browser test
(tests/web/test_kiosk.py) then compares a download made under MicroPython with `make collect`'s
file for the same log."""

import csv
import io
import os
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.core.journal import seal
from dicetable.kiosk import results_csv
from dicetable.kiosk.results_log import ABANDONED, FINISHED, record_line

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import collect  # noqa: E402

# Text a person may type or a game may name, with every character CSV treats specially.
words = st.text(alphabet=st.sampled_from('aZ 9,"\r\n;:é\t'), max_size=8)
seats = st.fixed_dictionaries(
    {
        "name": words,
        "bot": st.booleans(),
        "score": st.integers(-5, 999),
        "breakdown": st.lists(st.tuples(words, st.integers(-9, 99)).map(list), max_size=3),
    }
)
records = st.fixed_dictionaries(
    {
        "device": st.sampled_from(["d1ce7ab1e0000001", "e6614c311b8f2a30"]),
        "number": st.integers(1, 6),
        "game": st.sampled_from(["cybo", "trek12", "gang"]),
        "params": st.fixed_dictionaries(
            {},
            optional={
                "code": words,
                "map": st.sampled_from(["dunai", "a,b"]),
                "mode": st.just("dice"),
            },
        ),
        "ended": st.sampled_from([FINISHED, ABANDONED]),
        "seconds": st.one_of(st.none(), st.integers(0, 5000)),
        "actions": st.integers(0, 300),
        "seats": st.lists(seats, min_size=1, max_size=3),
        "winners": st.lists(st.integers(0, 2), max_size=2),
    }
)


def _csv_module(records):
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(collect.CSV_COLUMNS)
    writer.writerows(results_csv.rows(records))
    return out.getvalue()


@settings(max_examples=200, deadline=None)
@given(st.lists(records, max_size=4))
def test_the_text_is_what_csv_writer_writes(found):
    assert results_csv.text(found) == _csv_module(found)


@settings(max_examples=60, deadline=None)
@given(st.lists(records, max_size=8), st.randoms())
def test_segments_give_collects_records_in_collects_order(found, random):
    lines = [record_line(record) for record in found]
    lines += [seal('{"not":"a record"}'), "torn {\n", "\xff\n"]
    lines += lines[: len(found) // 2]  # a record in two segments (a rotation's overlap)
    random.shuffle(lines)
    cut = random.randrange(len(lines) + 1)
    segments = ["".join(lines[:cut]), "".join(lines[cut:]).encode()]

    collection = collect.Collection()
    for segment in segments:
        text = segment if isinstance(segment, str) else segment.decode("utf-8", "replace")
        transfer = "<<results\nF results.0\n%sresults>> 0\n" % text
        for record in collect.parse_transfer(transfer)["records"]:
            collection.add(record)
    assert results_csv.records_of(segments) == collection.records()


def test_a_file_collect_writes_is_the_text(tmp_path):
    record = {
        "device": "d1ce7ab1e0000001", "number": 3, "game": "trek12",
        "params": {"map": "dunai", "code": "ART"}, "ended": FINISHED, "seconds": 61,
        "actions": 40, "winners": [0],
        "seats": [{"name": 'Zed, "Z"', "bot": False, "score": 88,
                   "breakdown": [["groups", 50], ["longest\nrun", 38]]}],
    }  # fmt: skip
    path = tmp_path / "results.csv"
    collect.write_csv([record], str(path))
    assert path.read_bytes() == results_csv.text([record]).encode()
    assert b'"Zed, ""Z"""' in path.read_bytes()
