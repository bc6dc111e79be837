"""Christmas On Track: 1-6 players share each roll of a red, a green and a white d6; each draws
two pieces (track or buildings) on their own sheet of tiles. 20 turns, then routes are scored.

Rules: ../shared/rules/trek12-and-christmas-on-track.md part B and DECISIONS.md. Tables in
ontrack_data, geometry in ontrack_track, the action vocabulary and legality in ontrack_moves (whose
encoders this module re-exports), points in ontrack_score, the bot in ontrack_bot.

After a roll (one chance action per turn, shared by every seat) each seat that has not
finished the turn acts, in any order, on its own sheet: merges and star spends, then two
pieces from two different dice on two different tiles. In dice-only mode ("mode": "dice") the
device keeps no sheets: each turn is a roll and seat 0's `next`.

The UI asks in stages: legal_dice / legal_merges / legal_spends, then legal_pieces(seat, die)
(pencil and shape), legal_tiles(seat, piece), legal_connections(seat, piece, tile), and builds
the action with place_action. legal_actions lists everything at once (some 2000 placements on
an empty sheet) for bots on the host and for tests; the device uses the stages.
"""

from dicetable.core.dice import D6
from dicetable.core.errors import IllegalAction
from dicetable.core.protocol import CHANCE, State
from dicetable.games.ontrack import data
from dicetable.games.ontrack import moves
from dicetable.games.ontrack import track
from dicetable.games.seats import seat_params
from dicetable.games.ontrack.moves import (  # noqa: F401  (the game's public vocabulary)
    BUILDING_PART,
    MERGE_BASE,
    NEXT,
    PASS,
    PLACE_BASE,
    SPEND_BASE,
    TRACK,
    merge_action,
    merge_parts,
    part_for,
    piece,
    piece_fields,
    place_action,
    place_parts,
    roll_action,
    roll_dice,
    spend_action,
)
from dicetable.games.ontrack.score import Score

# The identifier of this game (games/ontrack/__init__.py has it, and its title, for the menu).
GAME_ID = "ontrack"


