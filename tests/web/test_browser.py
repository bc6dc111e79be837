"""DiceTable in a real browser (headless Chromium): the firmware on MicroPython's WebAssembly
port plays whole Cybo and Trek 12 games through key presses, in lockstep with the simulator
running the same firmware on the same seed. After every press the canvas must show, byte for
byte, what the simulator's modelled glass shows, and the page must have saved the same journal;
a reload in the middle of a game resumes it where it was."""

import os

from page import (
    SEED,
    Lockstep,
    held_press,
    open_page,
    press,
    same_picture,
    settle,
    store,
    stored,
)

from dicetable.ui import keys
from dicetable.ui.screens import MenuScreen, ResultsScreen
from hostsim.autopilot import Autopilot

CYBO = ("cybo", {"players": 2, "bots": 1})
TREK = ("trek12", {"players": 1, "bots": 0, "map": "dunai"})
RELOAD_AT = 15  # presses into the game (of about 33)


def _play_to_the_results(page, sim, pilot, reload_at=None):
    """Press what the autopilot presses, in the page and in the simulator, comparing the
    pictures after every press; `reload_at`: reload the page (and switch the simulator off
    and on) once the game is on and that many presses were made. Returns the presses."""
    presses = 0
    reloaded = reload_at is None
    for _ in range(400):
        key = pilot.next_key(sim.device.app.shell)
        if key is None:
            assert pilot.finished
            break
        press(page, key, sim=sim)
        presses += 1
        same_picture(page, sim, "after press %d" % presses)
        in_game = sim.device.app.shell.game_state() is not None
        if in_game and not reloaded and presses >= reload_at:
            saved = stored(page, "game.jnl")
            assert saved == open(sim.device.store.path("game.jnl"), "rb").read()
            page.reload()
            settle(page)
            sim.power_on()  # the simulator's device switched off and on
            same_picture(page, sim, "after the reload")
            assert sim.device.app.shell.game_state() is not None  # resumed, not the menu
            reloaded = True
    assert reloaded
    assert isinstance(sim.device.app.shell.screen, ResultsScreen)
    finished = stored(page, "last.jnl")
    assert finished is not None and finished.count(b"\n") > 10
    assert finished == open(sim.device.store.path("last.jnl"), "rb").read()
    assert stored(page, "game.jnl") is None
    return presses


def test_a_whole_cybo_game_by_keys_shows_the_simulators_frames_and_survives_a_reload(
    browser, site, tmp_path
):
    context = browser.new_context()
    sim = Lockstep(str(tmp_path / "sim"))
    try:
        page = open_page(context, site, SEED)
        sim.power_on()
        same_picture(page, sim, "at power-on")
        assert _play_to_the_results(page, sim, Autopilot(*CYBO), RELOAD_AT) > RELOAD_AT
    finally:
        sim.close()
        context.close()


def test_a_whole_trek12_game_by_keys_shows_the_simulators_frames(browser, site, tmp_path):
    context = browser.new_context()
    sim = Lockstep(str(tmp_path / "sim"))
    try:
        page = open_page(context, site, SEED)
        sim.power_on()
        assert _play_to_the_results(page, sim, Autopilot(*TREK)) > 40
    finally:
        sim.close()
        context.close()


def _power_on_with(sim, name, data):
    """The simulator's device switched on with file `name` on its flash holding `data`."""
    os.makedirs(sim.folder, exist_ok=True)
    with open(os.path.join(sim.folder, name), "wb") as file:
        file.write(data)
    sim.power_on()


def test_a_damaged_saved_journal_gives_the_devices_could_not_be_restored_screen(
    browser, site, tmp_path
):
    damaged = b"\x00\xffnot a journal\n[1,2] 0000\n"
    context = browser.new_context()
    sim = Lockstep(str(tmp_path / "sim"))
    try:
        page = open_page(context, site, SEED)
        store(page, "game.jnl", damaged)  # as if the browser's copy had been damaged
        page.reload()
        settle(page)
        _power_on_with(sim, "game.jnl", damaged)
        assert sim.device.app.shell.screen.heading == "Save could not be restored"
        same_picture(page, sim, "on the damaged save")
        # Moved aside as on the device: kept for a bug report, no longer the save.
        assert stored(page, "bad.jnl") == damaged
        assert stored(page, "game.jnl") is None
        page.reload()
        settle(page)
        sim.power_on()
        assert isinstance(sim.device.app.shell.screen, MenuScreen)
        same_picture(page, sim, "at the next start")
    finally:
        sim.close()
        context.close()


def test_the_on_screen_buttons_press_the_same_keys(browser, site, tmp_path):
    context = browser.new_context()
    sim = Lockstep(str(tmp_path / "sim"))
    try:
        page = open_page(context, site, SEED)
        sim.power_on()
        for key, name in ((keys.DOWN, "DOWN"), (keys.DOWN, "DOWN"), (keys.UP, "UP")):
            button = page.locator("[data-button=%s]" % name)
            button.hover()
            held_press(page, page.mouse.down, page.mouse.up)
            settle(page)
            sim.run(sim.device.press(key))
            same_picture(page, sim, "after the %s button" % name)
        assert sim.device.app.shell.screen.cursor == 1
    finally:
        sim.close()
        context.close()


# JavaScript that keeps the page's thread (and the firmware's, the same one) busy for 300 ms: the
# key up then reaches the firmware late, as on a loaded machine: at speed 4, 1.2 s late.
BUSY = "(() => { const end = performance.now() + 300; while (performance.now() < end); })()"


def test_a_press_stays_one_press_however_long_the_page_is_busy_while_the_key_is_down(
    browser, site, tmp_path
):
    context = browser.new_context()
    sim = Lockstep(str(tmp_path / "sim"))
    try:
        page = open_page(context, site, SEED)
        sim.power_on()

        def up():
            page.evaluate(BUSY)
            page.keyboard.up("ArrowDown")

        held_press(page, lambda: page.keyboard.down("ArrowDown"), up)
        settle(page)
        sim.run(sim.device.press(keys.DOWN))
        assert sim.device.app.shell.screen.cursor == 1
        same_picture(page, sim, "after DOWN")  # not a repeat of it
    finally:
        sim.close()
        context.close()


def test_the_site_ships_the_firmware_as_bytecode(site):
    """firmware.json holds .mpy files only (mpy-cross's, header "M" and version 6): the page
    imports compiled modules, as the device does; the other tests play them."""
    import base64
    import json
    from urllib.request import urlopen

    with urlopen(site + "firmware.json") as response:
        files = json.load(response)
    assert "dicetable/ports/web.mpy" in files and "board.mpy" in files
    for path, data in files.items():
        assert path.endswith(".mpy"), path
        assert base64.b64decode(data)[:2] == b"M\x06", path
