"""Data packs in the engine: each refusal in words with its line, what a pack changes, packs known by digest, and
games of every title played to the end (random and AI seats) with a test pack that changes every section."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import engine
from engine.options import PACK, with_edition
from engine.platform import packs
from engine.platform.levels import Level, Player
from engine.rules import packs as rule_packs
from engine.rules.packs import MAX_BYTES, PackError, PackMissing, read_pack
from engine.view import to_json

FIXTURES = Path(__file__).parents[1] / "fixtures" / "packs"
SLUGS = engine.list_games()
# The sections a rulebook prints whole (its dice, counts and tables): a pack can only repeat them.
FIXED = {
    "airships": {"dice", "bonus_chips", "entrepreneur"},
    "air-alliance": {"npa_start", "trio"},
    "1930": {"token_releases", "hub_releases", "tech", "player_count"},
}


def fixture(slug: str) -> bytes:
    return (FIXTURES / f"{slug}.toml").read_bytes()


def refusal(slug: str, text: str | bytes) -> PackError:
    data = text.encode() if isinstance(text, str) else text
    with pytest.raises(PackError) as caught:
        packs.check(engine.get_game(slug), data)
    return caught.value


# -- refused plainly, with the line -----------------------------------------------------------------------------

HEAD = 'pack.name = "Ours"\npack.note = "From our copy"\n'


def test_a_file_that_is_not_utf8_is_refused() -> None:
    assert str(refusal("airships", b"pack.name = \"x\"\n\xff\xfe")) == "The file is not UTF-8 text (byte 17 is not)."


def test_a_toml_syntax_error_names_its_line() -> None:
    error = refusal("airships", HEAD + "[dice\nwhite = [1]\n")
    assert error.line == 3 and str(error).startswith("The file is not valid TOML: ")


@pytest.mark.parametrize(("value", "words"), [
    ("9" * 100_000, "A number has more than 4300 digits."),
    ("[" * 100_000 + "]" * 100_000, "Arrays or tables are nested more than 100 deep."),
    ("{a = " * 20_000 + "1" + "}" * 20_000, "Arrays or tables are nested more than 100 deep."),
])
def test_every_way_toml_fails_is_a_pack_problem_with_its_line(value: str, words: str) -> None:
    error = refusal("airships", HEAD + "[bonus_chips]\nper_nation = " + value + "\n")
    assert error.message == words and error.line == 4


def test_a_pack_needs_a_name_and_replaces_something() -> None:
    assert "needs a name" in str(refusal("airships", "[dice]\nwhite = [1, 1, 2, 2, 3, 3]\n"))
    assert str(refusal("airships", HEAD)) == (
        "The pack replaces nothing: add at least one section of the game's component file.")
    assert "The pack's name should be" in str(refusal("airships", 'pack.name = "<script>"\n[bonus_chips]\n'))


def test_an_unknown_section_is_refused_with_the_sections_there_are() -> None:
    error = refusal("airships", HEAD + "[airplanes]\ncount = 3\n")
    assert str(error) == ("Unknown section 'airplanes'. The sections are: dice, bonus_chips, change_of_era, "
                          "entrepreneur, airship, expansion, hindenburg. (line 3)")


def test_an_unknown_key_in_an_entry_is_refused_with_its_line() -> None:
    error = refusal("1930", HEAD + '[[airline]]\nkey = "red"\nnmae = "Red Air"\n')
    assert error.line == 5 and "airline red: unknown key 'nmae' (allowed: key, name, rgb, home)" in str(error)


@pytest.mark.parametrize(("slug", "second", "twice"), [
    ("airships", 'id = "a-light-2"', 'id = "a-light-1"'),
    ("air-alliance", 'id = "p03"', 'id = "p02"'),
    ("1930", 'key = "portland"', 'key = "seattle"'),
])
def test_an_id_used_twice_is_refused_at_its_second_use(slug: str, second: str, twice: str) -> None:
    template = packs.template(engine.get_game(slug)).decode()
    text = HEAD + template.replace(second, twice, 1)
    error = refusal(slug, text)
    uses = [number for number, line in enumerate(text.splitlines(), start=1) if line.startswith(twice)]
    assert "used twice" in str(error) and len(uses) == 2 and error.line == uses[1]


def test_a_value_of_the_wrong_kind_is_refused_before_the_rules_see_it() -> None:
    error = refusal("airships", HEAD + "[bonus_chips]\nper_nation = [6]\n")
    assert str(error) == "bonus_chips per_nation: should be a whole number, not [6]. (line 4)"


def test_a_key_after_the_pack_table_is_explained() -> None:
    error = refusal("1930", '[pack]\nname = "Ours"\nfirst_round_money = [20, 21, 22, 21, 21, 21]\n')
    assert "move 'first_round_money' above [pack]" in str(error) and error.line == 3


def test_a_value_out_of_range_and_a_rulebook_fact_are_refused_naming_the_entry() -> None:
    builtin = packs.template(engine.get_game("airships")).decode()
    hindenburg = builtin[builtin.index("[[hindenburg]]"):]
    unreachable = re.sub(r"target = \d+", "target = 90", hindenburg, count=1)
    error = refusal("airships", HEAD + unreachable)
    assert "target 90 cannot be reached" in str(error) and error.line is not None
    wrong_faces = refusal("airships", HEAD + "[dice]\nwhite = [1, 1, 2, 2, 3, 4]\nred = [2, 3, 3, 4, 4, 5]\n"
                                              "black = [4, 4, 6, 6, 8, 8]\n")
    assert "white" in str(wrong_faces)


def test_a_file_over_the_size_limit_is_refused() -> None:
    error = refusal("airships", HEAD + "#" * MAX_BYTES)
    assert str(error) == f"The file is {(MAX_BYTES + len(HEAD) + 1) // 1024} KB; a pack may be at most 256 KB."


# -- what a pack changes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
def test_the_test_pack_passes_every_check_and_changes_every_section(slug: str) -> None:
    game = engine.get_game(slug)
    checked = packs.check(game, fixture(slug))
    sections = [line.split(":")[0] for line in checked.changes]
    assert sorted(sections) == sorted(packs.builtin(game))
    unchanged = {line.split(":")[0] for line in checked.changes if line.endswith("unchanged")}
    assert unchanged == FIXED[slug]  # every section changes but those the rulebook prints whole


def test_an_unchanged_section_says_so_and_a_changed_card_is_named() -> None:
    game = engine.get_game("airships")
    airships = [dict(card) for card in packs.builtin(game)["airship"]]
    airships[0]["vp"] += 1
    text = HEAD + "bonus_chips = { per_nation = 6 }\nairship = [" + ", ".join(inline(card) for card in airships) + "]\n"
    changes = packs.check(game, text.encode()).changes
    assert changes == ("bonus_chips: unchanged", f"airship: 18 entries, {airships[0]['id']} changed")


def inline(value: object) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {inline(sub)}" for key, sub in value.items()) + "}"
    return f'"{value}"' if isinstance(value, str) else str(value)


# -- known by digest ---------------------------------------------------------------------------------------------


def test_a_game_names_its_pack_by_digest_and_needs_its_content() -> None:
    game = engine.get_game("airships")
    pack = read_pack(fixture("airships"), "airships", packs.builtin(game))
    assert pack.digest == rule_packs.digest_of("airships", pack.text) and len(pack.digest) == 64
    unknown = "0" * 64
    with pytest.raises(PackMissing):
        game.setup(2, 1, with_edition(game, {PACK: unknown}))
    packs.remember(pack)
    state = game.setup(2, 1, with_edition(game, {PACK: pack.digest}))
    assert state.pack == pack.digest and state.data is game.component_file(game.edition, pack.digest)
    assert state.data is not game.component_file(game.edition)


# -- whole games with the test pack --------------------------------------------------------------------------------


def played(slug: str, players: int, seed: int, policy: str) -> tuple[object, list[str]]:
    game = engine.get_game(slug)
    checked = packs.check(game, fixture(slug))
    state = game.setup(players, seed, with_edition(game, {PACK: checked.pack.digest}))
    rng, labels = random.Random(seed), []
    player = Player(slug, Level.STANDARD)
    moves = 0
    while seats := game.to_act(state):
        seat = seats[0]
        legal = game.explain(state, seat, game.legal_actions(state, seat))
        labels += [f"{a.label} {a.detail}" for a in legal]
        action = rng.choice(legal) if policy == "random" else player.choose(state, seat, rng)
        state = game.apply(state, seat, action)
        moves += 1
        assert moves < 20_000
    return state, labels


@pytest.mark.parametrize("slug", SLUGS)
def test_a_random_game_with_the_test_pack_shows_its_cards(slug: str) -> None:
    game = engine.get_game(slug)
    state, labels = played(slug, game.max_players, 3, "random")
    outcome = game.outcome(state)
    assert outcome is not None and len(outcome.scores) == game.max_players
    assert "Pack " in str(to_json(game.view(state, None))) or any("Pack " in label for label in labels)


@pytest.mark.slow
@pytest.mark.parametrize("slug", SLUGS)
def test_an_ai_game_with_the_test_pack_reaches_its_end(slug: str) -> None:
    game = engine.get_game(slug)
    state, labels = played(slug, 3, 5, "ai")
    assert game.outcome(state) is not None
    assert any("Pack " in label for label in labels) or "Pack " in str(to_json(game.view(state, None)))


def test_the_docs_example_pack_is_accepted_and_changes_two_airships() -> None:
    section = (Path(__file__).parents[2] / "docs" / "packs.md").read_text(encoding="utf-8")
    example = section[section.index("```toml\n") + 8:section.index("```\n", section.index("```toml\n") + 8)]
    [line] = packs.check(engine.get_game("airships"), example.encode()).changes
    assert line.startswith("airship: 18 entries, ") and line.endswith(" changed") and line.count(",") == 2


def test_a_problems_line_is_the_keys_own_not_a_comment_naming_it() -> None:
    error = refusal("1930", HEAD + '# nmae = is a typo we meant to fix\n[[airline]]\nkey = "red"\nnmae = "Red Air"  # #1\n')
    assert error.line == 6


def test_a_table_takes_every_key_a_table_of_its_name_has_in_the_file() -> None:
    # No built-in Hindenburg phase costs white dice, but a cost is a cost: a copy's phase may ask for white.
    builtin = packs.template(engine.get_game("airships")).decode()
    hindenburg = builtin[builtin.index("[[hindenburg]]"):].replace("cost = { red = 2, black = 1 }",
                                                                  "cost = { white = 1, red = 2, black = 1 }", 1)
    assert "white = 1, red = 2" in hindenburg
    checked = packs.check(engine.get_game("airships"), (HEAD + hindenburg).encode())
    assert "hindenburg" in checked.pack.sections
    assert "unknown key 'colour' (allowed: red, black, white)" in str(
        refusal("airships", HEAD + hindenburg.replace("white = 1, red = 2", "colour = 1, red = 2", 1)))
