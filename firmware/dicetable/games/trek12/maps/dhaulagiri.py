"""Dhaulagiri (75+ points to reach the summit): Trek 12 base sheet, reference A9.

19 circles, 23 adjacencies, dangerous circles 0, 4, 7, 10, 11, 16. Circle 0 is the summit
(smallest y), dangerous, with one neighbour; circles 11 and 17 are close on paper but do not touch.

Data in the map schema of reference A12; `xy` is in hundredths of the reference's layout units
(neighbours about 100 apart, y grows downward): the firmware keeps no floats.
Graph source: smetay/trek12-sherpa (MIT, abstract graph data).
"""

MAP = {
    "id": "dhaulagiri",
    "name": "Dhaulagiri",
    "summit": 75,
    "opLimits": {"LOW": 4, "HIGH": 4, "DIFF": 4, "SUM": 4, "PROD": 4},
    "circles": [
        {"id": 0, "xy": [-32, -215], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 1, "xy": [27, -134], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 2, "xy": [-161, -78], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 3, "xy": [-61, -89], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 4, "xy": [119, -93], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 5, "xy": [-162, 23], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 6, "xy": [-63, 11], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 7, "xy": [127, 7], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 8, "xy": [-327, 88], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 9, "xy": [-228, 97], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 10, "xy": [7, 84], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 11, "xy": [165, 99], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 12, "xy": [265, 112], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 13, "xy": [-285, 179], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 14, "xy": [-71, 147], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 15, "xy": [3, 215], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 16, "xy": [80, 153], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 17, "xy": [229, 205], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 18, "xy": [327, 188], "cap": 12, "tags": [], "region": None, "ball": None},
    ],
    "adjacency": {
        "0": [1],
        "1": [0, 3, 4],
        "2": [3, 5],
        "3": [1, 2, 6],
        "4": [1, 7],
        "5": [2, 6, 9],
        "6": [3, 5, 10],
        "7": [4, 11],
        "8": [9, 13],
        "9": [5, 8, 13],
        "10": [6, 14, 16],
        "11": [7, 12, 16],
        "12": [11, 17, 18],
        "13": [8, 9],
        "14": [10, 15],
        "15": [14, 16],
        "16": [10, 11, 15],
        "17": [12, 18],
        "18": [12, 17],
    },
    "prelinked": [],
    "scoring": {"orphanPenalty": 3, "sadPenalty": 3, "bonusTable": "standard", "hooks": []},
    "rules": {"linkRule": "mandatory", "sadCountsAsFilled": True, "allowVoluntarySad": True},
}
