"""The turn clock in Discord: one task sleeps until the next due time, then posts what came due (moves, pings, leagues)."""

from __future__ import annotations

import asyncio
import logging

import discord

from cogs.base.posting import post
from cogs.base.service import tables
from cogs.base.words import CONTENT_MAX, Reply, clip, jump_url, mention
from cogs.leagues import posts as league_posts
from cogs.play import moves
from engine.services import logs
from engine.services.tables import Reminder, Table
from engine.words import joined

log = logging.getLogger(__name__)

IDLE_SECONDS = 6 * 3600.0  # with nothing due, look again now and then (another process may have scheduled)
RETRY_SECONDS = 60.0  # the next due time could not be read (the database away): look again this soon


class Scheduler:
    """Sleeps until the earliest due time in the store, or until a move changes it (wake)."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self._sleep: asyncio.Task[None] | None = None
        self._until: float | None = None  # when the current sleep ends (seconds since the epoch)
        self._woken = False

    def wake(self, when: float | None = None) -> None:
        """A due time changed: stop sleeping and look again (a plain sleep that is cut short), unless the new
        time (`when`; None: unknown) comes after the sleep ends anyway. A move that sets its turn's reminder a day
        away then costs the clock nothing, while a deadline sooner than the next wake-up is never missed."""
        if when is not None and self._until is not None and when >= self._until and not self._woken:
            return
        self._woken = True
        if self._sleep is not None and not self._sleep.done():
            self._sleep.cancel()

    async def run(self) -> None:
        await self._client.wait_until_ready()
        while not self._client.is_closed():
            self._woken, self._until = False, None  # busy: any change now makes the next round look again
            try:
                await run_due(self._client)  # what came due while the bot was down is done once, first
            except Exception:  # a bad turn must not stop every other game's clock
                log.exception("the scheduler failed; it tries again at the next due time")
            now = tables(self._client).core.clock()  # the one clock the services were handed
            try:
                due = await tables(self._client).clock.next_due()
            except Exception:  # the same: a failed read must not stop the clock for good (it did, until a restart)
                log.exception("the scheduler could not read the next due time; it looks again in a minute")
                due = now + RETRY_SECONDS
            wait = IDLE_SECONDS if due is None else max(0.0, min(due - now, IDLE_SECONDS))
            if self._woken:
                continue  # a move changed the due times while we were busy
            self._until = now + wait
            self._sleep = asyncio.create_task(asyncio.sleep(wait))
            try:
                await self._sleep
            except asyncio.CancelledError:
                task = asyncio.current_task()
                # A wake-up cancels only the sleep; the bot closing cancels this task, even if a wake-up came too.
                if not self._woken or (task is not None and task.cancelling()):
                    raise


async def run_due(client: discord.Client) -> None:
    """Do and show what has come due: autopilot moves, then reminders, then words for the tables."""
    with logs.request():  # one round: its moves are logged as they are posted
        await _run_due(client)


async def _run_due(client: discord.Client) -> None:
    news = await tables(client).clock.run_due()
    for result in news.moves:
        await moves.show_automatic(client, result)
    for reminder in news.reminders:
        if reminder.alerts.thread:
            await _post_quietly(client, reminder.table, reminder_reply(reminder))
        lead = f"It's your turn in {reminder.table.display_name}" if reminder.first else (
            f"{reminder.table.display_name} has waited on you since <t:{int(reminder.since)}:R>")
        await moves.send_dms(client, reminder.table, reminder.alerts.dm, lead)
    for table, sentence in news.notices:
        await _post_quietly(client, table, Reply(content=sentence))
    for league_news in news.leagues:  # after the moves: a round they finished opens the next
        await league_posts.show_league_news(client, league_news)


async def _post_quietly(client: discord.Client, table: Table, reply: Reply) -> None:
    try:
        await post(client, table, reply)
    except discord.HTTPException:
        log.warning("game %s: could not post in %s", table.id, table.place_id, exc_info=True)


def reminder_reply(reminder: Reminder) -> Reply:
    """A ping for whoever the turn still waits on: since when (a timestamp each reader sees in their own time)."""
    who = joined([mention(u) for u in reminder.alerts.thread])
    if reminder.first:  # the turn's first ping, held through quiet hours
        text = f"{who}, it's your turn in {reminder.table.display_name}."
    else:
        text = f"{who}, {reminder.table.display_name} has waited on you since <t:{int(reminder.since)}:R>."
    if reminder.prompt.deadline is not None:
        text += f" The autopilot plays the turn <t:{int(reminder.prompt.deadline)}:R>."
    if reminder.turn_post is not None:
        text += f" Your turn: {jump_url(reminder.table, reminder.turn_post)}"
    return Reply(content=clip(text, CONTENT_MAX), ping=reminder.alerts.thread)
