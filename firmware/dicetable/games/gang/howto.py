"""How to play Gang of Dice, in plain words: a few short pages (ui.howto shows them).

((heading, (paragraph, ...)), ...). A page must fit the smallest panel (296x128: six lines of
about 48 characters), which tests/portable/kiosk/test_kiosk_howto.py checks. Written from the
rules references in shared/rules and their DECISIONS; plain ASCII only.
"""

PAGES = (
    (
        "The goal",
        (
            "Everyone has a hidden pool of dice. Win rounds to win more dice.",
            "After 12 rounds the player with the most dice wins.",
        ),
    ),
    (
        "Your turn",
        (
            "Put some of your dice on the table and roll them. Reroll any of them, up to"
            " two times.",
            "Faces score 1 to 5. The gangster scores nothing.",
        ),
    ),
    (
        "The warning",
        (
            "Each round shows a warning card.",
            "A yellow one is checked after every roll, a black one once at the end. Match"
            " it and you are bust for the round.",
        ),
    ),
    (
        "Who wins",
        (
            "The best total takes every die on the table, bust players' dice too. On a"
            " tie, more dice rolled wins.",
            "If everyone is bust, the dice wait for the next round.",
        ),
    ),
    (
        "The end",
        (
            "Rounds 10, 11 and 12 add 3, 6 and 9 bonus dice. A player with no dice left is out.",
            "Arrows choose, OK confirms. Your pool shows only on your turn.",
        ),
    ),
)
