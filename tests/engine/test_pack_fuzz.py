"""The pack loader fuzzed: mutated packs of every game are refused in words (DataError, PackError) or play, never crash."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.platform import packs
from engine.rules.datafile import DataError
from engine.rules.packs import PackError, read_pack

SLUGS = engine.list_games()
ODD_VALUES: tuple[Any, ...] = (0, -1, 1, 7, 10**9, -(10**9), 2.5, "", "x", "white", "all", True, [], {}, [1], {"a": 1},
                               [{}])


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
        packs.component_file(game).with_pack(pack)  # the loader itself, not check()'s guard around it
    except (PackError, DataError):
        return "refused"
    packs.remember(pack)
    # A pack the loader takes plays whole games: any error raised here is a crash the loader let through. A game
    # that never ends is refused at upload (packs.trial), so it is an outcome, not a crash.
    return "played" if packs.play_out(game, game.min_players, 1, pack.digest) is not None else "endless"


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


def test_the_fuzz_writes_toml_the_loader_reads_back() -> None:
    sections = {"dice": {"white": [1, 2], "odd \"key\"": {"a": True, "b": 2.5}}, "airship": [{"id": "x"}]}
    assert read_pack(pack_text(sections).encode(), "airships", sections).sections == sections
