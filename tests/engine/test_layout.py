"""Every game package has the same files with the same meanings, and every registered manifest resolves."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import engine
import renderers
from engine.manifest import GameManifest
from engine.platform import thinking
from engine.sentences import Sentences

ROOT = Path(engine.__file__).resolve().parents[1]
SLUGS = engine.list_games()

# The files every game package has, each meaning the same in every game (docs/architecture.md, "One shape for every
# game package", tells each one's meaning; the tests below check what can be checked of it).
CANONICAL = ("__init__.py", "manifest.py", "setup.py", "state.py", "rules.py", "checks.py", "choices.py", "events.py",
             "view.py", "scoring.py", "unseen.py", "data.py", "components.toml", "guide.toml", "ai.py")
# The parts an AI may be split into beside ai.py, each with its one meaning (the same docs).
AI_PARTS = ("ai_value.py", "ai_plan.py", "ai_moves.py", "ai_phases.py")


def package_of(slug: str) -> ModuleType:
    return importlib.import_module(engine.game_package(slug))


def folder_of(slug: str) -> Path:
    return Path(package_of(slug).__file__ or "").parent


def part(slug: str, name: str) -> ModuleType:
    return importlib.import_module(f"{engine.game_package(slug)}.{name}")


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_package_has_the_canonical_files(slug: str) -> None:
    missing = [name for name in CANONICAL if not (folder_of(slug) / name).is_file()]
    assert not missing, f"{slug} lacks {', '.join(missing)}"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_canonical_files_mean_the_same_in_every_game(slug: str) -> None:
    declared = part(slug, "manifest").MANIFEST
    game = package_of(slug).GAME
    assert isinstance(declared, GameManifest) and declared.rules is game  # __init__.py: GAME; manifest.py: the rest
    assert game.effects is part(slug, "rules").EFFECTS  # rules.py: the decisions and the effect of each choice
    assert callable(part(slug, "rules").legal_actions) and callable(part(slug, "rules").to_act)
    assert callable(part(slug, "checks").legal_choice)
    assert callable(part(slug, "choices").explain)
    assert declared.sentences is part(slug, "events").SENTENCES  # events.py: the game's sentences
    view = part(slug, "view")
    assert callable(view.public_view) and callable(view.seat_view) and callable(view.hand_fields)
    assert callable(part(slug, "scoring").outcome)
    assert callable(part(slug, "unseen").redeal)
    assert part(slug, "data").EDITION == game.edition and callable(part(slug, "data").components)
    assert declared.ai == f"{engine.game_package(slug)}.ai"  # ai.py: the AI the platform seats
    assert all(callable(getattr(part(slug, "ai"), name)) for name in ("choose", "greedy", "worth", "worth_words"))


@pytest.mark.parametrize("slug", SLUGS)
def test_setup_finishes_in_setup_py(slug: str) -> None:
    """The Game's setup checks the player count and hands over to setup.new_table: nothing is left to begin."""
    game, new_table = engine.get_game(slug), part(slug, "setup").new_table
    for players in (game.min_players, game.max_players):
        state, table = game.setup(players, 7, {}), new_table(players, 7, {})
        assert game.view(state, None) == game.view(table, None)
        assert game.to_act(state) == game.to_act(table) != []
        seat = game.to_act(table)[0]
        assert game.legal_actions(state, seat) == game.legal_actions(table, seat)


def contract_words() -> set[str]:
    """The names of the engine contract's types as a module could be named after them: `Action` as actions.py."""
    names = {name.lower() for name in engine.__all__ if name[0].isupper()}
    return names | {f"{name}s" for name in names}


def test_the_contract_words_are_what_a_module_must_not_be_named() -> None:
    assert {"action", "actions", "game", "outcome"} <= contract_words()


@pytest.mark.parametrize("slug", SLUGS)
def test_no_module_is_named_like_the_engine_contract(slug: str) -> None:
    # 1930's eight Airline Operations were actions.py, read as engine.Action's module.
    clashing = sorted(path.name for path in folder_of(slug).glob("*.py") if path.stem in contract_words())
    assert not clashing, f"{slug}: {', '.join(clashing)} reads as the engine's own"


