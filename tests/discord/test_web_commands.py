"""The web pages from Discord: /web on|off|status for managers, the links the bot's messages give, /game watch."""

from __future__ import annotations

import logging
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import pytest_asyncio
from simcord import InteractionResult, MemberActor, SetupError
from simtable import Lounge, close_store, ephemeral_text, make_bot, pings, public
from test_limits import _extreme_table, reply_problems

from dataclasses import replace

from bot import ContrailBot
from cogs.base.words import Reply
from cogs.play import moves
from cogs.web import messages
from engine.core import Outcome
from engine.platform.records import LinkKind, Status
from engine.services.sharing import EndNews, Site, Watching
from engine.services.tables import MoveResult
from tests.stub_drawing import Renderer

PUBLIC = "https://contrail.example"
LINK = re.compile(re.escape(PUBLIC) + r"/(game|league|leaderboard|stats)/([A-Za-z0-9_-]{22})")
LEAGUE = {"game": "airships", "table_size": 2, "turn_time": "48h", "rounds": 1}


@pytest.fixture
def public_url() -> str | None:
    """The bot's PUBLIC_URL; a test parametrized with None gets a bot without web pages."""
    return PUBLIC


@pytest_asyncio.fixture
async def simcord_bot(database_path: Path, render: Renderer, public_url: str | None) -> AsyncIterator[ContrailBot]:
    bot = make_bot(database_path, render, public_url=public_url)
    yield bot
    await close_store(bot)


def manager_of(lounge: Lounge) -> MemberActor:
    managers = lounge.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return lounge.guild.add_member(lounge.env.create_user("boss"), roles=[managers])


def links(text: str) -> list[tuple[str, str]]:
    """(kind, token) of every page link in a text."""
    return LINK.findall(text)


def embeds_of(result: InteractionResult) -> list[discord.Embed]:
    """The embeds of the private answer a command got."""
    shown = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral and m.embeds]
    assert shown, f"expected a private answer with embeds, got {result!r}"
    return shown[-1].embeds


def field(result: InteractionResult | discord.Message, name: str = "On the web") -> str | None:
    """The value of an embed field of a private answer or a message, None if it has no such field."""
    embeds = result.embeds if isinstance(result, discord.Message) else embeds_of(result)
    return next((f.value for e in embeds for f in e.fields if f.name == name), None)


def dms(member: MemberActor) -> list[str]:
    return [m.content for m in member.user.dm_channel.history()]


async def finish(lounge: Lounge, game_id: int) -> MoveResult:
    """Play the game to its end through the table service, then show its last move as the bot shows a move it made
    on its own (the autopilot at a deadline, a league round's end): the final scores and the DMs that follow."""
    rng = random.Random(3)
    result = None
    while (prompt := await lounge.service.reading.prompt(game_id)) is not None:
        mover = prompt.movers[0]
        result = await lounge.service.core.play(game_id, mover.user_id, rng.randrange(len(mover.choices)),
                                                version=prompt.version)
    assert result is not None and result.outcome is not None
    await moves.show_move(lounge.bot, result)
    return result


# -- /web on, off and status ----------------------------------------------------------------------


async def test_web_is_hidden_from_members_without_manage_server_and_refused_if_shown_to_them(lounge: Lounge) -> None:
    ann = lounge.members[0]
    with pytest.raises(SetupError, match="default-member-permissions"):
        await ann.slash(lounge.channel, "web on")
    # A server may show the command to everyone (Integrations settings): the bot still refuses them.
    [web] = [c for c in await lounge.bot.tree.fetch_commands() if c.name == "web"]
    lounge.guild.set_command_permissions(web, {ann: True})
    for verb, options in (("on", {}), ("off", {}), ("on", {"rotate": True})):
        said = ephemeral_text(await ann.slash(lounge.channel, f"web {verb}", **options))
        assert said == "Only members with Manage Server can turn this server's web pages on or off."
    assert not await lounge.service.sharing.is_on(lounge.guild.id)


