"""/game replay, /game export and /game animation: step privately through a game's boards, take its log away as a
JSON file, or watch it as an animated image."""

from __future__ import annotations

from io import BytesIO

import discord

from cogs import components, flows
from cogs.messages import CONTENT_MAX, Reply, clip, game_name
from engine.core import GameError
from engine.services.replays import ReplayFrame

DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's default per-file limit, when the interaction doesn't say
WORD_LINE_MAX = 400  # one long event line must not crowd out the others


def replay_reply(frame: ReplayFrame, viewer_id: int) -> Reply:
    """One position of a replay: where we are, who moved and what it did, the board, and the four buttons."""
    table = frame.table
    if frame.move == 0:
        head = f"**Replay of {game_name(table)}**: the setup (move 0 of {frame.moves})."
    else:
        head = f"**Replay of {game_name(table)}**: move {frame.move} of {frame.moves}, by {frame.actor}."
    words = [clip(line, WORD_LINE_MAX) for line in frame.words] or ["Nothing to see at this move."]
    text = clip("\n".join([head, *words]), CONTENT_MAX)
    view = components.replay_view(table.id, frame.move, frame.moves, viewer_id)
    return Reply(content=text, image=frame.image, image_name="replay.png", view=view)


async def started_choices(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[int]]:
    """game_id suggestions for looking back: the games here first, then the server's latest, that have a board."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return []
    service = flows.tables(interaction)
    here = await service.reading.tables_at(interaction.guild_id, interaction.channel_id)
    latest = await service.reading.tables_in_guild(interaction.guild_id, limit=2 * flows.AUTOCOMPLETE_MAX)
    needle = current.strip().lstrip("#").lower()
    choices: dict[int, discord.app_commands.Choice[int]] = {}
    for table in [*here, *latest]:
        name = clip(f"#{table.id} {table.title} · {table.status.value} · {', '.join(table.names)}", 100)
        if table.started and table.id not in choices and needle in name.lower():
            choices[table.id] = discord.app_commands.Choice(name=name, value=table.id)
    return list(choices.values())[: flows.AUTOCOMPLETE_MAX]


async def show(interaction: discord.Interaction, game_id: int | None) -> None:
    """/game replay: the latest position, privately; the buttons step through the rest."""
    table = await flows.find_table(interaction, game_id)
    frame = await flows.tables(interaction).replays.replay_frame(table.id, interaction.guild_id or 0)
    await flows.say(interaction, replay_reply(frame, interaction.user.id))


async def step_from_component(interaction: discord.Interaction, game_id: int, move: int, viewer_id: int,
                              slot: str) -> None:
    """First / Back / Next / Last: the same private message shows another move."""
    async with flows.guarded(interaction):
        if interaction.user.id != viewer_id:
            raise GameError("This replay is someone else's: use /game replay to step through the game yourself.")
        await flows.begin(interaction)
        latest = slot == "last"  # Last follows a live game to its newest move, wherever the button was made
        frame = await flows.tables(interaction).replays.replay_frame(game_id, interaction.guild_id or 0,
                                                             None if latest else move)
        edit = replay_reply(frame, viewer_id).edit_kwargs()
        if frame.image is None:  # the board couldn't be drawn: drop the old one rather than show it for this move
            edit["attachments"] = []
        await interaction.edit_original_response(**edit)


async def export(interaction: discord.Interaction, game_id: int | None) -> None:
    """/game export: the game as a JSON file, privately, once it is over."""
    table = await flows.find_table(interaction, game_id)
    found = await flows.tables(interaction).replays.export_game(table.id, interaction.guild_id or 0)
    limit = getattr(interaction, "filesize_limit", None) or DEFAULT_UPLOAD_LIMIT
    if len(found.data) > limit:
        raise GameError(f"The export of {game_name(table)} is {len(found.data) // 1024:,} KiB, over Discord's "
                        f"upload limit here ({limit // 1024:,} KiB).")
    note = (f"{game_name(found.table)}: every move with its time. "
            f"`python -m engine replay {found.filename}` replays it to the same final scores.")
    await interaction.followup.send(content=note, file=discord.File(BytesIO(found.data), filename=found.filename),
                                    ephemeral=True)


async def animation(interaction: discord.Interaction, game_id: int | None) -> None:
    """/game animation: a game that is over as an animated GIF, one frame per turn, privately."""
    table = await flows.find_table(interaction, game_id)
    limit = getattr(interaction, "filesize_limit", None) or DEFAULT_UPLOAD_LIMIT
    found = await flows.tables(interaction).replays.animation(table.id, interaction.guild_id or 0, limit)
    note = f"{game_name(found.table)}, one frame per turn."
    await interaction.followup.send(content=note, file=discord.File(BytesIO(found.data), filename=found.filename),
                                    ephemeral=True)
