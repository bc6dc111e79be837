"""The screens of a device in trouble: the crash screen and the "could not start" screen, and
the short error code the crash screen shows for a traceback.

PURE, like the other screens: text from the arguments, drawn with ui.draw on a frame of any
panel size. The error code comes first, so a person reading it out for a bug report sees it
even on the smallest panel; the journal is never touched, so the game resumes after a restart.
Loaded only after a crash (boot.py), so it costs no heap in normal play.
"""

import io
import sys

from dicetable.ui import draw


def report(exc):
    """The traceback of `exc` as text, as the runtime prints it."""
    out = io.StringIO()
    printer = getattr(sys, "print_exception", None)
    if printer is not None:  # MicroPython
        printer(exc, out)
    else:
        traceback = __import__("traceback")
        out.write("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
    return out.getvalue()


def error_code(traceback_text):
    """A short code for a traceback (`report`'s text): the same fault gives the same code. It
    covers the exception type, the firmware's own frames and the innermost frame (file name,
    line, function), not the message, which may hold changing values. "E-" and four hex
    digits."""
    places = []
    last = ""
    kind = ""
    for line in traceback_text.split("\n"):
        if line.startswith("  File "):
            parts = line.split('"')
            if len(parts) < 3:
                continue
            path = parts[1]
            last = path[path.rfind("/") + 1 :] + parts[2]
            if "dicetable" in path:
                places.append(last)
        elif line and not line.startswith(" ") and not line.startswith("Traceback"):
            kind = line.split(":", 1)[0]
    if last and (not places or places[-1] != last):
        places.append(last)
    value = 0
    for char in kind + "|" + "|".join(places):
        value = (value * 31 + ord(char)) & 0xFFFF
    return "E-%04X" % value


def crash_lines(code, name, restart_s):
    if name == "MemoryError":
        first = "The game needed more memory than is free (%s)." % code
    else:
        first = "Error %s (%s)" % (code, name)
    return [
        first,
        "Your game is saved and resumes after the restart.",
        "Restarting in %d s." % restart_s,
    ]


def crash_heading(name):
    return "DiceTable ran out of memory" if name == "MemoryError" else "DiceTable stopped"


def draw_crash(fb, width, height, code, name, restart_s):
    """After an unhandled error: the code, what happens next."""
    lines = crash_lines(code, name, restart_s)
    draw.message(fb, width, height, crash_heading(name), lines, "Any button: restart now")


def halted_lines(failed, code, safe):
    """`safe` names the safe-mode button(s), "" if the board has none."""
    lines = ["It failed to start %d times in a row%s." % (failed, " (%s)" % code if code else "")]
    if safe:
        lines.append("Hold %s while switching on for safe mode." % safe)
    lines.append("USB: the REPL is free for mpremote.")
    return lines


def draw_halted(fb, width, height, failed, code, safe):
    lines = halted_lines(failed, code, safe)
    draw.message(fb, width, height, "DiceTable could not start", lines, "See docs/device.md")
