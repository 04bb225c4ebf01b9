"""The layers stay apart: rules do no I/O, keep no clock and no global random; renderers never talk to Discord or
the store; cogs go through the service; the imports among the product's modules make no circle and never point from
a lower layer to a higher one."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("layers")  # one worker reads the product's sources, not each
ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "engine" / "rules"
RENDERERS = ROOT / "renderers"

RULES_MAY_NOT_IMPORT = {
    "discord", "aiosqlite", "PIL", "asyncio", "sqlite3", "time", "datetime", "random", "engine.store", "engine.services",
}
RENDERERS_MAY_NOT_IMPORT = {"discord", "aiosqlite", "engine.store", "engine.services"}
SEEDED_RANDOM = RULES / "rng.py"  # the one place random.Random is wrapped, seeded per game and step


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


@cache  # every test of a module reads the same tree: parse each source once (no caller changes a tree)
def parsed(source: str) -> ast.Module:
    return ast.parse(source)


def imported_modules(source: str, module: str) -> set[str]:
    """Every module a source file imports, relative imports resolved, `from a import b` also giving `a.b`."""
    found: set[str] = set()
    package = module.rsplit(".", 1)[0] if "." in module else ""
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".") if package else []
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call):  # importlib.import_module("x") / __import__("x")
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
                found.add(str(node.args[0].value))
    return found


def forbidden(imported: set[str], banned: set[str]) -> list[str]:
    return sorted(name for name in imported for ban in banned if name == ban or name.startswith(ban + "."))


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def test_the_checker_sees_what_it_should() -> None:
    source = "import time\nfrom .. import store\nfrom engine import services\nimport importlib\nimportlib.import_module('discord')\n"
    imported = imported_modules(source, "engine.rules.x")
    assert forbidden(imported, RULES_MAY_NOT_IMPORT) == ["discord", "engine.services", "engine.store", "time"]
    assert forbidden(imported_modules("from PIL.Image import open\nimport os.path", "renderers.a"), {"PIL"}) == ["PIL.Image", "PIL.Image.open"]
    assert forbidden(imported_modules("import timeit\nfrom engine.storey import x", "m"), {"time", "engine.store"}) == []


@pytest.mark.parametrize("path", python_files(RULES), ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_import_no_io_clock_or_global_random(path: Path) -> None:
    banned = RULES_MAY_NOT_IMPORT - ({"random"} if path == SEEDED_RANDOM else set())
    bad = forbidden(imported_modules(path.read_text(encoding="utf-8"), module_name(path)), banned)
    assert not bad, f"{path.relative_to(ROOT)} imports {', '.join(bad)}"


def test_rules_files_are_found() -> None:
    names = {p.relative_to(RULES).as_posix() for p in python_files(RULES)}
    assert {"rng.py", "airships/rules.py", "airships/dice.py", "airships/view.py"} <= names


RENDERER_FILES = python_files(RENDERERS) if RENDERERS.is_dir() else []


@pytest.mark.skipif(not RENDERER_FILES, reason="no renderers/ yet")
@pytest.mark.parametrize("path", RENDERER_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_renderers_talk_to_neither_discord_nor_the_store(path: Path) -> None:
    bad = forbidden(imported_modules(path.read_text(encoding="utf-8"), module_name(path)), RENDERERS_MAY_NOT_IMPORT)
    assert not bad, f"{path.relative_to(ROOT)} imports {', '.join(bad)}"


COGS = ROOT / "cogs"
COGS_MAY_NOT_IMPORT = {"aiosqlite", "sqlite3", "PIL", "engine.store", "engine.rules", "renderers"}
COG_FILES = python_files(COGS)


def test_cog_files_are_found() -> None:
    assert {COGS / "play" / "commands.py", COGS / "base" / "components.py"} <= set(COG_FILES)


@pytest.mark.parametrize("path", COG_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_cogs_reach_games_only_through_the_service(path: Path) -> None:
    """Cogs stay thin: no SQL, no drawing, no rules of their own; they call the table service."""
    bad = forbidden(imported_modules(path.read_text(encoding="utf-8"), module_name(path)), COGS_MAY_NOT_IMPORT)
    assert not bad, f"{path.relative_to(ROOT)} imports {', '.join(bad)}"


WEB = ROOT / "web"
WEB_MAY_NOT_IMPORT = {"discord", "aiosqlite", "asyncpg", "sqlite3", "PIL", "engine.store", "engine.rules", "renderers",
                      "cogs"}
WEB_FILES = [p for p in python_files(WEB) if p.name != "__main__.py"]  # __main__ composes, as bot.py does


def test_web_files_are_found() -> None:
    assert {WEB / "app.py", WEB / "server.py"} <= set(WEB_FILES)


@pytest.mark.parametrize("path", WEB_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_web_pages_read_through_the_services_and_never_talk_to_discord(path: Path) -> None:
    """The pages show what the thread shows, from the services: no Discord, no SQL, no rules or drawing of their own."""
    bad = forbidden(imported_modules(path.read_text(encoding="utf-8"), module_name(path)), WEB_MAY_NOT_IMPORT)
    assert not bad, f"{path.relative_to(ROOT)} imports {', '.join(bad)}"


# --- the import graph: no circles, and no arrow against the layers ----------------------------------------------
#
# Every import counts: at the top of a file, inside a function (a lazy import is how a circle hides) and under
# `if TYPE_CHECKING:` (a dependency all the same, for the type checker and for the reader).

PRODUCT = ("engine", "cogs", "renderers", "web")  # folders, and bot.py and settings.py beside them

# The engine's layers, lowest first: a module may import its own layer and those below it, never one above.
ENGINE_LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("contract", ("engine.core", "engine.events", "engine.figures", "engine.manifest", "engine.options",
                  "engine.sentences", "engine.view", "engine.views", "engine.words")),
    ("rules", ("engine.rules",)),
    ("registry", ("engine",)),  # engine/__init__.py alone: the games by slug, over the rules it loads
    ("platform", ("engine.platform",)),
    ("store", ("engine.store",)),
    ("services", ("engine.services",)),
    ("cli", ("engine.cli", "engine.__main__")),
]
# Beside and above the engine, what each may import besides itself. Renderers draw the public view: the contract at
# most (engine.view, engine.views and engine.events, the typed views and their events; engine.words, the shared
# plurals and the ranking), and the registry, whose manifests name each game's renderer.
# Cogs go through the services (no store, rules or drawing).
# bot.py is the top and may import anything; nothing imports it.
SIDE_LAYERS: dict[str, tuple[tuple[str, ...], set[str]]] = {
    "renderers": (("renderers",), {"contract", "registry"}),
    "cogs": (("cogs",), {"contract", "registry", "platform", "services"}),
    # The board-drawing command (`python -m renderers simulate`) plays games through the engine and draws them.
    "tools": (("renderers.__main__",), {name for name, _ in ENGINE_LAYERS} | {"renderers"}),
    # The web pages read through the services, as the cogs do; `python -m web` composes them as bot.py does.
    # Their server's limits are settings (settings.WebLimits), read where the server starts.
    "web": (("web",), {"contract", "registry", "platform", "services", "settings"}),
    "web-root": (("web.__main__",), {name for name, _ in ENGINE_LAYERS} | {"renderers", "web", "settings"}),
    "settings": (("settings",), {name for name, _ in ENGINE_LAYERS}),
    "bot": (("bot",), {name for name, _ in ENGINE_LAYERS} | {"renderers", "cogs", "web", "settings"}),
}


def allowed_layers() -> dict[str, set[str]]:
    allowed = {name: {lower for lower, _ in ENGINE_LAYERS[: i + 1]} for i, (name, _) in enumerate(ENGINE_LAYERS)}
    allowed.update({name: {name} | may for name, (_, may) in SIDE_LAYERS.items()})
    return allowed


def layer_of(module: str) -> str | None:
    """The layer of a product module: the one naming the longest prefix of it (`engine` names only engine/__init__)."""
    best: tuple[int, str] | None = None
    for name, prefixes in [*ENGINE_LAYERS, *((n, p) for n, (p, _) in SIDE_LAYERS.items())]:
        for prefix in prefixes:
            exact = prefix == "engine"
            if module == prefix or (not exact and module.startswith(prefix + ".")):
                if best is None or len(prefix) > best[0]:
                    best = (len(prefix), name)
    return best[1] if best else None


@dataclass(frozen=True)
class Arrow:
    """One import of a product module by another: where it is written and how."""

    source: str
    target: str
    line: int
    lazy: bool = False  # inside a function
    type_only: bool = False  # under `if TYPE_CHECKING:`

    def __str__(self) -> str:
        how = [word for word, yes in (("inside a function", self.lazy), ("type-checking only", self.type_only)) if yes]
        return f"{self.source} (line {self.line}{', ' + ', '.join(how) if how else ''}) -> {self.target}"


def product_files() -> list[Path]:
    return [p for folder in PRODUCT for p in python_files(ROOT / folder)] + [ROOT / "bot.py", ROOT / "settings.py"]


def product_sources() -> dict[str, str]:
    """Every product module's source, by module name (a package by its own name, not `...__init__`)."""
    return {package_name(p): p.read_text(encoding="utf-8") for p in product_files()}


