"""A game's end-of-game figures: the optional `stats` of the contract, and the words and tally of each shown one."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from engine.core import Game


@runtime_checkable
class HasStats(Protocol):
    """A game that reports end-of-game figures (the Game protocol's optional `stats`)."""

    def stats(self, state: Any) -> dict[str, float]: ...


def game_stats(game: Game, state: Any) -> dict[str, float]:
    """A finished game's figures, or none for a game that does not report any."""
    return game.stats(state) if isinstance(game, HasStats) else {}


class Tally(enum.Enum):
    """How a figure of `stats` adds up over many games: a count per game, a level on average, or a yes/no as a
    share of games."""

    PER_GAME = "per game"
    AVERAGE = "on average"  # a level reached (a tech box), not a count
    SHARE = "of games"


@dataclass(frozen=True)
class StatLine:
    """A figure of `stats` that /stats shows: its key, its words ('Hindenburg phases built') and its tally."""

    key: str
    label: str
    tally: Tally = Tally.PER_GAME


def shown_stats(game: Game) -> tuple[StatLine, ...]:
    """The figures a game's statistics page shows, in order (a game's `stats_shown`; none when it has none)."""
    return tuple(getattr(game, "stats_shown", ()))
