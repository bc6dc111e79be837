"""The CircuitPython port on the simulator (issue 18): whole games of every title through
button events on the simulated MagTag and CircuitPython Pico, the sheet on the modelled glass
against the engine's scores; on the MagTag each game again in a fresh interpreter drawing with
the portable framebuf, as a CircuitPython board does, frame for frame equal; the real Adafruit
neopixel library's bytes against the MicroPython LED driver's for the same frame; keypad
events through the press classifier."""

import asyncio
import json
import os
import subprocess
import sys

import machine
import pytest
from framebuf_game import record_game

from dicetable.drivers import leds
from hostsim import circuitpython
from hostsim.boards import load_board
from hostsim.vclock import VirtualClock

from e2e_common import assert_scores_on_panel

HERE = os.path.dirname(os.path.abspath(__file__))


def _portable_framebuf_game(folder, board, game_id, options, seed):
    """The record of framebuf_game.py run as a script: a fresh interpreter whose `framebuf`
    is the portable one."""
    script = os.path.join(HERE, "framebuf_game.py")
    args = [sys.executable, script, board, game_id, json.dumps(options), str(seed), str(folder)]
    done = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    "board, game_id, options",
    [
        ("sim_magtag", "trek12", {"players": 2, "bots": 1, "map": "kagkot"}),
        ("sim_magtag", "gang", {"players": 3, "bots": 2}),
        ("sim_magtag", "ontrack", {"players": 2, "bots": 1, "hints": False}),
        ("sim_magtag", "dicetrip", {"players": 2, "bots": 1}),
        ("sim_magtag", "cybo", {"players": 3, "bots": 2, "level": "advanced"}),
        ("sim_pico_circuitpython", "cybo", {"players": 2, "bots": 0, "level": "beginner"}),
        ("sim_pico_circuitpython", "trek12", {"players": 1, "bots": 0, "map": "dunai"}),
    ],
)
def test_whole_game_through_buttons_matches_the_panel(tmp_path, board, game_id, options):
    device, record = record_game(board, game_id, options, 31, tmp_path / "sim")
    assert record["framebuf"] == "hostsim/shims/framebuf.py"
    assert record["presses"]  # a person's part went through the buttons (keypad -> classifier)
    state = assert_scores_on_panel(device)
    assert record["replayed"] == record["scores"] == state.scores()
    if board == "sim_magtag":
        portable = _portable_framebuf_game(tmp_path / "portable", board, game_id, options, 31)
        assert portable["framebuf"] == "firmware/circuitpython/framebuf.py"
        assert portable["scores"] == portable["replayed"] == state.scores()
        assert len(portable["frames"]) == len(record["frames"]) > 5
        for number, (seen, expected) in enumerate(zip(portable["frames"], record["frames"])):
            assert seen == expected, "refresh %d differs (frame, glass, LEDs)" % number
    assert device.panel.full_refreshes >= 1 and device.panel.partial_refreshes >= 1
    # The LEDs were written by the Adafruit library through neopixel_write, on the board's pin.
    count, last = machine._bitstream_record(device.led_line)
    strip = device.board["matrix"].get("strip")
    assert count > 0 and len(last) == 3 * (strip or 64)
    import displayio  # the fake: the port let go of CircuitPython's own display first

    assert displayio.released[0] >= 1
    # microcontroller.watchdog was armed by the normal start and fed in time all game long.
    report = device.watchdog_report()
    assert report["armed"] and report["feeds"] > 0 and not report["starved"]


def _frames():
    die = bytearray(3 * 64)
    for pixel in range(64):
        die[3 * pixel : 3 * pixel + 3] = b"\xc8\x10\x10"  # a red die body...
    for pixel in (9, 14, 27, 36, 49, 54):
        die[3 * pixel : 3 * pixel + 3] = b"\xff\xff\xff"  # ...and its pips
    white = bytearray(b"\xff" * (3 * 64))  # over the budget: the cap scales it
    ramp = bytearray(range(192))
    return [die, white, ramp, bytearray(3 * 64)]


