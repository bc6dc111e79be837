"""The kiosk's stand-in (kiosk.standby) on both runtimes: with kiosk mode off the controller's
module stays out of RAM through a whole game; settings saved with kiosk mode off load it at
start and let it go at the first tick; the teacher chord loads it and hands over the game on
show; and it answers the app's calls as the controller's Kiosk does."""

import sys

from dicetable.core.modules import forget_modules
from dicetable.drivers.storage import Store
from dicetable.kiosk.lock_screens import PinScreen
from dicetable.kiosk.standby import KioskShell, Standby, for_board
from dicetable.ui import keys
from dicetable.ui.screens import MenuScreen

import powercut_fs
from kiosk_helpers import DEVICE, FOLDER, PRESS_MS, Clock, Rig, entropy, play_key

_CONTROLLER = "dicetable.kiosk.controller"
_BOARD = {"buttons": None}


class _Device:
    """A board with the kiosk as the app builds it: a Standby and its KioskShell."""

    def __init__(self, flash=None, start=1000):
        self.flash = flash or powercut_fs.FakeFlash(powercut_fs.LITTLEFS)
        self.undo = powercut_fs.install(self.flash)
        self.clock = Clock(start)
        self.store = Store(FOLDER)
        self.kiosk = for_board(_BOARD, self.store, self.clock, DEVICE, entropy)
        self.shell = KioskShell(296, 128, self.store, lambda: 7, self.kiosk)

    def close(self):
        self.undo()

    def event(self, kind, key):
        return self.kiosk.button_event(self.shell, kind, key, self.clock.ticks_ms())

    def press(self, key):
        self.clock.now += PRESS_MS
        self.kiosk.tick(self.shell, self.clock.ticks_ms())
        if not self.event(keys.PRESS, key):
            self.shell.handle(key)
        self.event(keys.RELEASE, key)

    def chord(self):
        self.clock.now += PRESS_MS
        if not self.event(keys.PRESS, keys.BACK):
            self.shell.handle(keys.BACK)
        taken = self.event(keys.PRESS, keys.OK)
        self.event(keys.RELEASE, keys.OK)
        self.event(keys.RELEASE, keys.BACK)
        return taken


def test_kiosk_mode_off_keeps_the_controller_out_of_ram_through_a_game():
    forget_modules((_CONTROLLER,))
    device = _Device()
    try:
        assert isinstance(device.kiosk, Standby) and device.kiosk.kiosk is None
        assert not device.kiosk.enabled
        device.shell.start_game("trek12", {"players": 1, "bots": 0, "map": "dunai"})
        for _ in range(40):
            screen = device.shell.screen
            if screen.wants_step():
                screen.step()
                continue
            key = play_key(screen)
            device.press(keys.OK if key is None else key)
        device.press(keys.BACK)  # the pause screen
        device.press(keys.OK)
        assert device.kiosk.kiosk is None
        assert device.kiosk.brightness(device.shell) == 255
        assert device.kiosk.due_ms(device.shell, device.clock.ticks_ms()) == -1
        assert _CONTROLLER not in sys.modules
    finally:
        device.close()


def test_settings_saved_with_kiosk_mode_off_are_read_at_start_then_let_go():
    rig = Rig({"enabled": False})  # a teacher saved settings, kiosk mode off
    flash = rig.flash
    rig.close()
    device = _Device(flash)
    try:
        kiosk = device.kiosk
        assert kiosk.kiosk is not None  # loaded: the settings might have said "on"
        assert not kiosk.enabled
        assert kiosk.tick(device.shell, device.clock.ticks_ms()) is False
        assert kiosk.kiosk is None and _CONTROLLER not in sys.modules
        assert kiosk.now == device.clock.ticks_ms() and kiosk.device == DEVICE
    finally:
        device.close()


def test_the_teacher_chord_loads_the_controller_and_hands_the_game_over():
    forget_modules((_CONTROLLER,))
    device = _Device(start=5000)
    try:
        device.clock.now = 6000
        device.kiosk.tick(device.shell, device.clock.ticks_ms())
        device.shell.start_game("cybo", {"players": 2, "bots": 1, "level": "beginner"})
        game = device.shell.screen
        device.press(keys.OK)
        assert device.kiosk.kiosk is None
        assert device.chord()  # the kiosk took the OK
        kiosk = device.kiosk.kiosk
        assert kiosk is not None and isinstance(device.shell.screen, PinScreen)
        assert device.shell.screen.back.play is game  # the chord's BACK paused the game
        assert kiosk._session is game.session and kiosk._started == 6000
        assert device.kiosk.last_input == device.clock.ticks_ms()  # read from the Kiosk now
        assert "now" not in device.kiosk.__dict__  # the Kiosk holds it while in charge
        device.press(keys.BACK)  # back to the pause screen; the lock stays loaded
        device.kiosk.tick(device.shell, device.clock.ticks_ms())
        assert device.kiosk.kiosk is kiosk
    finally:
        device.close()


def test_the_standby_answers_as_the_kiosk_does_with_kiosk_mode_off():
    """The same presses through a Standby and through the controller's Kiosk itself."""
    from dicetable.kiosk.controller import Kiosk, kiosk_choices

    answers = []
    for which in ("standby", "kiosk"):
        device = _Device()
        try:
            if which == "kiosk":
                now = device.clock.ticks_ms()
                device.kiosk = Kiosk(device.store, device.clock, kiosk_choices(), DEVICE, now)
                device.shell = KioskShell(296, 128, device.store, lambda: 7, device.kiosk)
            seen = []
            shell = device.shell
            shell.start_game("gang", {"players": 2, "bots": 1})
            presses = (keys.OK, keys.RIGHT, keys.OK, keys.BACK, keys.DOWN, keys.OK, keys.DOWN)
            for key in presses + (keys.OK,):
                device.press(key)
                now = device.clock.ticks_ms()
                kiosk = device.kiosk
                seen.append(
                    (
                        type(shell.screen).__name__,
                        kiosk.tick(shell, now),
                        kiosk.due_ms(shell, now),
                        kiosk.brightness(shell),
                        kiosk.attracting(shell),
                        kiosk.enabled,
                        kiosk._session is not None,
                    )
                )
            assert isinstance(shell.screen, MenuScreen)
            answers.append(seen)
        finally:
            device.close()
    assert answers[0] == answers[1]
