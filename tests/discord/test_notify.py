"""How players are told it's their turn: /notify (thread, DM, both, off), quiet hours in their time zone, closed DMs."""

from __future__ import annotations

from simtable import Lounge, choices_of, ephemeral_text, latest_prompt, pings, public

HOUR = 3600.0


async def two_player_game(lounge: Lounge) -> None:
    ann, bob = lounge.members[:2]
    await ann.slash(lounge.channel, "game new", game="airships", reminders="6h")
    thread = lounge.thread_of()
    await bob.click(public(thread)[0], label="Join")
    await ann.click(public(thread)[0], label="Start")


async def play_until_the_turn_passes(lounge: Lounge) -> int:
    """Decide for whoever must act until someone else's turn begins; returns who that is."""
    thread = lounge.thread_of()
    first = (await lounge.service.reading.prompt(1)).user_ids  # type: ignore[union-attr]
    while (prompt := await lounge.service.reading.prompt(1)) is not None and prompt.user_ids == first:
        message = latest_prompt(thread)
        assert message is not None
        labels = choices_of(message)
        pick = next((how for label, how in labels if label == "End your turn"), labels[0][1])
        await lounge.click_choice(lounge.member(first[0]), message, pick)
    assert prompt is not None
    return prompt.user_ids[0]


async def test_notify_and_timezone_say_what_was_set_and_refuse_nonsense(lounge: Lounge) -> None:
    ann = lounge.members[0]
    said = ephemeral_text(await ann.slash(lounge.channel, "notify", where="dm", quiet_hours="22-07"))
    assert said.startswith("When it's your turn you get a direct message. Quiet hours: 22:00 to 07:00 (UTC)")
    zones = await ann.autocomplete(lounge.channel, "timezone", "zone", "berl")
    assert [z["value"] for z in zones] == ["Europe/Berlin"]
    assert "Europe/Berlin" in ephemeral_text(await ann.slash(lounge.channel, "timezone", zone="Europe/Berlin"))
    assert ephemeral_text(await ann.slash(lounge.channel, "timezone", zone="Mars/Olympus")).startswith(
        "I don't know the time zone 'Mars/Olympus'")
    assert ephemeral_text(await ann.slash(lounge.channel, "notify", quiet_hours="late")).startswith("Quiet hours look like")


async def test_a_player_who_asked_for_dms_gets_a_dm_and_no_ping_in_the_thread(lounge: Lounge) -> None:
    await two_player_game(lounge)
    thread = lounge.thread_of()
    for member in lounge.members[:2]:
        await member.slash(lounge.channel, "notify", where="dm")
    nxt = await play_until_the_turn_passes(lounge)
    assert pings(lounge.posted(thread)[-1]) == []  # the new turn's message pings nobody in the thread
    dms = lounge.member(nxt).user.dm_channel.history()
    assert dms and "It's your turn in Airships #1" in dms[-1].content and "/channels/" in dms[-1].content


async def test_closed_dms_fall_back_to_a_ping_in_the_thread_and_are_remembered(lounge: Lounge) -> None:
    await two_player_game(lounge)
    thread = lounge.thread_of()
    for member in lounge.members[:2]:
        await member.slash(lounge.channel, "notify", where="dm")
    for member in lounge.members[:2]:
        channel = member.user.dm_channel
        lounge.env.inject_error("POST", f"/channels/{channel.id}/messages", status=403, code=50007,
                                message="Cannot send messages to this user")
    nxt = await play_until_the_turn_passes(lounge)
    assert pings(lounge.posted(thread)[-1]) == [nxt]  # told in the thread instead
    assert (await lounge.service.players.prefs_of(nxt)).dm_refused
    said = ephemeral_text(await lounge.member(nxt).slash(lounge.channel, "notify"))
    assert "Your direct messages were closed to me" in said


async def test_quiet_hours_in_another_time_zone_hold_the_ping_until_they_end(lounge: Lounge) -> None:
    await two_player_game(lounge)
    thread = lounge.thread_of()
    # The simulated clock starts at midnight UTC: 19:00 the evening before in New York.
    for member in lounge.members[:2]:
        await member.slash(lounge.channel, "timezone", zone="America/New_York")
        await member.slash(lounge.channel, "notify", quiet_hours="18-08")
    nxt = await play_until_the_turn_passes(lounge)
    assert pings(lounge.posted(thread)[-1]) == []  # quiet hours: the turn's message pings nobody yet
    posted = len(lounge.posted(thread))
    await lounge.env.advance_time(12 * HOUR)  # 07:00 in New York: still quiet; the 6-hour reminder waits too
    assert len(lounge.posted(thread)) == posted
    await lounge.env.advance_time(1 * HOUR + 60)  # 08:00 in New York
    new = lounge.posted(thread)[posted:]
    assert len(new) == 1 and pings(new[0]) == [nxt] and "it's your turn" in new[0]["content"]  # not a reminder too
    await lounge.env.advance_time(6 * HOUR)  # the reminders count from that first ping
    assert len(lounge.posted(thread)) == posted + 2 and "has waited on you" in lounge.posted(thread)[-1]["content"]
