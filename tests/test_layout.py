"""The layout guard (README "How the pieces fit", DESIGN.md's layers): the import graph of
firmware/ and hostsim/, read from the source - imports inside functions included - has no
circle; a game's rules never import its screens; the pure layers never import hardware, a
driver, the app or a layer above their own (kiosk > games > ui > core); firmware never imports
hostsim; and every game package has its parts.

The graph counts `import a.b` and `from a.b import c` as edges to a.b (and to a.b.c when that
is a module), not to the packages above them: a package's `__init__` runs first, but it names
its game and imports its parts lazily, so it adds no edge of its own at import time.
"""

import ast
import os

import pytest

from dicetable.games import GAMES, title

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
FIRMWARE = os.path.join(ROOT, "firmware")
PURE = ("dicetable.core", "dicetable.games", "dicetable.ui", "dicetable.kiosk")
HARDWARE = ("machine", "neopixel", "rp2", "network", "micropython_hw", "dicetable.hardware")
NOT_BELOW_PURE = ("dicetable.drivers", "dicetable.app", "dicetable.boot", "hostsim")
# The pure layers from the top down: each imports only the layers after it (and itself). The one
# exception: ui may read the list of games (dicetable.games itself), never a game.
LAYERS = ("dicetable.kiosk", "dicetable.games", "dicetable.ui", "dicetable.core")
REGISTRY = "dicetable.games"
# The parts every game package has (games/__init__.py's `part` finds them by these names).
GAME_PARTS = ("rules", "sheet", "leds", "howto", "options")
# Parts of a game package that draw: the rules side (everything else) never imports them.
SCREEN_SIDE = (
    "play",
    "sheet",
    "leds",
    "choice",
    "mountain",
    "track_grid",
    "track_icons",
    "city_map",
)


def _modules(top, prefix):
    """{dotted name: path} for every .py file under `top`, names starting with `prefix`."""
    found = {}
    for where, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "shims"))
        for name in files:
            if not name.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(where, name), top)[:-3].replace(os.sep, ".")
            if rel.endswith("__init__"):
                rel = rel[: -len(".__init__")] if rel != "__init__" else ""
            dotted = ".".join(part for part in (prefix, rel) if part)
            found[dotted] = os.path.join(where, name)
    return found


