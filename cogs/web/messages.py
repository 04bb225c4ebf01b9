"""The web pages' messages: /web on, off and status, /game watch and unwatch, and a watcher's DM (no I/O)."""

from __future__ import annotations

import discord

from cogs.base.words import CONTENT_MAX, FIELD_VALUE_MAX, Reply, clip
from engine.services.sharing import EndNews, Site, Watching, ending
from engine.services.tables import Table

WEB_FIELD = "On the web"  # the field of /game status, the final scores and /leaderboard that holds the page's link
SHOWN = ("Anyone with a link can read this server's games as their threads show them (the board, the scores and "
         "the log), its leagues, leaderboards and statistics; never a hand, a secret contract or what is still "
         "to be drawn.")
WHERE = "/game status, the final scores, /league info and /leaderboard give each page's link."


def with_link(embed: discord.Embed, url: str | None) -> discord.Embed:
    """The embed with its page's link in a field of its own, when the server shows its pages."""
    if url:
        embed.add_field(name=WEB_FIELD, value=clip(url, FIELD_VALUE_MAX), inline=False)
    return embed


def links_text(site: Site) -> str:
    """Each game's leaderboard and statistics pages, one line per game."""
    # <…> keeps Discord from previewing six pages under the answer
    lines = [f"**{title}**: leaderboard <{board}> · statistics <{stats}>"
             for (title, board), (_, stats) in zip(site.leaderboards, site.statistics)]
    return "\n".join(lines)


def site_reply(site: Site, *, asked: bool | None = None) -> Reply:
    """/web on (asked True), /web off (asked False) and /web status (asked None): what the server shows now."""
    if not site.on:
        if asked is False:
            head = ("This server's web pages are off: every link to them now answers \"not found\"."
                    if site.changed else "This server's web pages were off already: no link to them opens.")
            return Reply(content=f"{head} /web on shows them again, with the same links (/web on rotate:True: with "
                                 "new ones).")
        return Reply(content="This server's web pages are off. /web on (Manage Server) shows them.")
    if site.renewed:
        head = "This server's web pages are on, each with a new link: every old link now answers \"not found\"."
    elif asked is True:
        head = "This server's web pages are on." if site.changed else "This server's web pages were on already."
    else:
        head = "This server's web pages are on. /web off hides them all at once."
    text = f"{head} {SHOWN} {WHERE}\n{links_text(site)}"
    return Reply(content=clip(text, CONTENT_MAX))


def watching_text(watching: Watching) -> str:
    """/game watch: the watcher's DM to come, and the game's page when the server shows its pages."""
    name = watching.table.display_name
    if watching.plays:
        head = (f"You play in {name}: its final scores tell you when it ends (as /notify says), so no second "
                "message comes. If you hand your seat over, I'll DM you at its end instead.")
    else:
        head = f"You're watching {name}: I'll DM you when it ends. /game unwatch stops that."
    if watching.url is None:
        return f"{head} This server has no web pages, so there's no link to follow it meanwhile."
    return f"{head} Its page: {watching.url}"


def unwatched_text(table: Table) -> str:
    return f"You'll no longer hear from me when {table.display_name} ends."


def watcher_dm(news: EndNews) -> str:
    """A watcher's one DM at the game's end: the result in one line, and where to see it."""
    table = news.table
    link = news.url or f"https://discord.com/channels/{table.row.guild_id}/{table.place_id}"
    return clip(f"{ending(table)} {link}", CONTENT_MAX)
