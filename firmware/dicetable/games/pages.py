"""How-to words laid out on pages (each game's howto.py; ui.howto shows them).

PURE. A page must fit the smallest panel, 296x128: six lines of about 48 characters
(tests/portable/kiosk/test_kiosk_howto.py checks every page drawn).
"""

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


def packed(heading, paragraphs):
    """The paragraphs in order on as many pages headed `heading` as they need on the smallest
    panel (a game's house rules, say)."""
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
