"""Deploy to a CircuitPython board's drive: `make deploy BOARD=magtag DRIVE=/path/to/CIRCUITPY`.

    python tools/deploy_circuitpython.py --board NAME --drive PATH [--no-libs] [--circup CMD]

1. Files, as source (.py): no registry here offers CircuitPython's own mpy-cross, and
   MicroPython's .mpy files do not load on CircuitPython. code.py and boot.py at the top (from
   firmware/circuitpython), the board file flattened into board_data.py (CircuitPython's own
   `board` is its pin module), the portable framebuf as lib/framebuf.py, and dicetable/**.py
   without the MicroPython port (dicetable/hardware.py). Only what is missing or different is
   copied; stale files under dicetable/ are removed; data/ (the saves) is never touched.
   Every deployed file is read back from the drive and must match its local sha256.
2. Libraries: the venv's circup (pinned in requirements.txt) installs the libraries named in
   requirements-circuitpython.txt into the drive's lib/, as .mpy for the drive's CircuitPython
   major version (read from its boot_out.txt). circup takes them from Adafruit's current
   bundle: it ignores the version pins, which fix what the simulator runs.

The drive must belong to the computer: start the board with its USB button held (boot.py).
"""

import argparse
import hashlib
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import deploy  # noqa: E402

ROOT = deploy.ROOT
FIRMWARE = deploy.FIRMWARE
REQUIREMENTS = os.path.join(ROOT, "requirements-circuitpython.txt")
# circup (pinned in requirements.txt) from this venv; it has no `python -m circup`.
CIRCUP = (os.path.join(os.path.dirname(sys.executable), "circup"),)
# MicroPython's port and entry point: never on a CircuitPython drive.
MICROPYTHON_ONLY = ("dicetable/hardware.py",)


def files(name, src=FIRMWARE):
    """{path on the drive: local file or bytes}, sorted."""
    found = {
        "code.py": os.path.join(src, "circuitpython", "code.py"),
        "boot.py": os.path.join(src, "circuitpython", "boot.py"),
        "lib/framebuf.py": os.path.join(src, "circuitpython", "framebuf.py"),
        "board_data.py": deploy.board_module_text(name, deploy.load_board(name)).encode(),
    }
    for root, dirs, names in os.walk(os.path.join(src, deploy.PACKAGE)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for filename in sorted(names):
            rel = os.path.relpath(os.path.join(root, filename), src).replace(os.sep, "/")
            if rel.endswith(".py") and rel not in MICROPYTHON_ONLY:
                found[rel] = os.path.join(root, filename)
    return dict(sorted(found.items()))


def _content(source):
    if isinstance(source, bytes):
        return source
    with open(source, "rb") as file:
        return file.read()


def _digest(data):
    return hashlib.sha256(data).hexdigest()


def copy_files(name, drive, src=FIRMWARE):
    """Copy what differs; returns {"copied": [...], "removed": [...], "same": n}."""
    if not os.path.isdir(drive):
        raise deploy.DeployError("no drive at %s (is the board plugged in?)" % drive)
    wanted = files(name, src)
    report = {"copied": [], "removed": [], "same": 0}
    for rel, source in wanted.items():
        data = _content(source)
        target = os.path.join(drive, rel)
        try:
            with open(target, "rb") as file:
                same = file.read() == data
        except OSError:
            same = False
        if same:
            report["same"] += 1
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as file:
            file.write(data)
        report["copied"].append(rel)
    package = os.path.join(drive, deploy.PACKAGE)
    for root, _dirs, names in os.walk(package, topdown=False):
        for filename in names:
            rel = os.path.relpath(os.path.join(root, filename), drive).replace(os.sep, "/")
            if rel not in wanted:
                os.remove(os.path.join(root, filename))
                report["removed"].append(rel)
        if not os.listdir(root) and root != package:
            shutil.rmtree(root)
    for rel, source in wanted.items():  # read back from the drive: a full drive fails here
        with open(os.path.join(drive, rel), "rb") as file:
            if _digest(file.read()) != _digest(_content(source)):
                raise deploy.DeployError("sha256 MISMATCH on the drive: %s" % rel)
    return report


def circup_command(drive, circup=CIRCUP, requirements=REQUIREMENTS):
    return list(circup) + ["--path", drive, "install", "-r", requirements]


def install_libraries(drive, circup=CIRCUP):
    if not os.path.exists(os.path.join(drive, "boot_out.txt")):
        raise deploy.DeployError("%s has no boot_out.txt: not a CircuitPython drive" % drive)
    cmd = circup_command(drive, circup)
    return deploy._run(cmd, "circup", deploy.SESSION_TIMEOUT_S * 5)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--board", required=True)
    parser.add_argument("--drive", required=True)
    parser.add_argument("--no-libs", action="store_true", help="skip circup")
    parser.add_argument("--circup", default=None, help="circup command (default: this venv's)")
    args = parser.parse_args(argv)
    try:
        if deploy.load_board(args.board).get("runtime") != "circuitpython":
            raise deploy.DeployError("board %s is not a CircuitPython board" % args.board)
        report = copy_files(args.board, args.drive)
        print(
            "%d copied, %d removed, %d already there; all verified by sha256"
            % (len(report["copied"]), len(report["removed"]), report["same"])
        )
        if not args.no_libs:
            circup = CIRCUP if args.circup is None else args.circup.split()
            print(install_libraries(args.drive, circup))
    except deploy.DeployError as error:
        print("deploy failed: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
