"""The classroom kiosk in a real browser, in lockstep with the simulator (same firmware, same
seed, the canvas equal to the simulator's glass after every press): the kiosk URL, the teacher
chord, a new PIN typed twice, kiosk mode on, the attract loop after the idle minute, a class
code typed on a setup screen, a whole Trek 12 game to the results, and the results downloaded
from the page's menu as the very file `make collect` writes for the same log. Then "Start
fresh" from the page's menu: after its question, every saved file is gone and the device
starts as new."""

import os
import sys

from page import (
    KEYBOARD,
    SEED,
    SPEED,
    Lockstep,
    open_page,
    page_url,
    press,
    same_picture,
    settle,
    stored,
)

from dicetable.kiosk.results_log import FINISHED
from dicetable.ui import keys
from dicetable.ui.code_entry import CHARACTERS
from hostsim.autopilot import Autopilot

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import collect  # noqa: E402

PIN = "1010"
CODE = "AB"
# In the kiosk presentation the page is full screen, where Escape belongs to the browser (it
# leaves full screen): BACK is Backspace there.
KIOSK_KEYS = dict(KEYBOARD)
KIOSK_KEYS[keys.BACK] = "Backspace"
IDLE_MS = 60_000  # kiosk/controller.py MENU_IDLE_MS
FAST = 40  # device time while the test waits out the idle minute (1.5 s of the page's)
SCREENSHOTS = os.environ.get("DICETABLE_WEB_SCREENSHOTS")  # a folder: docs/images's pictures


def _screen(sim):
    return sim.device.app.shell.screen


def _named(sim, name):
    """The screen is a `name` (or of a kind derived from one). By class name: the app drops
    screens' modules between games, and a new import is a new class."""
    return any(kind.__name__ == name for kind in type(_screen(sim)).__mro__)


def _both(page, sim, key, moment=""):
    press(page, key, KIOSK_KEYS, sim)
    same_picture(page, sim, "after %s %s" % (keys.NAMES[key], moment))


def _teacher_chord(page, sim):
    """BACK held while OK is pressed (docs/kiosk.md), on the keyboard."""
    sim.run(sim.device.chord(keys.BACK, keys.OK))
    page.keyboard.down("Backspace")
    page.wait_for_timeout(40)
    page.keyboard.press("Enter", delay=40)
    page.keyboard.up("Backspace")
    settle(page)
    same_picture(page, sim, "after the teacher chord")


def _type_wheel(page, sim, text, alphabet):
    """A PIN or a class code: RIGHT turns the place's wheel, OK moves on; an OK on the blank
    place after the text ends it."""
    for char in text + " ":
        screen = _screen(sim)
        for _ in range((alphabet.index(char) - screen.places[screen.cursor]) % len(alphabet)):
            _both(page, sim, keys.RIGHT, "typing %r" % text)
        _both(page, sim, keys.OK, "typing %r" % text)


def _choose(page, sim, label):
    """A teacher-menu entry by its label's start."""
    names = [name for _id, name in _screen(sim).items()]
    target = [index for index, name in enumerate(names) if name.startswith(label)][0]
    while _screen(sim).cursor != target:
        _both(page, sim, keys.DOWN)
    _both(page, sim, keys.OK, "on " + label)


def _wait_for_the_attract_loop(page, sim):
    """Device time runs FAST until the page shows the attract loop; returns the device ms
    from the last button event (the kiosk's own note of it, as its idle time counts) to the
    loop, a bound from above (the page's clock is read once the loop is on show). The page's
    clock read after that event would not do: it runs on while the test reads it, the more so
    on a loaded machine, and the quiet time came out 68 ms short of the minute once."""
    before = page.evaluate("window.dicetable.port.app.kiosk.last_input")
    page.evaluate("window.dicetable.port.set_speed(%d)" % FAST)
    page.wait_for_function("window.dicetable.port.attracting()", timeout=8_000, polling=5)
    after = page.evaluate("window.dicetable.port.ticks()")
    page.evaluate("window.dicetable.port.set_speed(%d)" % SPEED)
    settle(page)
    sim.run(sim.device.clock.sleep_ms(IDLE_MS + 1_000))
    sim.run(sim.device.wait_idle())
    return after - before


def _play_trek12_with_a_code(page, sim):
    """Through the kiosk's menu and setup (class code typed) and the guided round to the
    results; the initials
    screen is skipped (BACK on its first letter). Returns the number of presses."""
    pilot = Autopilot("trek12", {"players": 1, "bots": 0, "map": "dunai"})
    presses = 0
    for _ in range(300):
        screen = _screen(sim)
        if _named(sim, "SetupScreen") and screen.values.get("code") != CODE:
            row = [option[0] for option in screen.options].index("code")
            while _screen(sim).cursor != row:
                _both(page, sim, keys.UP)
            _both(page, sim, keys.OK)
            _type_wheel(page, sim, CODE, CHARACTERS)
            continue
        key = keys.BACK if _named(sim, "InitialsScreen") else pilot.next_key(sim.device.app.shell)
        if key is None:
            return presses
        _both(page, sim, key, "in the game")
        presses += 1
    raise AssertionError("the game did not end")


