"""draw.wrap on a monospaced font counts characters instead of measuring each candidate line:
it must give exactly the lines of the measuring way (the way any other font takes: here the
same font told it is not monospaced), whatever the spaces (runs of them, leading, trailing),
the word lengths and the width, too narrow for one character included."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.ui import draw, text


def _measuring(name):
    """The font as wrap sees a proportional one: the same glyphs and advances, measured."""
    module = __import__("dicetable.ui.fonts." + name, None, None, (name,))
    fnt = text.Font(module)
    fnt._monospace = 0
    assert text.cell_width(fnt) == 0 and text.cell_width(draw.font(name))
    return fnt


_TEXT = st.text(alphabet="ab \u2713", max_size=60)
_FONTS = {name: _measuring(name) for name in ("small", "medium", "large")}


@settings(max_examples=600, deadline=None)
@given(_TEXT, st.integers(min_value=0, max_value=140), st.sampled_from(("small", "medium")))
def test_wrap_counts_the_lines_the_measuring_way_gives(words, width, name):
    assert draw.wrap(draw.font(name), words, width) == draw.wrap(_FONTS[name], words, width)


def test_a_prompt_wraps_the_same_on_every_font():
    prompt = "Choose an operation:  the hint is on the one the bot would take, rope 1 of 2"
    for name, measuring in _FONTS.items():
        for width in (0, 3, 50, 121, 200, 400):
            assert draw.wrap(draw.font(name), prompt, width) == draw.wrap(measuring, prompt, width)
