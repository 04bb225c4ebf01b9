"""/hint: what the AI would choose for the player who must decide now, and why, at tables that allow hints."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, replace

import engine
from engine.core import GameError, NotYourTurn
from engine.platform.advice import Hint, hint
from engine.platform.secrets import dealer
from engine.platform.thinking import look_ahead
from engine.services.core import TableCore
from engine.services.tables import Table
from engine.services.refusals import require_player


class HintsOff(GameError):
    """The table plays without hints."""


@dataclass(frozen=True)
class TableHint:
    table: Table
    hint: Hint


class Hints:
    """Hints for the player to act, thought out in a worker thread within the strong AI's budget."""

    def __init__(self, core: TableCore) -> None:
        self._core = core

    async def hint(self, game_id: int, user_id: int) -> TableHint:
        """The hint for this player now; refused, in the player's words, to anyone else or at any other time."""
        table = await self._core.load.table(game_id)
        seat = require_player(table, user_id)  # not started, over, abandoned, or not a player: each its sentence
        if not table.row.hints:
            raise HintsOff("This table plays without hints: its creator can allow them in the lobby, before the "
                           "game starts.")
        moved = await self._core.now(table)
        if seat not in moved.to_act:
            waiting = ", ".join(table.at_seat(s).name for s in moved.to_act)
            raise NotYourTurn(f"A hint is for the player who must decide now, and it's not your turn: waiting for "
                              f"{waiting}.")
        game, ai = table.rules, engine.get_ai(table.slug)
        # The worlds it looks into come from what the table knows (the game, its version, the seat): asked twice,
        # the same worlds in the same order (how many fit the budget depends on the machine); never from the secret
        # seed, so the hint cannot tell apart two deals the seat cannot.
        deal = dealer(table.id, table.version, f"hint:{seat}")
        search = replace(look_ahead(table.slug), seconds=self._core.thinking_seconds)
        found = await asyncio.to_thread(hint, game, ai, moved.state, seat, deal, search, time.perf_counter,
                                        self._core.thinking.spread(table.slug))
        return TableHint(moved.table, found)
