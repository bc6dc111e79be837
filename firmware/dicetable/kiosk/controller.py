"""The classroom kiosk's controller: the one object the shell and the app talk to.

It owns the kiosk's files (kiosk.results_log, high_scores, teacher_lock, settings) and
decides, from the screen on show and the time since the last button, what the kiosk does:

- the attract loop (kiosk.attract) after MENU_IDLE_MS without a button on the menus, the results
  and the setup screens; any button leaves it;
- an abandoned game (no button for the settings' idle time) is recorded as abandoned, its save
  cleared, and the attract loop comes back; a button resets the time, so a game is never reset
  while someone plays;
- every game that ends is appended to the results log before its save is cleared, and the
  people whose scores make a high-score table type their initials (kiosk.initials);
- the teacher lock opens with a chord, BACK held and OK pressed (on 3-button boards: hold
  PREV+NEXT, or the chord that gives BACK, and press OK), then a PIN (kiosk.lock_screens);
- in kiosk mode only the games, maps, levels and player counts the teacher chose are offered
  (kiosk.screens), and the first round of a new sheet game is a guided round (kiosk.guided).

PURE: time arrives as ticks (`button_event`, `tick`), compared with the injected clock's
wrap-safe ticks_diff; files only through the injected store; random bytes for the PIN's salt
through `entropy(n)` (os.urandom on the device). docs/kiosk.md, "Wiring", shows the calls.

Heap: the app holds a kiosk.standby.Standby, which loads this module only while kiosk mode may
be on (see there). The kiosk's files and their modules load when first needed (the settings at
start if a teacher ever saved any, the lock at the teacher chord, the results log and high
scores when a game ends in kiosk mode); with kiosk mode off the settings are read once and
their code is dropped again (`_rest`), and then this module too (`resting`). A new game drops
the high-score tables from RAM: they are read again when it ends.
"""

import sys

from micropython import const

from dicetable.core.journal import canonical_json
from dicetable.core.modules import forget_modules
from dicetable.ui import keys
from dicetable.ui.screen_base import find_session
from dicetable.ui.screens import MenuScreen, ResultsScreen, clear_save

# The menus, setup, results and PIN screens give way to the attract loop after a minute
# without a button: long enough to read a result, short enough that the next class finds it.
MENU_IDLE_MS = const(60_000)
# The attract loop's LEDs run at this share (percent) of the kiosk's brightness: gentle.
ATTRACT_SHARE = const(50)
LED_FRAME_MS = const(120)  # ui.dice_leds.IDLE_FRAME_MS: the pace of DiceCanvas.idle
_FULL = const(255)
# Where a screen keeps the game it belongs to: play screens and the guided round (session),
# the pause screen (play), a message in front of a resumed game (after), the PIN screen the
# teacher chord opened during a game (back).
_IDENTITY = ("number", "seconds")  # record fields that differ between two logs of one game
# Read at start to learn whether kiosk mode is on; with it off, dropped again until the
# teacher needs them. results_log is only dropped when nothing else uses it.
_SETTINGS_MODULES = ("dicetable.kiosk.settings", "dicetable.kiosk.results_log")
_SETTINGS_FILE = "kiosk.dat"  # kiosk.settings.FILE
_RESULTS_LOG_USERS = ("dicetable.kiosk.teacher_lock", "dicetable.kiosk.high_scores")


def kiosk_choices():
    """The games, maps and levels the firmware has: KioskSettings' `choices`. The game
    modules read for them are dropped again (the kiosk is built at boot, before the app notes
    what stays resident: Trek 12's maps and Cybo's tables would otherwise stay for good)."""
    from dicetable.games import GAMES

    loaded = list(sys.modules)
    from dicetable.games.cybo import data as cybo_data
    from dicetable.games.trek12.maps import MAP_IDS

    choices = {
        "games": [game_id for game_id, _title in GAMES],
        "maps": list(MAP_IDS),
        "levels": list(cybo_data.LEVEL_NAMES),
    }
    forget_modules([name for name in sys.modules if name not in loaded])
    return choices


def _is_setup(screen):
    """True for a ui.setup.SetupScreen. That module is loaded only on the way into a game (the
    app drops it while one is played), and a screen of it cannot be on show without it."""
    module = sys.modules.get("dicetable.ui.setup")
    return module is not None and isinstance(screen, module.SetupScreen)


def same_game(logged, record):
    """True when two records describe the same game (all but its number and duration)."""
    for key in _IDENTITY:
        if key not in logged:
            return False
    for key in record:
        if key not in _IDENTITY and canonical_json(logged.get(key)) != canonical_json(record[key]):
            return False
    return True


