"""The Air Alliance rules guide: its topics load, fit one embed, stand alone, and agree with the data and the code."""

from __future__ import annotations

import re

import pytest

from air_alliance_helpers import C, GAME
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.scoring import ECONOMY_BONUS, TRIO_BONUS
from engine.rules.air_alliance.state import ALLIANCE_AREAS, ALLIANCE_ROOM, CLAIM_SIZE, MARKERS, PLANES_PER_AIRLINE
from engine.rules.guide import MAX_TEXT, MAX_TITLE, RulesTopic

REQUIRED_KEYS = {"overview", "setup", "airports", "turn", "icons", "passengers", "reserving", "alliances", "end",
                 "kobe", "rulings"}


@pytest.fixture(scope="module")
def guide() -> dict[str, RulesTopic]:
    return {topic.key: topic for topic in GAME.guide}


def test_the_guide_has_every_topic_and_starts_with_the_overview(guide: dict[str, RulesTopic]) -> None:
    assert REQUIRED_KEYS <= set(guide) and GAME.guide[0].key == "overview"


def test_every_topic_fits_one_embed_and_uses_discords_markdown(guide: dict[str, RulesTopic]) -> None:
    for topic in guide.values():
        assert 0 < len(topic.title) <= MAX_TITLE and 0 < len(topic.text) <= MAX_TEXT, topic.key
        assert topic.text.count("**") % 2 == 0, topic.key
        assert not re.search(r"^(#|\* )", topic.text, re.MULTILINE), topic.key


def test_no_topic_points_at_a_file(guide: dict[str, RulesTopic]) -> None:
    for topic in guide.values():
        words = f"{topic.title}\n{topic.text}"
        assert ".md" not in words and "rulebook file" not in words.lower(), topic.key
        assert not re.search(r"\.(py|toml|txt|pdf)\b|\w/\w+/|\.\./|\bdocs?/", words), topic.key


def test_the_numbers_are_the_codes(guide: dict[str, RulesTopic]) -> None:
    assert f"**{MARKERS} markers**" in guide["overview"].text
    assert f"**{CLAIM_SIZE} cards**" in guide["setup"].text and f"**{PLANES_PER_AIRLINE} planes**" in guide["setup"].text
    assert f"**{TRIO_BONUS:,} miles**" in guide["end"].text and f"{TRIO_BONUS:,} miles" in guide["overview"].text
    assert f"{ECONOMY_BONUS:,} miles for every five economy" in guide["kobe"].text
    assert f"**{ALLIANCE_AREAS} alliance areas** of up to {ALLIANCE_ROOM}" in guide["alliances"].text


def test_the_npa_starts_are_the_datas(guide: dict[str, RulesTopic]) -> None:
    text = guide["setup"].text
    for colour, codes in C.npa_start.items():
        names = [C.airports[code].name for code in codes]
        assert f"**{colour}** {', '.join(names[:-1])} and {names[-1]}" in text


def test_the_last_round_says_equal_turns_is_the_rule_for_the_start_players_edge(guide: dict[str, RulesTopic]) -> None:
    text = guide["end"].text
    assert "the start player's edge. The Kobe rule **Equal turns** is there for it." in text
    assert "only the start player meets a claim nobody has picked over" in text  # the edge equal turns leaves


def test_every_kobe_rule_has_a_line(guide: dict[str, RulesTopic]) -> None:
    lines = [line for line in guide["kobe"].text.splitlines() if line.startswith("- **")]
    assert len(lines) == len(Kobe)


def test_the_glossary_explains_the_words_the_menus_keep(guide: dict[str, RulesTopic]) -> None:
    glossary = guide["glossary"]
    assert glossary.title == "Words of the game"
    for term in ("NPA", "Code sharing", "Alliance", "Boarding pass", "printed icons", "Markers", "Relay",
                 "Baggage claim", "Lost baggage", "Priority takeoff", "V airport", "First in line", "takeoff runway"):
        assert f"**{term}**" in glossary.text, term
