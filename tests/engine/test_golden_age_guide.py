"""The 1930 rules guide: its topics load, fit one embed, stand alone, and agree with the data and the code."""

from __future__ import annotations

import pytest

from engine.rules.golden_age import GAME, end_of_turn
from engine.rules.golden_age.data import Colour, components
from engine.rules.golden_age.state import GATES_AT_START, GATES_IN_RESERVE, MAX_ACTIONS, MAX_TOKENS, TURNS
from engine.rules.guide import MAX_TEXT, MAX_TITLE, RulesTopic

REQUIRED_KEYS = {"overview", "setup", "stock", "operations", "map", "dividends", "end-of-turn", "glossary"}
# The words the menus and the log keep, each explained in the glossary and in the topic where it matters.
TERMS = {"Stock token": "stock", "CEO": "dividends", "Gate": "map", "Hub": "operations", "Tech track": "map",
         "Dividend": "dividends", "Contract": "end-of-turn", "First Buyer": "setup", "Lazy airline": "end-of-turn"}


@pytest.fixture(scope="module")
def guide() -> dict[str, RulesTopic]:
    return {topic.key: topic for topic in GAME.guide}


def test_the_guide_has_every_topic_and_starts_with_the_overview(guide: dict[str, RulesTopic]) -> None:
    assert REQUIRED_KEYS <= set(guide) and GAME.guide[0].key == "overview"


def test_every_topic_fits_one_embed_and_cites_nothing_outside_the_product(guide: dict[str, RulesTopic]) -> None:
    for topic in guide.values():
        assert 0 < len(topic.title) <= MAX_TITLE and 0 < len(topic.text) <= MAX_TEXT, topic.key
        assert "rulebook" not in topic.text.lower() and ".md" not in topic.text, topic.key


def test_the_numbers_agree_with_the_data_and_the_code(guide: dict[str, RulesTopic]) -> None:
    c = components()
    setup = guide["setup"].text
    assert "**5, 6, 8, 9 or 10**" in setup
    assert [c.player_counts[p].airlines for p in range(2, 7)] == [5, 6, 8, 9, 10]
    assert "**5, 6, 6, 7, 7**" in setup and [c.player_counts[p].total_tokens for p in range(2, 7)] == [5, 6, 6, 7, 7]
    assert ", ".join(f"${m}" for m in c.first_round_money) in setup
    assert f"**{GATES_AT_START} gates**" in setup and f"**{GATES_IN_RESERVE} in reserve**" in setup
    assert f"**{TURNS} turns**" in guide["overview"].text
    stock = guide["stock"].text
    assert f"**{MAX_TOKENS} tokens**" in stock and "**4 tokens** of one airline (3 with two players)" in stock
    assert f"at most {MAX_ACTIONS} actions" in guide["operations"].text
    for colour in (Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY):
        assert f"${colour.upgrade_cost} {colour.value}" in guide["operations"].text
    marks = guide["map"].text
    assert ", ".join(f"${m}" for m in c.token_releases[:-1]) + f" and ${c.token_releases[-1]}" in marks
    assert ", ".join(f"${m}" for m in c.hub_releases[:-1]) + f" and ${c.hub_releases[-1]}" in marks
    assert f"**{len(c.tech)} boxes**" in marks and [box.colour for box in c.tech].count(Colour.GRAY) == 1
    assert c.tech_colour(len(c.tech)) is Colour.GRAY
    assert c.dividend(28) == 4 and "$28 income pays $4" in guide["dividends"].text
    assert end_of_turn.EVERYONE_ASKED <= GAME.edition and "even with none you can play" in guide["end-of-turn"].text


def test_the_glossary_explains_each_word_the_game_keeps_where_the_rules_use_it_too(guide: dict[str, RulesTopic]) -> None:
    glossary = guide["glossary"]
    assert glossary.title == "Words of the game"
    for term, topic in TERMS.items():
        assert f"- **{term}**" in glossary.text, term
        assert term.lower() in guide[topic].text.lower(), (term, topic)
    assert "**half**: half of it, rounded up" in glossary.text and "**Full**" in glossary.text