@pytest.mark.parametrize("level", [255, 90])
def test_adafruit_library_writes_the_micropython_drivers_bytes(level):
    import neopixel  # hostsim's MicroPython neopixel (the other runtime's module)

    machine._reset_sim()
    circuitpython.reset_sim()
    micro = load_board("pico_ssd1680")
    circuit = load_board("pico_circuitpython")
    port = circuitpython.port()
    reference = leds.for_board(micro, neopixel.NeoPixel(machine.Pin(micro["matrix"]["pin"]), 64))
    ported = port.build_leds(circuit)
    line = circuitpython.pin_id(circuit["matrix"]["pin"])
    reference.set_brightness(level)
    ported.set_brightness(level)
    for frame in _frames():
        assert reference.show(frame) == ported.show(frame)
        written = machine._bitstream_record(micro["matrix"]["pin"])
        assert written[0] >= 1
        assert machine._bitstream_record(line) == written  # count and bytes alike


def test_magtag_strip_shows_each_bands_die_colour_and_powers_the_leds():
    machine._reset_sim()
    circuitpython.reset_sim()
    board = load_board("magtag")
    strip = circuitpython.port().build_leds(board)
    frame = bytearray(3 * 64)
    for y in range(8):
        for x in range(8):
            colour = b"\xc8\x00\x00" if x < 4 else b"\xff\xc8\x00"  # red die | yellow die
            if (x, y) in ((1, 1), (6, 6)):
                colour = b"\xff\xff\xff"  # a pip: fewer than the body
            frame[3 * (8 * y + x) : 3 * (8 * y + x) + 3] = colour
    assert strip.show(frame)
    _count, data = machine._bitstream_record(circuitpython.pin_id("NEOPIXEL"))
    # Two red LEDs, then two yellow ones (GRB on the wire), as a 4x1 matrix with the board's
    # budget shows them: gamma and the current cap as everywhere.
    import neopixel  # hostsim's MicroPython neopixel

    reference = neopixel.NeoPixel(machine.Pin(99), 4)
    matrix = leds.LEDMatrix(reference, 4, 1, board["led_budget_ma"])
    matrix.show(bytes(b"\xc8\x00\x00" * 2 + b"\xff\xc8\x00" * 2))
    assert data == bytes(reference.buf)
    assert data[1] > 0 and data[0] == data[2] == 0 and data[7] > data[6] > 0 == data[8]
    # The library switched the MagTag's NeoPixel power on (NEOPIXEL_POWER, active low).
    assert machine._level(circuitpython.pin_id("NEOPIXEL_POWER")) == 0


def test_keypad_events_reach_the_press_classifier():
    machine._reset_sim()
    circuitpython.reset_sim()
    clock = VirtualClock()
    machine._set_time(lambda: clock.now)
    board = load_board("magtag")
    port = circuitpython.port()
    line = circuitpython.pin_id(board["buttons"]["pins"]["B"])
    events = []

    async def run():
        clock.running = True
        keeper = asyncio.create_task(clock.keeper())
        scanner = port.build_buttons(board, clock).start()
        await clock.sleep_ms(30)
        machine._drive(line, 0)  # B (OK) down...
        await clock.sleep_ms(120)
        machine._drive(line, None)  # ...and up
        await clock.sleep_ms(120)
        while scanner.pending():
            events.append(scanner.get_nowait())
        scanner.deinit()
        clock.running = False
        keeper.cancel()

    asyncio.run(run())
    from dicetable.ui import keys

    assert events == [(keys.PRESS, keys.OK), (keys.RELEASE, keys.OK)]


@pytest.mark.parametrize(
    "board, expected", [("sim_magtag", "firmware/circuitpython"), ("sim296", "hostsim/shims")]
)
def test_hostsim_run_draws_a_circuitpython_board_with_the_portable_framebuf(board, expected):
    code = (
        "import sys\nfrom hostsim.__main__ import main\n"
        "code = main(['run', '--board', %r, '--game', 'gang', '--players', '2', '--bots', '1'])\n"
        "print('exit', code, sys.modules['framebuf'].__file__)\n" % board
    )
    root = os.path.dirname(os.path.dirname(HERE))
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Final scores (Gang of Dice, seed 7)" in done.stdout
    last = done.stdout.strip().split("\n")[-1]
    assert last == "exit 0 " + os.path.join(root, expected, "framebuf.py")
