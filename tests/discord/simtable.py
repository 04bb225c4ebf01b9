"""Helpers for Discord tests: read what the bot posted and drive games as simulated members."""

from __future__ import annotations

import random
import re
import struct
import zlib
from pathlib import Path
from typing import Any

import discord
from simcord import ChannelHandle, Env, GuildHandle, InteractionResult, MemberActor
from simcord.actors import _component_interaction, _visible_message
from simcord.enums import ComponentType
from simcord.results import to_discord_message

from bot import ContrailBot, Settings, create_bot
from cogs.play import prompts
from engine.platform.records import Status
from engine.services import Services
from tests.stub_drawing import stub_drawing
from engine.store import Store

PROMPT_ID = re.compile(r"g:(\d+):v(\d+):(\d+|pick|mine)")
MEMBER_NAMES = ("ann", "bob", "cy", "dee", "eve")


def tiny_png(slug: str, view: dict[str, Any]) -> bytes:
    """A valid 1x1 PNG: most Discord tests need an image to attach, not a drawing."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\xff\xff\xff")) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


async def close_store(bot: ContrailBot) -> None:
    """simcord detaches a bot without closing it; its database connection thread is ours to end."""
    if bot.store is not None:
        await bot.store.close()
        bot.store = None


def make_bot(
    database: Path | str, render: Any = tiny_png, *, shard_count: int = 1, shard_ids: tuple[int, ...] | None = None,
    public_url: str | None = None,
) -> ContrailBot:
    """The bot on a SQLite file, or on PostgreSQL when `database` is a URL (as DATABASE_URL would set); with
    `public_url` its messages link to web pages (PUBLIC_URL), which it does not serve itself (no WEB_PORT)."""
    # One shard by default: simcord needs a count, and the real bot would ask Discord for its recommendation.
    url = database if isinstance(database, str) else None
    path = database if isinstance(database, Path) else Path("unused.sqlite3")
    settings = Settings(token=None, database_path=path, log_level="INFO", shard_count=shard_count,
                        shard_ids=shard_ids, database_url=url, public_url=public_url)
    return create_bot(settings, drawing=stub_drawing(render))


# -- reading what the bot posted ---------------------------------------------------------------


def component_items(message: discord.Message) -> list[Any]:
    return [child for row in message.components for child in getattr(row, "children", [])]


def custom_ids(message: discord.Message) -> list[str]:
    return [c.custom_id for c in component_items(message) if getattr(c, "custom_id", None)]


def is_prompt(message: discord.Message) -> bool:
    return any(PROMPT_ID.fullmatch(cid) for cid in custom_ids(message))


def is_final(message: discord.Message) -> bool:
    return any((e.title or "").startswith("Final scores") for e in message.embeds)


def stored(channel: ChannelHandle) -> list[Any]:
    """The channel's messages as simcord stores them, oldest first, not yet made into discord.Message objects.

    `history()` builds a discord.Message of every message of the channel, and a whole game reads its thread after
    every move: reading only the newest ones this way keeps a long game's test linear in its length.
    """
    return sorted(channel._env.backend.messages.get(channel.id, {}).values(), key=lambda m: m.id)


def latest_prompt(channel: ChannelHandle) -> discord.Message | None:
    """The prompt to answer now: the newest one, unless the game ended after it (as `history()` shows them)."""
    for kept in reversed(stored(channel)):
        if not kept.visible_to(None):
            continue
        message = to_discord_message(channel._env, kept)
        if is_final(message):
            return None
        if is_prompt(message):
            return message
    return None


def prompt_version(message: discord.Message) -> int:
    match = next(PROMPT_ID.fullmatch(cid) for cid in custom_ids(message) if PROMPT_ID.fullmatch(cid))
    return int(match.group(2))


def choices_of(message: discord.Message) -> list[tuple[str, str]]:
    """(label, how to pick it) for a prompt: ("button", custom_id) or ("select", value)."""
    found = []
    for item in component_items(message):
        if isinstance(item, discord.components.SelectMenu):
            found += [(o.label, f"select:{o.value}") for o in item.options]
        elif getattr(item, "custom_id", None) and PROMPT_ID.fullmatch(item.custom_id):
            found.append((item.label or "", f"button:{item.custom_id}"))
    return found


def public(channel: ChannelHandle) -> list[discord.Message]:
    return [m for m in channel.history() if not m.flags.ephemeral]


def public_count(channel: ChannelHandle) -> int:
    """How many messages everyone sees in the channel: `len(public(channel))` without building them."""
    return sum(1 for kept in stored(channel) if not kept.is_ephemeral)


def ephemeral_text(result: InteractionResult) -> str:
    """The text of the private answer an interaction got (its response or first follow-up)."""
    messages = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral and m.content]
    assert messages, f"expected an ephemeral answer, got {result!r}"
    return messages[-1].content


class Lounge:
    """A server with a games channel and five members, with the bot's commands synced."""

    def __init__(self, env: Env, *, shard_id: int | None = None) -> None:
        self.env = env
        # On a bot of several shards, the shard whose gateway gets this server's events (simcord's choice if None).
        where = {} if shard_id is None else {"shard_id": shard_id}
        self.guild: GuildHandle = env.create_guild("Contrail test server", **where)
        self.channel: ChannelHandle = self.guild.create_text_channel("games")
        self.members: list[MemberActor] = [self.guild.add_member(env.create_user(n)) for n in MEMBER_NAMES]

    @property
    def bot(self) -> ContrailBot:
        return self.env.bot  # type: ignore[return-value]

    @property
    def service(self) -> Services:
        return self.bot.tables

    @property
    def store(self) -> Store:
        assert self.bot.store is not None
        return self.bot.store

    def member(self, user_id: int) -> MemberActor:
        return next(m for m in self.members if m.id == user_id)

    def thread_of(self, channel: ChannelHandle | None = None) -> ChannelHandle:
        threads = (channel or self.channel).threads
        assert threads, "no thread was opened"
        return threads[-1]

    async def open_game(self, creator: MemberActor, game: str = "airships", **options: Any) -> ChannelHandle:
        result = await creator.slash(self.channel, "game new", game=game, **options)
        assert result.ephemeral and "is open in" in ephemeral_text(result)
        return self.thread_of()

    async def started_game(self, players: int = 3, game: str = "airships", **options: Any) -> tuple[ChannelHandle, int]:
        """A started game of `players` members (the first is the creator), joined by button; returns (thread, id)."""
        creator, *others = self.members[:players]
        thread = await self.open_game(creator, game, **options)
        lobby = public(thread)[0]
        for member in others:
            await member.click(lobby, label="Join")
        await creator.click(lobby, label="Start")
        game_id = int(PROMPT_ID.fullmatch(custom_ids(latest_prompt(thread))[0]).group(1))  # type: ignore[arg-type, union-attr]
        return thread, game_id

    async def click_choice(self, member: MemberActor, prompt: discord.Message, how: str) -> InteractionResult:
        kind, _, target = how.partition(":")
        if kind == "select":
            return await member.select(prompt, [target])
        return await member.click(prompt, custom_id=target)

    async def private_choices(self, member: MemberActor, prompt: discord.Message) -> discord.Message:
        """A private decision's choices, as its mover opens them ('Choose privately'); any other prompt as it is."""
        private = [cid for cid in custom_ids(prompt) if cid.endswith(":mine")]
        if not private:
            return prompt
        result = await member.click(prompt, custom_id=private[0])
        [secret] = [m.message for m in result.followups if m.ephemeral]
        assert choices_of(secret), secret.content
        return secret

    async def play_by_components(self, thread: ChannelHandle, rng: random.Random, max_moves: int = 600) -> int:
        """Play until no prompt is left, each mentioned player clicking a random choice; returns the moves made."""
        moves = 0
        while (prompt := latest_prompt(thread)) is not None:
            assert moves < max_moves, "the game did not end"
            actor = self.member(prompt.raw_mentions[0])
            prompt = await self.private_choices(actor, prompt)
            # Going back or cancelling only makes a random game longer (those paths have tests of their own).
            choices = [c for c in choices_of(prompt) if not c[0].startswith(("Back", "Cancel"))] or choices_of(prompt)
            before = public_count(thread)
            how = rng.choice(choices)[1]
            result = await self.click_choice(actor, prompt, how)
            assert result.acknowledged and not [m for m in result.followups if m.ephemeral], result
            # A decision edits the turn's message; a turn that ends adds the next turn's (or the final scores).
            assert public_count(thread) - before <= 1, "a move posts at most one new message"
            moves += 1
            turn = latest_prompt(thread)
            assert turn is None or "\nScores: " in turn.content, "a turn message without its scores line"
            assert_described(prompt)
            if moves % DOUBLE_CLICK_EVERY == 0:
                await self.double_click(actor, prompt, how)
        return moves

    async def double_click(self, member: MemberActor, prompt: discord.Message, how: str) -> None:
        """The same click again on the message as it is now (a double click, or a phone behind the edit): it is
        answered privately, whether the edit removed the component or not, and changes nothing."""
        kind, _, target = how.partition(":")
        menu = next((c.custom_id for c in component_items(prompt) if isinstance(c, discord.components.SelectMenu)), "")
        custom_id, values = (menu, [target]) if kind == "select" else (target, [])
        before = (await self.service.reading.table(prompt_game(prompt))).version
        result = await click_removed(member, prompt, custom_id, values)
        assert result.acknowledged, f"a repeated click on {custom_id} got no answer"
        assert ephemeral_text(result)
        assert (await self.service.reading.table(prompt_game(prompt))).version == before, "a repeated click played"

    async def alone_against_ai(self, thread: ChannelHandle, max_moves: int, game_id: int = 1) -> None:
        """The first member starts the AI-filled lobby in `thread` and plays to the end: every other move is the AI's
        (in the log), and the thread gets the lobby, one message a turn of theirs and the scores, pinging only them."""
        ann = self.members[0]
        # Each click waits for the AI seats' turns, thought out in real time in worker threads (with a reason
        # for each decision): on a busy machine that takes longer than simcord's default wait.
        self.env.settle_timeout = max(self.env.settle_timeout, 30.0)
        await ann.click(public(thread)[0], label="Start")
        moves = await self.play_by_components(thread, random.Random(5), max_moves=max_moves)
        table = await self.service.reading.table(game_id)
        assert table.status is Status.FINISHED
        actions = await self.store.games.actions(game_id)
        ann_seat = table.player(ann.id).seat  # type: ignore[union-attr]
        assert moves == sum(1 for a in actions if a.seat == ann_seat) and len(actions) > moves
        human_turns = turns_of([a.seat for a in actions]).count(ann_seat)
        bodies = self.posted(thread)
        # The lobby, ann's turns (each also telling what the AI players did since), and the final scores.
        assert len(bodies) <= 1 + human_turns + 2
        assert all(p in ([], [ann.id]) for p in map(pings, bodies))
        assert sum(len(pings(b)) for b in bodies) <= human_turns + 1

    async def old_copy(self, thread: ChannelHandle, game_id: int) -> discord.Message:
        """A copy of the current prompt, as a client that missed the turn message's edits would still show it."""
        table = await self.service.reading.table(game_id)
        prompt = await self.service.reading.prompt(game_id)
        assert prompt is not None
        channel = self.bot.get_channel(thread.id)
        assert isinstance(channel, discord.Thread | discord.TextChannel)
        return await channel.send(**prompts.prompt_reply(table, prompt).send_kwargs())

    def posted(self, channel: ChannelHandle) -> list[dict[str, Any]]:
        """The body of every message the bot created in this channel, in order (edits are not creations)."""
        path = f"/channels/{channel.id}/messages"
        return [e.json or {} for e in self.env.http_requests if e.method == "POST" and e.path == path]


