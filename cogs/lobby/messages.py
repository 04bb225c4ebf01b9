"""The lobby's messages: the live lobby with its buttons and rules menu, and the channel's invitation (no I/O)."""

from __future__ import annotations

import discord

import engine
from cogs.base.components import ID, Control, button, select, view_of
from cogs.base.words import (
    COLOUR,
    CONTENT_MAX,
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    STATUS_WORDS,
    Reply,
    clip,
    duration,
    game_name,
    mention,
    place,
)
from engine.options import game_options
from engine.platform.records import SeatRow, Status
from engine.services.tables import Table

LOBBY_SHAPE = rf"(?P<game>{ID}):(?P<verb>join|leave|start|add_ai|remove_ai)"
RULES_SHAPE = rf"(?P<game>{ID}):rules"
LOBBY_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "add_ai": discord.ButtonStyle.secondary,
    "remove_ai": discord.ButtonStyle.secondary,
}
LOBBY_LABELS = {"add_ai": "Add AI", "remove_ai": "Remove AI"}
MENU_MAX = 25


def lobby_button(game_id: int, verb: str) -> Control:
    """Join, Leave and Start on a lobby message, and for its creator Add AI and Remove AI."""
    return button(f"lobby:{game_id}:{verb}", LOBBY_LABELS.get(verb, verb.capitalize()), LOBBY_STYLES[verb])


def lobby_view(game_id: int, *, ai_seats: int = 0, rules: tuple[tuple[str, str, bool], ...] = (),
               full: bool = False) -> discord.ui.View:
    """Join, Leave, Start; Add AI, and Remove AI once there is an AI player to remove; the game's optional
    rules as (key, words, on) in one select menu, when it has any (the options picked are the rules switched on).
    A full table shows no Join and no Add AI: nobody could take the seat."""
    verbs = ("leave", "start") if full else ("join", "leave", "start", "add_ai")
    view = view_of(*(lobby_button(game_id, verb) for verb in (*verbs, *(("remove_ai",) if ai_seats else ()))))
    if rules:
        options = [discord.SelectOption(label=words[:100], value=key, default=on) for key, words, on in rules[:MENU_MAX]]
        view.add_item(select(f"lobby:{game_id}:rules", options, placeholder="Optional rules (the creator chooses)",
                             min_values=0, max_values=max(1, len(options))))
    return view


def invite_view(game_id: int) -> discord.ui.View:
    """The channel invitation's one button: the same Join as the lobby's."""
    return view_of(lobby_button(game_id, "join"))


def who(player: SeatRow) -> str:
    """A player as a message names them: a mention (which the message need not ping), or an AI seat's name."""
    return f"{player.name} (AI)" if player.ai else mention(player.user_id)


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
    if table.status is Status.LOBBY and seats >= table.max_players:
        embed.set_footer(text="Every seat is taken: the creator presses Start (seats are shuffled).")
    elif table.status is Status.LOBBY:
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
    full = len(table.players) >= table.max_players
    view = (lobby_view(table.id, ai_seats=ai_seats, rules=optional_rules(table), full=full)
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
    view = invite_view(table.id) if open_seats else None
    return Reply(content=clip(text, CONTENT_MAX), view=view)


def moved_lobby_text(table: Table, jump_url: str) -> str:
    """What an older lobby copy says once clicked: where the live lobby is (it keeps no buttons of its own)."""
    return f"This lobby has moved: {jump_url}" if jump_url else f"This lobby has moved to {place(table)}."


def abandoned_reply(table: Table, by_user_id: int) -> Reply:
    return Reply(content=f"{game_name(table)} was abandoned by {mention(by_user_id)}. Its log stays readable with /log.")
