"""Store behaviour against real SQLite files: migrations, seats, the action log, races and rollbacks."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine.platform.levels import Level
from engine.store import store as store_module
from engine.store import (
    Database, DuplicateInteraction, GameRow, NotFound, PostKind, PostRow, StaleVersion, Status, Store,
    StoreError,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.both_backends]  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD, CHANNEL, CREATOR = 111_111_111_111_111_111, 222_222_222_222_222_222, 333_333_333_333_333_333
ALICE, BOB, CAROL = 900_000_000_000_000_001, 900_000_000_000_000_002, 900_000_000_000_000_003


async def new_game(store: Store, channel: int = CHANNEL, guild: int = GUILD) -> GameRow:
    return await store.games.create("airships", guild, channel, CREATOR, seed=7, options={"players": 2})


async def active_game(store: Store) -> GameRow:
    game = await new_game(store)
    await store.seats.add(game.id, ALICE, "Alice")
    await store.seats.add(game.id, BOB, "Bob")
    return await store.seats.start_game(game.id, [ALICE, BOB])


def user_version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("PRAGMA user_version").fetchone()[0]


# -- migrations and connection settings ---------------------------------------------------------


async def test_empty_file_migrates_to_latest_version_and_reopen_is_idempotent(db_path: Path) -> None:
    async with await Store.open(db_path) as s:
        game = await new_game(s)
    assert user_version(db_path) == len(store_module.MIGRATIONS)
    async with await Store.open(db_path) as s:  # would fail on "table games already exists" if re-run
        assert (await s.games.get(game.id)).slug == "airships"
    assert user_version(db_path) == len(store_module.MIGRATIONS)


async def test_file_at_older_version_runs_only_the_newer_migrations(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await Store.open(db_path) as s:
        game = await new_game(s)
    known = len(store_module.MIGRATIONS)
    monkeypatch.setattr(
        store_module, "MIGRATIONS", [*store_module.MIGRATIONS, ["ALTER TABLE games ADD COLUMN note TEXT"]]
    )
    async with await Store.open(db_path) as s:
        assert (await s.games.get(game.id)).id == game.id
    assert user_version(db_path) == known + 1
    with sqlite3.connect(db_path) as conn:
        assert "note" in [row[1] for row in conn.execute("PRAGMA table_info(games)")]


async def test_failing_migration_rolls_back_whole_and_keeps_version(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await Store.open(db_path) as s:
        await new_game(s)
    known = len(store_module.MIGRATIONS)
    broken = ["CREATE TABLE half_done (x INTEGER)", "THIS IS NOT SQL"]
    monkeypatch.setattr(store_module, "MIGRATIONS", [*store_module.MIGRATIONS, broken])
    with pytest.raises(sqlite3.OperationalError):
        await Store.open(db_path)
    assert user_version(db_path) == known
    with sqlite3.connect(db_path) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    assert "half_done" not in tables


async def test_file_newer_than_known_schema_raises_store_error(db_path: Path) -> None:
    async with await Store.open(db_path):
        pass
    with sqlite3.connect(db_path) as conn:
        conn.execute("PRAGMA user_version = 999")
    with pytest.raises(StoreError, match="newer than this code knows"):
        await Store.open(db_path)


@pytest.mark.sqlite_only
async def test_open_creates_parent_dirs_and_turns_on_wal(store: Store, db_path: Path) -> None:
    assert db_path.exists()
    with sqlite3.connect(db_path) as conn:  # WAL is a property of the file, seen by any connection
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.sqlite_only
@pytest.mark.synced
async def test_every_commit_is_synced_to_disk_so_an_acknowledged_move_survives_a_power_cut(store: Store) -> None:
    # synchronous is a setting of the connection, not the file: ask the store's own. 2 is FULL (1 NORMAL, 0 OFF).
    assert await store.db.read("PRAGMA synchronous") == [(2,)]
    assert store_module.SYNCHRONOUS == "FULL"


# -- games ----------------------------------------------------------------------------------------


async def test_create_game_starts_in_lobby_at_version_zero(store: Store) -> None:
    game = await new_game(store)
    assert (game.status, game.version, game.thread_id, game.outcome) == (Status.LOBBY, 0, None, None)
    # Options stored without an edition read as the first (the store keeps whatever the service wrote).
    assert game.options == {"players": 2, "edition": 1} and game.guild_id == GUILD and game.creator_id == CREATOR
    assert game.created_at.endswith("+00:00")
    assert await store.games.get(game.id) == game


async def test_get_unknown_game_raises_not_found(store: Store) -> None:
    with pytest.raises(NotFound):
        await store.games.get(12345)


async def test_list_games_is_newest_first_per_guild_and_filters_by_status(store: Store) -> None:
    first = await new_game(store)
    second = await active_game(store)
    await new_game(store, guild=GUILD + 1)
    assert [g.id for g in await store.games.in_guild(GUILD)] == [second.id, first.id]
    assert [g.id for g in await store.games.in_guild(GUILD, [Status.ACTIVE])] == [second.id]
    assert [g.id for g in await store.games.in_guild(GUILD, {Status.LOBBY, Status.ACTIVE})] == [second.id, first.id]
    assert await store.games.in_guild(GUILD, [Status.FINISHED]) == []


async def test_list_games_puts_live_games_first_and_stops_at_the_limit(store: Store) -> None:
    active = await active_game(store)
    finished = await active_game(store)
    await store.games.set_status(finished.id, Status.FINISHED)
    lobby = await new_game(store)
    abandoned = await new_game(store)
    await store.games.set_status(abandoned.id, Status.ABANDONED)
    assert [g.id for g in await store.games.in_guild(GUILD)] == [lobby.id, active.id, abandoned.id, finished.id]
    assert [g.id for g in await store.games.in_guild(GUILD, limit=3)] == [lobby.id, active.id, abandoned.id]
    assert [g.id for g in await store.games.in_guild(GUILD, [Status.FINISHED, Status.ABANDONED], limit=1)] == [abandoned.id]


async def test_games_in_channel_matches_own_thread_or_unthreaded_channel(store: Store) -> None:
    thread = 444_444_444_444_444_444
    unthreaded = await new_game(store)
    threaded = await new_game(store)
    await store.games.set_thread(threaded.id, thread)
    elsewhere = await new_game(store, channel=CHANNEL + 1)
    assert [g.id for g in await store.games.in_channel(GUILD, CHANNEL)] == [unthreaded.id]
    assert [g.id for g in await store.games.in_channel(GUILD, thread)] == [threaded.id]
    assert [g.id for g in await store.games.in_channel(GUILD, CHANNEL + 1)] == [elsewhere.id]
    assert await store.games.in_channel(GUILD + 1, CHANNEL) == []


# -- seats ----------------------------------------------------------------------------------------


async def test_seats_keep_join_order_in_lobby(store: Store) -> None:
    game = await new_game(store)
    for user, name in [(CAROL, "Carol"), (ALICE, "Alice"), (BOB, "Bob")]:
        await store.seats.add(game.id, user, name)
    await store.seats.remove(game.id, ALICE)
    await store.seats.add(game.id, ALICE, "Alice")
    assert [(s.user_id, s.seat) for s in await store.seats.of(game.id)] == [(CAROL, None), (BOB, None), (ALICE, None)]


async def test_joining_twice_is_rejected(store: Store) -> None:
    game = await new_game(store)
    await store.seats.add(game.id, ALICE, "Alice")
    with pytest.raises(StoreError, match="already seated"):
        await store.seats.add(game.id, ALICE, "Alice again")
    assert [s.name for s in await store.seats.of(game.id)] == ["Alice"]


async def test_start_assigns_seats_in_given_order_and_activates(store: Store) -> None:
    game = await new_game(store)
    for user, name in [(ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")]:
        await store.seats.add(game.id, user, name)
    started = await store.seats.start_game(game.id, [BOB, CAROL, ALICE])
    assert (started.status, started.version) == (Status.ACTIVE, 0)
    assert [(s.user_id, s.seat) for s in await store.seats.of(game.id)] == [(BOB, 0), (CAROL, 1), (ALICE, 2)]


async def test_seats_cannot_change_after_start(store: Store) -> None:
    game = await active_game(store)
    with pytest.raises(StoreError, match="not in the lobby"):
        await store.seats.add(game.id, CAROL, "Carol")
    with pytest.raises(StoreError, match="not in the lobby"):
        await store.seats.remove(game.id, ALICE)
    with pytest.raises(StaleVersion):
        await store.seats.start_game(game.id, [ALICE, BOB])


async def test_start_with_wrong_players_changes_nothing(store: Store) -> None:
    game = await new_game(store)
    await store.seats.add(game.id, ALICE, "Alice")
    await store.seats.add(game.id, BOB, "Bob")
    with pytest.raises(StoreError, match="does not match"):
        await store.seats.start_game(game.id, [ALICE, CAROL])
    assert (await store.games.get(game.id)).status is Status.LOBBY
    assert all(s.seat is None for s in await store.seats.of(game.id))


# -- the action log ---------------------------------------------------------------------------------


async def test_append_action_records_move_bumps_version_and_caches_snapshot(store: Store) -> None:
    game = await active_game(store)
    after = await store.games.append_action(game.id, 1, 0, {"kind": "board"}, 555, snapshot=b"state-1")
    assert after.version == 1 and after.status is Status.ACTIVE
    await store.games.append_action(game.id, 2, 1, {"kind": "fly", "to": "Lakehurst"}, None, snapshot=b"state-2")
    log = await store.games.actions(game.id)
    assert [(a.seq, a.seat, a.payload, a.interaction_id) for a in log] == [
        (1, 0, {"kind": "board"}, 555),
        (2, 1, {"kind": "fly", "to": "Lakehurst"}, None),
    ]
    assert await store.games.snapshot(game.id) == (2, b"state-2")
    assert (await store.games.get(game.id)).version == 2


async def test_stale_seq_raises_stale_version_and_writes_nothing(store: Store) -> None:
    game = await active_game(store)
    await store.games.append_action(game.id, 1, 0, {"n": 1}, 1001)
    for seq in (1, 3, 0):
        with pytest.raises(StaleVersion):
            await store.games.append_action(game.id, seq, 0, {"n": seq}, 2000 + seq, snapshot=b"nope")
    assert [a.seq for a in await store.games.actions(game.id)] == [1]
    assert (await store.games.get(game.id)).version == 1
    assert await store.games.snapshot(game.id) is None


async def test_same_interaction_twice_raises_duplicate_and_writes_nothing(store: Store) -> None:
    game = await active_game(store)
    await store.games.append_action(game.id, 1, 0, {"n": 1}, 777)
    with pytest.raises(DuplicateInteraction):  # a retried interaction: same seq
        await store.games.append_action(game.id, 1, 0, {"n": 1}, 777)
    with pytest.raises(DuplicateInteraction):  # the same id on what would be the next move
        await store.games.append_action(game.id, 2, 0, {"n": 2}, 777)
    assert [a.payload for a in await store.games.actions(game.id)] == [{"n": 1}]
    assert (await store.games.get(game.id)).version == 1


async def test_interaction_ids_are_unique_across_games(store: Store) -> None:
    one, two = await active_game(store), await active_game(store)
    await store.games.append_action(one.id, 1, 0, {}, 888)
    with pytest.raises(DuplicateInteraction):
        await store.games.append_action(two.id, 1, 0, {}, 888)
    assert await store.games.actions(two.id) == []


async def test_moves_only_append_to_active_games(store: Store) -> None:
    lobby = await new_game(store)
    with pytest.raises(StaleVersion, match="lobby"):
        await store.games.append_action(lobby.id, 1, 0, {}, None)
    with pytest.raises(NotFound):
        await store.games.append_action(98765, 1, 0, {}, None)
    assert await store.games.actions(lobby.id) == []


async def test_racing_coroutines_on_same_seq_exactly_one_wins(store: Store) -> None:
    game = await active_game(store)
    results = await asyncio.gather(
        *(store.games.append_action(game.id, 1, i % 2, {"who": i}, 5000 + i) for i in range(10)),
        return_exceptions=True,
    )
    winners = [r for r in results if isinstance(r, GameRow)]
    assert len(winners) == 1
    assert all(isinstance(r, StaleVersion) for r in results if not isinstance(r, GameRow))
    assert len(await store.games.actions(game.id)) == 1


async def test_two_connections_racing_on_one_database_exactly_one_wins_each_move(database: str | Path) -> None:
    async with await Store.open(database) as first, await Store.open(database) as second:
        game = await active_game(first)
        for seq in range(1, 21):
            results = await asyncio.gather(
                first.games.append_action(game.id, seq, 0, {"by": "first"}, None),
                second.games.append_action(game.id, seq, 0, {"by": "second"}, None),
                return_exceptions=True,
            )
            assert sum(isinstance(r, GameRow) for r in results) == 1, results
            assert sum(isinstance(r, StaleVersion) for r in results) == 1, results
        assert [a.seq for a in await second.games.actions(game.id)] == list(range(1, 21))


def fail_on_snapshot_write(monkeypatch: pytest.MonkeyPatch, effect: Any) -> None:
    """Make the snapshot upsert (the last statement, after the action insert) run `effect` instead."""
    real_q = Database.q

    async def q(self: Database, sql: str, params: Any = ()) -> list[Any]:
        if sql.startswith("INSERT INTO snapshots"):
            return await effect()
        return await real_q(self, sql, params)

    monkeypatch.setattr(Database, "q", q)


async def test_failure_mid_append_leaves_nothing_half_written(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await active_game(store)

    async def explode() -> list[Any]:
        raise RuntimeError("disk gremlin")

    fail_on_snapshot_write(monkeypatch, explode)
    with pytest.raises(RuntimeError, match="disk gremlin"):
        await store.games.append_action(game.id, 1, 0, {"n": 1}, 4242, snapshot=b"state")
    monkeypatch.undo()
    assert await store.games.actions(game.id) == []
    assert (await store.games.get(game.id)).version == 0
    # The rollback freed both the transaction and the interaction id: the retry goes through.
    assert (await store.games.append_action(game.id, 1, 0, {"n": 1}, 4242, snapshot=b"state")).version == 1


async def test_failing_action_insert_rolls_back_the_version_bump(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The path every real move takes: the game row is updated first, then the INSERT fails (as a full disk would)."""
    game = await active_game(store)
    real_q = store.db.backend.q

    async def refusing_action_insert(sql: str, params: Any = ()) -> list[Any]:
        if sql.lstrip().startswith("INSERT INTO actions"):
            raise OSError("database or disk is full")
        return await real_q(sql, params)

    monkeypatch.setattr(store.db.backend, "q", refusing_action_insert)
    with pytest.raises(OSError, match="disk is full"):
        await store.games.append_action(game.id, 1, 0, {"n": 1}, 4343, status=Status.FINISHED, outcome={"scores": [1, 0]})
    monkeypatch.undo()
    assert await store.games.actions(game.id) == []
    after = await store.games.get(game.id)
    assert (after.version, after.status, after.outcome) == (0, Status.ACTIVE, None)
    assert (await store.games.append_action(game.id, 1, 0, {"n": 1}, 4343)).version == 1


