"""The scale benchmark's fill writes what the bot writes: a filled database's rows, column by column, against the
rows the services store for the same games (a live one with an AI seat and a turn clock, and a finished one)."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from benchmarks import scale_fill
from engine.platform.snapshots import decode
from engine.services import Services
from engine.store import Status, Store
from tests.conftest import no_board
from tests.stub_drawing import stub_drawing

pytestmark = pytest.mark.both_backends  # the fill on SQLite, and on PostgreSQL with TEST_DATABASE_URL

SLUG, PLAYERS, SEED = "airships", 2, 20_261_207
ANN, BOB = 501, 502
LIVE, FINISHED = 40, 41  # filled games: the first live one with an AI seat and a clock (not owing), then a finished
MOVES = 6  # the live game's people's moves before it is compared
# Where a filled game differs from the bot's by design: who and where (the fill's made-up members, servers and
# threads), when, and what only Discord gives (a click's interaction id, the order the lobby was joined in).
BY_DESIGN = {
    "games": {"id", "guild_id", "channel_id", "thread_id", "creator_id", "created_at", "updated_at"},
    "seats": {"game_id", "position"},
    "actions": {"game_id", "interaction_id", "created_at"},
    "snapshots": {"game_id"},
    "dues": {"game_id", "due_at", "since"},
    "results": {"game_id", "guild_id", "rated", "rated_at"},
}
PEOPLE = {"seats": ("user_id", "name"), "results": ("user_id", "name")}  # a person's own: made up by the fill
ORDER = {"games": "id", "seats": "seat", "actions": "seq", "snapshots": "version", "dues": "kind",
         "results": "seat"}


async def bot_games(folder: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, int, int]:
    """The two games as the bot stores them, on a SQLite file of their own; their ids."""
    monkeypatch.setattr("engine.services.lobby.new_seed", lambda: SEED)
    path = folder / "bot.sqlite3"
    store = await Store.open(path)
    try:
        service = Services(store, stub_drawing(no_board))
        live = await service.lobby.open_table(SLUG, guild_id=1, channel_id=2, creator_id=ANN, creator_name="Ann",
                                              ai=1, level=scale_fill.AI_LEVEL, turn_seconds=scale_fill.CLOCK,
                                              reminder_seconds=scale_fill.CLOCK // 4)
        await service.lobby.start(live.id, ANN)
        for _ in range(MOVES):
            prompt = await service.reading.prompt(live.id)
            assert prompt is not None
            await service.core.play(live.id, ANN, 0, version=prompt.version)
        finished = await service.lobby.open_table(SLUG, guild_id=1, channel_id=3, creator_id=ANN, creator_name="Ann")
        await service.lobby.join(finished.id, BOB, "Bob")
        await service.lobby.start(finished.id, ANN)
        picks = random.Random(SEED)  # a fixed cycle of picks can loop (back, choose, back...) forever
        while (prompt := await service.reading.prompt(finished.id)) is not None:
            mover = prompt.movers[0]
            await service.core.play(finished.id, mover.user_id, picks.randrange(len(mover.choices)),
                                    version=prompt.version)
        assert (await service.reading.table(finished.id)).status is Status.FINISHED
        assert (await service.reading.table(live.id)).status is Status.ACTIVE
        return path, live.id, finished.id
    finally:
        await store.close()


def line_of_stored(path: Path, game_id: int, live: bool) -> scale_fill.Line:
    """The fill's line for a stored game: its own log, a live copy standing where it stands (a finished game's
    copies, live ones too as the fill goes round every line, stand halfway)."""
    with sqlite3.connect(path) as db:
        seed, options, version = db.execute("SELECT seed, options, version FROM games WHERE id = ?",
                                            (game_id,)).fetchone()
        moves = [(seat, json.loads(payload)) for seat, payload in
                 db.execute("SELECT seat, payload FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))]
    return scale_fill.line_from(SLUG, PLAYERS, seed, json.loads(options), moves,
                                [version if live else version // 2])


def columns(path: Path, table: str) -> list[str]:
    with sqlite3.connect(path) as db:
        return [row[1] for row in db.execute(f"PRAGMA table_info({table})")]


def compared(table: str, names: list[str], rows: list[Any]) -> list[dict[str, Any]]:
    """Rows as the test compares them: the columns that differ by design left out, a person's own made up."""
    found = []
    for row in rows:
        values = dict(zip(names, row))
        if table in PEOPLE and not values.get("ai") and values.get("user_id") != scale_fill.AI_USER:
            values.update((column, "a person") for column in PEOPLE[table])
        if "blob" in values:  # a snapshot as the loader reads it: pickles of equal positions may share differently
            values["blob"] = decode(SLUG, bytes(values["blob"]))
        found.append({key: value for key, value in values.items() if key not in BY_DESIGN[table]})
    return found


async def rows_of(store: Store, table: str, names: list[str], game_id: int) -> list[Any]:
    key = "id" if table == "games" else "game_id"
    return list(await store.db.read(f"SELECT {', '.join(names)} FROM {table} WHERE {key} = ? ORDER BY {ORDER[table]}",
                                    (game_id,)))


async def test_a_filled_game_has_the_rows_the_bot_writes_for_it(
    database: str | Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    bot, live, finished = await bot_games(tmp_path, monkeypatch)
    lines = [line_of_stored(bot, live, live=True), line_of_stored(bot, finished, live=False)]
    assert lines[0].snapshots and lines[1].places  # the games compared hold what the checks are about
    plan = await scale_fill.fill(database, FINISHED, lines, time.time())
    assert LIVE in plan.live and FINISHED not in plan.live and LIVE not in plan.owed
    bot_store, filled = await Store.open(bot), await Store.open(database)
    try:
        for table in BY_DESIGN:
            names = columns(bot, table)
            for mine, theirs in ((live, LIVE), (finished, FINISHED)):
                expected = compared(table, names, await rows_of(bot_store, table, names, mine))
                assert compared(table, names, await rows_of(filled, table, names, theirs)) == expected, (table, mine)
    finally:
        await bot_store.close()
        await filled.close()

