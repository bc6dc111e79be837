"""`make deploy` end to end against a pretend Pico: the MicroPython unix port behind a pty
(tools/ptyboard.py), driven by the real mpremote; plus the firmware-image manifests.

Each test deploys a private copy of firmware/ (the tests change sources) to a fresh board.
"""

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import time

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
BOARD = "sim296"


def _tool(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tools", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


deploy = _tool("deploy")
ptyboard = _tool("ptyboard")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """firmware/ copied once and built once; each test starts from a copy of both."""
    folder = tmp_path_factory.mktemp("built")
    src = folder / "firmware"
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(os.path.join(ROOT, "firmware"), src, ignore=ignore)
    deploy.build(BOARD, str(src), str(folder / "build"))
    return folder


@pytest.fixture
def firmware(built, tmp_path):
    # copytree keeps modification times, so the copied build stays current for its sources.
    shutil.copytree(built / "build", tmp_path / "build")
    shutil.copytree(built / "firmware", tmp_path / "firmware")
    return str(tmp_path / "firmware")


@pytest.fixture
def board(tmp_path):
    with ptyboard.PtyBoard(str(tmp_path / "flash")) as pty_board:
        yield pty_board
        assert pty_board.error is None, pty_board.error


def run(board, firmware, tmp_path, **options):
    return deploy.deploy(
        BOARD, board.port, src=firmware, build_dir=str(tmp_path / "build"), **options
    )


def sha256(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def flash_files(board):
    """{path: sha256} of everything on the pretend board's flash."""
    found = {}
    for root, _dirs, names in os.walk(board.folder):
        for name in names:
            path = os.path.join(root, name)
            found[os.path.relpath(path, board.folder).replace(os.sep, "/")] = sha256(path)
    return found


def edit_source(firmware, rel, line):
    path = os.path.join(firmware, rel)
    with open(path, "a") as file:
        file.write(line)
    later = time.time() + 5  # newer than its .mpy even on a coarse clock
    os.utime(path, (later, later))


# --- deploying --------------------------------------------------------------------------------
def test_full_deploy_lands_every_file_with_its_hash(board, firmware, tmp_path):
    report = run(board, firmware, tmp_path)
    files = report["files"]
    assert report["copied"] == sorted(files)
    assert report["mismatched"] == [] and report["removed"] == []
    assert {"main.py", "board.mpy", "dicetable/app.mpy", "dicetable/ui/keys.mpy"} <= set(files)
    assert not [path for path in files if path.endswith(".py") and path != "main.py"]
    landed = flash_files(board)
    assert landed == {path: digest for path, (_size, digest) in files.items()}
    assert report["bytes_copied"] == report["bytes_total"] == sum(s for s, _ in files.values())
    # The board runs what landed: the flattened board module and the bytecode import.
    env = dict(os.environ, MICROPYPATH=".frozen")
    script = (
        "import board, dicetable.games.cybo.rules, dicetable.ui.shell; print(board.BOARD['name'])"
    )
    result = subprocess.run(
        [MICROPYTHON, "-c", script],
        cwd=board.folder, env=env, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == deploy.load_board(BOARD)["name"]


def test_redeploy_copies_only_what_changed(board, firmware, tmp_path):
    run(board, firmware, tmp_path)
    reboots = board.reboots
    again = run(board, firmware, tmp_path)
    assert again["copied"] == [] and again["removed"] == [] and again["mismatched"] == []
    assert board.reboots == reboots + 1  # nothing to copy: one mpremote session, listing only
    edit_source(firmware, "dicetable/ui/text.py", "\n_REDEPLOY_MARK = 1\n")
    changed = run(board, firmware, tmp_path)
    assert changed["copied"] == ["dicetable/ui/text.mpy"]
    assert changed["bytes_copied"] == changed["files"]["dicetable/ui/text.mpy"][0]
    assert changed["mismatched"] == []
    assert (
        flash_files(board)["dicetable/ui/text.mpy"] == changed["files"]["dicetable/ui/text.mpy"][1]
    )


def test_dry_run_reports_and_copies_nothing(board, firmware, tmp_path):
    run(board, firmware, tmp_path)
    edit_source(firmware, "main.py", "\n# changed\n")
    with open(os.path.join(board.folder, "extra.txt"), "w") as file:
        file.write("left alone")
    before = flash_files(board)
    result = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "deploy.py"), "--board", BOARD,
         "--port", board.port, "--dry-run", "--wipe", "--src", firmware,
         "--build-dir", str(tmp_path / "build")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "would copy" in result.stdout and "main.py" in result.stdout
    assert "would remove" in result.stdout and "extra.txt" in result.stdout
    assert "board untouched" in result.stdout
    assert flash_files(board) == before


def test_a_corrupted_file_on_the_board_is_replaced(board, firmware, tmp_path):
    run(board, firmware, tmp_path)
    target = os.path.join(board.folder, "dicetable", "app.mpy")
    size = os.path.getsize(target)
    with open(target, "wb") as file:
        file.write(b"\xff" * size)  # same size: only the hash can tell
    report = run(board, firmware, tmp_path)
    assert report["copied"] == ["dicetable/app.mpy"]
    assert report["mismatched"] == []
    assert sha256(target) == report["files"]["dicetable/app.mpy"][1]


def test_shadowing_sources_go_and_wipe_keeps_the_saves(board, firmware, tmp_path):
    flash = board.folder
    for rel in ("old.py", "dicetable/app.py", "dicetable/gone.mpy", "junk/x.txt", "data/game.jnl"):
        os.makedirs(os.path.dirname(os.path.join(flash, rel)), exist_ok=True)
        with open(os.path.join(flash, rel), "w") as file:
            file.write("x = 1\n")
    report = run(board, firmware, tmp_path)
    # dicetable/app.py would be imported instead of the new app.mpy, and gone.mpy is a module
    # the build no longer has: both removed even now; the user's own files stay.
    assert report["removed"] == ["dicetable/app.py", "dicetable/gone.mpy"]
    assert {"old.py", "junk/x.txt", "data/game.jnl"} <= set(flash_files(board))
    assert "dicetable/gone.mpy" not in flash_files(board)
    wiped = run(board, firmware, tmp_path, wipe=True)
    assert wiped["copied"] == []
    assert wiped["removed"] == ["junk/x.txt", "old.py", "junk"]
    left = flash_files(board)
    assert set(left) == set(wiped["files"]) | {"data/game.jnl"}
    assert not os.path.exists(os.path.join(flash, "junk"))


def test_a_copy_that_did_not_land_fails_the_deploy(board, firmware, tmp_path, monkeypatch, capsys):
    real = deploy._session_args

    def lose_app(steps, local_files):  # as if the board dropped one file's writes
        steps = dict(steps, copy=[p for p in steps["copy"] if p != "dicetable/app.mpy"])
        return real(steps, local_files)

    monkeypatch.setattr(deploy, "_session_args", lose_app)
    report = run(board, firmware, tmp_path)
    assert report["mismatched"] == ["dicetable/app.mpy"]
    deploy.print_report(report)
    assert "MISMATCH" in capsys.readouterr().out


# --- the parts, without a board ---------------------------------------------------------------
def test_plan_clears_what_is_in_the_way():
    local = {"lib/a.mpy": (1, "aa"), "b.mpy": (2, "bb")}
    steps = deploy.plan(local, {"lib": (5, "ff"), "b.mpy": (2, "bb")}, set(), wipe=False)
    assert steps == {"mkdir": ["lib"], "copy": ["lib/a.mpy"], "remove": ["lib"], "rmdir": []}
    with pytest.raises(deploy.DeployError):
        deploy.plan(local, {"b.mpy/x": (1, "00")}, {"b.mpy"}, wipe=False)
    steps = deploy.plan(local, {"b.mpy/x": (1, "00")}, {"b.mpy", "data"}, wipe=True)
    assert steps["remove"] == ["b.mpy/x"] and steps["rmdir"] == ["b.mpy"]


def test_plan_removes_modules_of_an_older_layout_but_nothing_of_the_user():
    local = {"dicetable/games/cybo/rules.mpy": (1, "aa"), "main.py": (2, "bb")}
    remote = {
        "dicetable/games/cybo.mpy": (3, "cc"),  # the flat layout before game packages
        "dicetable/ui/sheet_cybo.mpy": (4, "dd"),
        "notes.txt": (5, "ee"),
        "data/game.jnl": (6, "ff"),
    }
    folders = {"dicetable", "dicetable/games", "dicetable/ui", "data"}
    steps = deploy.plan(local, remote, folders, wipe=False)
    assert steps["remove"] == ["dicetable/games/cybo.mpy", "dicetable/ui/sheet_cybo.mpy"]
    assert steps["rmdir"] == ["dicetable/ui"]
    assert steps["mkdir"] == ["dicetable/games/cybo"]


def test_listing_errors_are_reported():
    with pytest.raises(deploy.DeployError):
        deploy.parse_listing("Traceback (most recent call last):\nOSError: 5\n")
    files, folders = deploy.parse_listing("<<files\r\nD a b\r\nF 3 abc a b/c d\r\nfiles>>\r\n")
    assert files == {"a b/c d": (3, "abc")} and folders == {"a b"}


def test_unknown_board_names_the_known_ones(capsys):
    assert deploy.main(["--board", "no_such_board", "--build-only"]) == 1
    error = capsys.readouterr().err
    assert "no_such_board" in error and BOARD in error


def test_a_silent_port_times_out():
    master, slave = os.openpty()  # nobody answers on the other side
    try:
        started = time.monotonic()
        with pytest.raises(deploy.DeployError, match="no result within"):
            deploy.mpremote(os.ttyname(slave), ["exec", "print(1)"], timeout=3)
        assert time.monotonic() - started < 15
    finally:
        os.close(master)
        os.close(slave)


def test_the_pty_board_stops_its_interpreter(tmp_path):
    pty_board = ptyboard.PtyBoard(str(tmp_path / "flash"))
    pty_board.start()
    process = pty_board._process
    pty_board.stop()
    assert process.poll() is not None
    assert pty_board._thread is None and pty_board._host_fd is None


def test_make_deploy_passes_board_and_port():
    if shutil.which("make") is None:
        pytest.skip("no make")
    result = subprocess.run(
        ["make", "-n", "deploy", "BOARD=sim400", "PORT=/dev/ttyACM7"],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "tools/deploy.py --board sim400 --port /dev/ttyACM7" in result.stdout


# --- firmware images --------------------------------------------------------------------------
class _Options:
    """The `options` object MicroPython's manifest tool gives an included manifest."""

    def __init__(self, given):
        self._given = given
        self._defaults = {}

    def defaults(self, **values):
        self._defaults = values

    def __getattr__(self, name):
        return self._given.get(name, self._defaults.get(name))


class _Manifest:
    """Runs a manifest the way tools/manifestfile.py does (from its own folder, relative paths)
    and records what would be frozen, failing on any path that does not exist."""

    def __init__(self):
        self.frozen = {}  # name in the image -> source file
        self.port_includes = []

    def run(self, path, **options):
        api = {
            "include": self.include,
            "package": self.package,
            "module": self.module,
            "options": _Options(options),
        }
        previous = os.getcwd()
        os.chdir(os.path.dirname(path))
        try:
            with open(path) as file:
                exec(file.read(), api)
        finally:
            os.chdir(previous)

    def include(self, path, **options):
        if path.startswith("$(PORT_DIR)"):
            self.port_includes.append(path)
            return
        path = os.path.abspath(path)
        assert os.path.isfile(path), path
        self.run(path, **options)

    def package(self, name, files=None, base_path=".", opt=None):
        base = os.path.abspath(base_path)
        assert files is None and os.path.isdir(os.path.join(base, name)), (base, name)
        for root, _dirs, names in os.walk(os.path.join(base, name)):
            for filename in names:
                if filename.endswith(".py"):
                    full = os.path.join(root, filename)
                    self.frozen[os.path.relpath(full, base).replace(os.sep, "/")] = full

    def module(self, path, base_path=".", opt=None):
        full = os.path.join(os.path.abspath(base_path), path)
        assert os.path.isfile(full), full
        self.frozen[path] = full


def _board_names():
    """The boards an RP2040 image is built for: not those of another runtime (boards/web.py)."""
    names = sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "boards")) if n.endswith(".py"))
    names = [name for name in names if not name.startswith("_")]
    return [name for name in names if "runtime" not in deploy.load_board(name)]


