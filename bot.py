"""Contrail's composition root: settings, logging, the bot, and the command line (run, --sync, --backup, ...)."""

# ruff: noqa: E402 (the imports follow the Python version check on purpose)
from __future__ import annotations

import sys

# Before every other import: on an older Python they fail deep inside a package (and pip, earlier, only says that
# no version of pillow matches), neither naming the cause. So this file itself must stay readable by
# Python 3.7 (from __future__ import annotations is 3.7's): no newer syntax anywhere in it.
MINIMUM_PYTHON = (3, 11)


def python_problem(version: tuple[int, ...]) -> str | None:
    """The one line for a Python older than Contrail needs, or None."""
    if tuple(version[:2]) >= MINIMUM_PYTHON:
        return None
    return (f"Contrail needs Python {'.'.join(map(str, MINIMUM_PYTHON))} or newer;"
            f" this is {'.'.join(map(str, version[:3]))}.")


_TOO_OLD = python_problem((sys.version_info.major, sys.version_info.minor, sys.version_info.micro))
if _TOO_OLD is not None:
    sys.exit(_TOO_OLD)  # the line goes to standard error, with exit status 1

import argparse
import asyncio
import importlib
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.ext import commands

import engine
from cogs import EXTENSIONS
from cogs.base.answers import tree_error
from cogs.base.components import DYNAMIC_ITEMS, answer_click
from cogs.base.in_flight import InFlight
from cogs.clock.scheduler import Scheduler
from cogs.play.moves import resume_automatic
from engine.cli.admin import EXIT_FAILED, backup, check, migrate_to, recompute_ratings  # the one-shot tasks
from engine.services import Drawing, Services
from engine.store import Store
from engine.store.backend import redacted_url
from engine.words import count
from renderers.drawing import PillowDrawing
from web.server import WebServer, start_web
from settings import (  # noqa: F401 (tests and tools read the settings through bot, as before)
    DEFAULT_DATABASE, Settings, SettingsError, configure_logging, load_settings, on_sigterm, parse_shards,
    read_env_file, settings_or_complaint,
)

log = logging.getLogger("contrail")

NO_TOKEN = "DISCORD_TOKEN is not set: put it in .env (copy .env.example) or in the environment."
EXIT_NO_TOKEN = 2
# One line each for what an admin can fix; anything else is a bug and keeps its traceback.
BAD_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN:"
    " copy it again from the Developer Portal (Bot → Reset Token) into .env."
)
NO_NETWORK = (
    "Could not reach Discord: check this machine's internet connection (and any firewall or proxy),"
    " then start the bot again."
)
EXIT_BAD_SETTING = 2  # like a missing token: the admin fixes .env or the environment


def intents() -> discord.Intents:
    chosen = discord.Intents.default()
    chosen.message_content = False  # slash commands and components need no message text
    return chosen


