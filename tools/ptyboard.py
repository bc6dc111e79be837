"""A pretend Pico for deploy tests: the MicroPython unix port behind a pseudo-terminal.

    python tools/ptyboard.py DIR      # prints the port, e.g. /dev/pts/7, serves until Ctrl-C

mpremote opens the printed port as it would a Pico's USB serial port and speaks raw REPL to the
unix port, whose working directory DIR stands in for the board's flash (use relative paths:
"/" is the host's root). Two details make it behave like a board (TOOLCHAIN.md, "Building and
deploying"):
- The unix port exits on a soft reset (Ctrl-D at an empty raw REPL). The bridge then prints
  "MPY: soft reboot", starts a fresh interpreter and puts it back in the REPL mode it was in, as
  a Pico does; mpremote soft-resets on every connect, so each session gets a fresh heap.
- The interpreter has a pty of its own (the unix port only runs a REPL on a terminal); a thread
  copies bytes between the two ptys with non-blocking writes, so neither side can stall it.

Unlike a Pico, a soft reboot does not run main.py (the app needs real pins). Every wait has a
deadline; `stop()` (or leaving the `with` block) ends the thread and the interpreter.
"""

import errno
import os
import select
import signal
import subprocess
import sys
import threading
import time
import tty

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

# How long a fresh interpreter may take to print its ">>> " prompt.
BOOT_TIMEOUT_S = 10.0
# How long a stopping interpreter may take to exit before it is killed.
EXIT_TIMEOUT_S = 3.0
# How often the bridge thread looks at its stop flag while both sides are quiet.
_POLL_S = 0.05
# Bytes from the host wait in the kernel while this much is still queued for the board.
_BACKLOG = 1 << 16

_RAW_REPL = b"\x01"  # Ctrl-A: enter raw REPL
_FRIENDLY_REPL = b"\x02"  # Ctrl-B: back to the friendly REPL
_SOFT_REBOOT = b"MPY: soft reboot\r\n"  # what the rp2 port prints, and mpremote waits for
_PROMPT = b">>> "


class BoardError(RuntimeError):
    pass


def _nonblocking(fd):
    os.set_blocking(fd, False)
    return fd


