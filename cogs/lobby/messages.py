"""The lobby's messages: the live lobby with its buttons and rules menu, and the channel's invitation (no I/O)."""

from __future__ import annotations

import discord

from cogs.base.components import ID, Control, button, select, view_of
from cogs.base.options import LEVEL_BLURBS
from cogs.base.words import (
    COLOUR,
    CONTENT_MAX,
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    STATUS_WORDS,
    Reply,
    clip,
    duration,
    mention,
    place,
)
from engine.options import game_options
from engine.platform.levels import Level
from engine.platform.records import SeatRow, Status
from engine.services.tables import Table

LOBBY_SHAPE = rf"(?P<game>{ID}):(?P<verb>join|leave|start|remove_ai|hints_on|hints_off)"
RULES_SHAPE = rf"(?P<game>{ID}):rules"
AI_SHAPE = rf"(?P<game>{ID}):add_ai"
LOBBY_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "remove_ai": discord.ButtonStyle.secondary,
    "hints_on": discord.ButtonStyle.secondary,
    "hints_off": discord.ButtonStyle.secondary,
}
LOBBY_LABELS = {"remove_ai": "Remove AI", "hints_on": "Allow hints", "hints_off": "Forbid hints"}
MENU_MAX = 25


def lobby_button(game_id: int, verb: str) -> Control:
    """Join, Leave and Start on a lobby message, and for its creator Remove AI and the hints switch."""
    return button(f"lobby:{game_id}:{verb}", LOBBY_LABELS.get(verb, verb.capitalize()), LOBBY_STYLES[verb])


def level_menu(game_id: int) -> Control:
    """The creator's menu that seats an AI player at the level picked."""
    options = [discord.SelectOption(label=f"Add an AI player: {level.value}", value=level.value,
                                    description=LEVEL_BLURBS[level][:100]) for level in Level]
    return select(f"lobby:{game_id}:add_ai", options, placeholder="Add an AI player (the creator picks its level)")


def lobby_view(game_id: int, *, ai_seats: int = 0, rules: tuple[tuple[str, str, bool], ...] = (),
               full: bool = False, hints: bool = False) -> discord.ui.View:
    """Join, Leave, Start; Remove AI once there is an AI player to remove; the hints switch; a menu that adds an
    AI player at a level; the game's optional rules as (key, words, on) in one select menu, when it has any (the
    options picked are the rules switched on). A full table shows no Join and no AI menu: nobody could take the
    seat."""
    verbs: tuple[str, ...] = ("leave", "start") if full else ("join", "leave", "start")
    verbs += ("remove_ai",) if ai_seats else ()
    view = view_of(*(lobby_button(game_id, verb) for verb in (*verbs, "hints_off" if hints else "hints_on")))
    if not full:
        view.add_item(level_menu(game_id))
    if rules:
        options = [discord.SelectOption(label=words[:100], value=key, default=on) for key, words, on in rules[:MENU_MAX]]
        view.add_item(select(f"lobby:{game_id}:rules", options, placeholder="Optional rules (the creator chooses)",
                             min_values=0, max_values=max(1, len(options))))
    return view


def invite_view(game_id: int) -> discord.ui.View:
    """The channel invitation's one button: the same Join as the lobby's."""
    return view_of(lobby_button(game_id, "join"))


def who(player: SeatRow) -> str:
    """A player as a message names them: a mention (which the message need not ping), or an AI seat's name (which
    says it is one, and at which level)."""
    return player.name if player.ai else mention(player.user_id)


def clock_words(table: Table) -> str:
    """The turn clock chosen when the game was opened, in words."""
    turn = table.row.turn_seconds
    remind = table.row.reminder_seconds
    turn_text = f"Turn time: {duration(turn)}, then the autopilot plays." if turn else "Turn time: no limit."
    remind_text = f"Reminders every {duration(remind)}." if remind else "No reminders."
    return f"{turn_text} {remind_text}"


def hints_words(table: Table) -> str:
    """Whether the table allows /hint, in one line."""
    if table.row.hints:
        return "Hints: allowed (/hint shows the player to act what the AI would choose, and why)."
    return "Hints: not allowed."


def cards_words(table: Table) -> str:
    """Which cards the table plays with, in one line ("" for the built-in ones)."""
    return f"Cards: this server's pack **{table.pack_name}** (/pack show)." if table.pack_name else ""


def lobby_embed(table: Table) -> discord.Embed:
    seats = len(table.players)
    lines = [f"{i}. {who(p)}" for i, p in enumerate(table.players, start=1)] or ["Nobody yet."]
    embed = discord.Embed(title=clip(f"{table.display_name}: lobby", EMBED_TITLE_MAX), colour=COLOUR)
    rules = rules_words(table)
    embed.description = clip(
        f"Opened by {mention(table.creator_id)}. {table.min_players} to {table.max_players} players.\n"
        f"{clock_words(table)}\n{hints_words(table)}\n"
        + "".join(f"{line}\n" for line in (cards_words(table), rules) if line) + "\n"
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
    chosen = table.row.options
    return tuple((key, words, bool(chosen.get(key))) for key, words in game_options(table.rules))


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
    view = (lobby_view(table.id, ai_seats=ai_seats, rules=optional_rules(table), full=full, hints=table.row.hints)
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
    return Reply(content=f"{table.display_name} was abandoned by {mention(by_user_id)}. Its log stays readable with /log.")
