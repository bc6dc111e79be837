"""Kiosk settings: defaults from the games that exist, validation with a reason, no change
without the teacher's PIN, all-or-nothing changes kept across a power cut, and damaged or
outdated files. Both runtimes."""

from dicetable.core.errors import IllegalAction
from dicetable.drivers.storage import Store
from dicetable.games import GAMES
from dicetable.games.cybo import data as cybo_data
from dicetable.games.trek12.maps import MAP_IDS
from dicetable.kiosk import settings as kiosk_settings
from dicetable.kiosk.results_log import write_document
from dicetable.kiosk.settings import KioskSettings, led_level
from dicetable.kiosk.teacher_lock import Locked, TeacherLock
from hostsim.vclock import WrappingTicks

import powercut_fs

_FOLDER = "/data"
_FILE = _FOLDER + "/" + kiosk_settings.FILE
_SALT = b"saltsalt"
_PIN = "2468"
# What the kiosk passes in (docs/kiosk.md): the games layer's own lists.
CHOICES = {
    "games": [game_id for game_id, _title in GAMES],
    "maps": list(MAP_IDS),
    "levels": list(cybo_data.LEVEL_NAMES),
}


class _Clock(WrappingTicks):
    now = 0


def _fresh(flash=None):
    """(settings, lock, flash, undo) on a fake flash, the PIN set and the lock shut."""
    flash = flash or powercut_fs.FakeFlash(powercut_fs.LITTLEFS)
    undo = powercut_fs.install(flash)
    store = Store(_FOLDER)
    lock = TeacherLock(store, _Clock(), 0)
    if not lock.has_pin():
        lock.set_pin(_PIN, _SALT, 0)
    lock.lock()
    return KioskSettings(store, lock, CHOICES), lock, flash, undo


def _refusal(settings, changes, now=0):
    try:
        settings.change(changes, now)
    except IllegalAction as exc:
        return exc
    raise AssertionError("accepted %r" % (changes,))


def test_defaults_offer_every_game_map_and_level_with_kiosk_mode_off():
    settings, _lock, _flash, undo = _fresh()
    try:
        values = settings.values()
        assert values["enabled"] is False
        assert values["games"] == CHOICES["games"] and "trek12" in values["games"]
        assert values["maps"] == CHOICES["maps"] and values["levels"] == CHOICES["levels"]
        assert values["min_players"] <= values["max_players"]
        assert values["code"] == "" and settings.get("idle_s") == 180
        assert 0 < led_level(values) < 255  # the attract loop is never at full brightness
        assert settings.problem == ""
    finally:
        undo()


def test_no_change_without_the_pin():
    settings, lock, flash, undo = _fresh()
    try:
        before = flash.read(_FILE)
        assert isinstance(_refusal(settings, {"enabled": True}), Locked)
        assert not lock.unlock("1357", 0)
        assert isinstance(_refusal(settings, {"enabled": True}), Locked)
        assert isinstance(_refusal(settings, {}, 0), Locked)
        try:
            settings.reset(0)
        except Locked:
            pass
        else:
            raise AssertionError("reset without the PIN")
        assert settings.get("enabled") is False and flash.read(_FILE) == before
        assert lock.unlock(_PIN, 0)
        assert settings.change({"enabled": True, "games": ["trek12", "cybo"]}, 1000)
        assert settings.get("enabled") is True
        lock.lock()
        assert isinstance(_refusal(settings, {"enabled": False}, 2000), Locked)
        assert settings.get("enabled") is True
    finally:
        undo()


def test_bad_values_are_refused_with_a_reason_and_nothing_changes():
    settings, lock, flash, undo = _fresh()
    try:
        lock.unlock(_PIN, 0)
        before = settings.values()
        cases = (
            ({"games": []}, "at least one"),
            ({"games": ["chess"]}, "'chess'"),
            ({"maps": ["everest"]}, "'everest'"),
            ({"levels": "master"}, "at least one"),
            ({"min_players": 0}, "1 to 6"),
            ({"max_players": 7}, "1 to 6"),
            ({"min_players": 4, "max_players": 2}, "above"),
            ({"idle_s": 5}, "30 to 3600"),
            ({"idle_s": 60.5}, "30 to 3600"),
            ({"brightness": 101}, "5 to 100"),
            ({"brightness": True}, "5 to 100"),
            ({"enabled": 1}, "on or off"),
            ({"code": "A B"}, "class code"),
            ({"code": "TOOLONGCODE"}, "class code"),
            ({"volume": 3}, "unknown"),
            ({"brightness": 50, "idle_s": 1}, "idle_s"),  # all or nothing
        )
        for changes, words in cases:
            reason = _refusal(settings, changes).reason
            assert words in reason, (changes, reason)
        assert settings.values() == before
    finally:
        undo()


