"""Several bot processes on one database: the load run (committed moves/s, none lost or doubled) and the reliability
runs (racing submissions, processes killed mid-move, due work claimed once), on SQLite or PostgreSQL.

`python -m benchmarks.processes [--postgresql URL] [--games N] [--kills N]` prints the figures and one JSON line:
on a new SQLite file, or in a new schema of that PostgreSQL database (dropped after). `python -m benchmarks
--postgresql URL` runs the load run there as part of the benchmark.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import engine
from engine.core import Action, replay
from engine.services import Services
from engine.cli.simulate import play_random
from engine.store import DUE_LEASE_SECONDS, Store

SLUG = "airships"
PROCESSES = 2
LOAD_GAMES = 100  # live games per process in the load run
LOAD_MOVES = 60  # moves per game in the load run: live games, part-way through
TARGET_MOVES_PER_S = 500.0
CLOCK_GAMES = 250  # games whose deadline has passed in the due-work runs
CLOCK_BATCH = 10  # dues per claim in those runs: many claims per process, so a kill falls between two
ROOT = Path(__file__).resolve().parents[1]
HOUR = 3600.0


@asynccontextmanager
async def fresh_schema(url: str) -> AsyncIterator[str]:
    """A schema of its own in the PostgreSQL database at `url`, dropped afterwards: the benchmark leaves nothing."""
    import asyncpg  # only with --postgresql

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield f"{url}{'&' if '?' in url else '?'}search_path={schema}"
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await admin.close()


async def spawn(mode: str, database: str, plan: dict[str, Any], folder: Path, roles: Iterable[str]
                ) -> list[asyncio.subprocess.Process]:
    """Start one worker per role on `plan`, and let them all go at once when every one is ready."""
    folder.mkdir(parents=True, exist_ok=True)
    plan_path = folder / "plan.json"
    plan_path.write_text(json.dumps(plan))
    go = folder / "go"
    go.unlink(missing_ok=True)
    roles = list(roles)
    for role in roles:
        (folder / role).unlink(missing_ok=True)
    processes = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-m", "benchmarks.process_worker", mode, database, str(plan_path), str(folder / role),
            str(go), cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        for role in roles
    ]
    deadline = time.monotonic() + 60
    while not all((folder / role).exists() for role in roles):
        if time.monotonic() > deadline or any(p.returncode is not None for p in processes):
            raise RuntimeError("a worker did not start: " + " ".join([  # a list: with await, a generator is async
                (await p.stderr.read()).decode()[-2000:] for p in processes if p.returncode is not None]))
        await asyncio.sleep(0.01)
    go.touch()
    return processes


async def finish(process: asyncio.subprocess.Process) -> tuple[list[str], dict[str, Any] | None]:
    """A worker's printed lines, and its closing report (None when it was killed before one)."""
    out, err = await asyncio.wait_for(process.communicate(), timeout=600)
    lines = out.decode().splitlines()
    if process.returncode == 0:
        return lines[:-1], json.loads(lines[-1])
    if process.returncode == -signal.SIGKILL:
        return lines, None
    raise RuntimeError(f"a worker failed ({process.returncode}): {err.decode()[-3000:]}")


async def seat_games(store: Store, count: int, seeds: Iterable[int]) -> list[int]:
    """`count` started two-player games straight in the store (creator and seats 1, 2)."""
    ids = []
    for _, seed in zip(range(count), seeds):
        row = await store.games.create(SLUG, 1, 2, 1, seed, {})
        for user in (1, 2):
            await store.seats.add(row.id, user, f"player {user}")
        await store.seats.start_game(row.id, [1, 2])
        ids.append(row.id)
    return ids


async def check_logs(store: Store, game_ids: Iterable[int]) -> int:
    """How many games do not replay from their log (each must, from its seed and actions alone)."""
    game = engine.get_game(SLUG)
    broken = 0
    for game_id in game_ids:
        row, log = await store.games.get(game_id), await store.games.actions(game_id)
        try:
            replay(game, len(await store.seats.of(game_id)), row.seed, row.options,
                   [(a.seat, Action.from_dict(a.payload)) for a in log])
        except Exception:  # noqa: BLE001 - counted: any game that cannot replay is a failure of the run
            broken += 1
        broken += [a.seq for a in log] != list(range(1, len(log) + 1))
    return broken


