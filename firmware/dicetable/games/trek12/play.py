"""Trek 12's play screen: operation, then circle, then rope link, each from the legal ones only.

PURE. After a roll every seat writes one result on its own sheet (hot-seat: each person's sheet
in turn, the dice stay on the LEDs). A person's turn is three small choices:
    operation   the five results, those with no legal circle (or no ticks left) skipped; a
                result too high for every circle only when no result fits (a forced frown)
    circle      the cursor steps between the circles that result may go in (reading order)
    link        only when the rope can go to more than one equal neighbour: the map shows each
                rope it may join dashed and the one under the cursor bold ("rope 1 of 2")
Nothing is applied before the last choice, so BACK steps back one choice at a time and never
across a roll; BACK on the first choice pauses. With hints on, each cursor starts on the choice
the bot would make, and the prompt says so.
"""

from micropython import const

from dicetable.core.errors import IllegalAction
from dicetable.games.trek12 import rules as trek12
from dicetable.ui import keys
from dicetable.ui.play_base import SharedRollScreen, towards
from dicetable.ui.screens import PauseScreen

ROLL = const(0)  # a person presses OK to roll for the table
OPERATION = const(1)
CIRCLE = const(2)
LINK = const(3)
WAIT = const(4)  # the device is moving (bots, or nobody asked)
NEXT = const(5)  # dice-only mode: the table writes on paper, OK goes on to the next roll

_OPERATIONS = const(5)


