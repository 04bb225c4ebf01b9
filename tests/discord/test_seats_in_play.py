"""Seats during play through Discord: leaving to the autopilot (after a confirmation) and handing a seat over."""

from __future__ import annotations

from simtable import Lounge, choices_of, ephemeral_text, latest_prompt, pings, public


async def test_leaving_a_game_being_played_asks_first_then_the_autopilot_plays_the_seat(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    table = await lounge.service.reading.table(game_id)
    leaver = lounge.member(table.at_seat(0).user_id)  # the first to move: the autopilot must play at once
    stayer = lounge.member(table.at_seat(1).user_id)

    asked = await leaver.slash(thread, "game leave")
    shown = asked.followups[0] if asked.followups else asked.response
    assert shown is not None and shown.ephemeral and "the autopilot plays it" in shown.content
    assert (await lounge.service.reading.table(game_id)).version == 0  # nothing yet: the button confirms
    await leaver.click(shown.message, label="Leave: the autopilot plays my seat")

    table = await lounge.service.reading.table(game_id)
    assert table.player(leaver.id).autopilot  # type: ignore[union-attr]
    assert table.version > 0 and (await lounge.service.reading.prompt(game_id)).user_ids == (stayer.id,)  # type: ignore[union-attr]
    assert any("leaves the game: the autopilot plays their seat" in m.content for m in public(thread))
    assert any("leaves the game" in line for line in (await lounge.service.reading.log(game_id)).lines)  # the log says so
    await lounge.env.advance_time(0)
    assert pings(lounge.posted(thread)[-1]) == [stayer.id]  # the next turn is the other player's


async def test_a_seat_is_handed_over_as_it_is_and_the_old_prompts_stop_working_for_the_old_player(
    lounge: Lounge,
) -> None:
    thread, game_id = await lounge.started_game(players=2)
    table = await lounge.service.reading.table(game_id)
    old = lounge.member(table.at_seat(0).user_id)
    newcomer = lounge.members[4]
    prompt = latest_prompt(thread)
    assert prompt is not None and prompt.raw_mentions == [old.id]

    refused = await lounge.members[3].slash(thread, "game replace", player=old, **{"with": newcomer})
    assert "Only the game's creator" in ephemeral_text(refused)
    await old.slash(thread, "game replace", player=old, **{"with": newcomer})  # handing it over

    table = await lounge.service.reading.table(game_id)
    assert table.at_seat(0).user_id == newcomer.id and table.player(old.id) is None
    assert pings(lounge.posted(thread)[-1]) == [newcomer.id]  # the newcomer is told
    pick = choices_of(prompt)[0][1]
    stale = await lounge.click_choice(old, prompt, pick)
    assert ephemeral_text(stale) == "You're not playing in this game."
    await lounge.click_choice(newcomer, prompt, pick)  # the same choices now work for the newcomer
    assert (await lounge.service.reading.table(game_id)).version == 1
    assert any("takes over" in line for line in (await lounge.service.reading.log(game_id)).lines)


async def test_a_newcomer_may_take_a_seat_the_autopilot_plays(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    table = await lounge.service.reading.table(game_id)
    leaver = table.at_seat(1)
    await lounge.service.seating.leave_started(game_id, leaver.user_id)
    newcomer = lounge.members[4]
    await newcomer.slash(thread, "game replace", player=lounge.member(leaver.user_id), **{"with": newcomer})
    table = await lounge.service.reading.table(game_id)
    assert table.at_seat(1).user_id == newcomer.id and not table.at_seat(1).autopilot


async def test_game_mine_lists_every_live_game_on_every_server_waiting_on_you_first(lounge: Lounge) -> None:
    ann = lounge.members[0]
    thread, first = await lounge.started_game(players=2)  # ann opened it; someone moves first
    other = lounge.env.create_guild("Second server")
    games = other.create_text_channel("games")
    ann_there = other.add_member(ann.user)
    friend = other.add_member(lounge.env.create_user("zed"))
    await ann_there.slash(games, "game new", game="airships", turn_time="24h")
    lobby = public(games.threads[-1])[0]
    await friend.click(lobby, label="Join")
    await ann_there.click(lobby, label="Start")

    result = await ann.slash(lounge.channel, "game mine")
    shown = result.followups[0] if result.followups else result.response
    assert shown is not None and shown.ephemeral
    lines = shown.embeds[0].description.splitlines()
    assert len(lines) == 2 and any("Second server" in line for line in lines)
    waiting = [(await lounge.service.reading.prompt(g)).user_ids for g in (first, 2)]  # type: ignore[union-attr]
    on_ann = [line for line in lines if "**your turn**" in line]
    assert len(on_ann) == sum(1 for ids in waiting if ann.id in ids)
    assert lines[: len(on_ann)] == on_ann  # the games waiting on ann come first
    assert all("waiting since <t:" in line and "/channels/" in line for line in lines)
    second = next(line for line in lines if "Second server" in line)
    first_line = next(line for line in lines if "Second server" not in line)
    assert "deadline <t:" in second and "deadline" not in first_line  # only the game with a turn clock has one


async def test_game_mine_with_no_games_says_how_to_start_one(lounge: Lounge) -> None:
    result = await lounge.members[4].slash(lounge.channel, "game mine")
    assert ephemeral_text(result) == "You're not in any game right now. Open one with /game new."


async def test_the_creator_removes_a_player_and_the_autopilot_takes_the_seat(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)  # members[0] opened it
    ann, bob = lounge.members[:2]
    refused = await bob.slash(thread, "game kick", player=ann)
    assert ephemeral_text(refused).startswith("Only the game's creator or someone with Manage Server")
    await ann.slash(thread, "game kick", player=bob)
    table = await lounge.service.reading.table(game_id)
    assert table.player(bob.id).autopilot  # type: ignore[union-attr]
    assert (await lounge.service.reading.prompt(game_id)).user_ids == (ann.id,)  # type: ignore[union-attr]
    assert any("is removed" in line for line in (await lounge.service.reading.log(game_id)).lines)


async def test_the_other_players_vote_a_seat_to_the_autopilot(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=3)
    ann, bob, cy = lounge.members[:3]
    await bob.slash(thread, "game kick", player=cy, vote=True)  # bob approves by asking
    [vote] = [m for m in public(thread) if "should the autopilot take over" in m.content]
    assert "So far 1 approve and 0 refuse, of 2." in vote.content
    asked = next(b for b in lounge.posted(thread) if "should the autopilot" in (b.get("content") or ""))
    assert sorted(pings(asked)) == sorted([ann.id, bob.id])  # the voters are asked; the player voted on is not
    not_voter = await cy.click(vote, label="Approve")
    assert ephemeral_text(not_voter) == "Only the other players of this game vote on a seat."

    await ann.click(vote, label="Approve")

    assert (await lounge.service.reading.table(game_id)).player(cy.id).autopilot  # type: ignore[union-attr]
    closed = next(m for m in public(thread) if m.id == vote.id)
    assert "The vote passed" in closed.content and not closed.components


async def test_a_vote_without_a_majority_within_a_day_changes_nothing(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=4)
    ann, bob, cy, dee = lounge.members[:4]
    await bob.slash(thread, "game kick", player=dee, vote=True)
    await lounge.env.advance_time(24 * 3600 + 1)
    assert not (await lounge.service.reading.table(game_id)).player(dee.id).autopilot  # type: ignore[union-attr]
    assert any("ran out without a majority" in m.content for m in public(thread))
    await cy.slash(thread, "game kick", player=dee, vote=True)  # a new vote may be called once it has ended
    assert any("So far 1 approve" in m.content for m in public(thread)[-2:])