class _Rolls:
    """The 216 equally likely rolls as [(action, 1), ...] in die order, built on demand: a
    stored list of 216 pairs would cost the device some 4 KB of heap for nothing."""

    def __len__(self):
        return 216

    def __getitem__(self, index):
        if index < 0:
            index += 216
        if not 0 <= index < 216:
            raise IndexError("no such roll")
        return (roll_action(index // 36 + 1, index // 6 % 6 + 1, index % 6 + 1), 1)

    def __iter__(self):
        for red in D6:
            for green in D6:
                for white in D6:
                    yield (roll_action(red, green, white), 1)


_ROLLS = _Rolls()
_NO_ROLLS = []


def is_roll(action):
    """True for the action of a roll: three digits 1-6."""
    if not moves.is_int(action) or not 111 <= action <= 666:
        return False
    red, green, white = roll_dice(action)
    return 1 <= green <= 6 and 1 <= white <= 6


def make_params(options):
    params = seat_params(options, data.MIN_PLAYERS, data.MAX_PLAYERS)
    mode = options.get("mode", data.MODES[0])
    if mode not in data.MODES:
        raise IllegalAction("unknown mode %r (use %s)" % (mode, ", ".join(data.MODES)))
    if mode == "dice" and params["bots"]:
        raise IllegalAction("dice-only mode has no bots: the sheets are on paper")
    table = options.get("buildings", data.FACE_TABLE_NAMES[0])
    if table not in data.FACE_TABLES:
        names = ", ".join(data.FACE_TABLE_NAMES)
        raise IllegalAction("unknown building faces %r (use %s)" % (table, names))
    # Whether each cursor starts on the bot's choice: a setting of the play screen, kept in the
    # parameters so that a resumed game keeps it.
    hints = options.get("hints", True)
    if hints is not True and hints is not False:
        raise IllegalAction("hints must be true or false")
    params["mode"] = mode
    params["buildings"] = table
    params["hints"] = hints
    return params


def new_state(params):
    return OnTrackState(params)


class OnTrackState(State):
    game_id = GAME_ID

    def __init__(self, params, layout=None):
        super().__init__(params)
        # A test may pass its own Layout (a small sheet); games use the data module's sheet.
        self.layout = layout if layout is not None else track.standard_layout()
        self.faces = data.FACE_TABLES[params["buildings"]]
        self.dice_only = params["mode"] == "dice"
        self.players = params["players"]
        self.turns = self.layout.turns
        self.turn = 0  # turns completed
        self.roll = 0  # this turn's roll action, 0 until the dice are rolled
        sheets = 0 if self.dice_only else self.players
        size = self.layout.size
        self.cells = [[0] * size for _ in range(sheets)]
        self.pieces = [[] for _ in range(sheets)]  # track pieces, in drawing order
        self.sites = [[-1] * 6 for _ in range(sheets)]  # tile of building colour x 3 + kind
        self.claimed = [[] for _ in range(sheets)]  # star tiles whose star was earned
        self.earned = [0] * sheets  # stars circled so far
        self.bank = [0] * sheets  # circled stars not yet filled in
        # This turn, per seat: die values (0 once drawn or merged away), pencil masks, pieces
        # drawn, the first piece's tile, whether doubles were merged, whether the seat is done.
        self.hand = [[moves.GONE] * moves.DICE for _ in range(self.players)]
        self.pencils = [list(data.DIE_PENCILS) for _ in range(self.players)]
        self.placed = [0] * self.players
        self.first_tile = [-1] * self.players
        self.merged = [False] * self.players
        self.done = [True] * self.players
        self._scores = [None] * sheets

    # --- protocol ---------------------------------------------------------------------------
    def actors(self):
        if self.turn == self.turns:
            return []
        if not self.roll:
            return [CHANCE]
        return [seat for seat in range(self.players) if not self.done[seat]]

    def chance_outcomes(self):
        return _ROLLS if self.turn < self.turns and not self.roll else _NO_ROLLS

    def legal_actions(self, seat):
        """Every action of `seat` now, ascending: merges, spends, pass, then placements."""
        if not self.asks(seat):
            return []
        if self.dice_only:
            return [NEXT]
        actions = moves.merges(self, seat) + moves.spends(self, seat)
        places = []
        for die in range(moves.DICE):
            for code in moves.pieces_of(self, seat, die):
                colour = piece_fields(code)[1]
                for tile in moves.tiles_for(self, seat, code):
                    for part in moves.connections_for(self, seat, code, tile):
                        places.append(place_action(die, colour, tile, part))
        if not places:
            actions.append(PASS)
        places.sort()  # by die, pencil, tile, then part
        return actions + places

    def asks(self, seat):
        """True if `seat` has something to do now (never for CHANCE)."""
        if not self.roll or not moves.is_int(seat):
            return False
        if self.dice_only:
            return seat == 0 and not self.done[0]
        return 0 <= seat < self.players and not self.done[seat]

    def apply(self, seat, action):
        # Checked directly: cheaper than listing every legal action on the device. The property
        # tests check that this agrees with legal_actions.
        if self.asks(seat):
            reason = moves.refusal(self, seat, action)
            if reason:
                raise IllegalAction(reason)
            self._apply(seat, action)
            self._record(seat, action)
            return
        if self.roll and moves.is_int(seat) and 0 <= seat < self.players and self.done[seat]:
            raise IllegalAction("%s has finished this turn" % self.seat_name(seat))
        if seat == CHANCE and self.chance_outcomes() is _ROLLS:
            # Checked directly rather than by walking the 216 outcomes.
            if not is_roll(action):
                raise IllegalAction("%r is not a possible roll now" % (action,))
            self._apply(seat, action)
            self._record(seat, action)
            return
        super().apply(seat, action)

    def explain_illegal(self, seat, action):
        if self.asks(seat):
            return moves.refusal(self, seat, action) or "that move is allowed"
        return super().explain_illegal(seat, action)

    # --- the UI's stages: each a short list, empty when the seat is not drawing -------------
    def _drawing(self, seat):
        return self.asks(seat) and not self.dice_only

    def legal_dice(self, seat):
        """Dice slots `seat` can draw with now (each has at least one placement)."""
        if not self._drawing(seat):
            return []
        return [die for die in range(moves.DICE) if moves.pieces_of(self, seat, die)]

    def legal_merges(self, seat):
        """Merge actions: before the first piece of the turn, doubles become any value."""
        return moves.merges(self, seat) if self._drawing(seat) else []

    def legal_spends(self, seat):
        """Spend actions: a circled star moves a die in hand by one, never past 1 or 6."""
        return moves.spends(self, seat) if self._drawing(seat) else []

    def legal_pieces(self, seat, die):
        """Pieces (see piece()) the die can draw somewhere now: pencil x track or building."""
        if not self._drawing(seat) or not moves.is_int(die) or not 0 <= die < moves.DICE:
            return []
        return moves.pieces_of(self, seat, die)

    def legal_tiles(self, seat, code):
        """Tiles where the piece can go now, ascending."""
        if not self._drawing(seat) or moves.piece_refusal(self, seat, code):
            return []
        return moves.tiles_for(self, seat, code)

    def legal_connections(self, seat, code, tile):
        """Parts of a place action for the piece on `tile`: the free connections of its family
        (ascending), or the building's part."""
        if not self._drawing(seat) or moves.piece_refusal(self, seat, code):
            return []
        if not moves.is_int(tile) or not 0 <= tile < self.layout.size:
            return []
        return moves.connections_for(self, seat, code, tile)

    # --- changes ----------------------------------------------------------------------------
    def _apply(self, seat, action):
        if seat == CHANCE:
            self.roll = action
            dice = roll_dice(action)
            for index in range(self.players):
                self.hand[index] = list(dice)
                self.pencils[index] = list(data.DIE_PENCILS)
                self.placed[index] = 0
                self.first_tile[index] = -1
                self.merged[index] = False
                # Dice-only: only seat 0 answers (the table), with `next`.
                self.done[index] = self.dice_only and index > 0
            return
        if action == NEXT or action == PASS:
            self._finish(seat)
        elif action >= PLACE_BASE:
            self._place(seat, action)
        elif action >= SPEND_BASE:
            self.bank[seat] -= 1
            self.hand[seat][action // 10 % 10] += 1 if action % 10 else -1
            self._scores[seat] = None
        else:
            first, second, value = merge_parts(action)
            hand, pencils = self.hand[seat], self.pencils[seat]
            hand[first] = value
            hand[second] = moves.GONE
            pencils[first] |= pencils[second]
            self.merged[seat] = True

    def _place(self, seat, action):
        die, colour, tile, part = place_parts(action)
        self.hand[seat][die] = moves.GONE
        if part >= BUILDING_PART:
            kind = part - BUILDING_PART
            self.cells[seat][tile] = track.building_cell(colour, kind)
            self.sites[seat][colour * 3 + kind] = tile
        else:
            self.cells[seat][tile] = track.with_track(self.cells[seat][tile], part, colour)
            self.pieces[seat].append(track.piece_code(tile, part, colour))
            if tile in self.layout.stars and tile not in self.claimed[seat]:
                self.claimed[seat].append(tile)
                self._earn(seat)
        self._scores[seat] = None
        self.placed[seat] += 1
        if self.placed[seat] == 1:
            self.first_tile[seat] = tile
        else:
            self._finish(seat)

    def _earn(self, seat):
        if self.earned[seat] < self.layout.star_slots:
            self.earned[seat] += 1
            self.bank[seat] += 1
            self._scores[seat] = None

    def _finish(self, seat):
        self.done[seat] = True
        if False in self.done:
            return
        self.turn += 1
        self.roll = 0
        if not self.dice_only and self.turn % self.layout.turn_star_every == 0:
            for index in range(self.players):
                self._earn(index)

    # --- views and scoring ------------------------------------------------------------------
    def dice(self, seat):
        """[(die, value, pencil mask), ...] still in `seat`'s hand this turn."""
        if not self.roll:
            return []
        if self.dice_only:
            red, green, white = roll_dice(self.roll)
            return [(0, red, 1), (1, green, 2), (2, white, 3)]
        hand = self.hand[seat]
        return [
            (die, hand[die], self.pencils[seat][die]) for die in range(moves.DICE) if hand[die]
        ]

    def score(self, seat):
        """The Score of a seat's sheet as it stands (cached until that sheet changes)."""
        score = self._scores[seat]
        if score is None:
            score = Score(self.layout, self.cells[seat], self.pieces[seat], self.bank[seat])
            self._scores[seat] = score
        return score

    def scores(self):
        if self.dice_only:
            return [0] * self.players
        return [self.score(seat).total for seat in range(self.players)]

    def breakdown(self, seat):
        if self.dice_only:
            return [("Scored on paper", 0)]
        return self.score(seat).breakdown()

    def action_to_string(self, seat, action):
        return moves.describe(self.layout, seat, action)

    def to_data(self):
        return {
            "turn": self.turn,
            "roll": self.roll,
            "cells": [list(row) for row in self.cells],
            "pieces": [list(row) for row in self.pieces],
            "sites": [list(row) for row in self.sites],
            "claimed": [list(row) for row in self.claimed],
            "earned": list(self.earned),
            "bank": list(self.bank),
            "hand": [list(row) for row in self.hand],
            "pencils": [list(row) for row in self.pencils],
            "placed": list(self.placed),
            "first_tile": list(self.first_tile),
            "merged": list(self.merged),
            "done": list(self.done),
            "scores": self.scores(),
        }

    def __str__(self):
        return "ontrack turn %d/%d roll %d scores %r" % (
            min(self.turn + 1, self.turns),
            self.turns,
            self.roll,
            self.scores(),
        )