def test_lists_keep_the_menu_order_and_codes_are_upper_case():
    settings, lock, _flash, undo = _fresh()
    try:
        lock.unlock(_PIN, 0)
        settings.change({"games": ["trek12", "cybo", "trek12"], "code": "math7"}, 0)
        assert settings.get("games") == ["cybo", "trek12"]  # CHOICES order, once each
        assert settings.get("code") == "MATH7"
        settings.change({"levels": ["master"], "maps": ["zen", "dunai"]}, 0)
        assert settings.get("maps") == ["dunai", "zen"]
        copy = settings.values()
        copy["maps"].append("kagkot")  # a copy: the settings do not change behind our back
        assert settings.get("maps") == ["dunai", "zen"]
    finally:
        undo()


def test_settings_come_back_after_a_restart_and_reset_restores_the_defaults():
    settings, lock, flash, undo = _fresh()
    try:
        lock.unlock(_PIN, 0)
        settings.change({"enabled": True, "idle_s": 600, "brightness": 20}, 0)
        flash = flash.reboot()
        powercut_fs.install(flash)
        again, lock, _flash, _undo = _fresh(flash)
        assert again.get("idle_s") == 600 and again.get("brightness") == 20
        assert led_level(again.values()) == 51
        lock.unlock(_PIN, 0)
        assert again.reset(0) and again.values() == kiosk_settings.defaults(CHOICES)
    finally:
        undo()


def test_a_power_cut_at_every_write_step_keeps_old_or_new_settings():
    for mode in (powercut_fs.TORN, powercut_fs.LITTLEFS):
        cut = 0
        outcomes = set()
        while True:
            cut += 1
            settings, lock, flash, undo = _fresh(powercut_fs.FakeFlash(mode))
            try:
                lock.unlock(_PIN, 0)
                flash.cut_at = flash.steps + cut
                try:
                    settings.change({"enabled": True, "idle_s": 90, "games": ["gang"]}, 0)
                except powercut_fs.PowerCut:
                    pass
                finished = not flash.dead
                after, _lock, _flash, _undo = _fresh(flash.reboot())
                values = after.values()
                assert after.problem == ""
                new = (values["enabled"], values["idle_s"], values["games"])
                assert new in ((False, 180, CHOICES["games"]), (True, 90, ["gang"])), (mode, cut)
                outcomes.add(new[0])
            finally:
                undo()
            if finished:
                break
        assert outcomes == {False, True}


def test_damaged_or_outdated_files_fall_back_to_defaults():
    settings, lock, flash, undo = _fresh()
    try:
        lock.unlock(_PIN, 0)
        settings.change({"idle_s": 600}, 0)
        flash.files[_FILE][12] ^= 0x04  # one copy damaged: nothing lost
        recovered, _lock, _flash, _undo = _fresh(flash)
        assert recovered.get("idle_s") == 600 and recovered.problem == ""
        flash.files[_FILE + ".2"][12] ^= 0x04  # both: fail safe, kiosk mode on
        damaged, _lock, _flash, _undo = _fresh(flash)
        assert damaged.get("idle_s") == 180 and "could not be read" in damaged.problem
        assert damaged.get("enabled") and "kiosk mode stays on" in damaged.problem
        # A file from a firmware with other maps and an unknown key: only those values go.
        stored = kiosk_settings.defaults(CHOICES)
        stored["maps"] = ["dunai", "everest"]
        stored["idle_s"] = 900
        stored["sound"] = True
        stored["min_players"] = 5
        stored["max_players"] = 9
        write_document(Store(_FOLDER), kiosk_settings.FILE, "DTK1", stored)
        outdated, _lock, _flash, _undo = _fresh(flash)
        assert outdated.problem == ""
        assert outdated.get("maps") == CHOICES["maps"] and outdated.get("idle_s") == 900
        assert outdated.get("max_players") == 4 and outdated.get("min_players") == 4
    finally:
        undo()


def test_a_full_flash_leaves_the_settings_as_they_were():
    settings, lock, flash, undo = _fresh()
    try:
        lock.unlock(_PIN, 0)
        flash.capacity = flash.used()
        assert not settings.change({"enabled": True}, 0)
        assert settings.error.startswith("kiosk settings not saved")
        assert settings.get("enabled") is False
    finally:
        undo()