def _imports(path, module, is_package, known=()):
    """Every module name `path` imports, at any depth of the file, relative ones resolved:
    `from a import b` names a.b when that is one of the `known` modules, else a."""
    with open(path, encoding="utf-8") as file:
        tree = ast.parse(file.read(), path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module if is_package else module.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = package + ("." + base if base else "")
            for alias in node.names:
                full = base + "." + alias.name
                names.add(full if full in known else base)
    return names


def import_graph(sources):
    """{module: set of modules it imports, among `sources`} (a dict of name -> path)."""
    graph = {}
    for module, path in sources.items():
        is_package = path.endswith("__init__.py")
        imported = _imports(path, module, is_package, sources)
        graph[module] = {name for name in imported if name in sources}
        graph[module].discard(module)
    return graph


def _all_imports(sources):
    return {
        module: _imports(path, module, path.endswith("__init__.py"), sources)
        for module, path in sources.items()
    }


def find_circle(graph):
    """One import circle as [a, b, ..., a], or None."""
    state = {}  # module -> 1 while on the stack, 2 when done
    stack = []

    def visit(module):
        state[module] = 1
        stack.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                return stack[stack.index(target) :] + [target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        stack.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def sources():
    found = _modules(os.path.join(FIRMWARE, "dicetable"), "dicetable")
    found["main"] = os.path.join(FIRMWARE, "main.py")
    found.update(_modules(os.path.join(ROOT, "hostsim"), "hostsim"))
    return found


def _starts(name, prefixes):
    return any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes)


def rules_side_breaches(graph):
    """[(rules module, screen module it imports)] inside the game packages."""
    breaches = []
    for module, targets in graph.items():
        parts = module.split(".")
        if len(parts) < 4 or parts[1] != "games" or parts[3] in SCREEN_SIDE:
            continue
        for target in targets:
            bits = target.split(".")
            screen = len(bits) >= 4 and bits[1] == "games" and bits[3] in SCREEN_SIDE
            if screen or _starts(target, ("dicetable.ui", "dicetable.kiosk")):
                breaches.append((module, target))
    return breaches


def _rank(name):
    for rank, layer in enumerate(LAYERS):
        if _starts(name, (layer,)):
            return rank
    return None


def layer_breaches(imports):
    """[(module, what it must not import)]: pure code importing hardware, drivers, the app,
    hostsim or a layer above its own; any firmware importing hostsim."""
    breaches = []
    for module, names in imports.items():
        for name in names:
            upward = _rank(module) is not None and _rank(name) is not None
            upward = upward and _rank(name) < _rank(module) and name != REGISTRY
            if _starts(module, PURE) and _starts(name, HARDWARE + NOT_BELOW_PURE):
                breaches.append((module, name))
            elif upward:
                breaches.append((module, name))
            elif not module.startswith("hostsim") and _starts(name, ("hostsim",)):
                breaches.append((module, name))
    return breaches


def test_the_import_graph_has_no_circle():
    circle = find_circle(import_graph(sources()))
    assert circle is None, "import circle: " + " -> ".join(circle)


def test_no_rules_module_imports_a_screen():
    assert rules_side_breaches(import_graph(sources())) == []


def test_pure_layers_import_no_hardware_and_firmware_never_hostsim():
    assert layer_breaches(_all_imports(sources())) == []


@pytest.mark.parametrize("game_id", [game_id for game_id, _title in GAMES])
def test_every_game_package_has_its_parts_and_names_itself(game_id):
    folder = os.path.join(FIRMWARE, "dicetable", "games", game_id)
    for part in GAME_PARTS + ("__init__",):
        assert os.path.exists(os.path.join(folder, part + ".py")), (game_id, part)
    package = __import__("dicetable.games." + game_id, None, None, ("GAME_ID",))
    rules = __import__("dicetable.games.%s.rules" % game_id, None, None, ("GAME_ID",))
    assert package.GAME_ID == rules.GAME_ID == game_id
    assert package.TITLE == title(game_id)
    for name in ("make_params", "new_state", "bot_action", "play_screen"):
        assert callable(getattr(package, name)), (game_id, name)


# --- the guard itself can fail -------------------------------------------------------------------


def test_a_circle_is_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert find_circle(graph) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None


def test_a_circle_added_to_the_real_graph_is_found():
    graph = import_graph(sources())
    graph["dicetable.core.errors"].add("dicetable.core.session")  # session imports errors
    assert find_circle(graph) is not None


def test_a_rules_module_importing_its_sheet_is_a_breach():
    graph = import_graph(sources())
    graph["dicetable.games.trek12.score"].add("dicetable.games.trek12.sheet")
    graph["dicetable.games.gang.data"].add("dicetable.ui.draw")
    assert sorted(rules_side_breaches(graph)) == [
        ("dicetable.games.gang.data", "dicetable.ui.draw"),
        ("dicetable.games.trek12.score", "dicetable.games.trek12.sheet"),
    ]


def test_hardware_in_a_pure_layer_and_hostsim_in_firmware_are_breaches():
    imports = {
        "dicetable.ui.draw": {"machine"},
        "dicetable.games.cybo.rules": {"dicetable.drivers.leds"},
        "dicetable.app": {"hostsim.device"},
        "dicetable.drivers.leds": {"machine"},  # a driver may
        "dicetable.ui.screens": {"dicetable.games", "dicetable.games.cybo.sheet"},
        "dicetable.core.session": {"dicetable.kiosk.results_log"},
        "dicetable.kiosk.attract": {"dicetable.games.trek12", "dicetable.ui.draw"},  # may
    }
    assert sorted(layer_breaches(imports)) == [
        ("dicetable.app", "hostsim.device"),
        ("dicetable.core.session", "dicetable.kiosk.results_log"),
        ("dicetable.games.cybo.rules", "dicetable.drivers.leds"),
        ("dicetable.ui.draw", "machine"),
        ("dicetable.ui.screens", "dicetable.games.cybo.sheet"),
    ]
