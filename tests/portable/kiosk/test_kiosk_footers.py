"""On a board without a BACK button the kiosk's screens name the gesture that gives BACK ("hold
OK" on three buttons) in their footers and help lines, never "BACK" (issue 16, item 10)."""

from kiosk_helpers import PIN, Rig  # noqa: I001

from boards.sim296_3btn import BOARD as THREE_BUTTONS
from dicetable.kiosk.initials import InitialsScreen
from dicetable.kiosk.lock_screens import PinScreen
from dicetable.kiosk.screens import SettingsScreen
from dicetable.ui import draw


class _TeacherMenu:
    note = ""


def _drawn(screen):
    """Every text the screen hands to draw.message or draw.options."""
    said = []

    def message(fb, width, height, title, lines, footer=""):
        said.extend(lines)
        said.append(footer)

    def options(fb, width, height, title, rows, cursor, footer=""):
        said.append(footer)

    saved = draw.message, draw.options
    draw.message, draw.options = message, options
    try:
        screen.draw(None, 296, 128)
    finally:
        draw.message, draw.options = saved
    return said


def test_kiosk_footers_name_hold_ok_on_three_buttons():
    rig = Rig(buttons=THREE_BUTTONS["buttons"])
    try:
        shell = rig.shell
        rig.kiosk.lock.unlock(PIN, rig.now())
        screens = (
            PinScreen(shell, "Teacher PIN", ["Type the PIN"], None, None),
            InitialsScreen(shell, "High score", ["87 points"], None, None),
            SettingsScreen(shell, rig.kiosk, _TeacherMenu()),
        )
        for screen in screens:
            said = " | ".join(_drawn(screen))
            assert "BACK" not in said and "hold OK" in said, said
    finally:
        rig.close()


def test_kiosk_footers_keep_back_where_the_board_has_the_button():
    rig = Rig()
    try:
        said = " | ".join(_drawn(PinScreen(rig.shell, "Teacher PIN", [], None, None)))
        assert "BACK: back" in said
    finally:
        rig.close()
