"""Discord's limits, the Reply a feature builds, and the few words every feature's messages share (no I/O)."""

from __future__ import annotations

from dataclasses import dataclass, field
from io import BytesIO
from typing import Any

import discord

from engine.platform.records import PostRow, Status
from engine.services.tables import Table

CONTENT_MAX = 2000
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
FIELD_VALUE_MAX = 1024
BUTTON_LABEL_MAX = 80
SELECT_LABEL_MAX = 100
COLOUR = discord.Colour.from_rgb(70, 110, 170)
STALE_PROMPT = "This prompt is out of date."

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


def clip_words(text: str, limit: int) -> str:
    """Cut text to a Discord limit at a word, never inside a name, marking the cut with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    at = cut.rfind(" ")
    return (cut[:at] if at > limit // 2 else cut).rstrip(" ,;:·-") + "…"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def place(table: Table) -> str:
    return f"<#{table.place_id}>"


def jump_url(table: Table, post: PostRow) -> str:
    """A link to a message the game keeps (its lobby, its turn message)."""
    return f"https://discord.com/channels/{table.row.guild_id}/{post.channel_id}/{post.message_id}"


def duration(seconds: int) -> str:
    return f"{seconds // 86400} days" if seconds % 86400 == 0 and seconds >= 2 * 86400 else f"{seconds // 3600} hours"


def unposted_text(table: Table, what_counted: str = "", recover: str = "") -> str:
    """Tell the actor a message about the game could not be posted, and that what they did still counts."""
    send = "Send Messages in Threads" if table.row.thread_id else "Send Messages"
    lead = f"{what_counted}, but I couldn't" if what_counted else "I couldn't"
    text = f"{lead} post in {place(table)}: please check my permissions there ({send}, Attach Files, Embed Links)."
    return f"{text} {recover}" if recover else text
