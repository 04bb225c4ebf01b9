"""The lobby through Discord: /game new opens a thread, Join/Leave/Start by button and by command."""

from __future__ import annotations

import random

import discord

from simtable import Lounge, click_removed, component_items, custom_ids, ephemeral_text, latest_prompt, public
from cogs.lobby import messages
from engine.store import Status


async def test_new_game_opens_a_thread_with_a_lobby(lounge: Lounge) -> None:
    ann = lounge.members[0]
    result = await ann.slash(lounge.channel, "game new", game="airships")

    thread = lounge.thread_of()
    assert thread.is_thread and thread.name == "Airships #1"
    assert result.ephemeral and ephemeral_text(result) == f"Game #1 is open in <#{thread.id}>."
    [lobby] = public(thread)
    assert ann.mention in lobby.embeds[0].description and not lobby.content
    assert lobby.embeds[0].title == "Airships #1: lobby"
    assert "Players (1/4)" in lobby.embeds[0].description
    assert custom_ids(lobby) == ["lobby:1:join", "lobby:1:leave", "lobby:1:start", "lobby:1:hints_on", "lobby:1:add_ai"]
    table = await lounge.service.reading.table(1)
    assert table.row.thread_id == thread.id and table.status is Status.LOBBY
    assert [p.user_id for p in table.players] == [ann.id]  # the creator sits down at once


async def test_the_add_ai_menu_says_what_each_level_is_like_without_a_time_the_admin_may_change(lounge: Lounge) -> None:
    await lounge.members[0].slash(lounge.channel, "game new", game="airships")
    [menu] = [item for item in component_items(public(lounge.thread_of())[0])
              if isinstance(item, discord.components.SelectMenu)]
    assert [(o.value, o.description) for o in menu.options] == [
        ("casual", "plays sensibly but slips like a newcomer"), ("standard", "plays well"),
        ("strong", "looks ahead before each decision (it takes a moment to think)")]


async def test_new_game_stays_in_the_channel_where_threads_are_not_allowed(lounge: Lounge) -> None:
    me = lounge.guild.me
    assert me is not None
    closed = lounge.guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    ann = lounge.members[0]
    result = await ann.slash(closed, "game new", game="airships")

    assert closed.threads == []
    [lobby] = public(closed)
    assert lobby.embeds[0].title == "Airships #1: lobby"
    assert result.response is None  # the "thinking" answer is removed: the lobby itself is the answer here
    assert (await lounge.service.reading.table(1)).place_id == closed.id


async def test_join_and_leave_by_button_update_the_lobby(lounge: Lounge) -> None:
    ann, bob = lounge.members[:2]
    thread = await lounge.open_game(ann)
    lobby = public(thread)[0]

    await bob.click(lobby, label="Join")
    lobby = public(thread)[0]
    assert "Players (2/4)" in lobby.embeds[0].description and bob.mention in lobby.embeds[0].description

    await bob.click(lobby, label="Leave")
    assert "Players (1/4)" in public(thread)[0].embeds[0].description
    assert [p.user_id for p in (await lounge.service.reading.table(1)).players] == [ann.id]


async def test_join_and_leave_by_command_inside_the_thread(lounge: Lounge) -> None:
    ann, bob = lounge.members[:2]
    thread = await lounge.open_game(ann)

    result = await bob.slash(thread, "game join")
    assert ephemeral_text(result) == "You joined Airships #1."
    [lobby] = public(thread)  # the one lobby is edited, not posted again
    assert "Players (2/4)" in lobby.embeds[0].description

    result = await bob.slash(thread, "game leave")
    assert ephemeral_text(result) == "You left Airships #1."
    [lobby] = public(thread)
    assert "Players (1/4)" in lobby.embeds[0].description
    assert len((await lounge.service.reading.table(1)).players) == 1


async def test_join_from_the_parent_channel_finds_the_only_open_game(lounge: Lounge) -> None:
    ann, bob = lounge.members[:2]
    thread = await lounge.open_game(ann)
    result = await bob.slash(lounge.channel, "game join")
    assert ephemeral_text(result) == "You joined Airships #1."
    assert "Players (2/4)" in public(thread)[0].embeds[0].description
    assert len((await lounge.service.reading.table(1)).players) == 2


async def test_lobby_refusals_are_private_and_change_nothing(lounge: Lounge) -> None:
    ann, bob, cy, dee, eve = lounge.members
    thread = await lounge.open_game(ann)
    lobby = public(thread)[0]

    assert ephemeral_text(await ann.click(lobby, label="Join")) == "You're already in this game."
    assert ephemeral_text(await bob.click(lobby, label="Leave")) == "You're not in this game."
    assert "can't leave" in ephemeral_text(await ann.click(lobby, label="Leave"))
    assert "needs 2 to 4 players" in ephemeral_text(await ann.click(lobby, label="Start"))
    for member in (bob, cy, dee):
        await member.click(lobby, label="Join")
    # A full lobby hides Join; a phone still showing it gets the reason.
    join = next(cid for cid in custom_ids(lobby) if cid.endswith(":join"))  # as the lobby showed it before
    late = await click_removed(eve, lobby, join)
    assert ephemeral_text(late) == "This game is full (4 players)."
    assert ephemeral_text(await bob.click(lobby, label="Start")) == "Only the player who opened this game can start it."
    table = await lounge.service.reading.table(1)
    assert table.status is Status.LOBBY and len(table.players) == 4


