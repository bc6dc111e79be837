"""The attract loop on both runtimes, driven by a virtual clock: its pages cycle (title, the
high-score tables on offer, how to play, a replayed bot game every second cycle), every page
draws on both panel sizes, a new page is a full refresh and a replay frame a partial one, its
LEDs are gentle, and a button on the how-to page opens the how-to list."""

import framebuf

# The frame for the drawing test, made first, while the heap is still in one piece. The
# smallest panel here; tests/kiosk/test_kiosk_props.py draws the pages on 400x300 too.
_FRAME = bytearray(296 * 128 // 8)

# The replayed game is compiled before the rest, while the heap is in large pieces.
from dicetable.games.trek12 import rules as trek12  # noqa: E402, F401, I001
from dicetable.games.trek12 import sheet as sheet_trek12  # noqa: E402, F401, I001

from kiosk_helpers import Rig  # noqa: E402, I001

from dicetable.ui import keys  # noqa: E402, I001
from dicetable.kiosk.attract import HOWTO, PAGE_MS, REPLAY, SCORES, TITLE, AttractScreen  # noqa: E402
from dicetable.ui.dice_leds import DiceCanvas  # noqa: E402
from dicetable.ui.howto import HowToMenuScreen  # noqa: E402
from dicetable.kiosk.controller import MENU_IDLE_MS  # noqa: E402

_KIOSK = {"enabled": True}


def _framebuffer(width, height):
    size = width * height // 8
    frame = _FRAME if size <= len(_FRAME) else bytearray(size)
    return framebuf.FrameBuffer(frame, width, height, framebuf.MONO_HLSB)


def test_the_attract_pages_cycle_and_a_bot_game_replays():
    rig = Rig({"enabled": True, "maps": ["dunai", "zen"], "games": ["trek12", "gang"]})
    try:
        scores = rig.kiosk.scores
        scores.insert("gang", "ANN", 40)
        scores.insert("gang", "BOB", 40)
        scores.insert("trek12/zen", "ZOE", 77)
        scores.insert("trek12/kagkot", "KIM", 90)  # a map not on offer: not shown
        scores.insert("cybo/master", "CAT", 9)  # a game not on offer: not shown
        rig.wait(MENU_IDLE_MS)
        attract = rig.screen
        assert isinstance(attract, AttractScreen)
        assert attract.pages == [
            (TITLE, None),
            (SCORES, "gang"),
            (SCORES, "trek12/zen"),
            (HOWTO, None),
        ]
        assert attract.take_natural_break() is False
        kinds = []
        for _ in range(5):
            rig.wait(attract.due_ms(rig.now()))
            assert attract.take_natural_break()  # every new page: a full refresh
            kinds.append(attract.kind())
        assert kinds == [SCORES, SCORES, HOWTO, TITLE, SCORES], kinds
        assert attract.cycle == 1 and attract.pages[-1] == (REPLAY, None)
        while attract.kind() != REPLAY:
            rig.wait(attract.due_ms(rig.now()))
        assert attract.take_natural_break()  # the replay's first frame: a new page
        replay = attract.replay
        assert replay.session.params["map"] in ("dunai", "zen")
        assert rig.kiosk.replays == 1
        frames = 0
        while attract.kind() == REPLAY:
            assert attract.due_ms(rig.now()) <= 8000
            rig.wait(attract.due_ms(rig.now()))
            frames += 1
            if attract.kind() == REPLAY:
                assert not attract.take_natural_break()  # frames are partial refreshes
        assert replay.over() and 5 <= frames <= 14, frames
        assert attract.kind() == TITLE and attract.cycle == 2
        assert rig.screen is attract  # nobody pressed anything all along
    finally:
        rig.close()


def draw_every_page(sizes):
    """Draw each page of a cycle with a replay on every panel size in `sizes`."""
    for width, height in sizes:
        rig = Rig({"enabled": True, "code": "MATH"}, width=width, height=height)
        try:
            rig.kiosk.scores.insert("trek12/dunai", "ZOE", 77)
            attract = rig.kiosk.idle_screen(rig.shell)
            rig.shell.show(attract)
            attract.cycle = 1
            attract.pages = attract._pages()
            fb = _framebuffer(width, height)
            seen = []
            while attract.cycle < 2:
                rig.shell.draw(fb)
                seen.append(attract.kind())
                rig.wait(attract.due_ms(rig.now()))
            assert seen[:4] == [TITLE, SCORES, HOWTO, REPLAY], seen
        finally:
            rig.close()


def test_every_attract_page_draws_on_the_smallest_panel():
    draw_every_page(((296, 128),))


def test_the_attract_leds_are_gentle():
    rig = Rig({"enabled": True, "brightness": 80})
    try:
        kiosk = rig.kiosk
        frame = bytearray(8 * 8 * 3)
        canvas = DiceCanvas(frame, 8, 8)
        assert kiosk.leds(rig.shell, canvas, 0) == -1  # the menu: the app draws as usual
        assert kiosk.brightness(rig.shell) == 80 * 255 // 100
        rig.shell.show(kiosk.idle_screen(rig.shell))
        assert kiosk.leds(rig.shell, canvas, 1000) == 80  # the next frame in 80 ms
        first = bytes(frame)
        assert max(first) < 128 and sum(first) > 0  # lit, and dim
        kiosk.leds(rig.shell, canvas, 1120)
        assert bytes(frame) != first  # it moves
        assert kiosk.brightness(rig.shell) == 80 * 255 // 100 // 2
    finally:
        rig.close()


def test_the_how_to_page_leads_to_the_how_to_list():
    rig = Rig(_KIOSK)
    try:
        attract = rig.kiosk.idle_screen(rig.shell)
        rig.shell.show(attract)
        rig.wait(PAGE_MS[TITLE])
        assert attract.kind() == HOWTO
        rig.press(keys.OK, gap=0)
        howto = rig.screen
        assert isinstance(howto, HowToMenuScreen)
        rig.press(keys.BACK)
        assert getattr(rig.screen, "limited", False)  # the kiosk's menu
    finally:
        rig.close()
