"""The browser tests' fixtures: the site built from the current sources into build/web, served
on a free localhost port, and one headless Chromium (Debian's, never a downloaded one) shared
by a test module. Without Chromium the tests skip, unless DICETABLE_REQUIRE_BROWSER is set
(.ci/run sets it once it has installed the browser): then a skip is a failure."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import build_web  # noqa: E402 - tools/ is put on the path just above
import serve_web  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
# Debian's Chromium as root on a machine with no outside network: no sandbox, no GPU, and none
# of the background connections that would be refused at every start.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _unavailable(reason):
    if os.environ.get("DICETABLE_REQUIRE_BROWSER"):
        pytest.fail("browser tests required (DICETABLE_REQUIRE_BROWSER) but: " + reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def site():
    """The base URL of build/web, rebuilt from the sources (so never a stale site)."""
    modules = os.path.join(ROOT, "web", "node_modules")
    if not os.path.isdir(os.path.join(modules, build_web.PACKAGE)):
        _unavailable("no web/node_modules: run `make web` (needs npm)")
    out = os.path.join(ROOT, "build", "web")
    build_web.build(out, modules)
    server = serve_web.serve(out)
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        _unavailable("no Chromium for the browser tests: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
