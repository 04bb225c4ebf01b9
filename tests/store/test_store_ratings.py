"""The ratings store: results and ratings written together and once, recomputed exactly, read back ranked."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import bot
import engine.store.ratings
from engine.cli import admin
from engine.platform.ratings import AI_USER, Placed, Skill, rate_game, recompute
from engine.platform.records import Status
from engine.store import Store

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD = 1


async def new_game(store: Store, guild: int = GUILD, slug: str = "airships") -> int:
    return (await store.games.create(slug, guild, 2, 10, 0, {})).id


async def test_results_and_ratings_are_written_together_exactly_once(store: Store) -> None:
    game_id = await new_game(store)
    seats = [Placed(0, 10, "ann", 2, 12.0), Placed(1, 11, "bob", 1, 20.0), Placed(2, 12, "cy", 2, 12.0)]
    assert await store.ratings.record(game_id, GUILD, "airships", seats)
    expected = rate_game(seats, {})
    assert {r.user_id: r.skill for r in await store.ratings.all()} == expected
    results = await store.ratings.stored_results()
    assert [(r.seat, r.user_id, r.place, r.score, r.rated) for r in results] == [
        (0, 10, 2, 12.0, 1), (1, 11, 1, 20.0, 1), (2, 12, 2, 12.0, 1)]
    assert not await store.ratings.record(game_id, GUILD, "airships", list(reversed(seats)))
    assert await store.ratings.stored_results() == results
    assert {r.user_id: r.skill for r in await store.ratings.all()} == expected


async def test_a_failure_while_rating_writes_neither_results_nor_ratings(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    first = await new_game(store)
    await store.ratings.record(first, GUILD, "airships", [Placed(0, 10, "ann", 1), Placed(1, 11, "bob", 2)])
    before = await store.ratings.all()

    def broken(*args: object) -> dict[int, Skill]:
        raise ValueError("a formula bug")

    monkeypatch.setattr(engine.store.ratings, "rate_game", broken)
    second = await new_game(store)
    with pytest.raises(ValueError):
        await store.ratings.record(second, GUILD, "airships", [Placed(0, 10, "ann", 2), Placed(1, 11, "bob", 1)])
    assert await store.ratings.all() == before and not await store.ratings.has_results(second)


def random_game(rng: random.Random) -> list[Placed]:
    """2-5 seats of six members and the AI (which may hold several seats), with ties now and then."""
    count = rng.randint(2, 5)
    people = rng.sample([10, 11, 12, 13, 14, 15], count)
    users = [AI_USER if rng.random() < 0.25 else user for user in people]
    places = sorted(rng.choice([1, 1, 2, 3]) + n for n in range(count))
    return [Placed(seat, user, "Contrail AI" if user == AI_USER else f"m{user}", place, float(rng.randint(0, 50)))
            for seat, (user, place) in enumerate(zip(users, places))]


async def test_recomputing_from_the_results_gives_exactly_the_stored_ratings(store: Store) -> None:
    rng = random.Random(8)
    for _ in range(60):
        guild, slug = rng.choice([(1, "airships"), (1, "1930"), (2, "airships")])
        await store.ratings.record(await new_game(store, guild, slug), guild, slug, random_game(rng))
    stored = await store.ratings.all()
    assert len(stored) > 10 and any(r.user_id == AI_USER for r in stored)
    assert recompute(await store.ratings.stored_results()) == {(r.guild_id, r.slug, r.user_id): r.skill for r in stored}
    assert await store.ratings.recompute() == len(stored)
    assert await store.ratings.all() == stored  # the same floats to the last bit, and the same names


async def test_recompute_replays_a_changed_table_back_to_the_results(store: Store) -> None:
    game_id = await new_game(store)
    await store.ratings.record(game_id, GUILD, "airships", [Placed(0, 10, "ann", 1), Placed(1, 11, "bob", 2)])
    stored = await store.ratings.all()
    await store.db.q("UPDATE ratings SET mu = 40, games = 99")  # a cache gone wrong, or an old formula's numbers
    await store.ratings.recompute()
    assert await store.ratings.all() == stored


async def test_the_top_ranks_and_last_results_of_a_server(store: Store) -> None:
    for n in range(30):  # member 100 + n beats 200 + n, so the 100s rise; member 100 plays (and wins) every game
        game_id = await new_game(store)
        winner = 100 + min(n, 29)
        seats = [Placed(0, winner, f"w{winner}", 1), Placed(1, 200 + n, f"l{n}", 2)]
        if winner != 100:
            seats.append(Placed(2, 100, "w100", 1))
        await store.ratings.record(game_id, GUILD, "airships", seats)
    other = await new_game(store, guild=2)
    await store.ratings.record(other, 2, "airships", [Placed(0, 100, "w100", 2), Placed(1, 300, "x", 1)])

    top = await store.ratings.top(GUILD, "airships")
    assert len(top) == 25 and top[0].user_id == 100 and top[0].skill.games == 30 and top[0].skill.wins == 30
    assert [r.skill.ordinal for r in top] == sorted((r.skill.ordinal for r in top), reverse=True)
    assert await store.ratings.rank_of(GUILD, "airships", 100) == (1, 60)
    assert await store.ratings.rank_of(GUILD, "airships", 999) == (0, 60)
    assert await store.ratings.rank_of(2, "airships", 300) == (1, 2)  # another server ranks on its own
    last = await store.ratings.last_results(GUILD, "airships", 100, 5)
    assert [p.place for p in last] == [1] * 5 and last[0].game_id > last[-1].game_id and last[0].seats == 3
    assert [r.slug for r in await store.ratings.of_member(GUILD, 100)] == ["airships"]
    assert await store.ratings.of_member(GUILD, 100, "1930") == []


@pytest.mark.sqlite_only  # the command line's recompute takes a SQLite file
async def test_bot_recompute_ratings_rebuilds_the_table_from_the_results(store: Store, db_path: Path) -> None:
    await store.ratings.record(await new_game(store), GUILD, "airships", [Placed(0, 10, "ann", 1), Placed(1, 11, "bob", 2)])
    stored = await store.ratings.all()
    await store.db.q("DELETE FROM ratings")
    said: list[str] = []
    assert await asyncio.to_thread(bot.recompute_ratings, db_path, said.append) == 0
    assert said == [f"Recomputed 2 ratings from the game results in {db_path}."]
    assert await store.ratings.all() == stored
    assert bot.recompute_ratings(db_path.with_name("missing.sqlite3")) == admin.EXIT_NO_DATABASE


async def finished_game(store: Store) -> int:
    game_id = await new_game(store)
    await store.seats.add(game_id, 10, "ann")
    await store.seats.start_game(game_id, [10])
    await store.games.append_action(game_id, 1, 0, {"key": "x"}, None, status=Status.FINISHED, outcome={})
    return game_id


async def test_a_finished_game_is_looked_at_the_next_start_until_the_ratings_settle_it(store: Store) -> None:
    live = await new_game(store)
    rated, failed, no_rating = [await finished_game(store) for _ in range(3)]
    assert [g.id for g in await store.ratings.unrated_finished_games()] == [rated, failed, no_rating]
    await store.ratings.record(rated, GUILD, "airships", [Placed(0, 10, "ann", 1), Placed(1, 11, "bob", 2)])
    await store.ratings.settle(no_rating)  # it ended by no rule of the game: it counts for no rating
    assert [g.id for g in await store.ratings.unrated_finished_games()] == [failed]
    assert live not in [g.id for g in await store.ratings.unrated_finished_games()]
    await store.ratings.record(failed, GUILD, "airships", [Placed(0, 10, "ann", 2), Placed(1, 11, "bob", 1)])
    assert await store.ratings.unrated_finished_games() == []
