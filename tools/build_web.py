"""Build the static web site of DiceTable in a browser (`make web`, docs/web.md) into one folder.

  index.html, dicetable.js     the page (web/)
  micropython/                 MicroPython's WebAssembly port: micropython.mjs + .wasm, copied
                               from web/node_modules after `npm ci` (version pinned in
                               web/package-lock.json)
  firmware.json                {path: source} of every module under firmware/dicetable, and
                               boards/web.py as board.py; the page writes them into the port's
                               file system, which imports them as the device imports its files

The folder is the whole site: any static file host serves it (it needs `.mjs` served as
JavaScript and, for fast start, `.wasm` as application/wasm).
"""

import argparse
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join("@micropython", "micropython-webassembly-pyscript")
# The port's plain build: the ulab and settrace variants in the package are not used.
RUNTIME = ("micropython.mjs", "micropython.wasm")
PAGE = ("index.html", "dicetable.js")


def firmware_files(root=ROOT):
    """{path in the page's file system: source text}: dicetable/... and board.py."""
    files = {}
    firmware = os.path.join(root, "firmware")
    for where, dirs, names in os.walk(os.path.join(firmware, "dicetable")):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(where, name)
                with open(path, encoding="utf-8") as source:
                    files[os.path.relpath(path, firmware).replace(os.sep, "/")] = source.read()
    with open(os.path.join(root, "boards", "web.py"), encoding="utf-8") as source:
        files["board.py"] = source.read()
    return files


def build(out, node_modules):
    package = os.path.join(node_modules, PACKAGE)
    missing = [name for name in RUNTIME if not os.path.exists(os.path.join(package, name))]
    if missing:
        sys.exit("build_web: %s lacks %s: run `npm ci` in web/" % (package, ", ".join(missing)))
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "micropython"))
    for name in RUNTIME:
        shutil.copy(os.path.join(package, name), os.path.join(out, "micropython", name))
    for name in PAGE:
        shutil.copy(os.path.join(ROOT, "web", name), os.path.join(out, name))
    with open(os.path.join(out, "firmware.json"), "w", encoding="utf-8") as bundle:
        json.dump(firmware_files(), bundle, sort_keys=True, separators=(",", ":"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "web"))
    parser.add_argument("--node-modules", default=os.path.join(ROOT, "web", "node_modules"))
    args = parser.parse_args(argv)
    build(args.out, args.node_modules)
    print("build_web: the site is in %s" % os.path.relpath(args.out))


if __name__ == "__main__":
    main()
