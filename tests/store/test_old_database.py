"""A database an earlier Contrail wrote opens, migrates, replays every game to its recorded digest and reads back."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

# Only the most public names, which the restructure keeps: the registry of games, the contract's Action and the
# store. Everything else this test needs is read through the store's public methods or written out below.
import engine
from engine.core import Action, view_words
from engine.options import stored_edition
from engine.view import position, to_json
from engine.store import Store

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL (moved there by bot.py) with TEST_DATABASE_URL

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
DUMP = FIXTURES / "old_database.sql"  # sqlite3's iterdump of the file, with its user_version
EXPECTED = FIXTURES / "old_database.json"  # what tests/fixtures/make_old_database.py read back when it wrote it
UNDO = "undo"  # the log's entry that takes moves back; its one argument is the version it goes back to


# -- the digest of a replayed game ------------------------------------------------------------------


def canonical(value: Any) -> str:
    """Key-sorted compact JSON: equal data is equal text in any process (the form engine/export.py hashes)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sha256(value: Any) -> str:
    return hashlib.sha256(canonical(value).encode()).hexdigest()


def replayed(slug: str, seats: int, seed: int, options: dict[str, Any],
             entries: list[tuple[int, int, dict[str, Any]]]) -> Any:
    """The state after (seq, seat, payload) entries, each applied by the game's own rules from its setup.

    The undo entry is part of the stored format, so its meaning is written down here rather than imported:
    the state goes back to what it was after the version it names."""
    game = engine.get_game(slug)
    states = {0: game.setup(seats, seed, options)}
    for seq, seat, payload in entries:
        if payload.get("kind") == UNDO:
            states[seq] = states[int(payload["args"][0])]
        else:
            states[seq] = game.apply(states[seq - 1], seat, Action.from_dict(payload))
    return states[entries[-1][0] if entries else 0]


def digests(slug: str, state: Any, seats: int) -> dict[str, str]:
    """The public position's sha256 (as an export records it) and one of the public position with every seat's:
    the views without their words (engine.view.position), which a release may reword."""
    game = engine.get_game(slug)
    words = view_words(game)
    public = position(to_json(game.view(state, None)), words)
    return {
        "public_view_sha256": sha256(public),
        "state_sha256": sha256({"public": public, "seats": [position(to_json(game.view(state, seat)), words)
                                                            for seat in range(seats)]}),
    }


# -- everything else the store reads back ---------------------------------------------------------------


def plain(value: Any) -> Any:
    """A stored row as JSON-ready data: dataclasses as dicts, enums as their values, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k.value if isinstance(k, enum.Enum) else k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def game_dues(dues: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A game's due items as recorded before leagues had dues of their own: a game's due names no league."""
    assert all(due.pop("league_id") is None for due in dues.values())
    return dues


async def game_record(store: Store, game_id: int) -> dict[str, Any]:
    """One game as the store returns it, with its log replayed to its digests (None for one never started)."""
    row = await store.games.get(game_id)
    seats = await store.seats.of(game_id)
    log = await store.games.actions(game_id)
    seated = sum(1 for s in seats if s.seat is not None)
    record: dict[str, Any] = {
        "id": row.id, "slug": row.slug, "version": row.version, "status": plain(row.status),
        "moves": len(log), "undos": sum(1 for a in log if a.payload.get("kind") == UNDO),
        "automatic_moves": sum(1 for a in log if "by" in a.payload),
        "public_view_sha256": None, "state_sha256": None, "outcome_replayed": None,
    }
    if seated:
        state = replayed(row.slug, seated, row.seed, dict(row.options), [(a.seq, a.seat, a.payload) for a in log])
        record.update(digests(row.slug, state, seated))
        outcome = engine.get_game(row.slug).outcome(state)
        record["outcome_replayed"] = None if outcome is None else outcome.to_dict()
    record["store"] = {
        "row": plain(row), "seats": plain(seats), "log_sha256": sha256(plain(log)),
        "posts": plain(await store.games.posts(game_id)), "dues": game_dues(plain(await store.dues.of(game_id))),
        "kick_vote": plain(await store.votes.kick_vote(game_id)), "undo_vote": plain(await store.votes.undo_vote(game_id)),
        "seat_events": plain(await store.seats.events(game_id)), "snapshot": await store.games.snapshot(game_id),
        "league_of_game": plain(await store.leagues.of_game(game_id)),
    }
    return record


