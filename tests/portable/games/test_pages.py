"""How-to words laid out on pages (games/pages.py), on both runtimes."""

from dicetable.games.pages import packed


def test_paragraphs_go_on_pages_in_order_six_lines_at_most():
    short = "a rule"  # one line
    long = " ".join(["word"] * 30)  # 149 characters: four lines of 48
    pages = packed("House rules", (short, long, short, short, long))
    assert pages == (
        ("House rules", (short, long, short)),
        ("House rules", (short, long)),
    )
    assert packed("House rules", ()) == ()
    assert packed("H", (long + " " + long,)) == (("H", (long + " " + long,)),)  # never split
