"""The table service on a real SQLite file: turns, versions, races, retries, replay and rendering off the loop."""

from __future__ import annotations

import asyncio
import logging
import random
import threading
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core import GameError, GameOver, IllegalAction, NotYourTurn, StaleAction
from engine.options import current_edition
from engine.services import Services
from engine.services.caching import CACHE_MB, LOG_EVERY, MB, Memo, Memos
from tests.stub_drawing import stub_drawing
from engine.store import Status, Store
from engine.services.tables import AlreadyPlayed, LobbyClosed, NoSuchTable, NoTableHere, NotCreator, NotSeated, NotStarted, WhichTable

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD, CHANNEL = 1, 2
ANN, BOB, CY = 10, 11, 12


def blank_png(slug: str, view: dict[str, Any]) -> bytes:
    return b"\x89PNG fake"


async def started(service: Services, players: tuple[int, ...] = (ANN, BOB, CY)) -> int:
    table = await service.lobby.open_table("airships", guild_id=GUILD, channel_id=CHANNEL, creator_id=players[0], creator_name="ann")
    for user in players[1:]:
        await service.lobby.join(table.id, user, {BOB: "bob", CY: "cy"}.get(user, str(user)))
    await service.lobby.start(table.id, players[0])
    return table.id


async def test_seats_are_shuffled_by_the_games_seed(service: Services) -> None:
    game_id = await started(service)
    table = await service.reading.table(game_id)
    expected = [ANN, BOB, CY]
    random.Random(table.row.seed).shuffle(expected)
    assert [p.user_id for p in table.players] == expected
    assert 0 <= table.row.seed < 2**62


async def test_lobby_rules(service: Services) -> None:
    table = await service.lobby.open_table("airships", guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN, creator_name="ann")
    with pytest.raises(LobbyClosed, match="needs 2 to 4 players"):
        await service.lobby.start(table.id, ANN)
    await service.lobby.join(table.id, BOB, "bob")
    with pytest.raises(NotCreator):
        await service.lobby.start(table.id, BOB)
    with pytest.raises(NotStarted):
        await service.core.play(table.id, ANN, 0)
    with pytest.raises(NotSeated):
        await service.lobby.leave(table.id, CY)
    with pytest.raises(engine.GameError, match="no game called"):
        await service.lobby.open_table("chess", guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN, creator_name="ann")


async def test_a_move_checks_seat_turn_version_and_legality(service: Services, store: Store) -> None:
    game_id = await started(service)
    prompt = await service.reading.prompt(game_id)
    assert prompt is not None
    mover = prompt.movers[0]
    waiting = next(u for u in (ANN, BOB, CY) if u != mover.user_id)
    with pytest.raises(NotSeated):
        await service.core.play(game_id, 99, 0, version=0)
    with pytest.raises(NotYourTurn):
        await service.core.play(game_id, waiting, 0, version=0)
    with pytest.raises(StaleAction, match="out of date"):
        await service.core.play(game_id, mover.user_id, 0, version=7)
    with pytest.raises(IllegalAction):
        await service.core.play(game_id, mover.user_id, 99, version=0)
    with pytest.raises(IllegalAction):
        await service.core.play(game_id, mover.user_id, "throw:nowhere")
    assert (await service.reading.table(game_id)).version == 0 and await store.games.actions(game_id) == []

    result = await service.core.play(game_id, mover.user_id, mover.choices[0].key, interaction_id=1)
    assert result.table.version == 1
    assert all("{p" not in line for line in result.events)
    assert result.image == b"\x89PNG fake"


async def test_the_same_interaction_twice_applies_once(service: Services, store: Store) -> None:
    game_id = await started(service)
    prompt = await service.reading.prompt(game_id)
    assert prompt is not None
    await service.core.play(game_id, prompt.movers[0].user_id, 0, version=0, interaction_id=555)
    again = await service.reading.prompt(game_id)
    assert again is not None
    with pytest.raises(AlreadyPlayed, match="already made"):
        await service.core.play(game_id, again.movers[0].user_id, 0, version=1, interaction_id=555)
    assert len(await store.games.actions(game_id)) == 1