async def test_web_on_shows_every_leaderboard_and_statistics_link_and_off_makes_them_all_not_found(
        lounge: Lounge) -> None:
    boss = manager_of(lounge)
    before = ephemeral_text(await boss.slash(lounge.channel, "web status"))
    assert before == "This server's web pages are off. /web on (Manage Server) shows them."

    said = ephemeral_text(await boss.slash(lounge.channel, "web on"))
    assert said.startswith("This server's web pages are on. Anyone with a link can read this server's games")
    assert "never a hand, a secret contract or what is still to be drawn" in said
    found = links(said)
    assert sorted(kind for kind, _ in found) == ["leaderboard"] * 3 + ["stats"] * 3
    for kind, token in found:
        link = await lounge.service.sharing.resolve(token, LinkKind(kind))
        assert link is not None and link.guild_id == lounge.guild.id
    assert "**Air Alliance**: leaderboard " in said and str(lounge.guild.id) not in said
    again = ephemeral_text(await boss.slash(lounge.channel, "web on"))
    assert again.startswith("This server's web pages were on already.") and links(again) == found  # same links
    assert links(ephemeral_text(await boss.slash(lounge.channel, "web status"))) == found

    off = ephemeral_text(await boss.slash(lounge.channel, "web off"))
    assert off == ('This server\'s web pages are off: every link to them now answers "not found". '
                   "/web on shows them again, with the same links (/web on rotate:True: with new ones).")
    for kind, token in found:
        assert await lounge.service.sharing.resolve(token, LinkKind(kind)) is None
    assert ephemeral_text(await boss.slash(lounge.channel, "web off")).startswith(
        "This server's web pages were off already")
    assert links(ephemeral_text(await boss.slash(lounge.channel, "web on"))) == found  # the same links work again


async def test_web_on_rotate_gives_every_page_a_new_link_and_the_old_ones_open_nothing(lounge: Lounge) -> None:
    boss = manager_of(lounge)
    thread, game_id = await lounge.started_game(players=2)
    await boss.slash(lounge.channel, "league create", name="Cup", **LEAGUE)
    old = links(ephemeral_text(await boss.slash(lounge.channel, "web on")))
    league_id = (await lounge.service.leagues.league_info(lounge.guild.id, "Cup")).league.id
    old_pages = {kind: await lounge.service.store.web.links(lounge.guild.id, kind, [target])
                 for kind, target in ((LinkKind.GAME, str(game_id)), (LinkKind.LEAGUE, str(league_id)))}

    said = ephemeral_text(await boss.slash(lounge.channel, "web on", rotate=True))
    assert said.startswith('This server\'s web pages are on, each with a new link: every old link now answers '
                           '"not found". Anyone with a link can read')
    new = links(said)
    assert len(new) == len(old) == 6 and not {token for _, token in new} & {token for _, token in old}
    for kind, token in old:
        assert await lounge.service.sharing.resolve(token, LinkKind(kind)) is None
    for kind, token in new:
        assert await lounge.service.sharing.resolve(token, LinkKind(kind)) is not None
    for kind, found in old_pages.items():
        [token] = found.values()
        assert await lounge.service.sharing.resolve(token, kind) is None  # the game's and the league's pages too
    await lounge.members[0].slash(thread, "game status")
    [(_, token)] = links(field(public(thread)[-1]) or "")
    assert token != old_pages[LinkKind.GAME][str(game_id)]
    await boss.slash(lounge.channel, "web off")
    assert links(ephemeral_text(await boss.slash(lounge.channel, "web on"))) == new  # off and on keeps the new ones
    # Rotating while the pages are off turns them on, with new links again.
    await boss.slash(lounge.channel, "web off")
    again = links(ephemeral_text(await boss.slash(lounge.channel, "web on", rotate=True)))
    assert again and not {token for _, token in again} & {token for _, token in new}


@pytest.mark.parametrize("public_url", [None])
async def test_a_bot_without_public_url_says_it_has_no_web_pages(lounge: Lounge) -> None:
    boss = manager_of(lounge)
    for verb, options in (("on", {}), ("off", {}), ("status", {}), ("on", {"rotate": True})):
        said = ephemeral_text(await boss.slash(lounge.channel, f"web {verb}", **options))
        assert said == "This bot has no web pages: its admin sets WEB_PORT (and PUBLIC_URL) to serve them."
    thread, game_id = await lounge.started_game(players=2)
    await lounge.members[0].slash(thread, "game status")
    assert field(public(thread)[-1]) is None
    watching = ephemeral_text(await lounge.members[3].slash(thread, "game watch"))
    assert watching == (f"You're watching Airships #{game_id}: I'll DM you when it ends. /game unwatch stops that. "
                        "This server has no web pages, so there's no link to follow it meanwhile.")
    await finish(lounge, game_id)
    [dm] = dms(lounge.members[3])
    assert dm.startswith(f"Airships #{game_id} is over: ") and dm.endswith(f"/channels/{lounge.guild.id}/{thread.id}")


# -- the links in the bot's messages --------------------------------------------------------------


async def test_game_status_links_the_games_page_only_while_the_pages_are_on(lounge: Lounge) -> None:
    boss = manager_of(lounge)
    thread, game_id = await lounge.started_game(players=2)
    await lounge.members[0].slash(thread, "game status")
    assert field(public(thread)[-1]) is None

    await boss.slash(lounge.channel, "web on")
    await lounge.members[0].slash(thread, "game status")
    [(kind, token)] = links(field(public(thread)[-1]) or "")
    link = await lounge.service.sharing.resolve(token, LinkKind.GAME)
    assert kind == "game" and link is not None and link.target == str(game_id)
    asked_elsewhere = await lounge.members[4].slash(lounge.channel, "game status", game_id=game_id)
    assert links(field(asked_elsewhere) or "") == [(kind, token)]  # the same page, answered privately

    await boss.slash(lounge.channel, "web off")
    await lounge.members[0].slash(thread, "game status")
    assert field(public(thread)[-1]) is None


