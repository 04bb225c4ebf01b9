"""Who is told it is their turn, where and when: a person's preferences and quiet hours, in their time zone."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from engine.core import GameError
from engine.platform.records import Notify, PlayerPrefs

QUIET = re.compile(r"(\d{1,2})(?::(\d{2}))?-(\d{1,2})(?::(\d{2}))?")


@dataclass(frozen=True)
class Alerts:
    """How the players of a turn that begins now are told: pinged in the thread, sent a DM, or held (quiet hours)."""

    thread: tuple[int, ...] = ()
    dm: tuple[int, ...] = ()
    held: tuple[int, ...] = ()


def parse_quiet_hours(text: str) -> tuple[int, int] | None:
    """'22-07' or '22:30-7:15' as minutes after midnight; 'off' (or '') for none."""
    text = text.strip().lower()
    if text in ("", "off", "none"):
        return None
    match = QUIET.fullmatch(text.replace(" ", ""))
    if match is None:
        raise GameError("Quiet hours look like 22-07 (from 22:00 to 07:00), or off.")
    start_h, start_m, end_h, end_m = (int(g) if g else 0 for g in match.groups())
    if start_h > 23 or end_h > 23 or start_m > 59 or end_m > 59 or (start_h, start_m) == (end_h, end_m):
        raise GameError("Quiet hours look like 22-07 (from 22:00 to 07:00), or off.")
    return start_h * 60 + start_m, end_h * 60 + end_m


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise GameError(f"I don't know the time zone {name!r}: pick one of the names offered, like Europe/Berlin.") from None


def zone_names(typed: str, limit: int = 25) -> list[str]:
    """IANA zone names containing what was typed, for autocomplete."""
    needle = typed.strip().lower().replace(" ", "_")
    return sorted(n for n in available_timezones() if needle in n.lower())[:limit]


def quiet_until(prefs: PlayerPrefs, now: float) -> float | None:
    """If it is within this person's quiet hours now, when they end (seconds since the epoch); else None."""
    if prefs.quiet_start is None or prefs.quiet_end is None:
        return None
    local = datetime.fromtimestamp(now, zone(prefs.timezone))
    minute = local.hour * 60 + local.minute
    start, end = prefs.quiet_start, prefs.quiet_end
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    ends = local.replace(hour=end // 60, minute=end % 60, second=0, microsecond=0)
    if ends <= local:
        ends += timedelta(days=1)
    return ends.timestamp()


def alerts_for(prefs: list[PlayerPrefs], now: float) -> Alerts:
    """Where each player of a new turn is told now, and who waits for the end of their quiet hours."""
    thread, dm, held = [], [], []
    for p in prefs:
        if p.notify is Notify.OFF:
            continue
        if quiet_until(p, now) is not None:
            held.append(p.user_id)
            continue
        wants_dm = p.notify in (Notify.DM, Notify.BOTH) and not p.dm_refused
        if wants_dm:
            dm.append(p.user_id)
        if p.notify in (Notify.THREAD, Notify.BOTH) or not wants_dm:
            thread.append(p.user_id)
    return Alerts(tuple(thread), tuple(dm), tuple(held))
