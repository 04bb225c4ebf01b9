"""A game's manifest: its rules, AI, look-ahead, board renderer and sentences, declared in one place."""

# Each game package declares one (MANIFEST in its manifest.py) and engine/__init__.py registers it by its package:
# the registry, the arena, the thinking and the drawing read a game's parts from here, so a new game is a package
# and one line. Modules the engine must not load itself (the renderer draws with Pillow) or need not load for every
# game (the AI) are named here by their module path and imported by whoever uses them.

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Game
from engine.sentences import Sentences


@dataclass(frozen=True)
class LookAhead:
    """What a game's arena trials changed in the strong level's look-ahead (engine.platform.thinking.Search);
    None keeps the platform's default. The bot's time budget is a setting, never the game's."""

    keep: int | None = None  # choices looked at closely, the standard AI's among them
    samples: int | None = None  # worlds per decision at most
    confidence: float | None = None  # standard errors another choice must be ahead by to overrule the standard one
    streams: int | None = None  # streams the worlds are weighed in at once, on cores of their own


@dataclass(frozen=True)
class GameManifest:
    """Everything the platform needs to host one game."""

    rules: Game  # the game as the engine contract names it (the package's GAME)
    ai: str  # the module of its AI players (an engine.core.GameAI), imported when a seat first needs it
    renderer: str  # the module whose `render(view) -> bytes` draws its board: named, as the engine draws nothing
    sentences: Sentences  # every sentence its events are written from, with their news weight
    look_ahead: LookAhead = LookAhead()  # the strong level's look-ahead, as the game's trials tuned it

    @property
    def slug(self) -> str:
        """The game's slug, as tables store it and commands offer it."""
        return self.rules.slug