def since_news(drawn: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The boards drawn once something had happened (before that, the board says the game begins)."""
    first = next((n for n, view in enumerate(drawn) if view.get("events")), len(drawn))
    return drawn[first:]


UNDESCRIBED = ("Back", "Cancel")  # a step back says all in its label


def assert_described(prompt: discord.Message) -> None:
    """Every option of a menu says what it brings in its description, in full (the games write them to fit)."""
    for item in component_items(prompt):
        if isinstance(item, discord.components.SelectMenu):
            for option in item.options:
                if not option.label.startswith(UNDESCRIBED):
                    assert option.description, f"the option {option.label!r} has no description"
                    assert not option.description.endswith("…"), f"cut: {option.description!r}"  # said in full


DOUBLE_CLICK_EVERY = 15  # a whole game clicks every fifteenth move's component again, after the move


def prompt_game(message: discord.Message) -> int:
    match = next(PROMPT_ID.fullmatch(cid) for cid in custom_ids(message) if PROMPT_ID.fullmatch(cid))
    return int(match.group(1))


async def click_removed(member: MemberActor, message: discord.Message, custom_id: str,
                        values: list[str] | None = None) -> InteractionResult:
    """A click on a component that `message` may no longer show, with the message as Discord stores it now: what a
    double click or a phone that has not caught up with an edit sends (simcord's `click` only finds shown ones)."""
    kept = _visible_message(member, message)
    data: dict[str, Any] = {"custom_id": custom_id,
                            "component_type": ComponentType.STRING_SELECT if values else ComponentType.BUTTON}
    if values:
        data["values"] = values
    return await _component_interaction(member, kept, data)


MENTION = re.compile(r"<@!?(\d+)>")


def turns_of(seats: list[int]) -> list[int]:
    """The seat of each turn: a turn is a run of decisions by the same player."""
    return [seat for n, seat in enumerate(seats) if n == 0 or seats[n - 1] != seat]


def pings(body: dict[str, Any]) -> list[int]:
    """The users a created message notifies: mentioned in its text and allowed by its allowed_mentions."""
    allowed_mentions = body.get("allowed_mentions") or {}
    mentioned = [int(u) for u in dict.fromkeys(MENTION.findall(body.get("content") or ""))]
    if "users" in allowed_mentions.get("parse", []):
        return mentioned
    allowed = {int(u) for u in allowed_mentions.get("users", [])}
    return [u for u in mentioned if u in allowed]
