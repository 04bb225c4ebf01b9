"""Closing the bot: one shutdown for every caller, letting the commands and clicks in flight finish first."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from simtable import Lounge, choices_of, latest_prompt, make_bot

from bot import ContrailBot
from cogs.base import in_flight


class _SlowStore:
    """A store whose close takes a moment, as a database's does when it checkpoints its WAL."""

    def __init__(self) -> None:
        self.closed = 0

    async def close(self) -> None:
        await asyncio.sleep(0.05)
        self.closed += 1


def _with_slow_store(tmp_path: Path) -> tuple[ContrailBot, _SlowStore]:
    bot = make_bot(tmp_path / "unused.sqlite3")
    store = _SlowStore()
    bot.store = store  # type: ignore[assignment]
    return bot, store


async def test_async_with_waits_for_a_close_already_under_way_to_close_the_database(tmp_path: Path) -> None:
    # SIGTERM starts bot.close() in a task of its own; the gateway part ends first, start() returns, and the
    # `async with` around it must still wait for the database, or asyncio.run cancels its close half-way.
    bot, store = _with_slow_store(tmp_path)
    async with bot:
        closing = asyncio.ensure_future(bot.close())
        while not bot.is_closed():
            await asyncio.sleep(0)
    assert store.closed == 1 and bot.store is None
    await closing  # the signal's own call ends with the same, single shutdown
    assert store.closed == 1


async def test_close_cancelled_while_waiting_still_closes_the_database(tmp_path: Path) -> None:
    bot, store = _with_slow_store(tmp_path)
    async with bot:
        waiting = asyncio.ensure_future(bot.close())
        await asyncio.sleep(0.01)
        waiting.cancel()
    assert store.closed == 1


async def test_a_click_in_flight_finishes_before_the_database_closes(tmp_path: Path) -> None:
    bot, store = _with_slow_store(tmp_path)
    met: list[int] = []

    async def click() -> None:
        with bot.in_flight.body():
            await asyncio.sleep(0.2)  # longer than the store takes to close
            met.append(store.closed)  # what the move's last write would meet

    async with bot:
        running = asyncio.ensure_future(click())
        await asyncio.sleep(0)  # the click is under way when the shutdown begins
        await bot.close()
    assert running.done() and met == [0] and store.closed == 1


async def test_a_body_that_outlasts_the_wait_is_cut_short_and_the_database_still_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(in_flight, "DRAIN_SECONDS", 0.05)
    bot, store = _with_slow_store(tmp_path)

    async def stuck() -> None:
        with bot.in_flight.body():
            await asyncio.sleep(60)

    with caplog.at_level(logging.WARNING, logger="contrail"):
        async with bot:
            running = asyncio.ensure_future(stuck())
            await asyncio.sleep(0)
            await bot.close()
    assert running.cancelled() and store.closed == 1 and len(bot.in_flight) == 0
    assert "cut short 1 command or click still running" in caplog.text


async def test_a_body_begun_while_the_shutdown_waits_is_waited_for_too() -> None:
    flight = in_flight.InFlight()
    ended: list[str] = []

    async def body(name: str, seconds: float) -> None:
        with flight.body():
            await asyncio.sleep(seconds)
            ended.append(name)

    first = asyncio.ensure_future(body("first", 0.05))
    await asyncio.sleep(0)
    draining = asyncio.ensure_future(flight.drain(seconds=5))
    await asyncio.sleep(0.01)
    later = asyncio.ensure_future(body("later", 0.1))  # a click that came in during the wait
    assert await draining == 0
    assert ended == ["first", "later"] and first.done() and later.done()


async def test_a_body_that_closes_the_bot_does_not_wait_for_itself() -> None:
    flight = in_flight.InFlight()
    with flight.body():
        assert await flight.drain(seconds=30) == 0


async def test_a_real_click_and_command_count_as_in_flight_while_they_play(lounge: Lounge) -> None:
    # The move itself runs inside the body the shutdown waits for, on the path discord.py really takes.
    thread, game_id = await lounge.started_game(players=2)
    core = lounge.service.core
    play, seen = core.play, []

    async def counted_play(*args: Any, **kwargs: Any) -> Any:
        seen.append(len(lounge.bot.in_flight))
        return await play(*args, **kwargs)

    core.play = counted_play  # type: ignore[method-assign]
    prompt = latest_prompt(thread)
    assert prompt is not None
    await lounge.click_choice(lounge.member(prompt.raw_mentions[0]), prompt, choices_of(prompt)[0][1])
    prompt = latest_prompt(thread)
    assert prompt is not None
    mover = lounge.member(prompt.raw_mentions[0])
    offered = await mover.autocomplete(thread, "move", "choice", "")
    await mover.slash(thread, "move", choice=offered[0]["value"])
    assert seen == [1, 1] and len(lounge.bot.in_flight) == 0
