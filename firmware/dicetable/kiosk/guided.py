"""The guided first round: a wrapper around a play screen that has `key_towards` (Trek 12,
Christmas On Track, Dice Trip) which says on the sheet's note line what to press next, such as
"Guided round: press DOWN twice", until the first round is over, then gets out of the way.

PURE. The wrapper passes every key and step to the play screen, so the game plays exactly as
without it. What it points at is the game's own hint (the bot's choice) for the person asked;
people may press anything else, and the hint follows from wherever they are.

How many presses of an arrow the hint needs is found by pressing it on the play screen and
putting the screen back as it was: arrows only move cursors (never apply an action), and the
cursor attributes of the screen and of its choice object are restored from a shallow copy.
"""

from micropython import const

from dicetable.ui import keys
from dicetable.ui.screen_base import Screen

PREFIX = "Guided round: "
# Counting stops here: a longer way is still shown a press at a time.
_MAX_COUNT = const(12)
_TIMES = ("", "", "twice")  # "press OK", "press DOWN twice", then "3 times" and on


def round_of(state):
    """The game's round counter: `round` (Trek 12, Dice Trip), else `turn` (On Track)."""
    counter = getattr(state, "round", None)
    if counter is None:
        counter = getattr(state, "turn", 0)
    return counter


def key_words(buttons):
    """What to call each logical key on a board, from its button map (boards/*.py "buttons"):
    the physical button's own name when it has one (PREV, NEXT, A...), UP and DOWN as the
    buttons that do the same on 3-button boards, and BACK as "long OK" or "PREV+NEXT"."""
    words = list(keys.NAMES)
    own = [None] * keys.KEY_COUNT
    mapping = buttons.get("keys", {})
    for name in sorted(mapping):
        key = keys.key_from_name(mapping[name])
        if own[key] is None:
            own[key] = name
    for key in range(keys.KEY_COUNT):
        if own[key] is not None:
            words[key] = own[key]
    for key, same in ((keys.UP, keys.LEFT), (keys.DOWN, keys.RIGHT)):
        if own[key] is None and own[same] is not None:
            words[key] = own[same]
    if own[keys.BACK] is None:
        long_map = buttons.get("long", {})
        for name in sorted(long_map):
            if keys.key_from_name(long_map[name]) == keys.BACK:
                words[keys.BACK] = "long " + words[keys.key_from_name(mapping.get(name, "OK"))]
                break
        else:
            for pair, key in buttons.get("chords", ()):
                if keys.key_from_name(key) == keys.BACK:
                    words[keys.BACK] = "+".join(pair)
                    break
    return tuple(words)


def hint_text(key, count, words=keys.NAMES, roll=False):
    """ "press OK to roll the dice", "press DOWN twice", "press NEXT 3 times"."""
    if roll:
        return "press %s to roll the dice" % words[keys.OK]
    if count < len(_TIMES):
        times = _TIMES[count]
    else:
        times = "%d times" % count
    return ("press %s %s" % (words[key], times)).strip()


def _choosers(screen):
    """The screen and the objects it keeps that take part in choosing (have key_towards)."""
    found = [screen]
    members = getattr(screen, "__dict__", None) or {}
    for name in members:
        value = members[name]
        if value is not screen and hasattr(value, "key_towards") and not isinstance(value, Screen):
            found.append(value)
    return found


def _snapshot(objects):
    saved = []
    for item in objects:
        members = getattr(item, "__dict__", None)
        if members is None:
            return None  # a port without instance __dict__: no counting
        copy = {}
        for name in members:
            copy[name] = members[name]
        saved.append((item, copy))
    return saved


def _restore(saved):
    for item, copy in saved:
        for name in copy:
            setattr(item, name, copy[name])


class GuidedScreen(Screen):
    """Wraps `inner` (a play screen with key_towards and session) for the game's first round.
    `words`: what to call the keys on this board (key_words)."""

    def __init__(self, shell, inner, words=keys.NAMES):
        super().__init__(shell)
        self.inner = inner
        self.session = inner.session
        self.words = words
        self.active = True
        self._first_round = round_of(self.session.state)
        self._for = None  # (seat, action count) the target below was chosen for
        self._target = None
        self._shown = None  # (seat, action count, key) the counted hint was made for
        self._text = ""

    # --- the first round ------------------------------------------------------------------
    def running(self):
        """True until the first round is over."""
        state = self.session.state
        if self.active and (state.is_terminal() or round_of(state) != self._first_round):
            self.active = False
        return self.active

    def target(self, seat):
        """The action the hint points at for `seat`: the game's hint, else the bot's choice."""
        state = self.session.state
        key = (seat, state.action_count)
        if key != self._for:
            self._for = key
            module = self.session.module
            finder = getattr(module, "hint", None)
            self._target = finder(state, seat) if finder else self.session.bot_action(seat)
        return self._target

    def hint(self):
        """(key, presses, is_roll) the person asked should make, or None (nobody asked, or
        the guided round is over)."""
        if not self.running():
            return None
        asked = self.inner.person_asked()
        if asked is None:
            return None
        seat, is_roll = asked
        if is_roll:
            return keys.OK, 1, True
        action = self.target(seat)
        if action is None:
            return None
        key = self.inner.key_towards(action)
        if key is None:
            return None
        count = 1
        if key in (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT):
            count = self._count(key, action)
        return key, count, False

    def _count(self, key, action):
        """Presses of `key` in a row before key_towards asks for another key."""
        saved = _snapshot(_choosers(self.inner))
        if saved is None:
            return 1
        count = 0
        try:
            while count < _MAX_COUNT:
                self.inner.handle(key)
                count += 1
                if self.inner.key_towards(action) != key:
                    break
        finally:
            _restore(saved)
        return count

    def hint_line(self):
        """The words for the note line, "" when there is nothing to point at."""
        found = self.hint()
        if found is None:
            return ""
        key, count, is_roll = found
        return PREFIX + hint_text(key, count, self.words, is_roll)

    # --- the play screen's part -----------------------------------------------------------
    def handle(self, key):
        result = self.inner.handle(key)
        if result is None and not self.running():
            return self.inner  # the first round is over: the play screen alone from now on
        return result

    def wants_step(self):
        return self.inner.wants_step()

    def step(self):
        result = self.inner.step()
        if result is None and not self.running():
            return self.inner
        return result

    def person_asked(self):
        return self.inner.person_asked()

    def key_towards(self, action):
        return self.inner.key_towards(action)

    def take_natural_break(self):
        return self.inner.take_natural_break()

    def game_state(self):
        return self.inner.game_state()

    def take_roll(self):
        return self.inner.take_roll()

    def view(self):
        return self.inner.view()

    def draw(self, fb, width, height):
        # The hint goes on the sheet's own note line, below any real note (an error, a save
        # problem or a device notice keeps the line).
        inner = self.inner
        if inner.note or self.session.save_error or getattr(self.shell, "notice", ""):
            inner.draw(fb, width, height)
            return
        inner.note = self.hint_line()
        try:
            inner.draw(fb, width, height)
        finally:
            inner.note = ""
