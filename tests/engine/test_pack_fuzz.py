"""The pack loader fuzzed: mutated and hostile packs of every game are refused in words (DataError, PackError) or
play to an end whose board draws, never crash or hang."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import engine
import renderers
from engine.platform import packs
from engine.rules.datafile import DataError
from engine.rules.packs import PackError, check_values, read_pack

SLUGS = engine.list_games()
ODD_VALUES: tuple[Any, ...] = (0, -1, 1, 7, 10**9, -(10**9), 2.5, "", "x", "white", "all", True, [], {}, [1], {"a": 1},
                               [{}], 2**63, -(2**63), 10**18, 10**40, float("nan"), float("inf"), "LZ\n1", "{p1} wins",
                               "W" * 40, "W" * 41, "名" * 40, "a\tb", "a\u202eb", "hindenburg-1")


def toml_value(value: Any) -> str:
    """A value as TOML, inline (enough for these packs: strings, numbers, booleans, arrays, tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in value.items()) + "}"


def pack_text(sections: dict[str, Any], name: str = "Fuzz") -> str:
    lines = [f"pack.name = {json.dumps(name)}"]
    lines += [f"{json.dumps(key)} = {toml_value(value)}" for key, value in sections.items() if value is not None]
    return "\n".join(lines) + "\n"


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a section (keys of tables, indices of arrays)."""
    found = [path]
    if isinstance(value, dict):
        for key, sub in value.items():
            found += places(sub, (*path, key))
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            found += places(sub, (*path, index))
    return found


def mutate(value: Any, rng: random.Random) -> Any:
    """The section with one place changed: a value replaced by an odd one, a key or entry dropped or doubled."""
    value = json.loads(json.dumps(value))
    path = rng.choice(places(value)[1:] or [()])
    if not path:
        return rng.choice(ODD_VALUES)
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    roll = rng.random()
    if roll < 0.55:
        parent[last] = rng.choice(ODD_VALUES)
    elif roll < 0.7:
        del parent[last]
    elif roll < 0.85 and isinstance(parent, list):
        parent.append(json.loads(json.dumps(parent[last])))  # a doubled entry
    elif isinstance(parent[last], int) and not isinstance(parent[last], bool):
        parent[last] += rng.choice((-3, -1, 1, 3, 100))
    else:
        parent[last] = rng.choice(ODD_VALUES)
    return value


def fuzz_once(slug: str, rng: random.Random) -> str:
    """One mutated pack through every step a pack goes through; the outcome in a word, or the crash raised."""
    game = engine.get_game(slug)
    base = dict(packs.builtin(game))
    chosen = rng.sample(sorted(base), rng.randint(1, 3))
    sections = {key: mutate(base[key], rng) if rng.random() < 0.9 else base[key] for key in chosen}
    data = pack_text(sections).encode()
    if rng.random() < 0.15:  # a file damaged in transit: a byte changed or the end cut off
        at = rng.randrange(len(data))
        data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1:] if rng.random() < 0.5 else data[:at]
    try:
        pack = read_pack(data, slug, base)
        check_values(pack, packs.component_file(game).limits)
        packs.component_file(game).with_pack(pack)  # the loader itself, not check()'s guard around it
    except (PackError, DataError):
        return "refused"
    packs.remember(pack)
    # A pack the loader takes plays whole games and draws their end: any error raised here is a crash the loader
    # let through. A game that never ends is refused at upload (packs.trial), so it is an outcome, not a crash.
    players = rng.randint(game.min_players, game.max_players)
    state = packs.play_out(game, players, 1, pack.digest)
    if state is None:
        return "endless"
    try:
        packs.finish(game, pack, players, state, renderers.render)
    except PackError:  # a result the bot could not keep: refused in words at upload
        return "refused"
    return "played"


@pytest.mark.parametrize("slug", SLUGS)
def test_mutated_packs_are_refused_in_words_or_play(slug: str) -> None:
    rng = random.Random(f"fuzz {slug}")
    outcomes = [fuzz_once(slug, rng) for _ in range(150)]
    assert "refused" in outcomes and "played" in outcomes  # the fuzz reaches both sides of the loader


@pytest.mark.slow
@pytest.mark.parametrize("slug", SLUGS)
def test_many_more_mutated_packs(slug: str) -> None:
    rng = random.Random(f"long fuzz {slug}")
    for _ in range(1500):
        fuzz_once(slug, rng)


def with_line(slug: str, old: str, new: str) -> bytes:
    template = packs.template(engine.get_game(slug)).decode()
    assert old in template
    return ('pack.name = "Hostile"\n' + template.replace(old, new, 1)).encode()


# The hostile packs of issue 51, each of which once got through the upload check or crashed it.
HOSTILE = {
    "a card taking a Hindenburg phase's id": ("airships", 'id = "e1-engineers-2"', 'id = "hindenburg-1"'),
    "vp = 2**63": ("airships", "vp = 9", f"vp = {2**63}"),
    "miles = 10**40": ("air-alliance", "miles = 2000", f"miles = {10**40}"),
    "an Engineer giving 10**18 dice": ("airships", 'gives = { imaginary = { colour = "white", value = 2 } }',
                                       'gives = { imaginary = { colour = "white", value = 2 }, dice = { red = '
                                       '1000000000000000000 } }'),
    "a 4,300-digit VP": ("airships", "vp = 9", "vp = " + "9" * 4300),
    "a newline in a card name": ("airships", 'name = "LZ 1"', 'name = "LZ\\n1"'),
    "a card named {p1} wins": ("airships", 'name = "LZ 1"', 'name = "{p1} wins"'),
    "a 100,000-digit integer": ("airships", "vp = 9", "vp = " + "9" * 100_000),
    "arrays nested 100,000 deep": ("airships", "vp = 9", "vp = " + "[" * 100_000 + "]" * 100_000),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_each_hostile_pack_of_the_issue_is_refused_in_words_with_its_line(case: str) -> None:
    slug, old, new = HOSTILE[case]
    with pytest.raises(PackError) as caught:
        packs.check(engine.get_game(slug), with_line(slug, old, new), renderers.render)
    assert caught.value.line is not None


# Air Alliance's only names are the board's own airports and the trios' passengers, which a pack may only repeat.
# A 1930 check plays and draws a whole game per player count (1-1.6 s): the fast tier draws its boards with CJK
# names, and Airships' (0.2 s) with every script; the full suite draws 1930's with every script too.
SCRIPTS = {"latin": "W" * 37, "cjk": "名" * 37, "emoji": "🛩" * 37, "combining": "e\u0301" * 18, "hebrew": "\u05d0" * 37}
LONG_NAMES = [pytest.param(slug, name, id=f"{script}-{slug}",
                           marks=pytest.mark.slow if slug == "1930" and script != "cjk" else ())
              for slug in ("airships", "1930") for script, name in SCRIPTS.items()]


@pytest.mark.parametrize("slug,name", LONG_NAMES)
def test_the_longest_names_of_any_script_draw_on_every_final_board(slug: str, name: str) -> None:
    game = engine.get_game(slug)
    counter = iter(range(1000))
    template = packs.template(game).decode()
    renamed = re.sub(r'((?:^|[{,] *)name = )"[^"]*"', lambda m: f'{m.group(1)}"{name}{next(counter):03d}"', template,
                     flags=re.M)
    data = ('pack.name = "Long names"\n' + renamed).encode()
    packs.check(game, data, renderers.render)  # every player count's final board drawn, with names of 40


def test_the_fuzz_writes_toml_the_loader_reads_back() -> None:
    sections = {"dice": {"white": [1, 2], "odd \"key\"": {"a": True, "b": 2.5}}, "airship": [{"id": "x"}]}
    assert read_pack(pack_text(sections).encode(), "airships", sections).sections == sections
