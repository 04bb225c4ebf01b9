"""Following a game: /game list, /game status, /board, /log, /hand, /rules and who may /game abandon."""

from __future__ import annotations

import random

import discord
import pytest

from typing import Any

from simcord import InteractionResult
from simtable import Lounge, custom_ids, ephemeral_text, latest_prompt, pings, public

from cogs.info import messages
from engine.store import Status


def _list_lines(result: InteractionResult) -> list[str]:
    assert result.ephemeral
    [embed] = result.followups[0].embeds if result.followups else result.response.embeds  # type: ignore[union-attr]
    return embed.description.splitlines()


async def test_game_list_shows_slug_players_state_and_thread_privately(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await lounge.members[2].slash(lounge.channel, "game new", game="airships")

    lines = _list_lines(await lounge.members[4].slash(lounge.channel, "game list"))

    assert lines[0] == f"**Airships #2** (`airships`) · lobby · cy · <#{lounge.thread_of().id}>"
    assert lines[1] == f"**Airships #{game_id}** (`airships`) · active · " + ", ".join(
        p.name for p in (await lounge.service.reading.table(game_id)).players
    ) + f" · <#{thread.id}>"
    assert len(lines) == 2


async def test_game_list_puts_live_games_first_and_stops_at_the_most_recent(lounge: Lounge) -> None:
    ann = lounge.members[0]
    here = {"guild_id": lounge.guild.id, "channel_id": lounge.channel.id, "creator_id": ann.id, "creator_name": "ann"}
    old = await lounge.service.lobby.open_table("airships", **here)
    abandoned_ids = []
    for _ in range(messages.LIST_LIMIT + 1):
        table = await lounge.service.lobby.open_table("airships", **here)
        await lounge.service.lobby.abandon(table.id, ann.id, can_manage=False)
        abandoned_ids.append(table.id)
    reads = 0
    seats = lounge.store.seats.of

    async def counted_seats(game_id: int) -> list[Any]:
        nonlocal reads
        reads += 1
        return await seats(game_id)

    lounge.store.seats.of = counted_seats  # type: ignore[method-assign]
    lines = _list_lines(await lounge.members[4].slash(lounge.channel, "game list"))

    assert lines[0].startswith(f"**Airships #{old.id}** (`airships`) · lobby · ann")  # the oldest, but live
    shown = [int(line.split()[1].strip("*#")) for line in lines[1:-1]]
    assert shown == sorted(abandoned_ids, reverse=True)[: messages.LIST_LIMIT - 1]
    assert lines[-1] == "Older games aren't listed: give a command their game_id to reach them."
    assert reads == messages.LIST_LIMIT + 1  # never one read per game ever played


async def test_game_list_on_an_empty_server(lounge: Lounge) -> None:
    result = await lounge.members[0].slash(lounge.channel, "game list")
    assert ephemeral_text(result) == "No games on this server yet. Start one with /game new."


async def test_status_names_whose_turn_it_is_and_the_scores(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=3)
    result = await lounge.members[4].slash(thread, "game status")  # anyone may look

    assert result.response is None
    [embed] = public(thread)[-1].embeds
    prompt = await lounge.service.reading.prompt(game_id)
    assert prompt is not None
    assert embed.title == f"Airships #{game_id}: being played"
    assert embed.description.startswith(f"Turn: **{prompt.movers[0].name}**")
    scores = next(f.value for f in embed.fields if f.name == "Scores so far").splitlines()
    table = await lounge.service.reading.table(game_id)
    assert scores == [f"{p.name}: 0 VP" for p in table.players]
    assert "Where" not in [f.name for f in embed.fields]  # asked in the game's own thread: it is here

    asked = await lounge.members[4].slash(lounge.channel, "game status", game_id=game_id)
    [elsewhere] = next(m for m in [asked.response, *asked.followups] if m is not None and m.ephemeral).message.embeds
    assert next(f.value for f in elsewhere.fields if f.name == "Where") == f"<#{thread.id}>"


@pytest.mark.slow
async def test_status_of_a_lobby_and_of_a_finished_game(lounge: Lounge) -> None:
    thread = await lounge.open_game(lounge.members[0])
    await lounge.members[1].slash(thread, "game status")
    assert public(thread)[-1].embeds[0].title == "Airships #1: waiting in the lobby"

    thread, game_id = await lounge.started_game(players=2)
    await lounge.play_by_components(thread, random.Random(2))
    await lounge.members[0].slash(thread, "game status")
    assert public(thread)[-1].embeds[0].title == f"Final scores: Airships #{game_id}"


async def test_a_spectators_board_pings_nobody_and_points_at_the_turn_message(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    opening = latest_prompt(thread)
    assert opening is not None
    await lounge.members[4].slash(thread, "board")  # anyone may ask, e.g. when the prompt scrolled away

    message = public(thread)[-1]
    prompt = await lounge.service.reading.prompt(game_id)
    assert prompt is not None
    assert message.content.startswith(f"Airships #{game_id}: the board after 0 moves.\n")
    assert f"Waiting for {prompt.movers[0].name} to choose a card to throw for." in message.content
    assert f"/channels/{lounge.guild.id}/{thread.id}/{opening.id}" in message.content
    assert pings(lounge.posted(thread)[-1]) == [] and custom_ids(message) == []
    assert [a.filename for a in message.attachments] == ["board.png"]


async def test_board_status_and_log_elsewhere_answer_privately(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    before = len(public(thread)), len(public(lounge.channel))
    for command in ("board", "game status", "log"):
        result = await lounge.members[4].slash(lounge.channel, command, game_id=game_id)
        shown = result.followups[0] if result.followups else result.response
        assert shown is not None and shown.ephemeral, command
    assert (len(public(thread)), len(public(lounge.channel))) == before
    await lounge.members[4].slash(thread, "game status")
    assert pings(lounge.posted(thread)[-1]) == []  # in the thread it is public, and still pings nobody


@pytest.mark.slow
async def test_board_of_a_finished_game_has_no_prompt(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    moves = await lounge.play_by_components(thread, random.Random(6))
    await lounge.members[0].slash(thread, "board")
    message = public(thread)[-1]
    assert message.content == f"Airships #{game_id}: the board after {moves} moves."
    assert [a.filename for a in message.attachments] == ["board.png"]
    assert custom_ids(message) == [] and message.raw_mentions == []


async def test_board_before_the_start_is_refused(lounge: Lounge) -> None:
    thread = await lounge.open_game(lounge.members[0])
    result = await lounge.members[0].slash(thread, "board")
    assert ephemeral_text(result) == "This game hasn't started yet, so there's no board to show."


async def test_a_game_abandoned_before_it_started_shows_its_lobby_and_has_no_board_or_log(lounge: Lounge) -> None:
    ann, bob = lounge.members[:2]
    thread = await lounge.open_game(ann)
    await bob.slash(thread, "game join")
    await ann.slash(thread, "game abandon")
    messages_before = len(public(thread))

    await bob.slash(thread, "game status")
    [embed] = public(thread)[-1].embeds
    assert embed.title == "Airships #1: abandoned"
    assert "Players (2/4)" in embed.description and bob.mention in embed.description
    assert embed.footer.text == "This game was abandoned before it started."
    for command in ("board", "log"):
        result = await bob.slash(thread, command)
        assert ephemeral_text(result) == "This game was abandoned before it started."
    assert len(public(thread)) == messages_before + 1  # only the status was posted


@pytest.mark.slow
async def test_log_pages_through_the_history(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await lounge.play_by_components(thread, random.Random(4))
    history = await lounge.service.reading.log(game_id, 1)
    assert history.pages >= 2

    result = await lounge.members[4].slash(lounge.channel, "log", game_id=game_id)
    shown = result.followups[0] if result.followups else result.response
    assert shown is not None and shown.ephemeral
    embed = shown.embeds[0]
    assert embed.footer.text == f"Page {history.pages} of {history.pages}"  # the latest page first
    assert custom_ids(shown.message) == [f"log:{game_id}:p{history.pages - 1}"]

    await lounge.members[4].click(shown, label="◀ Older")
    embed = result.followups[0].embeds[0] if result.followups else result.response.embeds[0]  # type: ignore[union-attr]
    assert embed.footer.text == f"Page {history.pages - 1} of {history.pages}"

    first = await lounge.members[4].slash(lounge.channel, "log", page=1, game_id=game_id)
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
    assert ephemeral_text(outsider).startswith("/hand shows a player their own company, and you're watching")


async def test_rules_by_topic_stand_on_their_own(lounge: Lounge) -> None:
    result = await lounge.members[0].slash(lounge.channel, "rules")
    assert result.ephemeral
    embed = result.response.embeds[0]  # type: ignore[union-attr]
    assert embed.title == "Airships (2–4 players): Airships in a nutshell"
    assert "victory points" in embed.description
    offered = await lounge.members[0].autocomplete(lounge.channel, "rules", "topic", "")
    keys = [c["value"] for c in offered]
    for key in ("setup", "go", "dice", "bonuses", "exchanges", "additional-goes", "hindenburg", "end", "rulings"):
        assert key in keys
    for key in keys:
        shown = (await lounge.members[0].slash(lounge.channel, "rules", topic=key)).response
        assert shown is not None and shown.ephemeral
        [embed] = shown.embeds
        assert len(embed.title) <= 256 and len(embed.description) <= 4096 and len(embed) <= 6000
        assert ".md" not in embed.description and "shared/" not in embed.description  # no file a player lacks
    hindenburg = await lounge.members[0].autocomplete(lounge.channel, "rules", "topic", "hinden")
    assert [c["value"] for c in hindenburg] == ["hindenburg"]
    unknown = await lounge.members[0].slash(lounge.channel, "rules", topic="chess")
    assert ephemeral_text(unknown).startswith("There is no rules topic 'chess' for Airships. Topics: Airships in a")


async def test_rules_topics_have_one_name_in_the_footer_in_autocomplete_and_when_typed(lounge: Lounge) -> None:
    offered = await lounge.members[0].autocomplete(lounge.channel, "rules", "topic", "")
    titles = [c["name"] for c in offered]
    first = (await lounge.members[0].slash(lounge.channel, "rules")).response
    assert first is not None
    footer = first.embeds[0].footer.text
    assert footer == "More with /rules topic: " + " · ".join(titles[1:])  # the names autocomplete shows
    typed = (await lounge.members[0].slash(lounge.channel, "rules", topic="your go (a TURN)")).response
    assert typed is not None and typed.embeds[0].title == "Airships (2–4 players): Your go (a turn)"


@pytest.mark.parametrize("game", ["airships", "air-alliance", "1930"])
async def test_every_game_has_a_rules_topic_on_playing_here(lounge: Lounge, game: str) -> None:
    offered = await lounge.members[0].autocomplete(lounge.channel, "rules", "topic", "here", game=game)
    assert [c["name"] for c in offered] == ["Playing here"]
    answer = (await lounge.members[0].slash(lounge.channel, "rules", game=game, topic="here")).response
    assert answer is not None and answer.embeds[0].title.endswith(": Playing here")
    text = answer.embeds[0].description or ""
    assert all(f"`/{command}`" in text for command in ("move", "hand", "undo", "hint", "board", "log", "notify"))


async def test_abandon_by_a_stranger_is_refused(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    result = await lounge.members[1].slash(thread, "game abandon")  # a player, but not the creator
    assert ephemeral_text(result) == "Only the game's creator or someone with Manage Server can abandon it."
    assert (await lounge.service.reading.table(game_id)).status is Status.ACTIVE


async def test_abandon_by_a_server_manager(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    managers = lounge.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    manager = lounge.guild.add_member(lounge.env.create_user("manager"), roles=[managers])

    await manager.slash(thread, "game abandon")

    assert (await lounge.service.reading.table(game_id)).status is Status.ABANDONED
    assert public(thread)[-1].content.startswith(f"Airships #{game_id} was abandoned by {manager.mention}.")
    again = await lounge.members[0].slash(thread, "game abandon")
    assert ephemeral_text(again) == "This game was abandoned."


async def test_abandon_by_the_creator_keeps_the_log_readable(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    turn_message = latest_prompt(thread)
    assert turn_message is not None
    await lounge.members[0].slash(thread, "game abandon")
    assert (await lounge.service.reading.table(game_id)).status is Status.ABANDONED
    closed = next(m for m in public(thread) if m.id == turn_message.id)
    assert custom_ids(closed) == [] and closed.content == turn_message.content  # words kept, buttons gone
    result = await lounge.members[1].slash(lounge.channel, "log", game_id=game_id)
    shown = result.followups[0] if result.followups else result.response
    assert shown is not None and shown.embeds[0].title == f"Airships #{game_id}: move log"
