"""Airships with a game's own components: the rules, view, words and scoring read the cards from the state
(state.data, a data pack's cards), never the built-in file."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.platform import packs
from engine.rules.airships import rules, scoring, words
from engine.rules.airships.records import Dice
from engine.rules.airships.state import AirshipsState
from engine.rules.packs import PackError
from engine.view import to_json

GAME = engine.get_game("airships")
PACKAGE = Path(rules.__file__).parent
NEW_NAME, NEW_VP = "Testing Zeppelin", 17


def with_card_changed(state: AirshipsState, card_id: str, **changes: Any) -> AirshipsState:
    """A copy of the table whose components have this airship card changed: a pack's card in place of the box's."""
    data = state.data
    airships = {**data.airships, card_id: dataclasses.replace(data.airships[card_id], **changes)}
    new = state.copy()
    new.data = dataclasses.replace(data, airships=airships)
    return new


def throwable_airship(state: AirshipsState) -> str:
    """An airship on top of a field that the first player has the dice for (the light ones need white only)."""
    tops = {pile[-1] for pile in state.fields}
    return next(card for card in rules.eligible_targets(state, 0) if card in tops)


def airship_shown(view: dict[str, Any], card_id: str) -> dict[str, Any]:
    return next(f["top"] for f in view["airship_fields"] if f["top"] and f["top"]["id"] == card_id)


def test_the_view_words_rules_and_scoring_show_the_games_own_card_not_the_built_in_one() -> None:
    state = GAME.setup(2, 7, {})
    card = throwable_airship(state)
    built_in = state.data.airships[card]
    assert (built_in.name, built_in.vp) != (NEW_NAME, NEW_VP)
    to_json(GAME.view(state, None))  # the built-in cards asked for first: nothing of them may stay behind for the pack's game
    ours = with_card_changed(state, card, name=NEW_NAME, vp=NEW_VP)

    shown = airship_shown(to_json(GAME.view(ours, None)), card)
    assert (shown["name"], shown["vp"]) == (NEW_NAME, NEW_VP)
    assert words.card_name(ours.data, card) == f"the airship {NEW_NAME}"
    assert words.short_name(ours.data, card) == NEW_NAME
    assert f"Throw for the airship {NEW_NAME}" in [a.label for a in GAME.legal_actions(ours, 0)]

    before = scoring.victory_points(ours, 0)
    told = GAME.sentences.words(rules.acquire(ours, 0, card))  # the throw succeeded: the airship joins the company
    assert NEW_NAME in told and built_in.name not in told
    assert scoring.victory_points(ours, 0) == before + NEW_VP
    company = to_json(GAME.view(ours, 0))["companies"][0]
    assert [(a["name"], a["vp"]) for a in company["airships"]] == [(NEW_NAME, NEW_VP)]

    # The built-in game beside it keeps the box's card: the answers are kept per components, not per card id.
    shown = airship_shown(to_json(GAME.view(state, None)), card)
    assert (shown["name"], shown["vp"]) == (built_in.name, built_in.vp)
    assert words.card_name(state.data, card) == f"the airship {built_in.name}"


def test_the_dice_a_card_needs_are_the_games_own() -> None:
    state = GAME.setup(2, 7, {})
    card = throwable_airship(state)
    ours = with_card_changed(state, card, cost=Dice(black=3), target=20)  # no company starts with a black die
    assert card in rules.eligible_targets(state, 0)
    assert card not in rules.eligible_targets(ours, 0)
    assert all(a.args != (card,) for a in GAME.legal_actions(ours, 0))


def test_no_airships_module_but_the_data_file_reads_the_built_in_components() -> None:
    # components() with no arguments is the built-in file: a game's cards are state.data (its pack's).
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name == "data.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and not node.args and not node.keywords:
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if name == "components":
                    found.append(f"{path.name}:{node.lineno}")
    assert found == []


@pytest.mark.parametrize("taken", ["hindenburg-1", "hindenburg-4"])
def test_a_card_may_not_take_an_id_the_boards_own_entries_go_by(taken: str) -> None:
    template = packs.template(GAME).decode()
    text = 'pack.name = "Ours"\n' + template.replace('id = "e1-engineers-2"', f'id = "{taken}"', 1)
    with pytest.raises(PackError) as caught:
        packs.check(GAME, text.encode())
    assert f"the id {taken!r} is " in str(caught.value)
    assert caught.value.line == text.splitlines().index(f'id = "{taken}"') + 1
