"""How to play Gang of Dice, in plain words: a few short pages (ui.howto shows them).

((heading, (paragraph, ...)), ...). A page must fit the smallest panel (296x128: six lines of
about 48 characters), which tests/portable/kiosk/test_kiosk_howto.py checks. Written from the
rules references in shared/rules and their DECISIONS; plain ASCII only. Numbers, card colours
and the house rules come from gang's data, so the pages follow the tables the rules use. The
player count changes nothing but the pools, which are given for every count: PAGES is built
once, when the pages are asked for.
"""

from dicetable.games.gang import data

_LINES = 6  # body lines on a page of the smallest panel
_CHARS = 48  # characters on one of those lines (the fonts are monospaced)


def _lines(paragraph):
    """How many lines `paragraph` takes when wrapped at spaces to _CHARS."""
    lines = 1
    used = 0
    for word in paragraph.split(" "):
        if used and used + 1 + len(word) > _CHARS:
            lines += 1
            used = len(word)
        else:
            used += (1 if used else 0) + len(word)
    return lines


def _packed(heading, paragraphs):
    """The paragraphs in order on as many pages headed `heading` as they need."""
    pages = []
    page = []
    used = 0
    for paragraph in paragraphs:
        lines = _lines(paragraph)
        if page and used + lines > _LINES:
            pages.append((heading, tuple(page)))
            page = []
            used = 0
        page.append(paragraph)
        used += lines
    if page:
        pages.append((heading, tuple(page)))
    return tuple(pages)


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
) + _packed("House rules", data.HOUSE_RULES)