class ContrailBot(commands.AutoShardedBot):
    """The bot: opens the store, builds the table service, loads the cogs and the dynamic buttons.

    Sharded always: with no SHARD_COUNT it runs as many shards as Discord recommends, all in this process;
    with SHARD_COUNT (and SHARD_IDS) several processes share the shards.
    """

    def __init__(self, settings: Settings, *, drawing: Drawing | None = None) -> None:
        # The bot never joins a voice channel, so discord.py's start-up warnings that PyNaCl or davey
        # is missing ("voice will NOT be supported") only alarm admins; these are the flags that
        # Client.__init__ checks before logging them, so they must be cleared before super().__init__.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents(), help_command=None,
            shard_count=settings.shard_count,
            # None: every shard in this process (discord.py takes None, though its annotation says a list).
            shard_ids=None if settings.shard_ids is None else list(settings.shard_ids),  # type: ignore[arg-type]
        )
        self.settings = settings
        self._drawing = drawing
        self.store: Store | None = None
        self._tables: Services | None = None
        self.features: set[str] = set()  # the EXTENSIONS whose cogs this bot has
        self.resumed: asyncio.Task[None] | None = None  # the one-off resumption of AI moves after a start
        self.scheduler: Scheduler | None = None
        self.clock_task: asyncio.Task[None] | None = None
        self.web: WebServer | None = None  # the pages, when WEB_PORT is set
        self._shutting_down: asyncio.Task[None] | None = None  # the one shutdown every close() waits for
        self.in_flight = InFlight()  # the command and click bodies running now, which a shutdown lets finish

    @property
    def tables(self) -> Services:
        if self._tables is None:
            raise RuntimeError("the table service exists only after setup_hook")
        return self._tables

    async def load_cogs(self) -> None:
        """Add every command; needs no connection and no database (so --dump-commands can use it). Each feature's
        module is imported once per process and its `setup` adds its cogs: discord.py's load_extension runs a
        module afresh for every bot (a new set of its classes, 16 ms a start), for a hot reload we never do."""
        for extension in EXTENSIONS:
            if extension not in self.features:
                await importlib.import_module(extension).setup(self)
                self.features.add(extension)

    async def setup_hook(self) -> None:
        # A broken components file stops the bot here, naming its entry, before any player meets it.
        engine.check_games()
        self.store = await Store.open(self.settings.database)  # creates and migrates the file or the tables
        self.scheduler = Scheduler(self)
        # Discord's clock (UTC): the same one the timestamps in messages are read against.
        drawing = self._drawing or PillowDrawing()
        self._tables = Services(self.store, drawing, clock=lambda: discord.utils.utcnow().timestamp(),
                                on_change=self.scheduler.wake, public_url=self.settings.public_url,
                                cache_mb=self.settings.cache_mb, drawing_processes=self.settings.drawing_processes,
                                thinking_processes=self.settings.thinking_processes,
                                thinking_seconds=self.settings.thinking_seconds)
        self._tables.core.pictures.start()  # the drawing workers start and warm up while the bot connects
        self._tables.core.thinking.start()  # and the thinking ones load the games
        await self.load_cogs()
        self.tree.error(tree_error)  # the cogs' one error path also answers what no command body caught
        # Buttons answer by their custom id, so prompts posted before a restart keep working: every click comes to
        # on_interaction (answer_click); the dynamic item only keeps discord.py from storing each message's view.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        # Once, not on every reconnect: an AI chain cut short by the last stop plays on when Discord is reachable.
        self.resumed = asyncio.create_task(self.resume_automatic_moves())
        # One task sleeps until the next deadline or reminder; a move that changes them wakes it.
        self.clock_task = asyncio.create_task(self.scheduler.run())
        if self.settings.web_port is not None:  # the pages read the same store, in this process
            self.web = await start_web(self._tables, self.settings.web_host, self.settings.web_port,
                                       public_url=self.settings.public_url or "", limits=self.settings.web_limits)
        log.info("Contrail is set up with database %s", redacted_url(str(self.settings.database)))

    async def resume_automatic_moves(self) -> None:
        await self.wait_until_ready()
        try:
            await resume_automatic(self)
        except Exception:  # a failure here must not take the bot down; each game is tried again next start
            log.exception("could not resume the AI players' moves")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await answer_click(interaction)

    async def on_ready(self) -> None:
        # No setup here: on_ready fires again on every reconnect.
        shards = self.shard_ids if self.shard_ids is not None else range(self.shard_count or 1)
        log.info("Logged in as %s in %s, on shards %s of %s", self.user, count(len(self.guilds), "server"),
                 ",".join(map(str, shards)), self.shard_count)

    async def close(self) -> None:
        """Close the gateway, the pages, the drawing workers and the database, once, however many callers ask."""
        if self._shutting_down is None:
            self._shutting_down = asyncio.ensure_future(self._shut_down())
        # Shielded: a caller cancelled while waiting must not cut the database's close in half.
        await asyncio.shield(self._shutting_down)

    async def __aexit__(self, *exc: object) -> None:
        # discord.py's own exit waits only for its part of a close already under way (the SIGTERM handler's), so
        # `async with` could end, and asyncio.run cancel the rest, while the database was still closing.
        await self.close()

    async def _shut_down(self) -> None:
        running = [task for task in (self.resumed, self.clock_task) if task is not None and not task.done()]
        for task in running:
            task.cancel()  # they would only wait for a connection that is closing
        # Let them roll back what they were writing before the database below closes under them.
        await asyncio.gather(*running, return_exceptions=True)
        # A move in flight finishes (its turn message posted) while the connection and the database are still open.
        cut = await self.in_flight.drain()
        if cut:
            log.warning("closing: cut short %s still running after the wait",
                        count(cut, "command or click", "commands or clicks"))
        await super().close()
        if self.web is not None:
            await self.web.stop()
            self.web = None
        if self._tables is not None:
            self._tables.core.pictures.close()
            self._tables.core.thinking.close()
            self._tables.core.trials.close()
        if self.store is not None:
            await self.store.close()
            self.store = None


def create_bot(settings: Settings | None = None, *, drawing: Drawing | None = None) -> ContrailBot:
    """Build the bot without connecting; tests and tools drive it offline (`drawing`: Pillow's unless given)."""
    return ContrailBot(settings or load_settings(), drawing=drawing)


def command_payloads(bot: ContrailBot) -> list[dict[str, Any]]:
    """What a sync would send: one JSON object per top-level application command."""
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]


async def dump_commands() -> list[dict[str, Any]]:
    bot = create_bot(Settings(token=None, database_path=Path(DEFAULT_DATABASE), log_level="WARNING"))
    await bot.load_cogs()
    return command_payloads(bot)


async def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """Register the commands with Discord once (never on every start: creations are rate limited)."""
    bot = create_bot(settings)
    async with bot:
        assert settings.token is not None
        await bot.login(settings.token)  # runs setup_hook, which loads the cogs
        if guild_id is None:
            synced = await bot.tree.sync()
        else:
            guild = discord.Object(id=guild_id)
            bot.tree.copy_global_to(guild=guild)
            synced = await bot.tree.sync(guild=guild)
    return len(synced)


