"""How many days a game takes a community that looks at Discord a few times a day: `python -m benchmarks --calendar`."""

# Whole games are played through the services, as the bot plays them, on a virtual clock: each member looks at
# Discord a few times a day and makes every decision waiting for them (as the standard AI would), the turn clock
# reminds whoever a turn waits on, and the figures count the days, the handoffs (a turn that passes to other
# players: a wait) and the pings each player got. The model is fixed and printed with the figures.

from __future__ import annotations

import asyncio
import heapq
import random
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.services import Services
from engine.store import Status, Store

DAY = 86_400.0
START = 1_798_761_600.0  # 2027-01-01 00:00 UTC: a Friday; the model has no weekends
REMINDERS = 24 * 3600  # the lobby's default: reminders every 24 hours, no turn time (so no autopilot)
SIZES = {"airships": (3,), "air-alliance": (3,), "1930": (3, 5)}
GAMES, QUICK_GAMES = 10, 1
GIVE_UP_DAYS = 400  # a game not over by then is counted as such, and the run goes on


@dataclass(frozen=True)
class Community:
    """Who plays, and when they look: the model every figure is measured on."""

    looks_per_day: int = 4
    waking_hours: int = 16
    wakes_at: int = 7  # local time: awake 07:00 to 23:00
    zones: tuple[int, ...] = (-5, 1, 8)  # hours from UTC; more players spread over the same three

    def words(self) -> str:
        zones = ", ".join(f"UTC{zone:+d}" for zone in self.zones)
        return (f"each player looks at Discord {self.looks_per_day} times in their {self.waking_hours} waking hours"
                f" (from {self.wakes_at:02d}:00 local), at uniformly random moments, and makes every decision"
                f" waiting for them, as the standard AI would; players live in {zones}; reminders every"
                f" {REMINDERS // 3600} hours, no turn time")

    def looks(self, zone: int, rng: random.Random, days: int) -> list[float]:
        """The moments (UTC seconds) one player looks, over `days` days."""
        moments = []
        for day in range(days):
            wake = START + day * DAY + (self.wakes_at - zone) * 3600
            moments += sorted(wake + rng.uniform(0, self.waking_hours * 3600) for _ in range(self.looks_per_day))
        return moments


MODEL = Community()


@dataclass(frozen=True)
class Played:
    """One game, as the calendar saw it."""

    days: float
    handoffs: int
    pings: tuple[int, ...]  # per player
    finished: bool


class Playing:
    """One game being played by its community on the virtual clock."""

    def __init__(self, services: Services, game_id: int, users: list[int], seed: int, clock: list[float]) -> None:
        self.services, self.game_id, self.users, self.clock = services, game_id, users, clock
        self.rng = random.Random(seed)
        self.handoffs = 0
        self.pings = dict.fromkeys(users, 0)

    def ping(self, *who: tuple[int, ...]) -> None:
        for user in {u for group in who for u in group}:
            if user in self.pings:
                self.pings[user] += 1

    async def look(self, user: int) -> bool:
        """The player makes every decision waiting for them; False once the game is over."""
        core = self.services.core
        while True:
            table = await self.services.reading.table(self.game_id)
            if table.status is not Status.ACTIVE:
                return False
            state = await core.load.state(table)
            seat = next((s for s in table.rules.to_act(state) if table.at_seat(s).user_id == user), None)
            if seat is None:
                return True
            action = engine.get_ai(table.slug).choose(state, seat, self.rng)
            moved = await core.play(table, user, action.key)
            if moved.turn.next is not None:
                self.handoffs += 1
                self.ping(moved.alerts.thread, moved.alerts.dm)
            if moved.outcome is not None:
                self.ping(tuple(self.users))  # the final scores ping everyone who played, once
                return False

    async def due(self, until: float) -> None:
        """The turn clock's work up to `until`: each reminder pings whoever the turn waits on."""
        while (when := await self.services.clock.next_due()) is not None and when <= until:
            self.clock[0] = max(self.clock[0], when)
            news = await self.services.clock.run_due()
            for reminder in news.reminders:
                self.ping(reminder.alerts.thread, reminder.alerts.dm)


async def play_one(slug: str, players: int, seed: int, folder: Path, community: Community = MODEL) -> Played:
    clock = [START]
    store = await Store.open(folder / f"{slug}-{players}-{seed}.sqlite3")
    try:
        services = Services(store, None, clock=lambda: clock[0])
        users = [1000 + n for n in range(players)]
        opened = await services.lobby.open_table(slug, guild_id=1, channel_id=2, creator_id=users[0],
                                                 creator_name="p0", reminder_seconds=REMINDERS)
        for n, user in enumerate(users[1:], start=1):
            await services.lobby.join(opened.id, user, f"p{n}")
        await services.lobby.start(opened.id, users[0])
        table = Playing(services, opened.id, users, seed, clock)
        rng = random.Random(f"looks {seed}")
        looks = [(when, user) for n, user in enumerate(users)
                 for when in community.looks(community.zones[n % len(community.zones)], rng, GIVE_UP_DAYS)]
        heapq.heapify(looks)
        first = await services.reading.prompt(opened.id)
        table.ping(tuple(first.user_ids) if first else ())  # the start pings whoever plays first
        finished = False
        while looks:
            when, user = heapq.heappop(looks)
            await table.due(when)
            clock[0] = when
            if not await table.look(user):
                finished = (await services.reading.table(opened.id)).status is Status.FINISHED
                break
        return Played((clock[0] - START) / DAY, table.handoffs, tuple(table.pings.values()), finished)
    finally:
        await store.close()


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def calendar(games: int) -> dict[str, Any]:
    """Per title and table size: days per game (median, 90th percentile), handoffs and pings per player."""
    results: dict[str, Any] = {"model": MODEL.words()}
    with tempfile.TemporaryDirectory(prefix="contrail-calendar-") as folder:
        for slug, sizes in SIZES.items():
            for players in sizes:
                played = [await play_one(slug, players, seed, Path(folder)) for seed in range(games)]
                pings = [p for one in played for p in one.pings]
                results[f"{slug}_{players}p"] = {
                    "games": games, "finished": sum(one.finished for one in played),
                    "days_median": round(statistics.median(one.days for one in played), 1),
                    "days_p90": round(quantile([one.days for one in played], 0.9), 1),
                    "handoffs_median": statistics.median(one.handoffs for one in played),
                    "pings_per_player_median": statistics.median(pings),
                }
    return results


def run(quick: bool) -> dict[str, Any]:
    return asyncio.run(calendar(QUICK_GAMES if quick else GAMES))
