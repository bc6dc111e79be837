"""A fake flash filesystem for the storage tests: it cuts the power at a chosen write step, runs
out of space on demand, and boots again with only what had reached the flash.

Write steps, counted from 1: opening a file for writing, each write, flush, close, rename,
remove and mkdir. With `cut_at=k`, step k is where the power dies: that step does not happen,
except a write, which in "torn" mode lands `keep(length)` bytes first (a medium that stores
bytes as they come, like FAT). In "littlefs" mode a file's new bytes reach the flash only when
it is flushed or closed, as littlefs commits them, so a cut loses them whole; a file created by
open exists at once. After the cut every call raises PowerCut (the device is dead); `reboot()`
gives the filesystem a fresh device would find.

`capacity` (bytes of file data) makes writes past it fail with OSError(ENOSPC): in torn mode
the bytes that fit land first. `unreadable` names files whose open for reading fails (EIO).
`install(flash)` points dicetable.drivers.storage at the fake; it returns the undo function.
Whole games on it, through the shell: powercut_play.py.
"""

import errno

from dicetable.drivers import storage

TORN = "torn"
LITTLEFS = "littlefs"
FAT = "fat"  # torn writes, and rename refuses an existing target (EEXIST), as FAT's does
# MicroPython's errno has no ENOSPC (its littlefs still raises OSError(28)).
_ENOSPC = getattr(errno, "ENOSPC", 28)
_DIRECTORY = 0x4000  # stat mode bits, as os.stat reports them
_FILE = 0x8000


class PowerCut(BaseException):
    """The power died: not an OSError, so nothing in the firmware may catch it."""


def half(length):
    return length // 2


class FakeFlash:
    def __init__(self, mode=TORN, cut_at=0, keep=half, capacity=None, unreadable=()):
        if mode not in (TORN, LITTLEFS, FAT):
            raise ValueError("mode must be torn, littlefs or fat")
        self.mode = mode
        self.cut_at = cut_at
        self.keep = keep
        self.capacity = capacity
        self.unreadable = unreadable
        self.files = {}  # path -> bytearray on the flash
        self.folders = {}  # path -> True
        self.steps = 0
        self.dead = False

    # --- the power ------------------------------------------------------------------------
    def step(self):
        """Count one write step; True if the power dies on it (the caller then raises)."""
        self.alive()
        self.steps += 1
        if self.steps == self.cut_at:
            self.dead = True
            return True
        return False

    def alive(self):
        if self.dead:
            raise PowerCut()

    def reboot(self, capacity=-1):
        """A device powered up again: the same flash, nothing in flight, no cut planned."""
        fresh = FakeFlash(
            self.mode,
            capacity=self.capacity if capacity == -1 else capacity,
            unreadable=self.unreadable,
        )
        for path in self.files:
            fresh.files[path] = bytearray(self.files[path])
        for path in self.folders:
            fresh.folders[path] = True
        return fresh

    def used(self):
        total = 0
        for path in self.files:
            total += len(self.files[path])
        return total

    def room(self, wanted):
        """How many of `wanted` more bytes fit."""
        if self.capacity is None:
            return wanted
        return max(0, min(wanted, self.capacity - self.used()))

    def statvfs(self, path):
        """As os.statvfs: one-byte fragments, so free bytes are fragments free (index 4)."""
        self.alive()
        free = (1 << 30) if self.capacity is None else max(0, self.capacity - self.used())
        return (1, 1, free + self.used(), free, free, 0, 0, 0, 0, 255)

    def read(self, path):
        """A file's bytes on the flash, or None (for the tests' own checks)."""
        data = self.files.get(path)
        return None if data is None else bytes(data)

    # --- the os functions Store uses --------------------------------------------------------
    def stat(self, path):
        self.alive()
        if path in self.folders:
            return (_DIRECTORY, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if path in self.files:
            return (_FILE, 0, 0, 0, 0, 0, len(self.files[path]), 0, 0, 0)
        raise OSError(errno.ENOENT)

    def listdir(self, path):
        self.alive()
        if path not in self.folders:
            raise OSError(errno.ENOENT)
        prefix = path + "/"
        names = []
        for name in list(self.files) + list(self.folders):
            if name.startswith(prefix) and "/" not in name[len(prefix) :]:
                names.append(name[len(prefix) :])
        return sorted(names)

    def mkdir(self, path):
        if self.step():
            raise PowerCut()
        if path in self.folders or path in self.files:
            raise OSError(errno.EEXIST)
        self.folders[path] = True

    def remove(self, path):
        if self.step():
            raise PowerCut()
        if path not in self.files:
            raise OSError(errno.ENOENT)
        del self.files[path]

    def rename(self, source, target):
        if self.step():
            raise PowerCut()
        if source not in self.files:
            raise OSError(errno.ENOENT)
        self._need_folder(target)
        if self.mode == FAT and (target in self.files or target in self.folders):
            raise OSError(errno.EEXIST)
        self.files[target] = self.files.pop(source)  # atomic, replaces the target

    def open(self, path, mode="r"):
        if "r" in mode:
            self.alive()
            if path not in self.files:
                raise OSError(errno.ENOENT)
            if path in self.unreadable:
                raise OSError(errno.EIO)
            return _Reader(bytes(self.files[path]), "b" not in mode)
        if self.step():
            raise PowerCut()
        self._need_folder(path)
        return _Writer(self, path, "a" in mode)

    def _need_folder(self, path):
        cut = path.rfind("/")
        if cut > 0 and path[:cut] not in self.folders:
            raise OSError(errno.ENOENT)


class _Reader:
    def __init__(self, data, text):
        self._data = data
        self._text = text
        self._position = 0

    def read(self, size=-1):
        end = len(self._data) if size is None or size < 0 else self._position + size
        chunk = self._data[self._position : end]
        self._position += len(chunk)
        return chunk.decode() if self._text else chunk

    def readline(self, size=-1):
        end = self._data.find(b"\n", self._position)
        end = len(self._data) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, self._position + size)
        line = self._data[self._position : end]
        self._position = end
        return line.decode() if self._text else line

    def readinto(self, buffer):
        chunk = self._data[self._position : self._position + len(buffer)]
        buffer[: len(chunk)] = chunk
        self._position += len(chunk)
        return len(chunk)

    def __iter__(self):
        while self._position < len(self._data):
            end = self._data.find(b"\n", self._position)
            end = len(self._data) if end < 0 else end + 1
            line = self._data[self._position : end]
            self._position = end
            yield line.decode() if self._text else line

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *_exc):
        self.close()


