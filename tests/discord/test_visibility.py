"""A member sees only the games of channels (and private threads) they can view: any other is answered as missing."""

from __future__ import annotations

from dataclasses import dataclass

import discord
import pytest
from simcord import ChannelHandle, InteractionResult, MemberActor

from simtable import Lounge, click_removed, ephemeral_text, public

from cogs.play.looking import log_view
from engine.platform.ratings import Placed


@dataclass(frozen=True)
class Staff:
    """A staff-only channel holding a game being played (by ann and bob) and a lobby (bob's); cy is not staff."""

    lounge: Lounge
    channel: ChannelHandle
    played: int
    lobby: int

    @property
    def insider(self) -> MemberActor:
        return self.lounge.members[1]  # bob: staff, but seated in no game he is asked about below

    @property
    def outsider(self) -> MemberActor:
        return self.lounge.members[2]  # cy


def missing(game_id: int) -> str:
    return f"There is no game #{game_id}."


def answered(result: InteractionResult) -> str:
    """Every word of an answer: its text and its embeds' (descriptions and fields)."""
    messages = [m for m in [result.response, *result.followups] if m is not None]
    embeds = [e for m in messages for e in m.embeds]
    words = [e.description or "" for e in embeds] + [f"{f.name}\n{f.value}" for e in embeds for f in e.fields]
    return "\n".join([*(m.content for m in messages), *words])


async def opened(lounge: Lounge, member: MemberActor, channel: ChannelHandle) -> int:
    result = await member.slash(channel, "game new", game="airships")
    return int(ephemeral_text(result).split("#")[1].split()[0])


@pytest.fixture
async def staff(lounge: Lounge) -> Staff:
    ann, bob = lounge.members[:2]
    hidden = discord.PermissionOverwrite(view_channel=False)
    shown = discord.PermissionOverwrite(view_channel=True)
    guild = lounge.guild
    assert guild.me is not None
    channel = guild.create_text_channel("staff", overwrites={
        guild.default_role: hidden, ann: shown, bob: shown, guild.me: shown,
    })
    played = await opened(lounge, ann, channel)
    lobby = public(lounge.thread_of(channel))[0]
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    return Staff(lounge, channel, played, await opened(lounge, bob, channel))


async def test_autocomplete_offers_only_games_a_member_can_see(staff: Staff) -> None:
    mine = await opened(staff.lounge, staff.outsider, staff.lounge.channel)
    general = staff.lounge.channel

    for command in ("board", "game join", "game replay"):
        offered = {c["value"] for c in await staff.outsider.autocomplete(general, command, "game_id", "")}
        assert staff.played not in offered and staff.lobby not in offered, command
        seen = {c["value"] for c in await staff.insider.autocomplete(general, command, "game_id", "")}
        assert staff.played in seen, command
    offered = {c["value"] for c in await staff.outsider.autocomplete(general, "game join", "game_id", "")}
    assert offered == {mine}


@pytest.mark.parametrize("command", ["board", "log", "game status", "hand", "game watch", "game replay", "game join"])
async def test_a_game_out_of_sight_is_answered_as_missing(staff: Staff, command: str) -> None:
    general = staff.lounge.channel
    game_id = staff.lobby if command == "game join" else staff.played

    hidden = await staff.outsider.slash(general, command, game_id=game_id)
    nowhere = await staff.outsider.slash(general, command, game_id=999)

    assert ephemeral_text(hidden) == missing(game_id)
    assert ephemeral_text(nowhere) == missing(999)  # the very same answer as for a game that does not exist
    if command == "game join":
        assert (await staff.lounge.service.reading.table(game_id)).player(staff.outsider.id) is None
    seen = await staff.insider.slash(general, command, game_id=game_id)
    assert seen.acknowledged and "There is no game" not in answered(seen)


async def test_game_list_leaves_out_games_out_of_sight(staff: Staff) -> None:
    general = staff.lounge.channel
    mine = await opened(staff.lounge, staff.outsider, general)

    theirs = answered(await staff.outsider.slash(general, "game list"))
    staffs = answered(await staff.insider.slash(general, "game list"))

    assert f"#{mine}*" in theirs and f"#{staff.played}*" not in theirs and f"#{staff.lobby}*" not in theirs
    assert f"#{staff.played}*" in staffs and f"#{staff.lobby}*" in staffs


