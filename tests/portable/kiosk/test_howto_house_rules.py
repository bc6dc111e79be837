"""Every house rule on screen (issue 17, item 5; DECISIONS.md "All games"): each sentence of a
game's data.HOUSE_RULES (the guesses and placeholders its rules use) appears on some page of its
how-to pages with the default options, the pages the kiosk's "How to play" list shows. The games
are collected from their data, so a game that gains house rules is checked too."""

import gc
import sys

from dicetable.core.modules import forget_modules
from dicetable.games import GAMES, part
from dicetable.ui.howto import pages

# Games known to keep house rules in their data (one missing from the list is a failure too).
_WITH_HOUSE_RULES = ("gang", "ontrack", "dicetrip")


def _house_rules(game_id):
    try:
        data = part(game_id, "data")
    except ImportError:  # a game without a data module (Trek 12 keeps its maps elsewhere)
        return None
    return getattr(data, "HOUSE_RULES", None)


def _forget(game_id):
    # Under MicroPython the games' modules from source do not fit the test heap together.
    if sys.implementation.name == "micropython":
        prefix = "dicetable.games." + game_id
        forget_modules([name for name in sys.modules if name.startswith(prefix)])
        gc.collect()


def test_every_house_rule_in_a_games_data_is_on_its_how_to_pages():
    checked = []
    missing = []
    for game_id, _title in GAMES:
        rules = _house_rules(game_id)
        if rules is not None:
            checked.append(game_id)
            shown = []
            for _heading, paragraphs in pages(game_id, {}):
                shown.extend(paragraphs)
            assert rules, game_id
            for rule in rules:
                if not [paragraph for paragraph in shown if rule in paragraph]:
                    missing.append((game_id, rule))
        _forget(game_id)
    for game_id in _WITH_HOUSE_RULES:
        assert game_id in checked, game_id
    assert not missing, missing
