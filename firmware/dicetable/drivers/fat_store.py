"""Store on a FAT drive (CircuitPython's CIRCUITPY): whole-file replaces that survive a power
cut at any step, where FAT's rename neither replaces an existing file nor is there a way to
swap two files at once.

A replace of `name` goes: write `name.new.tmp` and close it, rename it to `name.new` (a new
directory entry: the file is complete from here on), remove `name`, rename `name.new` to
`name`. So at any cut, `name.new` is whole whenever it exists and `name` is the old version or
absent. `recover()` (run when the store opens, i.e. at every boot) finishes what a cut
interrupted: `*.tmp` is dropped, `name.new` becomes `name`. Each step is one directory entry
written in one sector, which FAT writes as a unit.

The journal needs nothing more: appends are torn at worst, and replay drops a torn tail as on
littlefs; its cut-back is a replace like any other.
"""

from dicetable.drivers import storage

_NEW = ".new"


class FatStore(storage.Store):
    def __init__(self, folder, reserve=storage.RESERVE_BYTES):
        super().__init__(folder, reserve)
        self.recover()

    def recover(self):
        """Finish or drop the replaces a power cut interrupted."""
        names = storage.os.listdir(self.folder)
        for name in names:
            if name.endswith(storage._TEMPORARY):
                storage._remove(self.path(name))
        for name in names:
            if name.endswith(_NEW) and not name.endswith(storage._TEMPORARY):
                target = self.path(name[: -len(_NEW)])
                storage._remove(target)
                storage.os.rename(self.path(name), target)

    def write_atomic(self, name, data, essential=False):
        """Replace file `name` with `data`: all of it or none, as Store.write_atomic."""
        fresh = self.path(name + _NEW)
        storage._remove(fresh)  # left by a replace that failed (no room) in this session
        # The parent writes name.new.tmp and renames it to name.new, which does not exist.
        super().write_atomic(name + _NEW, data, essential)
        storage._remove(self.path(name))
        storage.os.rename(fresh, self.path(name))
