"""Validation of the options every seat-based game shares: players, bots, names and the class
code (kept in the parameters, so a resumed game and its sheet still know it)."""

from micropython import const

from dicetable.core.errors import IllegalAction

_CODE_LENGTH = const(8)
# A player's name on the sheets and in the journal's header (which keeps it under MAX_LINE).
NAME_LENGTH = const(40)


def _plain(code):
    # str.isalnum is missing on MicroPython.
    for char in code.upper():
        if not ("A" <= char <= "Z" or "0" <= char <= "9"):
            return False
    return True


def _whole(value):
    """An int that is not a bool (JSON's true would pass for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def seat_params(options, min_players, max_players):
    """{"players": n, "bots": [...], "names": [...]} from menu or CLI options.

    `bots` lists the seats the device plays; names default to "P1".."Pn" for people and
    "Bot1".. for bots so the sheet and the journal agree on who is who.
    """
    players = options.get("players", min_players)
    if not _whole(players) or not min_players <= players <= max_players:
        raise IllegalAction("players must be %d to %d" % (min_players, max_players))
    bots = options.get("bots", [])
    if _whole(bots):
        # A count: the last seats are bots, so seat 1 is always a person when there is one.
        if not 0 <= bots <= players:
            raise IllegalAction("bots must be 0 to %d" % players)
        bots = list(range(players - bots, players))
    if not isinstance(bots, (list, tuple)):
        raise IllegalAction("bots must be a count or a list of seats")
    for seat in bots:
        if not _whole(seat) or not 0 <= seat < players:
            raise IllegalAction("bot seat %r does not exist" % (seat,))
    bots = sorted(bots)
    for index in range(1, len(bots)):
        if bots[index] == bots[index - 1]:
            raise IllegalAction("bot seat %d is listed twice" % bots[index])
    names = options.get("names")
    if names is None:
        names = []
        for seat in range(players):
            names.append(("Bot%d" if seat in bots else "P%d") % (seat + 1))
    elif not isinstance(names, (list, tuple)) or len(names) != players:
        raise IllegalAction("one name per player is needed")
    for name in names:
        if not isinstance(name, str) or not 0 < len(name) <= NAME_LENGTH:
            raise IllegalAction("a name is 1 to %d characters" % NAME_LENGTH)
    params = {"players": players, "bots": bots, "names": list(names)}
    code = options.get("code")
    if code:
        if not isinstance(code, str) or len(code) > _CODE_LENGTH or not _plain(code):
            raise IllegalAction("a class code is 1 to %d letters or digits" % _CODE_LENGTH)
        params["code"] = code.upper()
    return params
