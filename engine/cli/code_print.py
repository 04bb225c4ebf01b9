"""The fingerprint of the code and component data that play a game, so an arena log kept by other code is refused."""

from __future__ import annotations

import ast
import hashlib
from functools import cache, lru_cache
from pathlib import Path

import engine

PACKAGE = Path(engine.__file__).parent
# Where a game's play begins: its package and AI, and the levels and look-ahead every game's AI seats play by.
PLAYED_FROM = ("engine.platform.levels", "engine.platform.thinking")
# The registry (engine/__init__.py) is followed no further: it lists the games and plays none, so a new game
# leaves every other game's kept logs good. A game's manifest is not reached either: the AI it names starts the
# print, and the look-ahead it declares is named by the run's own log, which refuses another look-ahead.
NOT_PLAYED = frozenset({"engine"})


def module_file(name: str) -> Path | None:
    """The file of one of engine's modules (None for a name outside engine, or one that is not a module)."""
    if name.split(".")[0] != PACKAGE.name:
        return None
    base = PACKAGE.parent.joinpath(*name.split("."))
    return next((path for path in (base.with_suffix(".py"), base / "__init__.py") if path.is_file()), None)


def imports(tree: ast.Module) -> set[str]:
    """Every module name the code imports, anywhere in it (`from a import b` names `a` and `a.b`, in case `b` is a
    module: names that are not modules are dropped by the caller)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return names


def as_run(tree: ast.Module) -> str:
    """The code as Python runs it: comments are gone already, and docstrings go too (words that play no part)."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


@lru_cache(maxsize=512)  # a module's print by its text: a changed copy of the engine parses only what changed
def module_print(source: str) -> tuple[str, frozenset[str]]:
    """One module's code as Python runs it (`as_run`), and the modules it imports."""
    tree = ast.parse(source)
    found = frozenset(imports(tree))  # before as_run, which drops docstrings only, never an import
    return as_run(tree), found


@cache  # the code does not change under a running process
def code_print(slug: str) -> str:
    """A short fingerprint of every engine module a game's play reaches by its imports, and of its component data
    (not its rules guide, which only tells): the same for the same play, whatever the comments and docstrings say."""
    game_package = engine.game_package(slug)
    todo = [game_package, engine.manifest(slug).ai, *PLAYED_FROM]
    reached: dict[str, str] = {}
    while todo:
        name = todo.pop()
        path = module_file(name)
        if path is None or name in reached or name in NOT_PLAYED:
            continue
        reached[name], found = module_print(path.read_text(encoding="utf-8"))
        todo += found
    digest = hashlib.sha256()
    for name in sorted(reached):
        digest.update(f"{name}\n{reached[name]}\n".encode())
    data = module_file(game_package)
    assert data is not None
    for path in sorted(data.parent.glob("components*.toml")):
        digest.update(path.name.encode() + b"\n" + path.read_bytes())
    return digest.hexdigest()[:16]
