"""Buttons, the pure part: physical button levels in, logical key events out.

`PressClassifier` is a state machine fed with `update(now_ms, pressed)` (bit i of `pressed` set
while physical button i is down, raw and bouncing). It maps physical buttons to logical keys
(dicetable.ui.keys) from the board's button map and queues events `(kind, key)`. It never reads
the clock: time arrives as ticks and is compared with the injected clock's wrap-safe `ticks_diff`.

Timing defaults (keyword arguments of PressClassifier, milliseconds):

| name            | default | meaning                                                          |
|-----------------|---------|------------------------------------------------------------------|
| debounce_ms     | 50      | after a change, the level must be steady this long to count again |
| chord_ms        | 100     | two chord buttons pressed within this window form the chord      |
| long_ms         | 1000    | hold time for LONG and for a long-press mapping                  |
| repeat_delay_ms | 500     | hold time before the first REPEAT of a repeating key (arrows)    |
| repeat_ms       | 150     | REPEAT period after that                                         |
| double_ms       | 400     | a PRESS this soon after the last PRESS of that key adds DOUBLE   |
| stuck_ms        | 10000   | held longer: reported STUCK once, then ignored until released    |

Debounce: a change is taken at once when the button has been steady, then the level must stay
steady for debounce_ms before another change counts. Events per button (all other buttons
carry on independently):

| button               | goes down          | while held                 | goes up           |
|----------------------|--------------------|----------------------------|-------------------|
| plain                | PRESS key          | LONG key at long_ms        | RELEASE key       |
| repeating (arrows)   | PRESS key          | REPEAT at 500, every 150   | RELEASE key       |
| long-mapped          | nothing yet        | at long_ms: PRESS long key | PRESS + RELEASE   |
| (OK -> BACK)         |                    |                            | key if short,     |
|                      |                    |                            | else RELEASE BACK |
| chord member         | held back up to    | partner down in window:    | either member up: |
| (PREV+NEXT -> BACK)  | chord_ms, then as  | PRESS chord key, then as   | RELEASE chord key,|
|                      | plain/long-mapped  | a plain key                | other one ignored |
| any, down > stuck_ms |                    | RELEASE if pressed, STUCK  | ignored until up  |
| any, down at start   | (`ignore_held`)    | nothing                    | nothing           |

So every PRESS of a button is followed by exactly one RELEASE. DOUBLE comes right after the
PRESS it qualifies (never suppresses the single press); screens that don't want it ignore it.

The pins, their interrupts and the sampling task are drivers/button_scanner.py's job; the queue
is drivers/event_ring.py.
"""

from micropython import const

from dicetable.drivers.event_ring import QUEUE_LEN, EventRing
from dicetable.ui.keys import key_from_name

# Event kinds: the values of dicetable.ui.keys, repeated because drivers may not import ui/
# (test_buttons checks they agree).
_PRESS = const(0)
_RELEASE = const(1)
_LONG = const(2)
_REPEAT = const(3)
_DOUBLE = const(4)
_STUCK = const(5)
_KINDS = const(6)
# Logical keys are below 8, so one int holds a bit per key; UP, DOWN, LEFT, RIGHT repeat.
_KEY_LIMIT = const(8)
_ARROWS = const(0b1111)

_DEBOUNCE_MS = const(50)
_CHORD_MS = const(100)
_LONG_MS = const(1000)
_REPEAT_DELAY_MS = const(500)
_REPEAT_MS = const(150)
_DOUBLE_MS = const(400)
_STUCK_MS = const(10000)
# One bit per button in an int that must stay a small int on the device.
_MAX_BUTTONS = const(30)

_NONE = const(255)  # "no key" / "no partner" in the per-button bytearrays
# Phases of a physical button.
_IDLE = const(0)  # up
_WAIT = const(1)  # down, PRESS held back: chord window open or long-press mapping pending
_HELD = const(2)  # down, PRESS of _active[i] sent
_PARTNER = const(3)  # down, second button of a chord; the first one carries the chord key
_DONE = const(4)  # down, but its press was ended by its chord partner: wait for release
_IGNORED = const(5)  # stuck (reported) or down since start: no events until released


