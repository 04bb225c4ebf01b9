"""No event word is matched or parsed anywhere: a game emits events as values, and only the surfaces word them."""

from __future__ import annotations

import ast
import re
from dataclasses import fields
from pathlib import Path

import pytest

import engine
from engine.sentences import Sentence, Sentences
from tests.test_layers import ROOT

PRODUCT = ("engine", "cogs", "web", "renderers")
TOKEN_WRITER = "engine/sentences.py"  # token(): how tests and the command line name a seat without a name
# Every product module that uses regular expressions, and what on: none of them reads the words of an event. A new
# one must be added here with what it matches, so a reviewer sees it is not an event's words.
REGEX_USES = {
    "cogs/base/components.py": "a component's custom id",
    "cogs/play/moves.py": "a typed move's version prefix",
    "engine/platform/notify.py": "the quiet hours a player types",
    "engine/platform/person.py": "an AI seat's reason: the menu's words to a player, told of the AI (no event)",
    "engine/platform/spreadsheets.py": "a number written as text in a spreadsheet cell",
    "engine/rules/air_alliance/data.py": "card ids in the data file",
    "engine/rules/guide.py": "a rules topic's key",
    "engine/rules/pack_lines.py": "the lines of a data pack's file",
    "engine/rules/packs.py": "the names a data pack gives",
    "engine/store/backend.py": "a database address's password",
    "engine/store/postgres.py": "SQL statements",
    "web/app.py": "keys in the access log's lines",
    "web/pages.py": "a page's token",
}
# Where events are emitted, kept and worded: the values pass through, and none of these even imports `re`.
EVENT_PATH = ("engine/events.py", "engine/sentences.py", "engine/core.py", "engine/view.py",
              "engine/platform/wording.py", "engine/platform/turns.py", "engine/platform/snapshots.py",
              "engine/platform/export.py", "engine/services/loading.py", "engine/services/positions.py",
              *(f"engine/rules/{game}/events.py" for game in ("airships", "air_alliance", "golden_age")))
# The names of the machinery that matched words back to sentences, and of the seat tokens it parsed.
GONE = {"SEAT_TOKEN", "seat_token", "name_seats", "name_events", "HasNews", "one_of"}
MATCHING = {"fitting", "weigh", "matches", "pattern", "patterns", "news"}  # what a catalogue no longer has


def product_modules() -> list[Path]:
    return sorted(p for folder in PRODUCT for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def imports_re(tree: ast.AST) -> bool:
    return any(isinstance(node, ast.Import) and any(alias.name == "re" for alias in node.names)
               or isinstance(node, ast.ImportFrom) and node.module == "re" for node in ast.walk(tree))


def test_only_the_reviewed_modules_use_regular_expressions_and_none_on_an_events_words() -> None:
    using = {name(path) for path in product_modules() if imports_re(ast.parse(path.read_text(encoding="utf-8")))}
    assert using == set(REGEX_USES), (
        f"new: {sorted(using - set(REGEX_USES))} (say what it matches: never an event's words); "
        f"gone: {sorted(set(REGEX_USES) - using)}")


@pytest.mark.parametrize("path", EVENT_PATH)
def test_the_modules_events_pass_through_use_no_regular_expression(path: str) -> None:
    assert not imports_re(ast.parse((ROOT / path).read_text(encoding="utf-8")))


def test_no_module_parses_a_seat_token_or_brings_the_matching_back() -> None:
    found = []
    for path in product_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            text = node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
            if text is not None and (text == "{p" or "\\{p" in text) and name(path) != TOKEN_WRITER:
                # a seat token written into words (which no wording step fills in) or searched for
                found.append(f"{name(path)}:{node.lineno}: {text!r}")
            called = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
            defined = node.name if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else None
            for word in (called, defined):
                if word in GONE:
                    found.append(f"{name(path)}:{node.lineno}: {word}")
    assert not found, found


def test_a_catalogue_holds_words_and_weights_and_no_pattern() -> None:
    assert not MATCHING & set(dir(Sentences)) and not MATCHING & set(dir(Sentence))
    assert [f.name for f in fields(Sentence)] == ["key", "template", "weight", "earlier"]
    for slug in engine.list_games():
        sentences = engine.get_game(slug).sentences
        assert len(sentences) > 10
        for sentence in sentences:
            assert not any(isinstance(value, re.Pattern) for value in vars(sentence).values()), sentence.key
