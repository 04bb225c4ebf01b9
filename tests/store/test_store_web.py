"""The web pages' rows: a server's pages on and off, each page's unguessable link, watchers, and read-only opening."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.store import LinkKind, Store, StoreError

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD = 7


async def new_game(store: Store, guild: int = GUILD) -> int:
    row = await store.games.create("airships", guild, 10, 1, 1, {})
    return row.id


async def test_a_link_is_made_once_and_opens_its_page_only_while_the_server_shows_pages(store: Store) -> None:
    game = await new_game(store)
    token = await store.web.link(GUILD, LinkKind.GAME, str(game))
    assert await store.web.link(GUILD, LinkKind.GAME, str(game)) == token
    assert len(token) >= 22 and str(game) != token
    assert await store.web.resolve(token) is None  # the server never turned its pages on
    await store.web.set_site(GUILD, True, changed_by=5)
    link = await store.web.resolve(token)
    assert link is not None and (link.guild_id, link.kind, link.target) == (GUILD, LinkKind.GAME, str(game))
    await store.web.set_site(GUILD, False, changed_by=5)
    assert await store.web.resolve(token) is None and not await store.web.site_on(GUILD)
    await store.web.set_site(GUILD, True, changed_by=6)
    assert await store.web.resolve(token) == link  # on again: the same links come back
    assert await store.web.resolve("not-a-token") is None


async def test_a_game_or_league_made_while_pages_are_on_has_its_link_from_the_start(store: Store) -> None:
    before = await new_game(store)
    await store.web.set_site(GUILD, True, changed_by=5)
    after = await new_game(store)
    other_server = await new_game(store, guild=GUILD + 1)
    league = await store.leagues.create(GUILD, 10, "Spring", "airships", 3, None, 86400, 3, False, None, 5)
    links = await store.web.links(GUILD, LinkKind.GAME, [str(before), str(after), str(other_server)])
    assert set(links) == {str(after)}
    assert set(await store.web.links(GUILD, LinkKind.LEAGUE, [str(league.id)])) == {str(league.id)}


async def test_turning_pages_on_links_every_game_league_leaderboard_and_statistics_page(store: Store) -> None:
    games = [await new_game(store) for _ in range(3)]
    await store.web.link_all(GUILD, ["airships", "1930"])
    await store.web.link_all(GUILD, ["airships", "1930"])  # again: nothing new, nothing lost
    assert set(await store.web.links(GUILD, LinkKind.GAME, map(str, games))) == set(map(str, games))
    assert set(await store.web.links(GUILD, LinkKind.STATS, ["airships", "1930", "air-alliance"])) == {"airships", "1930"}
    assert set(await store.web.links(GUILD, LinkKind.LEADERBOARD, ["1930"])) == {"1930"}


async def test_a_watcher_is_kept_once_in_the_order_they_came(store: Store) -> None:
    game = await new_game(store)
    assert await store.web.watch(game, 30) and await store.web.watch(game, 20)
    assert not await store.web.watch(game, 30)
    assert await store.web.watchers(game) == [30, 20]
    assert await store.web.unwatch(game, 30) and not await store.web.unwatch(game, 30)
    assert await store.web.watchers(game) == [20]


async def test_a_reader_opens_the_database_without_writing_it(store: Store, database: str | Path) -> None:
    game = await new_game(store)
    reader = await Store.open(database, read_only=True)
    try:
        assert (await reader.games.get(game)).id == game
        with pytest.raises(Exception, match="(?i)read.?only"):
            await reader.web.set_site(GUILD, True, changed_by=5)
    finally:
        await reader.close()
    assert not await store.web.site_on(GUILD)


async def test_a_reader_refuses_a_missing_or_unmigrated_database(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="No database yet at .*start the bot once"):
        await Store.open(tmp_path / "none.sqlite3", read_only=True)
    import sqlite3

    old = tmp_path / "old.sqlite3"
    sqlite3.connect(old).execute("PRAGMA user_version=3").connection.close()
    with pytest.raises(StoreError, match="schema version 3 is older than this code's"):
        await Store.open(old, read_only=True)