class PressClassifier:
    """Physical button levels in, logical key events out. See the module docstring.

    keymap: logical key of each physical button (index i = bit i of `pressed`).
    long_map: ((button, key), ...): a long press of `button` gives `key` instead of LONG.
    chords: ((button_a, button_b, key), ...): both pressed within chord_ms give `key`.
    repeat_keys: bit k set if logical key k auto-repeats (default: the four arrows).
    """

    def __init__(
        self,
        clock,
        keymap,
        long_map=(),
        chords=(),
        repeat_keys=_ARROWS,
        capacity=QUEUE_LEN,
        debounce_ms=_DEBOUNCE_MS,
        chord_ms=_CHORD_MS,
        long_ms=_LONG_MS,
        repeat_delay_ms=_REPEAT_DELAY_MS,
        repeat_ms=_REPEAT_MS,
        double_ms=_DOUBLE_MS,
        stuck_ms=_STUCK_MS,
    ):
        count = len(keymap)
        if not 0 < count <= _MAX_BUTTONS:
            raise ValueError("need 1 to %d buttons, got %d" % (_MAX_BUTTONS, count))
        self.count = count
        self._diff = clock.ticks_diff
        self.debounce_ms = debounce_ms
        self.chord_ms = chord_ms
        self.long_ms = long_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.double_ms = double_ms
        self.stuck_ms = stuck_ms
        self._repeat_keys = repeat_keys
        self._keymap = bytearray(count)
        self._long_key = bytearray(count)
        self._in_chord = bytearray(count)
        for i in range(count):
            self._keymap[i] = _check_key(keymap[i])
            self._long_key[i] = _NONE
        for button, key in long_map:
            self._long_key[_check_button(button, count)] = _check_key(key)
        for a, b, key in chords:
            if _check_button(a, count) == _check_button(b, count):
                raise ValueError("a chord needs two different buttons, got %d twice" % a)
            _check_key(key)
            self._in_chord[a] = self._in_chord[b] = 1
        self._chords = tuple(chords)
        # Every possible event, made once: emitting one never allocates.
        self._events = tuple((kind, key) for kind in range(_KINDS) for key in range(_KEY_LIMIT))
        self.events = EventRing(capacity)
        self._raw = bytearray(count)  # last sampled level
        self._stable = bytearray(count)  # debounced level
        self._settled = bytearray(b"\x01" * count)  # steady for debounce_ms since last change
        self._phase = bytearray(count)
        self._active = bytearray(count)  # logical key whose PRESS was sent (phase _HELD)
        self._link = bytearray(b"\xff" * count)  # chord partner or _NONE
        self._edge = [0] * count  # ticks of the last raw change
        self._since = [0] * count  # ticks when the debounced press began
        self._due = [-1] * count  # ms after _since of the next LONG/REPEAT, -1 for none
        self._last_press = [0] * _KEY_LIMIT  # ticks of the last PRESS per logical key
        self._recent = 0  # bit per logical key: _last_press is a candidate for DOUBLE
        self._busy = False  # some button is down or still settling
        self.timed = False  # a debounce, chord, long, repeat or stuck timer is running

    def get(self):
        """The oldest queued event `(kind, key)`, or None."""
        return self.events.get()

    def update(self, now_ms, pressed):
        """Feed one sample taken at ticks `now_ms`. Allocates nothing."""
        if not pressed and not self._busy:
            return
        diff = self._diff
        debounce = self.debounce_ms
        raw = self._raw
        stable = self._stable
        settled = self._settled
        edge = self._edge
        busy = timed = False
        phase = self._phase
        for i in range(self.count):
            level = (pressed >> i) & 1
            if level != raw[i]:
                raw[i] = level
                edge[i] = now_ms
            changed = False
            if settled[i]:
                if level != stable[i]:
                    stable[i] = level
                    settled[i] = 0
                    changed = True
            elif diff(now_ms, edge[i]) >= debounce:
                settled[i] = 1
                if level != stable[i]:
                    stable[i] = level
                    changed = True
            if changed:
                if level:
                    self._down(i, now_ms)
                else:
                    self._up(i, now_ms)
            elif stable[i]:
                self._tick(i, now_ms)
            if not settled[i]:
                busy = timed = True
            elif stable[i]:
                busy = True
                if phase[i] != _IGNORED:
                    timed = True
        self._busy = busy
        self.timed = timed

    def ignore_held(self, now_ms, pressed):
        """Buttons down in `pressed` give no events until they have been released (at start:
        a button held through power-on chose the boot mode, it is not a press)."""
        for i in range(self.count):
            if (pressed >> i) & 1:
                self._raw[i] = self._stable[i] = self._settled[i] = 1
                self._edge[i] = self._since[i] = now_ms
                self._phase[i] = _IGNORED
                self._busy = True

    def _emit(self, kind, key):
        self.events.put(self._events[kind * _KEY_LIMIT + key])

    def _down(self, i, now):
        self._since[i] = now
        phase = self._phase
        for a, b, key in self._chords:
            other = b if a == i else (a if b == i else _NONE)
            if (
                other != _NONE
                and phase[other] == _WAIT
                and self._diff(now, self._since[other]) < self.chord_ms
            ):
                phase[i] = _PARTNER
                self._link[i] = other
                self._link[other] = i
                self._start(other, key, now, True)
                return
        if self._in_chord[i] or self._long_key[i] != _NONE:
            phase[i] = _WAIT
        else:
            self._start(i, self._keymap[i], now, True)

    def _start(self, i, key, now, timed):
        """Send PRESS of `key` for button i (and DOUBLE if it follows the last one closely)."""
        self._phase[i] = _HELD
        self._active[i] = key
        self._emit(_PRESS, key)
        bit = 1 << key
        if self._recent & bit and 0 <= self._diff(now, self._last_press[key]) < self.double_ms:
            self._emit(_DOUBLE, key)
            self._recent &= ~bit  # a third quick press starts a new pair
        else:
            self._recent |= bit
        self._last_press[key] = now
        if not timed:  # a long-press mapping has already used up the hold time
            self._due[i] = -1
        elif self._repeat_keys & bit:
            self._due[i] = self.repeat_delay_ms
        else:
            self._due[i] = self.long_ms

    def _end(self, i):
        """Send RELEASE for button i's press; a chord partner is ignored until it is up."""
        self._emit(_RELEASE, self._active[i])
        partner = self._link[i]
        if partner != _NONE:
            self._phase[partner] = _DONE
            self._link[partner] = _NONE
            self._link[i] = _NONE

    def _end_partner(self, i):
        lead = self._link[i]
        self._end(lead)
        self._phase[lead] = _DONE

    def _up(self, i, now):
        phase = self._phase[i]
        if phase == _WAIT:  # a short press of a chord member or long-mapped button
            self._start(i, self._keymap[i], now, True)
            self._end(i)
        elif phase == _HELD:
            self._end(i)
        elif phase == _PARTNER:
            self._end_partner(i)
        self._phase[i] = _IDLE

    def _tick(self, i, now):
        phase = self._phase[i]
        if phase == _IGNORED:
            return
        held = self._diff(now, self._since[i])
        if held >= self.stuck_ms:
            if phase == _HELD:
                self._end(i)
            elif phase == _PARTNER:
                self._end_partner(i)
            self._phase[i] = _IGNORED
            self._emit(_STUCK, self._keymap[i])
        elif phase == _WAIT:
            long_key = self._long_key[i]
            if long_key != _NONE:
                if held >= self.long_ms:
                    self._start(i, long_key, now, False)
            elif held >= self.chord_ms:
                self._start(i, self._keymap[i], now, True)
        elif phase == _HELD:
            due = self._due[i]
            if 0 <= due <= held:
                key = self._active[i]
                if (self._repeat_keys >> key) & 1:
                    self._emit(_REPEAT, key)
                    due += self.repeat_ms
                    # After a gap in sampling, carry on from now instead of catching up.
                    self._due[i] = due if due > held else held + self.repeat_ms
                else:
                    self._emit(_LONG, key)
                    self._due[i] = -1


def for_board(board, clock):
    """(button names in the order a scanner reads them, their PressClassifier) from a board
    file's "buttons": the key of each button, its long presses and its chords. Every port
    (hardware.py, ports/) builds its buttons' classifier here."""
    buttons = board["buttons"]
    names = sorted(buttons["pins"])  # dicts are unordered on MicroPython
    index = {}
    for position in range(len(names)):
        index[names[position]] = position
    keymap = [key_from_name(buttons["keys"][name]) for name in names]
    long_map = [(index[name], key_from_name(key)) for name, key in buttons.get("long", {}).items()]
    chords = []
    for (first, second), key in buttons.get("chords", ()):
        chords.append((index[first], index[second], key_from_name(key)))
    return names, PressClassifier(clock, keymap, long_map, chords)


def _check_key(key):
    if not 0 <= key < _KEY_LIMIT:
        raise ValueError("logical key %r out of range 0..%d" % (key, _KEY_LIMIT - 1))
    return key


def _check_button(button, count):
    if not 0 <= button < count:
        raise ValueError("button %r out of range 0..%d" % (button, count - 1))
    return button
