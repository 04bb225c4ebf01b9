"""Editions of a game's rules: a new table plays the current one; a game keeps the edition it started under."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import engine
from engine.core import FIRST_EDITION, GameError
from engine.options import EDITION, current_edition, edition_of, stored_edition, with_edition
from engine.platform.records import GameRow
from engine.rules.datafile import edition_path


def test_a_new_tables_options_name_the_current_edition() -> None:
    for game in map(engine.get_game, engine.list_games()):
        assert with_edition(game, {"kobe_flush": True}) == {"kobe_flush": True, EDITION: current_edition(game)}


def test_a_game_stored_before_editions_existed_is_of_the_first_edition() -> None:
    assert stored_edition({"kobe_flush": True}) == {"kobe_flush": True, EDITION: FIRST_EDITION}
    assert stored_edition({EDITION: 2}) == {EDITION: 2}
    row = GameRow.from_row((1, "1930", 1, 2, None, 3, '{"a": false}', 7, "active", 0, None, "t", "t", None, None, 0))
    assert row.options == {"a": False, EDITION: FIRST_EDITION}


@pytest.mark.parametrize("asked", [0, -1, 99, "2", True, 1.0])
def test_an_edition_the_rules_do_not_have_is_refused_in_words(asked: object) -> None:
    with pytest.raises(GameError, match="editions 1 to 3"):
        edition_of({EDITION: asked}, 3)


def test_setup_plays_the_edition_asked_for_or_the_current_one() -> None:
    assert edition_of({}, 3) == 3 and edition_of({EDITION: 2}, 3) == 2
    for game in map(engine.get_game, engine.list_games()):
        state = game.setup(game.min_players, 1, {})
        assert getattr(state, "edition", FIRST_EDITION) == current_edition(game)
        first = game.setup(game.min_players, 1, {EDITION: FIRST_EDITION})
        assert getattr(first, "edition", FIRST_EDITION) == FIRST_EDITION


def test_an_earlier_edition_reads_the_data_file_frozen_for_it(tmp_path: Path) -> None:
    current = tmp_path / "components.toml"
    current.write_text("")
    (tmp_path / "components.e2.toml").write_text("")
    assert edition_path(current, 4, 4) == current
    assert edition_path(current, 3, 4) == current  # edition 3 changed nothing in this file
    assert edition_path(current, 2, 4) == tmp_path / "components.e2.toml"
    assert edition_path(current, 1, 4) == tmp_path / "components.e2.toml"  # unchanged from 1 to 2


@pytest.mark.parametrize("package", ["air_alliance", "golden_age"])
def test_an_editions_components_are_one_object_however_they_are_asked_for(package: str) -> None:
    data = importlib.import_module(f"engine.rules.{package}.data")
    assert data.components() is data.components(data.EDITION)  # the rules' caches key on the object
    assert data.components(FIRST_EDITION) is data.components(FIRST_EDITION) is not data.components()


def test_every_game_refuses_an_edition_its_rules_do_not_have() -> None:
    for game in map(engine.get_game, engine.list_games()):
        with pytest.raises(GameError, match=f"editions 1 to {current_edition(game)}"):
            game.setup(game.min_players, 1, {EDITION: current_edition(game) + 1})
