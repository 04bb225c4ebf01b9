"""Pure message builders: service results in, Discord content, embeds and components out (no I/O)."""

from __future__ import annotations

from dataclasses import dataclass, field
from io import BytesIO
from typing import Any

import discord

import engine
from cogs import components
from engine.core import Outcome, game_options, hand_name
from engine.platform.records import PostRow, SeatRow, Status
from engine.services.tables import LogPage, MyGame, RulesCard, Standing, Table, TableStatus

CONTENT_MAX = 2000
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
FIELD_VALUE_MAX = 1024
BUTTON_LABEL_MAX = 80
SELECT_LABEL_MAX = 100
COLOUR = discord.Colour.from_rgb(70, 110, 170)

STATUS_WORDS = {
    Status.LOBBY: "waiting in the lobby",
    Status.ACTIVE: "being played",
    Status.FINISHED: "finished",
    Status.ABANDONED: "abandoned",
}


@dataclass
class Reply:
    """One message to send: everything optional, built without touching Discord."""

    content: str = ""
    embeds: list[discord.Embed] = field(default_factory=list)
    view: discord.ui.View | None = None
    image: bytes | None = None
    image_name: str = "board.png"
    ping: tuple[int, ...] = ()  # the only users this message may notify: a turn's new players, nobody else

    def mentions(self) -> discord.AllowedMentions:
        """Mentions in the text show as names; only the users in `ping` are notified."""
        return discord.AllowedMentions(
            everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in self.ping]
        )

    def send_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for Messageable.send / followup.send."""
        kwargs: dict[str, Any] = {"allowed_mentions": self.mentions()}
        if self.content:
            kwargs["content"] = self.content
        if self.embeds:
            kwargs["embeds"] = self.embeds
        if self.view is not None:
            kwargs["view"] = self.view
        if self.image is not None:
            kwargs["file"] = self.file()
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        """Keyword arguments to replace a message's text, embeds, components and board (an edit notifies nobody)."""
        kwargs: dict[str, Any] = {
            "content": self.content or None, "embeds": self.embeds, "view": self.view,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        if self.image is not None:
            kwargs["attachments"] = [self.file()]  # replaces the old board rather than adding a second one
        return kwargs

    def file(self) -> discord.File:
        assert self.image is not None
        return discord.File(BytesIO(self.image), filename=self.image_name)


def clip(text: str, limit: int) -> str:
    """Cut text to a Discord limit, marking the cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def place(table: Table) -> str:
    return f"<#{table.place_id}>"


def jump_url(table: Table, post: PostRow) -> str:
    """A link to a message the game keeps (its lobby, its turn message)."""
    return f"https://discord.com/channels/{table.game.guild_id}/{post.channel_id}/{post.message_id}"


def game_name(table: Table) -> str:
    return f"{table.title} #{table.id}"


# -- lobby -------------------------------------------------------------------------------------


def who(player: SeatRow) -> str:
    """A player as a message names them: a mention (which the message need not ping), or an AI seat's name."""
    return f"{player.name} (AI)" if player.ai else mention(player.user_id)


def duration(seconds: int) -> str:
    return f"{seconds // 86400} days" if seconds % 86400 == 0 and seconds >= 2 * 86400 else f"{seconds // 3600} hours"


def clock_words(table: Table) -> str:
    """The turn clock chosen when the game was opened, in words."""
    turn = table.game.turn_seconds
    remind = table.game.reminder_seconds
    turn_text = f"Turn time: {duration(turn)}, then the autopilot plays." if turn else "Turn time: no limit."
    remind_text = f"Reminders every {duration(remind)}." if remind else "No reminders."
    return f"{turn_text} {remind_text}"


def lobby_embed(table: Table) -> discord.Embed:
    seats = len(table.players)
    lines = [f"{i}. {who(p)}" for i, p in enumerate(table.players, start=1)] or ["Nobody yet."]
    embed = discord.Embed(title=clip(f"{game_name(table)}: lobby", EMBED_TITLE_MAX), colour=COLOUR)
    rules = rules_words(table)
    embed.description = clip(
        f"Opened by {mention(table.creator_id)}. {table.min_players} to {table.max_players} players.\n"
        f"{clock_words(table)}\n" + (f"{rules}\n" if rules else "") + "\n"
        f"**Players ({seats}/{table.max_players})**\n" + "\n".join(lines),
        EMBED_DESCRIPTION_MAX,
    )
    if table.status is Status.LOBBY:
        embed.set_footer(
            text="Press Join to take a seat (or /game join). The creator may add AI players and presses Start; "
            "seats are shuffled."
        )
    else:
        embed.set_footer(text=f"This game is {STATUS_WORDS[table.status]}.")
    return embed


def optional_rules(table: Table) -> tuple[tuple[str, str, bool], ...]:
    """The game's optional rules as (key, words, switched on)."""
    chosen = table.game.options
    return tuple((key, words, bool(chosen.get(key))) for key, words in game_options(engine.get_game(table.slug)))


def rules_words(table: Table) -> str:
    """One line naming the optional rules switched on, or '' for a game without optional rules."""
    rules = optional_rules(table)
    if not rules:
        return ""
    on = [words for _, words, switched in rules if switched]
    return "Optional rules: none." if not on else "Optional rules:\n" + "\n".join(f"• {words}" for words in on)


def lobby_reply(table: Table) -> Reply:
    """The one live lobby, in the game's thread: its buttons go once the game starts or is abandoned."""
    ai_seats = sum(1 for p in table.players if p.ai)
    view = (components.lobby_view(table.id, ai_seats=ai_seats, rules=optional_rules(table))
            if table.status is Status.LOBBY else None)
    return Reply(embeds=[lobby_embed(table)], view=view)


def invite_reply(table: Table) -> Reply:
    """The invitation in the channel the game was opened from, for people who never open the thread."""
    seats = len(table.players)
    open_seats = table.status is Status.LOBBY and seats < table.max_players
    if open_seats:
        text = (f"{mention(table.creator_id)} opened a game of **{table.title}** in {place(table)}: "
                f"{seats} of {table.max_players} seats taken. Press Join to play.")
    elif table.status is Status.LOBBY:
        text = f"The game of **{table.title}** in {place(table)} is full ({seats} players) and about to start."
    else:
        text = f"The game of **{table.title}** in {place(table)} is {STATUS_WORDS[table.status]}. Follow it there."
    view = components.invite_view(table.id) if open_seats else None
    return Reply(content=clip(text, CONTENT_MAX), view=view)


def moved_lobby_text(table: Table, jump_url: str) -> str:
    """What an older lobby copy says once clicked: where the live lobby is (it keeps no buttons of its own)."""
    return f"This lobby has moved: {jump_url}" if jump_url else f"This lobby has moved to {place(table)}."


def final_embed(table: Table, outcome: Outcome, standings: tuple[Standing, ...] = ()) -> discord.Embed:
    names = {p.seat: p.name for p in table.players if p.seat is not None}
    lines = []
    place_no = 1
    for group in outcome.ranking:
        for seat in group:
            extra = f" · {outcome.tiebreak_text(seat)}" if outcome.tiebreak else ""
            lines.append(f"{place_no}. **{names.get(seat, f'Seat {seat + 1}')}**: {outcome.score_text(seat)}{extra}")
        place_no += len(group)
    winners = [names.get(s, f"Seat {s + 1}") for s in outcome.winners]
    headline = f"Winner: **{winners[0]}**" if len(winners) == 1 else f"Shared win: **{' and '.join(winners)}**"
    embed = discord.Embed(title=clip(f"Final scores: {game_name(table)}", EMBED_TITLE_MAX), colour=COLOUR)
    body = "\n".join([headline, "", *lines])
    if outcome.details:
        body += f"\n\n{outcome.details}"
    embed.description = clip(body, EMBED_DESCRIPTION_MAX)
    embed.set_footer(text=f"Ties are broken by {outcome.tiebreak_words[1]}." if outcome.tiebreak
                     else "Tied players share the place.")
    return embed


# -- looking at a game ---------------------------------------------------------------------------


def standing_marks(standing: Standing) -> str:
    """' (AI)', ' (autopilot)', ' (away until <t:…:f>)': who is not playing their seat themselves right now."""
    marks = " (AI)" if standing.ai else " (autopilot)" if standing.autopilot else ""
    if standing.away_until is not None:
        marks += f" (away until <t:{int(standing.away_until)}:f>)"
    return marks


def status_reply(status: TableStatus) -> Reply:
    """/game status: the lobby, whose turn and the scores, the final scores, or a game abandoned in its lobby."""
    table = status.table
    if not table.started and table.status is not Status.LOBBY:
        title = clip(f"{game_name(table)}: {STATUS_WORDS[table.status]}", EMBED_TITLE_MAX)
        embed = discord.Embed(title=title, colour=COLOUR, description=lobby_embed(table).description)
        embed.set_footer(text="This game was abandoned before it started.")
        return Reply(embeds=[embed])
    embed = discord.Embed(title=clip(f"{game_name(table)}: {STATUS_WORDS[table.status]}", EMBED_TITLE_MAX), colour=COLOUR)
    if table.status is Status.LOBBY:
        embed.description = lobby_embed(table).description
        return Reply(embeds=[embed])
    if status.outcome is not None:
        return Reply(embeds=[final_embed(table, status.outcome, status.standings)])
    if status.prompt is not None:
        who = " and ".join(m.name for m in status.prompt.movers)
        embed.description = f"Turn: **{who}** ({status.prompt.asks})."
    scores = "\n".join(
        f"{s.name}{standing_marks(s)}: {s.score_text}" if s.score is not None else s.name for s in status.standings
    )
    embed.add_field(name="Scores so far", value=clip(scores or "None yet.", FIELD_VALUE_MAX), inline=False)
    embed.add_field(name="Where", value=place(table), inline=True)
    embed.add_field(name="Moves", value=str(table.version), inline=True)
    return Reply(embeds=[embed])


def log_reply(page: LogPage) -> Reply:
    table = page.table
    embed = discord.Embed(title=clip(f"{game_name(table)}: move log", EMBED_TITLE_MAX), colour=COLOUR)
    text = "\n".join(clip(line, 400) for line in page.lines) or "Nothing has happened yet."
    embed.description = clip(text, EMBED_DESCRIPTION_MAX)
    embed.set_footer(text=f"Page {page.page} of {page.pages}")
    return Reply(embeds=[embed], view=components.log_view(table.id, page.page, page.pages))


def hand_reply(table: Table, view: dict[str, Any]) -> Reply:
    noun = hand_name(engine.get_game(table.slug))
    embed = discord.Embed(title=clip(f"{game_name(table)}: your {noun}", EMBED_TITLE_MAX), colour=COLOUR)
    for name, value in engine.get_game(table.slug).hand_fields(view)[:25]:
        embed.add_field(name=clip(name, 256), value=clip(value or "-", FIELD_VALUE_MAX), inline=False)
    return Reply(embeds=[embed])


def rules_reply(card: RulesCard) -> Reply:
    """One topic of a game's rules, in one embed; the footer names the other topics."""
    title = f"{card.title} ({card.players} players): {card.topic.title}"
    embed = discord.Embed(title=clip(title, EMBED_TITLE_MAX), colour=COLOUR)
    embed.description = clip(card.topic.text, EMBED_DESCRIPTION_MAX)
    others = ", ".join(t.key for t in card.topics if t.key != card.topic.key)
    embed.set_footer(text=clip(f"More with /rules topic: {others}", 2048))
    return Reply(embeds=[embed])


def abandoned_reply(table: Table, by_user_id: int) -> Reply:
    return Reply(content=f"{game_name(table)} was abandoned by {mention(by_user_id)}. Its log stays readable with /log.")


# -- stale clicks, failed posts, games that never started, the game list -------------------------

STALE_PROMPT = "This prompt is out of date."
LIST_LIMIT = 25  # the games /game list asks the store for: the most recent, live ones first


def unposted_text(table: Table, what_counted: str = "", recover: str = "") -> str:
    """Tell the actor a message about the game could not be posted, and that what they did still counts."""
    send = "Send Messages in Threads" if table.game.thread_id else "Send Messages"
    lead = f"{what_counted}, but I couldn't" if what_counted else "I couldn't"
    text = f"{lead} post in {place(table)}: please check my permissions there ({send}, Attach Files, Embed Links)."
    return f"{text} {recover}" if recover else text


def list_reply(tables: list[Table], limit: int = LIST_LIMIT) -> Reply:
    """/game list: slug, players, state and link of each game that fits; `tables` may hold one beyond the limit."""
    if not tables:
        return Reply(content="No games on this server yet. Start one with /game new.")
    more = "Older games aren't listed: give a command their game_id to reach them."
    lines: list[str] = []
    for table in tables[:limit]:
        players = ", ".join(p.name for p in table.players) or "nobody"
        line = f"**#{table.id} {table.title}** (`{table.slug}`) · {table.status.value} · {players} · {place(table)}"
        if len("\n".join([*lines, line, more])) > EMBED_DESCRIPTION_MAX:
            break
        lines.append(line)
    if len(lines) < len(tables):
        lines.append(more)
    embed = discord.Embed(title="Games on this server", colour=COLOUR)
    embed.description = "\n".join(lines)
    embed.set_footer(text="Live games first, then the most recent.")
    return Reply(embeds=[embed])


MINE_LIMIT = 25  # games /game mine lists; the rest are counted


def mine_reply(games: list[MyGame], server_names: dict[int, str]) -> Reply:
    """/game mine: the caller's live games, those waiting on them first, each with how long and its deadline."""
    if not games:
        return Reply(content="You're not in any game right now. Open one with /game new.")
    lines: list[str] = []
    for mine in games[:MINE_LIMIT]:
        table = mine.table
        where = server_names.get(table.game.guild_id, "another server")
        link = f"https://discord.com/channels/{table.game.guild_id}/{table.place_id}"
        state = "**your turn**" if mine.waiting_on_you else STATUS_WORDS[table.status]
        line = f"**{game_name(table)}** on {where}: {state}"
        if mine.since is not None:
            line += f", waiting since <t:{int(mine.since)}:R>"
        if mine.deadline is not None:
            line += f", deadline <t:{int(mine.deadline)}:R>"
        line += f" · {link}"
        if len("\n".join([*lines, line])) > EMBED_DESCRIPTION_MAX - 100:
            break
        lines.append(line)
    if len(lines) < len(games):
        lines.append(f"…and {len(games) - len(lines)} more.")
    embed = discord.Embed(title="Your games", colour=COLOUR, description="\n".join(lines))
    embed.set_footer(text="Games waiting on you come first, the longest wait first.")
    return Reply(embeds=[embed])
