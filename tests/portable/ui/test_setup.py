"""The setup screen on both runtimes and both key layouts (issue 16, item 5): where the board has
UP and DOWN they move between the rows and LEFT/RIGHT change the value both ways, stopping at
either end; on 3-button boards PREV/NEXT move and OK changes the value round its list. Only
combinations the game's make_params accepts are offered (never more bots than players, no bots
in dice-only mode), and fewer players take the bots down with them. Footers name BACK as the
board makes it (item 10)."""

import gc
import sys

from boards.badger2040 import BOARD as BADGER
from boards.pico_kiosk import BOARD as PICO_KIOSK
from boards.sim296 import BOARD as SIM296
from boards.sim296_3btn import BOARD as THREE_BUTTONS
from dicetable.core.errors import IllegalAction
from dicetable.core.modules import forget_modules
from dicetable.games import GAMES, load
from dicetable.ui import keys
from dicetable.ui.howto import HowToScreen
from dicetable.ui.screens import MenuScreen
from dicetable.ui.setup import SetupScreen
from dicetable.ui.shell import Shell


class _Store:
    def load_lines(self):
        return []

    def append(self, line):
        pass

    def clear(self):
        pass


def _setup(game_id, board=SIM296):
    shell = Shell(296, 128, _Store(), lambda: 5, board["buttons"])
    return SetupScreen(shell, game_id)


def _row(setup, key):
    return [option[0] for option in setup.options].index(key)


def _go_to(setup, key):
    """UP/DOWN (PREV/NEXT on three buttons) until the cursor is on the option `key`."""
    row = _row(setup, key)
    moves = keys.DOWN if setup.shell.up_down else keys.RIGHT
    for _ in range(setup.row_count()):
        if setup.cursor == row:
            return
        setup.handle(moves)
    raise AssertionError("the cursor never reached %s" % key)


def _accepted(game_id, options):
    try:
        load(game_id).make_params(options)
    except IllegalAction:
        return False
    return True


def _games():
    """Every title in turn; under MicroPython each one's modules go after its turn (five
    games' rules compiled from source do not fit the test heap together)."""
    for game_id, _title in GAMES:
        yield game_id
        if sys.implementation.name == "micropython":
            prefix = "dicetable.games." + game_id
            forget_modules([name for name in sys.modules if name.startswith(prefix)])
            gc.collect()


def test_the_board_says_whether_it_has_up_and_down_and_what_gives_back():
    assert keys.has_up_down(SIM296["buttons"]) and keys.back_word(SIM296["buttons"]) == "BACK"
    assert not keys.has_up_down(THREE_BUTTONS["buttons"])
    assert keys.back_word(THREE_BUTTONS["buttons"]) == "hold OK"
    # The Badger's A, B, C work as PREV, OK, NEXT, but it has UP and DOWN at the side.
    assert keys.has_up_down(BADGER["buttons"]) and keys.back_word(BADGER["buttons"]) == "hold OK"
    assert keys.back_word(PICO_KIOSK["buttons"]) == "hold OK"
    chord_only = {"keys": {"PREV": "LEFT", "OK": "OK", "NEXT": "RIGHT"}, "chords": []}
    chord_only["chords"].append((("PREV", "NEXT"), "BACK"))
    assert keys.back_word(chord_only) == "PREV+NEXT"
    assert keys.has_up_down(None) and keys.back_word(None) == "BACK"


def test_left_and_right_change_the_value_both_ways_and_stop_at_the_ends():
    setup = _setup("cybo")
    _go_to(setup, "players")
    row = setup.cursor
    assert setup.values["players"] == 2
    setup.handle(keys.RIGHT)
    assert setup.values["players"] == 3 and setup.cursor == row  # the value, not the cursor
    setup.handle(keys.LEFT)
    assert setup.values["players"] == 2  # 3 -> 2 is one press
    setup.handle(keys.LEFT)
    assert setup.values["players"] == 2 and setup.cursor == row  # no wrap, no "How to play"
    for _ in range(8):
        setup.handle(keys.RIGHT)
    assert setup.values["players"] == 6
    _go_to(setup, "level")
    setup.handle(keys.LEFT)
    assert setup.values["level"] == "beginner"  # from "advanced", the default


