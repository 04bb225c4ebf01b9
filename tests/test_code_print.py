"""The fingerprint an arena log keeps of the code that played it: changed by what plays, not by what only tells."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

import engine
from engine.cli import code_print

ENGINE = Path(engine.__file__).parent


@pytest.fixture
def printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], str]:
    """The Airships fingerprint of a copy of the engine that a test may change."""
    shutil.copytree(ENGINE, tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(code_print, "PACKAGE", tmp_path / "engine")
    return lambda: code_print.code_print.__wrapped__("airships")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_copy_prints_as_the_engine_does_and_every_game_prints_its_own(printed: Callable[[], str]) -> None:
    assert printed() == code_print.code_print("airships")
    assert len({code_print.code_print(slug) for slug in engine.list_games()}) == len(engine.list_games())


def test_comments_docstrings_and_the_rules_guide_leave_the_print_as_it_was(printed: Callable[[], str]) -> None:
    before = printed()
    copy = code_print.PACKAGE
    edit(copy / "rules/airships/odds.py", '"""', '"""Said otherwise. ')
    edit(copy / "rules/airships/ai.py", "\ndef ", "\n# a new comment\ndef ")
    (copy / "rules/airships/guide.toml").write_text("# the guide only tells\n", encoding="utf-8")
    assert printed() == before


@pytest.mark.parametrize(("file", "old", "new"), [
    ("rules/airships/ai.py", "-ADDITIONAL_GO_PRICE)", "-ADDITIONAL_GO_PRICE - 1)"),  # what the AI plays by
    ("platform/thinking.py", "RACE_FROM = 6", "RACE_FROM = 7"),  # how every strong seat looks ahead
    ("rules/rng.py", "class GameRng:", "ROLLS = 2\n\n\nclass GameRng:"),  # reached by the imports alone
])
def test_a_change_to_code_that_plays_changes_the_print(printed: Callable[[], str], file: str, old: str,
                                                       new: str) -> None:
    before = printed()
    edit(code_print.PACKAGE / file, old, new)
    assert printed() != before


def test_the_look_ahead_is_left_to_the_run_s_own_header(printed: Callable[[], str]) -> None:
    # A log with a strong seat names the look-ahead it plays by, so no game's manifest is printed: a new look-ahead
    # for Airships is refused by its name, not by the print (and another game's leaves an Airships log good).
    before = printed()
    edit(code_print.PACKAGE / "rules/airships/manifest.py", "LookAhead(keep=6,", "LookAhead(keep=2,")
    edit(code_print.PACKAGE / "rules/air_alliance/manifest.py", "LookAhead(samples=16,", "LookAhead(keep=2, samples=16,")
    assert printed() == before
    edit(code_print.PACKAGE / "platform/thinking.py", "\ndef look_ahead(", "\nLATER = 1\n\n\ndef look_ahead(")
    assert printed() != before  # the look-ahead's own code still prints


def test_a_new_game_in_the_registry_leaves_every_print_as_it_was(printed: Callable[[], str]) -> None:
    # The registry lists the games and plays none: one more line there leaves the kept logs of the others good.
    before = printed()
    edit(code_print.PACKAGE / "__init__.py", '    "engine.rules.golden_age",\n', '    "engine.rules.golden_age",\n    "engine.rules.fourth",\n')
    assert printed() == before


def test_a_change_to_the_component_data_changes_the_print(printed: Callable[[], str]) -> None:
    before = printed()
    data = code_print.PACKAGE / "rules/airships/components.toml"
    data.write_bytes(data.read_bytes() + b"\n# one more line\n")
    assert printed() != before
