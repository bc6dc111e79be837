"""Kiosk settings that damage cannot open (issue 15): one damaged or emptied copy of kiosk.dat
loses nothing; with both gone the device boots with kiosk mode on, says so on the panel, and
keeps it so until the teacher saves settings. Before, one flipped bit (or an empty file) booted
to the plain menu with kiosk mode off, without a word."""

import asyncio
import importlib.util
import os

import pytest

from dicetable.kiosk.screens import KioskMenuScreen
from hostsim.device import SimDevice
from hostsim.drive import play

from panel_text import find_text, panel_rows

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _kiosk_on(folder):
    spec = importlib.util.spec_from_file_location(
        "mp_game", os.path.join(ROOT, "tools", "mp_game.py")
    )
    mp_game = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mp_game)
    mp_game.switch_kiosk_on(folder)


def _damage(folder, name, how):
    path = os.path.join(folder, name)
    with open(path, "rb") as file:
        data = bytearray(file.read())
    if how == "flip":
        data[12] ^= 0x04
    else:
        data = b""
    with open(path, "wb") as file:
        file.write(data)


def _boot(folder):
    device = SimDevice("sim296", folder, seed=3)
    asyncio.run(play(device, [], None))
    return device


@pytest.mark.parametrize("how", ["flip", "empty"])
def test_one_damaged_copy_loses_nothing(tmp_path, how):
    folder = str(tmp_path)
    _kiosk_on(folder)
    _damage(folder, "kiosk.dat", how)
    device = _boot(folder)
    assert device.kiosk.enabled and device.kiosk.settings.problem == ""
    assert device.kiosk.settings.get("idle_s") == 3600  # what the teacher saved


@pytest.mark.parametrize("how", ["flip", "empty"])
def test_both_copies_damaged_fail_safe_and_say_so(tmp_path, how):
    folder = str(tmp_path)
    _kiosk_on(folder)
    _damage(folder, "kiosk.dat", how)
    _damage(folder, "kiosk.dat.2", how)
    device = _boot(folder)
    assert device.kiosk.enabled  # kiosk mode stays on
    screen = device.app.shell.screen
    assert isinstance(screen, KioskMenuScreen)
    assert find_text(panel_rows(device.panel), "Settings damaged")
    assert "could not be read" in device.kiosk.notice  # on the teacher's menu too
    # The teacher saves the settings: the warning goes, and they read back whole.
    lock = device.kiosk.lock
    assert lock.unlock("2468", device.kiosk.now)
    assert device.kiosk.settings.change({"idle_s": 600}, device.kiosk.now)
    again = _boot(folder)
    assert again.kiosk.enabled and again.kiosk.settings.problem == ""
    assert again.kiosk.settings.get("idle_s") == 600


def test_a_device_that_never_had_settings_has_kiosk_mode_off(tmp_path):
    device = _boot(str(tmp_path))
    assert not device.kiosk.enabled
