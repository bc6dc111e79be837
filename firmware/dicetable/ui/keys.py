"""Logical keys and button event kinds: the vocabulary between the buttons and the screens.

Screens never see physical buttons. A board's button map (boards/*.py) turns each physical button,
long press or chord into one of the six logical keys below, and the button driver delivers
events as small tuples `(kind, key)`, e.g. `(PRESS, OK)` or `(REPEAT, DOWN)`.

3-button boards have no UP/DOWN: their outer buttons are PREV and NEXT, which are the same keys
as LEFT and RIGHT, and BACK comes from a long press of OK or a chord (see DESIGN.md).

Event kinds (what `dicetable.drivers.press_classifier` emits; its table says exactly when):

| kind    | meaning                                                            |
|---------|--------------------------------------------------------------------|
| PRESS   | the key went down (for long-mapped buttons: a short press ended)   |
| RELEASE | the key went up; exactly one follows each PRESS                    |
| LONG    | the key has been held for the long-press time (once per press)     |
| REPEAT  | auto-repeat of a held arrow key                                    |
| DOUBLE  | a second PRESS of the same key soon after the first (after it)     |
| STUCK   | a button held far too long: reported once, then ignored            |

PURE: no hardware, no clock; identical on CPython and MicroPython.
"""

from micropython import const

# Logical keys. Public consts: boards and screens import them. Values index NAMES and must stay
# below 8 (the button driver keeps one bit per logical key).
UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
OK = const(4)
BACK = const(5)
# 3-button boards call their outer buttons PREV/NEXT; they are LEFT/RIGHT for every screen.
PREV = const(2)
NEXT = const(3)

NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK")
KEY_COUNT = const(6)

# Event kinds. The button driver may not import ui/ (layers import downwards only), so it repeats
# these values; tests/portable/drivers/test_buttons.py checks that both agree.
PRESS = const(0)
RELEASE = const(1)
LONG = const(2)
REPEAT = const(3)
DOUBLE = const(4)
STUCK = const(5)

KIND_NAMES = ("PRESS", "RELEASE", "LONG", "REPEAT", "DOUBLE", "STUCK")

# Extra spellings accepted from scripts and the simulator's command line.
_ALIASES = (("PREV", LEFT), ("NEXT", RIGHT))


def has_up_down(buttons):
    """True when a board's button map (boards/*.py "buttons"; None: the full set) gives UP and
    DOWN keys of their own: then a screen may give the arrows different jobs (the setup screen:
    UP/DOWN move, LEFT/RIGHT change a value). 3-button boards have only PREV and NEXT."""
    if buttons is None:
        return True
    given = buttons["keys"].values()
    return "UP" in given and "DOWN" in given


def back_word(buttons):
    """What footers call BACK on a board (its button map; None: the full set): "BACK" when a
    button gives it, else the gesture that does: "hold OK" (a long press), or a chord of its
    buttons ("PREV+NEXT")."""
    if buttons is None or "BACK" in buttons["keys"].values():
        return "BACK"
    long_map = buttons.get("long", {})
    for name in sorted(long_map):
        if long_map[name] == "BACK":
            return "hold " + buttons["keys"].get(name, name)
    for pair, key in buttons.get("chords", ()):
        if key == "BACK":
            return "+".join(pair)
    return "BACK"


def key_from_name(name):
    """The logical key called `name` (any case; PREV and NEXT are accepted too)."""
    upper = name.upper()
    for key in range(KEY_COUNT):
        if NAMES[key] == upper:
            return key
    for alias, key in _ALIASES:
        if alias == upper:
            return key
    raise ValueError("unknown key %r: expected one of %s, PREV, NEXT" % (name, ", ".join(NAMES)))


def kind_from_name(name):
    """The event kind called `name` (any case), e.g. 'long' -> LONG."""
    upper = name.upper()
    for kind in range(len(KIND_NAMES)):
        if KIND_NAMES[kind] == upper:
            return kind
    raise ValueError("unknown event kind %r: expected one of %s" % (name, ", ".join(KIND_NAMES)))


def event_name(event):
    """'LONG OK' for the event (LONG, OK): for logs, scripts and the simulator."""
    return KIND_NAMES[event[0]] + " " + NAMES[event[1]]
