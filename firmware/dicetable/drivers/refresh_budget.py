"""The refresh budget of an e-ink panel, shared by every panel driver (uc8151, ssd1680).

Two limits protect the glass and the people reading it:

| setting           | meaning                                                                   |
|-------------------|---------------------------------------------------------------------------|
| partials_per_full | partial refreshes allowed after a full one; the next refresh is made full |
|                   | (0: every refresh is full)                                                |
| min_interval_ms   | least time from the start of one refresh to the start of the next         |

Partial waveforms drive pixels briefly, so each one leaves a little of the old image behind
(ghosting) until a full refresh cleans the glass. The interval is a rate limit: a held arrow key
repeats every 150 ms, faster than any panel should be driven. Each driver names its panel's
defaults; a board file may override them ("partials_per_full", "min_interval_ms" in its panel).

Pure: nothing here reads a clock or touches hardware. The driver passes the ticks of "now" and
the budget compares them with the injected wrap-safe `ticks_diff`. Order of use per refresh:
`wait_ms(now)` must be 0, then `full_due()` decides, then `started(now, full)` records it.
"""


class RefreshBudget:
    def __init__(self, ticks_diff, partials_per_full, min_interval_ms):
        if partials_per_full < 0 or min_interval_ms < 0:
            raise ValueError(
                "refresh budget: %r partials, %r ms" % (partials_per_full, min_interval_ms)
            )
        self._diff = ticks_diff
        self.partials_per_full = partials_per_full
        self.min_interval_ms = min_interval_ms
        self.partials = 0  # partial refreshes since the last full one
        self._last_start = None  # ticks when the last refresh started; None: none yet

    def full_due(self):
        """True when the next refresh must be full: the partials are used up."""
        return self.partials >= self.partials_per_full

    def wait_ms(self, now):
        """Milliseconds until a refresh may start (0: now)."""
        if self._last_start is None:
            return 0
        elapsed = self._diff(now, self._last_start)
        # Negative: ticks wrapped after days of idling (2**29 ms), so the interval is long past.
        if elapsed < 0 or elapsed >= self.min_interval_ms:
            return 0
        return self.min_interval_ms - elapsed

    def started(self, now, full):
        """Record a refresh that starts at ticks `now`."""
        self._last_start = now
        self.partials = 0 if full else self.partials + 1