@pytest.mark.parametrize("name", _board_names())
def test_every_board_has_a_manifest_naming_existing_paths(name):
    manifest = _Manifest()
    manifest.run(os.path.join(ROOT, "boards", "manifests", name + ".py"))
    assert manifest.port_includes == ["$(PORT_DIR)/boards/manifest.py"]
    package = os.path.join(ROOT, "firmware", "dicetable")
    expected = {"board.py"}
    for root, _dirs, names in os.walk(package):
        for filename in names:
            if filename.endswith(".py"):
                rel = os.path.relpath(os.path.join(root, filename), os.path.dirname(package))
                expected.add(rel.replace(os.sep, "/"))
    assert set(manifest.frozen) == expected
    # The frozen `board` module is the board file's data, and it compiles for the RP2040.
    namespace = {}
    with open(manifest.frozen["board.py"]) as file:
        exec(file.read(), namespace)
    assert namespace["BOARD"] == deploy.load_board(name)
    result = subprocess.run(
        [deploy.MPY_CROSS, "-march=armv6m", manifest.frozen["board.py"], "-o", os.devnull],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr


def test_no_manifest_without_a_board_file():
    folder = os.path.join(ROOT, "boards", "manifests")
    manifests = sorted(n[:-3] for n in os.listdir(folder) if n.endswith(".py"))
    assert [name for name in manifests if not name.startswith("_")] == _board_names()


def test_no_device_on_usb_says_so(firmware, tmp_path, monkeypatch, capsys):
    import usb_ports

    monkeypatch.setattr(usb_ports, "usb_serial_ports", lambda: [])
    build = str(tmp_path / "build")
    argv = ["--board", "pico_ssd1680", "--src", firmware, "--build-dir", build]
    assert deploy.main(argv) == 1
    assert "no DiceTable found on USB" in capsys.readouterr().err
    assert deploy.main(argv + ["--port", "/dev/ttyACM9"]) == 1
    assert "no DiceTable at /dev/ttyACM9: nothing is plugged in there" in capsys.readouterr().err
