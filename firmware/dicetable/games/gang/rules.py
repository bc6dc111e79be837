"""Gang of Dice: 2-4 players, 12 rounds of push-your-luck against a warning card.

Rules: ../shared/rules/gang-of-dice-dice-trip-cybo.md section 1 and DECISIONS.md; tables in
gang_data. Dice of one face are interchangeable, so a player's dice are counts per face
(index = face, 0 = the gangster) and rerolls are chosen by face and count.

The game as actions (docs/journal.md has the table):
    setup    the dice (CHANCE) put cards away unseen, one chance action per card
    round    CHANCE reveals the round's card; the bonus dice join the table
    turn     COMMIT n; n chance actions, one per die (a face of GANG_D6); then SELECT the dice to
             reroll by face and count and REROLL them (at most twice), or STOP
A yellow card is checked after every roll and reroll (a match ends the turn at once), a black
card once at STOP. Pools are hidden information: `view(state, seat)` is what a seat may see.
"""

from micropython import const

from dicetable.core.dice import GANG_D6
from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE, State
from dicetable.games.gang import data
from dicetable.games.seats import seat_params

# The identifier of this game (games/gang/__init__.py has it, and its title, for the menu).
GAME_ID = "gang"


# Player actions (chance actions are die faces 0-5 and CARD_BASE + card number).
CARD_BASE = const(100)
COMMIT_BASE = const(1000)  # COMMIT_BASE + n: put n dice from the pool on the table and roll
STOP = const(2000)
REROLL = const(2001)  # reroll the dice selected so far
SELECT_BASE = const(10000)  # SELECT_BASE + face * SELECT_SPAN + k: reroll k dice showing face
SELECT_SPAN = const(1000)

BUST = const(-1)  # the score of a busted turn
STRENGTHS = ("careful", "random")

_DROP = const(0)
_REVEAL = const(1)
_COMMIT = const(2)
_ROLL = const(3)
_DECIDE = const(4)
_OVER = const(5)

_FACES = const(6)  # count lists are indexed by face: 0 = gangster, 1-5 numbers
_NUMBERS = (1, 2, 3, 4, 5)
_DIE_OUTCOMES = [(face, 1) for face in GANG_D6]
_FACE_WORDS = ("gangster", "1", "2", "3", "4", "5")  # by face


def commit_action(count):
    return COMMIT_BASE + count


def select_action(face, count):
    return SELECT_BASE + face * SELECT_SPAN + count


def select_parts(action):
    """(face, count) of a SELECT action."""
    return (action - SELECT_BASE) // SELECT_SPAN, (action - SELECT_BASE) % SELECT_SPAN


def card(number):
    """(code, colour, deck, condition, values, count, symbol, words) of a card."""
    return data.CARDS[number]


def score_of(counts):
    total = 0
    for face in _NUMBERS:
        total += face * counts[face]
    return total


def triggers(number, counts):
    """True if the card's condition holds on these dice (counts per face; gangsters ignored)."""
    condition, values, count = data.CARDS[number][3:6]
    if condition == "total":
        return score_of(counts) >= count
    if condition == "among":
        hits = 0
        for face in values:
            hits += counts[face]
        return hits >= count
    if condition == "same":
        for face in values or _NUMBERS:
            if counts[face] >= count:
                return True
        return False
    if condition == "distinct":
        present = 0
        for face in _NUMBERS:
            if counts[face]:
                present += 1
        return present >= count
    if condition == "run":
        run = 0
        for face in _NUMBERS:
            run = run + 1 if counts[face] else 0
            if run >= count:
                return True
        return False
    raise ValueError("unknown card condition %r" % (condition,))


def _deck_cards(deck):
    return [number for number in data.CARD_NUMBERS if data.CARDS[number][2] == deck]


def _count_word(count, face):
    """ "1 gangster", "2 dice showing 5": a count of dice of one face in plain words."""
    if face == 0:
        return "%d gangster%s" % (count, "" if count == 1 else "s")
    return "%d di%s showing %d" % (count, "e" if count == 1 else "ce", face)


def make_params(options):
    params = seat_params(options, data.MIN_PLAYERS, data.MAX_PLAYERS)
    players = params["players"]
    strengths = options.get("strengths")
    if strengths is None:
        strengths = [options.get("strength", STRENGTHS[0])] * players
    if not isinstance(strengths, (list, tuple)) or len(strengths) != players:
        raise IllegalAction("one bot strength per player is needed")
    for strength in strengths:
        if strength not in STRENGTHS:
            names = ", ".join(STRENGTHS)
            raise IllegalAction("unknown bot strength %r (use %s)" % (strength, names))
    params["strengths"] = list(strengths)
    return params


