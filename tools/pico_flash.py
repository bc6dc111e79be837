"""The Pico's flash for the device run on a unix build (tools/pico_device.py, bench_pico's
run_device_unix): littlefs v2 with the RP2040 port's settings (4 KB blocks, 256-byte program
size, as its _boot.py mounts it) on a block device kept in a host file, mounted at "/" as the
chip mounts its flash. The journal then sees littlefs's own behaviour (its renames, its 1.1 KB
buffer a file, its full flash), not the host's: MicroPython 1.28's VfsPosix with a root also
loses the first path of a rename, which ended every saved game.

    import pico_flash
    pico_flash.build("flash.img", "flash")      # a fresh file system holding the folder's tree
    pico_flash.mount("flash.img", "data/keys")  # "/" is the image, the keys file at /keys
"""

import os

BLOCK = 4096
BLOCKS = 352  # the 1,408 KB file system of MicroPython's RPI_PICO firmware
PROG_SIZE = 256


class Flash:
    """A block device on a host file (MicroPython's extended block protocol)."""

    def __init__(self, path):
        self.file = open(path, "r+b")

    def readblocks(self, block, buf, offset=0):
        self.file.seek(block * BLOCK + offset)
        self.file.readinto(buf)

    def writeblocks(self, block, buf, offset=None):
        self.file.seek(block * BLOCK + (offset or 0))
        self.file.write(buf)

    def ioctl(self, op, arg):
        if op == 4:  # the block count
            return BLOCKS
        if op == 5:  # the block size
            return BLOCK
        return 0  # init, deinit, sync, erase: nothing to do on a file


def _copy(source, target):
    piece = bytearray(512)
    with open(source, "rb") as src, open(target, "wb") as out:
        while True:
            count = src.readinto(piece)
            if not count:
                return
            out.write(piece if count == len(piece) else piece[:count])


def _copy_tree(source, target):
    for entry in os.ilistdir(source):
        name, kind = entry[0], entry[1]
        if kind == 0x4000:  # a folder
            os.mkdir(target + "/" + name)
            _copy_tree(source + "/" + name, target + "/" + name)
        else:
            _copy(source + "/" + name, target + "/" + name)


def build(image, tree):
    """A new file system in the host file `image` holding the host folder `tree`."""
    with open(image, "wb") as file:
        blank = b"\xff" * BLOCK
        for _ in range(BLOCKS):
            file.write(blank)
    device = Flash(image)
    os.VfsLfs2.mkfs(device, progsize=PROG_SIZE)
    os.mount(os.VfsLfs2(device, progsize=PROG_SIZE), "/flash")
    try:
        _copy_tree(tree, "/flash")
    finally:
        os.umount("/flash")


def mount(image, keys):
    """Put the host file `keys` at /keys in `image`, then mount `image` at "/" (the host's
    files are gone from view) and make "/" the current folder, as on the chip."""
    device = Flash(image)
    os.mount(os.VfsLfs2(device, progsize=PROG_SIZE), "/flash")
    try:
        _copy(keys, "/flash/keys")
    finally:
        os.umount("/flash")
    os.umount("/")
    os.mount(os.VfsLfs2(device, progsize=PROG_SIZE), "/")
    os.chdir("/")
