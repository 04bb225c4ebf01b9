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
# What a run's log names on its own, left out of the print: its header names the look-ahead its strong seats play
# by, so a new look-ahead for one game leaves every other game's kept logs good, and still refuses this game's.
NAMED_BY_THE_RUN = {"engine.platform.thinking": frozenset({"LOOK_AHEADS"})}


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


def as_run(tree: ast.Module, named: frozenset[str] = frozenset()) -> str:
    """The code as Python runs it: comments are gone already, docstrings go too (words that play no part), and so
    do the module's assignments to `named` (what the run's log names on its own)."""
    tree.body = [node for node in tree.body
                 if not (isinstance(node, ast.Assign)
                         and {getattr(target, "id", None) for target in node.targets} <= named)]
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


@lru_cache(maxsize=512)  # a module's print by its text: a changed copy of the engine parses only what changed
def module_print(name: str, source: str) -> tuple[str, frozenset[str]]:
    """One module's code as Python runs it (`as_run`), and the modules it imports."""
    tree = ast.parse(source)
    found = frozenset(imports(tree))  # before as_run, which drops the docstrings only, never an import
    return as_run(tree, NAMED_BY_THE_RUN.get(name, frozenset())), found


@cache  # the code does not change under a running process
def code_print(slug: str) -> str:
    """A short fingerprint of every engine module a game's play reaches by its imports, and of its component data
    (not its rules guide, which only tells): the same for the same play, whatever the comments and docstrings say."""
    game_package = engine.game_package(slug)
    todo = [game_package, f"{game_package}.ai", *PLAYED_FROM]
    reached: dict[str, str] = {}
    while todo:
        name = todo.pop()
        path = module_file(name)
        if path is None or name in reached:
            continue
        reached[name], found = module_print(name, path.read_text(encoding="utf-8"))
        todo += found
    digest = hashlib.sha256()
    for name in sorted(reached):
        digest.update(f"{name}\n{reached[name]}\n".encode())
    data = module_file(game_package)
    assert data is not None
    for path in sorted(data.parent.glob("components*.toml")):
        digest.update(path.name.encode() + b"\n" + path.read_bytes())
    return digest.hexdigest()[:16]
