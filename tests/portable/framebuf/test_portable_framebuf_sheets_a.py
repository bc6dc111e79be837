"""Whole sheets of Cybo, Dice Trip and Gang of Dice drawn by the portable framebuf equal the
reference's, on both panel formats (framebuf_pair.py says what the reference is)."""

from framebuf_pair import check_games


def test_whole_sheets_of_cybo_dicetrip_and_gang_match_on_both_panels():
    check_games(("cybo", "dicetrip", "gang"))