async def everything(store: Store, guilds: list[int], users: list[int]) -> dict[str, Any]:
    """All a store answers about these servers and people: games, players, leagues and ratings."""
    games = [row for guild in guilds for row in await store.games.in_guild(guild)]
    leagues = []
    for guild in guilds:
        for league in await store.leagues.in_guild(guild):
            seasons = range(1, league.season + 1)
            leagues.append({
                "league": plain(league),
                "members": {str(s): plain(await store.leagues.members(league.id, s)) for s in seasons},
                "games": {str(s): plain(await store.leagues.games(league.id, s)) for s in seasons},
            })
    slugs = sorted(engine.list_games())
    return {
        "games": [await game_record(store, row.id) for row in sorted(games, key=lambda r: r.id)],
        "list_games": {str(g): [row.id for row in await store.games.in_guild(g)] for g in guilds},
        "prefs": plain(await store.prefs.of(users)),
        "vacations": {str(u): plain(await store.prefs.vacations(u, 0.0)) for u in users},
        "live_games_of": {str(u): plain(await store.seats.live_games_of(u)) for u in users},
        "next_due": await store.dues.next(),
        "leagues": leagues,
        "league_admins": {str(g): await store.leagues.admins(g) for g in guilds},
        "ratings": plain(await store.ratings.all()),
        "results": plain(await store.ratings.stored_results()),
        "top_ratings": {f"{g}/{s}": plain(await store.ratings.top(g, s)) for g in guilds for s in slugs},
        "unrated_finished_games": [row.id for row in await store.ratings.unrated_finished_games()],
    }


# -- the test ----------------------------------------------------------------------------------------------


def expected() -> dict[str, Any]:
    """What the old code recorded, read as this code reads it: a game stored before rules had editions is of
    the first edition (the one change of meaning since, and the reason its games replay as they did). Columns
    added since read back as their migration fills them: no table allowed hints, and every AI seat (a league's
    too) played at the standard level."""
    data: dict[str, Any] = json.loads(EXPECTED.read_text(encoding="utf-8"))
    for game in data["store"]["games"]:
        row = game["store"]["row"]
        row["options"] = stored_edition(row["options"])
        row.setdefault("hints", False)
        for seat in game["store"]["seats"]:
            seat.setdefault("level", "standard" if seat["ai"] else None)
    for league in data["store"]["leagues"]:
        league["league"].setdefault("ai_level", "standard")
        league["league"].setdefault("pack", "")  # a league stored before packs plays the built-in cards
    return data


def load_dump(path: Path) -> None:
    """The dump back into a SQLite file, as the old code left it (its user_version included)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as db:
        db.executescript(DUMP.read_text(encoding="utf-8"))
    db.close()


async def current_schema_version(path: Path) -> int:
    """The version this code gives a new file: the current one, however many migrations there are by then."""
    async with await Store.open(path) as fresh:
        return await fresh.schema_version()


def schema(path: Path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT type, name, COALESCE(sql, '') FROM sqlite_master ORDER BY type, name").fetchall()
    db.close()
    return rows


async def test_the_old_file_migrates_to_the_schema_a_new_file_gets(tmp_path: Path) -> None:
    old, new = tmp_path / "old" / "contrail.sqlite3", tmp_path / "new" / "contrail.sqlite3"
    load_dump(old)
    with sqlite3.connect(old) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == expected()["schema_version"]
    db.close()
    current = await current_schema_version(new)
    async with await Store.open(old) as migrated:
        assert await migrated.schema_version() == current
    # Migrating an old file must leave the very tables and indexes a new file is created with.
    assert schema(old) == schema(new)


def move_to_postgres(source: Path, url: str, cwd: Path) -> None:
    """The move an admin makes: `bot.py --migrate-to URL` with DATABASE_PATH naming the file (no .env here)."""
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env["DATABASE_PATH"] = str(source)
    done = subprocess.run([sys.executable, str(REPO / "bot.py"), "--migrate-to", url], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "replays to the same position" in done.stdout


async def test_every_game_replays_to_its_recorded_digest_and_every_row_reads_back(
    backend: str, database: str | Path, tmp_path: Path,
) -> None:
    recorded = expected()
    source = tmp_path / "old" / "contrail.sqlite3"
    load_dump(source)
    if backend == "postgresql":
        assert isinstance(database, str)
        move_to_postgres(source, database, tmp_path)
        where: str | Path = database
    else:
        where = source
    async with await Store.open(where) as store:
        assert await store.schema_version() == await current_schema_version(tmp_path / "new" / "contrail.sqlite3")
        found = await everything(store, recorded["guilds"], recorded["users"])
    # The digests first, game by game, so a failure names the game whose replay went elsewhere.
    wanted = {g["id"]: g for g in recorded["store"]["games"]}
    assert sorted(g["id"] for g in found["games"]) == sorted(wanted)
    keys = ("slug", "version", "status", "moves", "public_view_sha256", "state_sha256", "outcome_replayed")
    for game in found["games"]:
        assert {k: game[k] for k in keys} == {k: wanted[game["id"]][k] for k in keys}, f"game {game['id']}"
        if game["status"] == "finished":  # the rules still end it where the store says, with the same scores
            assert game["outcome_replayed"] == game["store"]["row"]["outcome"] is not None, f"game {game['id']}"
    for game in found["games"]:
        assert game["store"] == wanted[game["id"]]["store"], f"game {game['id']}"
    # The migration gives each running league a due item at once: the scheduler looks at its round on start.
    assert found.pop("next_due") == 0.0 and recorded["store"]["next_due"] is not None
    assert found == {k: v for k, v in recorded["store"].items() if k != "next_due"}
