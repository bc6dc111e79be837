"""The results log as make collect's CSV (kiosk/results_csv.py), the bytes the browser's download
holds, on both runtimes: MicroPython has no csv module, so the text here is the one CPython's
csv.writer wrote for the same rows (tests/kiosk/test_results_csv.py checks the writer on
CPython with generated records; this module checks the firmware's own text on MicroPython)."""

from dicetable.core.journal import seal
from dicetable.kiosk import results_csv
from dicetable.kiosk.results_log import ABANDONED, FINISHED, record_line

_A = "d1ce7ab1e0000001"
_B = "e6614c311b8f2a30"

_TREK = {
    "device": _B, "number": 2, "game": "trek12", "params": {"map": "dunai", "code": "ART"},
    "ended": FINISHED, "seconds": 61, "actions": 40, "winners": [0],
    "seats": [{"name": 'Zed, "Z"', "bot": False, "score": 88,
               "breakdown": [["groups", 50], ["longest\nrun", 38]]}],
}  # fmt: skip
_CYBO = {
    "device": _A, "number": 7, "game": "cybo", "params": {"level": "master"},
    "ended": ABANDONED, "seconds": None, "actions": 3, "winners": [],
    "seats": [{"name": "Éva", "bot": False, "score": -2, "breakdown": []},
              {"name": "Bot2", "bot": True, "score": 5, "breakdown": [["a;b: c", 5]]}],
}  # fmt: skip
_DICE = {
    "device": _A, "number": 3, "game": "trek12", "params": {"map": "zen", "mode": "dice"},
    "ended": FINISHED, "seconds": 0, "actions": 0,
    "seats": [{"name": "P1", "bot": False, "score": 0, "breakdown": [["x\ry", 0]]}],
}  # fmt: skip

# What csv.writer wrote (CPython 3.11) for collect's header and these records' rows, in
# collect's order: device A's numbers 3 then 7, then device B.
_EXPECTED = (
    "device,number,game,table,code,ended,seconds,actions,seat,name,bot,score,winner,breakdown\r\n"
    + _A + ',3,trek12,trek12/dice-only,no code,finished,0,0,1,P1,no,0,no,"x\ry: 0"\r\n'
    + _A + ",7,cybo,cybo/master,no code,abandoned,,3,1,Éva,no,-2,no,\r\n"
    + _A + ",7,cybo,cybo/master,no code,abandoned,,3,2,Bot2,yes,5,no,a;b: c: 5\r\n"
    + _B + ',2,trek12,trek12/dunai,ART,finished,61,40,1,"Zed, ""Z""",no,88,yes,'
    + '"groups: 50; longest\nrun: 38"\r\n'
)  # fmt: skip


def test_the_text_is_what_csv_writer_wrote_for_the_same_rows():
    assert results_csv.text([_DICE, _CYBO, _TREK]) == _EXPECTED


def test_no_records_give_the_header_alone():
    assert results_csv.text([]) == _EXPECTED.split("\r\n")[0] + "\r\n"


def test_segments_give_each_usable_record_once_in_collects_order():
    # Two segments as the device rotates its log: bytes and text, a record in both (the
    # rotation's overlap), a damaged line, a sealed line that is no record, a torn last line.
    first = record_line(_TREK) + record_line(_CYBO) + "torn {\n"
    second = seal('{"not":"a record"}') + record_line(_CYBO) + record_line(_DICE)
    second += record_line(_TREK)[:-9] + "\n"
    found = results_csv.records_of([first.encode(), second])
    assert found == [_DICE, _CYBO, _TREK]
    assert results_csv.text(found) == _EXPECTED
