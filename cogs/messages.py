"""Pure message builders: service results in, Discord content, embeds and components out (no I/O)."""

from __future__ import annotations

from dataclasses import dataclass, field
from io import BytesIO
from typing import Any

import discord

import engine
from cogs import components
from engine.core import Action, Outcome
from engine.records import Status
from engine.tables import LogPage, MoveResult, Opening, Prompt, RulesCard, Standing, Table, TableStatus

CONTENT_MAX = 2000
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
FIELD_VALUE_MAX = 1024
BUTTON_LABEL_MAX = 80
SELECT_LABEL_MAX = 100
MAX_BUTTON_CHOICES = 5  # "a few": one row of buttons; more become a select menu
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

    def send_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for Messageable.send / followup.send, with only users pingable."""
        kwargs: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=True)}
        if self.content:
            kwargs["content"] = self.content
        if self.embeds:
            kwargs["embeds"] = self.embeds
        if self.view is not None:
            kwargs["view"] = self.view
        if self.image is not None:
            kwargs["file"] = discord.File(BytesIO(self.image), filename=self.image_name)
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        """Keyword arguments to replace a message's text, embeds and components (attachments stay)."""
        return {"content": self.content or None, "embeds": self.embeds, "view": self.view}


def clip(text: str, limit: int) -> str:
    """Cut text to a Discord limit, marking the cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def join_within(head: list[str], tail: str, limit: int = CONTENT_MAX) -> str:
    """Head lines then the tail, dropping head lines from the front until it fits: the tail matters most."""
    lines = list(head)
    while lines and len("\n".join([*lines, tail]).strip()) > limit:
        lines.pop(0)
    text = "\n".join([*lines, tail]).strip()
    return clip(text, limit)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def place(table: Table) -> str:
    return f"<#{table.place_id}>"


def game_name(table: Table) -> str:
    return f"{table.title} #{table.id}"


# -- lobby -------------------------------------------------------------------------------------


def lobby_embed(table: Table) -> discord.Embed:
    seats = len(table.players)
    lines = [f"{i}. {mention(p.user_id)}" for i, p in enumerate(table.players, start=1)] or ["Nobody yet."]
    embed = discord.Embed(title=clip(f"{game_name(table)}: lobby", EMBED_TITLE_MAX), colour=COLOUR)
    embed.description = clip(
        f"Opened by {mention(table.creator_id)}. {table.min_players} to {table.max_players} players.\n\n"
        f"**Players ({seats}/{table.max_players})**\n" + "\n".join(lines),
        EMBED_DESCRIPTION_MAX,
    )
    embed.set_footer(text="Press Join to take a seat (or /game join). The creator presses Start; seats are shuffled.")
    return embed


def lobby_reply(table: Table, note: str = "") -> Reply:
    view = components.lobby_view(table.id) if table.status is Status.LOBBY else None
    return Reply(content=clip(note, CONTENT_MAX), embeds=[lobby_embed(table)], view=view)


def closed_lobby_reply(table: Table) -> Reply:
    """The lobby message once the game has started or was abandoned: no more buttons."""
    embed = lobby_embed(table)
    embed.set_footer(text=f"This game is {STATUS_WORDS[table.status]}.")
    return Reply(embeds=[embed])


def seating_line(table: Table) -> str:
    order = ", ".join(f"{p.seat + 1}. {p.name}" for p in table.players if p.seat is not None)
    return f"Seats, shuffled with the game's seed: {order}."


# -- turn prompts ------------------------------------------------------------------------------


def ask(prompt: Prompt) -> str:
    return prompt.asks


def prompt_text(prompt: Prompt) -> str:
    who = " and ".join(mention(m.user_id) for m in prompt.movers)
    text = f"{who}, your turn: {ask(prompt)}."
    if not _shared_choices(prompt):
        text += " Use /move to see your choices."
    return text


def _shared_choices(prompt: Prompt) -> tuple[Action, ...] | None:
    """The choices every mover shares (one set of controls serves all), else None."""
    first = prompt.movers[0].choices
    return first if all(m.choices == first for m in prompt.movers) else None


def prompt_view(prompt: Prompt) -> discord.ui.View | None:
    choices = _shared_choices(prompt)
    if not choices:
        return None
    view = discord.ui.View(timeout=None)
    if len(choices) <= MAX_BUTTON_CHOICES:
        for n, action in enumerate(choices):
            style = discord.ButtonStyle.secondary if action.minor else discord.ButtonStyle.primary
            label = clip(action.label or action.key, BUTTON_LABEL_MAX)
            view.add_item(components.ChoiceButton(prompt.game_id, prompt.version, n, label=label, style=style))
    else:
        options = [
            discord.SelectOption(label=clip(a.label or a.key, SELECT_LABEL_MAX), value=str(n))
            for n, a in enumerate(choices[:25])
        ]
        view.add_item(components.ChoiceSelect(prompt.game_id, prompt.version, options=options, placeholder=clip(ask(prompt).capitalize(), 150)))
    return view


def prompt_reply(table: Table, prompt: Prompt, note: str = "") -> Reply:
    """A fresh prompt on its own, e.g. after a stale click."""
    text = f"{game_name(table)}: {note}\n{prompt_text(prompt)}" if note else f"{game_name(table)}: {prompt_text(prompt)}"
    return Reply(content=clip(text, CONTENT_MAX), view=prompt_view(prompt))


# -- moves and the end -------------------------------------------------------------------------


def opening_reply(opening: Opening) -> Reply:
    table = opening.table
    head = [f"**{game_name(table)} begins!** {seating_line(table)}", *opening.events]
    tail = prompt_text(opening.prompt) if opening.prompt else ""
    view = prompt_view(opening.prompt) if opening.prompt else None
    return Reply(content=join_within(head, tail), view=view, image=opening.image)


def move_reply(result: MoveResult) -> Reply:
    """One message per move: what happened, the new board, and who acts next (or the final scores)."""
    if result.outcome is not None:
        embed = final_embed(result.table, result.outcome, result.standings)
        text = join_within(result.events, f"**{game_name(result.table)} is over.**")
        return Reply(content=text, embeds=[embed], image=result.image)
    assert result.prompt is not None
    return Reply(
        content=join_within(result.events, prompt_text(result.prompt)),
        view=prompt_view(result.prompt),
        image=result.image,
    )


def final_embed(table: Table, outcome: Outcome, standings: tuple[Standing, ...] = ()) -> discord.Embed:
    names = {p.seat: p.name for p in table.players if p.seat is not None}
    lines = []
    place_no = 1
    for group in outcome.ranking:
        for seat in group:
            extra = f" · {outcome.tiebreak_text(seat)}" if outcome.tiebreak else ""
            lines.append(f"{place_no}. **{names.get(seat, f'Seat {seat + 1}')}**: {outcome.scores[seat]} VP{extra}")
        place_no += len(group)
    winners = [names.get(s, f"Seat {s + 1}") for s in outcome.winners]
    headline = f"Winner: **{winners[0]}**" if len(winners) == 1 else f"Shared win: **{' and '.join(winners)}**"
    embed = discord.Embed(title=clip(f"Final scores: {game_name(table)}", EMBED_TITLE_MAX), colour=COLOUR)
    body = "\n".join([headline, "", *lines])
    if outcome.details:
        body += f"\n\n{outcome.details}"
    embed.description = clip(body, EMBED_DESCRIPTION_MAX)
    embed.set_footer(text=f"Ties are broken by {outcome.tiebreak_words[1]}, as the rulebook says.")
    return embed


# -- looking at a game ---------------------------------------------------------------------------


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
        who = ", ".join(m.name for m in status.prompt.movers)
        embed.description = f"Turn: **{who}** ({ask(status.prompt)})."
    scores = "\n".join(f"{s.name}: {s.score} VP" if s.score is not None else s.name for s in status.standings)
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
    embed = discord.Embed(title=clip(f"{game_name(table)}: your company", EMBED_TITLE_MAX), colour=COLOUR)
    for name, value in engine.get_game(table.slug).hand_fields(view)[:25]:
        embed.add_field(name=clip(name, 256), value=clip(value or "-", FIELD_VALUE_MAX), inline=False)
    return Reply(embeds=[embed])


def rules_reply(card: RulesCard) -> Reply:
    embed = discord.Embed(title=clip(f"{card.title}: the rules in short", EMBED_TITLE_MAX), colour=COLOUR)
    embed.description = clip(card.summary, EMBED_DESCRIPTION_MAX)
    embed.add_field(name="Players", value=card.players, inline=True)
    full = card.rulebook or f"The {card.title} rulebook."
    embed.add_field(name="Full rules", value=clip(full, FIELD_VALUE_MAX), inline=False)
    embed.set_footer(text="Play with /move or the buttons on each turn prompt; /hand shows your own company.")
    return Reply(embeds=[embed])


def board_reply(table: Table, image: bytes | None, prompt: Prompt | None = None) -> Reply:
    """The board again and, while the game is played, the current prompt: a lost prompt can always be recovered."""
    if image is None:
        head = f"{game_name(table)}: I couldn't draw the board just now. Try /board again shortly."
    else:
        head = f"{game_name(table)}: the board after {table.version} moves."
    if prompt is None:
        return Reply(content=head, image=image)
    return Reply(content=join_within([head], prompt_text(prompt)), view=prompt_view(prompt), image=image)


def abandoned_reply(table: Table, by_user_id: int) -> Reply:
    return Reply(content=f"{game_name(table)} was abandoned by {mention(by_user_id)}. Its log stays readable with /log.")


# -- stale clicks, failed posts, games that never started, the game list -------------------------

STALE_PROMPT = "This prompt is out of date."
LIST_LIMIT = 25  # the games /game list asks the store for: the most recent, live ones first


def stale_reply(table: Table, prompt: Prompt | None, user_id: int, reason: str = STALE_PROMPT) -> Reply:
    """A click on an old prompt, answered to the clicker alone: their current choices, or whose turn it is."""
    if prompt is None:
        return Reply(content=f"{reason} {game_name(table)} is {STATUS_WORDS[table.status]}.")
    mine = prompt.only(user_id)
    if mine is None:
        waiting = " and ".join(m.name for m in prompt.movers)
        return Reply(content=f"{reason} It's {waiting}'s turn now.")
    fresh = prompt_reply(table, mine)
    return Reply(content=join_within([reason], fresh.content), view=fresh.view)


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