async def test_cancelled_append_rolls_back(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    game = await active_game(store)
    reached, never = asyncio.Event(), asyncio.Event()

    async def hang() -> list[Any]:
        reached.set()
        await never.wait()
        return []

    fail_on_snapshot_write(monkeypatch, hang)
    task = asyncio.create_task(store.games.append_action(game.id, 1, 0, {"n": 1}, None, snapshot=b"state"))
    await reached.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    monkeypatch.undo()
    assert await store.games.actions(game.id) == []
    assert (await store.games.append_action(game.id, 1, 0, {"n": 1}, None)).version == 1


async def test_non_bytes_snapshot_is_rejected_before_writing(store: Store) -> None:
    game = await active_game(store)
    with pytest.raises(TypeError):
        await store.games.append_action(game.id, 1, 0, {}, None, snapshot="not bytes")  # type: ignore[arg-type]
    assert (await store.games.get(game.id)).version == 0


async def test_actions_survive_close_and_reopen(database: str | Path) -> None:
    async with await Store.open(database) as s:
        game = await active_game(s)
        for seq in range(1, 6):
            await s.games.append_action(game.id, seq, seq % 2, {"n": seq}, 6000 + seq)
    async with await Store.open(database) as s:
        assert [a.payload["n"] for a in await s.games.actions(game.id)] == [1, 2, 3, 4, 5]
        assert [a.seq for a in await s.games.actions(game.id, after=2, limit=2)] == [3, 4]
        assert (await s.games.get(game.id)).version == 5
        assert [x.user_id for x in await s.seats.of(game.id)] == [ALICE, BOB]


async def test_finishing_move_stores_status_and_outcome(database: str | Path) -> None:
    outcome = {"scores": [41, 37], "ranking": [0, 1]}
    async with await Store.open(database) as s:
        game = await active_game(s)
        await s.games.append_action(game.id, 1, 0, {"kind": "pass"}, None)
        done = await s.games.append_action(
            game.id, 2, 1, {"kind": "pass"}, None, status=Status.FINISHED, outcome=outcome
        )
        assert (done.status, done.outcome) == (Status.FINISHED, outcome)
        with pytest.raises(StaleVersion, match="finished"):
            await s.games.append_action(game.id, 3, 0, {}, None)
    async with await Store.open(database) as s:
        again = await s.games.get(game.id)
        assert (again.status, again.outcome, again.version) == (Status.FINISHED, outcome, 2)
        assert [g.id for g in await s.games.in_guild(GUILD, [Status.FINISHED])] == [game.id]


async def test_set_status_abandons_and_keeps_outcome_unless_given(store: Store) -> None:
    game = await active_game(store)
    abandoned = await store.games.set_status(game.id, Status.ABANDONED)
    assert (abandoned.status, abandoned.outcome, abandoned.version) == (Status.ABANDONED, None, 0)
    finished = await store.games.set_status(game.id, Status.FINISHED, {"scores": [1, 2]})
    assert (await store.games.set_status(game.id, Status.FINISHED)).outcome == finished.outcome == {"scores": [1, 2]}
    with pytest.raises(NotFound):
        await store.games.set_status(424242, Status.ABANDONED)


async def test_posts_remember_one_message_per_kind_and_survive_a_reopen(database: str | Path) -> None:
    async with await Store.open(database) as first:
        game = await new_game(first)
        other = await new_game(first)
        await first.games.set_post(game.id, PostKind.LOBBY, 10, 100, 0)
        await first.games.set_post(game.id, PostKind.TURN, 11, 110, 0)
        await first.games.set_post(game.id, PostKind.TURN, 11, 111, 7)  # a new turn replaces the old turn's message
        await first.games.set_post(other.id, PostKind.TURN, 12, 120, 3)
    async with await Store.open(database) as reopened:
        assert await reopened.games.posts(game.id) == {
            PostKind.LOBBY: PostRow(PostKind.LOBBY, 10, 100, 0),
            PostKind.TURN: PostRow(PostKind.TURN, 11, 111, 7),
        }
        assert await reopened.games.posts(other.id) == {PostKind.TURN: PostRow(PostKind.TURN, 12, 120, 3)}
        assert await reopened.games.posts(999) == {}


async def test_ai_seats_are_marked_and_found_in_active_games(store: Store) -> None:
    game = await new_game(store)
    await store.seats.add(game.id, ALICE, "alice")
    await store.seats.add(game.id, 1, "Contrail AI 1", ai=True)
    assert [(s.user_id, s.ai) for s in await store.seats.of(game.id)] == [(ALICE, False), (1, True)]
    human_only = await new_game(store)
    await store.seats.add(human_only.id, BOB, "bob")
    await store.seats.add(human_only.id, CAROL, "carol")
    assert await store.games.owing_automatic_moves() == []  # only games being played count
    await store.seats.start_game(game.id, [1, ALICE])
    await store.seats.start_game(human_only.id, [BOB, CAROL])
    # Who is to act is not known yet for either: both are looked at after a restart.
    assert [g.id for g in await store.games.owing_automatic_moves()] == [game.id, human_only.id]


async def test_an_ai_seat_stored_without_a_level_reads_as_standard(store: Store) -> None:
    # A row written without the column (as the scale benchmark's fill once wrote them, or any other writer
    # that predates levels) must not stop the table from loading: the migration's own rule, standard, holds.
    game = await new_game(store)
    await store.seats.add(game.id, ALICE, "alice")
    async with store.db.transaction():
        await store.db.q("INSERT INTO seats (game_id, user_id, name, position, seat, ai) VALUES (?, 1, ?, 1, NULL, 1)",
                         (game.id, "Contrail AI 1"))
    assert [(s.user_id, s.ai, s.level) for s in await store.seats.of(game.id)] == [
        (ALICE, False, None), (1, True, Level.STANDARD)]


async def test_the_games_owing_a_move_are_read_a_page_at_a_time_oldest_move_first(store: Store) -> None:
    games = []
    for _ in range(5):
        game = await new_game(store)
        await store.seats.add(game.id, ALICE, "alice")
        await store.seats.start_game(game.id, [ALICE])  # who is to act is not known: each is owed a look
        games.append(game.id)
    await store.games.append_action(games[1], 1, 0, {"key": "x"}, None)  # moved last: it comes last
    order = [games[0], *games[2:], games[1]]
    first = await store.games.owing_automatic_moves(limit=2)
    second = await store.games.owing_automatic_moves(after=first[-1], limit=2)
    third = await store.games.owing_automatic_moves(after=second[-1], limit=2)
    assert [g.id for g in [*first, *second, *third]] == order
    assert await store.games.owing_automatic_moves(after=third[-1], limit=2) == []


async def test_a_game_owes_a_move_only_while_its_bot_seats_are_to_act(store: Store) -> None:
    game = await new_game(store)
    await store.seats.add(game.id, ALICE, "alice")
    await store.seats.add(game.id, 1, "Contrail AI 1", ai=True)
    await store.seats.start_game(game.id, [1, ALICE])  # the AI is seat 0, alice seat 1
    people = await new_game(store)
    await store.seats.add(people.id, BOB, "bob")
    await store.seats.add(people.id, CAROL, "carol")
    await store.seats.start_game(people.id, [BOB, CAROL])
    await store.games.set_to_act(people.id, 0, [0])
    await store.games.set_to_act(game.id, 0, [1])  # alice's turn: nothing owed
    assert await store.games.owing_automatic_moves() == []
    await store.games.append_action(game.id, 1, 1, {"key": "x"}, None, to_act=[0])  # the AI's turn now
    assert [g.id for g in await store.games.owing_automatic_moves()] == [game.id]
    await store.games.append_action(game.id, 2, 0, {"key": "y"}, None, to_act=[0, 1])  # both decide
    assert [g.id for g in await store.games.owing_automatic_moves()] == [game.id]
    await store.games.set_to_act(game.id, 1, [1])  # an older version: the game moved on, nothing changes
    assert [g.id for g in await store.games.owing_automatic_moves()] == [game.id]
    await store.games.append_action(game.id, 3, 0, {"key": "z"}, None, to_act=[1])
    assert await store.games.owing_automatic_moves() == []
    await store.seats.set_autopilot(people.id, BOB, True)  # seat 0, to act: the autopilot owes the move
    assert [g.id for g in await store.games.owing_automatic_moves()] == [people.id]
    await store.games.append_action(people.id, 1, 0, {"key": "x"}, None)  # a take-back: not known until loaded
    await store.seats.set_autopilot(people.id, BOB, False)
    assert [g.id for g in await store.games.owing_automatic_moves()] == [people.id]
    await store.games.append_action(people.id, 2, 1, {"key": "x"}, None, status=Status.FINISHED, outcome={})
    assert await store.games.owing_automatic_moves() == []  # a finished game owes nothing
