"""What a league did on its own (a round opened, a season over) for the Discord layer to show."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.platform.leagues import Standing
from engine.store import LeagueRow


class LeagueNewsKind(str, enum.Enum):
    ROUND_OPENED = "round_opened"  # a round's games are in their lobbies: the Discord layer opens and posts them
    SEASON_OVER = "season_over"  # the last round finished: the recap and the champion


@dataclass(frozen=True)
class LeagueNews:
    """Something the league did on its own (or at /league start) that the Discord layer must show."""

    kind: LeagueNewsKind
    league: LeagueRow
    round: int
    game_ids: tuple[int, ...] = ()
    standings: tuple[Standing, ...] = ()
