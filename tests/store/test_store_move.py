"""Moving a SQLite database into an empty one (PostgreSQL with TEST_DATABASE_URL): every row, the same replays."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

import bot
import engine
from engine.cli import admin
from engine.cli import move_database as store_move
from engine.core import replay
from engine.platform.ratings import Placed
from engine.platform.records import DueKind, Status
from engine.store import Store
from engine.cli.move_database import ReplayMismatch, TargetNotEmpty, move_database, verify_replays

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD, CHANNEL, ALICE, BOB = 10, 20, 2**60 + 1, 2**60 + 2  # ids past 32 bits, as Discord's are


async def played(store: Store, moves: int) -> int:
    """An Airships game of Alice and Bob with `moves` legal moves in its log (the first choice each time)."""
    row = await store.games.create("airships", GUILD, CHANNEL, ALICE, seed=11, options={})
    await store.seats.add(row.id, ALICE, "Alice")
    await store.seats.add(row.id, BOB, "Bob")
    await store.seats.start_game(row.id, [ALICE, BOB])
    game = engine.get_game("airships")
    log: list = []
    for seq in range(1, moves + 1):
        state = replay(game, 2, 11, {}, log)
        seat = game.to_act(state)[0]
        action = game.legal_actions(state, seat)[0]
        await store.games.append_action(row.id, seq, seat, action.to_dict(), 9_000_000_000_000 + row.id * 1000 + seq,
                                  snapshot=b"cache" if seq == moves else None)
        log.append((seat, action))
    return row.id


@pytest.fixture
def source(tmp_path: Path) -> Path:
    return tmp_path / "old" / "contrail.sqlite3"


async def fill(path: Path) -> dict[str, int]:
    async with await Store.open(path) as old:
        lobby = await old.games.create("airships", GUILD, CHANNEL, ALICE, seed=1, options={})
        await old.seats.add(lobby.id, BOB, "Bob")
        active = await played(old, 12)
        finished = await played(old, 5)
        await old.games.set_status(finished, Status.FINISHED, {"scores": [3, 1]})
        await old.ratings.record(finished, GUILD, "airships", [Placed(0, ALICE, "Alice", 1, 3.0),
                                                               Placed(1, BOB, "Bob", 2, 1.0)])
        await old.dues.set(active, 12, 100.5, {DueKind.DEADLINE: 200.25, DueKind.REMINDER: 150.0})
        assert [due.kind for due in await old.dues.claim(160.0)] == [DueKind.REMINDER]  # taken; then the bot stopped
        await old.seats.replace(active, BOB, 2**60 + 3, "Cat", 12, "Cat took Bob's seat.", "2026-01-01T00:00:00+00:00")
        await old.leagues.create(GUILD, CHANNEL, "Sunday", "airships", 2, None, 86400, 3, False, None, ALICE)
        await old.prefs.start_vacation(ALICE, 10.0, 20.0)
        return {"active": active, "finished": finished, "lobby": lobby.id}


async def test_every_row_moves_and_every_game_replays_the_same(source: Path, database: str | Path) -> None:
    ids = await fill(source)
    report = await move_database(source, str(database))
    assert report.games_replayed == 2
    assert report.rows["games"] == 3 and report.rows["actions"] == 17 and report.rows["results"] == 2
    async with await Store.open(source) as old, await Store.open(database) as new:
        for game_id in ids.values():
            assert await new.games.get(game_id) == await old.games.get(game_id)
            assert await new.seats.of(game_id) == await old.seats.of(game_id)
            assert await new.games.actions(game_id) == await old.games.actions(game_id)
            assert await new.dues.of(game_id) == await old.dues.of(game_id)
        assert await new.seats.events(ids["active"]) == [(12, "Cat took Bob's seat.")]
        assert await old.dues.claim(160.0) == []  # still held by the stopped bot's claim in the file ...
        assert [due.kind for due in await new.dues.claim(160.0)] == [DueKind.REMINDER]  # ... free once moved
        assert await new.games.snapshot(ids["active"]) == (12, b"cache")
        assert [lg.name for lg in await new.leagues.in_guild(GUILD)] == ["Sunday"]
        # New rows number on after the copied ones, as they would have in the old file.
        assert (await new.games.create("airships", GUILD, CHANNEL, ALICE, seed=2, options={})).id == max(ids.values()) + 1


async def test_a_target_with_games_is_refused_and_left_as_it_was(source: Path, database: str | Path) -> None:
    await fill(source)
    async with await Store.open(database) as target:
        kept = await target.games.create("1930", GUILD, CHANNEL, BOB, seed=5, options={})
    with pytest.raises(TargetNotEmpty, match="already has rows in games"):
        await move_database(source, str(database))
    async with await Store.open(database) as target:
        assert [g.id for g in await target.games.in_guild(GUILD)] == [kept.id]


async def test_a_copy_whose_log_differs_is_caught_by_the_replay_check(source: Path, database: str | Path) -> None:
    ids = await fill(source)
    await move_database(source, str(database))
    async with await Store.open(source) as old, await Store.open(database) as new:
        async with new.transaction():  # a row altered on the way, as a faulty copy would
            await new.db.q("DELETE FROM actions WHERE game_id = ? AND seq = ?", (ids["active"], 12))
        with pytest.raises(ReplayMismatch, match=f"game {ids['active']} replays differently"):
            await verify_replays(old, new)


async def test_a_move_that_does_not_replay_the_same_leaves_the_target_empty(
    source: Path, database: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await fill(source)

    async def differs(old: Store, new: Store) -> int:
        raise ReplayMismatch("game 2 replays differently on the copy")

    monkeypatch.setattr(store_move, "verify_replays", differs)
    with pytest.raises(ReplayMismatch):
        await move_database(source, str(database))
    async with await Store.open(database) as target:
        assert await target.games.in_guild(GUILD) == [] and await target.seats.of(2) == []


def test_bot_migrate_to_says_what_it_moved_or_why_not(
    source: Path, database: str | Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_PATH", str(source))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    said: list[str] = []
    assert bot.main(["--migrate-to", "postgresql://nobody@127.0.0.1:1/none"], out=said.append) == admin.EXIT_NO_DATABASE
    assert f"No database yet at {source}: " in capsys.readouterr().err
    asyncio.run(fill(source))
    assert bot.main(["--migrate-to", str(source.with_name("copy.sqlite3"))], out=said.append) == bot.EXIT_FAILED
    assert "--migrate-to takes a postgresql:// URL" in capsys.readouterr().err
    if isinstance(database, Path):
        return  # the command's one target is PostgreSQL: the rest needs TEST_DATABASE_URL
    assert bot.main(["--migrate-to", database], out=said.append) == 0
    [line] = said
    assert line.startswith(f"Moved {source} to {database}: 3 games, 17 moves, ")
    assert line.endswith("each of the 2 started games replays to the same position. Now set DATABASE_URL to it.")
    assert bot.main(["--migrate-to", database], out=said.append) == bot.EXIT_FAILED
    assert "Nothing was moved: the postgresql target already has rows in games" in capsys.readouterr().err


def test_bot_migrate_to_a_source_it_cannot_write_says_so_in_one_line(
    source: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asyncio.run(fill(source))
    monkeypatch.setenv("DATABASE_PATH", str(source))
    monkeypatch.delenv("DATABASE_URL", raising=False)

    async def read_only(source: Path, target: str) -> None:  # what SQLite says of a file in a folder we may not write
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(admin, "move_database", read_only)
    assert bot.main(["--migrate-to", "postgresql://c@127.0.0.1:1/db"], out=print) == bot.EXIT_FAILED
    assert capsys.readouterr().err == (f"Nothing was moved: could not use {source}: attempt to write a readonly"
                                       " database.\n")


def test_database_url_must_name_postgresql(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    assert bot.load_settings(env, {"DATABASE_URL": "postgresql://c@h/db"}).database == "postgresql://c@h/db"
    assert bot.load_settings(env, {}).database == Path(bot.DEFAULT_DATABASE)
    with pytest.raises(bot.SettingsError, match="DATABASE_URL must be a postgresql:// URL"):
        bot.load_settings(env, {"DATABASE_URL": "mysql://c@h/db"})
