"""The attract loop: what an idle kiosk shows until someone presses a button.

PURE. Pages in a cycle: a title sheet ("press any button"), each high-score table of the games
on offer, an offer of the how-to pages and, every REPLAY_EVERY cycles, a short bot game played
on the game's own sheet from a fixed seed, a few rounds per frame. Any button leaves at once:
to the menu, or from the how-to page to the how-to list. The kiosk calls `advance(now_ms)`
when `due_ms(now_ms)` says a page is due; the LEDs run ui.dice_leds' gentle idle animation
(Kiosk.leds). A new page is a natural break (full refresh); replay frames are partial ones.
"""

from micropython import const

from dicetable.core.protocol import CHANCE
from dicetable.core.session import Session
from dicetable.games import load, title
from dicetable.ui import draw, text
from dicetable.kiosk.guided import round_of
from dicetable.kiosk.screens import table_title
from dicetable.ui.screens import MenuScreen, sheet_module
from dicetable.ui.screen_base import Screen

TITLE = const(0)
SCORES = const(1)
HOWTO = const(2)
REPLAY = const(3)
PAGE_MS = (10_000, 8_000, 8_000, 3_000)  # by page kind; REPLAY: each frame of the replay
REPLAY_END_MS = const(8_000)  # the replay's final sheet stays up this long
REPLAY_EVERY = const(2)  # a bot game replays every second cycle
REPLAY_SEED = const(0x5EED)  # replay n uses seed REPLAY_SEED + n: varied, reproducible
# Replays: (game, option that follows the settings, its settings list, fixed options, rounds
# per frame). Cheap ones: a Trek 12 solo game is 38 actions, a Cybo bot pair about 70.
REPLAYS = (
    ("trek12", "map", "maps", {"players": 1, "bots": 1}, 2),
    ("cybo", "level", "levels", {"players": 2, "bots": 2}, 2),
)
PRESS_ANY = "Press any button to play"
# Pips of faces 1-6 on a 3x3 grid, top row first (bit 8 is the top-left pip).
_PIPS = (0b000010000, 0b100000001, 0b100010001, 0b101000101, 0b101010101, 0b101101101)
_TITLE_DICE = const(5)


