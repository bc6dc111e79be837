"""Key scripts for the headless simulator: `--script "OK DOWN*2 OK LONG:OK WAIT:500"`.

Tokens are separated by spaces or commas:
    KEY         a short press of a logical key (UP DOWN LEFT RIGHT OK BACK, or PREV NEXT)
    KEY*N       N short presses
    LONG:KEY    a press held past the long-press time
    WAIT:MS     let MS milliseconds of device time pass
    BUSY:KEY    a press made while the panel is still refreshing (not waiting for idle)
A mistake is reported with the token and its position, never as a traceback.
"""

from dicetable.ui.keys import key_from_name

PRESS = "press"
LONG = "long"
WAIT = "wait"
BUSY = "busy"


class ScriptError(ValueError):
    pass


def parse(text):
    """[(kind, value), ...] from a script string."""
    steps = []
    tokens = text.replace(",", " ").split()
    for position, token in enumerate(tokens, 1):
        try:
            steps.extend(_parse_token(token.strip()))
        except ValueError as exc:
            raise ScriptError("script token %d %r: %s" % (position, token, exc)) from None
    return steps


def _parse_token(token):
    upper = token.upper()
    if upper.startswith("WAIT:"):
        milliseconds = int(upper[5:])
        if milliseconds < 0:
            raise ValueError("a wait cannot be negative")
        return [(WAIT, milliseconds)]
    for prefix, kind in (("LONG:", LONG), ("BUSY:", BUSY)):
        if upper.startswith(prefix):
            return [(kind, key_from_name(upper[len(prefix) :]))]
    count = 1
    if "*" in upper:
        upper, _star, repeat = upper.partition("*")
        count = int(repeat)
        if not 1 <= count <= 999:
            raise ValueError("a repeat count must be 1 to 999")
    key = key_from_name(upper)
    return [(PRESS, key)] * count
