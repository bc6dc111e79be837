"""How to play Gang of Dice, in plain words: a few short pages (ui.howto shows them).

((heading, (paragraph, ...)), ...). A page must fit the smallest panel (296x128: six lines of
about 48 characters), which tests/portable/kiosk/test_kiosk_howto.py checks. Written from the
rules references in shared/rules and their DECISIONS; plain ASCII only. Numbers, card colours
and the house rules come from gang's data, so the pages follow the tables the rules use. The
player count changes nothing but the pools, which are given for every count: PAGES is built
once, when the pages are asked for.
"""

from dicetable.games.gang import data
from dicetable.games.pages import packed


def deck_rules():
    """A sentence per deck, from data.CARDS, DECKS and BOX (the guess DECISIONS.md makes): its
    rounds, its cards by colour, and what is put away unseen (and why, when cards are
    unknown)."""
    rules = []
    first = 1
    for deck, drop in data.DECKS:
        known = [number for number in data.CARD_NUMBERS if data.CARDS[number][2] == deck]
        last = first + len(known) - drop - 1
        rounds = "round %d" % first if first == last else "rounds %d-%d" % (first, last)
        groups = []  # "yellow GD07-GD16": cards in a row of one colour
        start = 0
        for i in range(1, len(known) + 1):
            if (
                i == len(known)
                or known[i] != known[i - 1] + 1
                or data.CARDS[known[i]][1] != data.CARDS[known[start]][1]
            ):
                codes = data.CARDS[known[start]][0]
                if i - 1 > start:
                    codes += "-" + data.CARDS[known[i - 1]][0]
                groups.append(data.CARDS[known[start]][1] + " " + codes)
                start = i
        put = "%d %s put away unseen" % (drop, "is" if drop == 1 else "are")
        unknown = data.BOX[deck] - len(known)
        if unknown:
            put = "%d of its %d cards %s unknown, so %s instead of %d" % (
                unknown,
                data.BOX[deck],
                "is" if unknown == 1 else "are",
                put,
                unknown + drop,
            )
        rules.append("The %s deck, %s: %s; %s." % (deck, rounds, ", ".join(groups), put))
        first = last + 1
    return tuple(rules)


def _listed(items):
    """ "3, 6 and 9": words joined as a list."""
    words = [str(item) for item in items]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def _pools():
    """ "48 dice each (36 with 4 players)": the starting pools, the usual one first."""
    counts = {}
    for players in sorted(data.POOLS):
        counts.setdefault(data.POOLS[players], []).append(players)
    usual = data.POOLS[data.MIN_PLAYERS]
    others = []
    for pool in sorted(counts):
        if pool != usual:
            others.append("%d with %s players" % (pool, " or ".join(map(str, counts[pool]))))
    words = "%d dice each" % usual
    return words + " (%s)" % ", ".join(others) if others else words


def _bonus():
    """ "Rounds 10, 11 and 12 add 3, 6 and 9 bonus dice." from data.BONUS."""
    rounds = []
    dice = []
    for index in range(len(data.BONUS)):
        if data.BONUS[index]:
            rounds.append(index + 1)
            dice.append(data.BONUS[index])
    if not rounds:
        return ""
    word = "Rounds" if len(rounds) > 1 else "Round"
    return "%s %s add %s bonus dice." % (word, _listed(rounds), _listed(dice))


PAGES = (
    (
        "The goal",
        (
            "Everyone has a hidden pool of dice: %s. Win rounds to win more dice." % _pools(),
            "After %d rounds the player with the most dice wins; equal pools share the win."
            % data.ROUNDS,
        ),
    ),
    (
        "Your turn",
        (
            "Put some of your dice on the table and roll them. Reroll any of them, up to"
            " %d times." % data.REROLLS,
            "Faces score 1 to 5. The gangster scores nothing.",
        ),
    ),
    (
        "The warning",
        (
            "Each round shows a warning card.",
            "A yellow one is %s, a black one is %s. Match it and you are bust for the round."
            % (data.COLOUR_WORDS["yellow"], data.COLOUR_WORDS["black"]),
        ),
    ),
    (
        "Who wins",
        (
            "The best total takes every die on the table, bust players' dice too.",
            "Equal totals: more dice rolled wins; still equal, whoever rolled first this"
            " round wins.",
            "If everyone is bust, the dice wait for the next round.",
        ),
    ),
    (
        "The end",
        (
            "%s A player with no dice left is out." % _bonus(),
            "Arrows choose, OK confirms. Your pool shows only on your turn.",
        ),
    ),
) + packed("House rules", data.HOUSE_RULES[:1] + deck_rules() + data.HOUSE_RULES[1:])
