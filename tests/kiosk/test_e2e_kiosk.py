"""End to end: the classroom kiosk on a simulated device, through button presses only.

A teacher opens the lock with the chord (BACK held, OK), chooses a PIN, switches kiosk mode
on and leaves; the menu gives way to the attract loop after a minute, with gentler LEDs; a
student walks up, plays a guided Trek 12 game with a class code to the end and types initials
for the high-score table; the next game is abandoned and reset after the idle time. The
results log and the high scores are on the device's flash afterwards, and the code and round
were on the sheet while the game ran.
"""

import asyncio

import pytest

from dicetable.kiosk.attract import PRESS_ANY, AttractScreen
from dicetable.kiosk.guided import GuidedScreen
from dicetable.kiosk.high_scores import HighScores
from dicetable.kiosk.initials import InitialsScreen
from dicetable.kiosk.lock_screens import PinScreen, TeacherMenuScreen
from dicetable.kiosk.results_log import ABANDONED, FINISHED, ResultsLog
from dicetable.kiosk.screens import KioskMenuScreen
from dicetable.kiosk.standby import KioskShell
from dicetable.ui import keys
from dicetable.ui.screens import MenuScreen, ResultsScreen
from dicetable.ui.setup import SetupScreen
from hostsim.autopilot import Autopilot
from hostsim.device import SimDevice

from panel_text import find_text, panel_rows

PIN = "2468"


async def type_pin(device, digits):
    """Type a PIN with the arrows and OK; OK on the blank place after it ends it."""
    for digit in digits:
        screen = device.app.shell.screen
        assert isinstance(screen, PinScreen), screen
        steps = (" 0123456789".index(digit) - screen.places[screen.cursor]) % 11
        for _ in range(steps):
            await device.press(keys.RIGHT)
        await device.press(keys.OK)
    await device.press(keys.OK)


async def choose(device, label):
    """Move a teacher-menu cursor to the item starting with `label` and press OK."""
    screen = device.app.shell.screen
    names = [name for _id, name in screen.items()]
    target = [index for index, name in enumerate(names) if name.startswith(label)][0]
    while device.app.shell.screen.cursor != target:
        await device.press(keys.DOWN)
    await device.press(keys.OK)


async def teacher_turns_kiosk_on(device):
    await device.chord(keys.BACK, keys.OK)
    assert isinstance(device.app.shell.screen, PinScreen)  # first use: choose a PIN
    await type_pin(device, PIN)
    await type_pin(device, PIN)  # the same again
    screen = device.app.shell.screen
    assert isinstance(screen, TeacherMenuScreen) and screen.note == "PIN saved"
    await choose(device, "Kiosk mode")
    assert device.kiosk.enabled
    await choose(device, "Lock and leave")


async def play_until_results(device, autopilot):
    """The autopilot plays; initials screens get "ZED" typed with UP and OK."""
    shell = device.app.shell
    for _ in range(5000):
        screen = shell.screen
        if isinstance(screen, InitialsScreen):
            for letter in "ZED":
                while screen.initials()[screen.cursor] != letter:
                    await device.press(keys.DOWN)  # the wheel runs backwards from A to Z
                await device.press(keys.OK)
            continue
        key = autopilot.next_key(shell)
        if key is None:
            if autopilot.finished:
                return screen
            await device.wait_idle()
            continue
        await device.press(key)
    raise AssertionError("the game did not end")


async def scenario(device):
    device.start()
    try:
        await device.wait_idle()
        shell = device.app.shell
        assert isinstance(shell, KioskShell) and not device.kiosk.enabled
        await teacher_turns_kiosk_on(device)
        assert isinstance(shell.screen, KioskMenuScreen)

        # A minute without a button: the attract loop, its title on the panel, LEDs gentler.
        await device.clock.sleep_ms(61_000)
        await device.wait_idle()
        assert isinstance(shell.screen, AttractScreen)
        assert find_text(panel_rows(device.panel), PRESS_ANY)
        assert device.app.brightness == device.kiosk.brightness(shell) < 255
        lit = device.led_rgb()
        await device.clock.sleep_ms(500)
        assert device.led_rgb() != lit  # the gentle animation runs
        await device.press(keys.OK)  # any button leaves the loop at once
        assert isinstance(shell.screen, MenuScreen)

        # A student plays Trek 12 with a class code, guided through the first round.
        autopilot = Autopilot("trek12", {"players": 1, "bots": 0, "map": "dunai"})
        for _ in range(200):
            if isinstance(shell.screen, GuidedScreen):
                break
            screen = shell.screen
            if isinstance(screen, SetupScreen) and screen.values.get("code") != "ART":
                await enter_code(device, "ART")
                continue
            await device.press(autopilot.next_key(shell))
        assert isinstance(shell.screen, GuidedScreen)
        assert shell.screen.session.params["code"] == "ART"
        rows = panel_rows(device.panel)
        # The hint wraps on the small panel: its first words are the first line.
        assert shell.screen.hint_line() == "Guided round: press OK to roll the dice"
        assert find_text(rows, "Guided round: press OK"), "the guided round's hint is drawn"
        assert find_text(rows, "ART 1/19"), "the class code and the round are on the sheet"
        results = await play_until_results(device, autopilot)
        assert isinstance(results, ResultsScreen)
        total = results.session.state.scores()[0]

        # The finished game is in the results log, the initials in the high scores.
        log = ResultsLog(device.store)
        records = list(log.entries())
        assert [record["ended"] for record in records] == [FINISHED]
        assert records[0]["params"]["code"] == "ART"
        assert records[0]["device"] == device.kiosk.device
        assert HighScores(device.store).table("trek12/dunai") == [("ZED", total)]

        # The next game is left alone: reset after the idle time, logged as abandoned. (It
        # is Cybo after Trek 12: it starts in a fresh interpreter, with an app of its own.)
        await device.press(keys.OK)
        await device.wait_idle()
        for _ in range(50):
            if device.app.shell.game_state() is not None:
                break
            await device.press(Autopilot("cybo", {}).next_key(device.app.shell))
        assert device.app.shell.game_state() is not None
        assert device.restarts == 1
        idle_ms = device.kiosk.idle_ms()
        await device.clock.sleep_ms(idle_ms - 5_000)
        await device.wait_idle()
        assert device.app.shell.game_state() is not None  # not yet
        await device.clock.sleep_ms(6_000)
        await device.wait_idle()
        assert isinstance(device.app.shell.screen, AttractScreen)
        assert [record["ended"] for record in list(log.entries())] == [FINISHED, ABANDONED]
    finally:
        await device.stop()


async def enter_code(device, code):
    """On a setup screen: move to the class-code row, open it and type `code`."""
    from dicetable.ui.code_entry import CHARACTERS

    setup = device.app.shell.screen
    row = [option[0] for option in setup.options].index("code")
    while setup.cursor != row:
        await device.press(keys.UP)
    await device.press(keys.OK)
    for char in code + " ":
        screen = device.app.shell.screen
        steps = (CHARACTERS.index(char) - screen.places[screen.cursor]) % len(CHARACTERS)
        for _ in range(steps):
            await device.press(keys.RIGHT)
        await device.press(keys.OK)
    assert device.app.shell.screen is setup and setup.values["code"] == code


@pytest.mark.parametrize("board", ["sim296", "sim296_3btn"])
def test_kiosk_through_the_buttons(tmp_path, board):
    # On three buttons the chord is PREV+NEXT held (BACK) while OK is pressed.
    device = SimDevice(board, str(tmp_path), seed=5)
    asyncio.run(scenario(device))
