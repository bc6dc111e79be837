"""FatStore (dicetable/drivers/fat_store.py) on a fake FAT drive (powercut_fs.FAT: torn writes,
and a rename that refuses an existing target as FAT's does): whole-file replaces work, a power
cut at every step of a replace leaves the old or the new file whole and nothing else, and
whole games cut at every write step resume as on littlefs. Both runtimes."""

from dicetable.drivers.fat_store import FatStore
from dicetable.drivers.storage import Store

import powercut_fs
import powercut_play

FOLDER = "/data"
OLD = b'{"volume": 3, "names": ["Ann", "Bob"]}\n'
NEW = b'{"volume": 7, "names": ["Ann", "Bob", "Cyd"], "rules": "house"}\n'


def _on(flash, make=FatStore):
    restore = powercut_fs.install(flash)
    return make(FOLDER, reserve=0), restore


def _flash_with(data):
    flash = powercut_fs.FakeFlash(powercut_fs.FAT)
    flash.folders[FOLDER] = True
    if data is not None:
        flash.files[FOLDER + "/settings.json"] = bytearray(data)
    return flash


def test_replacing_a_file_on_fat_needs_more_than_a_rename():
    store, restore = _on(_flash_with(OLD), Store)
    try:
        store.write_atomic("settings.json", NEW)
        replaced = True
    except OSError:
        replaced = False
    finally:
        restore()
    assert not replaced  # the plain Store cannot replace a file on FAT: hence FatStore
    flash = _flash_with(OLD)
    store, restore = _on(flash)
    try:
        store.write_atomic("settings.json", NEW)
        store.write_atomic("settings.json", OLD)
        assert store.read("settings.json") == OLD
        assert flash.listdir(FOLDER) == ["settings.json"]
    finally:
        restore()


def _cut_replace(before, cut_at):
    """Replace settings.json (holding `before`, or absent) with NEW, the power dying at write
    step `cut_at`; boot again. Returns (what the store reads, the files left, whether the
    cut happened)."""
    flash = _flash_with(before)
    store, restore = _on(flash)
    restore()
    flash.cut_at = cut_at + flash.steps
    restore = powercut_fs.install(flash)
    cut = False
    try:
        store.write_atomic("settings.json", NEW)
    except powercut_fs.PowerCut:
        cut = True
    finally:
        restore()
    flash = flash.reboot()
    store, restore = _on(flash)
    try:
        return store.read("settings.json"), flash.listdir(FOLDER), cut
    finally:
        restore()


def test_a_power_cut_at_every_step_of_a_replace_leaves_one_whole_version():
    for before in (OLD, None):
        seen = []
        step = 0
        while True:
            step += 1
            read, names, cut = _cut_replace(before, step)
            assert read in (before, NEW), (before, step, read)
            assert names == ([] if read is None else ["settings.json"]), (step, names)
            if read not in seen:
                seen.append(read)
            if not cut:
                break
        assert step > 5  # write, close, renames, remove: every step was cut
        assert seen == [before, NEW], seen  # the old version up to a point, then the new


def test_whole_games_cut_at_every_write_step_resume_on_fat():
    powercut_play.STORE[0] = FatStore
    try:
        steps, outcomes = powercut_play.cut_everywhere(
            powercut_fs.FAT,
            (("cybo", {"players": 2, "bots": 2, "level": "beginner"}),),
            4,
        )
    finally:
        powercut_play.STORE[0] = Store
    assert steps > 15
    for outcome in ("start", "torn header", "lost one", "kept all"):
        assert outcomes.get(outcome), (outcome, outcomes)