def test_up_and_down_move_between_the_rows_and_the_arrows_leave_start_alone():
    setup = _setup("gang")
    start = setup.cursor
    assert start == len(setup.options)
    values = dict(setup.values)
    for key in (keys.LEFT, keys.RIGHT):
        assert setup.handle(key) is None and setup.cursor == start and setup.values == values
    setup.handle(keys.UP)
    assert setup.cursor == start - 1
    setup.handle(keys.DOWN)
    setup.handle(keys.DOWN)
    assert setup.cursor == start + 1  # "How to play"
    assert isinstance(setup.handle(keys.OK), HowToScreen)
    setup.handle(keys.DOWN)
    assert setup.cursor == 0  # the rows go round
    assert isinstance(setup.handle(keys.BACK), MenuScreen)


def test_how_to_play_from_setup_gets_the_options_chosen_there():
    from dicetable.ui import howto

    asked = []
    original = howto.pages
    howto.pages = lambda game_id, options=None: (
        asked.append((game_id, options)) or original(game_id, options)
    )
    try:
        setup = _setup("cybo")
        _go_to(setup, "grid")
        setup.handle(keys.RIGHT)
        chosen = setup.chosen_options()
        setup.cursor = len(setup.options) + 1  # "How to play"
        assert isinstance(setup.handle(keys.OK), HowToScreen)
    finally:
        howto.pages = original
    assert asked == [("cybo", chosen)] and chosen["grid"] != "rows"


def test_three_buttons_prev_and_next_move_and_ok_changes_the_value_round_its_list():
    setup = _setup("cybo", THREE_BUTTONS)
    start = setup.cursor
    setup.handle(keys.LEFT)  # PREV
    assert setup.cursor == start - 1 and setup.values["grid"] == "rows"
    setup.handle(keys.RIGHT)  # NEXT
    assert setup.cursor == start
    _go_to(setup, "players")
    seen = []
    for _ in range(5):
        setup.handle(keys.OK)
        seen.append(setup.values["players"])
    assert seen == [3, 4, 5, 6, 2]  # upward, then round
    assert setup.cursor == _row(setup, "players")


def test_bots_never_outnumber_the_players_and_follow_them_down():
    for board in (SIM296, THREE_BUTTONS):
        setup = _setup("gang", board)
        assert (setup.values["players"], setup.values["bots"]) == (3, 2)
        _go_to(setup, "bots")
        offered = set()
        for key in (keys.LEFT,) * 4 + (keys.RIGHT,) * 4 if board is SIM296 else (keys.OK,) * 8:
            setup.handle(key)
            offered.add(setup.values["bots"])
        assert offered == {0, 1, 2, 3}, offered  # 4 bots are not offered to 3 players
        while setup.values["bots"] != 3:
            setup.handle(keys.RIGHT if board is SIM296 else keys.OK)
        _go_to(setup, "players")
        if board is SIM296:
            setup.handle(keys.LEFT)
        else:
            setup.handle(keys.OK)  # 3 -> 4
            setup.handle(keys.OK)  # 4 -> 2, round the list
        assert setup.values["players"] == 2
        assert setup.values["bots"] == 2  # the nearest count that fits two players
        assert _accepted("gang", setup.chosen_options())


def test_dice_only_mode_takes_the_bots_away_and_offers_none():
    setup = _setup("trek12")
    _go_to(setup, "players")
    setup.handle(keys.RIGHT)
    _go_to(setup, "bots")
    setup.handle(keys.RIGHT)
    setup.handle(keys.RIGHT)
    assert (setup.values["players"], setup.values["bots"]) == (2, 2)
    _go_to(setup, "mode")
    setup.handle(keys.RIGHT)
    assert setup.values["mode"] == "dice" and setup.values["bots"] == 0
    _go_to(setup, "bots")
    setup.handle(keys.RIGHT)
    assert setup.values["bots"] == 0  # nothing else is offered in dice-only mode
    _go_to(setup, "mode")
    setup.handle(keys.LEFT)
    _go_to(setup, "bots")
    setup.handle(keys.RIGHT)
    assert setup.values["bots"] == 1


