"""Christmas map (a Trek 12 sheet shaped like a tree): APPROXIMATE LAYOUT. The sheet is not
published (reference A11, C6): the graph, the balls and the printed bonus values below are our
own stand-ins; the rules screen says "approximate layout".

19 circles, 29 adjacencies; circle 0, just below the star, is tagged "star"; two trunk circles
(17, 18) are dangerous. Six balls in four colours. Scoring hooks (reference A11):
- garland: each rope path gains garlandBonus[number of different ball colours on it];
- gift: a zone with no ball on it scores its points twice;
- star: the first player(s) to write a number in circle 0 gain 10;
- every frown and every orphan costs 5.
"""

MAP = {
    "id": "christmas",
    "name": "Christmas",
    "summit": 70,
    "approximate": True,
    "opLimits": {"LOW": 4, "HIGH": 4, "DIFF": 4, "SUM": 4, "PROD": 4},
    "circles": [
        {"id": 0, "xy": [0, -304], "cap": 12, "tags": ["star"], "region": None, "ball": None},
        {"id": 1, "xy": [-50, -218], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 2, "xy": [50, -218], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 3, "xy": [-100, -130], "cap": 12, "tags": [], "region": None, "ball": "red"},
        {"id": 4, "xy": [100, -130], "cap": 12, "tags": [], "region": None, "ball": "gold"},
        {"id": 5, "xy": [-150, -44], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 6, "xy": [150, -44], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 7, "xy": [-200, 44], "cap": 12, "tags": [], "region": None, "ball": "blue"},
        {"id": 8, "xy": [-100, 44], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 9, "xy": [100, 44], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 10, "xy": [200, 44], "cap": 12, "tags": [], "region": None, "ball": "silver"},
        {"id": 11, "xy": [-250, 130], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 12, "xy": [-150, 130], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 13, "xy": [-50, 130], "cap": 12, "tags": [], "region": None, "ball": "gold"},
        {"id": 14, "xy": [50, 130], "cap": 12, "tags": [], "region": None, "ball": "red"},
        {"id": 15, "xy": [150, 130], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 16, "xy": [250, 130], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 17, "xy": [0, 218], "cap": 6, "tags": [], "region": None, "ball": None},
        {"id": 18, "xy": [-50, 304], "cap": 6, "tags": [], "region": None, "ball": None},
    ],
    "adjacency": {
        "0": [1, 2],
        "1": [0, 2, 3],
        "2": [0, 1, 4],
        "3": [1, 5],
        "4": [2, 6],
        "5": [3, 7, 8],
        "6": [4, 9, 10],
        "7": [5, 8, 11, 12],
        "8": [5, 7, 12, 13],
        "9": [6, 10, 14, 15],
        "10": [6, 9, 15, 16],
        "11": [7, 12],
        "12": [7, 8, 11, 13],
        "13": [8, 12, 14, 17],
        "14": [9, 13, 15, 17],
        "15": [9, 10, 14, 16],
        "16": [10, 15],
        "17": [13, 14, 18],
        "18": [17],
    },
    "prelinked": [],
    "scoring": {
        "orphanPenalty": 5,
        "sadPenalty": 3,  # the base game's: the 5 is for orphans only (DECISIONS.md)
        "bonusTable": "standard",
        "hooks": ["garland", "gift", "star"],
        "garlandBonus": [0, 2, 5, 9, 14],
        "starBonus": 10,
    },
    "rules": {"linkRule": "mandatory", "sadCountsAsFilled": True, "allowVoluntarySad": True},
}