async def test_the_final_scores_and_the_leaderboard_link_their_pages(lounge: Lounge) -> None:
    boss = manager_of(lounge)
    await boss.slash(lounge.channel, "web on")
    thread, game_id = await lounge.started_game(players=2)
    await finish(lounge, game_id)

    final = public(thread)[-1]
    assert final.embeds[0].title == f"Final scores: Airships #{game_id}"
    [(kind, token)] = links(field(final) or "")
    assert kind == "game" and (await lounge.service.sharing.resolve(token, LinkKind.GAME)).target == str(game_id)  # type: ignore[union-attr]
    board = await lounge.members[0].slash(lounge.channel, "leaderboard", game="airships")
    [(kind, token)] = links(field(board) or "")
    assert kind == "leaderboard" and (await lounge.service.sharing.resolve(token, LinkKind.LEADERBOARD)).target == "airships"  # type: ignore[union-attr]
    await boss.slash(lounge.channel, "web off")
    assert field(await lounge.members[0].slash(lounge.channel, "leaderboard", game="airships")) is None


async def test_league_info_links_the_leagues_page_while_the_pages_are_on(lounge: Lounge) -> None:
    boss = manager_of(lounge)
    await boss.slash(lounge.channel, "league create", name="Cup", **LEAGUE)
    info = await boss.slash(lounge.channel, "league info")
    assert "On the web" not in (embeds_of(info)[0].description or "")

    await boss.slash(lounge.channel, "web on")
    info = await boss.slash(lounge.channel, "league info")
    description = embeds_of(info)[0].description or ""
    [(kind, token)] = links(description)
    assert f"**On the web:** {PUBLIC}/league/{token}" in description
    league = await lounge.service.sharing.resolve(token, LinkKind.LEAGUE)
    assert kind == "league" and league is not None and league.guild_id == lounge.guild.id


# -- /game watch and unwatch ----------------------------------------------------------------------


async def test_watchers_get_one_dm_at_the_end_and_players_are_not_told_twice(lounge: Lounge) -> None:
    boss = manager_of(lounge)
    await boss.slash(lounge.channel, "web on")
    thread, game_id = await lounge.started_game(players=2)
    ann, bob, cy, dee, eve = lounge.members
    await ann.slash(lounge.channel, "notify", where="dm")  # a player told by DM: once, as a player

    said = ephemeral_text(await cy.slash(thread, "game watch"))
    assert said.startswith(f"You're watching Airships #{game_id}: I'll DM you when it ends.")
    [(kind, token)] = links(said)
    assert kind == "game" and (await lounge.service.sharing.resolve(token, LinkKind.GAME)).target == str(game_id)  # type: ignore[union-attr]
    assert ephemeral_text(await dee.slash(lounge.channel, "game watch", game_id=game_id)).startswith("You're watching")
    assert ephemeral_text(await eve.slash(thread, "game watch")).startswith("You're watching")
    assert ephemeral_text(await eve.slash(thread, "game unwatch")) == \
        f"You'll no longer hear from me when Airships #{game_id} ends."
    played = ephemeral_text(await ann.slash(thread, "game watch"))
    assert played.startswith(f"You play in Airships #{game_id}: its final scores tell you when it ends")
    before = len(lounge.posted(thread))

    result = await finish(lounge, game_id)

    table = result.table
    winner = table.at_seat(result.outcome.winners[0]).name  # type: ignore[union-attr]
    for watcher in (cy, dee):
        [dm] = dms(watcher)
        assert dm.startswith(f"Airships #{game_id} is over: {winner} wins (") and dm.endswith(f"{PUBLIC}/game/{token}")
    assert dms(eve) == []  # unwatched
    [told] = [m for m in dms(ann) if "is over" in m]  # the player's own DM, not a watcher's as well
    assert told.startswith(f"Airships #{game_id} is over: https://discord.com/channels/") and PUBLIC not in told
    assert dms(bob) == []  # a player told in the thread
    [final] = lounge.posted(thread)[before:]  # the final scores, and nothing else in the thread
    assert sorted(pings(final)) == [bob.id]  # ann asked for a DM instead

    over = ephemeral_text(await cy.slash(thread, "game watch"))
    assert over.startswith(f"This game is over: {winner} wins (") and over.endswith(f"Its page: {PUBLIC}/game/{token}")
    assert len(dms(cy)) == 1


