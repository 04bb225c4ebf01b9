"""The seats' rules checked inside the store's transaction, and each refusal in the words a player reads."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import engine
from engine.core import GameError, GameOver
from engine.services.refusals import RESTART, refusal, refusals
from engine.services import Services
from engine.store import (
    AlreadySeated, GameEnded, GameRow, NotFound, NotInLobby, SeatNotFound, SeatsChanged, SeatsFull, StaleVersion,
    Status, Store, StoreError, WrongPlayerCount,
)
from engine.services.tables import LobbyClosed, NotSeated, Table, TableFull

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD, CHANNEL = 111, 222
ANN, BOB, CAT, DAN, EVE = 501, 502, 503, 504, 505
SLUG = "airships"
GAME = engine.get_game(SLUG)  # two to four players


async def lobby(store: Store, *users: int) -> GameRow:
    game = await store.games.create(SLUG, GUILD, CHANNEL, users[0], seed=7, options={})
    for user in users:
        await store.seats.add(game.id, user, f"u{user}")
    return game


async def seated(store: Store, game_id: int) -> list[int]:
    return [s.user_id for s in await store.seats.of(game_id)]


@pytest_asyncio.fixture
async def other(database: str | Path, store: Store) -> AsyncIterator[Store]:
    """A second connection to the same database: what another bot process writes between a check and a write."""
    opened = await Store.open(database)
    yield opened
    await opened.close()


# -- the store's own checks ---------------------------------------------------------------------------


async def test_add_seat_refuses_a_seat_past_the_maximum_and_adds_nothing(store: Store) -> None:
    game = await lobby(store, ANN, BOB, CAT, DAN)
    with pytest.raises(SeatsFull):
        await store.seats.add(game.id, EVE, "Eve", max_players=4)
    assert await seated(store, game.id) == [ANN, BOB, CAT, DAN]
    await store.seats.remove(game.id, DAN)
    await store.seats.add(game.id, EVE, "Eve", max_players=4)  # the freed seat can be taken
    assert await seated(store, game.id) == [ANN, BOB, CAT, EVE]


async def test_add_seat_refuses_a_started_game_naming_its_status(store: Store) -> None:
    game = await lobby(store, ANN, BOB)
    await store.seats.start_game(game.id, [ANN, BOB])
    with pytest.raises(NotInLobby) as refused:
        await store.seats.add(game.id, CAT, "Cat", max_players=4)
    assert refused.value.status is Status.ACTIVE
    assert await seated(store, game.id) == [ANN, BOB]


async def test_add_seat_refuses_a_second_seat_for_the_same_user(store: Store) -> None:
    game = await lobby(store, ANN)
    with pytest.raises(AlreadySeated):
        await store.seats.add(game.id, ANN, "Ann again")


async def test_remove_seat_refuses_a_started_game_and_a_user_without_a_seat(store: Store) -> None:
    game = await lobby(store, ANN, BOB)
    with pytest.raises(SeatNotFound):
        await store.seats.remove(game.id, CAT)
    await store.seats.start_game(game.id, [BOB, ANN])
    with pytest.raises(NotInLobby):
        await store.seats.remove(game.id, BOB)
    assert sorted(await seated(store, game.id)) == [ANN, BOB]


async def test_start_game_refuses_a_seated_set_that_changed_and_leaves_the_lobby_as_it_was(store: Store) -> None:
    game = await lobby(store, ANN, BOB, CAT)
    with pytest.raises(SeatsChanged):  # dealt for two, but a third joined meanwhile
        await store.seats.start_game(game.id, [ANN, BOB], min_players=2, max_players=4)
    assert (await store.games.get(game.id)).status is Status.LOBBY
    assert all(s.seat is None for s in await store.seats.of(game.id))


async def test_start_game_refuses_too_few_and_too_many_players(store: Store) -> None:
    alone = await lobby(store, ANN)
    with pytest.raises(WrongPlayerCount) as refused:
        await store.seats.start_game(alone.id, [ANN], min_players=2, max_players=4)
    assert refused.value.count == 1
    crowded = await lobby(store, ANN, BOB, CAT)
    with pytest.raises(WrongPlayerCount):
        await store.seats.start_game(crowded.id, [ANN, BOB, CAT], min_players=2, max_players=2)
    assert (await store.games.get(crowded.id)).status is Status.LOBBY


async def test_start_game_refuses_a_game_that_already_started_as_stale(store: Store) -> None:
    game = await lobby(store, ANN, BOB)
    await store.seats.start_game(game.id, [ANN, BOB], min_players=2, max_players=4)
    with pytest.raises(NotInLobby) as refused:
        await store.seats.start_game(game.id, [ANN, BOB], min_players=2, max_players=4)
    assert isinstance(refused.value, StaleVersion) and refused.value.status is Status.ACTIVE


async def test_set_options_refuses_a_started_game(store: Store) -> None:
    game = await lobby(store, ANN, BOB)
    await store.seats.start_game(game.id, [ANN, BOB])
    with pytest.raises(NotInLobby):
        await store.games.set_options(game.id, {"x": True})


async def test_an_abandon_refuses_a_game_already_over_but_not_a_lobby_or_a_game_being_played(store: Store) -> None:
    game = await lobby(store, ANN, BOB)
    await store.seats.start_game(game.id, [ANN, BOB])
    await store.games.set_status(game.id, Status.FINISHED, {"ranking": []})
    with pytest.raises(GameEnded) as refused:
        await store.games.set_status(game.id, Status.ABANDONED, only_live=True)
    assert refused.value.status is Status.FINISHED and (await store.games.get(game.id)).status is Status.FINISHED
    for live in (await lobby(store, CAT), await lobby(store, DAN, EVE)):
        if live.creator_id == DAN:
            await store.seats.start_game(live.id, [DAN, EVE])
        assert (await store.games.set_status(live.id, Status.ABANDONED, only_live=True)).status is Status.ABANDONED


async def test_replace_seat_refuses_a_seat_already_handed_over_a_seated_newcomer_and_an_ended_game(
    store: Store,
) -> None:
    game = await lobby(store, ANN, BOB, CAT)
    await store.seats.start_game(game.id, [ANN, BOB, CAT])
    await store.seats.replace(game.id, BOB, DAN, "Dan", 0, "Dan takes over Bob's seat.", "t")
    with pytest.raises(SeatNotFound):  # Bob's seat is Dan's now
        await store.seats.replace(game.id, BOB, EVE, "Eve", 0, "Eve takes over Bob's seat.", "t")
    with pytest.raises(AlreadySeated):
        await store.seats.replace(game.id, CAT, DAN, "Dan", 0, "Dan takes over Cat's seat.", "t")
    await store.games.set_status(game.id, Status.ABANDONED)
    with pytest.raises(GameEnded):
        await store.seats.replace(game.id, CAT, EVE, "Eve", 0, "Eve takes over Cat's seat.", "t")
    assert sorted(await seated(store, game.id)) == [ANN, CAT, DAN]
    assert await store.seats.events(game.id) == [(0, "Dan takes over Bob's seat.")]  # no false line in the log


# -- each refusal in the player's words ---------------------------------------------------------------


async def a_table(service: Services) -> Table:
    return await service.lobby.open_table(SLUG, guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN, creator_name="Ann")


@pytest.mark.parametrize(("error", "kind", "words"), [
    (SeatsFull("x"), TableFull, "This game is full (4 players)."),
    (NotInLobby("x", Status.ACTIVE), LobbyClosed, "This game has already started, so you can't join it now."),
    (NotInLobby("x", Status.FINISHED), GameOver, "This game is over."),
    (NotInLobby("x", Status.ABANDONED), GameOver, "This game was abandoned."),
    (GameEnded("x", Status.FINISHED), GameOver, "This game is over."),
    (GameEnded("x", Status.ABANDONED), GameOver, "This game was abandoned."),
    (SeatsChanged("x"), LobbyClosed, RESTART),
    (WrongPlayerCount("x", 5), LobbyClosed, "Airships needs 2 to 4 players; 5 have joined."),
    (AlreadySeated("x"), LobbyClosed, "You're already in this game."),
    (SeatNotFound("x"), NotSeated, "You're not in this game."),
])
async def test_each_lobby_refusal_of_the_store_becomes_a_game_error_a_player_understands(
    service: Services, error: StoreError, kind: type[GameError], words: str,
) -> None:
    answer = refusal(error, await a_table(service), "join")
    assert type(answer) is kind and str(answer) == words


async def test_any_other_store_error_stays_a_bug_and_is_not_dressed_up(service: Services) -> None:
    table = await a_table(service)
    assert refusal(NotFound("no such game"), table, "join") is None
    with pytest.raises(StoreError, match="disk"), refusals(table, "join"):
        raise StoreError("disk trouble")


# -- the service when another process wrote between its check and its write ---------------------------


def sneak_in_first(monkeypatch: pytest.MonkeyPatch, repository: object, method: str, before: Any) -> None:
    """Make `repository.method` (e.g. `store.seats`, "add") run `before` (the other process's write) first,
    as if it won the race."""
    real = getattr(repository, method)

    async def raced(*args: Any, **kwargs: Any) -> Any:
        await before()
        return await real(*args, **kwargs)

    monkeypatch.setattr(repository, method, raced)


async def test_a_join_that_another_process_beat_to_the_last_seat_is_told_the_table_is_full(
    service: Services, store: Store, other: Store, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await a_table(service)
    for user in (BOB, CAT):
        await service.lobby.join(table.id, user, f"u{user}")
    sneak_in_first(monkeypatch, store.seats, "add", lambda: other.seats.add(table.id, DAN, "Dan", max_players=4))
    with pytest.raises(TableFull, match=r"^This game is full \(4 players\)\.$"):
        await service.lobby.join(table.id, EVE, "Eve")
    assert await seated(store, table.id) == [ANN, BOB, CAT, DAN]


async def test_a_start_that_another_process_changed_the_seats_under_says_press_start_again(
    service: Services, store: Store, other: Store, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await a_table(service)
    await service.lobby.join(table.id, BOB, "Bob")
    sneak_in_first(monkeypatch, store.seats, "start_game", lambda: other.seats.add(table.id, CAT, "Cat", max_players=4))
    with pytest.raises(LobbyClosed, match="^The table changed while you were starting it: press Start again.$"):
        await service.lobby.start(table.id, ANN)
    monkeypatch.undo()
    assert (await service.lobby.start(table.id, ANN)).table.status is Status.ACTIVE  # pressing Start again works


async def test_a_leave_or_join_that_another_process_started_the_game_under_says_it_has_started(
    service: Services, store: Store, other: Store, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await a_table(service)
    await service.lobby.join(table.id, BOB, "Bob")
    started = False

    async def start_elsewhere() -> None:
        nonlocal started
        if not started:
            started = True
            await other.seats.start_game(table.id, [BOB, ANN], min_players=2, max_players=4)

    sneak_in_first(monkeypatch, store.seats, "remove", start_elsewhere)
    sneak_in_first(monkeypatch, store.seats, "add", start_elsewhere)
    with pytest.raises(LobbyClosed, match="^This game has already started, so you can't leave it now.$"):
        await service.lobby.leave(table.id, BOB)
    with pytest.raises(LobbyClosed, match="^This game has already started, so you can't join it now.$"):
        await service.lobby.join(table.id, CAT, "Cat")
    assert sorted(await seated(store, table.id)) == [ANN, BOB]


async def test_adding_and_removing_ai_players_raced_by_another_process_are_answered_plainly(
    service: Services, store: Store, other: Store, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await service.lobby.open_table(SLUG, guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN, creator_name="Ann",
                                     ai=1)
    sneak_in_first(monkeypatch, store.seats, "add", lambda: other.seats.add(table.id, 2, "Contrail AI 2", ai=True))
    with pytest.raises(LobbyClosed, match="^Another AI player was just added: try again.$"):
        await service.lobby.add_ai(table.id, ANN)
    monkeypatch.undo()
    sneak_in_first(monkeypatch, store.seats, "remove", lambda: other.seats.remove(table.id, 2))
    with pytest.raises(NotSeated, match="^That AI player was just removed.$"):
        await service.lobby.remove_ai(table.id, ANN)
    assert await seated(store, table.id) == [ANN, 1]


async def test_an_abandon_after_another_process_finished_the_game_says_it_is_over(
    service: Services, store: Store, other: Store, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await a_table(service)
    sneak_in_first(monkeypatch, store.games, "set_status", lambda: other.games.set_status(table.id, Status.ABANDONED))
    with pytest.raises(GameOver, match="^This game was abandoned.$"):
        await service.lobby.abandon(table.id, ANN, can_manage=False)


async def test_a_seat_handed_over_by_another_process_first_is_answered_plainly(
    service: Services, store: Store, other: Store, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await a_table(service)
    await service.lobby.join(table.id, BOB, "Bob")
    await service.lobby.start(table.id, ANN)
    sneak_in_first(monkeypatch, store.seats, "replace",
                   lambda: other.seats.replace(table.id, BOB, CAT, "Cat", 0, "Cat takes over Bob's seat.", "t"))
    with pytest.raises(NotSeated, match="^That player has no seat in this game.$"):
        await service.seating.replace_player(table.id, ANN, BOB, DAN, "Dan", can_manage=False)
    monkeypatch.undo()
    sneak_in_first(monkeypatch, store.seats, "replace",
                   lambda: other.seats.replace(table.id, CAT, DAN, "Dan", 0, "Dan takes over Cat's seat.", "t"))
    with pytest.raises(GameError, match="^The newcomer already has a seat in this game.$"):
        await service.seating.replace_player(table.id, ANN, ANN, DAN, "Dan", can_manage=True)
    assert sorted(await seated(store, table.id)) == [ANN, DAN]
