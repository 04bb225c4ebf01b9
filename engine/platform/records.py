"""What the store hands back and raises: game statuses, rows of games, seats and moves, and the store's errors."""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.options import stored_edition
from engine.platform.levels import Level


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class StaleVersion(StoreError):
    """The game moved on: the submitted seq is not version + 1, or the game is not in the expected status."""


class DuplicateInteraction(StoreError):
    """This Discord interaction id was already applied; a retry must not apply twice."""


class NotFound(StoreError):
    """No such game (or no such seat in it)."""


# The lobby's refusals, checked inside the store's transaction: a second bot process on the same database
# may change the seats between the service's check under its own lock and the write.


class NotInLobby(StaleVersion):
    """A lobby-only change (a seat, the options, the start) reached a game that has left its lobby."""

    def __init__(self, message: str, status: Status) -> None:
        super().__init__(message)
        self.status = status


class GameEnded(StaleVersion):
    """A change for a live game (an abandon, a seat handed over) reached one that finished or was abandoned."""

    def __init__(self, message: str, status: Status) -> None:
        super().__init__(message)
        self.status = status


class SeatsFull(StoreError):
    """Every seat the game allows is taken."""


class AlreadySeated(StoreError):
    """The user already has a seat in this game."""


class SeatNotFound(NotFound):
    """The user has no seat in this game."""


class SeatsChanged(StaleVersion):
    """The players seated are not those the start was dealt for: someone joined or left meanwhile."""


class WrongPlayerCount(StoreError):
    """A start with fewer or more players seated than the game allows."""

    def __init__(self, message: str, count: int) -> None:
        super().__init__(message)
        self.count = count


class Status(str, enum.Enum):
    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class GameRow:
    id: int
    slug: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    creator_id: int
    options: dict
    seed: int
    status: Status
    version: int
    outcome: dict | None
    created_at: str
    updated_at: str
    turn_seconds: int | None = None  # how long a turn may take before the autopilot plays it; None: no clock
    reminder_seconds: int | None = None  # how often the player to act is reminded; None: never
    hints: bool = False  # the table allows /hint (its creator switched hints on in the lobby)

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> GameRow:
        """Build from a row selected as GAME_COLUMNS, decoding the JSON columns and the status."""
        (id_, slug, guild, channel, thread, creator, options, seed, status, version, outcome, created, updated,
         turn_seconds, reminder_seconds, hints) = row
        outcome = None if outcome is None else json.loads(outcome)
        return cls(id_, slug, guild, channel, thread, creator, stored_edition(json.loads(options)), seed, Status(status),
                   version, outcome, created, updated, turn_seconds, reminder_seconds, bool(hints))


@dataclass(frozen=True)
class PackRow:
    """One of a server's packs: its name, game and note, who uploaded it and when, and its text's digest."""

    guild_id: int
    name: str
    game: str
    digest: str
    note: str
    uploaded_by: int
    uploaded_at: str


@dataclass(frozen=True)
class SeatRow:
    user_id: int  # a Discord user, or for an AI seat the AI's number (1, 2, ...), far below any Discord id
    name: str
    seat: int | None  # None in the lobby, 0-based once the game has started
    ai: bool = False  # the bot plays this seat itself
    autopilot: bool = False  # the bot plays this person's seat until they return (three missed deadlines)
    missed: int = 0  # deadlines missed in a row
    level: Level | None = None  # how strongly an AI seat plays; None for a person


class PostKind(str, enum.Enum):
    """The messages a game keeps editing instead of posting anew."""

    LOBBY = "lobby"  # the lobby in the game's thread
    INVITE = "invite"  # the invitation in the channel the game was opened from
    TURN = "turn"  # the message of the turn being played
    UNDO = "undo"  # the open request to take moves back, edited once it is answered or closed


@dataclass(frozen=True)
class PostRow:
    kind: PostKind
    channel_id: int
    message_id: int
    version: int  # the game's version when the message was posted (a turn: when the turn began)


@dataclass(frozen=True)
class ActionRow:
    seq: int
    seat: int
    payload: dict
    interaction_id: int | None
    created_at: str


