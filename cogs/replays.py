"""/game replay, export and animation: a game's boards step by step, its log as JSON, or an animated image."""

from __future__ import annotations

from io import BytesIO

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base.answers import begin, say
from cogs.base.commands import own_table, table_command
from cogs.base.components import ID, USER, VERSION, Click, button, component, view_of
from cogs.base.options import GAME_ID_HERE, started_choices
from cogs.base.service import tables
from cogs.base.words import CONTENT_MAX, Reply, clip
from engine.core import GameError
from engine.services.replays import ReplayFrame
from engine.services.tables import Table

DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's default per-file limit, when the interaction doesn't say
WORD_LINE_MAX = 400  # one long event line must not crowd out the others
STEP_SHAPE = rf"(?P<game>{ID}):m(?P<move>{VERSION}):(?P<user>{USER}):(?P<slot>first|back|next|last)"
STEP_LABELS = {"first": "⏮ First", "back": "◀ Back", "next": "Next ▶", "last": "Last ⏭"}


def replay_view(game_id: int, move: int, moves: int, user_id: int) -> discord.ui.View:
    """First / Back / Next / Last of a replay at `move` of `moves`; those leading nowhere are greyed out.
    Each button names the move it leads to and whose replay it is."""
    targets = {"first": 0, "back": max(move - 1, 0), "next": min(move + 1, moves), "last": moves}
    return view_of(*(
        button(f"replay:{game_id}:m{target}:{user_id}:{slot}", STEP_LABELS[slot], disabled=target == move)
        for slot, target in targets.items()
    ))


def replay_reply(frame: ReplayFrame, viewer_id: int) -> Reply:
    """One position of a replay: where we are, who moved and what it did, the board, and the four buttons."""
    table = frame.table
    if frame.move == 0:
        head = f"**Replay of {table.display_name}**: the setup (move 0 of {frame.moves})."
    else:
        head = f"**Replay of {table.display_name}**: move {frame.move} of {frame.moves}, by {frame.actor}."
    words = [clip(line, WORD_LINE_MAX) for line in frame.words] or ["Nothing to see at this move."]
    text = clip("\n".join([head, *words]), CONTENT_MAX)
    view = replay_view(table.id, frame.move, frame.moves, viewer_id)
    return Reply(content=text, image=frame.image, image_name="replay.png", view=view)


@component("replay", STEP_SHAPE, acknowledge=False)  # someone else's replay is refused before any defer
async def step(interaction: discord.Interaction, click: Click) -> None:
    """First / Back / Next / Last: the same private message shows another move."""
    game_id, move, viewer_id, slot = click.number("game"), click.number("move"), click.number("user"), click["slot"]
    if interaction.user.id != viewer_id:
        raise GameError("This replay is someone else's: use /game replay to step through the game yourself.")
    await begin(interaction)
    table = await own_table(interaction, game_id)
    latest = slot == "last"  # Last follows a live game to its newest move, wherever the button was made
    frame = await tables(interaction).replays.replay_frame(table.id, interaction.guild_id or 0,
                                                   None if latest else move)
    edit = replay_reply(frame, viewer_id).edit_kwargs()
    if frame.image is None:  # the board couldn't be drawn: drop the old one rather than show it for this move
        edit["attachments"] = []
    await interaction.edit_original_response(**edit)


def upload_limit(interaction: discord.Interaction) -> int:
    return getattr(interaction, "filesize_limit", None) or DEFAULT_UPLOAD_LIMIT


class ReplayCommands(commands.Cog):  # a Cog only for discord.py's typing: cogs.game adds it to /game
    """/game replay, export and animation: a game looked back on, privately."""

    @app_commands.command(name="replay", description="Step privately through a game's boards, move by move")
    @table_command(autocomplete=started_choices, description=GAME_ID_HERE)
    async def replay(self, interaction: discord.Interaction, table: Table) -> None:
        """The latest position, privately; the buttons step through the rest."""
        frame = await tables(interaction).replays.replay_frame(table.id, interaction.guild_id or 0)
        await say(interaction, replay_reply(frame, interaction.user.id))

    @app_commands.command(name="export", description="A finished game as a JSON file: every move, replayable")
    @table_command(autocomplete=started_choices, description=GAME_ID_HERE)
    async def export(self, interaction: discord.Interaction, table: Table) -> None:
        """The game as a JSON file, privately, once it is over."""
        found = await tables(interaction).replays.export_game(table.id, interaction.guild_id or 0)
        limit = upload_limit(interaction)
        if len(found.data) > limit:
            raise GameError(f"The export of {table.display_name} is {len(found.data) // 1024:,} KiB, over Discord's "
                            f"upload limit here ({limit // 1024:,} KiB).")
        note = (f"{found.table.display_name}: every move with its time. "
                f"`python -m engine replay {found.filename}` replays it to the same final scores.")
        await interaction.followup.send(content=note, file=discord.File(BytesIO(found.data), filename=found.filename),
                                        ephemeral=True)

    @app_commands.command(name="animation", description="A game that is over as an animated image, one frame per turn")
    @table_command(autocomplete=started_choices, description=GAME_ID_HERE)
    async def animation(self, interaction: discord.Interaction, table: Table) -> None:
        """A game that is over as an animated GIF, one frame per turn, privately."""
        limit = upload_limit(interaction)
        found = await tables(interaction).replays.animation(table.id, interaction.guild_id or 0, limit)
        note = f"{found.table.display_name}, one frame per turn."
        await interaction.followup.send(content=note, file=discord.File(BytesIO(found.data), filename=found.filename),
                                        ephemeral=True)
