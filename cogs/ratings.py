"""Ratings on this server: /rating for a member, /leaderboard for a game."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base.answers import say
from cogs.base.commands import answered, find_table
from cogs.base.options import GAME_CHOICES
from cogs.base.service import tables
from cogs.base.sight import can_view
from cogs.base.words import (
    COLOUR,
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    FIELD_VALUE_MAX,
    Reply,
    clip,
)
from cogs.web.messages import with_link
from engine.core import GameError
from engine.platform.records import LinkKind
from engine.platform.ratings import AI_USER, PROVISIONAL_GAMES
from engine.services.ratings import GameRating, Leaderboard, RatingCard

EMBED_FIELDS_MAX = 25
NAME_MAX = 40  # a leaderboard line stays one line on a phone
MARK = "*"  # provisional, as on the image
LEADERBOARD_IMAGE = "leaderboard.png"


def ordinal(place: int) -> str:
    """'1st', '2nd', '3rd', '11th'."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def counted(count: int, word: str) -> str:
    """'1 game', '3 games'."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def when(iso: str) -> str:
    """A Discord date that each reader sees in their own time zone."""
    try:
        return f"<t:{int(datetime.fromisoformat(iso).timestamp())}:d>"
    except ValueError:
        return ""


def game_field(guild_id: int, rating: GameRating) -> tuple[str, str]:
    """One game of /rating: the number and rank as the field's name, the record and last results as its value."""
    skill = rating.skill
    name = f"{rating.title}: {rating.text}"
    lines = [f"Rank {rating.rank} of {rating.rated} on this server · {counted(skill.games, 'rated game')},"
             f" {counted(skill.wins, 'win')}"]
    if skill.provisional:
        lines.append(f"Provisional until {PROVISIONAL_GAMES} rated games.")
    if rating.last:
        lines.append("Last results:")
        for past in rating.last:
            link = f"https://discord.com/channels/{guild_id}/{past.thread_id or past.channel_id}"
            lines.append(f"• {ordinal(past.place)} of {past.seats} in [game #{past.game_id}]({link}) {when(past.rated_at)}")
    return clip(name, EMBED_TITLE_MAX), clip("\n".join(lines), FIELD_VALUE_MAX)


async def in_sight(interaction: discord.Interaction, card: RatingCard) -> RatingCard:
    """The card naming only games the member may see among the last results; the ratings count every game, as
    the leaderboard does, and name none."""
    games = []
    for rating in card.games:
        last = [past for past in rating.last if await can_view(interaction, past.channel_id, past.thread_id)]
        games.append(replace(rating, last=tuple(last)))
    return replace(card, games=tuple(games))


def rating_reply(guild_id: int, card: RatingCard) -> Reply:
    name = discord.utils.escape_markdown(card.name)
    embed = discord.Embed(title=clip(f"{name}: rating", EMBED_TITLE_MAX), colour=COLOUR)
    for rating in card.games[:EMBED_FIELDS_MAX]:
        field_name, value = game_field(guild_id, rating)
        embed.add_field(name=field_name, value=value, inline=False)
    return Reply(embeds=[embed])


def leaderboard_reply(board: Leaderboard, image: bytes | None, *, web_url: str | None = None) -> Reply:
    """/leaderboard: the top 25 as lines and an image, and the leaderboard's web page when the server shows its
    pages (`web_url`)."""
    lines = []
    for row in board.rows:
        name = discord.utils.escape_markdown(clip(row.name, NAME_MAX))
        mark = MARK if row.provisional else ""
        lines.append(f"**{row.rank}.** {name} · **{row.rating:,}**{discord.utils.escape_markdown(mark)}"
                     f" · {counted(row.games, 'game')}, {counted(row.wins, 'win')}")
    if any(row.provisional for row in board.rows):
        lines.append(f"\n{discord.utils.escape_markdown(MARK)} provisional: fewer than {PROVISIONAL_GAMES} rated games")
    embed = discord.Embed(title=clip(f"{board.title} leaderboard", EMBED_TITLE_MAX), colour=COLOUR,
                          description=clip("\n".join(lines), EMBED_DESCRIPTION_MAX))
    embed.set_footer(text=f"{board.rated:,} member{'s' if board.rated != 1 else ''} rated on this server")
    if image is not None:
        embed.set_image(url=f"attachment://{LEADERBOARD_IMAGE}")
    return Reply(embeds=[with_link(embed, web_url)], image=image, image_name=LEADERBOARD_IMAGE)


class Ratings(commands.Cog):
    """Each member's rating per game on this server, and the server's best."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.guild_only()  # ratings belong to a server
    @app_commands.command(name="rating", description="A member's rating, rank, games, wins and last results")
    @app_commands.describe(member="Whose rating (you if left out; the bot itself for Contrail AI)",
                           game="Which game (every game they have played if left out)")
    @app_commands.choices(game=GAME_CHOICES)
    @answered()
    async def rating(
        self, interaction: discord.Interaction, member: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        who = member or interaction.user
        bot_user = interaction.client.user
        user_id = AI_USER if bot_user is not None and who.id == bot_user.id else who.id
        assert interaction.guild_id is not None  # guild_only
        card = await tables(interaction).ratings.rating_card(
            interaction.guild_id, user_id, who.display_name, game.value if game else None
        )
        await say(interaction, rating_reply(interaction.guild_id, await in_sight(interaction, card)))

    @app_commands.guild_only()
    @app_commands.command(name="leaderboard", description="The server's top 25 in a game")
    @app_commands.describe(game="Which game (inside a game's thread: that game)")
    @app_commands.choices(game=GAME_CHOICES)
    @answered()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        assert interaction.guild_id is not None  # guild_only
        service = tables(interaction)
        slug = game.value if game is not None else await thread_game(interaction)
        board = await service.ratings.leaderboard(interaction.guild_id, slug)
        image = await service.ratings.leaderboard_image(board)
        url = await service.sharing.url(interaction.guild_id, LinkKind.LEADERBOARD, slug)
        await say(interaction, leaderboard_reply(board, image, web_url=url))


async def thread_game(interaction: discord.Interaction) -> str:
    """The game played in the channel or thread a command came from, for commands whose game is optional there."""
    try:
        table = await find_table(interaction, None)
    except GameError:
        raise GameError("Which game? Pick one in the `game` option (inside a game's thread it is that game).") from None
    return table.slug


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Ratings(bot))
