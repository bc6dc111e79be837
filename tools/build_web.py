"""Build the static web site of DiceTable in a browser (`make web`, docs/web.md) into one folder.

  index.html, dicetable.js     the page (web/)
  micropython/                 MicroPython's WebAssembly port: micropython.mjs + .wasm, copied
                               from web/node_modules after `npm ci` (version pinned in
                               web/package-lock.json)
  firmware.json                {path: base64 of the file} of every module under
                               firmware/dicetable, compiled by mpy-cross to .mpy bytecode (no
                               native code: the port runs bytecode only), and boards/web.py as
                               board.mpy; the page writes them into the port's file system,
                               which imports them as the device imports its files. With
                               --sources the .py files go instead (tracebacks with lines).

The folder is the whole site: any static file host serves it (it needs `.mjs` served as
JavaScript and, for fast start, `.wasm` as application/wasm).
"""

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

import build_mpy  # tools/, beside this file

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join("@micropython", "micropython-webassembly-pyscript")
# The port's plain build: the ulab and settrace variants in the package are not used.
RUNTIME = ("micropython.mjs", "micropython.wasm")
PAGE = ("index.html", "dicetable.js")
MPY_CROSS = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
# As the device's build (tools/build_mpy.py) but without -march: bytecode any port runs.
MPY_OPTIONS = ("-O3",)
CACHE = os.path.join(ROOT, "build", "web-mpy")


# Modules of native code (viper) are left out: the WebAssembly port has no native emitter, and
# each importer keeps a plain fallback (ui/text.py, ui/refresh.py, drivers/ssd1680.py).


def firmware_files(root=ROOT):
    """{path in the page's file system: source text}: dicetable/... (less the native-code
    modules) and board.py."""
    files = {}
    firmware = os.path.join(root, "firmware")
    for where, dirs, names in os.walk(os.path.join(firmware, "dicetable")):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(where, name)
                with open(path, encoding="utf-8") as source:
                    text = source.read()
                if not build_mpy.has_native_code(text):
                    files[os.path.relpath(path, firmware).replace(os.sep, "/")] = text
    with open(os.path.join(root, "boards", "web.py"), encoding="utf-8") as source:
        files["board.py"] = source.read()
    return files


def compiled(files, mpy_cross=MPY_CROSS, cache=CACHE):
    """{path.mpy: bytecode} for {path.py: source}, by mpy-cross; each result is kept in
    `cache` under a hash of its source, path, options and compiler, so a rebuild compiles only
    what changed (the browser tests build the site at every run)."""
    if not os.path.exists(mpy_cross):
        sys.exit("build_web: no %s: run `make setup`" % mpy_cross)
    os.makedirs(cache, exist_ok=True)
    compiler = os.stat(mpy_cross)
    out = {}
    with tempfile.TemporaryDirectory() as work:
        for path, source in files.items():
            made = (MPY_OPTIONS, "-s import-name", compiler.st_size, compiler.st_mtime)
            key = hashlib.sha256(repr((path, source) + made).encode()).hexdigest()
            kept = os.path.join(cache, key + ".mpy")
            if not os.path.exists(kept):
                name = os.path.join(work, path.replace("/", "_"))
                with open(name, "w", encoding="utf-8") as file:
                    file.write(source)
                # -s: the module's name in tracebacks, as the device's build gives it
                named = ["-s", build_mpy.module_name(path)]
                cmd = [mpy_cross, *MPY_OPTIONS, *named, "-o", name + ".mpy", name]
                subprocess.run(cmd, check=True)
                shutil.move(name + ".mpy", kept)
            with open(kept, "rb") as file:
                out[path[:-3] + ".mpy"] = file.read()
    return out


def build(out, node_modules, sources=False, mpy_cross=MPY_CROSS):
    package = os.path.join(node_modules, PACKAGE)
    missing = [name for name in RUNTIME if not os.path.exists(os.path.join(package, name))]
    if missing:
        sys.exit("build_web: %s lacks %s: run `npm ci` in web/" % (package, ", ".join(missing)))
    files = firmware_files()
    if sources:
        files = {path: text.encode() for path, text in files.items()}
    else:
        files = compiled(files, mpy_cross)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "micropython"))
    for name in RUNTIME:
        shutil.copy(os.path.join(package, name), os.path.join(out, "micropython", name))
    for name in PAGE:
        shutil.copy(os.path.join(ROOT, "web", name), os.path.join(out, name))
    bundle = {path: base64.b64encode(data).decode() for path, data in files.items()}
    with open(os.path.join(out, "firmware.json"), "w", encoding="utf-8") as file:
        json.dump(bundle, file, sort_keys=True, separators=(",", ":"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "web"))
    parser.add_argument("--node-modules", default=os.path.join(ROOT, "web", "node_modules"))
    parser.add_argument("--sources", action="store_true", help="ship .py, not .mpy")
    args = parser.parse_args(argv)
    build(args.out, args.node_modules, args.sources)
    print("build_web: the site is in %s" % os.path.relpath(args.out))


if __name__ == "__main__":
    main()
