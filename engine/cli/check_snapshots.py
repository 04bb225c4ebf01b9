"""`--check --snapshots`: every stored snapshot compared with a replay of its game's log, which is the truth."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from engine.platform.snapshots import SnapshotError, decode, header
from engine.services.caching import Memos
from engine.services.loading import Loader
from engine.services.positions import opening, opening_state, replayed
from engine.store import Store
from engine.words import count


@dataclass
class SnapshotCheck:
    """What the comparison found: snapshots checked, those of older code (rebuilt at the next move) and faults."""

    checked: int = 0
    stale: int = 0
    faults: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        agree = self.checked - self.stale - len(self.faults)
        summary = f"Snapshots: {count(self.checked, 'snapshot')} checked, {agree} the same as a replay of the log"
        if self.stale:
            summary += f", {self.stale} written by an older version of the game"
        if self.faults:
            summary += f", {len(self.faults)} wrong"
        if self.stale or self.faults:
            summary += " (each is rebuilt at its game's next move)"
        return [summary + ".", *self.faults]


async def check_snapshots(database: str | Path) -> SnapshotCheck:
    """Read every snapshot and replay its game's log up to the snapshot's version; nothing is written."""
    report = SnapshotCheck()
    async with await Store.open(database, read_only=True) as store:
        loader = Loader(store, Memos(), None, time.time)
        for game_id, _ in await store.games.snapshotted():
            found = await store.games.snapshot(game_id)
            if found is None:  # the game was deleted meanwhile
                continue
            report.checked += 1
            table = await loader.table(game_id)
            game = table.rules
            if not found[1].startswith(header(table.slug)):
                report.stale += 1
                continue
            rows = [row for row in await store.games.actions(game_id) if row.seq <= found[0]]
            truth = replayed(game, opening(game, opening_state(table)), rows)
            try:
                snapshot = decode(table.slug, found[1])
            except SnapshotError:
                report.faults.append(f"Game {game_id}: its snapshot at move {found[0]} is damaged.")
                continue
            if truth is None or snapshot.version != found[0] or snapshot.state != truth.state:
                report.faults.append(f"Game {game_id}: its snapshot at move {found[0]} differs from its log.")
            elif snapshot.chronicle != truth.chronicle:
                report.faults.append(f"Game {game_id}: its snapshot at move {found[0]} tells the moves differently"
                                     " from its log.")
    return report
