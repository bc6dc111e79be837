"""`make deploy BOARD=magtag DRIVE=...` against a temporary folder posing as CIRCUITPY: the
files a CircuitPython board runs (and none of MicroPython's), copied only when they differ,
stale modules removed, the saves left alone, every file checked by sha256; and the circup
command line it runs for the libraries (run here through a stand-in that records its
arguments), and the pinned circup itself, offline: it reads our requirements file as the
libraries the port imports and finds the drive, then stops where it would download Adafruit's
bundle. The MicroPython deploy leaves the
CircuitPython port out."""

import hashlib
import importlib.util
import os
import shutil
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def _tool(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tools", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cpdeploy = _tool("deploy_circuitpython")
deploy = _tool("deploy")


def _drive(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    (drive / "data").mkdir(parents=True)
    (drive / "data" / "game.jnl").write_bytes(b"saved game\n")
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 10.0.3 on 2026-10-01; Adafruit MagTag with ESP32S2\n"
        "Board ID:adafruit_magtag_2.9_grayscale\n"
    )
    return drive


def _tree(drive):
    found = {}
    for root, _dirs, names in os.walk(drive):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as file:
                digest = hashlib.sha256(file.read()).hexdigest()
            found[os.path.relpath(path, drive).replace(os.sep, "/")] = digest
    return found


def test_the_drive_gets_the_circuitpython_files_and_only_those(tmp_path):
    drive = _drive(tmp_path)
    assert cpdeploy.main(["--board", "magtag", "--drive", str(drive), "--no-libs"]) == 0
    tree = _tree(drive)
    for rel in ("code.py", "boot.py", "board_data.py", "lib/framebuf.py"):
        assert rel in tree, rel
    assert "dicetable/ports/circuitpython.py" in tree
    assert "dicetable/drivers/fat_store.py" in tree
    assert "dicetable/hardware.py" not in tree and "main.py" not in tree
    assert not [rel for rel in tree if rel.endswith(".mpy")]
    with open(os.path.join(ROOT, "firmware", "dicetable", "app.py"), "rb") as file:
        assert tree["dicetable/app.py"] == hashlib.sha256(file.read()).hexdigest()
    namespace = {}
    exec((drive / "board_data.py").read_text(), namespace)
    assert namespace["BOARD"]["runtime"] == "circuitpython"
    assert namespace["BOARD"]["name"].startswith("Adafruit MagTag")
    assert (drive / "data" / "game.jnl").read_bytes() == b"saved game\n"


def test_a_second_deploy_copies_nothing_and_repairs_what_changed(tmp_path):
    drive = _drive(tmp_path)
    cpdeploy.copy_files("magtag", str(drive))
    (drive / "dicetable" / "app.py").write_text("broken = True\n")
    (drive / "dicetable" / "old_module.py").write_text("stale = True\n")
    report = cpdeploy.copy_files("magtag", str(drive))
    assert report["copied"] == ["dicetable/app.py"]
    assert report["removed"] == ["dicetable/old_module.py"]
    again = cpdeploy.copy_files("magtag", str(drive))
    assert again["copied"] == [] and again["removed"] == [] and again["same"] > 50


def test_a_file_that_does_not_read_back_fails_the_deploy(tmp_path, monkeypatch):
    drive = _drive(tmp_path)
    real = cpdeploy._digest
    seen = []

    def corrupt(data):  # the first read-back of code.py sees other bytes
        if data.startswith(b'"""CircuitPython entry point') and not seen:
            seen.append(True)
            return real(data + b"x")
        return real(data)

    monkeypatch.setattr(cpdeploy, "_digest", corrupt)
    assert cpdeploy.main(["--board", "magtag", "--drive", str(drive), "--no-libs"]) == 1


def test_circup_installs_the_pinned_libraries_onto_the_drive(tmp_path):
    drive = _drive(tmp_path)
    record = tmp_path / "circup_args"
    fake = tmp_path / "fake_circup.py"
    fake.write_text(
        "import sys\nopen(%r, 'w').write('\\n'.join(sys.argv[1:]))\nprint('installed')\n"
        % str(record)
    )
    command = "%s %s" % (sys.executable, fake)
    assert cpdeploy.main(["--board", "magtag", "--drive", str(drive), "--circup", command]) == 0
    args = record.read_text().split("\n")
    assert args == ["--path", str(drive), "install", "-r", cpdeploy.REQUIREMENTS]
    venv_circup = os.path.join(os.path.dirname(sys.executable), "circup")
    assert cpdeploy.circup_command("/d")[0] == venv_circup
    os.remove(drive / "boot_out.txt")  # not a CircuitPython drive: circup is not run
    record.unlink()
    assert cpdeploy.main(["--board", "magtag", "--drive", str(drive), "--circup", command]) == 1
    assert not record.exists()


def test_a_micropython_board_is_refused_and_its_deploy_leaves_the_port_out(tmp_path):
    drive = _drive(tmp_path)
    assert cpdeploy.main(["--board", "pico_ssd1680", "--drive", str(drive), "--no-libs"]) == 1
    src = tmp_path / "firmware"
    shutil.copytree(os.path.join(ROOT, "firmware"), src)
    built = deploy.build("sim296", str(src), str(tmp_path / "build"))
    assert "dicetable/hardware.mpy" in built
    assert not [rel for rel in built if "circuitpython" in rel]


def test_the_pinned_circup_maps_the_requirements_to_the_modules_the_port_imports():
    from circup.command_utils import clean_library_name, libraries_from_requirements

    with open(cpdeploy.REQUIREMENTS) as file:
        names = {clean_library_name(n) for n in libraries_from_requirements(file.read())}
    assert names == {"neopixel", "adafruit_pixelbuf", "adafruit_ticks", "asyncio"}
    with open(os.path.join(ROOT, "firmware", "dicetable", "ports", "circuitpython.py")) as file:
        port = file.read()
    for name in ("neopixel", "adafruit_ticks", "asyncio"):
        assert "import %s" % name in port, name


def test_make_deploy_runs_the_venvs_circup_on_the_drive(tmp_path, monkeypatch):
    drive = _drive(tmp_path)
    for variable in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(variable, str(tmp_path / variable))  # no bundle downloaded yet
    offline = list(cpdeploy.CIRCUP) + ["--offline"]
    with pytest.raises(cpdeploy.deploy.DeployError) as failed:
        cpdeploy.install_libraries(str(drive), offline)
    message = str(failed.value)
    assert "cannot run" not in message, message
    assert "Found device adafruit_magtag_2.9_grayscale at %s" % drive in message, message
    assert "running CircuitPython 10.0.3" in message, message
