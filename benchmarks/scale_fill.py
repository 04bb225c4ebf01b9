"""The scale benchmark's databases: a big community's stored games (logs, snapshots, seats, results, clocks) in bulk."""

from __future__ import annotations

import json
import multiprocessing
import random
import sqlite3
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from engine.cli.simulate import play_random
from engine.options import with_edition
from engine.platform.levels import Level
from engine.platform.ratings import places, rated_outcome
from engine.platform.records import ActionRow, DueKind
from engine.platform.turns import History
from engine.platform.undo import Replayer
from engine.services.positions import encoded, opening, snapshot_due, told
from engine.services.tables import ai_name
from engine.store import Status, Store
from engine.store.games import dumps, seats_mask

MAX_PLAYOUTS = 10  # random games per title and table size at most: 1,080 positions, one per game of a 1,000-game burst
TABLE_SIZES = (2, 3, 4)
CUTS = 12  # the points each playout is cut at for a live game
LIVE_EVERY = 10  # one stored game in ten is being played
AI_EVERY = 4  # one live game in four has an AI seat
OWED_EVERY = 10  # and one of those in ten owes a move: the bot stopped in the middle of its AI chain
SERVERS = 20
AI_USER = 1  # an AI seat's user id is the AI's number
AI_LEVEL = Level.STANDARD
CLOCK = 86_400  # half the live games have a day's turn clock, with a reminder every six hours


@dataclass
class Line:
    """One game of a title: its log as the store keeps it, who is to act after each move, and the snapshots a
    copy of it stores (at each cut: the latest at or before it; at its end: the last one)."""

    slug: str
    players: int
    seed: int
    options: str
    moves: list[tuple[int, str]]  # (seat, payload) per move
    to_act: list[tuple[int, ...]]  # after version v (v = 0 is the opening)
    outcome: str | None
    cuts: list[int]  # versions a live copy stands at
    snapshots: dict[int, tuple[int, bytes]] = field(default_factory=dict)  # cut or end -> (version, blob)
    places: dict[int, tuple[int, int | None]] = field(default_factory=dict)  # seat -> (place, score) once rated

    @property
    def length(self) -> int:
        return len(self.moves)


def line_of(slug: str, players: int, seed: int) -> Line:
    """A random game played out, cut at CUTS points."""
    game = engine.get_game(slug)
    options = with_edition(game, {})
    playout = play_random(game, players, seed, options=options)
    last = len(playout.moves) - 1  # a live copy never stands at the end
    cuts = sorted(random.Random(seed).sample(range(1, last), min(CUTS, last - 1)))
    return line_from(slug, players, seed, options, [(s, a.to_dict()) for s, a in playout.moves], cuts)


def line_from(slug: str, players: int, seed: int, options: dict[str, Any], moves: list[tuple[int, dict[str, Any]]],
              cuts: list[int]) -> Line:
    """A logged game (each move's seat and payload) and the snapshots the bot would have stored along it: the
    loader's own replay and chronicle (Replayer, told), and the commit's own rule for when one is due."""
    game = engine.get_game(slug)
    state = game.setup(players, seed, options)
    replayer = Replayer(game)
    replayer.start(state)
    chronicle = opening(game, state).chronicle
    to_act = [tuple(game.to_act(state))]
    snapshot_at, latest, snapshots = 0, None, {}
    wanted = iter([*cuts, len(moves)])
    cut = next(wanted, None)
    for version, (seat, payload) in enumerate(moves, start=1):
        state = replayer.apply(version, seat, payload)
        chronicle = chronicle.extended(told(game, ActionRow(version, seat, payload, None, ""), state))
        to_act.append(tuple(game.to_act(state)))
        if snapshot_due(version, snapshot_at, to_act[-1] != to_act[-2]):
            snapshot_at, latest = version, (state, chronicle)
        while cut is not None and cut == version:
            if latest is not None:
                snapshots[cut] = (snapshot_at, encoded(slug, latest[0], latest[1])[0])
            cut = next(wanted, None)
    outcome = game.outcome(state)
    # The results the ratings write for a game that ended by its rules (placed_seats: a score only where one is kept).
    placed = {seat: (place, outcome.scores[seat] if seat < len(outcome.scores) else None)
              for seat, place in places(outcome).items()} if outcome and rated_outcome(outcome) else {}
    return Line(slug, players, seed, dumps(options), [(s, dumps(p)) for s, p in moves], to_act,
                dumps(outcome.to_dict()) if outcome else None, cuts, snapshots, placed)


