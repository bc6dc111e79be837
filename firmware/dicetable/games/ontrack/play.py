"""Christmas On Track's play screen: die, then pencil and shape, then tile, then the way the
track goes, each from the legal ones only (the stages are games.ontrack.choice).

PURE. After a roll every seat draws two pieces on its own sheet (hot-seat: each person's sheet
in turn, the dice stay on the LEDs). Nothing is applied before the last choice of a piece (a
merge and a star are moves of their own), so BACK steps back one choice at a time and never
across a roll; BACK on the first choice pauses. With hints on, each cursor starts on the choice
the bot would make, and the prompt says so.

Dice-only mode keeps no sheets: the screen shows the roll, and once the table has drawn on
paper, OK rolls the next one.
"""

from micropython import const

# The bot (hints, bot seats) is loaded with this screen, first, while the heap still has large
# free pieces: loaded at the first hint, mid-game, it found no room at an RP2040-sized heap.
from dicetable.games.ontrack import bot as ontrack_bot  # noqa: F401
from dicetable.core.errors import IllegalAction
from dicetable.games.ontrack import rules as ontrack
from dicetable.games.ontrack import data as ontrack_data
from dicetable.games.ontrack import track
from dicetable.ui import keys
from dicetable.games.ontrack.choice import (
    DIE,
    MERGE,
    PIECE,
    SPEND,
    STAR,
    TILE,
    USE,
    VALUE,
    Choice,
)
from dicetable.ui.play_base import SharedRollScreen
from dicetable.ui.screens import PauseScreen

ROLL = const(0)  # a person presses OK to roll for the table (the choice stages are 1-6)
PAPER = const(7)  # dice-only: the table draws on paper, OK rolls the next
WAIT = const(8)  # the device is moving (bots, or nobody asked)

_DOT_WORDS = (
    "top left",
    "top right",
    "right top",
    "right bottom",
    "bottom left",
    "bottom right",
    "left top",
    "left bottom",
)


def shape_of_piece(code):
    """TRACK, or 1 + the kind of the building a piece draws."""
    return ontrack.piece_fields(code)[2]


def way_words(connection):
    """Plain words for a connection: "top left - right bottom"."""
    a, b = track.CONNECTIONS[connection]
    return _DOT_WORDS[a] + " - " + _DOT_WORDS[b]