def new_state(params):
    return GangState(params)


class GangState(State):
    game_id = GAME_ID

    def __init__(self, params):
        super().__init__(params)
        self.players = params["players"]
        self.start_pool = data.POOLS[self.players]
        self.pools = [self.start_pool] * self.players
        self.out = [False] * self.players  # eliminated: no dice at the end of a round
        self.round = 0  # 0-based; the round being played, data.ROUNDS once the game is over
        self.start = 0  # the seat that starts this round
        self.dropped = []  # cards put away unseen, in order (hidden from every seat)
        self.drawn = []  # the card of each round so far
        self.pot = 0  # dice on the table: carried over + bonus + committed this round
        self.carried = 0  # of which carried over from a round everyone busted
        self.bonus_total = 0  # bonus dice brought into play so far
        self.gone = 0  # dice that left the game (everyone busted in the last round)
        self.order = []  # seats playing this round, in turn order
        self.turn = 0  # index into order
        self.turns = []  # this round's finished turns: [seat, n, counts, rolls, score or BUST]
        self.history_rounds = []  # finished rounds: [card, winner or -1, dice won, turns]
        self.phase = _DROP
        self._new_turn()

    def _new_turn(self):
        self.committed = 0
        self.dice = [0] * _FACES  # the dice of this turn that have landed, per face
        self.to_roll = 0  # dice still to land in the current roll
        self.rolls = 0  # rolls made this turn: 1 = the first roll, 3 = after two rerolls
        self.selected = [0] * _FACES  # dice chosen for the next reroll, per face

    # --- protocol ---------------------------------------------------------------------------
    def actors(self):
        if self.phase == _OVER:
            return []
        if self.phase in (_COMMIT, _DECIDE):
            return [self.order[self.turn]]
        return [CHANCE]

    def turn_seat(self):
        if self.order and self.phase in (_COMMIT, _ROLL, _DECIDE):
            return self.order[self.turn]
        return self.start

    def card_number(self):
        """The active warning card, or 0 before the first reveal."""
        return self.drawn[-1] if self.drawn else 0

    def dice_pending(self):
        """Dice still to be rolled now: a screen rolls them all on one press."""
        return self.to_roll if self.phase == _ROLL else 0

    def rerolls_left(self):
        return data.REROLLS + 1 - self.rolls if self.phase == _DECIDE else 0

    def legal_actions(self, seat):
        if seat not in self.actors() or seat == CHANCE:
            return []
        if self.phase == _COMMIT:
            return list(range(COMMIT_BASE + 1, COMMIT_BASE + self.pools[seat] + 1))
        actions = [STOP]
        if self.rolls > data.REROLLS:
            return actions
        if sum(self.selected):
            actions.append(REROLL)
        for face in range(_FACES):
            for count in range(self.dice[face] + 1):
                if count != self.selected[face]:
                    actions.append(select_action(face, count))
        return actions

    def chance_outcomes(self):
        if self.phase == _ROLL:
            return _DIE_OUTCOMES
        if self.phase in (_DROP, _REVEAL):
            deck = self._drop_deck() if self.phase == _DROP else self._round_deck()
            return [(CARD_BASE + number, 1) for number in self._undealt(deck)]
        return []

    def apply(self, seat, action):
        # bool is an int on CPython (True == 1): refuse anything but a plain int first.
        if type(action) is not int:
            raise IllegalAction("%r is not an action" % (action,))
        super().apply(seat, action)

    def explain_illegal(self, seat, action):
        name = self.seat_name(seat)
        if self.phase == _COMMIT:
            if COMMIT_BASE < action < STOP:
                return "you have only %d dice" % self.pools[seat]
            if action == COMMIT_BASE:
                return "roll at least one die"
            return "%s must first choose how many dice to roll" % name
        if COMMIT_BASE <= action < STOP:
            return "you already rolled %d dice this round" % self.committed
        if action in (REROLL, STOP) or action >= SELECT_BASE:
            if self.rolls > data.REROLLS:
                return "you already rerolled twice: stop to score"
        if action == REROLL:
            return "choose the dice to reroll first"
        if SELECT_BASE <= action < SELECT_BASE + _FACES * SELECT_SPAN:
            face, count = select_parts(action)
            if count == self.selected[face]:
                return "%s already chosen" % _count_word(count, face)
            return "you have only %s" % _count_word(self.dice[face], face)
        return "%s cannot do that now" % name

    def _apply(self, seat, action):
        if seat == CHANCE:
            if self.phase == _ROLL:
                self._land(action)
            elif self.phase == _DROP:
                self.dropped.append(action - CARD_BASE)
                if len(self.dropped) == self._drops_total():
                    self._start_round()
            else:
                self.drawn.append(action - CARD_BASE)
                self.phase = _COMMIT
        elif self.phase == _COMMIT:
            count = action - COMMIT_BASE
            self.pools[seat] -= count
            self.pot += count
            self.committed = count
            self._roll(count)
        elif action == STOP:
            card_number = self.card_number()
            black = data.CARDS[card_number][1] == "black"
            if black and triggers(card_number, self.dice):
                self._end_turn(BUST)
            else:
                self._end_turn(score_of(self.dice))
        elif action == REROLL:
            count = 0
            for face in range(_FACES):
                self.dice[face] -= self.selected[face]
                count += self.selected[face]
            self.selected = [0] * _FACES
            self._roll(count)
        else:
            face, count = select_parts(action)
            self.selected[face] = count

    # --- rules ------------------------------------------------------------------------------
    def _roll(self, count):
        self.to_roll = count
        self.rolls += 1
        self.phase = _ROLL

    def _land(self, face):
        self.dice[face] += 1
        self.to_roll -= 1
        if self.to_roll:
            return
        card_number = self.card_number()
        if data.CARDS[card_number][1] == "yellow" and triggers(card_number, self.dice):
            self._end_turn(BUST)
        else:
            self.phase = _DECIDE

    def _end_turn(self, score):
        seat = self.order[self.turn]
        self.turns.append([seat, self.committed, self.dice, self.rolls, score])
        self._new_turn()
        self.turn += 1
        if self.turn < len(self.order):
            self.phase = _COMMIT
        else:
            self._end_round()

    def round_winner(self):
        """The seat winning this round so far, or -1: best score, then more dice, then the
        earlier roller (turns are in playing order, so only a strictly better one replaces)."""
        best = None
        for seat, count, _dice, _rolls, score in self.turns:
            if score == BUST:
                continue
            if best is None or score > best[2] or (score == best[2] and count > best[1]):
                best = (seat, count, score)
        return -1 if best is None else best[0]

    def _end_round(self):
        winner = self.round_winner()
        won = self.pot if winner >= 0 else 0
        if winner >= 0:
            self.pools[winner] += self.pot
            self.pot = self.carried = 0
        else:
            # Everyone busted: the dice wait for the next round's winner. After round 12 they
            # leave the game (PROPOSED, rules G4), below.
            self.carried = self.pot
        self.history_rounds.append([self.card_number(), winner, won, self.turns])
        self.turns = []
        active = 0
        for seat in range(self.players):
            if self.pools[seat] == 0:
                self.out[seat] = True
            if not self.out[seat]:
                active += 1
        self.round += 1
        if self.round == data.ROUNDS or active < 2:
            # Dice still waiting on the table (everyone busted) leave the game with it.
            self.gone += self.pot
            self.pot = self.carried = 0
            self.round = data.ROUNDS
            self.order = []
            self.phase = _OVER
            return
        seat = self.start
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if not self.out[seat]:
                break
        self.start = seat
        self._start_round()

    def _start_round(self):
        self.order = []
        for step in range(self.players):
            seat = (self.start + step) % self.players
            if not self.out[seat]:
                self.order.append(seat)
        self.turn = 0
        bonus = data.BONUS[self.round]
        self.pot += bonus
        self.bonus_total += bonus
        self.phase = _REVEAL

    # --- the deck ---------------------------------------------------------------------------
    def _drops_total(self):
        total = 0
        for _deck, drop in data.DECKS:
            total += drop
        return total

    def _drop_deck(self):
        index = len(self.dropped)
        for deck, drop in data.DECKS:
            if index < drop:
                return deck
            index -= drop
        return ""

    def _round_deck(self):
        index = self.round
        for deck, drop in data.DECKS:
            supply = len(_deck_cards(deck)) - drop
            if index < supply:
                return deck
            index -= supply
        return ""

    def _undealt(self, deck):
        cards = []
        for number in _deck_cards(deck):
            if number not in self.dropped and number not in self.drawn:
                cards.append(number)
        return cards

    # --- scores -----------------------------------------------------------------------------
    def scores(self):
        """Dice in each pool: the final ranking (during play, hidden: see view())."""
        return list(self.pools)

    def dice_won(self, seat):
        won = 0
        for _card, winner, pot, _turns in self.history_rounds:
            if winner == seat:
                won += pot
        return won

    def dice_rolled(self, seat):
        rolled = 0
        for entry in self.history_rounds:
            for turn in entry[3]:
                if turn[0] == seat:
                    rolled += turn[1]
        for turn in self.turns:
            if turn[0] == seat:
                rolled += turn[1]
        if self.phase in (_ROLL, _DECIDE) and self.order[self.turn] == seat:
            rolled += self.committed
        return rolled

    def breakdown(self, seat):
        return [
            ("Start", self.start_pool),
            ("Dice won", self.dice_won(seat)),
            ("Dice rolled", -self.dice_rolled(seat)),
        ]

    # --- words and data ---------------------------------------------------------------------
    def action_to_string(self, seat, action):
        if seat == CHANCE:
            if CARD_BASE < action <= CARD_BASE + len(data.CARD_NUMBERS):
                if self.phase == _DROP:
                    return "put a card away unseen"
                return "reveal %s" % data.CARDS[action - CARD_BASE][0]
            if 0 <= action < _FACES:
                return "the die shows %s" % ("the gangster" if action == 0 else action)
            return str(action)
        if COMMIT_BASE < action < STOP:
            count = action - COMMIT_BASE
            return "roll %d di%s" % (count, "e" if count == 1 else "ce")
        if action == STOP:
            return "stop"
        if action == REROLL:
            return "reroll the %d chosen" % sum(self.selected)
        if action >= SELECT_BASE:
            face, count = select_parts(action)
            if face < _FACES and count == 0:
                return "keep every %s" % _FACE_WORDS[face]
            if face < _FACES:
                return "reroll %s" % _count_word(count, face)
        return str(action)

    def to_data(self):
        return {
            "round": self.round,
            "start": self.start,
            "phase": self.phase,
            "pools": list(self.pools),
            "out": list(self.out),
            "dropped": list(self.dropped),
            "drawn": list(self.drawn),
            "pot": self.pot,
            "carried": self.carried,
            "bonus_total": self.bonus_total,
            "gone": self.gone,
            "order": list(self.order),
            "turn": self.turn,
            "turns": _copy_turns(self.turns),
            "rounds": [[r[0], r[1], r[2], _copy_turns(r[3])] for r in self.history_rounds],
            "committed": self.committed,
            "dice": list(self.dice),
            "to_roll": self.to_roll,
            "rolls": self.rolls,
            "selected": list(self.selected),
        }

    def __str__(self):
        return "gang round %d card %d seat %d dice %r pools %r" % (
            self.round + 1,
            self.card_number(),
            self.turn_seat() + 1,
            self.dice,
            self.pools,
        )


