"""The store's player preferences: how each person is told it is their turn, and their times away."""

from __future__ import annotations

from collections.abc import Sequence

from engine.platform.records import Notify, PlayerPrefs
from engine.store.database import Database


class PrefStore:
    """Each person's preferences and vacations, the same in every game; every public method is one unit of work."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def of(self, user_ids: Sequence[int]) -> dict[int, PlayerPrefs]:
        """Every one of these people's preferences (the defaults for those who set none)."""
        found = {u: PlayerPrefs(u) for u in user_ids}
        if not user_ids:
            return found
        marks = ", ".join("?" * len(user_ids))
        rows = await self._db.read(
            "SELECT user_id, notify, quiet_start, quiet_end, timezone, dm_refused FROM players"
            f" WHERE user_id IN ({marks})",
            tuple(user_ids),
        )
        for u, notify, start, end, zone, refused in rows:
            found[u] = PlayerPrefs(u, Notify(notify), start, end, zone, bool(refused))
        return found

    async def set(self, prefs: PlayerPrefs) -> None:
        """Keep one person's preferences, replacing those they had."""
        async with self._db.transaction():
            await self._db.q(
                "INSERT INTO players (user_id, notify, quiet_start, quiet_end, timezone, dm_refused)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
                " quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,"
                " timezone = excluded.timezone, dm_refused = excluded.dm_refused",
                (prefs.user_id, prefs.notify.value, prefs.quiet_start, prefs.quiet_end, prefs.timezone,
                 int(prefs.dm_refused)),
            )

    # -- times away ----------------------------------------------------------------------------

    async def vacations(self, user_id: int, since: float) -> list[tuple[float, float]]:
        """(starts, ends) of a player's time away ending after `since`, oldest first."""
        rows = await self._db.read(
            "SELECT starts, ends FROM vacations WHERE user_id = ? AND ends > ? ORDER BY starts", (user_id, since)
        )
        return [(a, b) for a, b in rows]

    async def away_until(self, user_ids: Sequence[int], now: float) -> dict[int, float]:
        """Which of these players are away now, and until when."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        rows = await self._db.read(
            f"SELECT user_id, MAX(ends) FROM vacations WHERE user_id IN ({marks}) AND starts <= ? AND ends > ?"
            " GROUP BY user_id",
            (*user_ids, now, now),
        )
        return {u: e for u, e in rows}

    async def start_vacation(self, user_id: int, starts: float, ends: float) -> None:
        async with self._db.transaction():
            await self._db.q("INSERT INTO vacations (user_id, starts, ends) VALUES (?, ?, ?)",
                             (user_id, starts, ends))

    async def end_vacation(self, user_id: int, now: float) -> bool:
        """Come back early: a time away going on now ends now; False if there was none."""
        async with self._db.transaction():
            rows = await self._db.q(
                "UPDATE vacations SET ends = ? WHERE user_id = ? AND starts <= ? AND ends > ? RETURNING user_id",
                (now, user_id, now, now),
            )
        return bool(rows)