def replay_choice(settings, count):
    """(game id, options, rounds per frame) of replay number `count`, or None when no game
    that can replay is on offer. Games and then their maps or levels take turns."""
    games = settings.get("games")
    candidates = [entry for entry in REPLAYS if entry[0] in games]
    if not candidates:
        return None
    game_id, option, allowed, fixed, rounds = candidates[count % len(candidates)]
    values = settings.get(allowed)
    options = {}
    for key in fixed:
        options[key] = fixed[key]
    options[option] = values[(count // len(candidates)) % len(values)]
    return game_id, options, rounds


class Replay:
    """A bot game from a fixed seed, played `rounds` rounds per frame; nothing is saved."""

    def __init__(self, game_id, options, seed, rounds):
        module = load(game_id)
        self.session = Session(module, module.make_params(options), seed, None, False)
        self.sheet = sheet_module(game_id)
        self.rounds = rounds
        self.seat = 0
        self.caption = "Replay: " + table_title(_table_of(game_id, options))

    def over(self):
        return self.session.state.is_terminal()

    def frame(self):
        """Play on to the next frame; False when the game was over already."""
        session = self.session
        state = session.state
        if state.is_terminal():
            return False
        start = round_of(state)
        while not state.is_terminal() and round_of(state) - start < self.rounds:
            seat = state.actors()[0]
            if seat == CHANCE:
                session.roll()
            else:
                self.seat = seat
                session.apply(seat, session.bot_action(seat))
        return True

    def draw(self, fb, width, height):
        prompt = self.caption + ". " + PRESS_ANY + "!"
        view = {"seat": self.seat, "prompt": prompt, "note": "", "choices": [], "cursor": -1}
        self.sheet.draw(fb, width, height, self.session.state, view)


def _table_of(game_id, options):
    detail = options.get("map") or options.get("level")
    return game_id + "/" + detail if detail else game_id


def pip_places(size):
    """The left (or top) edges of a die's three pip columns (rows) and the pip's side, inside
    a frame `size` pixels square: at least one paper pixel between a pip and the frame, so a
    corner pip never merges into it (a 2 then read as a 1)."""
    pip = max(2, size // 6)
    margin = max(2, size // 6)
    room = size - 2 * margin - pip
    return (margin, margin + room // 2, margin + room), pip


def _die(fb, x, y, size, face):
    fb.rect(x, y, size, size, draw.INK)
    places, pip = pip_places(size)
    mask = _PIPS[face - 1]
    for cell in range(9):
        if mask & (1 << (8 - cell)):
            fb.fill_rect(x + places[cell % 3], y + places[cell // 3], pip, pip, draw.INK)


class AttractScreen(Screen):
    attract = True  # the kiosk and the app recognise the loop by this

    def __init__(self, shell, kiosk, now_ms):
        super().__init__(shell)
        self.kiosk = kiosk
        self.cycle = 0
        self.index = 0
        self.since = now_ms
        self.replay = None
        self._break = False
        self.pages = self._pages()

    def _pages(self):
        pages = [(TITLE, None)]
        for key in self.kiosk.offered_tables():
            pages.append((SCORES, key))
        pages.append((HOWTO, None))
        if self.cycle % REPLAY_EVERY == REPLAY_EVERY - 1:
            pages.append((REPLAY, None))
        return pages

    def kind(self):
        return self.pages[self.index][0]

    def page_ms(self):
        kind = self.kind()
        if kind == REPLAY and self.replay is not None and self.replay.over():
            return REPLAY_END_MS
        return PAGE_MS[kind]

    def due_ms(self, now_ms):
        return max(0, self.page_ms() - self.kiosk.clock.ticks_diff(now_ms, self.since))

    def advance(self, now_ms):
        """Move on when a page or frame is due: True (drawn anew), else None."""
        if self.due_ms(now_ms) > 0:
            return None
        self.since = now_ms
        if self.kind() == REPLAY and self.replay is not None and self.replay.frame():
            return True
        self._next_page()
        return True

    def _next_page(self):
        self.replay = None
        self._break = True
        while True:
            self.index += 1
            if self.index >= len(self.pages):
                self.cycle += 1
                self.pages = self._pages()
                self.index = 0
            if self.kind() != REPLAY:
                return
            kiosk = self.kiosk
            choice = replay_choice(kiosk.settings, kiosk.replays)
            if choice is not None:
                kiosk.replays += 1
                game_id, options, rounds = choice
                seed = REPLAY_SEED + kiosk.replays
                self.replay = Replay(game_id, options, seed, rounds)
                return

    def handle(self, key):
        if self.kind() == HOWTO:
            from dicetable.ui.howto import HowToMenuScreen

            return HowToMenuScreen(
                self.shell, self.kiosk.settings.get("games"), MenuScreen(self.shell)
            )
        return MenuScreen(self.shell)

    def take_natural_break(self):
        broke = self._break
        self._break = False
        return broke

    # --- drawing --------------------------------------------------------------------------
    def draw(self, fb, width, height):
        kind, key = self.pages[self.index]
        if kind == TITLE:
            self._title(fb, width, height)
        elif kind == SCORES:
            self._scores(fb, width, height, key)
        elif kind == HOWTO:
            lines = [
                "Every game has a few short pages on how to play it.",
                "Press any button to read them.",
            ]
            draw.message(fb, width, height, "New here?", lines, "Then choose a game and play")
        else:
            self.replay.draw(fb, width, height)

    def _title(self, fb, width, height):
        fb.fill(draw.PAPER)
        chosen = draw.look(width)
        big = chosen.title  # the large font on wide panels; small ones never load it
        y = height // 20
        text.draw_centred(fb, big, "DiceTable", 0, y, width)
        y += big.height + height // 20
        size = max(12, height // 9)  # 12: three pips and their gaps fit (pip_places)
        gap = size // 2
        x = (width - _TITLE_DICE * size - (_TITLE_DICE - 1) * gap) // 2
        for face in range(1, _TITLE_DICE + 1):
            _die(fb, x, y, size, face)
            x += size + gap
        y += size + height // 20
        text.draw_centred(fb, chosen.body, PRESS_ANY, 0, y, width)
        y += chosen.body.height + 2
        games = " - ".join([title(game_id) for game_id in self.kiosk.settings.get("games")])
        code = self.kiosk.settings.get("code")
        footer = "Class code: " + code if code else "Kiosk"
        bottom = draw.footer_bar(fb, width, height, footer, chosen.dense)
        fnt = chosen.dense
        lines = draw.wrap(fnt, games, width - 2 * draw.INSET)
        count = max(0, (bottom - y) // fnt.height)
        for line in lines[:count]:
            text.draw_centred(fb, fnt, line, 0, y, width)
            y += fnt.height

    def _scores(self, fb, width, height, key):
        fb.fill(draw.PAPER)
        chosen = draw.look(width)
        fnt = chosen.body
        top = draw.title_bar(fb, width, "High scores: " + table_title(key)) + 2
        bottom = draw.footer_bar(fb, width, height, PRESS_ANY, chosen.dense)
        rows = self.kiosk.scores.table(key)
        pitch = fnt.height + 1
        per_column = max(1, (bottom - top) // pitch)
        columns = max(1, (len(rows) + per_column - 1) // per_column)
        column_width = width // columns
        rank = 0
        for index in range(len(rows)):
            initials, score = rows[index]
            if index == 0 or score != rows[index - 1][1]:
                rank = index + 1  # equal scores share a rank
            x = (index // per_column) * column_width + draw.INSET
            y = top + (index % per_column) * pitch
            room = column_width - 3 * draw.INSET
            text.draw(fb, fnt, "%2d. %s" % (rank, initials), x, y)
            text.draw_right(fb, fnt, str(score), x, y, room)
