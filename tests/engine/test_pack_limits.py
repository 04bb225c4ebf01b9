"""Every number and text a pack gives is one its game can use: ranges declared once per game, texts one short line."""

from __future__ import annotations

import re

import pytest

import engine
from engine.platform import packs
from engine.rules.packs import PackError, Shape, file_shape

SLUGS = engine.list_games()
HEAD = 'pack.name = "Ours"\n'


def refusal(slug: str, text: str) -> PackError:
    with pytest.raises(PackError) as caught:
        packs.check(engine.get_game(slug), text.encode())
    return caught.value


def number_places(shape: Shape, place: str) -> list[str]:
    """Every place of the file's shape that holds a number."""
    found = [place] if shape.kinds & {"int", "float"} else []
    for key, sub in shape.keys.items():
        found += number_places(sub, f"{place}.{key}")
    return found + (number_places(shape.items, place) if shape.items is not None else [])


@pytest.mark.parametrize("slug", SLUGS)
def test_every_number_of_every_game_has_a_range_and_the_built_in_cards_are_within_it(slug: str) -> None:
    game = engine.get_game(slug)
    limits = packs.component_file(game).limits
    places = [place for section, shape in file_shape(packs.builtin(game)).items()
              for place in number_places(shape, section)]
    assert places and all(limits.bounds(place) is not None for place in places), places
    template = packs.template(game).decode()
    packs.check(game, (HEAD + template).encode())  # the built-in cards themselves, as a pack, pass


def template_with(slug: str, old: str, new: str) -> str:
    template = packs.template(engine.get_game(slug)).decode()
    assert old in template
    return HEAD + template.replace(old, new, 1)


@pytest.mark.parametrize(("slug", "old", "new", "words"), [
    ("airships", "vp = 9", f"vp = {2**63}", "'vp' should be a whole number from 0 to 99, not "
                                            "9223372036854775808"),
    ("airships", "vp = 9", "vp = " + "9" * 4300, "'vp' should be a whole number from 0 to 99, "
                                                 "not a number of 4300 digits"),
    ("airships", 'gives = { imaginary = { colour = "white", value = 2 } }',
     'gives = { imaginary = { colour = "white", value = 2 }, dice = { red = 1000000000000000000 } }',
     "expansion e1-engineers-1: 'gives.dice.red' should be a whole number from 0 to 6"),
    ("air-alliance", "miles = 2000", f"miles = {10**40}", "'miles' should be a whole number from 1 to 99,000"),
    ("1930", "income = 300", "income = -1", "'income' should be a whole number from 0 to 999, not -1"),
])
def test_a_number_out_of_its_range_is_refused_naming_the_entry_and_field(slug: str, old: str, new: str,
                                                                          words: str) -> None:
    text = template_with(slug, old, new)
    error = refusal(slug, text)
    assert words in error.message
    assert error.line is not None and new.split(" = ")[-1][:20] in text.splitlines()[error.line - 1]


@pytest.mark.parametrize(("name", "words"), [
    ("LZ\\n1", "should be one line of printable characters"),
    ("LZ\\t1", "should be one line of printable characters"),
    ("{p1} wins", "cannot hold { or }"),
    ("Z" * 41, "should be at most 40 characters, not 41"),
])
def test_a_name_is_one_short_printable_line_without_braces(name: str, words: str) -> None:
    error = refusal("airships", template_with("airships", 'name = "LZ 1"', f'name = "{name}"'))
    assert error.message.startswith("airship a-light-1: 'name' ") and words in error.message


def test_a_pack_note_is_one_printable_line_without_braces() -> None:
    template = packs.template(engine.get_game("airships")).decode()
    for note, words in (("two\\nlines", "one line"), ("{p0}", "{ or }"), ("x" * 201, "at most 200 characters")):
        error = refusal("airships", HEAD + f'pack.note = "{note}"\n' + template)
        assert error.message.startswith("The pack's note ") and words in error.message and error.line == 2


def test_a_float_place_refuses_nan_and_infinity() -> None:
    for value in ("nan", "inf"):
        text = template_with("1930", re.search(r"x = [\d.]+", packs.template(engine.get_game("1930")).decode())
                             .group(), f"x = {value}")  # type: ignore[union-attr]
        assert "should be a number from 0.0 to 1.0" in refusal("1930", text).message


def test_a_pack_stored_before_a_limit_keeps_loading_so_its_games_go_on() -> None:
    game = engine.get_game("airships")
    text = template_with("airships", "vp = 9", "vp = 120").replace(HEAD, HEAD + 'pack.note = "two\\nlines"\n')
    assert refusal("airships", text).message.startswith("The pack's note should be one line")  # a new upload
    stored = packs.revive("airships", text)  # as the store gives it back to a game that plays it
    assert stored.note == "two\nlines" and max(c.vp for c in packs.component_file(game).with_pack(stored)
                                               .airships.values()) == 120