def imported(path: Path, package: str) -> set[str]:
    """The modules of `package` a file imports (`from package import a` gives a)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == package:
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(package + "."):
            found.add(node.module.removeprefix(package + "."))
    return found


@pytest.mark.parametrize("slug", SLUGS)
def test_the_ai_is_split_by_the_same_names_and_only_the_ai_reads_it(slug: str) -> None:
    folder, package = folder_of(slug), engine.game_package(slug)
    ai_files = {"ai.py"} | {path.name for path in folder.glob("ai_*.py")}
    assert ai_files - {"ai.py"} <= set(AI_PARTS), f"{slug}: {sorted(ai_files)}; an AI part needs a documented name"
    for path in folder.glob("*.py"):
        if path.name not in ai_files:
            reads = sorted(name for name in imported(path, package) if f"{name}.py" in ai_files)
            assert not reads, f"{path.name} imports the AI ({', '.join(reads)}): the rules never depend on it"


def documented_files() -> set[str]:
    """The files the architecture page's table of a game package names."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("### One shape for every game package", 1)[1].split("\n#", 1)[0]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([\w.]+\.(?:py|toml))`", row)}


def test_the_architecture_page_tells_the_layout_this_test_checks() -> None:
    assert set(CANONICAL) | set(AI_PARTS) <= documented_files()


# --- the manifests ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
def test_every_registered_manifest_resolves(slug: str) -> None:
    declared = engine.manifest(slug)
    assert declared.slug == slug and engine.get_game(slug) is declared.rules
    assert engine.get_ai(slug) is importlib.import_module(declared.ai)
    drawn_by = importlib.import_module(declared.renderer).render
    assert callable(drawn_by) and renderers.RENDERERS[slug] is drawn_by
    assert isinstance(declared.sentences, Sentences) and len(declared.sentences) > 0
    search = thinking.look_ahead(slug)
    for name, value in vars(declared.look_ahead).items():
        assert getattr(search, name) == (getattr(thinking.Search(), name) if value is None else value), name


def test_the_registry_names_each_game_once() -> None:
    assert SLUGS == ["airships", "air-alliance", "1930"]
    assert set(renderers.RENDERERS) == set(SLUGS) and len(renderers.RENDERERS) == len(SLUGS)
    with pytest.raises(engine.GameError, match="There is no game called 'chess'. Games: airships, air-alliance, 1930"):
        engine.manifest("chess")
    with pytest.raises(ValueError, match="no board renderer for game 'chess'"):
        renderers.render("chess", {})


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry read afresh, and again once the test has changed it."""
    engine._registered.cache_clear()
    yield
    monkeypatch.undo()
    engine._registered.cache_clear()


FOURTH = {
    "__init__.py": "from engine.rules.airships import Airships\n\n\nclass Fourth(Airships):\n"
                   "    slug = 'fourth'\n    title = 'Fourth'\n\n\nGAME = Fourth()\n",
    "manifest.py": "from engine.manifest import GameManifest\nfrom engine.rules.airships import events\n"
                   "from fourth_game import GAME\n\nMANIFEST = GameManifest(rules=GAME, ai='engine.rules.airships.ai', "
                   "renderer='renderers.airships.render', sentences=events.SENTENCES)\n",
}


def test_a_fourth_game_is_its_package_and_one_line(registry: None, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "fourth_game").mkdir()
    for name, text in FOURTH.items():
        (tmp_path / "fourth_game" / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(engine, "GAME_PACKAGES", (*engine.GAME_PACKAGES, "fourth_game"))
    monkeypatch.delitem(sys.modules, "fourth_game", raising=False)
    assert engine.list_games()[-1] == "fourth" and engine.get_game("fourth").title == "Fourth"
    assert engine.game_package("fourth") == "fourth_game"
    assert engine.get_ai("fourth") is engine.get_ai("airships")
    assert thinking.look_ahead("fourth") == thinking.Search()  # no trials yet: the platform's defaults
    assert renderers.RENDERERS["fourth"] is renderers.RENDERERS["airships"]


def test_a_slug_registered_twice_is_refused(registry: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "GAME_PACKAGES", ("engine.rules.airships", "engine.rules.airships"))
    with pytest.raises(engine.GameError, match="both called 'airships'"):
        engine.list_games()


def test_the_engine_loads_every_game_and_ai_without_a_renderer() -> None:
    """A manifest names its renderer; only renderers/ imports it, so the engine never loads Pillow."""
    code = ("import sys, engine\n"
            "for slug in engine.list_games():\n"
            "    engine.get_ai(slug)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('renderers', 'PIL')))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          check=True)
    assert done.stdout.strip() == "[]"