async def test_a_double_click_racing_itself_applies_once(service: Services, store: Store) -> None:
    game_id = await started(service)
    prompt = await service.reading.prompt(game_id)
    assert prompt is not None
    user = prompt.movers[0].user_id
    results = await asyncio.gather(
        service.core.play(game_id, user, 0, version=0, interaction_id=1),
        service.core.play(game_id, user, 0, version=0, interaction_id=2),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert sum(isinstance(r, StaleAction) for r in results) == 1
    assert len(await store.games.actions(game_id)) == 1


async def test_two_processes_racing_for_one_decision_exactly_one_wins(store: Store, database: str | Path) -> None:
    """Two services (as two bot processes would) on one database, each with its own cache."""
    first = Services(store, stub_drawing(blank_png))
    game_id = await started(first)
    other_store = await Store.open(database)  # the database of the `store` fixture
    try:
        second = Services(other_store, stub_drawing(blank_png))
        prompt = await first.reading.prompt(game_id)
        assert prompt is not None and await second.reading.prompt(game_id) == prompt  # both caches warm at version 0
        user = prompt.movers[0].user_id
        outcomes = await asyncio.gather(
            first.core.play(game_id, user, 0, version=0, interaction_id=1),
            second.core.play(game_id, user, 0, version=0, interaction_id=2),
            return_exceptions=True,
        )
        assert sorted(type(o).__name__ for o in outcomes) == ["MoveResult", "StaleAction"]
        assert len(await store.games.actions(game_id)) == 1
        # the loser reloads from the log and agrees with the winner
        assert await second.reading.prompt(game_id) == await first.reading.prompt(game_id)
    finally:
        await other_store.close()


async def test_a_cold_cache_replays_the_log_to_the_same_game(service: Services, store: Store) -> None:
    game_id = await started(service)
    rng = random.Random(1)
    for _ in range(15):
        prompt = await service.reading.prompt(game_id)
        assert prompt is not None
        await service.core.play(game_id, prompt.movers[0].user_id, rng.randrange(len(prompt.movers[0].choices)), version=prompt.version)
    cold = Services(store, stub_drawing(blank_png))
    assert await cold.reading.prompt(game_id) == await service.reading.prompt(game_id)
    assert (await cold.reading.status(game_id)).standings == (await service.reading.status(game_id)).standings
    assert (await cold.reading.log(game_id, 1)).lines == (await service.reading.log(game_id, 1)).lines


async def test_a_cache_behind_the_log_catches_up(store: Store) -> None:
    playing = Services(store, stub_drawing(blank_png))
    watching = Services(store, stub_drawing(blank_png))
    game_id = await started(playing)
    assert await watching.reading.prompt(game_id) is not None  # cached at version 0
    for _ in range(5):
        prompt = await playing.reading.prompt(game_id)
        assert prompt is not None
        await playing.core.play(game_id, prompt.movers[0].user_id, 0, version=prompt.version)
    assert await watching.reading.prompt(game_id) == await playing.reading.prompt(game_id)


async def test_moves_alternating_between_two_services_each_see_the_others(store: Store) -> None:
    """A service starts a move from the table it last committed; a newer prompt makes it read the store."""
    first = Services(store, stub_drawing(blank_png))
    second = Services(store, stub_drawing(blank_png))
    game_id = await started(first)
    for turn in range(8):
        here, there = (first, second) if turn % 2 == 0 else (second, first)
        prompt = await there.reading.prompt(game_id)  # the prompt a player sees may come from the other process
        assert prompt is not None
        result = await here.core.play(game_id, prompt.movers[0].user_id, 0, version=prompt.version)
        assert result.table.version == turn + 1
    assert len(await store.games.actions(game_id)) == 8


async def test_a_move_typed_without_a_version_sees_the_moves_of_another_process(store: Store) -> None:
    """A /move typed by hand carries no version: it means the game as the store has it now, whoever moved last."""
    first = Services(store, stub_drawing(blank_png))
    second = Services(store, stub_drawing(blank_png))
    game_id = await started(first, (ANN, BOB))
    prompt = await first.reading.prompt(game_id)
    assert prompt is not None
    moved = await first.core.play(game_id, prompt.movers[0].user_id, 0, version=prompt.version)  # cached as committed
    assert moved.prompt is not None
    waiting = moved.prompt.movers[0].user_id
    for _ in range(50):  # the other process plays the waiting player's turn to its end (the autopilot would)
        prompt = await second.reading.prompt(game_id)
        assert prompt is not None
        if prompt.movers[0].user_id != waiting:
            break
        await second.core.play(game_id, waiting, 0, version=prompt.version)
    mover = prompt.movers[0]
    assert mover.user_id != waiting
    result = await first.core.play(game_id, mover.user_id, mover.choices[0].key)  # not "It's not your turn"
    assert result.table.version == prompt.version + 1


async def test_rendering_runs_off_the_event_loop_and_its_failure_keeps_the_move(store: Store) -> None:
    threads: list[int] = []

    def broken(slug: str, view: dict[str, Any]) -> bytes:
        threads.append(threading.get_ident())
        raise RuntimeError("the renderer fell over")

    service = Services(store, stub_drawing(broken))
    game_id = await started(service)
    prompt = await service.reading.prompt(game_id)
    assert prompt is not None
    result = await service.core.play(game_id, prompt.movers[0].user_id, 0, version=0)
    assert result.image is None and result.table.version == 1
    assert len(await store.games.actions(game_id)) == 1
    assert threads and threading.get_ident() not in threads


@pytest.mark.slow
async def test_a_finished_game_is_scored_stored_and_closed(service: Services) -> None:
    game_id = await started(service, (ANN, BOB))
    rng = random.Random(3)
    result = None
    while (prompt := await service.reading.prompt(game_id)) is not None:
        result = await service.core.play(game_id, prompt.movers[0].user_id, rng.randrange(len(prompt.movers[0].choices)), version=prompt.version)
    assert result is not None and result.outcome is not None and result.prompt is None
    table = await service.reading.table(game_id)
    assert table.status is Status.FINISHED and table.row.outcome == result.outcome.to_dict()
    with pytest.raises(GameOver, match="over"):
        await service.core.play(game_id, ANN, 0)
    status = await service.reading.status(game_id)
    assert status.outcome == result.outcome and status.prompt is None
    assert [s.score for s in status.standings] == [result.outcome.scores[s.seat] for s in status.standings]


async def test_abandon_needs_the_creator_or_a_manager(service: Services) -> None:
    game_id = await started(service)
    with pytest.raises(NotCreator):
        await service.lobby.abandon(game_id, BOB, can_manage=False)
    table = await service.lobby.abandon(game_id, BOB, can_manage=True)
    assert table.status is Status.ABANDONED
    with pytest.raises(GameOver, match="abandoned"):
        await service.lobby.abandon(game_id, ANN, can_manage=False)


async def test_finding_the_game_a_command_means(service: Services) -> None:
    with pytest.raises(NoTableHere):
        await service.reading.find_table(GUILD, CHANNEL)
    first = await started(service)
    assert (await service.reading.find_table(GUILD, CHANNEL)).id == first
    second = await service.lobby.open_table("airships", guild_id=GUILD, channel_id=CHANNEL, creator_id=BOB, creator_name="bob")
    with pytest.raises(WhichTable) as which:
        await service.reading.find_table(GUILD, CHANNEL)
    assert {t.id for t in which.value.tables} == {first, second.id}
    assert (await service.reading.find_table(GUILD, CHANNEL, second.id)).id == second.id
    with pytest.raises(NoSuchTable):
        await service.reading.find_table(GUILD + 1, CHANNEL, first)
    await service.lobby.move_to_thread(second.id, 77)
    assert (await service.reading.find_table(GUILD, 77)).id == second.id


async def test_log_pages_and_names(service: Services) -> None:
    game_id = await started(service)
    for _ in range(20):
        prompt = await service.reading.prompt(game_id)
        assert prompt is not None
        await service.core.play(game_id, prompt.movers[0].user_id, 0, version=prompt.version)
    latest = await service.reading.log(game_id, per_page=5)
    assert latest.page == latest.pages > 1
    first = await service.reading.log(game_id, 1, per_page=5)
    assert first.lines[0].startswith("Setup: ")
    assert not any("{p" in line for line in first.lines)
    with pytest.raises(engine.GameError, match="pick one from 1"):
        await service.reading.log(game_id, latest.pages + 1, per_page=5)


async def test_a_game_abandoned_in_its_lobby_has_a_status_but_no_board_or_log(service: Services) -> None:
    table = await service.lobby.open_table("airships", guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN, creator_name="ann")
    await service.lobby.join(table.id, BOB, "bob")
    await service.lobby.abandon(table.id, ANN, can_manage=False)

    status = await service.reading.status(table.id)
    assert status.table.status is Status.ABANDONED and not status.table.started
    assert (status.prompt, status.standings, status.outcome) == (None, (), None)
    with pytest.raises(NotStarted, match="^This game was abandoned before it started.$"):
        await service.reading.board(table.id)
    with pytest.raises(NotStarted, match="^This game was abandoned before it started.$"):
        await service.reading.log(table.id)


async def test_the_board_carries_the_current_prompt_while_the_game_is_played(service: Services) -> None:
    game_id = await started(service, (ANN, BOB))
    board = await service.reading.board(game_id)
    assert board.image == b"\x89PNG fake" and board.prompt == await service.reading.prompt(game_id)
    await service.lobby.abandon(game_id, ANN, can_manage=False)
    assert (await service.reading.board(game_id)).prompt is None  # the board of an ended game asks nobody


async def test_the_memo_cache_keeps_the_most_recently_used_games_within_its_budget(store: Store) -> None:
    sizing = Services(store, stub_drawing(blank_png))
    first, second, third = [await started(sizing, (ANN, BOB)) for _ in range(3)]
    for game_id in (first, second, third):
        await sizing.reading.prompt(game_id)
    sizes = sorted(memo.size for memo in (sizing.core.memos.get(g) for g in (first, second, third)) if memo)
    budget = sizes[1] + sizes[2] + sizes[0] - 1  # any two tables fit, all three do not
    service = Services(store, stub_drawing(blank_png), cache_mb=budget / MB)
    for game_id in (first, second, third, first):
        assert await service.reading.prompt(game_id) is not None
    assert len(service.core.memos) == 2 and first in service.core.memos and second not in service.core.memos
    assert 0 < service.core.memos.used_bytes <= budget
    # an evicted game is replayed from the log and plays on
    prompt = await service.reading.prompt(second)
    assert prompt is not None and prompt == await Services(store, stub_drawing(blank_png)).reading.prompt(second)
    result = await service.core.play(second, prompt.movers[0].user_id, 0, version=prompt.version)
    assert result.table.version == 1 and len(service.core.memos) == 2


async def test_the_memo_cache_counts_its_hits_and_misses(store: Store) -> None:
    service = Services(store, stub_drawing(blank_png))
    game_id = await started(service, (ANN, BOB))
    service.core.forget(game_id)
    before = service.core.memos.stats()
    await service.reading.prompt(game_id)  # not cached: a miss
    await service.reading.prompt(game_id)  # cached: a hit
    stats = service.core.memos.stats()
    assert (stats.misses - before.misses, stats.hits - before.hits) >= (1, 1)
    assert stats.tables == 1 and stats.budget_bytes == CACHE_MB * MB and 0 < stats.hit_rate < 1
    assert stats.line().startswith("table cache: ") and f"of {CACHE_MB} MB in use by 1 table, hit rate" in stats.line()


def test_the_cache_logs_its_use_and_hit_rate_every_so_many_tables(caplog: pytest.LogCaptureFixture) -> None:
    memos = Memos(1)
    with caplog.at_level(logging.INFO, logger="engine.service"):
        for asked in range(2 * LOG_EVERY + 1):
            memos.counted(asked % 4 != 0)
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("table cache: ")]
    assert len(lines) == 2
    assert lines[-1] == "table cache: 0.0 of 1 MB in use by 0 tables, hit rate 75% (1500 hits, 500 misses)"