async def test_start_shuffles_seats_with_the_game_seed_and_shows_them(lounge: Lounge) -> None:
    ann, bob, cy = lounge.members[:3]
    thread = await lounge.open_game(ann)
    await bob.slash(thread, "game join")
    await cy.click(public(thread)[0], label="Join")
    await ann.slash(thread, "game start")

    table = await lounge.service.reading.table(1)
    expected = [ann.id, bob.id, cy.id]
    random.Random(table.row.seed).shuffle(expected)
    assert [p.user_id for p in table.players] == expected
    assert [p.seat for p in table.players] == [0, 1, 2]
    opening = latest_prompt(thread)
    assert opening is not None
    names = {ann.id: "ann", bob.id: "bob", cy.id: "cy"}
    seats = ", ".join(f"{names[u]} plays {nation}" for u, nation in zip(expected, ("USA", "Germany", "Italy")))
    assert f"**Airships #1 begins!** {seats}." in opening.content
    assert opening.content.splitlines()[1] == "Scores: " + " · ".join(f"{names[u]} 0 VP" for u in expected)
    assert opening.raw_mentions == [expected[0]]  # the first seat is asked to move
    assert [a.filename for a in opening.attachments] == ["board.png"]


async def test_start_by_button_closes_the_lobby(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    lobby = public(thread)[0]
    assert custom_ids(lobby) == []  # the lobby buttons are gone once the game runs
    assert (await lounge.service.reading.table(game_id)).status is Status.ACTIVE
    result = await lounge.members[2].slash(thread, "game join")
    assert ephemeral_text(result) == "This game has already started, so you can't join it now."


async def test_the_channel_gets_an_invitation_with_a_join_button(lounge: Lounge) -> None:
    ann, bob, cy, dee = lounge.members[:4]
    thread = await lounge.open_game(ann)
    [invite] = public(lounge.channel)[-1:]
    assert f"<#{thread.id}>" in invite.content and "1 of 4 seats taken" in invite.content
    assert custom_ids(invite) == ["lobby:1:join"]

    await bob.click(invite, label="Join")  # joining from the channel, without opening the thread
    invite = public(lounge.channel)[-1]
    assert "2 of 4 seats taken" in invite.content
    assert "Players (2/4)" in public(thread)[0].embeds[0].description
    for member in (cy, dee):
        await member.click(invite, label="Join")
    invite = public(lounge.channel)[-1]
    assert "is full (4 players)" in invite.content and custom_ids(invite) == []

    await ann.click(public(thread)[0], label="Start")
    invite = public(lounge.channel)[-1]
    assert "is being played" in invite.content and custom_ids(invite) == []
    assert "This game is being played." in (public(thread)[0].embeds[0].footer.text or "")


async def test_an_older_lobby_copy_points_at_the_live_one_without_buttons(lounge: Lounge) -> None:
    ann, bob = lounge.members[:2]
    thread = await lounge.open_game(ann)
    live = public(thread)[0]
    # A copy posted before lobbies were kept in one message (e.g. by an older version of the bot).
    channel = lounge.bot.get_channel(thread.id)
    old = await channel.send(**messages.lobby_reply(await lounge.service.reading.table(1)).send_kwargs())  # type: ignore[union-attr]

    await bob.click(old, label="Join")
    old_now = next(m for m in public(thread) if m.id == old.id)
    assert custom_ids(old_now) == [] and "This lobby has moved" in old_now.content and str(live.id) in old_now.content
    assert "Players (2/4)" in next(m for m in public(thread) if m.id == live.id).embeds[0].description


async def test_a_name_the_board_cannot_draw_shows_as_its_nation_the_same_in_text(lounge: Lounge) -> None:
    fox = lounge.guild.add_member(lounge.env.create_user("🦊 Fox"))
    li = lounge.guild.add_member(lounge.env.create_user("李雷"))
    thread = await lounge.open_game(fox)
    await li.click(public(thread)[0], label="Join")
    await fox.click(public(thread)[0], label="Start")

    table = await lounge.service.reading.table(1)
    nations = {p.user_id: ("USA", "Germany")[p.seat] for p in table.players}  # type: ignore[index]
    shown = {p.user_id: p.name for p in table.players}
    assert shown == {fox.id: f"Fox ({nations[fox.id]})", li.id: nations[li.id]}
    opening = latest_prompt(thread)
    assert opening is not None
    assert f"{shown[fox.id]} plays {nations[fox.id]}" in opening.content and "🦊" not in opening.content
    board = await lounge.service.reading.board(1)
    assert board.prompt is not None and board.prompt.movers[0].name in shown.values()


async def test_a_game_whose_seats_have_no_names_opens_with_the_seat_order(lounge: Lounge) -> None:
    thread, _ = await lounge.started_game(players=2, game="1930")
    table = await lounge.service.reading.table(1)
    opening = public(thread)[1]
    order = ", ".join(p.name for p in sorted(table.players, key=lambda p: p.seat or 0))
    assert f"begins!** In seat order: {order}." in opening.content and "plays Seat" not in opening.content
