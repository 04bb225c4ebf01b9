"""Following a game: /game list, /game status, /board, /log, /hand, /rules and who may /game abandon."""

from __future__ import annotations

import random

import discord

from simtable import Lounge, custom_ids, ephemeral_text, public

from engine.store import Status


async def test_game_list_shows_every_game_of_the_server_privately(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await lounge.members[2].slash(lounge.channel, "game new", game="airships")

    result = await lounge.members[4].slash(lounge.channel, "game list")

    assert result.ephemeral
    [embed] = result.followups[0].embeds if result.followups else result.response.embeds  # type: ignore[union-attr]
    lines = embed.description.splitlines()
    assert lines[0].startswith("**#2 Airships** · lobby · cy")
    assert lines[1] == f"**#{game_id} Airships** · active · " + ", ".join(
        p.name for p in (await lounge.service.table(game_id)).players
    ) + f" · <#{thread.id}>"


async def test_game_list_on_an_empty_server(lounge: Lounge) -> None:
    result = await lounge.members[0].slash(lounge.channel, "game list")
    assert ephemeral_text(result) == "No games on this server yet. Start one with /game new."


async def test_status_names_whose_turn_it_is_and_the_scores(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=3)
    result = await lounge.members[4].slash(thread, "game status")  # anyone may look

    assert result.response is None
    [embed] = public(thread)[-1].embeds
    prompt = await lounge.service.prompt(game_id)
    assert prompt is not None
    assert embed.title == f"Airships #{game_id}: being played"
    assert embed.description.startswith(f"Turn: **{prompt.movers[0].name}**")
    scores = next(f.value for f in embed.fields if f.name == "Scores so far").splitlines()
    table = await lounge.service.table(game_id)
    assert scores == [f"{p.name}: 0 VP" for p in table.players]


async def test_status_of_a_lobby_and_of_a_finished_game(lounge: Lounge) -> None:
    thread = await lounge.open_game(lounge.members[0])
    await lounge.members[1].slash(thread, "game status")
    assert public(thread)[-1].embeds[0].title == "Airships #1: waiting in the lobby"

    thread, game_id = await lounge.started_game(players=2)
    await lounge.play_by_components(thread, random.Random(2))
    await lounge.members[0].slash(thread, "game status")
    assert public(thread)[-1].embeds[0].title == f"Final scores: Airships #{game_id}"


async def test_board_reposts_the_current_image(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await lounge.members[0].slash(thread, "board")
    message = public(thread)[-1]
    assert message.content == f"Airships #{game_id}: the board after 0 moves."
    assert [a.filename for a in message.attachments] == ["board.png"]
    assert custom_ids(message) == []


async def test_board_before_the_start_is_refused(lounge: Lounge) -> None:
    thread = await lounge.open_game(lounge.members[0])
    result = await lounge.members[0].slash(thread, "board")
    assert ephemeral_text(result) == "This game hasn't started yet, so there's no board to show."


async def test_log_pages_through_the_history_privately(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await lounge.play_by_components(thread, random.Random(4))
    history = await lounge.service.log(game_id, 1)
    assert history.pages >= 2

    result = await lounge.members[4].slash(thread, "log")
    shown = result.followups[0] if result.followups else result.response
    assert shown is not None and shown.ephemeral
    embed = shown.embeds[0]
    assert embed.footer.text == f"Page {history.pages} of {history.pages}"  # the latest page first
    assert custom_ids(shown.message) == [f"log:{game_id}:p{history.pages - 1}"]

    await lounge.members[4].click(shown, label="◀ Older")
    embed = result.followups[0].embeds[0] if result.followups else result.response.embeds[0]  # type: ignore[union-attr]
    assert embed.footer.text == f"Page {history.pages - 1} of {history.pages}"

    first = await lounge.members[4].slash(thread, "log", page=1)
    text = (first.followups[0] if first.followups else first.response).embeds[0].description  # type: ignore[union-attr]
    assert text.splitlines()[0].startswith("Setup: ")
    assert text.splitlines()[1].startswith("1. ")

    beyond = await lounge.members[4].slash(thread, "log", page=history.pages + 1)
    assert ephemeral_text(beyond).startswith(f"The log has {history.pages} pages")


async def test_hand_is_private_and_shows_the_players_company(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    ann = lounge.members[0]
    messages = len(public(thread))

    result = await ann.slash(thread, "hand")

    shown = result.followups[0] if result.followups else result.response
    assert shown is not None and shown.ephemeral
    assert len(public(thread)) == messages
    embed = shown.embeds[0]
    assert embed.title == f"Airships #{game_id}: your company"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Company"].endswith("0 VP, 0 airships built")
    assert fields["Dice"].startswith("Real: ") and "\nImaginary: " in fields["Dice"]
    assert "You have the dice for" in fields

    outsider = await lounge.members[4].slash(thread, "hand")
    assert ephemeral_text(outsider) == "You're not playing in this game."


async def test_rules_summarise_and_say_where_the_full_rules_are(lounge: Lounge) -> None:
    result = await lounge.members[0].slash(lounge.channel, "rules")
    assert result.ephemeral
    embed = result.response.embeds[0]  # type: ignore[union-attr]
    assert embed.title == "Airships: the rules in short"
    assert "victory points" in embed.description
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Players"] == "2–4"
    assert "rulebook" in fields["Full rules"]


async def test_abandon_by_a_stranger_is_refused(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    result = await lounge.members[1].slash(thread, "game abandon")  # a player, but not the creator
    assert ephemeral_text(result) == "Only the game's creator or someone with Manage Server can abandon it."
    assert (await lounge.service.table(game_id)).status is Status.ACTIVE


async def test_abandon_by_a_server_manager(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    managers = lounge.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    manager = lounge.guild.add_member(lounge.env.create_user("manager"), roles=[managers])

    await manager.slash(thread, "game abandon")

    assert (await lounge.service.table(game_id)).status is Status.ABANDONED
    assert public(thread)[-1].content.startswith(f"Airships #{game_id} was abandoned by {manager.mention}.")
    again = await lounge.members[0].slash(thread, "game abandon")
    assert ephemeral_text(again) == "This game was abandoned."


async def test_abandon_by_the_creator_keeps_the_log_readable(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await lounge.members[0].slash(thread, "game abandon")
    assert (await lounge.service.table(game_id)).status is Status.ABANDONED
    result = await lounge.members[1].slash(thread, "log")
    shown = result.followups[0] if result.followups else result.response
    assert shown is not None and shown.embeds[0].title == f"Airships #{game_id}: move log"
