"""How to play on both runtimes: every game has pages, every page fits the smallest panel
without being cut, the words are plain ASCII, pages turn with the smallest button set, and
the list of games leads to them and back."""

import framebuf

from dicetable.games import GAMES
from dicetable.ui import draw, keys, text
from dicetable.ui.howto import HowToMenuScreen, HowToScreen, pages

_FRAME = bytearray(400 * 300 // 8)
_SIZES = ((296, 128), (400, 300))


def test_every_game_has_pages_in_plain_ascii():
    for game_id, _title in GAMES:
        _check_plain(pages(game_id), game_id)
    assert len(pages("nope")) == 1


def _check_fit(readings):
    """Every page of each (game id, options) in `readings` fits both panels without being cut."""
    shown = []
    original = draw.text_lines

    def spy(fb, fnt, lines, x, y, width, count, pitch, color=1):
        shown.append((len(lines), count))
        return original(fb, fnt, lines, x, y, width, count, pitch, color)

    draw.text_lines = spy
    try:
        for width, height in _SIZES:
            fb = framebuf.FrameBuffer(_FRAME, width, height, framebuf.MONO_HLSB)
            room = width - 2 * draw.INSET
            for game_id, options in readings:
                screen = HowToScreen(None, game_id, None, options)
                for page in range(len(screen.pages)):
                    screen.page = page
                    del shown[:]
                    screen.draw(fb, width, height)
                    lines, count = shown[0]
                    assert lines <= count, (width, game_id, options, page, lines, count)
                    heading = screen.heading()
                    assert text.measure(draw.look(width).title, heading) <= room, heading
    finally:
        draw.text_lines = original


def _check_plain(found, where):
    assert 4 <= len(found) <= 12, where
    for heading, paragraphs in found:
        assert heading and paragraphs
        for words in (heading,) + tuple(paragraphs):
            for char in words:
                assert " " <= char <= "~", (where, words)


# Settings whose pages differ from the defaults' (issue 17): each is checked as the defaults are.
_SETTINGS = (
    ("dicetrip", {"first": 3, "players": 4, "chains": "on", "mode": "dice"}),
    ("ontrack", {"buildings": "135"}),
    ("cybo", {"grid": "columns", "level": "grandmaster"}),
)


def test_every_page_fits_the_smallest_panel_uncut():
    _check_fit([(game_id, None) for game_id, _title in GAMES] + list(_SETTINGS))


def test_every_game_has_pages_in_plain_ascii_for_every_setting():
    for game_id, options in _SETTINGS:
        _check_plain(pages(game_id, options), game_id)


def test_every_trek12_map_has_its_pages_plain_and_uncut():
    from dicetable.games.trek12.maps import MAP_IDS

    for map_id in MAP_IDS:
        _check_plain(pages("trek12", {"map": map_id}), map_id)
    _check_fit([("trek12", {"map": map_id}) for map_id in MAP_IDS])


def test_pages_turn_with_the_smallest_button_set():
    screen = HowToScreen(None, "trek12", "before")
    count = len(screen.pages)
    assert screen.handle(keys.LEFT) is None and screen.page == 0  # no page before the first
    for page in range(1, count):
        assert screen.handle(keys.RIGHT) is None and screen.page == page
    assert screen.handle(keys.RIGHT) is None and screen.page == count - 1
    assert screen.handle(keys.LEFT) is None and screen.page == count - 2
    assert screen.handle(keys.OK) is None and screen.page == count - 1
    assert screen.handle(keys.OK) == "before"  # OK on the last page: done
    screen.page = 1
    assert screen.handle(keys.BACK) == "before"
    assert screen.heading().startswith("Trek 12 2/%d: " % count)


def test_the_list_of_games_leads_to_their_pages_and_back():
    menu = HowToMenuScreen(None, ["trek12", "dicetrip"], "menu")
    assert menu.handle(keys.RIGHT) is None and menu.cursor == 1
    pages = menu.handle(keys.OK)
    assert isinstance(pages, HowToScreen) and pages.game_id == "dicetrip"
    assert pages.handle(keys.BACK) is menu
    assert menu.handle(keys.RIGHT) is None and menu.cursor == 0  # round the list
    assert menu.handle(keys.BACK) == "menu"


def test_every_setup_offers_how_to_play_below_start():
    from dicetable.ui.setup import SetupScreen

    for game_id, _title in GAMES:
        setup = SetupScreen(None, game_id)
        start = setup.cursor  # the cursor starts on "Start game"
        assert start == len(setup.options) and setup.row_count() == start + 2
        assert setup.handle(keys.DOWN) is None and setup.cursor == start + 1
        pages = setup.handle(keys.OK)
        assert isinstance(pages, HowToScreen) and pages.game_id == game_id
        assert pages.handle(keys.BACK) is setup  # back to the setup, choices kept
        assert setup.handle(keys.DOWN) is None and setup.cursor == 0  # round the list
