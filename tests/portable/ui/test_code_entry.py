"""The class code on both runtimes: typed with the smallest button set, kept in the game's
parameters, and the same code gives the same dice on every device."""

import gc
import sys

from dicetable.core.errors import IllegalAction
from dicetable.core.rng import code_to_seed
from dicetable.games import load
from dicetable.games.seats import seat_params
from dicetable.ui import keys
from dicetable.ui.code_entry import CHARACTERS, CodeEntryScreen
from dicetable.ui.setup import SetupScreen
from dicetable.ui.shell import Shell


class _Store:
    def __init__(self):
        self.lines = []

    def load_lines(self):
        return []

    def append(self, line):
        self.lines.append(line)

    def clear(self):
        self.lines = []


def _type(screen, code):
    """Type `code` with NEXT (RIGHT) and OK only, as on a three-button board."""
    result = None
    for char in code:
        for _ in range(CHARACTERS.index(char)):
            screen.handle(keys.RIGHT)
        result = screen.handle(keys.OK)
    if len(code) < 4:
        result = screen.handle(keys.OK)  # OK on a blank place ends the code
    return result


def test_typing_a_code_with_next_and_ok_only():
    typed = []
    screen = CodeEntryScreen(None, "", lambda code: typed.append(code) or "after", "before")
    assert _type(screen, "AB") == "after"
    assert typed == ["AB"]
    full = CodeEntryScreen(None, "", lambda code: typed.append(code) or "after", "before")
    assert _type(full, "Z9K2") == "after" and typed[-1] == "Z9K2"


def test_back_steps_back_and_on_the_first_place_leaves_the_code_alone():
    typed = []
    screen = CodeEntryScreen(None, "CAT", lambda code: typed.append(code), "before")
    assert screen.code() == "CAT"
    screen.handle(keys.OK)
    screen.handle(keys.BACK)
    screen.handle(keys.LEFT)  # the first place: C -> B
    assert screen.code() == "BAT"
    assert screen.handle(keys.BACK) == "before" and typed == []


def _shell():
    return Shell(296, 128, _Store(), lambda: 12345)


def _setup_with_code(code, game_id="trek12"):
    shell = _shell()
    setup = SetupScreen(shell, game_id)
    row = [option[0] for option in setup.options].index("code")
    while setup.cursor != row:
        setup.handle(keys.DOWN)
    entry = setup.handle(keys.OK)
    assert isinstance(entry, CodeEntryScreen)
    assert _type(entry, code) is setup
    return shell, setup


def test_the_setup_screen_takes_the_code_and_the_game_rolls_from_it():
    shell, setup = _setup_with_code("MATH")
    assert setup.chosen_options()["code"] == "MATH"
    shell.start_game("trek12", setup.chosen_options())
    session = shell.screen.session
    assert session.seed == code_to_seed("MATH")
    assert session.params["code"] == "MATH"
    other_shell, other_setup = _setup_with_code("MATH")
    other_setup.values["players"] = 3  # another table size: the same dice all the same
    other_shell.start_game("trek12", other_setup.chosen_options())
    other = other_shell.screen.session
    assert other.seed == session.seed
    assert session.roll() == other.roll()


def test_no_code_means_the_device_seed_and_no_code_in_the_parameters():
    shell = _shell()
    setup = SetupScreen(shell, "trek12")
    assert "code" not in setup.chosen_options()
    shell.start_game("trek12", setup.chosen_options())
    assert shell.screen.session.seed == 12345
    assert "code" not in shell.screen.session.params


def test_bad_codes_are_refused_with_a_reason():
    for code in ("TOO-LONG-CODE", "A B", 7):
        try:
            seat_params({"players": 2, "code": code}, 1, 6)
        except IllegalAction as exc:
            assert "class code" in exc.reason
        else:
            raise AssertionError("accepted %r" % (code,))
    assert seat_params({"players": 2, "code": "ab12"}, 1, 6)["code"] == "AB12"


def test_every_shared_roll_game_takes_a_class_code():
    # The games' parameters keep the code (start_game seeds from it: tested above with Trek
    # 12). Each game's modules are forgotten again after its check, as the device holds one
    # game at a time: three at once do not fit the test heap beside the shell.
    for game_id in ("trek12", "ontrack", "dicetrip"):
        loaded = list(sys.modules)
        pair = _setup_with_code("ART", game_id)
        params = load(game_id).make_params(pair[1].chosen_options())
        assert params["code"] == "ART", game_id
        del pair, params
        for name in list(sys.modules):
            if name not in loaded:
                del sys.modules[name]
        gc.collect()
