"""When Discord refuses the bot's posts: a move, a start or a new game still counts and the actor is told so."""

from __future__ import annotations

import logging

import discord
import pytest
from simcord import ChannelHandle

from simtable import Lounge, choices_of, custom_ids, ephemeral_text, latest_prompt, prompt_version, public

from engine.store import Status

MISSING_PERMISSIONS = {"status": 403, "code": 50013, "message": "Missing Permissions"}
UNKNOWN_CHANNEL = {"status": 404, "code": 10003, "message": "Unknown Channel"}


def refuse_next_post(lounge: Lounge, channel: ChannelHandle | None, error: dict[str, object]) -> None:
    where = f"/channels/{channel.id}/messages" if channel is not None else "/channels/*/messages"
    lounge.env.inject_error("POST", where, **error)  # type: ignore[arg-type]


def unposted(thread: ChannelHandle, counted: str, recover: str) -> str:
    return (
        f"{counted}, but I couldn't post in <#{thread.id}>: please check my permissions there "
        f"(Send Messages in Threads, Attach Files, Embed Links). {recover}"
    )


def warned(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING and r.name.startswith("cogs.")]


async def test_a_clicked_move_counts_when_its_post_is_refused(lounge: Lounge, caplog: pytest.LogCaptureFixture) -> None:
    thread, game_id = await lounge.started_game(players=2)
    # Play until a click ends the turn: that is when the next turn's message must be posted.
    for _ in range(40):
        prompt = latest_prompt(thread)
        assert prompt is not None
        ending = [how for label, how in choices_of(prompt) if label.startswith("End your turn")]
        if ending:
            break
        await lounge.click_choice(lounge.member(prompt.raw_mentions[0]), prompt, choices_of(prompt)[0][1])
    else:
        raise AssertionError("no turn ended by a click")
    version = (await lounge.service.reading.table(game_id)).version
    before = len(public(thread))
    refuse_next_post(lounge, thread, MISSING_PERMISSIONS)

    result = await lounge.click_choice(lounge.member(prompt.raw_mentions[0]), prompt, ending[0])

    assert ephemeral_text(result) == unposted(thread, "Your move counted", "/board shows the game again.")
    assert (await lounge.service.reading.table(game_id)).version == version + 1
    assert len(public(thread)) == before
    assert custom_ids(public(thread)[-1]) == []  # the answered turn's message lost its buttons all the same
    assert any(f"game {game_id}: could not show move" in line for line in warned(caplog))

    await lounge.members[0].slash(thread, "board")  # once Discord lets the bot post again, /board recovers
    assert prompt_version(public(thread)[-1]) == version + 1


async def test_a_move_by_command_into_a_deleted_thread_still_counts(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = await lounge.service.reading.prompt(game_id)
    assert prompt is not None
    mover = lounge.member(prompt.user_ids[0])
    lounge.env.inject_error("PATCH", f"/channels/{thread.id}/messages/*", **UNKNOWN_CHANNEL)  # type: ignore[arg-type]
    refuse_next_post(lounge, thread, UNKNOWN_CHANNEL)

    result = await mover.slash(thread, "move", choice=prompt.movers[0].choices[0].key)

    assert result.ephemeral
    assert ephemeral_text(result) == unposted(thread, "Your move counted", "/board shows the game again.")
    assert len(await lounge.store.games.actions(game_id)) == 1


async def test_a_start_counts_when_its_post_is_refused(lounge: Lounge) -> None:
    ann, bob = lounge.members[:2]
    thread = await lounge.open_game(ann)
    await bob.click(public(thread)[0], label="Join")
    refuse_next_post(lounge, thread, MISSING_PERMISSIONS)

    result = await ann.click(public(thread)[0], label="Start")

    assert ephemeral_text(result) == unposted(thread, "The game started", "/board shows the board and the first prompt.")
    assert (await lounge.service.reading.table(1)).status is Status.ACTIVE
    assert custom_ids(public(thread)[0]) == []  # the lobby is closed
    await ann.slash(thread, "board")
    assert prompt_version(public(thread)[-1]) == 0


async def test_a_new_game_is_kept_when_its_lobby_cannot_be_posted(lounge: Lounge) -> None:
    ann, bob = lounge.members[:2]
    refuse_next_post(lounge, None, MISSING_PERMISSIONS)

    result = await ann.slash(lounge.channel, "game new", game="airships")

    thread = lounge.thread_of()
    assert ephemeral_text(result) == unposted(thread, "Game #1 is open", "Players can still join with /game join.")
    assert public(thread) == []
    await bob.slash(thread, "game join")
    assert [p.user_id for p in (await lounge.service.reading.table(1)).players] == [ann.id, bob.id]


def _channel_denying(lounge: Lounge, **denied: bool) -> ChannelHandle:
    me = lounge.guild.me
    assert me is not None
    return lounge.guild.create_text_channel("locked-down", overwrites={me: discord.PermissionOverwrite(**denied)})


@pytest.mark.parametrize(
    ("denied", "missing"),
    [
        ({"embed_links": False, "attach_files": False}, "the Embed Links and Attach Files permissions"),
        ({"attach_files": False}, "the Attach Files permission"),
        (
            {"create_public_threads": False, "send_messages": False, "embed_links": False},
            "the Send Messages and Embed Links permissions",
        ),
    ],
)
async def test_new_game_is_refused_up_front_where_the_bot_could_not_post(
    lounge: Lounge, denied: dict[str, bool], missing: str
) -> None:
    channel = _channel_denying(lounge, **denied)

    result = await lounge.members[0].slash(channel, "game new", game="airships")

    assert result.ephemeral and ephemeral_text(result) == (
        f"I can't host a game here: I'm missing {missing} in this channel. "
        "A server manager can grant them; then try /game new again."
    )
    assert await lounge.service.reading.tables_in_guild(lounge.guild.id) == []
    assert channel.threads == [] and public(channel) == []


async def test_new_game_needs_no_send_messages_where_it_gets_a_thread(lounge: Lounge) -> None:
    channel = _channel_denying(lounge, send_messages=False)

    result = await lounge.members[0].slash(channel, "game new", game="airships")

    [thread] = channel.threads
    assert ephemeral_text(result) == f"Game #1 is open in <#{thread.id}>."
    assert public(thread)[0].embeds[0].title == "Airships #1: lobby"
