"""Two bot processes on two shards of one database: a game is played through the database alone.

Process A runs shard 0 of 2 and process B shard 1 (SHARD_COUNT=2 with SHARD_IDS=0, and with SHARD_IDS=1): two
ContrailBots, each with its own store connections, table service (with its caches) and turn clock, on one SQLite
file or one PostgreSQL schema. The game's server is on shard 0 ((guild id >> 22) % 2 == 0), so only A's gateway
sees it and A answers every command and click there; B's turn clock plays a deadline of that game, posts into its
thread by REST, and A's next answers are built from what the database holds.

What simcord models, and what it does not. simcord runs one bot per event loop, so A is the bot simcord runs: its
gateway gets shard 0's events and every interaction of the server. B is a second ContrailBot logged in through
simcord's own REST transport to the same virtual Discord, so its posts, edits and fetches reach the same threads
and messages (and are recorded apart from A's). B has no gateway connection at all: shard 1's events would not
include this server anyway, so B's caches know neither the server nor the thread, as a real shard-1 process's
would not, but nothing is delivered to B either. B's clock task does not sleep on simcord's virtual clock: the
test runs B's scheduler round (what its clock task runs whenever it wakes) once the deadline has passed, with A's
clock task stopped, so that B is the process that takes the deadline (which of two live clocks takes a due item
is a race the store settles; the store's tests cover it).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio
from discord.http import Route
from simcord import ChannelHandle, Env, HttpLogEntry, MemberActor
from simcord import _dpy_internals
from simcord.http import FakeHTTPClient
from simtable import (
    Lounge, choices_of, close_store, ephemeral_text, latest_prompt, make_bot, pings, public, turns_of,
)

from bot import ContrailBot
from cogs.clock.scheduler import run_due

pytestmark = pytest.mark.both_backends  # one SQLite file, and one PostgreSQL schema with TEST_DATABASE_URL

SHARDS = 2
HOUR = 3600.0


class RecordedHTTP(FakeHTTPClient):
    """simcord's REST transport into the shared virtual Discord, keeping apart the calls this process made."""

    def __init__(self, backend: Any, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(backend, loop)
        self.calls: list[HttpLogEntry] = []

    async def request(self, route: Route, **kwargs: Any) -> Any:
        log = self.backend.http_requests
        start = len(log)
        try:
            return await super().request(route, **kwargs)
        finally:
            self.calls += log[start:]  # the backend answers at once: nothing else runs in between


@pytest_asyncio.fixture
async def simcord_bot(database_path: Path) -> AsyncIterator[ContrailBot]:
    """Process A, the bot simcord runs: SHARD_COUNT=2, SHARD_IDS=0."""
    bot = make_bot(database_path, shard_count=SHARDS, shard_ids=(0,))
    yield bot
    await close_store(bot)


@pytest_asyncio.fixture
async def lounge(simcord_env: Env) -> AsyncIterator[Lounge]:
    await simcord_env.bot.tree.sync()
    yield Lounge(simcord_env, shard_id=0)  # A's gateway gets its events and interactions, B's never does


@pytest_asyncio.fixture
async def process_b(simcord_env: Env, database_path: Path) -> AsyncIterator[ContrailBot]:
    """Process B: SHARD_COUNT=2, SHARD_IDS=1, on the same database, speaking to the same Discord by REST only."""
    bot = make_bot(database_path, shard_count=SHARDS, shard_ids=(1,))
    http = RecordedHTTP(simcord_env.backend, asyncio.get_running_loop())
    # simcord's own way of pointing every HTTP reference discord.py keeps (client, state, command tree) at it.
    _dpy_internals.install_http(bot, http)
    await bot.login("process-b")  # its setup_hook: its own store, table service and turn clock
    http.calls.clear()  # logging in asked for the application; what follows is the game's
    yield bot
    await bot.close()


def calls_of(bot: ContrailBot) -> list[HttpLogEntry]:
    assert isinstance(bot.http, RecordedHTTP)
    return bot.http.calls


async def play_turn(lounge: Lounge, thread: ChannelHandle, player: MemberActor, rng: random.Random) -> None:
    """`player` picks random choices (never Back) until the turn passes to someone else."""
    for _ in range(50):
        prompt = latest_prompt(thread)
        if prompt is None or prompt.raw_mentions != [player.id]:
            return
        choices = [c for c in choices_of(prompt) if not c[0].startswith(("Back", "Cancel"))] or choices_of(prompt)
        await lounge.click_choice(player, prompt, rng.choice(choices)[1])
    raise AssertionError("the turn did not end")


@dataclass
class Missed:
    """A game of two on A's server whose second player let B's clock play their turn at the deadline."""

    thread: ChannelHandle
    first: MemberActor  # played the first turn, and is pinged again after the autopilot
    sleeper: MemberActor  # missed their turn's deadline
    missed_turn: discord.Message  # the sleeper's turn message, which B edits
    stale: discord.Message  # a copy of the sleeper's prompt, as their client still shows it
    version: int  # the game's version when the deadline came


async def deadline_taken_by_b(lounge: Lounge, b: ContrailBot) -> Missed:
    """ann and bob play a game with a 12-hour turn time through A; the second mover sleeps, and B's clock plays."""
    a, env = lounge.bot, lounge.env
    ann, bob = lounge.members[:2]
    await ann.slash(lounge.channel, "game new", game="airships", turn_time="12h")
    thread = lounge.thread_of()
    await bob.click(public(thread)[0], label="Join")
    await ann.click(public(thread)[0], label="Start")
    first = lounge.member(latest_prompt(thread).raw_mentions[0])  # type: ignore[union-attr]
    sleeper = bob if first is ann else ann
    await play_turn(lounge, thread, first, random.Random(3))
    missed_turn = latest_prompt(thread)
    assert missed_turn is not None and missed_turn.raw_mentions == [sleeper.id]
    stale = await lounge.old_copy(thread, 1)
    assert calls_of(b) == []  # every command and click so far was answered by A, the shard that received it
    version = (await b.tables.reading.table(1)).version

    # A's clock stops, so that B's is the one that takes the deadline.
    a.clock_task.cancel()  # type: ignore[union-attr]
    await env.advance_time(12 * HOUR + 1)
    await run_due(b)  # B's scheduler round, as its clock task runs it on waking
    await env.settle()  # A's gateway takes in what B posted
    return Missed(thread, first, sleeper, missed_turn, stale, version)


async def test_the_other_process_plays_a_deadline_and_posts_it_in_a_thread_its_gateway_never_saw(
    lounge: Lounge, process_b: ContrailBot
) -> None:
    a, b = lounge.bot, process_b
    guild = a.get_guild(lounge.guild.id)
    assert guild is not None and guild.shard_id == 0 and b.get_guild(lounge.guild.id) is None
    missed = await deadline_taken_by_b(lounge, b)
    thread = missed.thread

    # B fetched the thread by REST (not bound to a shard), closed the missed turn's message and posted the next turn.
    assert b.get_channel(thread.id) is None
    calls = [(c.method, c.path) for c in calls_of(b)]
    assert calls[0] == ("GET", f"/channels/{thread.id}")
    assert [c for c in calls if c[0] != "GET"] == [
        ("PATCH", f"/channels/{thread.id}/messages/{missed.missed_turn.id}"),
        ("POST", f"/channels/{thread.id}/messages"),
    ]
    name = missed.sleeper.name
    closed = next(m for m in public(thread) if m.id == missed.missed_turn.id)
    assert f"Autopilot for {name}: " in closed.content and not closed.components
    posted = public(thread)[-1]
    assert posted.raw_mentions == [missed.first.id] and f"Autopilot for {name}: " in posted.content
    assert pings(calls_of(b)[-1].json or {}) == [missed.first.id]

    # The autopilot's moves are in the log once; A's clock, waking now, finds nothing left to do.
    table = await b.tables.reading.table(1)
    actions = await b.store.games.actions(1)  # type: ignore[union-attr]
    autopilot = [x for x in actions if x.payload.get("by") == "autopilot"]
    assert table.version > missed.version and len(autopilot) == table.version - missed.version
    assert {x.seat for x in autopilot} == {table.player(missed.sleeper.id).seat}  # type: ignore[union-attr]
    requests = len(lounge.env.http_requests)
    await run_due(a)
    assert len(lounge.env.http_requests) == requests and (await a.tables.reading.table(1)).version == table.version


async def test_the_shard_that_receives_the_players_answers_them_from_the_database(
    lounge: Lounge, process_b: ContrailBot
) -> None:
    b, env = process_b, lounge.env
    missed = await deadline_taken_by_b(lounge, b)
    thread, first, sleeper = missed.thread, missed.first, missed.sleeper
    b_turn = public(thread)[-1]  # the turn message B posted
    played = (await b.tables.reading.table(1)).version
    start = len(env.http_requests)

    # The next player types a move by its key (no version: "now"): A reads the game B moved, takes the move, and
    # edits the turn message B posted (the turn's one message), pinging nobody.
    prompt = await b.tables.reading.prompt(1)  # asked of B: A's caches stay as A left them
    assert prompt is not None and prompt.user_ids == (first.id,)
    done = await first.slash(thread, "move", choice=prompt.movers[0].choices[0].key)
    assert ephemeral_text(done).startswith("Done: ")
    assert (await b.tables.reading.table(1)).version == played + 1
    edits = [e for e in env.http_requests[start:] if e.method == "PATCH" and e.path.startswith(f"/channels/{thread.id}/")]
    assert edits and edits[0].path == f"/channels/{thread.id}/messages/{b_turn.id}"

    # The sleeper's old prompt is out of date: A says so, with whose turn it is, and applies nothing.
    now = await b.tables.reading.prompt(1)
    assert now is not None
    late = await lounge.click_choice(sleeper, missed.stale, choices_of(missed.stale)[0][1])
    assert ephemeral_text(late).startswith(f"This prompt is out of date. Waiting for {now.movers[0].name} ")
    assert (await b.tables.reading.table(1)).version == played + 1
    await play_turn(lounge, thread, first, random.Random(4))  # the rest of the turn, through A
    assert latest_prompt(thread).raw_mentions == [sleeper.id]  # type: ignore[union-attr]

    # Nothing doubled: every decision is in the log once, and each turn's message (with its one ping) was posted
    # once, by one process: A for the turns its players began, B for the turn after the autopilot.
    actions = await b.store.games.actions(1)  # type: ignore[union-attr]
    assert [x.seq for x in actions] == list(range(1, len(actions) + 1))
    table = await b.tables.reading.table(1)
    turns = [table.at_seat(seat).user_id for seat in turns_of([x.seat for x in actions])]
    turns.append(sleeper.id)  # the turn being played now, with no decision yet
    by_b = {id(c) for c in calls_of(b)}
    pinged = [("B" if id(e) in by_b else "A", pings(e.json or {})) for e in env.http_requests
              if e.method == "POST" and e.path == f"/channels/{thread.id}/messages" and pings(e.json or {})]
    assert pinged == [("A", [first.id]), ("A", [sleeper.id]), ("B", [first.id]), ("A", [sleeper.id])]
    assert [users for _, users in pinged] == [[user] for user in turns]