def playouts_for(live_games: int) -> int:
    """Random games per title and table size so that `live_games` stand in positions of their own (up to
    MAX_PLAYOUTS): copies of one position would draw one board, which the renderers' cache then answers for all
    of them, and a burst over them would measure that cache rather than a community's games."""
    per_playout = CUTS * len(engine.list_games()) * len(TABLE_SIZES)
    return max(1, min(MAX_PLAYOUTS, -(-live_games // per_playout)))


def pool(live_games: int) -> list[Line]:
    """Every title at every table size, enough random games each for `live_games` (playouts_for), two at a time."""
    wanted = [(slug, players, seed) for slug in engine.list_games() for players in TABLE_SIZES
              for seed in range(playouts_for(live_games))]
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as workers:
        lines = list(workers.map(line_of, *zip(*wanted)))
    return [line for line in lines if line.outcome is not None]  # a stored game that finished did so by its rules


@dataclass
class Plan:
    """What the filled database holds, for the measurements: the live games by kind and the longest per title."""

    games: int
    live: list[int] = field(default_factory=list)
    owed: dict[int, tuple[int, int]] = field(default_factory=dict)  # game -> (version, line index): to reset
    longest: dict[str, int] = field(default_factory=dict)  # title -> the live game with the most moves
    versions: dict[int, int] = field(default_factory=dict)  # live game -> its version as stored
    actions: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "live": len(self.live), "owed": len(self.owed), "actions": self.actions,
                "longest": {slug: [n, self.versions[n]] for slug, n in self.longest.items()}}


def stamp(n: int) -> str:
    """A stored time: game n moved last at second n of the day (so the owed moves are made in that order)."""
    return f"2026-11-{1 + n // 86_400 % 28:02d}T{n // 3600 % 24:02d}:{n // 60 % 60:02d}:{n % 60:02d}+00:00"


class Rows:
    """The rows of every table, built game by game (the caller streams them to SQLite or PostgreSQL)."""

    def __init__(self, lines: list[Line], now: float, plan: Plan) -> None:
        self.lines, self.now, self.plan = lines, now, plan
        self.games: list[tuple] = []
        self.seats: list[tuple] = []
        self.snapshots: list[tuple] = []
        self.results: list[tuple] = []
        self.dues: list[tuple] = []
        self.copies: list[tuple] = []  # (game, line): whose log the game's is, up to its version

    def game(self, n: int) -> None:
        """Game n's rows in every table but the log; the log is copied from its line's in the database."""
        live = n % LIVE_EVERY == 0
        # The live games go round every line, then every cut (_cut): each stands where no other does, while there
        # are enough positions.
        index = (n // LIVE_EVERY if live else n) % len(self.lines)
        line = self.lines[index]
        ai = live and n // LIVE_EVERY % AI_EVERY == 0
        owed = ai and n // (LIVE_EVERY * AI_EVERY) % OWED_EVERY == 0
        version = self._cut(line, n, ai, owed) if live else line.length
        to_act = line.to_act[version]
        ai_seat = self._ai_seat(line, to_act, owed) if ai else None
        status = Status.ACTIVE if live else Status.FINISHED
        clock = live and n % 2 == 0
        self.games.append((n, line.slug, 1 + n % SERVERS, 2, 10**12 + n, 10**9 + n % 5000 * 8, line.options,
                           line.seed, status.value, version, None if live else line.outcome, stamp(n), stamp(n),
                           CLOCK if clock else None, CLOCK // 4 if clock else None,
                           seats_mask(to_act), int(not live), 0))
        self.copies.append((n, index))
        for seat in range(line.players):
            is_ai = seat == ai_seat
            user, name = (AI_USER, ai_name(AI_USER, AI_LEVEL)) if is_ai else (10**9 + n % 5000 * 8 + seat, f"p{seat}")
            self.seats.append((n, user, name, seat, seat, int(is_ai), 0, 0, AI_LEVEL.value if is_ai else None))
            if not live and seat in line.places:
                self.results.append((n, seat, 1 + n % SERVERS, line.slug, user, name, *line.places[seat], n, stamp(n)))
        if live:
            self._live(n, line, index, version, owed, clock, ai_seat)
        elif line.length in line.snapshots:  # a finished game keeps the last snapshot its moves stored
            self.snapshots.append((n, *line.snapshots[line.length]))
        self.plan.actions += version

    def _cut(self, line: Line, n: int, ai: bool, owed: bool) -> int:
        """A live copy's version: any cut for people only; with an AI seat, one where it is (owed) or is not to act."""
        cuts = [c for c in line.cuts if c in line.snapshots and (not ai or owed or len(line.to_act[c]) < line.players)]
        return cuts[n // LIVE_EVERY // len(self.lines) % len(cuts)] if cuts else line.cuts[0]

    @staticmethod
    def _ai_seat(line: Line, to_act: tuple[int, ...], owed: bool) -> int:
        if owed:
            return to_act[0]
        return next(s for s in range(line.players) if s not in to_act)

    def _live(self, n: int, line: Line, index: int, version: int, owed: bool, clock: bool, ai_seat: int | None) -> None:
        self.plan.live.append(n)
        if owed:
            self.plan.owed[n] = (version, index)
        longest = self.plan.longest.get(line.slug)
        if longest is None or version > self.plan.versions[longest]:
            self.plan.longest[line.slug] = n
        self.plan.versions[n] = version
        if version in line.snapshots:
            at, blob = line.snapshots[version]
            self.snapshots.append((n, at, blob))
        # The clock runs for the people to act (none while the AI owes its move), from where their turn began.
        movers = tuple(seat for seat in line.to_act[version] if seat != ai_seat)
        if clock and movers:
            turn = History([], [seat for seat, _ in line.moves[:version]]).turn_start(movers)
            self.dues.extend((n, kind.value, self.now + 3600 + n % 86_400, turn, self.now, None, None)
                             for kind in (DueKind.DEADLINE, DueKind.REMINDER))


COLUMNS = {
    "games": ("id", "slug", "guild_id", "channel_id", "thread_id", "creator_id", "options", "seed", "status",
              "version", "outcome", "created_at", "updated_at", "turn_seconds", "reminder_seconds", "to_act", "settled",
              "hints"),
    "seats": ("game_id", "user_id", "name", "position", "seat", "ai", "autopilot", "missed", "level"),
    "actions": ("game_id", "seq", "seat", "payload", "interaction_id", "created_at"),
    "snapshots": ("game_id", "version", "blob"),
    "results": ("game_id", "seat", "guild_id", "slug", "user_id", "name", "place", "score", "rated", "rated_at"),
    "dues": ("game_id", "kind", "due_at", "turn", "since", "claimed_by", "claimed_until"),
}
BATCH = 5_000  # games per batch written
# Each line's log is stored once in a table of the benchmark's own; one statement then copies it to the games
# that are that line (up to their versions), so the database's own code, not Python, writes the millions of rows.
TEMPLATE = ("CREATE TABLE bench_lines (line INTEGER NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL,"
            " payload TEXT NOT NULL, PRIMARY KEY (line, seq))")
COPIES = "CREATE TABLE bench_copies (game_id INTEGER PRIMARY KEY, line INTEGER NOT NULL)"
COPY_LOGS = ("INSERT INTO actions (game_id, seq, seat, payload, interaction_id, created_at)"
             " SELECT g.id, t.seq, t.seat, t.payload, NULL, g.updated_at FROM games g"
             " JOIN bench_copies c ON c.game_id = g.id JOIN bench_lines t ON t.line = c.line AND t.seq <= g.version"
             " ORDER BY g.id, t.seq")
DROP = ("DROP TABLE bench_lines", "DROP TABLE bench_copies")


def batches(plan: Plan, lines: list[Line], now: float) -> Iterator[list[tuple[str, list[tuple]]]]:
    """The rows of games 1..plan.games, BATCH games at a time, table by table; `plan` learns what they hold."""
    games = plan.games
    for first in range(1, games + 1, BATCH):
        rows = Rows(lines, now, plan)
        for n in range(first, min(first + BATCH, games + 1)):
            rows.game(n)
        yield [("games", rows.games), ("seats", rows.seats), ("snapshots", rows.snapshots),
                     ("results", rows.results), ("dues", rows.dues), ("bench_copies", rows.copies)]


def template(lines: list[Line]) -> list[tuple]:
    return [(index, seq, seat, payload) for index, line in enumerate(lines)
            for seq, (seat, payload) in enumerate(line.moves, start=1)]


COLUMNS["bench_lines"] = ("line", "seq", "seat", "payload")
COLUMNS["bench_copies"] = ("game_id", "line")


async def fill(database: str | Path, games: int, lines: list[Line], now: float) -> Plan:
    """Create the schema at `database` (a SQLite path or a PostgreSQL URL) and store `games` games in it."""
    await (await Store.open(database)).close()  # the schema, migrated, as the bot makes it
    if isinstance(database, Path):
        return fill_sqlite(database, games, lines, now)
    return await fill_postgresql(database, games, lines, now)


def fill_sqlite(path: Path, games: int, lines: list[Line], now: float) -> Plan:
    plan = Plan(games)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA synchronous=OFF")
        db.execute(TEMPLATE)
        db.execute(COPIES)
        parts = [("bench_lines", template(lines))]
        for tables in batches(plan, lines, now):
            for table, values in [*parts, *tables]:
                if values:
                    marks = ", ".join("?" * len(COLUMNS[table]))
                    db.executemany(f"INSERT INTO {table} ({', '.join(COLUMNS[table])}) VALUES ({marks})", values)
            parts = []
        db.execute(COPY_LOGS)
        for statement in DROP:
            db.execute(statement)
        db.execute("ANALYZE")
    return plan


async def fill_postgresql(url: str, games: int, lines: list[Line], now: float) -> Plan:
    import asyncpg  # only with --postgresql

    plan = Plan(games)
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(TEMPLATE)
        await connection.execute(COPIES)
        parts = [("bench_lines", template(lines))]
        for tables in batches(plan, lines, now):
            for table, values in [*parts, *tables]:
                if values:
                    await connection.copy_records_to_table(table, records=values, columns=list(COLUMNS[table]))
            parts = []
        await connection.execute(COPY_LOGS)
        for statement in DROP:
            await connection.execute(statement)
        await connection.execute("ANALYZE")
    finally:
        await connection.close()
    return plan


def owed_again(plan: Plan, lines: list[Line]) -> list[tuple[str, tuple]]:
    """The statements that put the owed games back where they stood (their AI chains cut short), for a second run."""
    statements: list[tuple[str, tuple]] = []
    for game_id, (version, index) in plan.owed.items():
        line = lines[index]
        statements += [
            ("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, version)),
            ("UPDATE games SET version = ?, status = 'active', outcome = NULL, to_act = ?, updated_at = ? WHERE id = ?",
             (version, seats_mask(line.to_act[version]), stamp(game_id), game_id)),
            ("DELETE FROM posts WHERE game_id = ?", (game_id,)),
        ]
        if version in line.snapshots:
            at, blob = line.snapshots[version]
            statements.append(("UPDATE snapshots SET version = ?, blob = ? WHERE game_id = ?", (at, blob, game_id)))
    return statements


def plan_json(plan: Plan) -> str:
    return json.dumps(plan.to_dict())
