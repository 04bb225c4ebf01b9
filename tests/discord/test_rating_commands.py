"""/rating and /leaderboard through Discord, after a whole game played by buttons, and within Discord's limits."""

from __future__ import annotations

import random

import pytest
from simcord import InteractionResult, ResponseMessage, UserHandle
from simtable import Lounge, ephemeral_text
from test_limits import reply_problems

from cogs.ratings import leaderboard_reply, rating_reply
from engine.services.ratings import GameRating, Leaderboard, RatingCard, leader_rows
from engine.platform.ratings import AI_NAME, AI_USER, PROVISIONAL_GAMES, Placed, Skill
from engine.store import PastResult, RatingRow, Status


def answer(result: InteractionResult) -> ResponseMessage:
    """The private answer a command got (its follow-up after the 'thinking' defer)."""
    shown = result.followups[0] if result.followups else result.response
    assert shown is not None and shown.ephemeral
    return shown


@pytest.mark.slow
async def test_rating_and_leaderboard_after_a_whole_game(lounge: Lounge) -> None:
    ann, bob, cy = lounge.members[:3]
    empty = await ann.slash(lounge.channel, "leaderboard", game="airships")
    assert ephemeral_text(empty) == "No rated games of Airships on this server yet."

    thread, game_id = await lounge.started_game(players=2)
    await lounge.play_by_components(thread, random.Random(11))
    table = await lounge.service.reading.table(game_id)
    assert table.status is Status.FINISHED
    winner = table.players[table.row.outcome["ranking"][0][0]].user_id  # type: ignore[index]
    loser = bob.id if winner == ann.id else ann.id

    mine = answer(await lounge.member(winner).slash(lounge.channel, "rating"))
    [embed] = mine.embeds
    [field] = embed.fields
    assert field.name.startswith("Airships: ") and field.name.endswith("(provisional)")
    assert "Rank 1 of 2 on this server · 1 rated game, 1 win" in field.value
    assert f"Provisional until {PROVISIONAL_GAMES} rated games." in field.value
    assert f"1st of 2 in [game #{game_id}](https://discord.com/channels/{lounge.guild.id}/{thread.id})" in field.value

    theirs = answer(await cy.slash(lounge.channel, "rating", member=lounge.member(loser), game="airships"))
    assert "Rank 2 of 2 on this server · 1 rated game, 0 wins" in theirs.embeds[0].fields[0].value
    assert "2nd of 2" in theirs.embeds[0].fields[0].value
    nothing = await ann.slash(lounge.channel, "rating", member=cy)
    assert ephemeral_text(nothing) == "cy has no rated games on this server yet."
    nothing = await ann.slash(lounge.channel, "rating", game="1930")
    assert ephemeral_text(nothing) == "ann has no rated games of 1930: The Golden Age of Airlines on this server yet."

    board = answer(await cy.slash(lounge.channel, "leaderboard", game="airships"))
    [embed] = board.embeds
    assert embed.title == "Airships leaderboard"
    first, second = embed.description.splitlines()[:2]
    names = {ann.id: "ann", bob.id: "bob"}
    assert first.startswith(f"**1.** {names[winner]} · **") and first.endswith("* · 1 game, 1 win")
    assert second.startswith(f"**2.** {names[loser]} · **") and "provisional" in embed.description
    assert embed.image.url == "attachment://leaderboard.png"
    assert [a.filename for a in board.message.attachments] == ["leaderboard.png"]
    assert await lounge.store.ratings.recompute() == 2  # nothing else was rated: no duplicate, no stray AI

    # Inside a game's thread, /leaderboard needs no game: it is that game's.
    here = answer(await cy.slash(thread, "leaderboard"))
    assert here.embeds[0].title == "Airships leaderboard" and here.embeds[0].description == embed.description
    nowhere = await cy.slash(lounge.channel, "leaderboard")
    assert ephemeral_text(nowhere).startswith("Which game? Pick one in the `game` option")


async def test_rating_of_the_bot_itself_is_contrail_ai(lounge: Lounge) -> None:
    ann = lounge.members[0]
    row = await lounge.store.games.create("airships", lounge.guild.id, lounge.channel.id, ann.id, 1, {})
    await lounge.store.ratings.record(row.id, lounge.guild.id, "airships",
                                      [Placed(0, ann.id, "ann", 2), Placed(1, AI_USER, AI_NAME, 1)])
    assert lounge.bot.user is not None
    the_bot = UserHandle(lounge.env, lounge.env.backend.get_user(lounge.bot.user.id))
    shown = answer(await ann.slash(lounge.channel, "rating", member=the_bot))
    assert shown.embeds, shown.content
    assert shown.embeds[0].title == "Contrail AI: rating"
    assert "Rank 1 of 2 on this server · 1 rated game, 1 win" in shown.embeds[0].fields[0].value


def test_extreme_ratings_and_leaderboards_fit_discords_limits() -> None:
    long_name = "A*very_long~name" * 8  # markdown to escape, and far past what a line can hold
    past = tuple(PastResult(10**12 + n, "1930", 6, 6, 1e9, "2026-12-01T03:00:00+00:00", 2**62, 2**62) for n in range(5))
    games = tuple(GameRating(slug, long_name, Skill(99.0, 0.5, 10**6, 10**6), 10**6, 10**6, past)
                  for slug in ("airships", "air-alliance", "1930"))
    assert reply_problems(rating_reply(2**62, RatingCard(1, long_name, games))) == []
    rows = [RatingRow(1, "1930", n, long_name, Skill(99.0 - n, 0.5, 10**6, 10**6)) for n in range(25)]
    board = Leaderboard("1930", long_name, leader_rows(rows), 10**9)
    assert reply_problems(leaderboard_reply(board, b"png")) == []
    web_url = "https://" + "w" * 200 + "/leaderboard/" + "t" * 22  # a long PUBLIC_URL and a page's token
    assert reply_problems(leaderboard_reply(board, b"png", web_url=web_url)) == []
