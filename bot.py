"""Contrail's composition root: settings, logging, the bot, and the command line (run, --sync, --dump-commands)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

import engine
from cogs import EXTENSIONS
from cogs.components import DYNAMIC_ITEMS
from cogs.flows import reply_error
from engine.core import GameError
from engine.service import Renderer, TableService
from engine.store import Store

log = logging.getLogger("contrail")

DEFAULT_DATABASE = "data/contrail.sqlite3"
NO_TOKEN = "DISCORD_TOKEN is not set: put it in .env (copy .env.example) or in the environment."
EXIT_NO_TOKEN = 2


@dataclass(frozen=True)
class Settings:
    token: str | None
    database_path: Path
    log_level: str


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines of a .env file; blank lines, comments and an `export ` prefix are allowed."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def load_settings(env_file: Path = Path(".env"), environ: Mapping[str, str] = os.environ) -> Settings:
    """Settings from .env, where the real environment wins (so a deployment can override the file)."""
    merged = {**read_env_file(env_file), **environ}
    return Settings(
        token=merged.get("DISCORD_TOKEN") or None,
        database_path=Path(merged.get("DATABASE_PATH") or DEFAULT_DATABASE),
        log_level=(merged.get("LOG_LEVEL") or "INFO").upper(),
    )


def intents() -> discord.Intents:
    chosen = discord.Intents.default()
    chosen.message_content = False  # slash commands and components need no message text
    return chosen


class ContrailBot(commands.Bot):
    """The bot: opens the store, builds the table service, loads the cogs and the dynamic buttons."""

    def __init__(self, settings: Settings, *, render: Renderer | None = None) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None)
        self.settings = settings
        self._render = render
        self.store: Store | None = None
        self._tables: TableService | None = None

    @property
    def tables(self) -> TableService:
        if self._tables is None:
            raise RuntimeError("the table service exists only after setup_hook")
        return self._tables

    async def load_cogs(self) -> None:
        """Add every command; needs no connection and no database (so --dump-commands can use it)."""
        for extension in EXTENSIONS:
            if extension not in self.extensions:
                await self.load_extension(extension)

    async def setup_hook(self) -> None:
        # A broken components file stops the bot here, naming its entry, before any player meets it.
        engine.check_games()
        self.store = await Store.open(self.settings.database_path)  # creates and migrates the file
        self._tables = TableService(self.store) if self._render is None else TableService(self.store, render=self._render)
        await self.load_cogs()
        self.tree.error(self.on_app_command_error)
        # Buttons answer by their custom id, so prompts posted before a restart keep working.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        log.info("Contrail is set up with database %s", self.settings.database_path)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        """Whatever a command body did not answer itself (checks, transformers, bugs) ends here, privately."""
        original = getattr(error, "original", error)
        if isinstance(original, discord.app_commands.TransformerError | discord.app_commands.CheckFailure):
            original = GameError("That can't be used like this here.")
        await reply_error(interaction, original)

    async def on_ready(self) -> None:
        # No setup here: on_ready fires again on every reconnect.
        log.info("Logged in as %s in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None


def create_bot(settings: Settings | None = None, *, render: Renderer | None = None) -> ContrailBot:
    """Build the bot without connecting; tests and tools drive it offline."""
    return ContrailBot(settings or load_settings(), render=render)


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


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py", description="Run Contrail, the airline board game bot.")
    parser.add_argument("--sync", action="store_true", help="register the slash commands with Discord, then exit")
    parser.add_argument("--guild", type=int, metavar="ID", help="with --sync: register in this server only (instant)")
    parser.add_argument("--dump-commands", action="store_true", help="print the command payloads as JSON, then exit")
    args = parser.parse_args(argv)
    if args.guild is not None and not args.sync:
        parser.error("--guild only makes sense with --sync")
    return args


def main(argv: list[str] | None = None, *, out: Callable[[str], Any] = print) -> int:
    args = parse_args(argv)
    if args.dump_commands:
        out(json.dumps(asyncio.run(dump_commands()), indent=2, ensure_ascii=False))
        return 0
    settings = load_settings()
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return EXIT_NO_TOKEN
    if args.sync:
        count = asyncio.run(sync_commands(settings, args.guild))
        where = f"server {args.guild}" if args.guild else "every server (global commands can take a while to appear)"
        out(f"Synced {count} commands to {where}.")
        return 0
    create_bot(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
