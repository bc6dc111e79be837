"""Cybo's goal page draws the grid of the preset chosen at setup (issue 17, item 7): before, it
always showed 1 2 3 / 4 5 6 / ... even with the column preset, whose lines differ."""

from dicetable.games.cybo import data, howto
from dicetable.ui.howto import pages


def _goal(options):
    heading, paragraphs = pages("cybo", options)[0]
    assert heading == "The goal"
    return paragraphs[0]


def test_the_goal_page_draws_the_chosen_grid():
    assert "grid 1 2 3 / 4 5 6 / 7 8 9 / 10 11 12." in _goal({})
    assert "grid 1 2 3 / 4 5 6 / 7 8 9 / 10 11 12." in _goal({"grid": "rows"})
    columns = _goal({"grid": "columns", "level": "master"})
    assert "grid 1 5 9 / 2 6 10 / 3 7 11 / 4 8 12." in columns and "1 2 3" not in columns


def test_every_preset_is_drawn_row_by_row_from_its_data():
    for name in data.GRID_NAMES:
        rows = howto.grid_text(name).split(" / ")
        assert len(rows) == data.ROWS
        numbers = []
        for row in rows:
            cells = [int(cell) for cell in row.split(" ")]
            assert len(cells) == data.COLUMNS
            numbers.extend(cells)
        assert tuple(numbers) == data.GRIDS[name]
        assert howto.grid_text(name) in _goal({"grid": name})