def package_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def import_arrows(sources: dict[str, str], packages: set[str] | None = None) -> list[Arrow]:
    """Every arrow between the given modules, each import resolved to the module it loads: `from a import b`
    is a.b where that is a module, else a; `import a.b.c` the longest of a.b.c, a.b, a that is one of them.
    `packages` names the modules that are packages (an __init__), for relative imports; by default those with a
    module below them."""
    modules = set(sources)
    if packages is None:
        packages = {m for m in modules if any(other.startswith(m + ".") for other in modules)}

    arrows: set[Arrow] = set()
    for module, source in sources.items():
        package = module if module in packages else module.rpartition(".")[0]
        arrows.update(module_arrows(module, parsed(source), package, modules))
    return sorted(arrows, key=lambda a: (a.source, a.target, a.line))


def module_arrows(module: str, tree: ast.Module, package: str, modules: set[str]) -> set[Arrow]:
    """The arrows from one module (in `package`, for its relative imports) to any of `modules`."""
    arrows: set[Arrow] = set()

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    def add(target: str | None, node: ast.stmt | ast.expr, lazy: bool, type_only: bool) -> None:
        if target and target != module:
            arrows.add(Arrow(module, target, node.lineno, lazy, type_only))

    def visit(node: ast.AST, lazy: bool, type_only: bool) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(resolve(alias.name), node, lazy, type_only)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".") if package else []
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in modules else resolve(base), node, lazy, type_only)
        elif isinstance(node, ast.Call):  # importlib.import_module("x") / __import__("x")
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
                add(resolve(str(node.args[0].value)), node, lazy, type_only)
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, lazy, True)
            for child in node.orelse:
                visit(child, lazy, type_only)
            return
        inner = lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inner, type_only)

    visit(tree, False, False)
    return arrows


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, round about (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def shortest_path(graph: dict[str, set[str]], start: str, goal: str, within: set[str]) -> list[str]:
    """The shortest chain of imports from start to goal inside one group (breadth first, names in order)."""
    came: dict[str, str | None] = {start: None}
    frontier = [start]
    while frontier and goal not in came:
        nxt = []
        for node in frontier:
            for child in sorted(graph.get(node, ())):
                if child in within and child not in came:
                    came[child] = node
                    nxt.append(child)
        frontier = nxt
    path, node = [], goal
    while node is not None:
        path.append(node)
        node = came[node]
    return path[::-1]


def circles(arrows: list[Arrow]) -> list[tuple[list[str], list[list[str]]]]:
    """Each group of modules in a circle, with circles through every arrow inside it: the arrow's target back to its
    source the shortest way. Cutting an import breaks exactly the circles listed through it."""
    graph: dict[str, set[str]] = {}
    for arrow in arrows:
        graph.setdefault(arrow.source, set()).add(arrow.target)
        graph.setdefault(arrow.target, set())
    found = []
    for group in strongly_connected(graph):
        members = set(group)
        seen: set[tuple[str, ...]] = set()
        loops = []
        for source in group:
            for target in sorted(graph[source] & members):
                loop = [source, *shortest_path(graph, target, source, members)[:-1]]
                turn = loop.index(min(loop))  # the same circle, whichever module it is read from
                key = tuple(loop[turn:] + loop[:turn])
                if key not in seen:
                    seen.add(key)
                    loops.append([*key, key[0]])
        found.append((group, sorted(loops)))
    return found


def where_written(arrows: list[Arrow], source: str, target: str) -> str:
    """`source (line 12, inside a function)`: every line of source that imports target, and how."""
    lines = [str(a).split(" (", 1)[1].split(")")[0] for a in arrows if (a.source, a.target) == (source, target)]
    return f"{source} ({'; '.join(lines)})"


def circle_report(arrows: list[Arrow]) -> str:
    lines = []
    for group, loops in circles(arrows):
        lines.append(f"{len(group)} modules import each other round about: {', '.join(group)}")
        for loop in loops:
            steps = [where_written(arrows, a, b) for a, b in zip(loop, loop[1:])]
            lines.append("    " + " -> ".join([*steps, loop[-1]]))
    return "\n".join(lines)


def arrows_against_the_layers(arrows: list[Arrow]) -> list[str]:
    allowed = allowed_layers()
    rank = {name: i for i, (name, _) in enumerate(ENGINE_LAYERS)}
    bad = []
    for arrow in arrows:
        source, target = layer_of(arrow.source), layer_of(arrow.target)
        if source is None or target is None or target in allowed[source]:
            continue
        kind = "upward" if source in rank and target in rank and rank[target] > rank[source] else "not allowed"
        may = ", ".join(sorted(allowed[source]))
        bad.append(f"{kind}: {arrow}   [{source} -> {target}; {source} may import {may}]")
    return bad


@cache
def product_arrows() -> list[Arrow]:
    """The product's import graph, read once per process and only by the tests that need it (not at collection)."""
    return import_arrows(product_sources(), {package_name(p) for p in product_files() if p.name == "__init__.py"})


def test_the_graph_checker_finds_a_planted_circle_and_a_planted_upward_arrow() -> None:
    planted = {
        "engine": "from engine.core import Game\n",
        "engine.core": "from typing import TYPE_CHECKING\n"
                       "if TYPE_CHECKING:\n    from engine.rules.guide import Topic\n",
        "engine.rules": "",
        "engine.rules.guide": "",
        "engine.rules.x": "from . import y\n",
        "engine.rules.y": "def later():\n    import engine.rules.z as z\n",
        "engine.rules.z": "import importlib\nimportlib.import_module('engine.rules.x.thing')\n",
        "engine.store": "",
        "engine.store.part": "from engine.platform import records\n",
        "engine.platform": "",
        "engine.platform.records": "def late():\n    from engine.store.part import Row\n",
        "engine.services.service": "from renderers import render\n",
        "renderers": "from engine.core import Game\nfrom engine.rules.guide import Topic\n",
        "cogs.play": "import bot\nfrom engine.services.service import TableService\n",
        "bot": "import cogs.play\n",
    }
    arrows = import_arrows(planted)
    assert Arrow("engine.rules.y", "engine.rules.z", 2, lazy=True) in arrows
    assert Arrow("engine.core", "engine.rules.guide", 3, type_only=True) in arrows
    assert Arrow("engine.rules.z", "engine.rules.x", 2) in arrows  # the module, not the name inside it
    assert [group for group, _ in circles(arrows)] == [
        ["bot", "cogs.play"],
        ["engine.platform.records", "engine.store.part"],
        ["engine.rules.x", "engine.rules.y", "engine.rules.z"],
    ]
    loops = dict((group[0], loops) for group, loops in circles(arrows))["engine.rules.x"]
    assert loops == [["engine.rules.x", "engine.rules.y", "engine.rules.z", "engine.rules.x"]]
    assert "engine.rules.x (line 1) -> engine.rules.y (line 2, inside a function) -> engine.rules.z (line 2)" \
        " -> engine.rules.x" in circle_report(arrows)
    against = arrows_against_the_layers(arrows)
    assert [line.split("   [")[0] for line in against] == [
        "not allowed: cogs.play (line 1) -> bot",
        "upward: engine.core (line 3, type-checking only) -> engine.rules.guide",
        "upward: engine.platform.records (line 2, inside a function) -> engine.store.part",
        "not allowed: engine.services.service (line 1) -> renderers",
        "not allowed: renderers (line 2) -> engine.rules.guide",
    ]
    assert layer_of("engine") == "registry" and layer_of("engine.engines") is None and layer_of("engine.x") is None
    assert layer_of("engine.__main__") == "cli" and layer_of("engine.view") == "contract" and layer_of("bot") == "bot"


def test_every_product_module_has_a_layer() -> None:
    modules = product_sources()
    assert {"engine", "engine.core", "engine.rules.golden_age.board", "cogs.play", "renderers", "bot"} <= set(modules)
    assert not [m for m in modules if layer_of(m) is None], "give these modules a layer in ENGINE_LAYERS or SIDE_LAYERS"


def test_no_import_circles_among_the_products_modules() -> None:
    report = circle_report(product_arrows())
    assert not report, "import circles (each line: one circle, an arrow per import, cut one to break it):\n" + report


def test_no_arrow_goes_against_the_layers() -> None:
    bad = arrows_against_the_layers(product_arrows())
    assert not bad, f"{len(bad)} imports go against the layers (lowest first: " \
        f"{' < '.join(name for name, _ in ENGINE_LAYERS)}; renderers beside, then cogs, then bot):\n" + "\n".join(bad)


ENGINE_MAY_NOT_IMPORT = {"discord"}


@pytest.mark.parametrize("path", python_files(ROOT / "engine"), ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_in_the_engine_talks_to_discord(path: Path) -> None:
    bad = forbidden(imported_modules(path.read_text(encoding="utf-8"), module_name(path)), ENGINE_MAY_NOT_IMPORT)
    assert not bad, f"{path.relative_to(ROOT)} imports {', '.join(bad)}"
