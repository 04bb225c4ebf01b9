"""A league season through Discord on simcord's virtual clock: 9 members, tables of 3, 3 rounds, deadlines, a restart."""

from __future__ import annotations

import csv
import io
from itertools import combinations
from pathlib import Path

import discord
import pytest
from simcord import MemberActor
from simtable import Lounge, choices_of, ephemeral_text, is_final, latest_prompt, pings, public
from test_restart import _restart

from cogs.leagues import posts as league_posts
from engine.platform.records import Status
from engine.services.leagues import LeagueNews
from engine.rules.airships import ai as airships_ai

DAY = 86400.0
MORE_MEMBERS = ("fay", "gus", "hal", "ivy")


@pytest.fixture(autouse=True)
def quick_autopilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine games are played out here: the AI's greedy policy (a tenth of its full look-ahead's time) plays them,
    as the league, not the AI's strength, is what these tests check."""
    monkeypatch.setattr(airships_ai, "choose", airships_ai.greedy)


async def _league_of_nine(lounge: Lounge) -> tuple[MemberActor, list[MemberActor]]:
    managers = lounge.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    organiser = lounge.guild.add_member(lounge.env.create_user("org"), roles=[managers])
    members = [*lounge.members, *(lounge.guild.add_member(lounge.env.create_user(n)) for n in MORE_MEMBERS)]
    refused = await members[0].slash(lounge.channel, "league create", name="Spring Cup", game="airships",
                                     table_size=3, turn_time="none", rounds=3)
    assert ephemeral_text(refused).startswith("Only members with Manage Server or a league admin role")
    created = await organiser.slash(lounge.channel, "league create", name="Spring Cup", game="airships",
                                    table_size=3, turn_time="none", rounds=3, round_length="7d")
    assert ephemeral_text(created) == "Spring Cup is created. /league info shows its settings."
    assert "Spring Cup** is open for sign-ups" in public(lounge.channel)[-1].content
    for member in members:
        assert ephemeral_text(await member.slash(lounge.channel, "league join")) == \
            "You're signed up for Spring Cup, season 1."
    return organiser, members


def _answer(result):  # type: ignore[no-untyped-def]
    """The private answer a command got (its response or last follow-up)."""
    return [m for m in [result.response, *result.followups] if m is not None][-1]


async def _round_games(lounge: Lounge, round_: int) -> list[int]:
    return [g.game_id for g in await lounge.store.leagues.games(1, 1, round_)]


async def _thread_of(lounge: Lounge, game_id: int):  # type: ignore[no-untyped-def]
    thread_id = (await lounge.service.reading.table(game_id)).row.thread_id
    return next(t for t in lounge.channel.threads if t.id == thread_id)


async def _whole_log(lounge: Lounge, game_id: int) -> list[str]:
    pages = (await lounge.service.reading.log(game_id, 1)).pages
    return [line for p in range(1, pages + 1) for line in (await lounge.service.reading.log(game_id, p)).lines]


