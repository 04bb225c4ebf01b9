"""A person's preferences across every game and server: where a turn is told, quiet hours, time zone, time away."""

from __future__ import annotations

from dataclasses import replace

from engine.core import GameError
from engine.platform.notify import parse_quiet_hours, zone
from engine.platform.records import Notify, PlayerPrefs
from engine.services.core import TableCore

DAY = 86400.0
VACATION_DAYS, VACATION_WINDOW = 14, 30  # at most 14 days away in any 30


class Players:
    """What a person chose for themselves, wherever they play."""

    def __init__(self, core: TableCore) -> None:
        self._core = core
        self._store = core.store

    async def prefs_of(self, user_id: int) -> PlayerPrefs:
        return (await self._store.prefs.of([user_id]))[user_id]

    async def set_notify(self, user_id: int, where: Notify | None, quiet: str | None) -> PlayerPrefs:
        """Change where the turn is announced and the quiet hours ('22-07', or 'off'); None leaves one as it is."""
        prefs = await self.prefs_of(user_id)
        if where is not None:
            # Asking for DMs again is the way to say they are open again.
            prefs = replace(prefs, notify=where, dm_refused=prefs.dm_refused and where not in (Notify.DM, Notify.BOTH))
        if quiet is not None:
            hours = parse_quiet_hours(quiet)
            prefs = replace(prefs, quiet_start=hours[0] if hours else None, quiet_end=hours[1] if hours else None)
        await self._store.prefs.set(prefs)
        return prefs

    async def set_timezone(self, user_id: int, name: str) -> PlayerPrefs:
        zone(name)  # a friendly error for a name that is not an IANA zone
        prefs = replace(await self.prefs_of(user_id), timezone=name)
        await self._store.prefs.set(prefs)
        return prefs

    async def dm_refused(self, user_id: int) -> None:
        """Their DMs are closed to the bot: use the thread until they ask for DMs again."""
        await self._store.prefs.set(replace(await self.prefs_of(user_id), dm_refused=True))

    async def go_away(self, user_id: int, days: int) -> float:
        """Time away from every game: deadlines and reminders wait; at most 14 days in any 30. Returns the end."""
        now = self._core.clock()
        if not 1 <= days <= VACATION_DAYS:
            raise GameError(f"A vacation lasts 1 to {VACATION_DAYS} days.")
        if await self._store.prefs.away_until([user_id], now):
            raise GameError("You're away already: /vacation end comes back first.")
        ends = now + days * DAY
        taken = sum(min(b, ends) - max(a, ends - VACATION_WINDOW * DAY)
                    for a, b in await self._store.prefs.vacations(user_id, ends - VACATION_WINDOW * DAY))
        left = VACATION_DAYS * DAY - taken
        if days * DAY > left:
            raise GameError(f"That's more than {VACATION_DAYS} days away in {VACATION_WINDOW}: "
                            f"{int(left // DAY)} days are left.")
        # Nothing to move now: a deadline or reminder that comes while they are away waits for their return.
        await self._store.prefs.start_vacation(user_id, now, ends)
        return ends

    async def come_back(self, user_id: int) -> None:
        if not await self._store.prefs.end_vacation(user_id, self._core.clock()):
            raise GameError("You're not away.")

    async def away(self, user_ids: list[int]) -> dict[int, float]:
        """Who of these players is away now, and until when."""
        return await self._store.prefs.away_until(user_ids, self._core.clock())
