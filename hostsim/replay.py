"""`python -m hostsim replay JOURNAL [--json]`: the final state and scores of a saved game."""

import json
import sys

from dicetable.core.errors import JournalError
from dicetable.core.session import Session
from dicetable.games import load


def replay_file(path):
    """(session, report) for a journal file; JournalError or OSError when it cannot be read."""
    with open(path, "rb") as file:
        lines = [raw.decode("utf-8", "replace") for raw in file]
    return Session.resume(lines, load)


def summary(session, report):
    state = session.state
    seats = []
    scores = state.scores()
    winners = state.winners() if state.is_terminal() else []
    for seat in range(len(scores)):
        seats.append(
            {
                "seat": seat,
                "name": state.seat_name(seat),
                "bot": session.is_bot(seat),
                "score": scores[seat],
                "breakdown": [[label, points] for label, points in state.breakdown(seat)],
                "winner": seat in winners,
            }
        )
    return {
        "game": session.module.GAME_ID,
        "params": session.params,
        "seed": session.seed,
        "finished": state.is_terminal(),
        "actions": report.applied,
        "dropped": report.dropped,
        "dropped_reason": report.reason,
        "seats": seats,
        "state": state.to_data(),
    }


def main(path, as_json):
    try:
        session, report = replay_file(path)
    except OSError as exc:
        print("cannot read %s: %s" % (path, exc.strerror or exc), file=sys.stderr)
        return 2
    except JournalError as exc:
        print("cannot restore %s: %s" % (path, exc.reason), file=sys.stderr)
        return 2
    result = summary(session, report)
    if as_json:
        print(json.dumps(result, indent=1, sort_keys=True))
        return 0
    print(
        "%s, %d actions%s"
        % (result["game"], report.applied, "" if result["finished"] else " (game in progress)")
    )
    if report.dropped:
        print("dropped %d damaged line(s): %s" % (report.dropped, report.reason))
    for seat in result["seats"]:
        parts = ", ".join("%s %d" % (label, points) for label, points in seat["breakdown"])
        mark = " (winner)" if seat["winner"] else ""
        print("%-8s %4d%s  %s" % (seat["name"], seat["score"], mark, parts))
    return 0
