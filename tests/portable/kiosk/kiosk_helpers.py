"""Helpers shared by the kiosk tests: a kiosk device without hardware (fake flash, virtual
clock, the kiosk and its shell) driven the way the app drives it, and players that press
what the game's own hint asks for."""

from dicetable.core.protocol import CHANCE
from dicetable.drivers.storage import Store

# kiosk_choices reads these and drops them again (a device keeps them out of RAM); a test
# that builds many kiosks would compile them from source each time and fragment the 190wK
# heap, so they are imported once here and stay.
from dicetable.games.cybo import data as _cybo_data  # noqa: F401
from dicetable.games.trek12 import maps as _trek12_maps  # noqa: F401
from dicetable.kiosk.controller import Kiosk, kiosk_choices
from dicetable.kiosk.standby import KioskShell
from dicetable.ui import keys

import powercut_fs

FOLDER = "/data"
PIN = "482915"
SALT = b"\x5a\x17\x00\xfe\x42\x99\x03\x81"
DEVICE = "d1ce7ab1e0000001"
PRESS_MS = 300  # a person's pace between two presses
BOT_STEP_MS = 700  # app.BOT_STEP_MS: the pause between two automatic moves


_PERIOD = 1 << 30  # MicroPython's ticks wrap here (hostsim.vclock does the same, with asyncio)


class Clock:
    """A tick clock the test moves by hand: `now` in ms, wrap-safe differences."""

    def __init__(self, now=0):
        self.now = now

    def ticks_ms(self):
        return self.now % _PERIOD

    def ticks_diff(self, later, earlier):
        diff = (later - earlier) % _PERIOD
        return diff - _PERIOD if diff >= _PERIOD // 2 else diff


def entropy(count):
    """Stand-in for os.urandom: fixed bytes, so the tests are reproducible."""
    return bytes([(7 * index + 3) & 0xFF for index in range(count)])


class Rig:
    """One kiosk device. `settings`: kiosk settings changed (with the PIN) before the shell
    starts; `pin`: set the teacher PIN first (the lock is shut again afterwards); `buttons`: the
    board's button map (None: six keys)."""

    def __init__(
        self, settings=None, flash=None, start=0, pin=True, width=296, height=128, buttons=None
    ):
        self.flash = flash or powercut_fs.FakeFlash(powercut_fs.LITTLEFS)
        self.undo = powercut_fs.install(self.flash)
        self.clock = Clock(start)
        self.store = Store(FOLDER)
        now = self.clock.ticks_ms()
        self.kiosk = Kiosk(self.store, self.clock, kiosk_choices(), DEVICE, now, entropy)
        lock = self.kiosk.lock
        if pin and not lock.has_pin():
            assert lock.set_pin(PIN, SALT, now)
        if settings:
            assert lock.unlock(PIN, now) or lock.is_open(now)
            assert self.kiosk.settings.change(settings, now)
        lock.lock()
        self.seeds = [100]
        self.shell = KioskShell(width, height, self.store, self._seed, self.kiosk, buttons)

    def _seed(self):
        self.seeds[0] += 1
        return self.seeds[0]

    def close(self):
        self.undo()

    @property
    def screen(self):
        return self.shell.screen

    def now(self):
        return self.clock.ticks_ms()

    # --- what the app does ------------------------------------------------------------------
    def event(self, kind, key):
        """One button event through the kiosk; True when the kiosk took it."""
        return self.kiosk.button_event(self.shell, kind, key, self.now())

    def press(self, key, gap=PRESS_MS):
        """Time passes (the kiosk ticks on the way), then a press and its release."""
        self.wait(gap)
        if not self.event(keys.PRESS, key):
            self.shell.handle(key)
        self.event(keys.RELEASE, key)
        self.kiosk.tick(self.shell, self.now())

    def chord(self):
        """The teacher chord: BACK held, OK pressed and released, BACK let go."""
        self.wait(PRESS_MS)
        if not self.event(keys.PRESS, keys.BACK):
            self.shell.handle(keys.BACK)
        taken = self.event(keys.PRESS, keys.OK)
        if not taken:
            self.shell.handle(keys.OK)
        self.event(keys.RELEASE, keys.OK)
        self.event(keys.RELEASE, keys.BACK)
        return taken

    def wait(self, ms, limit=100000):
        """Let `ms` of device time pass as the app's loop would: it wakes for the kiosk's
        deadlines and for bot moves, and ticks the kiosk at every wake-up."""
        end = self.clock.now + ms
        for _ in range(limit):
            now = self.clock.now
            if now >= end:
                return
            wake = end
            step_at = -1
            due = self.kiosk.due_ms(self.shell, self.now())
            if due >= 0:
                wake = min(wake, now + max(1, due))
            if self.shell.wants_step():
                step_at = now + BOT_STEP_MS
                wake = min(wake, step_at)
            self.clock.now = wake
            if wake == step_at and self.shell.wants_step():
                self.shell.step()
            self.kiosk.tick(self.shell, self.now())
        raise AssertionError("the kiosk kept waking up")

    # --- people --------------------------------------------------------------------------
    def type_digits(self, digits, finish=True):
        """Type a PIN with NEXT (RIGHT) and OK only, as on a three-button board."""
        from dicetable.kiosk.lock_screens import PinScreen

        for digit in digits:
            screen = self.screen
            assert isinstance(screen, PinScreen), screen
            now = screen.places[screen.cursor]
            steps = (" 0123456789".index(digit) - now) % 11
            for _ in range(steps):
                self.press(keys.RIGHT)
            self.press(keys.OK)
        if finish and len(digits) < 6:
            self.press(keys.OK)  # OK on the blank place after the last digit


