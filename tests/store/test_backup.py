"""Backups of a live database: consistent while games are played, replayable, and never half-written."""

from __future__ import annotations

import asyncio
import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import engine
from bot import main
from engine.cli.admin import EXIT_NO_DATABASE
from engine.store import backup as backup_module
from engine.core import Action, replay
from engine.services import Services
from tests.stub_drawing import stub_drawing
from engine.store import Status, Store, StoreError
from engine.services.tables import Prompt
from engine.view import to_json

GUILD, CHANNEL = 1, 2
PLAYERS = {10: "ann", 11: "bob", 12: "cy"}
GAMES, MOVES_PER_GAME = 3, 30


def blank_png(slug: str, view: dict[str, Any]) -> bytes:
    return b"\x89PNG fake"


@pytest.fixture
def cli_env(tmp_path: Path, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """bot.main reads DATABASE_PATH through load_settings: the environment, then a .env in the working dir."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)  # --backup must not need one
    monkeypatch.setenv("DATABASE_PATH", str(db_path))
    return db_path


async def play_a_game(service: Services, seed: int, prompts: dict[tuple[int, int], Prompt | None]) -> int:
    """Open, fill and start a table, then play real moves, recording the prompt at every version."""
    users = list(PLAYERS)
    table = await service.lobby.open_table(
        "airships", guild_id=GUILD, channel_id=CHANNEL, creator_id=users[0], creator_name="ann"
    )
    for user in users[1:]:
        await service.lobby.join(table.id, user, PLAYERS[user])
    await service.lobby.start(table.id, users[0])
    rng = random.Random(seed)
    prompt = await service.reading.prompt(table.id)
    prompts[table.id, 0] = prompt
    for _ in range(MOVES_PER_GAME):
        if prompt is None:
            break
        mover = prompt.movers[0]
        result = await service.core.play(
            table.id, mover.user_id, rng.randrange(len(mover.choices)), version=prompt.version
        )
        prompt = result.prompt
        prompts[table.id, result.table.version] = await service.reading.prompt(table.id)
        await asyncio.sleep(0.001)  # let the backups interleave with the moves
    return table.id


def a_database(path: Path) -> None:
    """A database as the bot's first start leaves it: created and migrated, with no game yet."""
    async def create() -> None:
        await (await Store.open(path)).close()

    asyncio.run(create())


def total_moves(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]


async def check_backup(copy: Path, live: Store, prompts: dict[tuple[int, int], Prompt | None]) -> None:
    """The copy is a whole database at one moment: every game replays to what players saw at its version."""
    with sqlite3.connect(f"{copy.resolve().as_uri()}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)  # one self-contained file
    opened = await Store.open(copy)
    try:
        service = Services(opened, stub_drawing(blank_png))
        for game_id in {g for g, _ in prompts}:
            row = await opened.games.get(game_id)
            log = await opened.games.actions(game_id)
            # The version bump and the action insert are one transaction, so a copy never splits them.
            assert [a.seq for a in log] == list(range(1, row.version + 1))
            live_log = await live.games.actions(game_id)
            assert [(a.seat, a.payload) for a in log] == [(a.seat, a.payload) for a in live_log[: row.version]]
            if row.status is Status.LOBBY:
                assert row.version == 0
                continue
            # Re-running the service on the copy gives the prompt the live game showed at that version...
            assert await service.reading.prompt(game_id) == prompts[game_id, row.version]
            # ...and replaying the copied log gives the live game's public view at that version.
            game = engine.get_game(row.slug)
            seats = len(await opened.seats.of(game_id))
            moves = [(a.seat, Action.from_dict(a.payload)) for a in log]
            live_moves = [(a.seat, Action.from_dict(a.payload)) for a in live_log[: row.version]]
            assert to_json(game.view(replay(game, seats, row.seed, row.options, moves), None)) == to_json(game.view(
                replay(game, seats, row.seed, row.options, live_moves), None
            ))
    finally:
        await opened.close()


@pytest.mark.slow
async def test_backups_taken_while_games_are_played_replay_every_game(
    store: Store, tmp_path: Path, cli_env: Path
) -> None:
    service = Services(store, stub_drawing(blank_png))
    prompts: dict[tuple[int, int], Prompt | None] = {}
    copies: list[Path] = []
    cli_lines: list[str] = []
    (tmp_path / "backups").mkdir()

    async def keep_backing_up(playing: asyncio.Task[list[int]]) -> None:
        # In-process (Store.backup) and as `bot.py --backup` would, on its own connection in another thread.
        while not playing.done():
            target = tmp_path / "backups" / f"{len(copies):03}.sqlite3"
            if len(copies) % 2:
                assert await asyncio.to_thread(main, ["--backup", str(target)], out=cli_lines.append) == 0
            else:
                assert (await store.backup(target)).path == target
            copies.append(target)
            await asyncio.sleep(0.002)

    playing = asyncio.ensure_future(asyncio.gather(*(play_a_game(service, seed, prompts) for seed in range(GAMES))))
    await asyncio.gather(playing, keep_backing_up(playing))
    final = total_moves(cli_env)

    assert len(copies) >= 4 and cli_lines
    assert all(line.startswith(f"Backed up {cli_env} to ") for line in cli_lines)
    # Some copies were taken mid-play, not only before the first move or after the last.
    assert any(0 < total_moves(copy) < final for copy in copies), [total_moves(c) for c in copies]
    for copy in copies:
        await check_backup(copy, store, prompts)
    assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == [c.name for c in copies]  # no temp files


async def test_the_cli_prints_one_line_with_the_number_of_games(store: Store, tmp_path: Path, cli_env: Path) -> None:
    for channel in (1, 2):
        await store.games.create("airships", GUILD, channel, 10, seed=channel, options={})
    lines: list[str] = []
    target = tmp_path / "copy.sqlite3"
    # The store stays open, as a running bot's would: the CLI reads alongside it.
    assert await asyncio.to_thread(main, ["--backup", str(target)], out=lines.append) == 0
    assert lines == [f"Backed up {cli_env} to {target} (2 games)."]
    async with await Store.open(target) as copy:
        assert len(await copy.games.in_guild(GUILD)) == 2


@pytest.mark.parametrize("slash", ["", "/"])
async def test_an_existing_folder_gets_a_dated_file(store: Store, tmp_path: Path, slash: str) -> None:
    await store.games.create("airships", GUILD, CHANNEL, 10, seed=1, options={})
    (tmp_path / "daily").mkdir()
    result = await store.backup(f"{tmp_path / 'daily'}{slash}")
    assert result.path.parent == tmp_path / "daily"
    assert re.fullmatch(r"contrail-\d{8}-\d{6}\.sqlite3", result.path.name)  # UTC, to the second: one per run
    assert result.games == 1 and total_moves(result.path) == 0


@pytest.mark.parametrize(("target", "line"), [
    ("bk2", "There is no folder bk2: make it first (mkdir -p bk2), or name a file ending in .sqlite3."),
    ("backups/", "There is no folder backups/: make it first (mkdir -p backups/)."),
    ("gone/dir/x.sqlite3", "There is no folder gone/dir for x.sqlite3: make it first (mkdir -p gone/dir)."),
])
def test_a_path_that_names_a_missing_folder_is_refused_in_one_line_creating_nothing(
    tmp_path: Path, cli_env: Path, capsys: pytest.CaptureFixture[str], target: str, line: str
) -> None:
    a_database(cli_env)  # the database exists: only the target is wrong
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    assert main(["--backup", target]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines() == [line]
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before  # no file, no folder


def test_a_file_path_must_end_in_sqlite3_so_no_other_file_is_replaced(
    tmp_path: Path, cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_database(cli_env)
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me")
    assert main(["--backup", "notes.txt"]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line == "notes.txt is a file, not a folder: name a folder, or a file ending in .sqlite3."
    assert notes.read_text() == "keep me"


async def test_a_file_path_in_an_existing_folder_is_written_whole_and_replaced_by_the_next_backup(
    store: Store, tmp_path: Path, cli_env: Path
) -> None:
    await store.games.create("airships", GUILD, CHANNEL, 10, seed=1, options={})
    lines: list[str] = []
    assert await asyncio.to_thread(main, ["--backup", "latest.sqlite3"], out=lines.append) == 0
    await store.games.create("airships", GUILD, CHANNEL, 10, seed=2, options={})
    assert await asyncio.to_thread(main, ["--backup", "latest.sqlite3"], out=lines.append) == 0
    assert lines == [f"Backed up {cli_env} to latest.sqlite3 (1 game).",
                     f"Backed up {cli_env} to latest.sqlite3 (2 games)."]
    async with await Store.open(tmp_path / "latest.sqlite3") as copy:
        assert len(await copy.games.in_guild(GUILD)) == 2


def test_with_postgresql_it_copies_nothing_and_points_to_pg_dump(
    tmp_path: Path, cli_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://contrail:secret@127.0.0.1:1/contrail")
    (tmp_path / "backups").mkdir()
    assert main(["--backup", "backups/"]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert "pg_dump" in line and "secret" not in line
    assert list((tmp_path / "backups").iterdir()) == []


@pytest.mark.parametrize("target", ["copy.sqlite3", "bk2"])  # before the first start, the target is not the problem
def test_before_the_first_start_it_says_no_database_yet_with_exit_3(
    tmp_path: Path, cli_env: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    assert main(["--backup", target]) == EXIT_NO_DATABASE == 3
    out, err = capsys.readouterr()
    assert out == ""
    [line] = err.splitlines()
    assert line == (f"No database yet at {cli_env}: the bot creates it when it first starts with a token Discord"
                    " accepts (or check DATABASE_PATH, and run this from the bot's folder).")
    target = tmp_path / target
    assert not target.exists() and not cli_env.parent.exists()  # nothing created, the database included


def test_a_file_that_is_not_a_database_fails_without_leaving_a_file(
    tmp_path: Path, cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli_env.parent.mkdir(parents=True)
    cli_env.write_bytes(b"not sqlite at all " * 300)
    target = tmp_path / "backups" / "copy.sqlite3"
    target.parent.mkdir()
    assert main(["--backup", str(target)]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"Could not back up {cli_env} to {target}:")
    assert list(target.parent.iterdir()) == []  # neither the target nor a temp file


async def test_a_failed_backup_keeps_the_previous_file_whole_and_leaves_no_temp_file(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await store.games.create("airships", GUILD, CHANNEL, 10, seed=1, options={})
    target = tmp_path / "backups" / "latest.sqlite3"
    target.parent.mkdir()
    await store.backup(target)
    before = target.read_bytes()
    await store.games.create("airships", GUILD, CHANNEL, 10, seed=2, options={})

    def fail_after_copying(copy: sqlite3.Connection) -> int:
        raise StoreError("disk trouble after the pages were copied")

    monkeypatch.setattr(backup_module, "_verify", fail_after_copying)
    with pytest.raises(StoreError, match="disk trouble"):
        await store.backup(target)
    assert target.read_bytes() == before
    assert [p.name for p in target.parent.iterdir()] == ["latest.sqlite3"]


async def test_the_copy_is_written_next_to_the_target_then_renamed(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    renames: list[tuple[Path, Path, bool]] = []
    real_replace = backup_module.os.replace

    def spy(source: str | Path, destination: str | Path) -> None:
        renames.append((Path(source), Path(destination), Path(destination).exists()))
        real_replace(source, destination)

    monkeypatch.setattr(backup_module.os, "replace", spy)
    target = tmp_path / "copy.sqlite3"
    await store.backup(target)
    [(temp, destination, existed)] = renames
    assert destination == target and temp.parent == target.parent and temp != target
    assert not existed  # the target appeared only by the rename, complete
    assert not temp.exists()


async def test_backing_up_onto_the_live_database_is_refused(store: Store, db_path: Path) -> None:
    game = await store.games.create("airships", GUILD, CHANNEL, 10, seed=1, options={})
    with pytest.raises(StoreError, match="live database itself"):
        await store.backup(db_path)
    assert (await store.games.get(game.id)).id == game.id
