"""Seats during play through Discord: leaving to the autopilot (after a confirmation) and handing a seat over."""

from __future__ import annotations

from simtable import Lounge, choices_of, ephemeral_text, latest_prompt, pings, public


async def test_leaving_a_game_being_played_asks_first_then_the_autopilot_plays_the_seat(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    table = await lounge.service.table(game_id)
    leaver = lounge.member(table.at_seat(0).user_id)  # the first to move: the autopilot must play at once
    stayer = lounge.member(table.at_seat(1).user_id)

    asked = await leaver.slash(thread, "game leave")
    shown = asked.followups[0] if asked.followups else asked.response
    assert shown is not None and shown.ephemeral and "the autopilot plays it" in shown.content
    assert (await lounge.service.table(game_id)).version == 0  # nothing yet: the button confirms
    await leaver.click(shown.message, label="Leave: the autopilot plays my seat")

    table = await lounge.service.table(game_id)
    assert table.player(leaver.id).autopilot  # type: ignore[union-attr]
    assert table.version > 0 and (await lounge.service.prompt(game_id)).user_ids == (stayer.id,)  # type: ignore[union-attr]
    assert any("leaves the game: the autopilot plays their seat" in m.content for m in public(thread))
    assert any("leaves the game" in line for line in (await lounge.service.log(game_id)).lines)  # the log says so
    await lounge.env.advance_time(0)
    assert pings(lounge.posted(thread)[-1]) == [stayer.id]  # the next turn is the other player's


async def test_a_seat_is_handed_over_as_it_is_and_the_old_prompts_stop_working_for_the_old_player(
    lounge: Lounge,
) -> None:
    thread, game_id = await lounge.started_game(players=2)
    table = await lounge.service.table(game_id)
    old = lounge.member(table.at_seat(0).user_id)
    newcomer = lounge.members[4]
    prompt = latest_prompt(thread)
    assert prompt is not None and prompt.raw_mentions == [old.id]

    refused = await lounge.members[3].slash(thread, "game replace", player=old, **{"with": newcomer})
    assert "Only the game's creator" in ephemeral_text(refused)
    await old.slash(thread, "game replace", player=old, **{"with": newcomer})  # handing it over

    table = await lounge.service.table(game_id)
    assert table.at_seat(0).user_id == newcomer.id and table.player(old.id) is None
    assert pings(lounge.posted(thread)[-1]) == [newcomer.id]  # the newcomer is told
    pick = choices_of(prompt)[0][1]
    stale = await lounge.click_choice(old, prompt, pick)
    assert ephemeral_text(stale) == "You're not playing in this game."
    await lounge.click_choice(newcomer, prompt, pick)  # the same choices now work for the newcomer
    assert (await lounge.service.table(game_id)).version == 1
    assert any("takes over" in line for line in (await lounge.service.log(game_id)).lines)


async def test_a_newcomer_may_take_a_seat_the_autopilot_plays(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    table = await lounge.service.table(game_id)
    leaver = table.at_seat(1)
    await lounge.service.leave_started(game_id, leaver.user_id)
    newcomer = lounge.members[4]
    await newcomer.slash(thread, "game replace", player=lounge.member(leaver.user_id), **{"with": newcomer})
    table = await lounge.service.table(game_id)
    assert table.at_seat(1).user_id == newcomer.id and not table.at_seat(1).autopilot
