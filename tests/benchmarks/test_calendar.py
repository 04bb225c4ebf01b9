"""The calendar's community: when its members look, and what one game through the services counts."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from benchmarks.calendar import MODEL, START, Community, play_one


def test_each_member_looks_the_stated_times_a_day_while_awake_in_their_own_zone() -> None:
    for zone in MODEL.zones:
        looks = MODEL.looks(zone, random.Random(zone), days=3)
        assert len(looks) == 3 * MODEL.looks_per_day
        for when in looks:
            local_hour = ((when - START) / 3600 + zone) % 24
            assert MODEL.wakes_at <= local_hour < MODEL.wakes_at + MODEL.waking_hours  # 07:00 to 23:00


def test_a_game_through_the_services_ends_and_counts_its_waits_and_pings(tmp_path: Path) -> None:
    played = asyncio.run(play_one("airships", 2, 3, tmp_path, Community(looks_per_day=6)))
    assert played.finished and 0 < played.days < 60
    assert played.handoffs > 10  # the turn passes back and forth
    # Every turn that begins pings its player, and the end pings everyone once: no fewer pings than that.
    assert sum(played.pings) >= played.handoffs + 2
