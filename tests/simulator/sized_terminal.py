"""A `blessed` terminal for tests: it writes to a StringIO and has the size the test chooses;
keys typed with `ungetch` come back from `inkey`."""

import io

import blessed


class SizedTerminal(blessed.Terminal):
    def __init__(self, cols=220, rows=50, kind="xterm-256color"):
        super().__init__(kind=kind, force_styling=True, stream=io.StringIO())
        self.cols, self.rows = cols, rows

    @property
    def width(self):
        return self.cols

    @property
    def height(self):
        return self.rows

    def output(self):
        return self.stream.getvalue()