@pytest.mark.slow
async def test_a_game_played_to_its_end_by_clicks_tells_its_watcher_once(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    dee = lounge.members[3]
    await dee.slash(thread, "game watch")
    await lounge.play_by_components(thread, random.Random(7))
    assert (await lounge.service.reading.table(game_id)).status is Status.FINISHED
    [dm] = dms(dee)
    assert dm.startswith(f"Airships #{game_id} is over: ")


async def test_a_watcher_with_closed_dms_is_skipped_and_the_others_still_hear(
        lounge: Lounge, caplog: pytest.LogCaptureFixture) -> None:
    thread, game_id = await lounge.started_game(players=2)
    cy, dee = lounge.members[2:4]
    for watcher in (cy, dee):
        await watcher.slash(thread, "game watch")
    lounge.env.inject_error("POST", f"/channels/{cy.user.dm_channel.id}/messages", status=403, code=50007,
                            message="Cannot send messages to this user")
    before = len(lounge.posted(thread))
    with caplog.at_level(logging.INFO, logger="cogs.web.watching"):
        await finish(lounge, game_id)
    assert dms(cy) == [] and len(dms(dee)) == 1
    assert len(lounge.posted(thread)) == before + 1  # the final scores only: no ping in the thread instead
    assert f"game {game_id}: a watcher's DM was refused; skipped" in caplog.messages
    assert not (await lounge.service.players.prefs_of(cy.id)).dm_refused  # a player's DM setting is not touched


async def test_an_abandoned_game_tells_its_watchers(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    cy = lounge.members[2]
    await cy.slash(thread, "game watch")
    await lounge.members[0].slash(thread, "game abandon")
    assert dms(cy) == [f"Airships #{game_id} was abandoned. https://discord.com/channels/{lounge.guild.id}/{thread.id}"]
    refused = ephemeral_text(await lounge.members[3].slash(thread, "game watch"))
    assert refused == "This game was abandoned: there's nothing left to watch."


async def test_wrong_watch_and_unwatch_inputs_are_answered_privately(lounge: Lounge) -> None:
    cy = lounge.members[2]
    nowhere = await cy.slash(lounge.channel, "game watch")
    assert ephemeral_text(nowhere) == "There's no game here. Start one with /game new, or give a game_id."
    assert ephemeral_text(await cy.slash(lounge.channel, "game unwatch")) == ephemeral_text(nowhere)
    thread, game_id = await lounge.started_game(players=2)
    shown = len(public(thread)), len(public(lounge.channel))
    not_yet = ephemeral_text(await cy.slash(thread, "game unwatch"))
    assert not_yet == f"You're not watching Airships #{game_id}: /game watch tells you when it ends."
    await cy.slash(thread, "game watch")
    again = ephemeral_text(await cy.slash(thread, "game watch"))
    assert again == f"You're watching Airships #{game_id} already: I'll DM you when it ends. /game unwatch stops that."
    assert ephemeral_text(await cy.slash(thread, "game watch", game_id=999)) == "There is no game #999."
    assert await lounge.service.sharing.watchers(game_id) == [cy.id]
    assert (len(public(thread)), len(public(lounge.channel))) == shown  # every answer was private


# -- Discord's limits -----------------------------------------------------------------------------


def test_the_longest_web_messages_fit_discord() -> None:
    url = "https://" + "w" * 200 + "/stats/" + "t" * 22  # a long PUBLIC_URL and a page's token
    titles = [("T" * 60, url)] * 3
    finished = _extreme_table(status=Status.FINISHED)
    outcome = Outcome(scores=(10**9,) * 4, ranking=((0, 1), (2,), (3,)))
    finished = replace(finished, row=replace(finished.row, outcome=outcome.to_dict()))
    texts = [
        messages.site_reply(Site(True, True, tuple(titles), tuple(titles)), asked=True),
        messages.site_reply(Site(True, False, tuple(titles), tuple(titles))),
        messages.site_reply(Site(True, True, tuple(titles), tuple(titles), renewed=True), asked=True),
        messages.site_reply(Site(False, True), asked=False),
        messages.site_reply(Site(False)),
        Reply(content=messages.watching_text(Watching(_extreme_table(), url, plays=True))),
        Reply(content=messages.watching_text(Watching(_extreme_table(), None, plays=False))),
        Reply(content=messages.watcher_dm(EndNews(finished, (1,), url))),
        Reply(content=messages.watcher_dm(EndNews(_extreme_table(status=Status.ABANDONED), (1,), None))),
    ]
    for reply in texts:
        assert reply_problems(reply) == [], reply
    dm = messages.watcher_dm(EndNews(finished, (1,), url))
    assert " and ".join(p.name for p in finished.players[:2]) + " share the win (" in dm and dm.endswith(url)