@pytest.mark.parametrize("verb", ["lobby", "log", "replay"])
async def test_a_forged_button_of_a_game_out_of_sight_is_answered_as_missing(staff: Staff, verb: str) -> None:
    outsider = staff.outsider
    custom_id = {
        "lobby": f"lobby:{staff.lobby}:join",
        "log": f"log:{staff.played}:p1",
        "replay": f"replay:{staff.played}:m0:{outsider.id}:first",
    }[verb]
    channel = staff.lounge.bot.get_channel(staff.lounge.channel.id)
    assert isinstance(channel, discord.TextChannel)
    carrier = await channel.send("Anything cy can see and click", view=log_view(staff.played, 2, 3))

    result = await click_removed(outsider, carrier, custom_id)

    assert ephemeral_text(result) == missing(staff.lobby if verb == "lobby" else staff.played)
    assert (await staff.lounge.service.reading.table(staff.lobby)).player(outsider.id) is None


async def test_a_game_in_a_private_thread_shows_only_to_its_members(lounge: Lounge) -> None:
    ann, bob, cy = lounge.members[:3]
    channel = lounge.bot.get_channel(lounge.channel.id)
    assert isinstance(channel, discord.TextChannel)
    private = await channel.create_thread(name="secret", type=discord.ChannelType.private_thread)
    for member in (ann, bob):
        await private.add_user(discord.Object(member.id))
    thread = next(t for t in lounge.channel.threads if t.id == private.id)
    await ann.slash(thread, "game new", game="airships")  # played in the thread itself
    [table] = await lounge.service.reading.tables_at(lounge.guild.id, thread.id)
    game_id = table.id

    outside = await cy.slash(lounge.channel, "game status", game_id=game_id)
    inside = await bob.slash(lounge.channel, "game status", game_id=game_id)
    offered = {c["value"] for c in await cy.autocomplete(lounge.channel, "game join", "game_id", "")}

    assert ephemeral_text(outside) == missing(game_id)
    assert inside.acknowledged and "There is no game" not in answered(inside)
    assert game_id not in offered


async def test_rating_names_only_games_a_member_can_see(staff: Staff) -> None:
    lounge, ann = staff.lounge, staff.lounge.members[0]
    row = await lounge.store.games.create("airships", lounge.guild.id, staff.channel.id, ann.id, 1, {})
    await lounge.store.ratings.record(row.id, lounge.guild.id, "airships",
                                      [Placed(0, ann.id, "ann", 1), Placed(1, staff.insider.id, "bob", 2)])

    theirs = answered(await staff.outsider.slash(lounge.channel, "rating", member=ann))
    staffs = answered(await staff.insider.slash(lounge.channel, "rating", member=ann))

    assert "1 rated game, 1 win" in theirs and f"game #{row.id}" not in theirs  # counted, never named
    assert f"1st of 2 in [game #{row.id}]" in staffs


async def test_a_game_in_an_archived_thread_is_found_by_name_as_its_channel_allows(staff: Staff) -> None:
    lounge = staff.lounge
    channel = lounge.bot.get_channel(staff.channel.id)
    assert isinstance(channel, discord.TextChannel)
    talk = await channel.create_thread(name="talk", type=discord.ChannelType.public_thread)
    thread = next(t for t in staff.channel.threads if t.id == talk.id)
    await lounge.members[0].slash(thread, "game new", game="airships")  # played in the thread itself
    [table] = await lounge.service.reading.tables_at(lounge.guild.id, thread.id)
    await talk.edit(archived=True)
    assert lounge.guild.me is not None and lounge.guild.me.guild.get_thread(talk.id) is None  # out of the cache

    inside = await staff.insider.slash(lounge.channel, "game status", game_id=table.id)
    outside = await staff.outsider.slash(lounge.channel, "game status", game_id=table.id)

    assert inside.acknowledged and "There is no game" not in answered(inside)
    assert ephemeral_text(outside) == missing(table.id)


async def test_a_game_whose_channel_was_deleted_is_hidden(staff: Staff) -> None:
    lounge = staff.lounge
    gone = lounge.guild.create_text_channel("gone")
    game_id = await opened(lounge, staff.insider, gone)
    channel = lounge.bot.get_channel(gone.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.delete()

    result = await staff.insider.slash(lounge.channel, "board", game_id=game_id)

    assert ephemeral_text(result) == missing(game_id)