class OnTrackPlayScreen(SharedRollScreen):
    def __init__(self, shell, session):
        super().__init__(shell, session)
        self.shown_seat = 0  # whose sheet is on the panel when nobody is asked
        self.stage = WAIT
        self.choice = None  # the Choice being made, while a person draws
        self._key = None  # (seat, is roll, action count) the stage was set up for
        self._sync()
        self._clean_seat = self.shown_seat  # whose sheet the last full refresh showed

    def round_of(self, state):
        return state.turn  # a full refresh at each new turn of the shared roll

    def take_natural_break(self):
        """A new turn, and also each hand-over: the next person's sheet comes up with a full
        refresh that cleans the last person's ghosts, so a person's own moves start on clean
        glass with the whole budget of partial refreshes (ui.refresh) before them."""
        broke = super().take_natural_break()
        seat = self.shown_seat
        if seat != self._clean_seat and not self.session.state.dice_only:
            broke = True
        if broke:
            self._clean_seat = seat
        return broke

    def _sync(self):
        """Make the stage match the game: a new asked seat or a new move starts afresh."""
        asked = self.person_asked()
        state = self.session.state
        key = None if asked is None else (asked[0], asked[1], state.action_count)
        if key == self._key:
            if self.choice is not None:
                self.stage = self.choice.stage
            return asked
        self._key = key
        self.choice = None
        if asked is None:
            self.stage = WAIT
            return None
        seat, is_roll = asked
        self.shown_seat = seat
        if is_roll:
            self.stage = ROLL
        elif state.dice_only:
            self.stage = PAPER
        else:
            hint = self.session.module.hint(state, seat) if self.hints else None
            self.choice = Choice(state, seat, hint)
            self.stage = self.choice.stage
        return asked

    # --- keys -------------------------------------------------------------------------------
    def handle(self, key):
        asked = self._sync()
        if key == keys.BACK:
            if self.choice is not None and self.choice.back():
                self.stage = self.choice.stage
                self.note = ""
                return None
            return PauseScreen(self.shell, self)
        if asked is None:
            return None
        if self.choice is not None:
            action = self.choice.press(key)
            self.stage = self.choice.stage
            return None if action is None else self._apply(asked[0], action)
        if key != keys.OK:
            return None
        if self.stage == PAPER:
            # The table has drawn this roll on paper: roll the next one at once.
            self.session.apply(asked[0], ontrack.NEXT)
            if self.session.state.is_terminal():
                return self._after_move()
        self.session.roll()
        self.rolled = True
        return self._after_move()

    def _apply(self, seat, action):
        try:
            self.session.apply(seat, action)
        except IllegalAction as exc:  # the choices are legal ones: kept for safety
            self.note = exc.reason
            return None
        return self._after_move()

    def key_towards(self, action):
        """The key that brings the staged choice one press closer to `action` (a legal action
        of the asked seat): the simulator's autopilot uses it."""
        self._sync()
        if self.choice is not None:
            return self.choice.key_towards(action)
        return keys.OK if self.stage in (ROLL, PAPER) else None

    # --- what is shown ----------------------------------------------------------------------
    def view(self):
        asked = self._sync()
        state = self.session.state
        seat = self.shown_seat
        stage = self.stage
        view = {
            "seat": seat,
            "stage": stage,
            "choosing": self.choice is not None,
            "prompt": "",
            "choices": [],
            "cursor": -1,
            "die": -1,
            "tile": -1,
            "preview": None,
            "zoom": False,
            "detail": [],
            "note": self.note_line(),
        }
        turn = min(state.turn + 1, state.turns)
        if asked is None:
            view["prompt"] = "The device is playing..."
        elif stage == ROLL:
            view["prompt"] = "Turn %d: OK rolls the dice" % turn
            if not state.turn:  # the sheet and die table are guesses: say so (DECISIONS.md)
                view["detail"] = list(ontrack_data.HOUSE_RULES)
        elif stage == PAPER:
            then = "finish" if turn == state.turns else "roll again"
            view["prompt"] = "Draw on your sheets, then OK to %s" % then
        else:
            self._choice_view(view, state, seat)
        return view

    def _choice_view(self, view, state, seat):
        choice = self.choice
        stage = choice.stage
        name = state.seat_name(seat)
        if state.placed[seat]:
            name += " (2nd piece)"
        if stage == DIE:
            hinted = " - hint shown" if choice.hint is not None else ""
            view["prompt"] = "%s: choose a die%s" % (name, hinted)
            view["choices"] = [self._row_words(seat, row) for row in choice.rows]
            view["cursor"] = choice.row
            kind, detail = choice.rows[choice.row]
            view["die"] = detail if kind == USE else (detail // 10 if kind == MERGE else -1)
        elif stage == VALUE:
            view["prompt"] = "%s: the merged die shows" % name
            view["choices"] = [self._face_words(value) for value in range(1, 7)]
            view["cursor"] = choice.value
            view["die"] = choice.pair // 10
        elif stage == SPEND:
            view["prompt"] = "%s: a star moves a die by one" % name
            view["choices"] = [self._spend_words(seat, action) for action in choice.spends]
            view["cursor"] = choice.spend
            view["die"] = choice.spends[choice.spend] // 10 % 10
        elif stage == PIECE:
            view["prompt"] = "%s: pencil and shape" % name
            view["choices"] = [self._piece_words(seat, code) for code in choice.pieces]
            view["cursor"] = choice.piece
            view["die"] = choice.die
        else:
            self._tile_view(view, state, seat, name)

    def _tile_view(self, view, state, seat, name):
        """The tile and way stages. While the tile cursor moves, only the grid changes (the
        piece is previewed in the cursor's tile; the words stay put); while the way cursor
        moves, only the column does (the enlarged tile and its words): each move is then a
        small partial refresh, not a window spanning the panel."""
        choice = self.choice
        code = choice.pieces[choice.piece]
        tile = choice.tiles[choice.tile]
        words = self._piece_words(seat, code)
        view["die"] = choice.die
        view["tile"] = tile
        if choice.stage == TILE:
            ways, way = choice.ways_here()
            view["prompt"] = "%s: choose a tile" % name
            then = "OK draws it here" if shape_of_piece(code) else "OK: this tile"
            view["detail"] = [words, then]
        else:
            ways, way = choice.ways, choice.way
            view["prompt"] = "%s: which way?" % name
            view["zoom"] = True
            where = state.layout.tile_name(tile)
            then = "way %d of %d: %s" % (way + 1, len(ways), way_words(ways[way]))
            view["detail"] = ["%s: %s" % (where, words), then]
        view["preview"] = (tile, ways[way], ontrack.piece_fields(code)[1])

    # --- words ------------------------------------------------------------------------------
    def _face_words(self, value):
        """What a face draws: "1: Workshop or straight"."""
        kind, family = self.session.state.faces[value - 1]
        words = ontrack_data.FAMILIES[family]
        if kind >= 0:
            words = ontrack_data.BUILDINGS[kind] + " or " + words
        return "%d: %s" % (value, words)

    def _row_words(self, seat, row):
        state = self.session.state
        kind, detail = row
        if kind == USE:
            value = state.hand[seat][detail]
            return "%s %s" % (ontrack_data.DICE[detail], self._face_words(value))
        if kind == MERGE:
            first, second = detail // 10, detail % 10
            names = ontrack_data.DICE
            return "merge %s+%s (%ds)" % (names[first], names[second], state.hand[seat][first])
        if kind == STAR:
            return "fill in a star (%d left)" % state.bank[seat]
        return "pass: nothing fits"

    def _spend_words(self, seat, action):
        die = action // 10 % 10
        value = self.session.state.hand[seat][die]
        after = value + 1 if action % 10 else value - 1
        return "%s %d to %d" % (ontrack_data.DICE[die], value, after)

    def _piece_words(self, seat, code):
        die, colour, shape = ontrack.piece_fields(code)
        pencil = ontrack_data.COLOURS[colour]
        if shape != ontrack.TRACK:
            return "%s %s" % (pencil, ontrack_data.BUILDINGS[shape - 1])
        value = self.session.state.hand[seat][die]
        family = self.session.state.faces[value - 1][1]
        return "%s track (%s)" % (pencil, ontrack_data.FAMILIES[family])
