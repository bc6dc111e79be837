"""Gang of Dice's how-to pages on both runtimes: every house rule of the data is on a page,
the card sentences follow the card table, and the tie-breaks are the engine's (issue 17,
items 5 and 7)."""

from dicetable.games.gang import data, howto
from dicetable.ui.howto import pages


def _paragraphs():
    found = []
    for _heading, paragraphs in pages("gang"):
        found.extend(paragraphs)
    return found


def test_every_house_rule_of_the_data_is_on_a_page():
    shown = _paragraphs()
    assert len(data.HOUSE_RULES) >= 5
    for rule in data.HOUSE_RULES:
        assert rule in shown, rule


def test_the_card_sentences_come_from_the_card_table():
    # DECISIONS.md (revised): rounds 1-9 from the bright deck, the 10 known yellow cards of 12,
    # 3 put away in the box, so 1 here; rounds 10-12 from the six black cards, 3 put away.
    rules = howto.deck_rules()
    shown = _paragraphs()
    for rule in rules:
        assert rule in shown, rule
    bright = "The bright deck, rounds 1-9: yellow GD07-GD16; 2 of its 12 cards are unknown,"
    assert bright + " so 1 is put away unseen instead of 3." in rules
    assert "The dark deck, rounds 10-12: black GD01-GD06; 3 are put away unseen." in rules
    # Each card's colour is in the sentence of its deck.
    for number in data.CARD_NUMBERS:
        code, colour, deck = data.CARDS[number][:3]
        said = [rule for rule in rules if rule.startswith("The %s deck" % deck)]
        assert len(said) == 1 and colour in said[0], code


def test_the_pages_give_both_tie_breaks_and_that_equal_pools_share():
    # GangState.round_winner: best total, then more dice, then the earlier roller this round;
    # State.winners: equal pools share the game (test_gang.py pins both).
    shown = " ".join(_paragraphs())
    assert "Equal totals: more dice rolled wins; still equal, whoever rolled first" in shown
    assert "the player with the most dice wins; equal pools share the win" in shown


def test_the_numbers_on_the_pages_are_the_datas():
    shown = " ".join(_paragraphs())
    assert "48 dice each (36 with 4 players)" in shown
    assert "After %d rounds" % data.ROUNDS in shown
    assert "Rounds 10, 11 and 12 add 3, 6 and 9 bonus dice." in shown
    assert "up to %d times" % data.REROLLS in shown
    assert data.COLOUR_WORDS["black"] in shown and data.COLOUR_WORDS["yellow"] in shown
