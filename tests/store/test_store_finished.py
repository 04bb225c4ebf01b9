"""The store's finished games of a game: per server or every server, with their seat counts and a cache key."""

from __future__ import annotations

import pytest

from engine.store import Status, Store

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD, OTHER = 1, 2


async def game(store: Store, guild: int, status: Status, players: int = 2, slug: str = "airships") -> int:
    row = await store.games.create(slug, guild, 9, 10, 0, {})
    for user in range(players):
        await store.seats.add(row.id, 10 + user, f"p{user}")
    await store.seats.start_game(row.id, [10 + user for user in range(players)])
    if status is not Status.ACTIVE:
        await store.games.set_status(row.id, status, {"scores": [1] * players, "ranking": [[0]]})
    return row.id


async def test_only_finished_games_of_the_slug_count_with_their_seats(store: Store) -> None:
    assert await store.games.finished_key("airships", GUILD) == (0, 0)
    first = await game(store, GUILD, Status.FINISHED, players=3)
    await game(store, GUILD, Status.ABANDONED)
    await game(store, GUILD, Status.ACTIVE)
    await game(store, GUILD, Status.FINISHED, slug="1930")
    await store.games.create("airships", GUILD, 9, 10, 0, {})  # still in its lobby
    elsewhere = await game(store, OTHER, Status.FINISHED)
    assert [(row.id, seats) for row, seats in await store.games.finished("airships", GUILD)] == [(first, 3)]
    assert await store.games.finished_key("airships", GUILD) == (1, first)
    everywhere = await store.games.finished("airships", None)
    assert [(row.id, seats) for row, seats in everywhere] == [(first, 3), (elsewhere, 2)]
    assert await store.games.finished_key("airships", None) == (2, elsewhere)