def _copy_turns(turns):
    return [[t[0], t[1], list(t[2]), t[3], t[4]] for t in turns]


def view(state, seat):
    """What `seat` may see (CHANCE or another non-seat: the public table, as on a shared sheet).

    Everything on the table is public; pools are hidden behind screens, so a seat sees only its
    own until the game is over. The cards put away unseen are never shown.
    """
    over = state.phase == _OVER
    pools = []
    for other in range(state.players):
        pools.append(state.pools[other] if over or other == seat else None)
    acting = state.phase in (_ROLL, _DECIDE)
    return {
        "seat": seat,
        "round": state.round,
        "rounds": data.ROUNDS,
        "card": state.card_number(),
        "pot": state.pot,
        "carried": state.carried,
        "bonus": data.BONUS[state.round] if state.round < data.ROUNDS else 0,
        "order": list(state.order),
        "turn_seat": state.turn_seat(),
        "turns": _copy_turns(state.turns),
        "history": [[r[0], r[1], r[2]] for r in state.history_rounds],
        "committed": state.committed if acting else 0,
        "dice": list(state.dice),
        "to_roll": state.to_roll,
        "rolls": state.rolls,
        "rerolls_left": state.rerolls_left(),
        "selected": list(state.selected),
        "pools": pools,
        "out": list(state.out),
        "over": over,
    }