def _collects_csv(page, tmp_path):
    """What `make collect` writes for the results log the page saved: its segment files as
    the board snippet prints them, through collect's parser, merge and writer."""
    names = page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('dicetable/results.'))"
    )
    transfer = ["<<results"]
    for key in sorted(names):
        name = key[len("dicetable/") :]
        transfer.append("F " + name)
        transfer += stored(page, name).decode().splitlines()
    transfer.append("results>> %d" % (len(transfer) - 1 - len(names)))
    found = collect.parse_transfer("\n".join(transfer) + "\n")
    assert found["complete"] and not found["damaged"]
    collection = collect.Collection()
    for record in found["records"]:
        collection.add(record)
    path = tmp_path / "results.csv"
    collect.write_csv(collection.records(), str(path))
    return path.read_bytes()


def test_the_kiosk_in_the_browser_to_a_downloaded_results_csv(browser, site, tmp_path):
    context = browser.new_context(viewport={"width": 1024, "height": 640}, accept_downloads=True)
    sim = Lockstep(str(tmp_path / "sim"))
    try:
        page = open_page(context, site, SEED, "&kiosk=1")
        sim.power_on()
        assert page.evaluate("document.body.classList.contains('kiosk')")
        assert not page.locator(".menu").is_visible()  # the page's menu: not for students
        same_picture(page, sim, "at power-on")

        # The teacher: chord, a new PIN twice, kiosk mode on, lock and leave.
        _teacher_chord(page, sim)
        assert page.evaluate("window.dicetable.fullscreenAsked") >= 1  # at the first key
        assert _named(sim, "PinScreen")
        _type_wheel(page, sim, PIN, " 0123456789")
        _type_wheel(page, sim, PIN, " 0123456789")
        assert _screen(sim).note == "PIN saved"
        _choose(page, sim, "Kiosk mode")
        assert sim.device.kiosk.enabled
        _choose(page, sim, "Lock and leave")

        # A minute without a button: the attract loop, at the idle time and not before.
        quiet = _wait_for_the_attract_loop(page, sim)
        assert IDLE_MS <= quiet <= IDLE_MS + 4_000, quiet
        assert _named(sim, "AttractScreen")
        same_picture(page, sim, "on the attract loop's title")
        if SCREENSHOTS:
            page.screenshot(path=os.path.join(SCREENSHOTS, "web-kiosk-attract.png"))
        _both(page, sim, keys.OK, "leaving the attract loop")  # any button: the menu
        assert not page.evaluate("window.dicetable.port.attracting()")

        # A student: Trek 12 with class code AB (its guided round), to the results.
        assert _play_trek12_with_a_code(page, sim) > 30
        assert _named(sim, "ResultsScreen")

        # The teacher takes the results from the page's menu (the plain URL, same browser).
        page.goto(page_url(site, SEED))
        settle(page)
        sim.power_on()
        same_picture(page, sim, "at the next start")
        with page.expect_download() as download:
            page.click("#download")
        csv_bytes = open(download.value.path(), "rb").read()
        assert download.value.suggested_filename == "dicetable-results.csv"
        assert csv_bytes == _collects_csv(page, tmp_path)
        rows = csv_bytes.decode().split("\r\n")
        assert rows[0] == ",".join(collect.CSV_COLUMNS) and rows[-1] == ""
        device = stored(page, "device.id").hex()
        assert len(rows) == 3  # the header, the one seat, the final line end
        cells = rows[1].split(",")
        assert cells[:6] == [device, "1", "trek12", "trek12/dunai", CODE, FINISHED]
    finally:
        sim.close()
        context.close()


def test_start_fresh_asks_then_deletes_every_saved_file_and_starts_again(browser, site):
    context = browser.new_context()
    try:
        page = open_page(context, site, SEED)
        for key in (keys.OK, keys.OK):  # into Cybo's setup, then a game
            press(page, key)
        assert stored(page, "game.jnl") is not None
        device = stored(page, "device.id")
        saved = page.evaluate("Object.keys(localStorage).length")

        page.once("dialog", lambda dialog: dialog.dismiss())  # "no": nothing happens
        page.click("#fresh")
        assert page.evaluate("Object.keys(localStorage).length") == saved

        page.once("dialog", lambda dialog: dialog.accept())
        with page.expect_navigation():
            page.click("#fresh")
        settle(page)
        assert stored(page, "game.jnl") is None  # no game to resume: the menu
        assert stored(page, "device.id") not in (None, device)  # a new device
        assert page.evaluate("window.dicetable.port.app.shell.game_state() == null")
    finally:
        context.close()