def play_key(screen):
    """The key a player following the game's own choice presses now, or None (bots move)."""
    asked = screen.person_asked()
    if asked is None:
        return None
    seat, is_roll = asked
    if is_roll:
        return keys.OK
    session = screen.session
    finder = getattr(session.module, "hint", None)
    action = finder(session.state, seat) if finder else session.bot_action(seat)
    return screen.key_towards(action)


def play_to_the_end(rig, limit=5000):
    """Press (or let the bots move) until the game on screen is over."""
    for _ in range(limit):
        screen = rig.screen
        if not hasattr(screen, "person_asked"):
            return screen
        key = play_key(screen)
        if key is None:
            rig.wait(BOT_STEP_MS)
        else:
            rig.press(key)
    raise AssertionError("the game did not end")


def finished_session(module, options, seed=5):
    """A game played to the end by the bot policy for every seat (people included)."""
    from dicetable.core.session import Session

    session = Session.start(module, options, seed, None, keep_history=False)
    while session.actors():
        seat = session.actors()[0]
        if seat == CHANCE:
            session.roll()
        else:
            session.apply(seat, session.bot_action(seat))
    return session


def follow_the_guide(rig, game_id, options, limit=200):
    """Start a game in kiosk mode and play its first round pressing only what the guided
    round's hint line says; returns (guide, presses). Checks each hint against the game's
    own choice on the way."""
    from dicetable.kiosk.guided import GuidedScreen, round_of

    rig.shell.start_game(game_id, options)
    guide = rig.screen
    assert isinstance(guide, GuidedScreen), (game_id, guide)
    state = guide.session.state
    first = round_of(state)
    presses = 0
    while rig.screen is guide:
        found = guide.hint()
        if found is None:
            assert guide.person_asked() is None  # only while the device moves
            rig.wait(BOT_STEP_MS)
            continue
        key, count, is_roll = found
        assert is_roll == (state.actors() == [CHANCE])
        assert key == play_key(guide.inner), game_id
        assert guide.hint_line().startswith("Guided round: press ")
        for _ in range(count):
            rig.press(key)
            presses += 1
        assert presses < limit, game_id
    # The round is over: the play screen is on its own, with no hint any more.
    assert round_of(state) != first, game_id
    assert rig.screen is guide.inner and guide.hint() is None
    assert guide.inner.note == ""
    return guide, presses


def scenario():
    """A short kiosk session, the same on both runtimes: a Cybo game played to the end with
    a high score typed in, then a Trek 12 game abandoned. Returns [(file name, hex)] of the
    kiosk's files, for a byte-for-byte comparison between CPython and MicroPython."""
    import binascii

    rig = Rig({"enabled": True, "idle_s": 30, "code": "MATH"})
    try:
        rig.shell.start_game("cybo", {"players": 2, "bots": 1, "level": "master"})
        play_to_the_end(rig)
        while not hasattr(rig.screen, "session"):
            rig.press(keys.RIGHT)
            rig.press(keys.OK)
            rig.press(keys.OK)
            rig.press(keys.OK)
        rig.shell.start_game("trek12", {"players": 1, "map": "zen", "code": "MATH"})
        rig.press(keys.OK)
        rig.wait(30000)
        names = sorted(rig.flash.files)
        found = []
        for name in names:
            if name.endswith(".jnl") or name.endswith(".tmp"):
                continue
            found.append((name, binascii.hexlify(bytes(rig.flash.files[name])).decode()))
        return found
    finally:
        rig.close()
