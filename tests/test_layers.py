"""The layers stay apart: rules do no I/O, keep no clock and no global random; renderers never talk to Discord or the store; cogs go through the service."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

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


def imported_modules(source: str, module: str) -> set[str]:
    """Every module a source file imports, relative imports resolved, `from a import b` also giving `a.b`."""
    found: set[str] = set()
    package = module.rsplit(".", 1)[0] if "." in module else ""
    for node in ast.walk(ast.parse(source)):
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


def cog_imports() -> dict[str, set[str]]:
    """Each cogs module and the cogs modules it imports anywhere in its file (inside functions too)."""
    modules = {module_name(p).removesuffix(".__init__"): p for p in COG_FILES}
    return {
        name: {m for m in imported_modules(path.read_text(encoding="utf-8"), module_name(path)) if m in modules} - {name}
        for name, path in modules.items()
    }


def import_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of the graph (as the modules around it), or [] when there is none."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return []
        for child in sorted(graph.get(node, ())):
            if found := visit(child, [*path, node]):
                return found
        done.add(node)
        return []

    return next((found for node in sorted(graph) if (found := visit(node, []))), [])


def test_the_cycle_finder_finds_cycles() -> None:
    assert import_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert import_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_cogs_modules_import_each_other_in_no_circle() -> None:
    """Features build on the shared base and on each other one way only; no lazy import hides a circle."""
    assert import_cycle(cog_imports()) == []