class _LockOnDemand:
    """The teacher lock as KioskSettings holds it: loaded when a change first asks for it."""

    def __init__(self, kiosk):
        self._kiosk = kiosk

    def __getattr__(self, name):
        return getattr(self._kiosk.lock, name)


class Kiosk:
    """`choices`: kiosk_choices(). `device`: results_log.device_id(machine.unique_id()), or
    the unique id's bytes (turned into that text when the first game is recorded).
    `entropy(n)`: n random bytes (os.urandom), for the PIN's salt. `words`: what to call the
    keys on this board (kiosk.guided.key_words(board["buttons"])); or `buttons`, the board's
    buttons entry, and the words are worked out for the first guided round.

    `lock`, `settings`, `scores` and `log` (kiosk.teacher_lock, settings, high_scores,
    results_log) are made on first use; see the module's note on the heap."""

    def __init__(
        self, store, clock, choices, device, now_ms, entropy=None, words=keys.NAMES, buttons=None
    ):
        self.store = store
        self.clock = clock
        self.choices = choices
        self.device = device
        self.entropy = entropy
        self.words = words
        self.buttons = buttons  # the board's buttons entry, while `words` is still to be found
        self._booted = now_ms  # a restart's lock wait counts from here (kiosk.teacher_lock)
        self._lock = None
        self._settings = None
        self._scores = None
        self._log = None
        self._off = False  # kiosk mode found off, and the settings' code dropped
        self.now = now_ms  # the latest tick count the app gave
        self.last_input = now_ms  # ticks of the last button event
        self.notice = ""  # for the teacher: what the results log had to say
        self.initials = "AAA"  # the last initials typed: the next entry starts there
        self.replays = 0  # bot games replayed by the attract loop so far
        self._back_held = False
        self._session = None  # the game on screen, and when the kiosk first saw it
        self._started = now_ms
        self._recorded = None  # the last game written to the results log
        self._offered = None  # the last game whose high scores were offered
        self._guide = None  # the guided round of the game on screen

    # --- the kiosk's files, loaded on demand --------------------------------------------
    @property
    def lock(self):
        if self._lock is None:
            from dicetable.kiosk.teacher_lock import TeacherLock

            self._lock = TeacherLock(self.store, self.clock, self._booted)
        return self._lock

    @property
    def settings(self):
        if self._settings is None:
            from dicetable.kiosk.settings import KioskSettings

            self._settings = KioskSettings(self.store, _LockOnDemand(self), self.choices)
            self._off = False
        return self._settings

    @property
    def scores(self):
        if self._scores is None:
            from dicetable.kiosk.high_scores import HighScores

            self._scores = HighScores(self.store)
        return self._scores

    @scores.setter
    def scores(self, scores):
        self._scores = scores

    @property
    def log(self):
        if self._log is None:
            from dicetable.kiosk.results_log import ResultsLog

            self._log = ResultsLog(self.store)
        return self._log

    @log.setter
    def log(self, log):
        self._log = log

    @property
    def enabled(self):
        if self._settings is None and not self._off and self._never_set():
            self._off = True  # the defaults: kiosk mode off
        return not self._off and self.settings.get("enabled")

    def _never_set(self):
        """True when no settings were ever saved (nothing to load to know kiosk mode is off):
        neither the file nor its copy is there. A flash that cannot be read is for
        KioskSettings to report."""
        try:
            for name in (_SETTINGS_FILE, _SETTINGS_FILE + ".2"):  # results_log.COPY_SUFFIX
                if self.store.read(name) is not None:
                    return False
            return True
        except OSError:
            return False

    def _rest(self, screen):
        """Kiosk mode is off and no teacher screen is up: drop the settings and their code.
        They are read again when the teacher opens the menu (or kiosk mode comes on)."""
        settings = self._settings
        if settings is None or settings.get("enabled") or settings.error:
            return
        if getattr(screen, "teacher", False):
            return
        self._settings = None
        self._off = True
        names = _SETTINGS_MODULES
        for user in _RESULTS_LOG_USERS:
            if user in sys.modules or self._log is not None:
                names = names[:1]  # results_log is still in use: keep it
        forget_modules(names)

    def resting(self):
        """True when kiosk mode is off, its settings' code dropped (`_rest`) and the lock never
        loaded in this power-on: nothing of the kiosk is in use, so kiosk.standby may let this
        object and its module go until the teacher chord."""
        return (
            self._off
            and self._settings is None
            and self._lock is None
            and self._log is None
            and self._scores is None
            and self._guide is None
        )

    def idle_ms(self):
        return self.settings.get("idle_s") * 1000

    # --- the shell's hooks ----------------------------------------------------------------
    def shown(self, shell, screen):
        """Shell.show's hook: the screen to show instead of `screen` (often itself)."""
        session = find_session(screen)
        if session is not None and session is not self._session:
            self._session = session
            self._started = self.now
            self._guide = None
            if self._scores is not None:
                self._scores.release()  # read again when this game ends
        elif session is None and isinstance(screen, MenuScreen):
            # Every game is over (recorded, or ended outside kiosk mode): let its state and
            # code go (app.App drops the game's modules at a menu).
            self._session = self._recorded = self._offered = self._guide = None
        if screen is None or not self.enabled:
            return screen
        if isinstance(screen, ResultsScreen):
            return self.game_over(shell, screen.session, screen)
        if isinstance(screen, MenuScreen):
            if not getattr(screen, "limited", False):
                from dicetable.kiosk.screens import KioskMenuScreen

                return KioskMenuScreen(shell, self)
        elif _is_setup(screen):
            from dicetable.kiosk.screens import limit_setup

            limit_setup(screen, self.settings)
        elif session is not None and hasattr(screen, "key_towards"):
            return self._guided(shell, screen, session)
        return screen

    def _guided(self, shell, screen, session):
        guide = self._guide
        if guide is not None:
            # Back from the pause screen: the guided round goes on where it was.
            return guide if screen is guide.inner and guide.running() else screen
        if session.state.action_count or session.params.get("mode") == "dice":
            return screen  # a resumed game, or dice only: nothing on the sheet to point at
        from dicetable.kiosk.guided import GuidedScreen, key_words

        if self.buttons is not None:
            self.words, self.buttons = key_words(self.buttons), None
        self._guide = GuidedScreen(shell, screen, self.words)
        return self._guide

    def ending(self, shell):
        """The journal is about to be cleared: record the game first (finished, or abandoned
        when it ends unfinished, e.g. "End this game" on the pause screen)."""
        session = find_session(shell.screen)
        if not self.enabled:
            if session is self._session:
                self._session = None  # over outside kiosk mode: nothing to record later
            return
        if session is None or session is self._recorded:
            return
        from dicetable.kiosk.results_log import ABANDONED, FINISHED

        self.record(session, FINISHED if session.state.is_terminal() else ABANDONED)

    # --- the app's hooks ------------------------------------------------------------------
    def button_event(self, shell, kind, key, now_ms):
        """Every button event (kind, key) as the driver gives it. True when the kiosk took it
        (the teacher chord: the lock screen is on show), so the shell must not get the key."""
        self.now = now_ms
        self.last_input = now_ms
        screen = shell.screen
        teacher = getattr(screen, "teacher", False)
        if teacher:
            self.lock.touch(now_ms)
        if key == keys.BACK:
            if kind == keys.PRESS:
                self._back_held = True
            elif kind == keys.RELEASE:
                self._back_held = False
            return False
        if kind == keys.PRESS and key == keys.OK and self._back_held:
            if teacher or getattr(screen, "lock", False):
                return False
            shell.show(self.lock_screen(shell, screen))
            return True
        return False

    def tick(self, shell, now_ms):
        """At every wake-up of the app's loop. True when the panel needs drawing again (a new
        screen is on show, or the screen on show moved on by itself)."""
        self.now = now_ms
        screen = shell.screen
        redraw = False
        advance = getattr(screen, "advance", None)
        if advance is not None:
            moved = advance(now_ms)
            if moved is True:
                redraw = True
            elif moved is not None:
                shell.show(moved)
                return True
        if getattr(screen, "teacher", False):
            if self.lock.is_open(now_ms):
                return redraw
            self.lock.lock()
            if self.enabled:
                self.attract(shell)
            else:
                shell.show(MenuScreen(shell))
            return True
        if not self.enabled:
            self._rest(screen)
            return redraw
        quiet = self.clock.ticks_diff(now_ms, self.last_input)
        session = find_session(screen)
        if session is not None and not session.state.is_terminal():
            if quiet >= self.idle_ms():
                self.abandon(shell, session)
                return True
        elif not getattr(screen, "attract", False) and quiet >= MENU_IDLE_MS:
            self.attract(shell)
            return True
        return redraw

    def due_ms(self, shell, now_ms):
        """Milliseconds until `tick` has something to do, -1 for never (until a button)."""
        screen = shell.screen
        wait = -1
        due = getattr(screen, "due_ms", None)
        if due is not None:
            wait = due(now_ms)
        quiet = self.clock.ticks_diff(now_ms, self.last_input)
        limit = -1
        if getattr(screen, "teacher", False):
            from dicetable.kiosk.teacher_lock import OPEN_MS

            limit = OPEN_MS
        elif self.enabled:
            session = find_session(screen)
            if session is not None and not session.state.is_terminal():
                limit = self.idle_ms()
            elif not getattr(screen, "attract", False):
                limit = MENU_IDLE_MS
        if limit >= 0:
            left = max(0, limit - quiet)
            wait = left if wait < 0 else min(wait, left)
        return wait

    def attracting(self, shell):
        return getattr(shell.screen, "attract", False)

    def leds(self, shell, canvas, now_ms):
        """Draw the attract loop's LED frame on `canvas` (ui.dice_leds.DiceCanvas) and return
        the milliseconds to the next frame; -1 (nothing drawn) outside the attract loop."""
        if not self.attracting(shell):
            return -1
        canvas.idle(now_ms // LED_FRAME_MS)
        return LED_FRAME_MS - now_ms % LED_FRAME_MS

    def brightness(self, shell):
        """The LED level (0-255) for what is on show: the kiosk's brightness setting, a share
        of it in the attract loop; full outside kiosk mode (the board's cap still applies)."""
        if not self.enabled:
            return _FULL
        from dicetable.kiosk.settings import led_level

        level = led_level({"brightness": self.settings.get("brightness")})
        return level * ATTRACT_SHARE // 100 if self.attracting(shell) else level

    # --- what the kiosk does --------------------------------------------------------------
    def abandon(self, shell, session):
        """Record the game as abandoned, clear its save, back to the attract loop."""
        from dicetable.kiosk.results_log import ABANDONED

        self.record(session, ABANDONED)
        clear_save(shell)
        shell.show(self.idle_screen(shell))

    def record(self, session, ended, check_last=False):
        """Append the game to the results log (once). `check_last`: a finished game found at
        start; the log may hold it already (power cut between the record and the save's
        clear). False when the flash refused; `notice` says why."""
        from dicetable.kiosk import results_log

        self._recorded = session
        started = self._started if session is self._session else self.now
        if not isinstance(self.device, str):
            self.device = results_log.device_id(self.device)
        try:
            number = self.log.next_number()
            seconds = results_log.seconds_between(self.clock, started, self.now)
            record = results_log.game_record(session, ended, self.device, number, seconds)
            if check_last:
                last = self.log.last()
                if last is not None and same_game(last, record):
                    return True
        except OSError as exc:
            self.notice = "results not saved: %s" % (exc,)
            return False
        ok, dropped = self.log.append(record)
        if not ok:
            self.notice = self.log.error
        elif dropped or self.log.dropped():  # until the teacher clears the log
            self.notice = "The results log was full: %d older games were dropped." % (
                self.log.dropped(),
            )
        elif self.log.nearly_full():  # said before a finished result has to go
            self.notice = "The results log is nearly full: export and clear it soon."
        return ok

    def game_over(self, shell, session, results=None):
        """The screen after a finished game: initials for each person whose score makes the
        table (best first), then the results. The game is recorded if it was not yet."""
        if results is None:
            results = ResultsScreen(shell, session)
        if session is self._offered or not self.enabled:
            return results
        self._offered = session
        if session is not self._recorded:
            from dicetable.kiosk.results_log import FINISHED

            self.record(session, FINISHED, check_last=True)
        from dicetable.kiosk.screens import high_score_entry

        return high_score_entry(shell, self, session, results)

    def attract(self, shell):
        """Show the attract loop. A game still in play that the kiosk knows of (left behind a
        teacher's screen, say) is first recorded as abandoned and its save cleared."""
        session = self._session
        if session is not None and session is not self._recorded:
            if not session.state.is_terminal():
                self.abandon(shell, session)
                return
        shell.show(self.idle_screen(shell))

    # --- screens --------------------------------------------------------------------------
    def idle_screen(self, shell):
        from dicetable.kiosk.attract import AttractScreen

        return AttractScreen(shell, self, self.now)

    def lock_screen(self, shell, after):
        from dicetable.kiosk.lock_screens import open_lock

        return open_lock(shell, self, after)

    def settings_screen(self, shell, back):
        from dicetable.kiosk.screens import SettingsScreen

        return SettingsScreen(shell, self, back)

    def howto_screen(self, shell, game_id, after):
        from dicetable.ui.howto import HowToScreen

        return HowToScreen(shell, game_id, after)

    def offered_tables(self):
        """High-score table keys with entries, for the games, maps and levels on offer."""
        settings = self.settings
        games = settings.get("games")
        found = []
        for key in self.scores.keys():
            parts = key.split("/")
            if parts[0] not in games:
                continue
            if len(parts) > 1:
                if parts[0] == "trek12" and parts[1] not in settings.get("maps"):
                    continue
                if parts[0] == "cybo" and parts[1] not in settings.get("levels"):
                    continue
            found.append(key)
        return found