def test_a_tiny_budget_still_keeps_the_table_being_played() -> None:
    memos = Memos(0)
    memos.put(1, Memo(3, "state", body_length=100))
    memos.put(2, Memo(5, "state", body_length=100))
    assert 1 not in memos and 2 in memos and memos.used_bytes == Memo(5, None, body_length=100).size


async def test_a_finished_or_abandoned_game_leaves_no_memo_and_no_lock(service: Services) -> None:
    finished = await started(service, (ANN, BOB))
    rng = random.Random(3)
    while (prompt := await service.reading.prompt(finished)) is not None:
        mover = prompt.movers[0]
        await service.core.play(finished, mover.user_id, rng.randrange(len(mover.choices)), version=prompt.version)
    abandoned = await started(service, (ANN, BOB))
    assert await service.reading.prompt(abandoned) is not None and abandoned in service.core.memos
    await service.lobby.abandon(abandoned, ANN, can_manage=False)
    for game_id in (finished, abandoned):
        assert game_id not in service.core.memos and game_id not in service.core.locks


async def test_a_held_lock_is_never_dropped(service: Services) -> None:
    game_id = await started(service, (ANN, BOB))
    async with service.core.locks.hold(game_id):
        abandoning = asyncio.create_task(service.lobby.abandon(game_id, ANN, can_manage=False))
        joining = asyncio.create_task(service.lobby.join(game_id, CY, "cy"))
        await asyncio.sleep(0.01)
        assert not abandoning.done() and not joining.done()  # both wait for the lock held here
        assert game_id in service.core.locks
    assert (await abandoning).status is Status.ABANDONED
    with pytest.raises(GameOver, match="abandoned"):
        await joining  # it ran after the abandon, under the same lock, and saw it
    assert game_id not in service.core.locks


