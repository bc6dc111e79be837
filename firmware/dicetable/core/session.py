"""A game in play: rules state, live random source, bot seats and the journal lines to keep.

Pure: the journal goes to a `sink(line)` the caller provides (a file on the device, a list in
tests). If the sink fails (flash full, card pulled) the game goes on and `save_error` says why.
"""

from dicetable.core import journal
from dicetable.core.dice import sample_outcome
from dicetable.core.errors import IllegalAction, JournalError
from dicetable.core.protocol import CHANCE
from dicetable.core.rng import Rng

# Bots draw from their own stream, derived per decision so a resumed game decides the same way.
_BOT_STREAM = 0x2F1B3


class Session:
    def __init__(self, module, params, seed, sink=None, keep_history=True):
        self.module = module
        self.params = params
        self.seed = seed
        self.rng = Rng(seed)
        self.state = module.new_state(params)
        if not keep_history:
            self.state.history = None
        # Which seats the device plays is part of the parameters, so a resumed game keeps them.
        self.bots = tuple(params.get("bots", ()))
        self.sink = sink
        self.save_error = ""
        # The CRC the next record's continues (journal.record_line); None: a DTJ1 journal
        # resumed, whose records are not chained.
        self._chain = None

    @classmethod
    def start(cls, module, options, seed, sink=None, keep_history=True):
        """A new game; its header is the first line given to the sink."""
        params = module.make_params(options)
        session = cls(module, params, seed, sink, keep_history)
        header = journal.header_line(module.GAME_ID, params, seed)
        session._chain = journal.line_crc(header)
        session._save(header)
        return session

    @staticmethod
    def save_header(module, options, seed, sink):
        """Save only a new game's header: the line Session.start gives the sink first, for a
        game that a fresh interpreter will build from its save. OSError if the sink refuses."""
        sink(journal.header_line(module.GAME_ID, module.make_params(options), seed))

    @classmethod
    def resume(cls, lines, load_module, sink=None, keep_history=True):
        """(session, replay report) from journal lines; JournalError if the header is bad.

        The live random source is moved past every roll in the journal, so a resumed game (and
        every class-code peer) keeps rolling the same sequence as one that never stopped.
        """
        holder = []

        def new_state(game_id, params, seed):
            module = load_module(game_id)
            if not isinstance(seed, int):
                raise JournalError("the save's seed is not a number")
            try:
                # Saved parameters are complete, so validating them again changes nothing,
                # but a damaged or hand-edited save is refused here, not deep in the rules.
                params = module.make_params(params)
            except IllegalAction as exc:
                raise JournalError("the save's settings are not valid: %s" % exc.reason)
            except (TypeError, ValueError, KeyError, IndexError, AttributeError):
                # A value of the wrong type (a list for a level, null for the bots).
                raise JournalError("the save's settings are not valid")
            session = cls(module, params, seed, sink, keep_history)
            holder.append(session)
            return session.state

        def before_chance(state):
            sample_outcome(state.chance_outcomes(), holder[0].rng)

        report = journal.replay(lines, new_state, before_chance)
        session = holder[0]
        session._chain = report.chain
        return session, report

    # --- acting -----------------------------------------------------------------------------
    def actors(self):
        return self.state.actors()

    def is_bot(self, seat):
        return seat in self.bots

    def apply(self, seat, action):
        """Apply through the rules (IllegalAction leaves everything as it was), then save."""
        self.state.apply(seat, action)
        if self._chain is None:
            line = journal.unchained_record_line(seat, action)
        else:
            line, self._chain = journal.record(seat, action, self._chain)
        self._save(line)

    def roll(self):
        """Roll the dice the state asks for, from the live random source."""
        action = sample_outcome(self.state.chance_outcomes(), self.rng)
        self.apply(CHANCE, action)
        return action

    def bot_action(self, seat):
        rng = Rng(self.seed ^ _BOT_STREAM ^ (self.state.action_count << 4))
        return self.module.bot_action(self.state, seat, rng)

    def _save(self, line):
        if self.sink is None or self.save_error:
            return
        try:
            self.sink(line)
        except OSError as exc:
            self.saving_failed(exc)

    def saving_failed(self, exc):
        """Saving stopped with `exc` (from the sink, or later from the store's write behind):
        the game goes on, unsaved, and says so."""
        if not self.save_error:
            self.save_error = "saving stopped: %s" % (exc,)
