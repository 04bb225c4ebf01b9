"""Kinds of due item by declaration: each kind says once, beside its handler, what it belongs to and what it does."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine.platform.records import DueKind, DueRow
from engine.services.league_news import LeagueNews
from engine.services.tables import MoveResult, Reminder, Table

Owner = TypeVar("Owner")


@dataclass(frozen=True)
class ClockNews:
    """What came due: moves the autopilot made, reminders to send, and words for the table."""

    moves: list[MoveResult] = field(default_factory=list)
    reminders: list[Reminder] = field(default_factory=list)
    notices: list[tuple[Table, str]] = field(default_factory=list)  # (table, sentence), e.g. a seat on autopilot
    leagues: list[LeagueNews] = field(default_factory=list)  # a league's next round opened, or its season over


@dataclass(frozen=True)
class DueWork:
    """One due item being done: its row, its game's table, the clock's time, and the news it adds to."""

    due: DueRow
    table: Table | None  # None for a league's due item (`due.league_id`)
    now: float
    news: ClockNews

    @property
    def game_table(self) -> Table:
        """The table of a game's due item (a league's has none)."""
        if self.table is None:
            raise TypeError(f"the {self.due.kind.value} due item belongs to a league, not a game")
        return self.table


@dataclass(frozen=True)
class DueSpec(Generic[Owner]):
    """A kind of due item, declared once beside its handler (`declare`); nothing else lists the kinds."""

    kind: DueKind
    owner: type[Owner]  # the service whose method does it: the turn clock is handed one of each
    handler: Callable[[Owner, DueWork], Awaitable[None]]
    tells: str  # what coming due does, as `--check` names the next due item
    of_turn: bool = False  # set for one turn: cleared when the next turn begins or the game ends
    after_end: bool = False  # done for a game not being played too (in its lobby, over); else dropped undone


DUE_KINDS: dict[DueKind, DueSpec[Any]] = {}  # every declared kind; filled as the modules that declare are imported


def declare(spec: DueSpec[Owner]) -> DueKind:
    """Make a kind of due item known to the turn clock, the schedule and `--check`; its kind, for its module."""
    if spec.kind in DUE_KINDS:
        raise ValueError(f"the due kind {spec.kind.value!r} is declared twice")
    DUE_KINDS[spec.kind] = spec
    return spec.kind


def turn_kinds() -> tuple[DueKind, ...]:
    """The kinds that belong to a turn: the store clears them when a turn passes."""
    return tuple(kind for kind, spec in DUE_KINDS.items() if spec.of_turn)


def due_words() -> dict[DueKind, str]:
    """What each kind does when it comes, in `--check`'s words."""
    return {kind: spec.tells for kind, spec in DUE_KINDS.items()}