class PtyBoard:
    """The unix port in `folder`, reachable on the serial port `self.port` once started."""

    def __init__(self, folder, micropython=MICROPYTHON, heap="190wK"):
        self.folder = os.path.abspath(folder)
        self.micropython = micropython
        self.heap = heap
        self.port = None
        self.reboots = 0  # soft reboots served: one per mpremote session
        self.error = None  # what stopped the bridge thread, if anything did
        self._process = None
        self._board_fd = None
        self._host_fd = None
        self._host_slave = None
        self._raw = False  # the REPL mode the host last asked for, restored after a reboot
        self._stopping = threading.Event()
        self._thread = None

    # --- life cycle ------------------------------------------------------------------------
    def start(self):
        os.makedirs(self.folder, exist_ok=True)
        master, slave = os.openpty()
        # Raw at once: with echo on, the board's own output would come back to it as input.
        tty.setraw(slave)
        self._host_fd = _nonblocking(master)
        self._host_slave = slave  # held open so the port survives between mpremote sessions
        self.port = os.ttyname(slave)
        try:
            self._boot()
        except BaseException:
            self.stop()
            raise
        self._thread = threading.Thread(target=self._serve, name="ptyboard", daemon=True)
        self._thread.start()
        return self.port

    def stop(self):
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(EXIT_TIMEOUT_S + 2)
            self._thread = None
        self._end_process()
        for name in ("_host_fd", "_host_slave"):
            fd = getattr(self, name)
            if fd is not None:
                os.close(fd)
                setattr(self, name, None)

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    # --- the interpreter -------------------------------------------------------------------
    def _boot(self):
        """Start an interpreter on a pty of its own and wait for its prompt (its banner is
        dropped: a Pico's boot banner is long gone when a host connects)."""
        master, slave = os.openpty()
        tty.setraw(slave)
        env = dict(os.environ)
        # The board sees only its own folder (and the built-in .frozen modules), never the
        # test run's MICROPYPATH.
        env["MICROPYPATH"] = ".frozen"
        try:
            self._process = subprocess.Popen(
                [self.micropython, "-X", "heapsize=" + self.heap],
                stdin=slave,
                stdout=slave,
                stderr=slave,
                cwd=self.folder,
                env=env,
                start_new_session=True,
            )
        finally:
            os.close(slave)
        self._board_fd = _nonblocking(master)
        seen = b""
        deadline = time.monotonic() + BOOT_TIMEOUT_S
        while not seen.endswith(_PROMPT):
            chunk = self._read(self._board_fd, deadline)
            if chunk is None:
                raise BoardError("the unix port exited while booting: %r" % seen[-200:])
            seen += chunk
        if self._raw:
            self._write_all(self._board_fd, _RAW_REPL, time.monotonic() + BOOT_TIMEOUT_S)

    def _end_process(self):
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(EXIT_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(EXIT_TIMEOUT_S)
            except ProcessLookupError:
                pass
        elif process is not None:
            process.wait(EXIT_TIMEOUT_S)
        if self._board_fd is not None:
            os.close(self._board_fd)
            self._board_fd = None

    def _reboot(self):
        self._end_process()
        self.reboots += 1
        self._boot()

    # --- byte pumping ----------------------------------------------------------------------
    def _read(self, fd, deadline):
        """Bytes from `fd`, or None at end of file; BoardError at the deadline."""
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self._stopping.is_set():
                raise BoardError("no answer from the unix port in time")
            ready, _, _ = select.select([fd], [], [], min(remaining, _POLL_S))
            if ready:
                try:
                    chunk = os.read(fd, 4096)
                except OSError as error:
                    if error.errno == errno.EIO:  # the pty's other side closed: it exited
                        return None
                    raise
                return chunk or None

    def _write_all(self, fd, data, deadline):
        while data:
            if time.monotonic() > deadline or self._stopping.is_set():
                raise BoardError("the unix port stopped reading")
            _, ready, _ = select.select([], [fd], [], _POLL_S)
            if ready:
                data = data[os.write(fd, data) :]

    def _serve(self):
        try:
            self._pump()
        except Exception as error:  # kept for the test to report; the host then times out
            self.error = error

    def _pump(self):
        to_board = bytearray()
        to_host = bytearray()
        while not self._stopping.is_set():
            readers = [self._board_fd]
            if len(to_board) < _BACKLOG:
                readers.append(self._host_fd)
            writers = []
            if to_board:
                writers.append(self._board_fd)
            if to_host:
                writers.append(self._host_fd)
            readable, writable, _ = select.select(readers, writers, [], _POLL_S)
            if self._host_fd in readable:
                data = os.read(self._host_fd, 4096)
                self._note_mode(data)
                to_board += data
            if self._board_fd in readable:
                try:
                    data = os.read(self._board_fd, 4096)
                except OSError as error:
                    if error.errno != errno.EIO:
                        raise
                    data = b""
                if data:
                    to_host += data
                else:  # the interpreter exited: that was a soft reset
                    to_host += _SOFT_REBOOT
                    del to_board[:]  # a rebooting board drops what it had not read
                    self._reboot()
                    continue
            if self._board_fd in writable and to_board:
                del to_board[: os.write(self._board_fd, to_board)]
            if self._host_fd in writable and to_host:
                del to_host[: os.write(self._host_fd, to_host)]

    def _note_mode(self, data):
        # The last mode switch the host sent decides the mode after a reboot. Ctrl-A also
        # appears inside the raw-paste request, which is only ever sent in raw mode.
        raw = data.rfind(_RAW_REPL)
        friendly = data.rfind(_FRIENDLY_REPL)
        if raw > friendly:
            self._raw = True
        elif friendly > raw:
            self._raw = False


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    # `kill` ends the board like Ctrl-C does: through stop(), which ends the interpreter too.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with PtyBoard(argv[1]) as board:
        print(board.port, flush=True)
        try:
            while board.error is None:
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        if board.error is not None:
            sys.stderr.write("ptyboard: %s\n" % board.error)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
