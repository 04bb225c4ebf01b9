"""The turn clock through Discord on simcord's virtual clock: reminders, deadlines, the autopilot and /game return."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from simtable import Lounge, choices_of, ephemeral_text, latest_prompt, pings, public
from test_restart import _restart

from engine.store import Status

HOUR = 3600.0
TIMESTAMP = re.compile(r"<t:(\d+):f> \(<t:\1:R>\)")

pytestmark = pytest.mark.both_backends  # the turn clock's scheduler on SQLite, and PostgreSQL with TEST_DATABASE_URL


async def clocked_game(lounge: Lounge, *, turn_time: str = "none", reminders: str = "off", players: int = 2) -> None:
    creator, *others = lounge.members[:players]
    await creator.slash(lounge.channel, "game new", game="airships", turn_time=turn_time, reminders=reminders)
    thread = lounge.thread_of()
    for member in others:
        await member.click(public(thread)[0], label="Join")
    await creator.click(public(thread)[0], label="Start")


async def test_the_lobby_shows_the_clock_and_the_prompt_its_deadline_as_a_timestamp(lounge: Lounge) -> None:
    await clocked_game(lounge, turn_time="24h", reminders="6h")
    thread = lounge.thread_of()
    assert "Turn time: 24 hours, then the autopilot plays. Reminders every 6 hours." in public(thread)[0].embeds[0].description
    prompt = latest_prompt(thread)
    assert prompt is not None
    match = TIMESTAMP.search(prompt.content)
    assert match is not None  # a Discord timestamp: every reader sees their own local time
    assert int(match[1]) == int(lounge.env.now().timestamp() + 24 * HOUR)
    assert "hours" not in prompt.content.split("Deadline")[1].split(")")[0]  # no plain words that go stale


async def test_reminders_ping_whoever_the_turn_waits_on_at_the_chosen_interval(lounge: Lounge) -> None:
    await clocked_game(lounge, reminders="6h")
    thread = lounge.thread_of()
    waiting = (await lounge.service.reading.prompt(1)).user_ids  # type: ignore[union-attr]
    before = len(lounge.posted(thread))

    await lounge.env.advance_time(5 * HOUR)
    assert len(lounge.posted(thread)) == before  # not yet
    await lounge.env.advance_time(1 * HOUR + 1)
    [reminder] = lounge.posted(thread)[before:]
    assert pings(reminder) == list(waiting) and "has waited on you since <t:" in reminder["content"]
    assert "/channels/" in reminder["content"]  # a link to the turn's message
    await lounge.env.advance_time(6 * HOUR)
    assert len(lounge.posted(thread)) == before + 2  # again, every interval, while the turn waits

    prompt = latest_prompt(thread)
    assert prompt is not None
    await lounge.click_choice(lounge.member(prompt.raw_mentions[0]), prompt, choices_of(prompt)[0][1])
    mover_now = (await lounge.service.reading.prompt(1)).user_ids  # type: ignore[union-attr]
    count = len(lounge.posted(thread))
    await lounge.env.advance_time(6 * HOUR + 1)
    new = lounge.posted(thread)[count:]
    assert [pings(b) for b in new] == [list(mover_now)]  # only whoever must act now is reminded


@pytest.mark.bot_errors
async def test_a_failed_read_of_the_next_due_time_leaves_the_clock_running(
        lounge: Lounge, monkeypatch: pytest.MonkeyPatch) -> None:
    await clocked_game(lounge, reminders="6h")
    thread = lounge.thread_of()
    clock = lounge.service.clock
    next_due, failed = clock.next_due, []

    async def once_away() -> float | None:
        if not failed:
            failed.append(True)
            raise ConnectionError("the database is away")
        return await next_due()

    monkeypatch.setattr(clock, "next_due", once_away)
    prompt = latest_prompt(thread)
    assert prompt is not None
    await lounge.click_choice(lounge.member(prompt.raw_mentions[0]), prompt, choices_of(prompt)[0][1])  # wakes it
    before = len(lounge.posted(thread))
    await lounge.env.advance_time(6 * HOUR + 1)
    [reminder] = lounge.posted(thread)[before:]  # the reminder still came, at its time
    assert failed and pings(reminder) and "has waited on you since" in reminder["content"]


async def test_a_deadline_lets_the_autopilot_play_the_turn_and_the_posts_say_so(lounge: Lounge) -> None:
    await clocked_game(lounge, turn_time="12h")
    thread = lounge.thread_of()
    late = (await lounge.service.reading.prompt(1)).movers[0]  # type: ignore[union-attr]
    turn_message = latest_prompt(thread)
    assert turn_message is not None

    await lounge.env.advance_time(12 * HOUR + 1)

    record = next(m for m in public(thread) if m.id == turn_message.id)
    assert f"Autopilot for {late.name}: " in record.content and "your turn" not in record.content
    nxt = await lounge.service.reading.prompt(1)
    assert nxt is not None and nxt.movers[0].seat != late.seat
    assert pings(lounge.posted(thread)[-1]) == [nxt.movers[0].user_id]  # the next turn, as after any move
    log = await lounge.service.reading.log(1)
    assert any(re.match(rf"\d+\. Autopilot for {late.name}: ", line) for line in log.lines)  # the log says so too
    assert (await lounge.service.reading.table(1)).player(late.user_id).missed == 1  # type: ignore[union-attr]


async def test_three_missed_deadlines_keep_the_seat_on_autopilot_until_game_return(lounge: Lounge) -> None:
    await clocked_game(lounge, turn_time="12h")
    thread = lounge.thread_of()
    table = await lounge.service.reading.table(1)
    sleeper = table.at_seat(0)
    awake = lounge.member(table.at_seat(1).user_id)
    for _ in range(60):  # the sleeper never moves; the other player always does, at once
        table = await lounge.service.reading.table(1)
        if table.player(sleeper.user_id).autopilot or table.status is not Status.ACTIVE:  # type: ignore[union-attr]
            break
        prompt = latest_prompt(thread)
        assert prompt is not None
        if prompt.raw_mentions == [awake.id]:
            offered = await awake.autocomplete(thread, "move", "choice", "")
            await awake.slash(thread, "move", choice=offered[0]["value"])
        else:
            await lounge.env.advance_time(12 * HOUR + 1)
    table = await lounge.service.reading.table(1)
    assert table.player(sleeper.user_id).autopilot  # type: ignore[union-attr]
    assert any("missed 3 deadlines in a row" in m.content for m in public(thread))
    await lounge.member(awake.id).slash(thread, "game status")
    scores = next(f.value for f in public(thread)[-1].embeds[0].fields if f.name == "Scores so far")
    assert f"{sleeper.name} (autopilot): " in scores

    refused = await awake.slash(thread, "game return")
    assert ephemeral_text(refused) == "Your seat isn't on autopilot: it's yours already."
    await lounge.member(sleeper.user_id).slash(thread, "game return")
    table = await lounge.service.reading.table(1)
    assert not table.player(sleeper.user_id).autopilot and table.player(sleeper.user_id).missed == 0  # type: ignore[union-attr]
    assert "is back" in public(thread)[-1].content


async def test_a_restart_between_a_reminder_and_the_deadline_doubles_nothing_and_loses_nothing(
    lounge: Lounge, database_path: Path
) -> None:
    await clocked_game(lounge, turn_time="24h", reminders="12h")
    thread = lounge.thread_of()
    version = (await lounge.service.reading.table(1)).version
    await lounge.env.advance_time(12 * HOUR + 1)
    reminders = len(lounge.posted(thread))

    await _restart(lounge, database_path)
    await lounge.env.advance_time(1 * HOUR)
    assert len(lounge.posted(thread)) == reminders  # the reminder already sent is not sent again
    await lounge.env.advance_time(11 * HOUR)  # the deadline passes after the restart: played once
    table = await lounge.service.reading.table(1)
    assert table.version > version
    actions = await lounge.store.games.actions(1)
    assert sum(1 for a in actions if a.payload.get("by") == "autopilot") == table.version - version


async def test_a_vacation_holds_deadlines_and_reminders_and_shows_who_is_away(lounge: Lounge) -> None:
    await clocked_game(lounge, turn_time="12h", reminders="6h")
    thread = lounge.thread_of()
    mover = lounge.member((await lounge.service.reading.prompt(1)).user_ids[0])  # type: ignore[union-attr]
    result = await mover.slash(thread, "vacation", days=3)
    assert ephemeral_text(result).startswith("Enjoy the break: your games wait for you until <t:")
    await mover.slash(thread, "game status")
    scores = next(f.value for f in public(thread)[-1].embeds[0].fields if f.name == "Scores so far")
    assert f"{mover.name} (away until <t:" in scores
    posted = len(lounge.posted(thread))

    await lounge.env.advance_time(2 * 24 * HOUR)  # the deadline and the reminders fall during the time away
    assert (await lounge.service.reading.table(1)).version == 0 and len(lounge.posted(thread)) == posted

    await lounge.env.advance_time(1 * 24 * HOUR + 6 * HOUR + 60)  # back, and the reminder interval passes
    assert len(lounge.posted(thread)) == posted + 1 and pings(lounge.posted(thread)[-1]) == [mover.id]
    await lounge.env.advance_time(6 * HOUR)  # the whole turn time after the return: the autopilot plays
    assert (await lounge.service.reading.table(1)).version > 0


async def test_vacations_are_limited_to_14_days_in_any_30_and_can_end_early(lounge: Lounge) -> None:
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "vacation", days=10)
    again = await ann.slash(lounge.channel, "vacation", days=2)
    assert ephemeral_text(again) == "You're away already: /vacation end comes back first."
    for _ in range(3):  # nine days, in steps the simulated clock settles within
        await lounge.env.advance_time(3 * 24 * HOUR)
    back = await ann.slash(lounge.channel, "vacation", end=True)  # a day early: 9 days were taken
    assert ephemeral_text(back).startswith("Welcome back")
    too_long = await ann.slash(lounge.channel, "vacation", days=6)
    assert ephemeral_text(too_long) == "That's more than 14 days away in 30: 5 days are left."
    assert ephemeral_text(await ann.slash(lounge.channel, "vacation", days=5)).startswith("Enjoy the break")
    assert ephemeral_text(await ann.slash(lounge.channel, "vacation")).startswith("You're away until <t:")


@pytest.mark.slow
async def test_a_whole_game_where_one_of_three_stops_answering_reaches_its_end(lounge: Lounge) -> None:
    await clocked_game(lounge, turn_time="12h", reminders="6h", players=3)
    thread = lounge.thread_of()
    table = await lounge.service.reading.table(1)
    sleeper = table.at_seat(1)
    reminded = deadlines = 0
    for _ in range(400):
        prompt = await lounge.service.reading.prompt(1)
        if prompt is None:
            break
        mover = prompt.user_ids[0]
        if mover != sleeper.user_id:
            actor = lounge.member(mover)
            offered = await actor.autocomplete(thread, "move", "choice", "")
            await actor.slash(thread, "move", choice=offered[0]["value"])
            continue
        before = lounge.posted(thread)
        await lounge.env.advance_time(12 * HOUR + 1)  # a reminder at 6 hours, then the deadline at 12
        after = lounge.posted(thread)[len(before):]
        reminded += sum(1 for b in after if "has waited on you" in (b.get("content") or "") and pings(b) == [mover])
        deadlines += 1
    table = await lounge.service.reading.table(1)
    assert table.status is Status.FINISHED  # the game reached its end
    assert deadlines == 3 and reminded == 3  # three turns waited, each reminded once, then the autopilot played
    assert table.player(sleeper.user_id).autopilot  # type: ignore[union-attr]  # after the third, it kept the seat
    assert any("missed 3 deadlines in a row" in m.content for m in public(thread))
    late = await lounge.member(sleeper.user_id).slash(thread, "game return")
    assert ephemeral_text(late) == "This game isn't being played any more."

    # Meanwhile their seat in another game went to the autopilot too: there, /game return gives it back.
    back = lounge.member(sleeper.user_id)
    await back.slash(lounge.channel, "game new", game="airships")
    other = lounge.thread_of()
    await lounge.members[4].click(public(other)[0], label="Join")
    await back.click(public(other)[0], label="Start")
    await lounge.service.seating.leave_started(2, back.id)
    await back.slash(other, "game return")
    assert not (await lounge.service.reading.table(2)).player(back.id).autopilot  # type: ignore[union-attr]
    assert "is back" in public(other)[-1].content


@pytest.mark.parametrize("game", ["air-alliance", "1930"])
async def test_at_the_deadline_the_autopilot_plays_the_whole_turn_and_pings_only_the_next_player(
    lounge: Lounge, game: str
) -> None:
    """A turn of many decisions (markers and flights, or an airline, its action and its cities) is played to its end."""
    ann, bob = lounge.members[:2]
    await ann.slash(lounge.channel, "game new", game=game, turn_time="12h", reminders="off")
    thread = lounge.thread_of()
    await bob.click(public(thread)[0], label="Join")
    await ann.click(public(thread)[0], label="Start")
    late = (await lounge.service.reading.prompt(1)).movers[0]  # type: ignore[union-attr]
    before = len(lounge.posted(thread))

    await lounge.env.advance_time(12 * HOUR + 1)

    nxt = await lounge.service.reading.prompt(1)
    assert nxt is not None and nxt.movers[0].seat != late.seat  # every decision of the late turn was played
    new = lounge.posted(thread)[before:]
    assert [pings(b) for b in new] == [[nxt.movers[0].user_id]]  # one message for the next turn, one ping
    log = await lounge.service.reading.log(1, per_page=500)
    assert any(f"Autopilot for {late.name}: " in line for line in log.lines)
