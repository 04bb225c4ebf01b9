"""The store's leagues: seasons, members, rounds opened once with their games and round-end due times, admin roles."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.platform.records import DueKind, DueRow, Status, StoreError
from engine.store import LeagueStatus, NewTable, Store

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL


async def _league(store: Store, name: str = "Spring", guild: int = 1) -> int:
    row = await store.leagues.create(guild, 10, name, "airships", 3, 86400, 7 * 86400, 3, False, None, 100)
    return row.id


async def test_several_leagues_per_server_each_name_once(store: Store) -> None:
    first, second = await _league(store, "Spring"), await _league(store, "Summer")
    await _league(store, "Spring", guild=2)  # another server may reuse the name
    with pytest.raises(StoreError):
        await _league(store, "Spring")
    assert [league.id for league in await store.leagues.in_guild(1)] == [first, second]


async def test_members_join_and_leave_only_while_sign_ups_are_open(store: Store) -> None:
    spring, summer = await _league(store, "Spring"), await _league(store, "Summer")
    assert await store.leagues.add_member(spring, 1, 7, "ann") and await store.leagues.add_member(summer, 1, 7, "ann")
    assert not await store.leagues.add_member(spring, 1, 7, "ann")  # once
    assert await store.leagues.add_member(spring, 1, 8, "bob")
    assert await store.leagues.members(spring, 1) == {7: "ann", 8: "bob"}
    assert await store.leagues.set_status(spring, 1, LeagueStatus.SIGNUP, LeagueStatus.RUNNING)
    assert not await store.leagues.set_status(spring, 1, LeagueStatus.SIGNUP, LeagueStatus.RUNNING)
    assert not await store.leagues.remove_member(spring, 1, 8) and not await store.leagues.add_member(spring, 1, 9, "cy")
    assert await store.leagues.remove_member(summer, 1, 7)  # still open there
    assert await store.leagues.members(summer, 1) == {}


async def test_a_round_opens_once_with_its_games_seats_and_round_end(store: Store) -> None:
    spring = await _league(store)
    await store.leagues.set_status(spring, 1, LeagueStatus.SIGNUP, LeagueStatus.RUNNING)
    league = await store.leagues.get(spring)
    assert league is not None
    tables = [NewTable(((7, "ann", False), (8, "bob", False), (1, "Contrail AI 1", True)), 5)]
    [game_id] = await store.leagues.open_round(league, 1, 5000.0, 100.0, tables) or []
    assert await store.leagues.open_round(league, 1, 5000.0, 100.0, tables) is None  # a second caller opens nothing
    game = await store.games.get(game_id)
    assert (game.status, game.seed, game.turn_seconds, game.creator_id) == (Status.LOBBY, 5, 86400, 7)
    [played] = await store.leagues.games(spring, 1, 1)
    assert played.seats == ((-1, 7, False), (-1, 8, False), (-1, 0, True)) and not played.over
    assert (await store.dues.of(game_id))[DueKind.ROUND_END].due_at == 5000.0
    await store.dues.set(game_id, 3, 200.0, {DueKind.DEADLINE: 300.0})  # a turn's dues leave the round's end alone
    assert set(await store.dues.of(game_id)) == {DueKind.ROUND_END, DueKind.DEADLINE}
    assert await store.leagues.of_game(game_id) == (spring, 1, 1)
    assert (await store.leagues.get(spring)).round == 1  # type: ignore[union-attr]


async def test_a_new_season_opens_only_after_the_last_one_finished(store: Store) -> None:
    spring = await _league(store)
    assert await store.leagues.open_season(spring) is None
    await store.leagues.set_status(spring, 1, LeagueStatus.SIGNUP, LeagueStatus.RUNNING)
    await store.leagues.set_status(spring, 1, LeagueStatus.RUNNING, LeagueStatus.FINISHED)
    second = await store.leagues.open_season(spring)
    assert second is not None and (second.season, second.status, second.round) == (2, LeagueStatus.SIGNUP, 0)
    assert await store.leagues.add_member(spring, 2, 7, "ann")


async def test_league_admin_roles(store: Store) -> None:
    assert await store.leagues.set_admin(1, 55, True) and not await store.leagues.set_admin(1, 55, True)
    assert await store.leagues.admins(1) == [55] and await store.leagues.admins(2) == []
    assert await store.leagues.set_admin(1, 55, False) and await store.leagues.admins(1) == []


async def test_a_league_has_one_due_item_of_a_kind_beside_its_games_and_the_soonest_time_wins(store: Store) -> None:
    spring = await _league(store)
    game = await store.games.create("airships", 1, 2, 3, seed=7, options={"players": 2})
    await store.dues.add(DueRow(game.id, DueKind.LEAGUE_ROUND, 900.0, 0, 0.0))  # a game's item of the same kind
    look = DueRow(None, DueKind.LEAGUE_ROUND, 500.0, 0, 0.0, league_id=spring)
    await store.dues.soon(look)
    await store.dues.soon(replace(look, due_at=800.0))  # later: the sooner look stays
    assert [d.due_at for d in (await store.dues.of_league(spring)).values()] == [500.0]
    [taken, _] = await store.dues.claim(1000.0)
    assert (taken.league_id, taken.game_id) == (spring, None)
    await store.dues.soon(replace(look, due_at=1000.0))  # asked for while being done: it replaces the claimed one
    await store.dues.finish(taken)
    assert [d.due_at for d in (await store.dues.of_league(spring)).values()] == [1000.0]
    assert [d.due_at for d in (await store.dues.of(game.id)).values()] == [900.0]
