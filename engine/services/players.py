"""A person's preferences across every game and server: where they are told it is their turn, quiet hours, time zone."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.platform.notify import parse_quiet_hours, zone
from engine.platform.records import Notify, PlayerPrefs

if TYPE_CHECKING:
    from engine.services.service import TableService


class Players:
    """Mixed into TableService."""

    async def prefs_of(self: TableService, user_id: int) -> PlayerPrefs:
        return (await self._store.prefs.of([user_id]))[user_id]

    async def set_notify(self: TableService, user_id: int, where: Notify | None, quiet: str | None) -> PlayerPrefs:
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

    async def set_timezone(self: TableService, user_id: int, name: str) -> PlayerPrefs:
        zone(name)  # a friendly error for a name that is not an IANA zone
        prefs = replace(await self.prefs_of(user_id), timezone=name)
        await self._store.prefs.set(prefs)
        return prefs

    async def dm_refused(self: TableService, user_id: int) -> None:
        """Their DMs are closed to the bot: use the thread until they ask for DMs again."""
        await self._store.prefs.set(replace(await self.prefs_of(user_id), dm_refused=True))