GAME_COLUMNS = (
    "id, slug, guild_id, channel_id, thread_id, creator_id, options, seed,"
    " status, version, outcome, created_at, updated_at, turn_seconds, reminder_seconds, hints"
)


class DueKind(str):
    """A kind of due item, by the name it is stored under. What each kind does is declared once, beside its handler
    (engine/services/dues.py): a new kind is `DueKind("name")` in its own module, added to no list here."""

    __slots__ = ()

    # The built-in kinds' names, as databases in the wild hold them (the store writes some of them itself).
    DEADLINE: ClassVar[DueKind]  # the turn's time is up: the autopilot plays it
    REMINDER: ClassVar[DueKind]  # the player to act is pinged again
    KICK_VOTE: ClassVar[DueKind]  # a vote to hand a seat to the autopilot runs out
    HELD_PING: ClassVar[DueKind]  # a turn's first ping, held through its player's quiet hours
    UNDO_VOTE: ClassVar[DueKind]  # a request to take moves back runs out
    ROUND_END: ClassVar[DueKind]  # a league round's deadline: the autopilot plays a game out
    LEAGUE_ROUND: ClassVar[DueKind]  # a league's round to look at: the next round opens, or the season ends

    @property
    def value(self) -> str:
        """The stored name."""
        return str(self)

    def __repr__(self) -> str:
        return f"DueKind({str(self)!r})"


DueKind.DEADLINE = DueKind("deadline")
DueKind.REMINDER = DueKind("reminder")
DueKind.KICK_VOTE = DueKind("kick_vote")
DueKind.HELD_PING = DueKind("held_ping")
DueKind.UNDO_VOTE = DueKind("undo_vote")
DueKind.ROUND_END = DueKind("round_end")
DueKind.LEAGUE_ROUND = DueKind("league_round")


@dataclass(frozen=True)
class DueRow:
    game_id: int | None  # None: a league's due item (league_id)
    kind: DueKind
    due_at: float  # seconds since the epoch
    turn: int  # the version the turn began at: a due of an older turn does nothing
    since: float  # when that turn began
    claim: str = field(default="", compare=False)  # the claim a process took it under ("": not taken)
    league_id: int | None = None  # the league whose due item it is (game_id None)


@dataclass(frozen=True)
class KickVote:
    """The other players' vote on handing one player's seat to the autopilot."""

    game_id: int
    target: int  # the user whose seat is voted on
    voters: tuple[int, ...]  # every other person seated
    yes: tuple[int, ...]
    no: tuple[int, ...]
    expires_at: float

    @property
    def passed(self) -> bool:
        return len(self.yes) * 2 > len(self.voters)  # a majority of them

    @property
    def failed(self) -> bool:
        return len(self.no) * 2 >= len(self.voters)  # a majority can no longer be reached


class Notify(str, enum.Enum):
    """Where a person is told it is their turn."""

    THREAD = "thread"  # a ping in the game's thread
    DM = "dm"  # a direct message
    BOTH = "both"
    OFF = "off"  # nothing: they look in themselves


@dataclass(frozen=True)
class PlayerPrefs:
    """A person's notification preferences, the same in every game."""

    user_id: int
    notify: Notify = Notify.THREAD
    quiet_start: int | None = None  # quiet hours, in minutes after midnight in their time zone
    quiet_end: int | None = None
    timezone: str = "UTC"
    dm_refused: bool = False  # their DMs are closed to the bot: the thread it is


@dataclass(frozen=True)
class UndoVote:
    """A player's request to take back moves that showed a card or a die: everyone else must approve."""

    game_id: int
    requester: int
    to_version: int  # the version the game goes back to
    at_version: int  # the version it was asked at: any move since makes the request moot
    voters: tuple[int, ...]
    yes: tuple[int, ...]
    expires_at: float

    @property
    def approved(self) -> bool:
        return set(self.yes) >= set(self.voters)


class LinkKind(str, enum.Enum):
    """What a link shows; its target is a game's or a league's id, or a game's slug."""

    GAME = "game"
    LEAGUE = "league"
    LEADERBOARD = "leaderboard"
    STATS = "stats"


@dataclass(frozen=True)
class WebLink:
    """One page's address on a server whose pages are on."""

    token: str
    guild_id: int
    kind: LinkKind
    target: str