async def run_bot(settings: Settings) -> None:
    """Log in, connect and serve until closed; the caller turns a refused token or no network into one line."""
    bot = create_bot(settings)
    async with bot:  # closes the connection and the database however start() ends
        _close_on_sigterm(bot)
        assert settings.token is not None
        await bot.start(settings.token)


def _close_on_sigterm(bot: ContrailBot) -> None:
    """On SIGTERM, close the gateway session and the database (one shutdown, see ContrailBot.close)."""
    closing: list[asyncio.Future[None]] = []  # holds the close task so it is not garbage-collected early
    on_sigterm(lambda: closing.append(asyncio.ensure_future(bot.close())))


def connection_problem(exc: BaseException) -> str | None:
    """The one line for a failure the admin fixes outside Contrail, or None (a bug: keep the traceback)."""
    if isinstance(exc, discord.LoginFailure):  # Discord answered 401 to the token
        return BAD_TOKEN
    if isinstance(exc, discord.GatewayNotFound | aiohttp.ClientConnectionError | asyncio.TimeoutError):
        return NO_NETWORK
    # Sockets fail with bare OSErrors (refused, unreachable, no DNS); a file's OSError names its file instead.
    if isinstance(exc, OSError) and exc.filename is None:
        return NO_NETWORK
    return None


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py", description="Run Contrail, the airline board game bot.")
    task = parser.add_mutually_exclusive_group()
    task.add_argument("--sync", action="store_true", help="register the slash commands with Discord, then exit")
    task.add_argument("--dump-commands", action="store_true", help="print the command payloads as JSON, then exit")
    task.add_argument(
        "--backup", metavar="PATH",  # text, not a Path: a trailing slash means "into this directory"
        help="copy the SQLite database (DATABASE_PATH) safely while the bot runs, into PATH if it is a folder"
        " (a dated file), else to the file PATH, which must end in .sqlite3; then exit",
    )
    task.add_argument("--recompute-ratings", action="store_true",
                      help="rebuild every rating from the stored game results (after a change of the formula); then exit")
    task.add_argument("--check", action="store_true",
                      help="print the database's backend and version, the games by status and the next due item;"
                      " exit 1 if it cannot be read, 3 if there is none yet (a health check); needs no token")
    task.add_argument("--migrate-to", metavar="URL",
                      help="copy every game, seat, move, rating, league and due time from the SQLite database"
                      " (DATABASE_PATH) into the empty PostgreSQL database at URL and check each game replays the same")
    parser.add_argument("--guild", type=int, metavar="ID", help="with --sync: register in this server only (instant)")
    parser.add_argument("--snapshots", action="store_true",
                        help="with --check: also replay every game's log and compare it with the game's stored"
                        " snapshot; exit 1 if any differs")
    args = parser.parse_args(argv)
    if args.guild is not None and not args.sync:
        parser.error("--guild only makes sense with --sync")
    if args.snapshots and not args.check:
        parser.error("--snapshots only makes sense with --check")
    return args


def main(argv: list[str] | None = None, *, out: Callable[[str], Any] = print) -> int:
    args = parse_args(argv)
    if args.dump_commands:
        out(json.dumps(asyncio.run(dump_commands()), indent=2, ensure_ascii=False))
        return 0
    settings = settings_or_complaint()
    if settings is None:
        return EXIT_BAD_SETTING
    if args.migrate_to is not None:
        return migrate_to(settings.database_path, args.migrate_to, out)
    if args.backup is not None:
        if settings.database_url:
            print("DATABASE_URL names PostgreSQL: back it up with PostgreSQL's own tools (pg_dump);"
                  " --backup copies a SQLite file.", file=sys.stderr)
            return EXIT_FAILED
        return backup(settings.database_path, args.backup, out)
    if args.recompute_ratings:
        return recompute_ratings(settings.database, out)
    if args.check:
        return check(settings.database, out, cache_mb=settings.cache_mb, snapshots=args.snapshots)
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return EXIT_NO_TOKEN
    # start() inside our own asyncio.run rather than bot.run(): the failures an admin can fix end as one line.
    try:
        if args.sync:
            count = asyncio.run(sync_commands(settings, args.guild))
            where = (
                f"server {args.guild}" if args.guild else "every server (global commands can take a while to appear)"
            )
            out(f"Synced {count} commands to {where}.")
        else:
            asyncio.run(run_bot(settings))
    except KeyboardInterrupt:
        return 0  # Ctrl+C: asyncio.run cancelled start(), and `async with bot` closed everything
    except Exception as exc:
        problem = connection_problem(exc)
        if problem is None:
            raise
        print(problem, file=sys.stderr)
        return EXIT_FAILED
    return 0


if __name__ == "__main__":
    sys.exit(main())
