"""Dice Trip's how-to pages (issue 17, items 5 and 8): worded for the setup's options (the first
roller, chains), and the house rules in use listed from data, with the facts they restate
(the map's size, the dice colours, the last round) taken from the values the rules use."""

from dicetable.games.dicetrip import belgium as dicetrip_map
from dicetable.games.dicetrip import data, howto
from dicetable.ui.howto import pages


def _text(found):
    words = []
    for heading, paragraphs in found:
        words.append(heading)
        words.extend(paragraphs)
    return " | ".join(words)


def _house_rules(found):
    rules = []
    for heading, paragraphs in found:
        if heading == "House rules":
            rules.extend(paragraphs)
    return rules


def test_the_pages_name_the_first_roller_chosen_at_setup():
    assert "Player 1 rolls first, then" in _text(pages("dicetrip", {}))
    chosen = _text(pages("dicetrip", {"players": 4, "first": 2}))
    assert "Player 3 rolls first, then" in chosen and "Player 1 rolls first, then" not in chosen


def test_the_house_rules_in_use_are_listed_and_chains_only_when_on():
    off = pages("dicetrip", {})
    on = pages("dicetrip", {"chains": "on"})
    assert _house_rules(off) == list(data.HOUSE_RULES) and "Chains" not in _text(off)
    assert _house_rules(on)[:-1] == list(data.HOUSE_RULES)
    chains = _house_rules(on)[-1]
    assert chains.startswith("Chains (a guess")
    assert "%d or more cities" % data.CHAIN_MIN_CITIES in chains
    assert "score %d per link" % data.CHAIN_POINTS_PER_LINK in chains
    assert howto.pages({}) == off


def test_house_rules_restate_the_data_the_rules_use():
    text = " ".join(data.HOUSE_RULES)
    assert dicetrip_map.PLACEHOLDER and "%d real towns" % len(dicetrip_map.CITIES) in text
    assert "Dice colours %s are a guess" % ", ".join(data.DICE_COLOURS) in text
    assert "not in round %d" % data.ROUNDS in text
    shown = _text(pages("dicetrip", {}))
    assert " and ".join((", ".join(data.DICE_COLOURS[:-1]), data.DICE_COLOURS[-1])) in shown
    assert "the %d cities" % len(dicetrip_map.CITIES) in shown
