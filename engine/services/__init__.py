"""The services: a table core that every move goes through, and the features composed around it."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable

from engine.services.caching import CACHE_MB
from engine.services.clock import TurnClock
from engine.services.core import TableCore
from engine.platform.levels import THINKING_SECONDS
from engine.services.drawing import Drawing
from engine.services.dues import due_words
from engine.services.hints import Hints
from engine.services.leagues import Leagues
from engine.services.lobby import Lobby
from engine.services.packs import Packs
from engine.services.players import Players
from engine.services.ratings import Ratings
from engine.services.reading import Reading
from engine.services.replays import Replays
from engine.services.seating import Seating
from engine.services.sharing import Sharing
from engine.services.stats import Statistics
from engine.services.undo import Undoing
from engine.store import Store
from engine.services.tables import MoveResult

__all__ = ["Drawing", "Services", "due_words"]  # due_words: every kind is declared once this package is imported


class Services:
    """Everything the Discord layer asks of the games, one feature per attribute; no Discord, no drawing of its own."""

    def __init__(
        self,
        store: Store,
        drawing: Drawing | None = None,
        *,
        drawing_processes: int = 0,
        thinking_processes: int = 0,
        thinking_seconds: float = THINKING_SECONDS,
        cache_mb: float = CACHE_MB,
        clock: Callable[[], float] = time.time,
        on_change: Callable[[float | None], None] = lambda when: None,
        public_url: str | None = None,
    ) -> None:
        self.store = store
        store.db.clock = clock  # one clock: the store stamps its rows by the clock the services and the scheduler use
        self.core = TableCore(store, drawing, drawing_processes=drawing_processes,
                              thinking_processes=thinking_processes, thinking_seconds=thinking_seconds,
                              cache_mb=cache_mb, clock=clock, on_change=on_change)
        self.reading = Reading(self.core)
        self.hints = Hints(self.core)
        self.packs = Packs(self.core)
        self.lobby = Lobby(self.core, self.packs)
        self.seating = Seating(self.core)
        self.clock = TurnClock(self.core)
        self.undo = Undoing(self.core)
        self.players = Players(self.core)
        self.ratings = Ratings(self.core)
        self.leagues = Leagues(self.core, self.ratings, self.packs)
        self.replays = Replays(self.core)
        self.sharing = Sharing(self.core, public_url)
        self.stats = Statistics(self.core)
        self.core.on_finish(self.ratings.rate_finished)
        self.core.on_finish(self.leagues.game_finished)
        self.clock.serve(*vars(self).values())  # each kind of due item is done by a method of one of these

    async def resume_automatic(self) -> AsyncIterator[MoveResult]:
        """At start: rate games that finished just before a stop, then let the bot's seats that owe moves play,
        each game's moves given as soon as they are made (the bot answers everyone else meanwhile)."""
        await self.ratings.rate_unrated()  # before any newer game finishes, so results keep their order
        await self.leagues.look_at_running()  # what a stop left undone in a league is done once the scheduler looks
        async for result in self.clock.play_owed():
            yield result
