"""Dunai (65+ points to reach the summit): Trek 12 base sheet, reference A9.

19 circles, 32 adjacencies, no dangerous circles. Cross-checked: Jaxonce/Trek12's
digitisation of the same sheet is isomorphic (reference A9).

Data in the map schema of reference A12; `xy` is in hundredths of the reference's layout units
(neighbours about 100 apart, y grows downward): the firmware keeps no floats.
Graph source: smetay/trek12-sherpa (MIT, abstract graph data).
"""

MAP = {
    "id": "dunai",
    "name": "Dunai",
    "summit": 65,
    "opLimits": {"LOW": 4, "HIGH": 4, "DIFF": 4, "SUM": 4, "PROD": 4},
    "circles": [
        {"id": 0, "xy": [-276, -154], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 1, "xy": [-180, -178], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 2, "xy": [-253, -56], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 3, "xy": [-155, -36], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 4, "xy": [-56, -14], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 5, "xy": [22, -77], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 6, "xy": [-320, 18], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 7, "xy": [-288, 114], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 8, "xy": [-222, 40], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 9, "xy": [-190, 135], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 10, "xy": [-124, 61], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 11, "xy": [-93, 158], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 12, "xy": [-27, 83], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 13, "xy": [4, 178], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 14, "xy": [70, 104], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 15, "xy": [129, 24], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 16, "xy": [168, 115], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 17, "xy": [226, 35], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 18, "xy": [320, 74], "cap": 12, "tags": [], "region": None, "ball": None},
    ],
    "adjacency": {
        "0": [1, 2],
        "1": [0],
        "2": [0, 3, 6, 8],
        "3": [2, 4, 8, 10],
        "4": [3, 5, 10, 12],
        "5": [4],
        "6": [2, 7, 8],
        "7": [6, 8, 9],
        "8": [2, 3, 6, 7, 9, 10],
        "9": [7, 8, 10, 11],
        "10": [3, 4, 8, 9, 11, 12],
        "11": [9, 10, 12, 13],
        "12": [4, 10, 11, 13, 14],
        "13": [11, 12, 14],
        "14": [12, 13, 15, 16],
        "15": [14, 16, 17],
        "16": [14, 15, 17],
        "17": [15, 16, 18],
        "18": [17],
    },
    "prelinked": [],
    "scoring": {"orphanPenalty": 3, "sadPenalty": 3, "bonusTable": "standard", "hooks": []},
    "rules": {"linkRule": "mandatory", "sadCountsAsFilled": True, "allowVoluntarySad": True},
}
