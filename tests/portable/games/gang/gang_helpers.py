"""Helpers shared by the Gang of Dice tests: build a state, reveal chosen cards, play turns
with chosen dice."""

from dicetable.core.protocol import CHANCE
from dicetable.games.gang import rules as gang

# Cards put away unseen by new(): GD12 from deck A, GD04-GD06 from deck B (so deck B
# deals the thresholds GD01-GD03 in rounds 10-12).
DROPS = (12, 4, 5, 6)


def counts(*faces):
    """Counts per face (0 = gangster) of the given faces."""
    result = [0] * 6
    for face in faces:
        result[face] += 1
    return result


def new(players=2, card=None, drops=DROPS, **options):
    """A state past setup, at round 1's reveal, or past it when `card` is given."""
    options["players"] = players
    state = gang.new_state(gang.make_params(options))
    for number in drops:
        state.apply(CHANCE, gang.CARD_BASE + number)
    if card is not None:
        reveal(state, card)
    return state


def reveal(state, card):
    state.apply(CHANCE, gang.CARD_BASE + card)


def conserved(state):
    """Dice in pools + on the table + out of the game, less the bonus dice brought in."""
    return sum(state.pools) + state.pot + state.gone - state.bonus_total


def turns_played(state):
    played = len(state.turns)
    for entry in state.history_rounds:
        played += len(entry[3])
    return played


def last_turn(state):
    return state.turns[-1] if state.turns else state.history_rounds[-1][3][-1]


def roll(state, faces):
    for face in faces:
        state.apply(CHANCE, face)


def select(state, chosen):
    """Select the dice showing `chosen` (a list of faces, repeats allowed) for a reroll."""
    seat = state.turn_seat()
    wanted = counts(*chosen)
    for face in range(6):
        if wanted[face]:
            state.apply(seat, gang.select_action(face, wanted[face]))


def turn(state, faces, rerolls=(), stop=True):
    """The seat whose turn it is commits len(faces) dice, rolls `faces`, then makes each reroll
    (chosen faces, new faces) and stops. Returns the turn's record, or None if it goes on."""
    seat = state.turn_seat()
    before = turns_played(state)
    state.apply(seat, gang.commit_action(len(faces)))
    roll(state, faces)
    for chosen, new_faces in rerolls:
        select(state, chosen)
        state.apply(seat, gang.REROLL)
        roll(state, new_faces)
    if stop and turns_played(state) == before:
        state.apply(seat, gang.STOP)
    return last_turn(state) if turns_played(state) > before else None


def quiet_round(state, faces=(2,)):
    """Reveal the first card left and let every player roll `faces` and stop: no yellow card
    fires on a single 2, so the first player wins."""
    reveal(state, state.chance_outcomes()[0][0] - gang.CARD_BASE)
    for _ in range(len(state.order)):
        turn(state, list(faces))


def skip_to_deck_b(state):
    """Play the nine rounds of deck A quietly."""
    while state.round < 9:
        quiet_round(state)
