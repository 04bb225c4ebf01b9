"""Contrail's game engine: the registry of games and the contract they share."""

from __future__ import annotations

import importlib
from functools import cache

from engine.core import (
    Action,
    Chooser,
    EndReason,
    Game,
    GameAI,
    GameError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    StaleAction,
    replay,
)
from engine.manifest import GameManifest, LookAhead

# Every game Contrail hosts, by its package, whose manifest.py declares the rest (engine.manifest): a new game is
# its package and one line here. Loaded when first asked for, so importing the engine loads no game.
GAME_PACKAGES = (
    "engine.rules.airships",
    "engine.rules.air_alliance",
    "engine.rules.golden_age",
)

__all__ = [
    "Action",
    "Chooser",
    "EndReason",
    "Game",
    "GameAI",
    "GameError",
    "GameManifest",
    "GameOver",
    "IllegalAction",
    "LookAhead",
    "NotYourTurn",
    "Outcome",
    "StaleAction",
    "check_games",
    "game_package",
    "get_ai",
    "get_game",
    "list_games",
    "manifest",
    "replay",
]


@cache  # the games do not change under a running process
def _registered() -> dict[str, tuple[str, GameManifest]]:
    """Each registered game's package and manifest, by slug, in the registry's order."""
    found: dict[str, tuple[str, GameManifest]] = {}
    for package in GAME_PACKAGES:
        declared: GameManifest = importlib.import_module(f"{package}.manifest").MANIFEST
        if declared.slug in found:
            raise GameError(f"{package} and {found[declared.slug][0]} are both called {declared.slug!r}.")
        found[declared.slug] = (package, declared)
    return found


def list_games() -> list[str]:
    """The slugs of every game Contrail can host."""
    return list(_registered())


def _entry(slug: str) -> tuple[str, GameManifest]:
    try:
        return _registered()[slug]
    except KeyError:
        raise GameError(f"There is no game called {slug!r}. Games: {', '.join(list_games())}.") from None


def manifest(slug: str) -> GameManifest:
    """A game's manifest: its rules, AI, look-ahead, renderer and sentences; raises GameError naming the games there
    are."""
    return _entry(slug)[1]


def game_package(slug: str) -> str:
    """The name of a game's package; raises GameError like manifest."""
    return _entry(slug)[0]


def get_game(slug: str) -> Game:
    """The game for a slug; raises GameError like manifest."""
    return manifest(slug).rules


def get_ai(slug: str) -> GameAI:
    """The AI players of a game (the module its manifest names); raises GameError like manifest."""
    module: GameAI = importlib.import_module(manifest(slug).ai)
    return module


def check_games() -> None:
    """Load every game and deal one table, so a broken data file stops the bot at start, naming its entry."""
    for slug in list_games():
        game = get_game(slug)
        game.setup(game.min_players, seed=0)
