"""A bounded fuzz of saved games: real journals of every title, damaged a few thousand ways
(bits flipped, bytes cut, added or removed, lines lost, repeated or swapped, tails torn or
replaced, CRLF endings), read back through the device's own Store and resumed.

For every case: nothing but a JournalError escapes; a resumed game is exactly the original
after some number of its records (no damaged record is ever taken for another move); and no
record that lies wholly before the first damaged byte is lost."""

import random

import pytest
from bot_games import journal_of

from dicetable.core.errors import JournalError
from dicetable.core.session import Session
from dicetable.drivers.storage import Store
from dicetable.games import load

GAMES = (
    ("cybo", {"players": 3, "bots": 3}),
    ("trek12", {"players": 2, "bots": 2, "map": "dunai"}),
    ("gang", {"players": 3, "bots": 3}),
    ("ontrack", {"players": 2, "bots": 2}),
    ("dicetrip", {"players": 2, "bots": 2}),
)
CASES_PER_GAME = 700


def _mutate(rng, lines):
    data = bytearray("".join(lines).encode())
    kind = rng.randrange(9)
    if kind == 0:  # a bit flipped
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif kind == 1:  # a byte removed
        del data[rng.randrange(len(data))]
    elif kind == 2:  # a byte added
        data.insert(rng.randrange(len(data) + 1), rng.randrange(256))
    elif kind == 3:  # torn at any byte
        del data[rng.randrange(len(data)) :]
    elif kind == 4:  # the tail replaced by garbage
        cut = rng.randrange(len(data))
        data[cut:] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60)))
    else:
        parts = list(lines)
        index = rng.randrange(1, len(parts))
        if kind == 5:
            del parts[index]
        elif kind == 6:
            parts.insert(index, parts[index])
        elif kind == 7 and index + 1 < len(parts):
            parts[index], parts[index + 1] = parts[index + 1], parts[index]
        else:
            parts = [line[:-1] + "\r\n" for line in parts]
        return "".join(parts).encode()
    return bytes(data)


@pytest.mark.parametrize("game_id, options", GAMES, ids=[game for game, _ in GAMES])
def test_damaged_journals_resume_their_intact_prefix_exactly(tmp_path, game_id, options):
    rng = random.Random(game_id)
    lines, states = journal_of(game_id, options, 60, len(game_id))
    original = "".join(lines).encode()
    store = Store(str(tmp_path))
    refused = resumed_whole = 0
    for case in range(CASES_PER_GAME):
        damaged = _mutate(rng, lines)
        with open(store.path("game.jnl"), "wb") as file:
            file.write(damaged)
        first = next(
            (i for i in range(min(len(original), len(damaged))) if original[i] != damaged[i]),
            min(len(original), len(damaged)),
        )
        intact_records = original[:first].count(b"\n") - 1
        try:
            session, report = Session.resume(store.load_lines(), load, None, False)
        except JournalError as exc:
            assert exc.reason
            assert intact_records < 0, "case %d: a save with an intact header was refused" % case
            refused += 1
            continue
        applied = report.applied
        assert applied >= intact_records, "case %d lost completed records" % case
        assert applied <= len(states)
        expected = states[applied - 1] if applied else None
        if applied:
            assert session.state.to_data() == expected, "case %d took damage for a move" % case
        resumed_whole += applied == len(states)
    # The fuzz reached both ends: refused headers and whole games (CRLF, harmless cuts).
    assert refused and resumed_whole
