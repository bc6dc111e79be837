"""Zen Trek: APPROXIMATE LAYOUT. The sheet is not published (reference A11, C6): the two
mountains, their water and start circles and their operation tables below are our own
stand-ins; the rules screen says "approximate layout".

20 circles, 31 adjacencies: the white mountain (x < 0) and the grey one (x > 0), ten circles
each, meet at the valley (circles 18-19). Rules (reference A11):
- the first number goes in one of the three start circles of either side (6, 12, 18 white;
  11, 17, 19 grey);
- each mountain has its own operation table (11 ticks for 10 circles): a circle is written
  with its own mountain's table;
- water circles (7, 13 white; 10, 16 grey) are never part of a rope path (zones are fine).
No balls on this sheet: circles leave out the "ball" key.
"""

MAP = {
    "id": "zen",
    "name": "Zen Trek",
    "summit": 70,
    "approximate": True,
    "opLimits": None,
    "regions": [
        {
            "id": "white",
            "name": "white mountain",
            "opLimits": {"LOW": 3, "HIGH": 2, "DIFF": 2, "SUM": 2, "PROD": 2},
        },
        {
            "id": "grey",
            "name": "grey mountain",
            "opLimits": {"LOW": 2, "HIGH": 2, "DIFF": 2, "SUM": 3, "PROD": 2},
        },
    ],
    "circles": [
        {"id": 0, "xy": [-250, -174], "cap": 12, "tags": [], "region": "white"},
        {"id": 1, "xy": [250, -174], "cap": 12, "tags": [], "region": "grey"},
        {"id": 2, "xy": [-300, -87], "cap": 12, "tags": [], "region": "white"},
        {"id": 3, "xy": [-200, -87], "cap": 12, "tags": [], "region": "white"},
        {"id": 4, "xy": [200, -87], "cap": 12, "tags": [], "region": "grey"},
        {"id": 5, "xy": [300, -87], "cap": 12, "tags": [], "region": "grey"},
        {"id": 6, "xy": [-350, 0], "cap": 12, "tags": ["start"], "region": "white"},
        {"id": 7, "xy": [-250, 0], "cap": 12, "tags": ["water"], "region": "white"},
        {"id": 8, "xy": [-150, 0], "cap": 12, "tags": [], "region": "white"},
        {"id": 9, "xy": [150, 0], "cap": 12, "tags": [], "region": "grey"},
        {"id": 10, "xy": [250, 0], "cap": 12, "tags": ["water"], "region": "grey"},
        {"id": 11, "xy": [350, 0], "cap": 12, "tags": ["start"], "region": "grey"},
        {"id": 12, "xy": [-400, 87], "cap": 12, "tags": ["start"], "region": "white"},
        {"id": 13, "xy": [-200, 87], "cap": 12, "tags": ["water"], "region": "white"},
        {"id": 14, "xy": [-100, 87], "cap": 12, "tags": [], "region": "white"},
        {"id": 15, "xy": [100, 87], "cap": 12, "tags": [], "region": "grey"},
        {"id": 16, "xy": [200, 87], "cap": 12, "tags": ["water"], "region": "grey"},
        {"id": 17, "xy": [400, 87], "cap": 12, "tags": ["start"], "region": "grey"},
        {"id": 18, "xy": [-50, 174], "cap": 12, "tags": ["start"], "region": "white"},
        {"id": 19, "xy": [50, 174], "cap": 12, "tags": ["start"], "region": "grey"},
    ],
    "adjacency": {
        "0": [2, 3],
        "1": [4, 5],
        "2": [0, 3, 6, 7],
        "3": [0, 2, 7, 8],
        "4": [1, 5, 9, 10],
        "5": [1, 4, 10, 11],
        "6": [2, 7, 12],
        "7": [2, 3, 6, 8, 13],
        "8": [3, 7, 13, 14],
        "9": [4, 10, 15, 16],
        "10": [4, 5, 9, 11, 16],
        "11": [5, 10, 17],
        "12": [6],
        "13": [7, 8, 14],
        "14": [8, 13, 18],
        "15": [9, 16, 19],
        "16": [9, 10, 15],
        "17": [11],
        "18": [14, 19],
        "19": [15, 18],
    },
    "prelinked": [],
    "scoring": {"orphanPenalty": 3, "sadPenalty": 3, "bonusTable": "standard", "hooks": []},
    "rules": {"linkRule": "mandatory", "sadCountsAsFilled": True, "allowVoluntarySad": True},
}
