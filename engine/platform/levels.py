"""How strongly an AI seat plays: casual, standard or strong, the same three for every game."""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass, replace
from typing import Any

import engine
from engine.core import Action, Chooser, GameError
from engine.platform.thinking import Clock, Search, Spread, look_ahead

THINKING_SECONDS = 1.0  # a strong AI seat's budget per decision, unless the bot's settings say otherwise
CASUAL_SLIPS = 0.3  # how often the casual AI plays on a whim instead of its simple best


class Level(enum.Enum):
    """An AI seat's strength, as the lobby and the seat's name say it."""

    CASUAL = "casual"  # the greedy player, with a newcomer's slips: a first game is winnable
    STANDARD = "standard"  # the game's own AI
    STRONG = "strong"  # the standard AI, overruled where looking ahead shows a better choice

    @classmethod
    def read(cls, text: str | None) -> Level:
        """The level a word names (standard when none is given); GameError names the levels there are."""
        if text is None or not text.strip():
            return cls.STANDARD
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise GameError(f"There is no AI level called {text!r}. Levels: {', '.join(LEVEL_NAMES)}.") from None


LEVEL_NAMES = tuple(level.value for level in Level)


def casual(slug: str, state: Any, seat: int, rng: Chooser) -> Action:
    """The greedy choice, but now and then a whim among the choices that do something (never a decline)."""
    if rng.random() < CASUAL_SLIPS:
        legal = engine.get_game(slug).legal_actions(state, seat)
        doing = [a for a in legal if not a.minor] or legal
        return rng.choice(doing)
    return engine.get_ai(slug).greedy(state, seat, rng)


@dataclass(frozen=True)
class Player:
    """An AI seat's way of choosing: its level and, for the strong one, its look-ahead and time budget."""

    slug: str
    level: Level = Level.STANDARD
    search: Search | None = None  # None: the game's own look-ahead (thinking.look_ahead)
    clock: Clock | None = time.perf_counter
    spread: Spread | None = None  # weighs the look-ahead's streams at once (None: one after another, here)

    @property
    def look(self) -> Search:
        return self.search or look_ahead(self.slug)

    def with_budget(self, seconds: float) -> Player:
        return replace(self, search=replace(self.look, seconds=seconds))

    def choose(self, state: Any, seat: int, rng: Chooser) -> Action:
        """The choice at this level; `state` is the table as the seat could imagine it."""
        if self.level is Level.CASUAL:
            return casual(self.slug, state, seat, rng)
        ai = engine.get_ai(self.slug)
        if self.level is Level.STANDARD:
            return ai.choose(state, seat, rng)
        return self.look.choose(engine.get_game(self.slug), ai, state, seat, rng, self.clock, self.spread)
