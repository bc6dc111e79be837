"""Containment (the lockdown sheet: a home): APPROXIMATE LAYOUT. The sheet is not published
(reference A11, C6): the rooms and special circles below are our own stand-ins; the rules
screen says "approximate layout".

19 circles, 30 adjacencies, no dangerous circles: the fridge (0), the sink (11), the sofa (14),
the desk (3, 4, 8) and the entrance (18). Rules (reference A11, PROPOSED readings):
- a result over 12 puts the player out at once with -100 points;
- an orphan costs its own number;
- the entrance's number counts negative unless its rope path holds the sink;
- a rope path holding the fridge and the sofa scores twice;
- a zone on the desk scores number x circles.
"""

MAP = {
    "id": "containment",
    "name": "Containment",
    "summit": 70,
    "approximate": True,
    "opLimits": {"LOW": 4, "HIGH": 4, "DIFF": 4, "SUM": 4, "PROD": 4},
    "circles": [
        {"id": 0, "xy": [-275, -174], "cap": 12, "tags": ["fridge"], "region": None, "ball": None},
        {"id": 1, "xy": [-175, -174], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 2, "xy": [-75, -174], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 3, "xy": [125, -174], "cap": 12, "tags": ["desk"], "region": None, "ball": None},
        {"id": 4, "xy": [225, -174], "cap": 12, "tags": ["desk"], "region": None, "ball": None},
        {"id": 5, "xy": [-225, -87], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 6, "xy": [-125, -87], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 7, "xy": [75, -87], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 8, "xy": [175, -87], "cap": 12, "tags": ["desk"], "region": None, "ball": None},
        {"id": 9, "xy": [275, -87], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 10, "xy": [-175, 0], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 11, "xy": [-75, 0], "cap": 12, "tags": ["sink"], "region": None, "ball": None},
        {"id": 12, "xy": [25, 0], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 13, "xy": [225, 0], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 14, "xy": [-225, 87], "cap": 12, "tags": ["sofa"], "region": None, "ball": None},
        {"id": 15, "xy": [-125, 87], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 16, "xy": [75, 87], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 17, "xy": [175, 87], "cap": 12, "tags": [], "region": None, "ball": None},
        {"id": 18, "xy": [25, 174], "cap": 12, "tags": ["entrance"], "region": None, "ball": None},
    ],
    "adjacency": {
        "0": [1, 5],
        "1": [0, 2, 5, 6],
        "2": [1, 6],
        "3": [4, 7, 8],
        "4": [3, 8, 9],
        "5": [0, 1, 6, 10],
        "6": [1, 2, 5, 10, 11],
        "7": [3, 8, 12],
        "8": [3, 4, 7, 9, 13],
        "9": [4, 8, 13],
        "10": [5, 6, 11, 14, 15],
        "11": [6, 10, 12, 15],
        "12": [7, 11, 16],
        "13": [8, 9, 17],
        "14": [10, 15],
        "15": [10, 11, 14],
        "16": [12, 17, 18],
        "17": [13, 16],
        "18": [16],
    },
    "prelinked": [],
    "scoring": {
        "orphanPenalty": 3,
        "sadPenalty": 3,
        "bonusTable": "standard",
        "hooks": ["orphanValue", "entrance", "fridgeSofa", "desk"],
        "lossScore": -100,
    },
    "rules": {
        "linkRule": "mandatory",
        "sadCountsAsFilled": True,
        "allowVoluntarySad": True,
        "overTwelve": "lose",
    },
}
