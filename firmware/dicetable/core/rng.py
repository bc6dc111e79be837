"""The project's random source: identical streams on CPython and MicroPython.

Marsaglia's xorshift32 (shifts 13, 17, 5; period 2**32 - 1) kept as two 16-bit halves, so no
intermediate value reaches 2**30 and the RP2040 never allocates a big integer while rolling.
Die faces come from rejection sampling on 16-bit draws: no modulo bias for any die size.

The stream is the same on every runtime for a given seed; it is *not* MicroPython's `random`,
whose sequences differ from CPython's. Rolls reach a game only as chance actions, so replaying
a journal never calls this module.
"""

from micropython import const

_LOW16 = const(0xFFFF)
_SPAN = const(0x10000)
# The state must never be all zero (xorshift's fixed point): this replaces a zero seed.
_ZERO_SEED_HIGH = const(0x2545)
_ZERO_SEED_LOW = const(0xF491)
# Outputs thrown away after seeding, so that seeds 1, 2, 3... do not start with similar draws.
_WARM_UP = const(8)
# Class codes are hashed with a 30-bit polynomial so the result stays a small int.
_CODE_MODULUS = const(0x3FFFFFFB)


def code_to_seed(code):
    """A seed from a class code typed with the buttons (letters/digits, case-insensitive)."""
    seed = 7
    for char in code.upper():
        seed = (seed * 131 + ord(char)) % _CODE_MODULUS
    return seed


class Rng:
    """xorshift32 as (high, low) 16-bit halves."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed = int(seed) & 0x3FFFFFFF
        high = (seed >> 16) & _LOW16
        low = seed & _LOW16
        if not high and not low:
            high, low = _ZERO_SEED_HIGH, _ZERO_SEED_LOW
        self._high = high
        self._low = low
        for _ in range(_WARM_UP):
            self.next16()

    def state(self):
        """The generator's position, as a small list that can be saved."""
        return [self._high, self._low]

    def set_state(self, state):
        high, low = state
        if not (0 <= high <= _LOW16 and 0 <= low <= _LOW16) or not (high or low):
            raise ValueError("bad random state")
        self._high, self._low = high, low

    def next16(self):
        """Advance one xorshift32 step; return the high 16 bits (the better-mixed half)."""
        high, low = self._high, self._low
        # x ^= x << 13
        high ^= ((high << 13) | (low >> 3)) & _LOW16
        low ^= (low << 13) & _LOW16
        # x ^= x >> 17
        low ^= high >> 1
        # x ^= x << 5
        high ^= ((high << 5) | (low >> 11)) & _LOW16
        low ^= (low << 5) & _LOW16
        self._high, self._low = high, low
        return high

    def below(self, limit):
        """A uniform integer in [0, limit), 1 <= limit <= 65536, without modulo bias."""
        if not 1 <= limit <= _SPAN:
            raise ValueError("limit out of range")
        # Accept only draws below the largest multiple of `limit`, so every residue is equally
        # likely; at most half of the draws are rejected, usually far fewer.
        accept_below = _SPAN - (_SPAN % limit)
        while True:
            draw = self.next16()
            if draw < accept_below:
                return draw % limit

    def choice(self, items):
        return items[self.below(len(items))]

    def roll(self, faces):
        """One face of a die given as a tuple of its faces (see core.dice)."""
        return faces[self.below(len(faces))]
