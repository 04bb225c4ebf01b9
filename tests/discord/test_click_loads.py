"""A click and a due item each load their table once: one read of its row and one of its seats."""

from __future__ import annotations

import pytest
from simtable import Lounge, choices_of, latest_prompt, public

from tests.reads import counted

HOUR = 3600.0


async def test_a_click_loads_its_table_once(lounge: Lounge, monkeypatch: pytest.MonkeyPatch) -> None:
    thread, _ = await lounge.started_game(players=2)
    prompt = latest_prompt(thread)
    assert prompt is not None
    actor = lounge.member(prompt.raw_mentions[0])
    with counted(lounge.store, monkeypatch) as reads:
        result = await lounge.click_choice(actor, prompt, choices_of(prompt)[0][1])
    assert result.acknowledged and latest_prompt(thread) is not prompt
    print(f"a click: {reads.rows} row reads, {reads.seatings} seat reads, {reads.total} reads in all")
    assert (reads.rows, reads.seatings) == (1, 1)


async def test_a_deadline_loads_its_table_once(lounge: Lounge, monkeypatch: pytest.MonkeyPatch) -> None:
    creator, other = lounge.members[:2]
    await creator.slash(lounge.channel, "game new", game="airships", turn_time="12h", reminders="off")
    thread = lounge.thread_of()
    await other.click(public(thread)[0], label="Join")
    await creator.click(public(thread)[0], label="Start")
    before = await lounge.service.reading.table(1)
    with counted(lounge.store, monkeypatch) as reads:
        await lounge.env.advance_time(12 * HOUR + 1)  # the deadline passes: the autopilot plays the turn
    assert (await lounge.service.reading.table(1)).version > before.version
    print(f"a deadline: {reads.rows} row reads, {reads.seatings} seat reads, {reads.total} reads in all")
    assert (reads.rows, reads.seatings) == (1, 1)
