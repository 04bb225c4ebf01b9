"""/stats through Discord: a game's figures on this server as an embed and one chart, the page's link when on."""

from __future__ import annotations

from simcord import InteractionResult, ResponseMessage
from simtable import Lounge, ephemeral_text
from test_limits import reply_problems

from cogs.stats.commands import stats_reply
from engine.figures import Tally
from engine.platform.records import LinkKind
from engine.platform.stats import Figure, GameFigures, SeatShare, Spread
from tests.test_stats import finished_airships


def answer(result: InteractionResult) -> ResponseMessage:
    """The private answer a command got (its follow-up after the 'thinking' defer)."""
    shown = result.followups[0] if result.followups else result.response
    assert shown is not None and shown.ephemeral
    return shown


async def finished_game(lounge: Lounge, seed: int, guild_id: int | None = None) -> int:
    """A game of Airships played to the end through the bot's own services, in this lounge's channel."""
    return await finished_airships(lounge.service, seed, guild_id or lounge.guild.id, lounge.channel.id)


async def test_no_finished_game_yet_gets_a_friendly_private_answer(lounge: Lounge) -> None:
    empty = await lounge.members[0].slash(lounge.channel, "stats", game="air-alliance")
    assert empty.ephemeral
    assert ephemeral_text(empty) == "No finished games of Air Alliance on this server yet: the figures come once one ends."
    nowhere = await lounge.members[0].slash(lounge.channel, "stats")
    assert ephemeral_text(nowhere).startswith("Which game? Pick one in the `game` option")


async def test_stats_show_the_servers_finished_games_with_one_chart(lounge: Lounge) -> None:
    await finished_game(lounge, 1)
    await finished_game(lounge, 2, guild_id=lounge.guild.id + 1)  # another server's game: not counted here
    shown = answer(await lounge.members[1].slash(lounge.channel, "stats", game="airships"))
    [embed] = shown.embeds
    assert embed.title == "Airships: statistics" and embed.url is None  # the server's pages are off: no link
    assert embed.description == "1 finished game on this server: 1 at 2 players"
    assert [f.name for f in embed.fields] == ["Length", "Wins by seat position", "Scores", "Airships figures"]
    seats = embed.fields[1].value.splitlines()
    assert seats[0].startswith("1st to play: won ") and seats[1].startswith("2nd to play: won ")
    assert "of 1 game (fair 50%)" in seats[0] and "Too few games yet" in seats[-1]
    assert "Hindenburg phases built: " in embed.fields[3].value and "Light airships: " in embed.fields[3].value
    assert embed.image.url == "attachment://stats.png"
    assert [a.filename for a in shown.message.attachments] == ["stats.png"]


async def test_with_the_servers_pages_on_the_answer_links_the_statistics_page(lounge: Lounge) -> None:
    await finished_game(lounge, 3)
    sharing = lounge.service.sharing
    sharing.public_url = "https://contrail.example"  # as PUBLIC_URL would set it
    await sharing.turn_on(lounge.guild.id, lounge.members[0].id)
    [embed] = answer(await lounge.members[2].slash(lounge.channel, "stats", game="airships")).embeds
    assert embed.url is not None and embed.url.startswith("https://contrail.example/stats/")
    assert f"[The statistics page]({embed.url})" in (embed.description or "")
    link = await sharing.resolve(embed.url.rsplit("/", 1)[1], LinkKind.STATS)
    assert link is not None and link.target == "airships"


async def test_inside_a_games_thread_stats_need_no_game(lounge: Lounge) -> None:
    thread, _ = await lounge.started_game(players=2, game="1930")
    here = await lounge.members[0].slash(thread, "stats")
    assert ephemeral_text(here).startswith("No finished games of 1930: The Golden Age of Airlines on this server")


def test_extreme_figures_fit_discords_limits() -> None:
    long = "A*very_long~title" * 20
    spread = Spread(10**9, 10**9, 10**9)
    seats = tuple(SeatShare(n, 10**9, 10**8, 1 / 6, 0.001) for n in range(6))
    figures = tuple(Figure(f"k{n}", long, Tally.SHARE, 0.5) for n in range(12))
    big = GameFigures("1930", long, False, "1-1", 10**9, tuple((n, 10**8) for n in range(2, 7)), spread, spread,
                      seats, "$", spread, spread, figures)
    assert reply_problems(stats_reply(big, b"png", "https://contrail.example/stats/" + "x" * 43)) == []
