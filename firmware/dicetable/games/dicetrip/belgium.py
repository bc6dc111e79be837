"""The Dice Trip: Belgium sheet: 25 cities joined by roads, some ringed in a die's colour.

PLACEHOLDER (rules reference 2.7, DECISIONS.md): the real Belgian sheet has not been transcribed.
These are 25 real Belgian towns at their approximate positions with invented roads (planar,
connected, degrees 2-5) and invented rings (8 cities, 2 per die colour). The UI shows NOTICE
while PLACEHOLDER is true; a transcription of the real sheet replaces this module only.

City ids are 0..24 (the reference table's number minus one). Layout: x, y in thousandths of the
map's box, y downward, projected from latitude and longitude as x = (lon - 2.5) / 4.0 and
y = (51.55 - lat) / 2.1 (reference 2.7). Names are ASCII because the panel fonts are.
"""

NAME = "Belgium"
PLACEHOLDER = True
NOTICE = "Placeholder map: the real Belgian sheet is not transcribed yet"

# (id, name, ring colour or None, x, y)
CITIES = (
    (0, "Oostende", None, 105, 152),
    (1, "Brugge", "yellow", 180, 162),
    (2, "Ieper", None, 98, 333),
    (3, "Kortrijk", None, 190, 343),
    (4, "Gent", "green", 305, 238),
    (5, "Sint-Niklaas", None, 410, 181),
    (6, "Antwerpen", "blue", 475, 157),
    (7, "Turnhout", None, 612, 110),
    (8, "Mechelen", None, 495, 248),
    (9, "Aalst", None, 385, 290),
    (10, "Brussel", "red", 462, 333),
    (11, "Leuven", None, 550, 319),
    (12, "Hasselt", "green", 710, 295),
    (13, "Tongeren", None, 740, 367),
    (14, "Tournai", None, 223, 448),
    (15, "Mons", None, 363, 524),
    (16, "Waterloo", None, 475, 395),
    (17, "Charleroi", None, 485, 543),
    (18, "Namur", "yellow", 592, 514),
    (19, "Liege", "blue", 768, 438),
    (20, "Spa", None, 840, 505),
    (21, "Dinant", None, 602, 614),
    (22, "Durbuy", None, 740, 571),
    (23, "Bastogne", "red", 805, 738),
    (24, "Arlon", None, 830, 890),
)

# Roads, undirected (the reference's list, ids minus one).
ROADS = (
    (0, 1), (0, 2), (1, 4), (1, 3), (2, 3), (3, 4), (3, 14), (4, 5), (4, 9), (5, 6),
    (6, 8), (6, 7), (8, 10), (8, 11), (9, 10), (10, 11), (7, 12), (11, 12), (12, 13),
    (13, 19), (14, 15), (15, 17), (10, 16), (16, 17), (16, 18), (17, 18), (18, 19),
    (19, 20), (18, 21), (19, 22), (20, 23), (22, 23), (21, 22), (23, 24), (21, 24),
    (9, 15), (11, 18),
)  # fmt: skip
