"""`python -m engine stats SLUG`: the bot owner's look at a game's figures over every server's finished games."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from engine.core import GameError
from engine.platform.stats import GameFigures
from engine.services import Services
from engine.store import Store, StoreError, is_postgres_url

DEFAULT_DATABASE = "data/contrail.sqlite3"  # the bot's own default (settings.py)
EXIT_FAILED = 1


def default_database(environ: Mapping[str, str] = os.environ) -> str | Path:
    """DATABASE_URL when set, else DATABASE_PATH, else the bot's default file (as the bot reads them)."""
    return environ.get("DATABASE_URL") or Path(environ.get("DATABASE_PATH") or DEFAULT_DATABASE)


async def read_figures(database: str | Path, slug: str) -> GameFigures:
    """The figures over every server, from the database opened read-only (the bot may be running)."""
    store = await Store.open(database, read_only=True)
    try:
        return await Services(store).stats.figures(slug, None)
    finally:
        await store.close()


def table(figures: GameFigures) -> list[str]:
    """A short table for a terminal: the summary, then each section's lines."""
    lines = [f"{figures.title}: {figures.summary}"]
    for heading, rows in figures.sections():
        lines += ["", heading, *(f"  {row}" for row in rows)]
    return lines


def stats_command(slug: str, database: str | Path | None, as_json: bool, out: Callable[[str], Any] = print) -> int:
    """Print the figures (or one JSON line); a missing database, an unknown game or no finished game: one line."""
    where = database if database is not None else default_database()
    if not is_postgres_url(where) and not Path(where).is_file():
        print(f"python -m engine stats: there is no database at {where} (set --database or DATABASE_PATH).",
              file=sys.stderr)
        return EXIT_FAILED
    try:
        figures = asyncio.run(read_figures(where, slug))
    except (GameError, StoreError) as error:
        print(f"python -m engine stats: {error}", file=sys.stderr)
        return EXIT_FAILED
    out(figures.to_json() if as_json else "\n".join(table(figures)))
    return 0