class Trek12PlayScreen(SharedRollScreen):
    def __init__(self, shell, session):
        super().__init__(shell, session)
        self.shown_seat = 0  # whose sheet is on the panel when nobody is asked
        self._reset_turn()

    def _reset_turn(self):
        self.stage = WAIT
        self._turn_key = None  # (seat, action count) the choices below were made for
        self._legal = []
        self._hint = None
        self._forced = False  # no result fits: every choice left is a frown (or going out)
        self.op = -1  # op index 0-4 under the cursor or chosen
        self.circles = []  # legal circles for the chosen op, in reading order
        self.circle_cursor = 0
        self.links = []  # legal actions for the chosen op and circle
        self.link_cursor = 0

    # --- the staged choice ------------------------------------------------------------------
    def _sync(self):
        """Make the stage match the game: a new asked seat or a new roll starts a new turn."""
        asked = self._asked_stage(ROLL, WAIT)
        if asked is None or asked[1]:
            return asked
        seat = asked[0]
        if self.session.state.dice_only:
            self.stage = NEXT
            return asked
        key = (seat, self.session.state.action_count)
        if self._turn_key != key:
            self._reset_turn()
            self._turn_key = key
            self._legal = self.session.state.legal_actions(seat)
            # The rules offer a too-high result only when nothing fits: one tells for all.
            self._forced = self.session.state.too_high(self._legal[0]) > 0
            if self.hints:
                self._hint = self.session.module.hint(self.session.state, seat)
            self._enter_operation()
        return asked

    def _ops(self):
        """Op indexes (0-4) with at least one legal placement."""
        found = [False] * _OPERATIONS
        for action in self._legal:
            found[trek12.decode(action)[0] - 1] = True
        return [index for index in range(_OPERATIONS) if found[index]]

    def _enter_operation(self):
        self.stage = OPERATION
        ops = self._ops()
        self.op = ops[0]
        if self._hint is not None:
            self.op = trek12.decode(self._hint)[0] - 1

    def _enter_circle(self):
        self.stage = CIRCLE
        wanted = self.op + 1
        found = []
        for action in self._legal:
            op, circle, _down, _up = trek12.decode(action)
            if op == wanted and circle not in found:
                found.append(circle)
        xy = self.session.state.board.xy
        # Reading order: top to bottom, then left to right (sort key made explicit, since
        # MicroPython's sort is not stable).
        found.sort(key=lambda circle: (xy[circle][1], xy[circle][0], circle))
        self.circles = found
        self.circle_cursor = 0
        if self._hint is not None and trek12.decode(self._hint)[0] == wanted:
            self.circle_cursor = found.index(trek12.decode(self._hint)[1])

    def _enter_link(self):
        wanted_op = self.op + 1
        circle = self.circles[self.circle_cursor]
        self.links = []
        for action in self._legal:
            op, where, _down, _up = trek12.decode(action)
            if op == wanted_op and where == circle:
                self.links.append(action)
        self.link_cursor = 0
        if self._hint in self.links:
            self.link_cursor = self.links.index(self._hint)
        if len(self.links) == 1:
            return self._place(self.links[0])
        self.stage = LINK
        return None

    def _place(self, action):
        seat = self.person_asked()[0]
        try:
            self.session.apply(seat, action)
        except IllegalAction as exc:  # the choices are legal ones: kept for safety
            self.note = exc.reason
            return None
        return self._after_move()

    def handle(self, key):
        asked = self._sync()
        if key == keys.BACK:
            if self.stage == LINK:
                self.stage = CIRCLE
            elif self.stage == CIRCLE:
                self.stage = OPERATION
            else:
                return PauseScreen(self.shell, self)
            self.note = ""
            return None
        if asked is None:
            return None
        step = 0
        if key in (keys.UP, keys.LEFT):
            step = -1
        elif key in (keys.DOWN, keys.RIGHT):
            step = 1
        if self.stage == ROLL:
            if key == keys.OK:
                self.session.roll()
                self.rolled = True
                return self._after_move()
            return None
        if self.stage == NEXT:
            return self._place(trek12.NEXT) if key == keys.OK else None
        if self.stage == OPERATION:
            if step:
                ops = self._ops()
                index = ops.index(self.op) if self.op in ops else 0
                self.op = ops[(index + step) % len(ops)]
            elif key == keys.OK:
                self._enter_circle()
        elif self.stage == CIRCLE:
            if step:
                self.circle_cursor = (self.circle_cursor + step) % len(self.circles)
            elif key == keys.OK:
                return self._enter_link()
        elif self.stage == LINK:
            if step:
                self.link_cursor = (self.link_cursor + step) % len(self.links)
            elif key == keys.OK:
                return self._place(self.links[self.link_cursor])
        return None

    def key_towards(self, action):
        """The key that brings the staged choice one press closer to `action` (a legal
        placement of the asked seat): the guided round and the simulator's autopilot use it."""
        self._sync()
        op, circle, _down, _up = trek12.decode(action)
        if self.stage == LINK:
            if trek12.decode(self.links[0])[:2] != (op, circle):
                return keys.BACK
            return towards(self.link_cursor, self.links.index(action), len(self.links))
        if self.stage == CIRCLE:
            if self.op != op - 1:
                return keys.BACK
            return towards(self.circle_cursor, self.circles.index(circle), len(self.circles))
        if self.stage == OPERATION:
            ops = self._ops()
            return towards(ops.index(self.op), ops.index(op - 1), len(ops))
        return keys.OK if self.stage in (ROLL, NEXT) else None

    # --- what is shown ----------------------------------------------------------------------
    def view(self):
        asked = self._sync()
        state = self.session.state
        seat = self.shown_seat
        name = state.seat_name(seat)
        view = {
            "seat": seat,
            "choosing": self.stage in (OPERATION, CIRCLE, LINK),
            "op": -1,
            "ops": [],
            "circle": -1,
            "candidates": (),
            "ropes": (),
            "choices": [],
            "cursor": -1,
            "prompt": "",
            "note": self.note_line(),
        }
        if asked is None:
            view["prompt"] = "The device is playing..."
            return view
        if self.stage == ROLL:
            view["prompt"] = "Round %d: OK rolls the dice" % (state.round + 1)
            return view
        if self.stage == NEXT:
            view["prompt"] = "Write one result on paper, then OK for the next roll"
            return view
        view["ops"] = self._ops()
        view["op"] = self.op
        suggested = self._hint is not None
        if self.stage == OPERATION:
            what = "no result fits: choose the frown" if self._forced else "choose a result"
            view["prompt"] = "%s: %s%s" % (name, what, " (hint shown)" if suggested else "")
        elif self.stage == CIRCLE:
            view["circle"] = self.circles[self.circle_cursor]
            view["candidates"] = tuple(self.circles)
            view["prompt"] = "%s: choose a circle" % name
        else:
            action = self.links[self.link_cursor]
            view["circle"] = trek12.decode(action)[1]
            view["candidates"] = _linked(action)
            ropes = []
            for link in self.links:
                for other in _linked(link):
                    if other not in ropes:
                        ropes.append(other)
            view["ropes"] = tuple(ropes)
            count = len(self.links)
            view["choices"] = ["rope %d of %d" % (index + 1, count) for index in range(count)]
            view["cursor"] = self.link_cursor
            view["prompt"] = "%s: which rope? (bold on the map)" % name
        return view


def _linked(action):
    _op, _circle, down, up = trek12.decode(action)
    return tuple([other for other in (down, up) if other != trek12.NO_LINK])