class _Writer:
    def __init__(self, flash, path, append):
        self._flash = flash
        self._path = path
        self._closed = False
        if flash.mode != LITTLEFS:
            if not append or path not in flash.files:
                flash.files[path] = bytearray()  # truncated or created at open
            self._pending = None
        else:
            if path not in flash.files:
                flash.files[path] = bytearray()  # the new file is committed at open
            self._pending = bytearray(flash.files[path]) if append else bytearray()

    def write(self, data):
        flash = self._flash
        if isinstance(data, str):
            data = data.encode()
        if flash.step():
            if flash.mode != LITTLEFS:
                flash.files[self._path] += data[: flash.keep(len(data))]
            raise PowerCut()
        if flash.mode != LITTLEFS:
            fits = flash.room(len(data))
            flash.files[self._path] += data[:fits]
        else:
            # Room is counted for the file as it will be once committed.
            growth = len(self._pending) + len(data) - len(flash.files[self._path])
            fits = len(data) if growth <= 0 or flash.room(growth) == growth else 0
            if fits:
                self._pending += data
        if fits < len(data):
            raise OSError(_ENOSPC)
        return len(data)

    def flush(self):
        if self._flash.step():
            raise PowerCut()
        self._commit()

    def close(self):
        if self._closed:
            return
        if self._flash.step():
            raise PowerCut()
        self._closed = True
        self._commit()

    def _commit(self):
        if self._pending is not None:
            self._flash.files[self._path] = bytearray(self._pending)

    def __enter__(self):
        return self

    def __exit__(self, *_exc):
        self.close()


def install(flash):
    """Make Store use `flash` for its files; returns a function that puts the real os back."""
    real_os = storage.os
    storage.os = flash
    storage.open = flash.open

    def restore():
        storage.os = real_os
        del storage.open  # the builtin open is visible again

    return restore
