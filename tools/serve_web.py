"""Serve build/web on localhost (`make web-serve`; the browser tests use `serve`).

Python's own http.server with the two types a static host must get right for the page: `.mjs`
as JavaScript (browsers refuse a module script of any other type) and `.wasm` as
application/wasm (else the port compiles only after the whole file has arrived).
"""

import argparse
import functools
import http.server
import os
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        if self.server.verbose:
            super().log_message(format, *args)


def serve(folder, port=0, verbose=False):
    """A server for `folder` on 127.0.0.1 (`port` 0: a free one), running in a thread. Its
    `server_address[1]` is the port; call `shutdown()` when done."""
    handler = functools.partial(_Handler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.verbose = verbose
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default=os.path.join(ROOT, "build", "web"))
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not os.path.exists(os.path.join(args.dir, "index.html")):
        raise SystemExit("serve_web: no site in %s: run `make web` first" % args.dir)
    server = serve(args.dir, args.port, verbose=True)
    url = "http://127.0.0.1:%d/" % server.server_address[1]
    print("DiceTable in a browser: %s (Ctrl-C stops)" % url, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
