"""How to play Christmas On Track, in plain words: a few short pages (ui.howto shows them).

((heading, (paragraph, ...)), ...). A page must fit the smallest panel (296x128: six lines of
about 48 characters), which tests/portable/kiosk/test_kiosk_howto.py checks. Written from the
rules references in shared/rules and their DECISIONS; plain ASCII only.
"""

PAGES = (
    (
        "The goal",
        (
            "Draw a red railway and a green one. In each colour, join the Workshop to the"
            " Gift Wrap, and the Gift Wrap to the Sleigh.",
            "Longer lines score more.",
        ),
    ),
    (
        "Each turn",
        (
            "The device rolls a red, a green and a white die for everybody.",
            "Use two of them to draw two pieces on two squares. Red draws red, green"
            " draws green, white draws either.",
        ),
    ),
    (
        "Pieces",
        (
            "A low face may place a building instead: one of each kind per colour. Other"
            " faces draw a straight or a curved piece.",
            "Two equal dice may merge into one die of any number.",
        ),
    ),
    (
        "Stars",
        (
            "Reaching a star square, and every fifth turn, gives you a star.",
            "A star changes a die by one, up or down. Each star you keep is worth 1 point.",
        ),
    ),
    (
        "Points",
        (
            "After 20 turns: 1 point per square on your longest line between two"
            " buildings, in each colour and section.",
            "Each loose track end costs 1.",
        ),
    ),
    (
        "Buttons",
        (
            "Arrows pick the die, the piece and the square; OK takes each one.",
            "BACK steps back. With hints on, the cursor starts on a good choice.",
        ),
    ),
)