@pytest.mark.slow
async def test_a_season_of_nine_members_over_three_rounds(lounge: Lounge, database_path: Path) -> None:
    organiser, members = await _league_of_nine(lounge)
    early = await members[0].slash(lounge.channel, "league standings")
    assert _answer(early).embeds[0].title == "Spring Cup · season 1: standings"

    started = await organiser.slash(lounge.channel, "league start")
    assert ephemeral_text(started) == "Spring Cup has begun: round 1's games are open."
    late = lounge.guild.add_member(lounge.env.create_user("zed"))
    assert "Sign-ups for Spring Cup are closed" in ephemeral_text(await late.slash(lounge.channel, "league join"))
    first = await _round_games(lounge, 1)
    assert len(first) == 3 and len(lounge.channel.threads) == 3
    for game_id in first:  # each table in its own thread: a welcome, then the first turn; each player pinged once
        thread = await _thread_of(lounge, game_id)
        seated = {p.user_id for p in (await lounge.service.reading.table(game_id)).players}
        welcome, *turn = lounge.posted(thread)
        assert "round 1" in welcome["content"] and all(f"<@{u}>" in welcome["content"] for u in seated)
        assert sorted(u for body in lounge.posted(thread) for u in pings(body)) == sorted(seated)
        assert latest_prompt(thread) is not None and pings(turn[0]) == [latest_prompt(thread).raw_mentions[0]]
    summary = public(lounge.channel)[-1].content
    assert summary.startswith("**Spring Cup**, round 1 of 3 is open.")

    # Round 1: one table's players make a move each, then all of them and the next table's leave their seats
    # to the autopilot, which plays those games to their end; the last table meets the round's deadline.
    played, left, late_game = first
    thread = await _thread_of(lounge, played)
    for _ in range(3):
        prompt = latest_prompt(thread)
        assert prompt is not None
        actor = next(m for m in members if m.id == prompt.raw_mentions[0])
        await lounge.click_choice(actor, prompt, choices_of(prompt)[0][1])
    for game_id in (played, left):
        for player in (await lounge.service.reading.table(game_id)).players:
            await lounge.service.seating.leave_started(game_id, player.user_id)
        result = await lounge.service.clock.automatic_now(game_id)
        assert result is not None and result.outcome is not None
    assert await _round_games(lounge, 2) == []  # the last table is still being played
    await lounge.env.advance_time(7 * DAY + 1)
    assert (await lounge.service.reading.table(late_game)).status is Status.FINISHED
    log = await _whole_log(lounge, late_game)
    assert any("The round's deadline came: the autopilot plays this game out" in line for line in log)
    assert any(". Autopilot for " in line for line in log)
    assert any(is_final(m) for m in public(await _thread_of(lounge, late_game)))
    second = await _round_games(lounge, 2)
    assert len(second) == 3 and len(lounge.channel.threads) == 6

    # A restart in the middle of round 2: the new bot enforces its deadline and opens round 3.
    await _restart(lounge, database_path)
    await lounge.env.advance_time(7 * DAY + 1)
    for game_id in second:
        assert (await lounge.service.reading.table(game_id)).status is Status.FINISHED
    third = await _round_games(lounge, 3)
    assert len(third) == 3
    await lounge.env.advance_time(7 * DAY + 1)

    # Nobody met anyone twice: 9 members over 3 rounds of tables of 3 can avoid it, and the pairing does.
    tables = []
    for game_id in [*first, *second, *third]:
        tables.append(tuple(p.user_id for p in (await lounge.service.reading.table(game_id)).players))
    pairs = [pair for table in tables for pair in combinations(sorted(table), 2)]
    assert len(pairs) == len(set(pairs)) == 27

    # The recap names the champion, first in the standings; the standings add up to 9 games of 2 + 1 + 0.
    recap = public(lounge.channel)[-1]
    assert recap.content.startswith("🏆 **Spring Cup**, season 1 is over after 3 rounds. Champion: ")
    board = await lounge.service.leagues.league_standings(lounge.guild.id, None)
    champions = [s.user_id for s in board.lines if s.rank == 1]
    assert pings(lounge.posted(lounge.channel)[-1]) == champions
    assert sum(s.points for s in board.lines) == 27 and all(s.games == 3 for s in board.lines)
    shown = await members[3].slash(lounge.channel, "league standings")
    message = _answer(shown)
    assert message.attachments and message.attachments[0].filename == "standings.png"
    assert "round 3 of 3 · 9 of 9 games finished" in message.embeds[0].description

    exported = await members[3].slash(lounge.channel, "league export")
    [file] = _answer(exported).attachments
    rows = list(csv.DictReader(io.StringIO((await file.read()).decode())))
    assert len(rows) == 27 and {r["round"] for r in rows} == {"1", "2", "3"}
    assert sum(float(r["points"]) for r in rows) == 27

    # A new season of the same league: sign-ups open again, and members join afresh.
    again = await organiser.slash(lounge.channel, "league start")
    assert ephemeral_text(again) == "Season 2 is open for sign-ups."
    assert ephemeral_text(await members[0].slash(lounge.channel, "league join")) == \
        "You're signed up for Spring Cup, season 2."
    # The first season's standings and results stay at hand.
    past = _answer(await members[3].slash(lounge.channel, "league standings", season=1))
    assert past.embeds[0].title == "Spring Cup · season 1: standings"
    assert "9 of 9 games finished" in past.embeds[0].description
    [file] = _answer(await members[3].slash(lounge.channel, "league export", season=1)).attachments
    assert file.filename.endswith("-season-1.csv") and len((await file.read()).decode().splitlines()) == 28
    assert ephemeral_text(await members[3].slash(lounge.channel, "league standings", season=3)) == \
        "Spring Cup has had seasons 1 to 2."


async def test_a_round_opened_just_before_a_stop_is_started_and_posted_once_after_it(
    lounge: Lounge, database_path: Path,
) -> None:
    organiser, members = await _league_of_nine(lounge)
    # The bot stops right after the round was stored: one game started, none shown in Discord.

    async def stopped(client: discord.Client, news: LeagueNews) -> None:
        return None

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(league_posts, "show_league_news", stopped)  # the old bot's scheduler shows nothing
        news = await lounge.service.leagues.start_league(lounge.guild.id, None, [], can_manage=True)
        started = news.game_ids[0]  # type: ignore[union-attr]
        await lounge.service.lobby.start(started, (await lounge.service.reading.table(started)).creator_id)
    await _restart(lounge, database_path)
    await lounge.env.advance_time(60)  # the new bot's scheduler looks at once

    for game_id in news.game_ids:  # type: ignore[union-attr]
        table = await lounge.service.reading.table(game_id)
        assert table.status is Status.ACTIVE
        assert await lounge.service.reading.posts(game_id)  # its turn message, to edit from now on
    assert len(lounge.channel.threads) == 2  # the two lobbies opened in threads; the started game plays here
    hello = [m for m in public(lounge.channel) if "your table in **Spring Cup**" in m.content]
    assert len(hello) == 1 and latest_prompt(lounge.channel) is not None
    posted = len(lounge.posted(lounge.channel))
    await lounge.env.advance_time(3600)
    assert len(lounge.posted(lounge.channel)) == posted  # shown once, not at every wake