async def load_run(database: str, folder: Path, games: int = LOAD_GAMES) -> dict[str, Any]:
    """PROCESSES processes, each committing the moves of its own `games` live games at once."""
    game = engine.get_game(SLUG)
    playouts = [play_random(game, 2, seed) for seed in range(PROCESSES * games)]
    async with await Store.open(database) as store:
        ids = await seat_games(store, PROCESSES * games, (p.seed for p in playouts))
    plan = {f"p{n}": {"games": [[g, [[s, a.to_dict()] for s, a in p.moves[:LOAD_MOVES]], g * 100_000]
                                for g, p in list(zip(ids, playouts))[n::PROCESSES]]} for n in range(PROCESSES)}
    workers = await spawn("load", database, plan, folder, plan)
    reports = [report for _, report in [await finish(w) for w in workers]]
    assert all(reports)
    # assert all(reports): no report is None, which mypy does not narrow (hence the ignores below)
    acked = {int(g): seq for report in reports
             for g, seq in report["acked"].items()}  # type: ignore[index]  # no report is None
    async with await Store.open(database) as store:
        stored = {g: (await store.games.get(g)).version for g in ids}
        interactions = {g: [a.interaction_id for a in await store.games.actions(g)] for g in ids}
        broken = await check_logs(store, ids)
    committed = sum(acked.values())
    started = min(r["started"] for r in reports)  # type: ignore[index]  # no report is None
    ended = max(r["ended"] for r in reports)  # type: ignore[index]  # no report is None
    return {
        "processes": PROCESSES, "live_games": len(ids), "committed_moves": committed,
        "moves_per_s": round(committed / (ended - started), 1),
        "lost": sum(max(0, acked.get(g, 0) - stored[g]) for g in ids),
        "doubled": sum(max(0, stored[g] - acked.get(g, 0)) for g in ids)
        + sum(len(i) - len(set(i)) for i in interactions.values())
        + sum(r["retries_applied"] for r in reports),  # type: ignore[index]  # no report is None
        "retries_refused": sum(r["retries_refused"] for r in reports),  # type: ignore[index]  # no report is None
        "games_not_replaying": broken,
    }


async def race_and_kill_run(database: str, folder: Path, games: int, kills: int, seed: int = 1) -> dict[str, Any]:
    """Two processes play the same games to the end through the service, choosing alike (so every decision is
    raced), while one or the other is SIGKILLed at random moments and started again, `kills` times in all."""
    chance = random.Random(seed)
    async with await Store.open(database) as store:
        ids = await seat_games(store, games, range(1000, 1000 + games))
    plans = {role: {"games": ids, "interactions": (n + 1) << 40} for n, role in enumerate("ab")}
    told: list[tuple[int, int, int]] = []  # (game, seq, interaction) of each move a process was told counted
    refused = 0  # submissions answered "out of date": the other process had made that decision first

    def heard(lines: list[str]) -> None:
        nonlocal refused
        # An "ack" line holds exactly three numbers (game, seq, interaction), where mypy sees a tuple of any length.
        told.extend(tuple(map(int, line.split()[1:]))  # type: ignore[misc]  # three numbers, as above
                    for line in lines if line.startswith("ack "))
        refused += sum(line.startswith("refused ") for line in lines)

    running = dict(zip("ab", await spawn("play", database, plans, folder, "ab")))
    killed = 0
    while killed < kills and not all(p.returncode == 0 for p in running.values()):
        await asyncio.sleep(chance.uniform(0.05, 0.4))
        role = chance.choice("ab")
        if running[role].returncode is None:
            running[role].kill()
            killed += 1
        lines, _ = await finish(running[role])
        heard(lines)
        running[role] = (await spawn("play", database, plans, folder / f"restart{killed}-{role}", role))[0]
    for process in running.values():
        heard((await finish(process))[0])
    async with await Store.open(database) as store:
        logs = {g: {a.seq: a.interaction_id for a in await store.games.actions(g)} for g in ids}
        finished = sum([(await store.games.get(g)).outcome is not None for g in ids])
        broken = await check_logs(store, ids)
    return {
        "games": games, "kills": killed, "moves_told_counted": len(told),
        "lost": sum(1 for game_id, seq, interaction in told if logs[game_id].get(seq) != interaction),
        # Each process numbers a submission by the version it was made at: a move stored at any other place
        # would be one decision applied twice (the version check let a second copy through).
        "doubled": sum(1 for g, log in logs.items() for seq, interaction in log.items()
                       if (interaction or 0) % (1 << 40) != g * 10_000 + seq - 1),
        "stored_moves": sum(len(log) for log in logs.values()),
        # Kills that fell inside a move: committed, but the process died before it could say so.
        "committed_not_yet_told": sum(len(log) for log in logs.values()) - len(told),
        "submissions_answered": len(told) + refused, "refused_as_out_of_date": refused,
        "games_finished": finished, "games_not_replaying": broken,
    }


