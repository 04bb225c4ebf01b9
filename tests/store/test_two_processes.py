"""Two real bot processes on one SQLite file race joins, starts, leaves and moves: the database keeps every rule."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest


import engine
from engine.core import Action, replay
from engine.services.refusals import RESTART
from engine.services import Services
from engine.store import Status, Store

HELPER = Path(__file__).with_name("two_processes.py")
ROUNDS = 15  # races per test: enough that both orders and the photo finish turn up, in a second or two
GUILD, CHANNEL, CREATOR = 111, 222, 333_333
SLUG = "airships"  # two to four players
GAME = engine.get_game(SLUG)
FULL = f"This game is full ({GAME.max_players} players)."
STARTED_JOIN = "This game has already started, so you can't join it now."
STARTED_LEAVE = "This game has already started, so you can't leave it now."
TOO_FEW = f"{GAME.title} needs {GAME.min_players} to {GAME.max_players} players; 1 has joined."


pytestmark = pytest.mark.slow  # every test races two real bot processes


def no_board(slug: str, view: dict[str, Any]) -> bytes:
    return b"\x89PNG fake"


async def race(tmp_path: Path, db_path: Path, steps: list[dict[str, Any]]) -> list[tuple[dict, dict]]:
    """Run the steps in two subprocesses ("a" and "b", each its own store and service); each step's two outcomes."""
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"steps": steps}))
    barrier = tmp_path / "barrier"
    barrier.mkdir()
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, str(HELPER), str(db_path), str(plan), str(barrier), role,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        for role in "ab"
    ]
    outputs = await asyncio.wait_for(asyncio.gather(*(p.communicate() for p in procs)), timeout=60)
    for proc, (_, err) in zip(procs, outputs):
        assert proc.returncode == 0, err.decode()
    a, b = (json.loads(out) for out, _ in outputs)
    crashes = [r for r in a + b if r["outcome"] == "crashed"]
    assert not crashes, crashes[0]["traceback"]  # never an unhandled error, in either process
    return list(zip(a, b))


async def lobby(service: Services, joined: int, round_: int) -> int:
    """A lobby of the creator and `joined` - 1 more players; its id."""
    table = await service.lobby.open_table(SLUG, guild_id=GUILD, channel_id=CHANNEL, creator_id=CREATOR,
                                     creator_name="Creator")
    for n in range(1, joined):
        await service.lobby.join(table.id, 10_000 * round_ + n, f"p{n}")
    return table.id


def outcomes(pair: tuple[dict, dict]) -> list[str]:
    return sorted(r["outcome"] for r in pair)


async def test_two_processes_joining_the_last_seat_seat_one_player_and_tell_the_other_it_is_full(
    service: Services, store: Store, tmp_path: Path, db_path: Path,
) -> None:
    steps, games = [], []
    for r in range(ROUNDS):
        game_id = await lobby(service, GAME.max_players - 1, r)
        games.append(game_id)
        steps.append({"a": {"op": "join", "game": game_id, "user": 1_000 + r, "name": "A"},
                      "b": {"op": "join", "game": game_id, "user": 2_000 + r, "name": "B"}})
    for game_id, pair in zip(games, await race(tmp_path, db_path, steps)):
        assert outcomes(pair) == ["ok", "refused"], pair
        loser = next(r for r in pair if r["outcome"] == "refused")
        assert (loser["error"], loser["message"]) == ("TableFull", FULL)
        assert len(await store.seats.of(game_id)) == GAME.max_players


async def test_a_start_racing_a_join_either_starts_a_legal_game_or_is_told_to_press_start_again(
    service: Services, store: Store, tmp_path: Path, db_path: Path,
) -> None:
    steps, games = [], []
    for r in range(ROUNDS):
        game_id = await lobby(service, GAME.min_players, r)
        games.append((game_id, 3_000 + r))
        steps.append({"a": {"op": "start", "game": game_id, "user": CREATOR},
                      "b": {"op": "join", "game": game_id, "user": 3_000 + r, "name": "Late"}})
    for (game_id, late), (start, join) in zip(games, await race(tmp_path, db_path, steps)):
        game, seats = await store.games.get(game_id), await store.seats.of(game_id)
        late_seated = any(s.user_id == late for s in seats)
        if join["outcome"] == "refused":
            assert join["message"] == STARTED_JOIN and start["outcome"] == "ok"
        if start["outcome"] == "refused":
            assert start["message"] == RESTART and join["outcome"] == "ok"
            assert game.status is Status.LOBBY and all(s.seat is None for s in seats)
        else:
            assert game.status is Status.ACTIVE
            assert sorted(s.seat for s in seats) == list(range(len(seats)))  # every player seated, no one twice
        assert GAME.min_players <= len(seats) <= GAME.max_players
        assert late_seated == (join["outcome"] == "ok")


async def test_a_start_racing_a_leave_never_starts_below_the_minimum(
    service: Services, store: Store, tmp_path: Path, db_path: Path,
) -> None:
    steps, games = [], []
    for r in range(ROUNDS):
        game_id = await lobby(service, GAME.min_players, r)  # at the minimum: one leaving makes it too few
        games.append(game_id)
        steps.append({"a": {"op": "start", "game": game_id, "user": CREATOR},
                      "b": {"op": "leave", "game": game_id, "user": 10_000 * r + 1}})
    for game_id, (start, leave) in zip(games, await race(tmp_path, db_path, steps)):
        game, seats = await store.games.get(game_id), await store.seats.of(game_id)
        assert outcomes((start, leave)) == ["ok", "refused"], (start, leave)
        if start["outcome"] == "ok":
            assert leave["message"] == STARTED_LEAVE
            assert game.status is Status.ACTIVE and sorted(s.seat for s in seats) == [0, 1]
        else:
            assert start["message"] in (RESTART, TOO_FEW)  # the store's refusal, or the service's after the leave
            assert game.status is Status.LOBBY and [s.user_id for s in seats] == [CREATOR]


async def test_two_processes_submitting_the_same_decision_apply_it_once_and_tell_the_other_it_is_stale(
    service: Services, store: Store, tmp_path: Path, db_path: Path,
) -> None:
    steps, games = [], []
    for r in range(ROUNDS):
        game_id = await lobby(service, GAME.min_players, r)
        await service.lobby.start(game_id, CREATOR)
        prompt = await service.reading.prompt(game_id)
        assert prompt is not None
        games.append((game_id, prompt.version))
        mover = prompt.movers[0].user_id
        op = {"op": "play", "game": game_id, "user": mover, "pick": 0, "version": prompt.version}
        steps.append({"a": op, "b": op})
    for (game_id, version), pair in zip(games, await race(tmp_path, db_path, steps)):
        assert outcomes(pair) == ["ok", "refused"], pair
        loser = next(r for r in pair if r["outcome"] == "refused")
        assert loser["error"] == "StaleAction" and "out of date" in loser["message"]
        row, log = await store.games.get(game_id), await store.games.actions(game_id)
        assert row.version == version + 1 == len(log)  # applied once: one more entry, no gap, no double
        moves = [(a.seat, Action.from_dict(a.payload)) for a in log]
        replay(GAME, len(await store.seats.of(game_id)), row.seed, row.options, moves)  # the log still replays
