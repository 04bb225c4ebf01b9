"""/league's wrong inputs and who may run leagues, answered plainly; its messages within Discord's limits."""

from __future__ import annotations

import discord
from simtable import Lounge, ephemeral_text, public
from test_limits import reply_problems

from cogs.leagues import messages as league_messages
from engine.services.leagues import LeagueInfo, LeagueNews, LeagueNewsKind, LeagueTable
from engine.platform.leagues import Standing
from engine.platform.records import Status
from engine.store import LeagueGame, LeagueRow, LeagueStatus

SETTINGS = dict(game="airships", table_size=3, turn_time="24h", rounds=2)


async def test_wrong_inputs_get_plain_answers(lounge: Lounge) -> None:
    ann, bob = lounge.members[:2]
    assert ephemeral_text(await ann.slash(lounge.channel, "league join")) == \
        "This server has no league yet: /league create opens one."
    assert ephemeral_text(await ann.slash(lounge.channel, "league create", name="Cup", **SETTINGS)) == (
        "Only members with Manage Server or a league admin role (/league admins) can do that.")
    assert ephemeral_text(await ann.slash(lounge.channel, "league admins", role=lounge.guild.create_role("x"))) == \
        "Only members with Manage Server can choose who runs leagues."

    managers = lounge.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    boss = lounge.guild.add_member(lounge.env.create_user("boss"), roles=[managers])
    organisers = lounge.guild.create_role("League organisers")
    answer = ephemeral_text(await boss.slash(lounge.channel, "league admins", role=organisers))
    assert answer == f"Leagues are run by members with Manage Server and by <@&{organisers.id}>."
    organiser = lounge.guild.add_member(lounge.env.create_user("org"), roles=[organisers])
    assert ephemeral_text(await organiser.slash(lounge.channel, "league create", name="Cup", **SETTINGS)) == \
        "Cup is created. /league info shows its settings."
    assert ephemeral_text(await organiser.slash(lounge.channel, "league create", name="cup", **SETTINGS)) == \
        "This server already has a league named 'cup'."
    odd = await organiser.slash(lounge.channel, "league create", name="Odd", points="1,3", **SETTINGS)
    assert ephemeral_text(odd) == "A better place can't earn fewer points than a worse one."
    await organiser.slash(lounge.channel, "league create", name="Summer", **{**SETTINGS, "table_size": 2})

    assert "several leagues: name one" in ephemeral_text(await ann.slash(lounge.channel, "league join"))
    assert ephemeral_text(await ann.slash(lounge.channel, "league join", league="Nope")) == \
        "There's no league named 'Nope' on this server."
    assert ephemeral_text(await ann.slash(lounge.channel, "league leave", league="Cup")) == \
        "You're not signed up for Cup."
    await ann.slash(lounge.channel, "league join", league="cup")  # any case
    assert ephemeral_text(await ann.slash(lounge.channel, "league join", league="Summer")) == \
        "You're signed up for Summer, season 1."  # a member in several leagues
    assert ephemeral_text(await ann.slash(lounge.channel, "league start", league="Cup")) == (
        "Only members with Manage Server or a league admin role (/league admins) can do that.")
    too_few = ephemeral_text(await organiser.slash(lounge.channel, "league start", league="Cup"))
    assert too_few.startswith("1 member can't be split into tables of 3")
    assert (await lounge.service.leagues.league_info(lounge.guild.id, "Cup")).league.status is LeagueStatus.SIGNUP

    await bob.slash(lounge.channel, "league join", league="Summer")
    await organiser.slash(lounge.channel, "league start", league="Summer")
    assert ephemeral_text(await organiser.slash(lounge.channel, "league start", league="Summer")) == \
        "Summer is already under way: round 1 of 2."
    assert ephemeral_text(await ann.slash(lounge.channel, "league leave", league="Summer")) == \
        "Sign-ups for Summer are closed: season 1 is being played."
    shown = await ann.slash(lounge.channel, "league info", league="Summer")
    info = [m for m in [shown.response, *shown.followups] if m is not None][-1].embeds[0]
    assert info.title == "Summer" and "round 1 of 2 being played" in info.description
    assert [f.name for f in info.fields] == ["Members (2)", "Round 1"]
    assert info.fields[1].value in ("#1 (being played): ann, bob", "#1 (being played): bob, ann")  # in seat order
    assert lounge.channel.threads and public(lounge.channel.threads[-1])
    in_thread = await organiser.slash(lounge.channel.threads[-1], "league create", name="Autumn", **SETTINGS)
    assert ephemeral_text(in_thread) == "Create a league from a text channel: its games open in threads of that channel."


def _league(**changes: object) -> LeagueRow:
    row = LeagueRow(1, 1, 2, "L" * 40, "1930", 6, 86400, 7 * 86400, 20, True, "3,1,0", 1, LeagueStatus.RUNNING, 20,
                    1e9, 5, "")
    return LeagueRow(**{**row.__dict__, **changes})  # type: ignore[arg-type]


def test_the_biggest_league_messages_fit_discord() -> None:
    lines = tuple(Standing(n + 1, 10**17 + n, "N" * 32, 100 - n, 999.5, 1876.4, 20, 9) for n in range(400))
    names = {10**17 + n: "N" * 32 for n in range(400)}
    games = tuple(LeagueGame(r, 1000 + r * 100 + t, Status.ACTIVE, None, None,
                             tuple((s, 10**17 + s, False) for s in range(6)))
                  for r in range(1, 21) for t in range(67))
    info = LeagueInfo(_league(), names, games, names)
    standings = LeagueTable(_league(), lines, 1000, 1340)
    recap = LeagueNews(LeagueNewsKind.SEASON_OVER, _league(), 20, standings=lines)
    web_url = "https://" + "w" * 200 + "/league/" + "t" * 22  # a long PUBLIC_URL and a page's token
    for reply in (league_messages.info_reply(info), league_messages.info_reply(info, web_url=web_url),
                  league_messages.standings_reply(standings, b"png"),
                  league_messages.recap_reply(recap), league_messages.standings_reply(LeagueTable(_league(), (), 0, 0), None)):
        assert reply_problems(reply) == []