async def clock_run(database: str, folder: Path, games: int, kill: bool) -> dict[str, Any]:
    """Every game's deadline has passed: two processes do the due work at once (one killed part-way if `kill`,
    the survivor then taking its items when their claims run out). Each deadline's autopilot turn is played once."""
    start = 1_800_000_000.0
    async with await Store.open(database) as store:
        service = Services(store, clock=lambda: start)  # no boards: the figures are the store's
        ids = []
        for _ in range(games):
            table = await service.lobby.open_table(SLUG, guild_id=1, channel_id=2, creator_id=1, creator_name="player 1",
                                             turn_seconds=int(HOUR))
            await service.lobby.join(table.id, 2, "player 2")
            await service.lobby.start(table.id, 1)
            ids.append(table.id)
        versions = {g: (await store.games.get(g)).version for g in ids}
    due_at = start + 2 * HOUR
    plan = {"now": due_at, "batch": CLOCK_BATCH}
    workers = dict(zip("ab", await spawn("clock", database, plan, folder, "ab")))
    early: list[str] = []
    if kill:  # killed once it reports its first batch: it has claimed its next batch and begun on it
        while not early or not early[-1].startswith("done "):
            line = (await workers["a"].stdout.readline()).decode()  # type: ignore[union-attr]  # spawn pipes stdout
            if not line:
                break
            early.append(line.strip())
        if workers["a"].returncode is None:
            workers["a"].kill()
    results = {role: await finish(w) for role, w in workers.items()}
    results["a"] = (early + results["a"][0], results["a"][1])
    if kill:  # the dead process's claims run out: a process doing due work then takes them
        later = {**plan, "now": due_at + DUE_LEASE_SECONDS}
        results["c"] = await finish((await spawn("clock", database, later, folder / "later", "c"))[0])
    done = [int(line.split()[1]) for lines, _ in results.values() for line in lines if line.startswith("done ")]
    async with await Store.open(database) as store:
        played = sum([(await store.games.get(g)).version > versions[g] for g in ids])
        broken = await check_logs(store, ids)
    return {"games": games, "killed_mid_run": results["a"][1] is None, "deadlines_played": played,
            "reported_done": len(done), "done_twice": len(done) - len(set(done)),
            "deadlines_left": games - played, "games_not_replaying": broken}


async def load_figures(url: str, games: int = LOAD_GAMES) -> dict[str, Any]:
    """The benchmark's load run on PostgreSQL (`games` live games per process), as its platform figures and targets."""
    with tempfile.TemporaryDirectory() as folder:
        async with fresh_schema(url) as where:
            load = await load_run(where, Path(folder), games)
    figures = {f"load_{key}_postgresql": value for key, value in load.items()}
    return {**figures, "targets_met": {
        "load_moves_per_s_postgresql": load["moves_per_s"] >= TARGET_MOVES_PER_S,
        "load_lost_postgresql": load["lost"] == 0, "load_doubled_postgresql": load["doubled"] == 0,
        "load_games_not_replaying_postgresql": load["games_not_replaying"] == 0,
    }}


async def all_runs(url: str | None, games: int, kills: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        if url:
            async with fresh_schema(url) as database:
                return await each_run(database, where, games, kills)
        return await each_run(str(where / "contrail.sqlite3"), where, games, kills)


async def each_run(database: str, where: Path, games: int, kills: int) -> dict[str, Any]:
    return {
        "load": await load_run(database, where / "load"),
        "race_and_kill": await race_and_kill_run(database, where / "race", games, kills),
        "claimed_once": await clock_run(database, where / "clock", CLOCK_GAMES, kill=False),
        "claimed_once_after_a_kill": await clock_run(database, where / "clock-kill", CLOCK_GAMES, kill=True),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.processes", description=__doc__.splitlines()[0])
    parser.add_argument("--postgresql", metavar="URL", help="run on this PostgreSQL database (else a new SQLite file)")
    parser.add_argument("--games", type=int, default=20, help="games raced in the reliability runs")
    parser.add_argument("--kills", type=int, default=20, help="processes killed mid-move in the race run")
    args = parser.parse_args(argv)
    figures = asyncio.run(all_runs(args.postgresql, args.games, args.kills))
    for name, values in figures.items():
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in values.items()))
    print(json.dumps(figures))
    load = figures["load"]
    ok = load["moves_per_s"] >= TARGET_MOVES_PER_S and all(
        f.get(k, 0) == 0 for f in figures.values() for k in ("lost", "doubled", "done_twice", "deadlines_left",
                                                            "games_not_replaying"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
