"""Kagkot (70+ points to reach the summit): Trek 12 base sheet, reference A9.

19 circles, 27 adjacencies, dangerous circles 3, 4, 10, 15. One digitisation only (sherpa's
stored file says "draft"): to be checked against a physical pad (reference C7).

Data in the map schema of reference A12; `xy` is in hundredths of the reference's layout units
(neighbours about 100 apart, y grows downward): the firmware keeps no floats.
Graph source: smetay/trek12-sherpa (MIT, abstract graph data).
"""

MAP = {
    "id": "kagkot",
    "name": "Kagkot",
    "summit": 70,
    "opLimits": {"LOW": 4, "HIGH": 4, "DIFF": 4, "SUM": 4, "PROD": 4},
    "circles": [
        {"id": 0, "xy": [-63, -202], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 1, "xy": [31, -237], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 2, "xy": [180, -223], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 3, "xy": [100, -164], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 4, "xy": [-114, -117], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 5, "xy": [192, -125], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 6, "xy": [-18, -85], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 7, "xy": [-188, -48], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 8, "xy": [-93, -18], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 9, "xy": [-257, 25], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 10, "xy": [4, 13], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 11, "xy": [103, 13], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 12, "xy": [-194, 105], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 13, "xy": [-45, 100], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 14, "xy": [55, 99], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 15, "xy": [154, 98], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 16, "xy": [246, 139], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 17, "xy": [166, 197], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 18, "xy": [257, 237], "cap": 12, "tags": [], "region": None, "ball": None},
    ],
    "adjacency": {
        "0": [1, 4],
        "1": [0, 3],
        "2": [3, 5],
        "3": [1, 2, 5],
        "4": [0, 6, 7, 8],
        "5": [2, 3],
        "6": [4, 8, 10],
        "7": [4, 8, 9],
        "8": [4, 6, 7, 10],
        "9": [7, 12],
        "10": [6, 8, 11, 13, 14],
        "11": [10, 14, 15],
        "12": [9],
        "13": [10, 14],
        "14": [10, 11, 13, 15],
        "15": [11, 14, 16, 17],
        "16": [15, 17, 18],
        "17": [15, 16, 18],
        "18": [16, 17],
    },
    "prelinked": [],
    "scoring": {"orphanPenalty": 3, "sadPenalty": 3, "bonusTable": "standard", "hooks": []},
    "rules": {"linkRule": "mandatory", "sadCountsAsFilled": True, "allowVoluntarySad": True},
}
