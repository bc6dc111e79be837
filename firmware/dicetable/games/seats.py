"""Validation of the options every seat-based game shares: players, bots, names and the class
code (kept in the parameters, so a resumed game and its sheet still know it)."""

from micropython import const

from dicetable.core.errors import IllegalAction

_CODE_LENGTH = const(8)


def _plain(code):
    # str.isalnum is missing on MicroPython.
    for char in code.upper():
        if not ("A" <= char <= "Z" or "0" <= char <= "9"):
            return False
    return True


def seat_params(options, min_players, max_players):
    """{"players": n, "bots": [...], "names": [...]} from menu or CLI options.

    `bots` lists the seats the device plays; names default to "P1".."Pn" for people and
    "Bot1".. for bots so the sheet and the journal agree on who is who.
    """
    players = options.get("players", min_players)
    if not isinstance(players, int) or not min_players <= players <= max_players:
        raise IllegalAction("players must be %d to %d" % (min_players, max_players))
    bots = options.get("bots", [])
    if isinstance(bots, int):
        # A count: the last seats are bots, so seat 1 is always a person when there is one.
        if not 0 <= bots <= players:
            raise IllegalAction("bots must be 0 to %d" % players)
        bots = list(range(players - bots, players))
    bots = sorted(bots)
    for seat in bots:
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise IllegalAction("bot seat %r does not exist" % (seat,))
    names = options.get("names")
    if names is None:
        names = []
        for seat in range(players):
            names.append(("Bot%d" if seat in bots else "P%d") % (seat + 1))
    elif len(names) != players:
        raise IllegalAction("one name per player is needed")
    params = {"players": players, "bots": bots, "names": list(names)}
    code = options.get("code")
    if code:
        if not isinstance(code, str) or len(code) > _CODE_LENGTH or not _plain(code):
            raise IllegalAction("a class code is 1 to %d letters or digits" % _CODE_LENGTH)
        params["code"] = code.upper()
    return params
