"""Whole sheets of On Track and Trek 12 drawn by the portable framebuf equal the reference's,
on both panel formats (framebuf_pair.py says what the reference is)."""

from framebuf_pair import check_games


def test_whole_sheets_of_ontrack_and_trek12_match_on_both_panels():
    check_games(("ontrack", "trek12"))
