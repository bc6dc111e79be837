"""Runs each portable test module in its own MicroPython process, at the device-sized heap.

    python tools/mptest_each.py MICROPYTHON HEAP MICROPYPATH DIR LABEL

Test modules are found in DIR and every folder below it (the tests mirror the firmware's
folders); every such folder is on the path, so a module imports helpers by bare name. One
process per module, as on the device where one app owns the heap: a module's tests then
never fail for the fragments an unrelated earlier module left behind. tools/mptest.py does the
work inside each process (it exits 1 on any failure and when no test ran). Prints each
module's result line and a total; exits 1 if any module failed.
"""

import os
import subprocess
import sys


def main(argv):
    micropython, heap, path, folder, label = argv[1:6]
    modules = []  # (folder, module name)
    folders = []
    for where, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        folders.append(where)
        for name in sorted(files):
            if name.startswith("test_") and name.endswith(".py"):
                modules.append((where, name[:-3]))
    env = dict(os.environ, MICROPYPATH=":".join([path] + folders))
    passed = failed = 0
    broken = []
    for where, name in modules:
        result = subprocess.run(
            [
                micropython,
                "-X",
                "heapsize=" + heap,
                "tools/mptest.py",
                where,
                label,
                "--module",
                name,
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        counts = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""
        words = counts.split()
        if len(words) >= 4 and words[1] == "passed,":
            passed += int(words[0])
            failed += int(words[2])
        if result.returncode != 0:
            broken.append(name)
            print(result.stdout + result.stderr)
    print(
        "%s tests (micropython, %s, one process per module): %d passed, %d failed"
        % (label, folder, passed, failed)
    )
    if broken:
        print("modules with failures: " + " ".join(broken))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
