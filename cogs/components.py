"""Buttons and selects as DynamicItems: their custom ids carry the game and state version, so they outlive restarts."""

from __future__ import annotations

import re
from typing import Any

import discord

# Ids are bounded so a forged custom_id can never overflow SQLite's 64-bit integers; ASCII digits only (a regex
# \d, like str.isdigit, also takes other scripts' digits, and isdigit even takes '²', which int() refuses).
_ID = r"[0-9]{1,18}"
_VERSION = r"[0-9]{1,9}"
_USER = r"[0-9]{1,20}"  # a Discord user id (a snowflake); only ever compared, never stored from a custom id
MENU_DIGITS = 2  # a menu holds at most 25 choices


def menu_index(value: str) -> int:
    """A select option's value as the index of its choice, or -1 (no such choice, answered like a stale one) for
    anything but one or two ASCII digits: Discord only ever sends the values we wrote, a forged request anything."""
    return int(value) if 0 < len(value) <= MENU_DIGITS and value.isascii() and value.isdigit() else -1


def _moves() -> Any:
    # Imported when a click arrives: the flows build messages, which build these items (a cycle at import time).
    from cogs import moves

    return moves


def _lobby() -> Any:
    from cogs import lobby_posts

    return lobby_posts


def _flows() -> Any:
    from cogs import flows

    return flows


def _replays() -> Any:
    from cogs import replays

    return replays


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"g:(?P<game>{_ID}):v(?P<version>{_VERSION}):(?P<n>[0-9]{{1,2}})",
):
    """One legal choice of a turn prompt: the n-th action of the decision at that version."""

    def __init__(
        self,
        game_id: int,
        version: int,
        n: int,
        *,
        label: str = "Choose",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"g:{game_id}:v{version}:{n}"))
        self.game_id, self.version, self.n = game_id, version, n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> ChoiceButton:
        return cls(int(match["game"]), int(match["version"]), int(match["n"]), label=item.label or "Choose")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await _moves().play_from_component(interaction, self.game_id, self.version, self.n)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"g:(?P<game>{_ID}):v(?P<version>{_VERSION}):pick",
):
    """The choices of a decision with more than a few options; each option's value is its index."""

    def __init__(
        self,
        game_id: int,
        version: int,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Choose",
    ) -> None:
        select: discord.ui.Select = discord.ui.Select(
            custom_id=f"g:{game_id}:v{version}:pick", options=options or [], placeholder=placeholder
        )
        super().__init__(select)
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["version"]), options=list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        value = self.item.values[0] if self.item.values else ""
        await _moves().play_from_component(interaction, self.game_id, self.version, menu_index(value))


class PrivateChoicesButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"g:(?P<game>{_ID}):v(?P<version>{_VERSION}):mine",
):
    """A decision whose choices show the mover's hidden things: the choices open for them alone, ephemerally."""

    def __init__(self, game_id: int, version: int) -> None:
        button = discord.ui.Button(label="Choose privately", style=discord.ButtonStyle.primary,
                                   custom_id=f"g:{game_id}:v{version}:mine")
        super().__init__(button)
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> PrivateChoicesButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await _moves().private_choices_from_component(interaction, self.game_id, self.version)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"lobby:(?P<game>{_ID}):(?P<verb>join|leave|start|add_ai|remove_ai)",
):
    """Join, Leave and Start on a lobby message, and for its creator Add AI and Remove AI."""

    STYLES = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "add_ai": discord.ButtonStyle.secondary,
        "remove_ai": discord.ButtonStyle.secondary,
    }
    LABELS = {"add_ai": "Add AI", "remove_ai": "Remove AI"}

    def __init__(self, game_id: int, verb: str) -> None:
        label = self.LABELS.get(verb, verb.capitalize())
        button = discord.ui.Button(label=label, style=self.STYLES[verb], custom_id=f"lobby:{game_id}:{verb}")
        super().__init__(button)
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await _lobby().lobby_from_component(interaction, self.game_id, self.verb)


class RulesSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"lobby:(?P<game>{_ID}):rules",
):
    """The lobby's optional rules, for its creator: the options picked are the rules switched on."""

    def __init__(self, game_id: int, *, options: list[discord.SelectOption] | None = None) -> None:
        chosen = options or []
        select: discord.ui.Select = discord.ui.Select(
            custom_id=f"lobby:{game_id}:rules", options=chosen, placeholder="Optional rules (the creator chooses)",
            min_values=0, max_values=max(1, len(chosen)),
        )
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> RulesSelect:
        return cls(int(match["game"]), options=list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await _lobby().rules_from_component(interaction, self.game_id, list(self.item.values))


class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"log:(?P<game>{_ID}):p(?P<page>[0-9]{{1,6}})",
):
    """Turns the page of a /log message."""

    def __init__(self, game_id: int, page: int, *, label: str) -> None:
        button = discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=f"log:{game_id}:p{page}")
        super().__init__(button)
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> LogPageButton:
        return cls(int(match["game"]), int(match["page"]), label=item.label or "Page")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await _flows().log_page_from_component(interaction, self.game_id, self.page)


class LeaveButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"seat:(?P<game>{_ID}):(?P<user>{_USER}):leave",
):
    """Confirms leaving a game being played: the autopilot takes the seat (its player may come back)."""

    def __init__(self, game_id: int, user_id: int) -> None:
        button = discord.ui.Button(
            label="Leave: the autopilot plays my seat", style=discord.ButtonStyle.danger,
            custom_id=f"seat:{game_id}:{user_id}:leave",
        )
        super().__init__(button)
        self.game_id, self.user_id = game_id, user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> LeaveButton:
        return cls(int(match["game"]), int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await _lobby().leave_started_from_component(interaction, self.game_id, self.user_id)


class KickVoteButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"kick:(?P<game>{_ID}):(?P<user>{_USER}):(?P<answer>yes|no)",
):
    """Approve or Refuse on a vote to hand a player's seat to the autopilot."""

    def __init__(self, game_id: int, target: int, answer: str) -> None:
        style = discord.ButtonStyle.danger if answer == "yes" else discord.ButtonStyle.secondary
        button = discord.ui.Button(label="Approve" if answer == "yes" else "Refuse", style=style,
                                   custom_id=f"kick:{game_id}:{target}:{answer}")
        super().__init__(button)
        self.game_id, self.target, self.answer = game_id, target, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> KickVoteButton:
        return cls(int(match["game"]), int(match["user"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await _lobby().kick_vote_from_component(interaction, self.game_id, self.target, self.answer == "yes")


class UndoVoteButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"undo:(?P<game>{_ID}):(?P<answer>yes|no)",
):
    """Approve or Refuse on a request to take back moves that showed a card or a die."""

    def __init__(self, game_id: int, answer: str) -> None:
        style = discord.ButtonStyle.primary if answer == "yes" else discord.ButtonStyle.secondary
        button = discord.ui.Button(label="Approve" if answer == "yes" else "Refuse", style=style,
                                   custom_id=f"undo:{game_id}:{answer}")
        super().__init__(button)
        self.game_id, self.answer = game_id, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> UndoVoteButton:
        return cls(int(match["game"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await _moves().undo_vote_from_component(interaction, self.game_id, self.answer == "yes")


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"replay:(?P<game>{_ID}):m(?P<move>{_VERSION}):(?P<user>{_USER}):(?P<slot>first|back|next|last)",
):
    """First, Back, Next or Last on a private replay: the move it leads to, and whose replay it is."""

    LABELS = {"first": "⏮ First", "back": "◀ Back", "next": "Next ▶", "last": "Last ⏭"}

    def __init__(self, game_id: int, move: int, user_id: int, slot: str, *, disabled: bool = False) -> None:
        button = discord.ui.Button(label=self.LABELS[slot], style=discord.ButtonStyle.secondary, disabled=disabled,
                                   custom_id=f"replay:{game_id}:m{move}:{user_id}:{slot}")
        super().__init__(button)
        self.game_id, self.move, self.user_id, self.slot = game_id, move, user_id, slot

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["game"]), int(match["move"]), int(match["user"]), match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await _replays().step_from_component(interaction, self.game_id, self.move, self.user_id, self.slot)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChoiceButton, ChoiceSelect, PrivateChoicesButton, LobbyButton, RulesSelect, LogPageButton, LeaveButton, KickVoteButton, UndoVoteButton,
    ReplayButton,
)


def undo_vote_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in ("yes", "no"):
        view.add_item(UndoVoteButton(game_id, answer))
    return view


def kick_vote_view(game_id: int, target: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in ("yes", "no"):
        view.add_item(KickVoteButton(game_id, target, answer))
    return view


def leave_view(game_id: int, user_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(LeaveButton(game_id, user_id))
    return view


def lobby_view(game_id: int, *, ai_seats: int = 0, rules: tuple[tuple[str, str, bool], ...] = ()) -> discord.ui.View:
    """Join, Leave, Start; Add AI, and Remove AI once there is an AI player to remove; the game's optional
    rules as (key, words, on) in one select menu, when it has any."""
    view = discord.ui.View(timeout=None)
    for verb in ("join", "leave", "start", "add_ai", *(("remove_ai",) if ai_seats else ())):
        view.add_item(LobbyButton(game_id, verb))
    if rules:
        options = [discord.SelectOption(label=words[:100], value=key, default=on) for key, words, on in rules[:25]]
        view.add_item(RulesSelect(game_id, options=options))
    return view


def invite_view(game_id: int) -> discord.ui.View:
    """The channel invitation's one button: the same Join as the lobby's."""
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(game_id, "join"))
    return view


def log_view(game_id: int, page: int, pages: int) -> discord.ui.View | None:
    """Older/Newer buttons; only those that lead somewhere, so every custom id on the message differs."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    if page > 1:
        view.add_item(LogPageButton(game_id, page - 1, label="◀ Older"))
    if page < pages:
        view.add_item(LogPageButton(game_id, page + 1, label="Newer ▶"))
    return view


def replay_view(game_id: int, move: int, moves: int, user_id: int) -> discord.ui.View:
    """First / Back / Next / Last of a replay at `move` of `moves`; those leading nowhere are greyed out."""
    view = discord.ui.View(timeout=None)
    targets = {"first": 0, "back": max(move - 1, 0), "next": min(move + 1, moves), "last": moves}
    for slot, target in targets.items():
        view.add_item(ReplayButton(game_id, target, user_id, slot, disabled=target == move))
    return view