async def test_a_table_keeps_the_edition_of_the_rules_it_was_opened_under(service: Services) -> None:
    game = engine.get_game("air-alliance")
    table = await service.lobby.open_table("air-alliance", guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN,
                                           creator_name="ann", options={"kobe_flush": True})
    assert table.row.options["edition"] == current_edition(game)
    changed = await service.lobby.set_options(table.id, ANN, ["kobe_economy"])
    assert changed.row.options["edition"] == table.row.options["edition"]
    assert changed.row.options["kobe_economy"] is True and changed.row.options["kobe_flush"] is False


async def test_an_undo_request_open_at_the_last_move_closes_with_the_game(service: Services, store: Store) -> None:
    game_id = await started(service, (ANN, BOB))
    rng = random.Random(3)
    result = None
    while (prompt := await service.reading.prompt(game_id)) is not None:
        last = (await store.games.actions(game_id))[-1:]
        asker = (await service.reading.table(game_id)).at_seat(last[0].seat).user_id if last else ANN
        if last and await store.votes.undo_vote(game_id) is None:
            try:  # whoever decided last asks to take back a throw (refused when it showed nothing)
                await service.undo.ask_undo(game_id, asker)
            except GameError:
                pass
        opened = await store.votes.undo_vote(game_id) is not None
        result = await service.core.play(game_id, prompt.movers[0].user_id,
                                         rng.randrange(len(prompt.movers[0].choices)), version=prompt.version)
        assert [c.words.rsplit(" — ", 1)[1] for c in result.closed] == (
            (["closed: the game is over."] if result.outcome else ["closed: the game moved on."]) if opened else [])
    assert result is not None and result.outcome is not None and opened  # a request was open at the last move
    assert await store.votes.undo_vote(game_id) is None and not await store.dues.of(game_id)