def _offered(setup, key):
    """Every value the row `key` offers from where it is, by pressing LEFT then RIGHT to its
    ends; the row is put back as it was."""
    kept = dict(setup.values)
    _go_to(setup, key)
    count = len(setup.options[setup.cursor][2])
    for _ in range(count):
        setup.handle(keys.LEFT)
    offered = [setup.values[key]]
    for _ in range(count):
        setup.handle(keys.RIGHT)
        if setup.values[key] != offered[-1]:
            offered.append(setup.values[key])
    setup.values = kept
    return offered


def test_every_game_offers_exactly_the_combinations_its_rules_accept():
    for game_id in _games():
        for board in (SIM296, THREE_BUTTONS):
            setup = _setup(game_id, board)
            # Every value of every row, pressed through from the top on this board's keys:
            # each combination reached is one the rules accept.
            for _ in range(2):
                for row in range(len(setup.options)):
                    key, _label, values, _titles = setup.options[row]
                    if values is None:
                        continue
                    _go_to(setup, key)
                    for _ in range(len(values)):
                        setup.handle(keys.RIGHT if board is SIM296 else keys.OK)
                        assert _accepted(game_id, setup.chosen_options()), (
                            game_id,
                            setup.values,
                        )
        # With arrows: at each player count (and mode), the bots offered are exactly the counts
        # the rules accept with the rows above.
        setup = _setup(game_id)
        modes = [None]
        if "mode" in setup.values:
            modes = setup.options[_row(setup, "mode")][2]
        for mode in modes:
            for players in setup.options[_row(setup, "players")][2]:
                setup.values["players"] = players
                setup.values["bots"] = 0
                if mode is not None:
                    setup.values["mode"] = mode
                options = setup.chosen_options()
                accepted = []
                for bots in setup.options[_row(setup, "bots")][2]:
                    options["bots"] = bots
                    if _accepted(game_id, options):
                        accepted.append(bots)
                assert _offered(setup, "bots") == accepted, (game_id, mode, players)


def test_the_footer_and_the_help_name_the_boards_own_keys():
    shown = {}
    for board in (SIM296, THREE_BUTTONS):
        setup = _setup("cybo", board)
        footers = []
        original = _draw_options_spy(footers)
        try:
            setup.draw(None, 296, 128)
        finally:
            _restore(original)
        shown[board["name"]] = footers[0]
        menu = MenuScreen(setup.shell)
        menu.cursor = len(menu.items) - 1  # "How the buttons work"
        help_lines = menu.handle(keys.OK).lines
        if board is SIM296:
            assert footers[0] == "< >: change  OK: start  BACK: menu"
            assert "BACK goes back" in help_lines[0]
            assert "LEFT/RIGHT change" in help_lines[1]
        else:
            assert footers[0] == "< >: move  OK: change / start  hold OK: menu"
            assert "hold OK goes back" in help_lines[0]
            assert "PREV/NEXT pick a row, OK changes" in help_lines[1]
            assert "In a game hold OK pauses" in help_lines[2]
            assert "BACK" not in " ".join(help_lines)
    assert len(shown) == 2


def test_how_to_pages_name_back_as_three_button_boards_make_it():
    shell = Shell(296, 128, _Store(), lambda: 5, THREE_BUTTONS["buttons"])
    screen = HowToScreen(shell, "cybo", None)
    messages = []
    original = _draw_message_spy(messages)
    try:
        for page in range(len(screen.pages)):
            screen.page = page
            screen.draw(None, 296, 128)
    finally:
        _restore(original)
    for lines, footer in messages:
        assert "BACK" not in footer and "hold OK" in footer, footer
        for line in lines:
            assert "BACK" not in line, line
    assert "hold OK pauses the game" in " ".join(" ".join(lines) for lines, _f in messages)


# --- spies on ui.draw: what a screen asked to be drawn ------------------------------------------
def _draw_options_spy(footers):
    from dicetable.ui import draw

    original = draw.options

    def spy(fb, width, height, title, rows, cursor, footer="", sections=None):
        footers.append(footer)

    draw.options = spy
    return ("options", original)


def _draw_message_spy(messages):
    from dicetable.ui import draw

    original = draw.message

    def spy(fb, width, height, title, lines, footer=""):
        messages.append((list(lines), footer))

    draw.message = spy
    return ("message", original)


def _restore(saved):
    from dicetable.ui import draw

    setattr(draw, saved[0], saved[1])
