"""Jampa (Trek 12+1): APPROXIMATE LAYOUT. The sheet is not published (reference A11, C6), so the
graph, the dangerous circles, the pre-linked pairs and the uneven operation limits below are
our own stand-ins in the same spirit; the rules screen says "approximate layout".

19 circles, 24 adjacencies, dangerous circles 4 and 16, five pre-linked pairs: once both
circles of a pair hold numbers they are linked, and the second one written becomes a frown
when its number cannot link to the first (reference A11).
Operation limits 3/4/5/5/3 (20 ticks), uneven as on the real sheet (numbers unknown).
"""

MAP = {
    "id": "jampa",
    "name": "Jampa",
    "summit": 70,
    "approximate": True,
    "opLimits": {"LOW": 3, "HIGH": 4, "DIFF": 5, "SUM": 5, "PROD": 3},
    "circles": [
        {"id": 0, "xy": [50, -218], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 1, "xy": [0, -130], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 2, "xy": [100, -130], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 3, "xy": [-50, -44], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 4, "xy": [150, -44], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 5, "xy": [250, -44], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 6, "xy": [-200, 44], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 7, "xy": [-100, 44], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 8, "xy": [0, 44], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 9, "xy": [300, 44], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 10, "xy": [-250, 130], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 11, "xy": [50, 130], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 12, "xy": [150, 130], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 13, "xy": [250, 130], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 14, "xy": [-300, 218], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 15, "xy": [-200, 218], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 16, "xy": [0, 218], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 17, "xy": [200, 218], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 18, "xy": [300, 218], "cap": 12, "tags": [], "region": None, "ball": None},
    ],
    "adjacency": {
        "0": [1, 2],
        "1": [0, 2, 3],
        "2": [0, 1, 4],
        "3": [1, 7, 8],
        "4": [2, 5],
        "5": [4, 9],
        "6": [7, 10],
        "7": [3, 6, 8],
        "8": [3, 7, 11],
        "9": [5, 13],
        "10": [6, 14, 15],
        "11": [8, 12, 16],
        "12": [11, 13, 17],
        "13": [9, 12, 17, 18],
        "14": [10, 15],
        "15": [10, 14],
        "16": [11],
        "17": [12, 13, 18],
        "18": [13, 17],
    },
    "prelinked": [[1, 3], [2, 4], [8, 11], [10, 15], [13, 17]],
    "scoring": {"orphanPenalty": 3, "sadPenalty": 3, "bonusTable": "standard", "hooks": []},
    "rules": {"linkRule": "mandatory", "sadCountsAsFilled": True, "allowVoluntarySad": True},
}
