"""draw.wrap on a monospaced font counts characters instead of measuring each candidate line:
it must give exactly the lines of the measuring way (kept here as the reference), whatever
the spaces (runs of them, leading, trailing), the word lengths and the width, too narrow for
one character included."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.ui import draw, text


def _measured(fnt, s, width):
    """wrap() as it was before the character count: build each candidate, measure it."""
    lines = []
    line = ""
    for word in s.split(" "):
        candidate = line + " " + word if line else word
        if text.measure(fnt, candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while text.measure(fnt, word) > width:
            count = max(1, width // fnt.width)
            lines.append(word[:count])
            word = word[count:]
        line = word
    lines.append(line)
    return lines


_TEXT = st.text(alphabet="ab \u2713", max_size=60)


@settings(max_examples=600, deadline=None)
@given(_TEXT, st.integers(min_value=0, max_value=140), st.sampled_from(("small", "medium")))
def test_wrap_counts_the_lines_the_measuring_way_gives(words, width, name):
    fnt = draw.font(name)
    assert text.cell_width(fnt)  # every font shipped is monospaced: the counting way runs
    assert draw.wrap(fnt, words, width) == _measured(fnt, words, width)


def test_a_prompt_wraps_the_same_on_every_font():
    prompt = "Choose an operation:  the hint is on the one the bot would take, rope 1 of 2"
    for name in ("small", "medium", "large"):
        fnt = draw.font(name)
        for width in (0, 3, 50, 121, 200, 400):
            assert draw.wrap(fnt, prompt, width) == _measured(fnt, prompt, width)
