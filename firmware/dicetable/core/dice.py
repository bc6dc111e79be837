"""The dice the five games use, as tuples of faces. A roll picks one entry uniformly."""

from micropython import const

# Gang of Dice: the gangster face equals nothing and scores 0, so it is the value 0.
GANGSTER = const(0)

D6 = (1, 2, 3, 4, 5, 6)
D12 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
# Trek 12's yellow die shows 0-5.
YELLOW_D6 = (0, 1, 2, 3, 4, 5)
GANG_D6 = (1, 2, 3, 4, 5, GANGSTER)


def sample_outcome(outcomes, rng):
    """Pick one chance action from [(action, weight), ...] with integer weights."""
    total = 0
    for _action, weight in outcomes:
        total += weight
    if total <= 0:
        raise ValueError("no chance outcome to pick")
    point = rng.below(total)
    for action, weight in outcomes:
        if point < weight:
            return action
        point -= weight
    raise ValueError("chance weights changed while sampling")
