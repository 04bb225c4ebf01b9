"""The scheduler's sleep is cut short only by a due time that comes before it ends (or one it cannot know), and the
bot closing always ends it."""

from __future__ import annotations

import asyncio
from typing import Any

from cogs.clock.scheduler import Scheduler


async def sleeping(until: float) -> Scheduler:
    scheduler = Scheduler(client=Any)  # type: ignore[arg-type]  # wake() never touches the client
    scheduler._until = until
    scheduler._sleep = asyncio.create_task(asyncio.sleep(3600))
    await asyncio.sleep(0)
    return scheduler


async def test_a_due_time_after_the_sleep_ends_lets_it_sleep() -> None:
    scheduler = await sleeping(until=1000.0)
    scheduler.wake(5000.0)  # a reminder a day away: the next round finds it anyway
    assert not scheduler._woken and scheduler._sleep is not None and not scheduler._sleep.cancelled()
    scheduler._sleep.cancel()


async def test_a_sooner_or_unknown_due_time_wakes_it() -> None:
    for when in (500.0, 1000.0 - 1, None):
        scheduler = await sleeping(until=1000.0)
        scheduler.wake(when)
        await asyncio.sleep(0)
        assert scheduler._woken and scheduler._sleep is not None and scheduler._sleep.cancelled(), when


async def test_a_change_while_it_is_busy_is_never_lost() -> None:
    scheduler = Scheduler(client=Any)  # type: ignore[arg-type]
    scheduler._until = None  # between rounds: looking at the store
    scheduler.wake(9e9)
    assert scheduler._woken  # the round looks again before it sleeps


async def test_the_bot_closing_stops_it_even_when_a_wake_up_came_at_the_same_moment(monkeypatch: Any) -> None:
    class Client:
        async def wait_until_ready(self) -> None:
            pass

        def is_closed(self) -> bool:
            return False

    class Clock:
        async def next_due(self) -> None:
            return None

    async def nothing_due(client: Any) -> None:
        pass

    monkeypatch.setattr("cogs.clock.scheduler.run_due", nothing_due)
    class Core:
        def clock(self) -> float:
            return 0.0

    monkeypatch.setattr("cogs.clock.scheduler.tables",
                        lambda client: type("Tables", (), {"clock": Clock(), "core": Core()})())
    scheduler = Scheduler(client=Client())  # type: ignore[arg-type]
    running = asyncio.create_task(scheduler.run())
    while scheduler._sleep is None:
        assert not running.done(), running  # a scheduler that died would leave this loop waiting for good
        await asyncio.sleep(0)
    scheduler.wake(None)  # a move, in the same moment as the bot's shutdown
    running.cancel()
    done, _ = await asyncio.wait([running], timeout=5)
    assert done and running.cancelled()  # the shutdown's cancel is not taken for the wake-up
