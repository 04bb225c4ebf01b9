"""The rules guide: Airships' topics load, fit one embed, stand alone, and agree with the data and code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.rules.airships.data import components
from engine.rules.airships.records import MAX_DICE_PER_COLOUR, NATIONS, Colour
from engine.rules.airships.state import ADDITIONAL_GO_PRICE, FIRST_PLAYER_CHIPS, OTHER_PLAYER_CHIPS
from engine.rules.datafile import DataError
from engine.rules.guide import MAX_TEXT, MAX_TITLE, RulesTopic, load_guide, read_guide

AIRSHIPS = "engine.rules.airships"
REQUIRED_KEYS = {
    "setup", "go", "dice", "bonuses", "exchanges", "additional-goes", "hindenburg", "end", "rulings",
}


@pytest.fixture(scope="module")
def guide() -> dict[str, RulesTopic]:
    return {topic.key: topic for topic in load_guide(AIRSHIPS)}


def write_guide(folder: Path, body: str) -> Path:
    path = folder / "guide.toml"
    path.write_text(body, encoding="utf-8")
    return path


def topic_toml(key: str, title: str = "A title", text: str = "Some text.") -> str:
    return f'[[topic]]\nkey = "{key}"\ntitle = "{title}"\ntext = """\n{text}\n"""\n\n'


# -- the Airships guide ------------------------------------------------------------------------


def test_airships_guide_has_every_topic(guide: dict[str, RulesTopic]) -> None:
    assert REQUIRED_KEYS <= set(guide)


def test_guide_is_loaded_once() -> None:
    assert load_guide(AIRSHIPS) is load_guide(AIRSHIPS)


def test_every_topic_fits_one_embed(guide: dict[str, RulesTopic]) -> None:
    for topic in guide.values():
        assert 0 < len(topic.title) <= MAX_TITLE, topic.key
        assert 0 < len(topic.text) <= MAX_TEXT <= 4000, topic.key  # a description may hold 4096
        assert len(topic.title) + len(topic.text) <= 6000, topic.key  # all the text one embed may hold


def test_no_topic_points_at_a_file(guide: dict[str, RulesTopic]) -> None:
    """Players have only the bot and the box: no paths, no documents of the repository."""
    for topic in guide.values():
        words = f"{topic.title}\n{topic.text}"
        assert ".md" not in words, topic.key
        assert not re.search(r"\.(py|toml|txt|pdf)\b|\w/\w+/|\.\./|\bdocs?/|\bshared/", words), topic.key
        assert "rulebook file" not in words.lower(), topic.key


def test_the_printed_rulebook_is_mentioned_at_most_once(guide: dict[str, RulesTopic]) -> None:
    assert sum(t.text.count("printed rulebook") for t in guide.values()) <= 1


def test_texts_use_only_the_markdown_discord_shows(guide: dict[str, RulesTopic]) -> None:
    for topic in guide.values():
        assert topic.text.count("**") % 2 == 0, topic.key
        assert not re.search(r"^(#|\* )", topic.text, re.MULTILINE), topic.key  # bullets are "- "


# -- the guide agrees with the data and the code -----------------------------------------------


def test_dice_topic_prints_the_component_faces(guide: dict[str, RulesTopic]) -> None:
    printed = {
        Colour(name.lower()): tuple(int(n) for n in faces.split())
        for name, faces in re.findall(r"^- \*\*(White|Red|Black)\*\*: ([\d ]+)$", guide["dice"].text, re.MULTILINE)
    }
    assert printed == components().faces


def test_dice_topic_states_the_limit_per_colour(guide: dict[str, RulesTopic]) -> None:
    assert f"At most {MAX_DICE_PER_COLOUR} dice of one colour" in guide["dice"].text


def test_additional_go_price_is_the_codes(guide: dict[str, RulesTopic]) -> None:
    text = guide["additional-goes"].text
    assert f"pay **{ADDITIONAL_GO_PRICE} bonus chips**" in text
    assert f"at least {ADDITIONAL_GO_PRICE} bonus chips" in text
    assert f"{ADDITIONAL_GO_PRICE} for an additional go" in guide["bonuses"].text


def test_setup_chips_and_nations_are_the_codes(guide: dict[str, RulesTopic]) -> None:
    text = guide["setup"].text
    assert f"{FIRST_PLAYER_CHIPS} for the starting player, {OTHER_PLAYER_CHIPS} for everyone else" in text
    assert f"each nation's {components().chips_per_nation} chips" in text
    assert ", ".join(NATIONS) in text
    assert f"each has {components().chips_per_nation}." in guide["bonuses"].text


def test_hindenburg_topic_lists_every_phase_as_the_data_has_it(guide: dict[str, RulesTopic]) -> None:
    lines = [line for line in guide["hindenburg"].text.splitlines() if re.match(r"- \*\*\d\. ", line)]
    phases = components().hindenburg
    assert len(lines) == len(phases)
    for line, phase in zip(lines, phases):
        assert line.startswith(f"- **{phase.number}. {phase.name}**: {phase.cost.text()}, score {phase.target}. "), line
        assert f"{phase.vp_low} VP, or {phase.vp_high} if" in line


def test_exchange_examples_exist_in_the_data(guide: dict[str, RulesTopic]) -> None:
    offered = {
        (e.exchange.give_count, e.exchange.give.value, e.exchange.get_count, e.exchange.get.value)
        for e in components().expansions.values() if e.exchange is not None
    }
    found = re.findall(r"(\d) (white|red|black) for (\d) (white|red|black)", guide["exchanges"].text)
    assert found
    for give_count, give, get_count, get in found:
        assert (int(give_count), give, int(get_count), get) in offered


def test_imaginary_die_example_exists_in_the_data(guide: dict[str, RulesTopic]) -> None:
    colour, value = re.search(r"for example a (white|red|black) (\d)", guide["exchanges"].text).groups()  # type: ignore[union-attr]
    imaginary = {(e.imaginary.colour.value, e.imaginary.value) for e in components().expansions.values() if e.imaginary}
    assert (colour, int(value)) in imaginary


def test_setup_counts_match_the_data(guide: dict[str, RulesTopic]) -> None:
    c = components()
    text = guide["setup"].text
    era_1 = sum(1 for e in c.expansions.values() if e.era.value == "1")
    era_2 = sum(1 for e in c.expansions.values() if e.era.value == "2")
    assert f"{era_1} Era 1 cards on top" in text and f"{era_2} Era 2 cards at the bottom" in text


# -- bad guide data is named -------------------------------------------------------------------


def test_a_good_file_loads_in_order(tmp_path: Path) -> None:
    path = write_guide(tmp_path, topic_toml("setup", "Setting up", "Deal the cards.") + topic_toml("end-2"))
    assert read_guide(path) == (RulesTopic("setup", "Setting up", "Deal the cards."), RulesTopic("end-2", "A title", "Some text."))


@pytest.mark.parametrize(
    ("body", "entry", "problem"),
    [
        ('[[topic]]\ntitle = "No key"\ntext = "x"\n', "topic #1", "missing 'key'"),
        (topic_toml("setup") + '[[topic]]\nkey = "go"\ntext = "x"\n', "topic go", "missing 'title'"),
        (topic_toml("setup") + topic_toml("go") + topic_toml("setup"), "topic setup", "key used twice"),
        (topic_toml("dice", text="x" * (MAX_TEXT + 1)), "topic dice", f"over {MAX_TEXT}"),
        (topic_toml("dice", title="t" * (MAX_TITLE + 1)), "topic dice", "title"),
        (topic_toml("Dice!"), "topic #1", "lowercase"),
        (topic_toml("x" * 33), "topic #1", "1 to 32"),
        (topic_toml("go", text=""), "topic go", "empty"),
        (topic_toml("go") + '[[topic]]\nkey = "end"\ntitle = "t"\ntext = "x"\ntxet = "y"\n', "topic end", "unknown field 'txet'"),
        ('[intro]\ntext = "x"\n', "intro", "unknown table"),
        ("", "topic", "no [[topic]] entries"),
    ],
)
def test_bad_data_names_the_file_and_the_topic(tmp_path: Path, body: str, entry: str, problem: str) -> None:
    with pytest.raises(DataError) as error:
        read_guide(write_guide(tmp_path, body))
    message = str(error.value)
    assert message.startswith(f"guide.toml: {entry}: "), message
    assert problem in message


def test_invalid_toml_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"^airships/guide\.toml: not valid TOML"):
        read_guide(write_guide(tmp_path, "[[topic]\n"), name="airships/guide.toml")


def test_a_missing_guide_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"^guide\.toml: "):
        read_guide(tmp_path / "guide.toml")


def test_a_package_guide_is_named_by_its_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "boardgame"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    write_guide(package, topic_toml("setup") + topic_toml("setup"))
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(DataError, match=r"^boardgame/guide\.toml: topic setup: key used twice"):
        load_guide("boardgame")


def test_leaving_the_game_is_said_of_no_card(guide: dict[str, RulesTopic]) -> None:
    """Cards are discarded or set aside; only a player could leave the game (and in Airships none does)."""
    for topic in guide.values():
        assert "leaves the game" not in topic.text and "leave the game" not in topic.text, topic.key
